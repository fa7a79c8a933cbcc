"""Borrowed array views (envs/core/borrow.py): same memory, no reference counting, and no
way out of compiled code."""

import numpy as np
import pytest
from llvm_calls import REFCOUNTS, calls, only_calls
from numba import njit, types
from numba.core.errors import NumbaError
from numba.experimental import structref

from scenegym.envs.core.borrow import BORROWING, REFUSAL, borrow, borrowed_fields, rule_row


@structref.register
class _PackedType(types.StructRef):
    """A small StructRef type for the borrowed field reads."""


class _Packed(structref.StructRefProxy):
    """Two arrays (one in a tuple) and an int."""


structref.define_proxy(_Packed, _PackedType, ("a", "pair", "n"))


@njit
def _pack(a, pair, n):
    return _Packed(a, pair, n)


@njit
def _write_through_borrowed_rows(state):
    for i in range(state.shape[0]):
        row = borrow(state[i])
        row[1] = row[0] * 2
        row[2:] = 7


def test_a_borrowed_row_reads_and_writes_its_source():
    state = np.arange(12, dtype=np.int32).reshape(3, 4)
    expected = state.copy()
    expected[:, 1] = expected[:, 0] * 2
    expected[:, 2:] = 7
    _write_through_borrowed_rows(state)
    assert (state == expected).all()


@njit
def _sum_row(row):
    return row.sum()


@njit
def _sum_rows(state, borrowed):
    total = 0
    for i in range(state.shape[0]):
        total += _sum_row(borrow(state[i])) if borrowed else _sum_row(state[i])
    return total


def _refcount_calls(dispatcher, borrowed: bool) -> int:
    """Reference-count operations in the compiled helper, for a borrowed or an owned row."""
    counts = [calls(dispatcher, sig, REFCOUNTS) for sig in dispatcher.signatures
              if (type(sig[0]).__name__ == "BorrowedArray") == borrowed]
    assert len(counts) == 1, f"expected one {'borrowed' if borrowed else 'owned'} signature"
    return counts[0]


def test_a_helper_given_a_borrowed_view_does_no_reference_counting():
    state = np.arange(12, dtype=np.int64).reshape(3, 4)
    assert _sum_rows(state, True) == _sum_rows(state, False) == 66
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    assert _refcount_calls(_sum_row, borrowed=False) > 0  # what the borrowed view avoids
    assert _refcount_calls(_sum_row, borrowed=True) == 0


def test_returning_a_borrowed_view_to_python_is_refused_at_compile_time():
    @njit
    def leak(a):
        return borrow(a)

    with pytest.raises(NumbaError, match="cannot leave compiled code"):
        leak(np.zeros(3))
    assert "cannot leave compiled code" in REFUSAL


def test_returning_a_borrowed_view_inside_a_tuple_is_refused_too():
    @njit
    def leak_in_tuple(a):
        return 1, borrow(a)

    with pytest.raises(NumbaError, match="cannot leave compiled code"):
        leak_in_tuple(np.zeros(3))


@njit
def _write_and_sum(a, pair, n):
    a[0] = n
    pair[1][0] = 5
    return a.sum() + pair[0].sum() + pair[1].sum()


@njit
def _borrowed_total(packed):
    a, pair, n = borrowed_fields(packed)
    return _write_and_sum(a, pair, n)


@njit
def _owned_total(packed):
    return _write_and_sum(packed.a, packed.pair, packed.n)


def _refcount_ops(dispatcher) -> int:
    """Reference-count operations in ``dispatcher``'s one compiled function."""
    return only_calls(dispatcher, REFCOUNTS)


def test_borrowed_fields_read_a_structref_without_reference_counting():
    a, pair = np.zeros(3, np.int64), (np.ones(2, np.int64), np.zeros(2, np.int64))
    packed = _pack(a, pair, 4)
    assert _borrowed_total(packed) == 4 + 2 + 5
    assert a[0] == 4 and pair[1][0] == 5  # the struct's own arrays were written
    assert _owned_total(packed) == 11
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    # one operation is the Python entry's, releasing the struct it unboxed; the owned reads
    # count a reference to each array they read (the tuple's included)
    assert _refcount_ops(_owned_total) > 1
    assert _refcount_ops(_borrowed_total) == 1


@njit
def _count_into(counts, k):
    counts[0][k] += 1
    counts[1][0][k] += 2


@njit
def _tally(counts):
    for k in range(counts[0].shape[0]):
        _count_into(counts, k)


@njit
def _tally_borrowed(a, b, c):
    _tally(borrow((a, (b, c))))


def test_a_borrowed_tuple_is_borrowed_element_by_element():
    # what the playtest tallies do with their counters (envs/*/stats.py): a helper called per
    # record with the tuple counts no reference when the tuple was borrowed
    for owned in (True, False):
        a, b, c = np.zeros(3, np.int64), np.zeros(3, np.int64), np.zeros(3, np.int64)
        if owned:
            _tally((a, (b, c)))
        else:
            _tally_borrowed(a, b, c)
        assert a.tolist() == [1, 1, 1] and b.tolist() == [2, 2, 2] and c.tolist() == [0, 0, 0]
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    kinds = {type(sig[0][0]).__name__: calls(_count_into, sig, REFCOUNTS)
             for sig in _count_into.signatures}
    assert kinds["Array"] > 0 and kinds["BorrowedArray"] == 0


@njit(boundscheck=True)
def _rule_row_ops(state, i, k):
    """Write, read and add through row ``i`` as a rule does; return item ``k``."""
    row = rule_row(state[i])
    row[1] = row[0] * 2
    row[2] += 5
    return row[k]


@njit(boundscheck=True)
def _borrowed_from_the_end(counts):
    """A tally's read of the last counter (as the playtest tallies do)."""
    return borrow(counts)[-1]


def test_a_rule_row_reads_and_writes_its_source_and_refuses_a_negative_index():
    """A rule row (``rule_row``) is indexed without wraparound: under bounds checking a
    negative index is out of bounds, where numba's arrays, borrowed ones too, count it from
    the end."""
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    state = np.arange(12, dtype=np.int32).reshape(3, 4)
    assert _rule_row_ops(state, 1, 2) == 11
    assert state[1].tolist() == [4, 8, 11, 7]
    assert state[[0, 2]].tolist() == [[0, 1, 2, 3], [8, 9, 10, 11]]
    with pytest.raises(IndexError):
        _rule_row_ops(state, 1, -1)
    assert _borrowed_from_the_end(np.array([3, 4, 5])) == 5


def test_a_rule_row_compiles_its_reads_without_the_wraparound_select():
    """Numba turns ``row[k]`` into a compare and a select (``k < 0``: ``k + len``) before the
    load; a rule row's read is the load alone."""
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"

    @njit
    def read_row(a, k):
        return rule_row(a)[k]

    @njit
    def read_borrowed(a, k):
        return borrow(a)[k]

    a = np.arange(4, dtype=np.int32)
    assert read_row(a, 3) == read_borrowed(a, 3) == 3
    selects = [sum(line.count(" select ") for line in f.inspect_llvm(f.signatures[0]).splitlines())
               for f in (read_row, read_borrowed)]
    assert selects[0] < selects[1], selects
