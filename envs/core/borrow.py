"""Borrowed arrays: array views that hold no reference, for the batch kernels' inner loops.

Numba counts references to every array it hands to a compiled function: each helper that
receives the state row, the dice and the event log calls the runtime to increment and
decrement a counter per array on entry and exit (atomic operations). A rule step calls a
dozen small helpers with up to six arrays each, and those calls cost more than the rules.

:func:`borrow` returns the same array typed :class:`BorrowedArray`: indexing, slicing and
``.shape`` work as on any array, but numba emits no reference counting for it. A borrowed
view is only valid while its source is alive: make it inside a batch kernel from an
argument of that kernel, use it there, never return it to Python or store it.
"""

from __future__ import annotations

from numba import types
from numba.core import cgutils
from numba.core.datamodel.models import ArrayModel
from numba.extending import intrinsic, register_model


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
