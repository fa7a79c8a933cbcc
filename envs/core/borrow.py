"""Borrowed arrays: array views that hold no reference, for the batch loops' inner loops.

Numba counts references to every array it hands to a compiled function: each helper that
receives the state row, the dice and the event log calls the runtime to increment and
decrement a counter per array on entry and exit (atomic operations). A rule step calls a
dozen small helpers with up to six arrays each, and those calls cost more than the rules
(``scenegym bench`` measured 2.5x fewer ns per decision with borrowed views).

:func:`borrow` returns the same array typed :class:`BorrowedArray`: indexing, slicing and
``.shape`` work as on any array, but numba emits no reference counting for it. A borrowed
view is only valid while its source is alive, so it must never leave compiled code: a
function that could return one to Python (alone or inside a tuple) is refused when it
compiles, with an error naming this module. A helper that returns borrowed views to its
compiled callers says so with ``@njit(no_cpython_wrapper=True)``: numba then builds no
Python entry for it, and it can be called from compiled code only. Make borrowed views only
inside the batch loops (:mod:`scenegym.envs.core.loops`), from arguments of the loop.

Numba internals: the type subclasses ``types.Array`` and its data model subclasses numba's
``ArrayModel`` (``numba.core.datamodel.models``), dropping the reference-counted member
from what numba traverses. That API is not public. If a numba release no longer offers it in
the shape checked by :func:`_internals_usable`, :data:`BORROWING` is False and :func:`borrow`
returns the array itself: the same results, with reference counting (slower). Setting the
environment variable ``SCENEGYM_BORROW=0`` does the same on purpose, to measure what
borrowing buys (``scenegym bench`` with and without; the kernel cache keeps the two apart).
"""

from __future__ import annotations

import os

from numba import njit, types
from numba.core.errors import NumbaTypeError

BORROWING = False
REFUSAL = ("a borrowed array view (scenegym.envs.core.borrow) cannot leave compiled code: "
           "its memory may be freed once the kernel returns; return a copy instead")


def _internals_usable() -> bool:
    """Whether numba's array data model still has the members this module relies on."""
    try:
        from numba.core import cgutils  # noqa: F401
        from numba.core.datamodel.models import ArrayModel
        from numba.extending import box, intrinsic, register_model  # noqa: F401
    except ImportError:
        return False
    return all(hasattr(ArrayModel, name)
               for name in ("traverse", "has_nrt_meminfo", "contains_nrt_meminfo"))


BORROW_WANTED = os.environ.get("SCENEGYM_BORROW", "1") != "0"

if BORROW_WANTED and _internals_usable():
    from numba.core import cgutils
    from numba.core.datamodel.models import ArrayModel
    from numba.extending import box, intrinsic, register_model

    class BorrowedArray(types.Array):
        """An array type whose values own no reference (see module docstring)."""

        def __init__(self, dtype, ndim, layout, readonly=False, aligned=True):
            super().__init__(dtype, ndim, layout, readonly=readonly, aligned=aligned,
                             name=f"borrowed({dtype}, {ndim}d, {layout})")

    @register_model(BorrowedArray)
    class BorrowedArrayModel(ArrayModel):
        """The array layout, without the reference counting numba emits for owned arrays."""

        def has_nrt_meminfo(self):
            return False

        def contains_nrt_meminfo(self):
            return False

        def traverse(self, builder):
            return []  # the meminfo member is not counted: numba finds nothing to incref

    @box(BorrowedArray)
    def _refuse_to_box(typ, val, c):
        raise NumbaTypeError(REFUSAL)

    @intrinsic
    def borrow(typingctx, ary):
        """A view of ``ary`` (same data, shape and strides) that holds no reference."""
        if not isinstance(ary, types.Array):
            return None
        borrowed = BorrowedArray(ary.dtype, ary.ndim, ary.layout, readonly=not ary.mutable,
                                 aligned=ary.aligned)

        def codegen(context, builder, signature, args):
            view = context.make_array(ary)(context, builder, value=args[0])
            view.meminfo = cgutils.get_null_value(view.meminfo.type)
            view.parent = cgutils.get_null_value(view.parent.type)
            return view._getvalue()

        return borrowed(ary), codegen

    BORROWING = True
else:  # pragma: no cover - only on a numba release without these internals

    @njit(cache=True)
    def borrow(ary):
        """The array itself (this numba release offers no borrowed views)."""
        return ary
