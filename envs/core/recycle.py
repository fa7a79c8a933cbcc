"""Output arrays of the native vector env: a new array for the caller at every step, without a
new allocation at every step.

A Gymnasium vector env hands out arrays the caller may keep (a rollout buffer, a list of past
observations), so each step returns arrays that no later step writes into: the step writes
its observations straight into a fresh array (:meth:`Recycled.to_fill`, which the batch then
reads from until the next step) and hands out copies of the masks (:meth:`Recycled.copy_of`).
At a large batch those are megabytes per step, and allocating them afresh costs more than the
rules: the C allocator gives large blocks back to the system when they are freed and faults
every page in again at the next step (measured: the copies of one step took as long as the compiled step,
and varied 2x between runs of the same process). :class:`Recycled` keeps the arrays it handed
out and writes into one again only when nobody else holds a reference to it (the caller
dropped it, and no view of it is alive), so an array a caller kept never changes under it.
"""

from __future__ import annotations

import sys

import numpy as np

KEPT = 4  # arrays a pool keeps; when every one is held elsewhere, a new one is made
ALL = slice(None)  # every row


def _refs(arrays: list, k: int) -> int:
    """References to ``arrays[k]``, counted the same way for every call."""
    return sys.getrefcount(arrays[k])


class Recycled:
    """Arrays of one shape and dtype, reused once their holders let go.

    Args:
        shape: Shape of each array.
        dtype: Their dtype.
    """

    def __init__(self, shape: tuple, dtype):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self._arrays: list[np.ndarray] = [np.empty(0)]
        self._free_refs = _refs(self._arrays, 0)  # held by the pool alone (this interpreter)
        self._arrays.clear()
        self._written: list = []  # per array, the rows that may hold values: all, or
        # those ``rows_of`` wrote when it last handed the array out

    def _take(self) -> int:
        """Index of an array nobody else holds (made if need be), or -1 if the pool is full."""
        for k in range(len(self._arrays)):
            if _refs(self._arrays, k) <= self._free_refs:
                return k
        if len(self._arrays) == KEPT:
            return -1
        self._arrays.append(np.empty(self.shape, self.dtype))
        self._written.append(ALL)
        return len(self._arrays) - 1

    def to_fill(self) -> np.ndarray:
        """An array no other holder sees change, for the caller to fill whole (it holds
        what it held when last handed out)."""
        k = self._take()
        if k < 0:
            return np.empty(self.shape, self.dtype)
        self._written[k] = ALL
        return self._arrays[k]

    def copy_of(self, source: np.ndarray) -> np.ndarray:
        """A copy of ``source`` that no other holder sees change."""
        out = self.to_fill()
        np.copyto(out, source)
        return out

    def rows_of(self, source: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """The rows of ``source`` selected by the bool mask ``rows``, zeros elsewhere."""
        k = self._take()
        if k < 0:
            out = np.zeros(self.shape, self.dtype)
        else:
            out = self._arrays[k]
            out[self._written[k]] = 0  # only what it may hold from when last handed out
            self._written[k] = np.flatnonzero(rows)
        out[rows] = source[rows]
        return out
