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
inside the batch loops (:mod:`scenegym.envs.core.loops`) and the playtests' compiled tallies
(``envs/*/stats.py``: a helper per record, each counting its arrays, took an eighth of a
Momentum playtest), from arguments of the compiled call. A tuple is borrowed element by
element.

:func:`rule_row` borrows a batch's row for the rules (the state, mask and observation rows the
batch loops, the search and the pass timings hand them) as a :class:`BorrowedRow`, which is
also indexed without wraparound: numba maps a negative integer index to one from the end, a
compare and a select at every read and write of a row, and no rule counts from the end. Under
``NUMBA_BOUNDSCHECK=1`` (the test suite) a negative index into a row is refused as out of
bounds, so a rule that relied on wraparound fails its tests instead of reading another
column. Every other borrowed view keeps numba's indexing (the playtest tallies read
``ends[-1]``).

:func:`borrowed_fields` reads every field of a numba StructRef (the seated step's packed
arrays, :mod:`scenegym.envs.core.packed`) at once, each array (alone or inside a tuple) a
borrowed view: reading the fields one by one counts a reference per array, and each
helper they go to counts its own, which for a batch of one costs more than a rule step.

Numba internals: the type subclasses ``types.Array`` and its data model subclasses numba's
``ArrayModel`` (``numba.core.datamodel.models``), dropping the reference-counted member
from what numba traverses. That API is not public. If a numba release no longer offers it in
the shape checked by :func:`_internals_usable`, :data:`BORROWING` is False and :func:`borrow`
returns the array itself: the same results, with reference counting (slower). Setting the
environment variable ``SCENEGYM_BORROW=0`` does the same on purpose, to measure what
borrowing buys (``scenegym bench`` with and without; the kernel cache keeps the two apart).
"""

from __future__ import annotations

import operator
import os

from numba import types
from numba.core.errors import NumbaTypeError
from numba.experimental import structref
from numba.extending import intrinsic

from scenegym.envs.core.jit import njit

BORROWING = False
REFUSAL = ("a borrowed array view (scenegym.envs.core.borrow) cannot leave compiled code: "
           "its memory may be freed once the kernel returns; return a copy instead")


def _internals_usable() -> bool:
    """Whether numba's array data model still has the members this module relies on."""
    try:
        from numba.core import cgutils  # noqa: F401
        from numba.core.datamodel.models import ArrayModel
        from numba.core.imputils import lower_builtin  # noqa: F401
        from numba.extending import box, register_model  # noqa: F401
        from numba.np.arrayobj import load_item, make_array, setitem_array, store_item  # noqa
    except ImportError:
        return False
    return all(hasattr(ArrayModel, name)
               for name in ("traverse", "has_nrt_meminfo", "contains_nrt_meminfo"))


BORROW_WANTED = os.environ.get("SCENEGYM_BORROW", "1") != "0"

if BORROW_WANTED and _internals_usable():
    from numba.core import cgutils
    from numba.core.datamodel.models import ArrayModel
    from numba.core.imputils import lower_builtin
    from numba.extending import box, register_model
    from numba.np.arrayobj import load_item, make_array, setitem_array, store_item

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

    class BorrowedRow(BorrowedArray):
        """A borrowed 1-d row handed to the rules: indexed without wraparound (see
        :func:`rule_row`)."""

        def __init__(self, dtype, readonly=False, aligned=True):
            types.Array.__init__(self, dtype, 1, "C", readonly=readonly, aligned=aligned,
                                 name=f"row({dtype})")

    register_model(BorrowedRow)(BorrowedArrayModel)

    @box(BorrowedArray)
    @box(BorrowedRow)
    def _refuse_to_box(typ, val, c):
        raise NumbaTypeError(REFUSAL)

    @lower_builtin(operator.getitem, BorrowedRow, types.Integer)
    def _getitem_unwrapped(context, builder, sig, args):
        """``row[k]``: the item at ``k``, not counted from the end when negative."""
        aryty, idxty = sig.args
        return load_item(context, builder, aryty, _item_pointer(context, builder, aryty, idxty,
                                                               *args))

    @lower_builtin(operator.setitem, BorrowedRow, types.Integer, types.Any)
    def _setitem_unwrapped(context, builder, sig, args):
        """``row[k] = value``, ``k`` not counted from the end when negative."""
        aryty, idxty, valty = sig.args
        if isinstance(valty, types.Array):
            return setitem_array(context, builder, sig, args)  # an array value: numba's own
        value = context.cast(builder, args[2], valty, aryty.dtype)
        store_item(context, builder, aryty, value,
                   _item_pointer(context, builder, aryty, idxty, args[0], args[1]))
        return context.get_dummy_value()

    def _item_pointer(context, builder, aryty, idxty, ary, idx):
        """The address of item ``idx`` of the row ``ary`` (checked under
        ``NUMBA_BOUNDSCHECK=1``, where a negative index is out of bounds)."""
        row = make_array(aryty)(context, builder, ary)
        k = context.cast(builder, idx, idxty, types.intp)
        if context.enable_boundscheck:
            cgutils.do_boundscheck(context, builder, k, builder.extract_value(row.shape, 0), 0)
        return cgutils.get_item_pointer(context, builder, aryty, row, [k], wraparound=False,
                                        boundscheck=False)

    @intrinsic
    def rule_row(typingctx, ary):
        """The 1-d C-contiguous ``ary`` (a state, mask or observation row) as a
        :class:`BorrowedRow`: borrowed, and indexed without wraparound."""
        if not (isinstance(ary, types.Array) and ary.ndim == 1 and ary.layout == "C"):
            return None

        def codegen(context, builder, signature, args):
            return _borrowed_value(context, builder, ary, args[0])

        return BorrowedRow(ary.dtype, readonly=not ary.mutable, aligned=ary.aligned)(ary), \
            codegen

    @intrinsic
    def borrow(typingctx, ary):
        """A view of ``ary`` (same data, shape and strides) that holds no reference; a tuple
        of arrays (nested tuples too, other members as they are) element by element."""
        if not isinstance(ary, (types.Array, types.BaseTuple)):
            return None

        def codegen(context, builder, signature, args):
            return _borrowed_value(context, builder, ary, args[0])

        return _borrowed_type(ary)(ary), codegen

    BORROWING = True
else:  # pragma: no cover - only on a numba release without these internals

    @njit(cache=True)
    def borrow(ary):
        """The array (or tuple) itself (this numba release offers no borrowed views)."""
        return ary

    rule_row = borrow


def _borrowed_type(typ):
    """The type of ``typ``'s borrowed view: arrays borrowed, tuples element by element, other
    types as they are (all of them as they are when this numba offers no borrowing)."""
    if not BORROWING:
        return typ
    if isinstance(typ, types.Array) and not isinstance(typ, BorrowedArray):
        return BorrowedArray(typ.dtype, typ.ndim, typ.layout, readonly=not typ.mutable,
                             aligned=typ.aligned)
    if isinstance(typ, types.BaseTuple):
        elements = tuple(_borrowed_type(t) for t in typ.types)
        if not isinstance(typ, types.BaseNamedTuple):
            return types.Tuple(elements)  # a UniTuple when the elements share their type
        if all(t == elements[0] for t in elements):
            return types.NamedUniTuple(elements[0], len(elements), typ.instance_class)
        return types.NamedTuple(elements, typ.instance_class)
    return typ


def _borrowed_value(context, builder, typ, value):
    """``value`` (of type ``typ``) as :func:`_borrowed_type` types it: the same members, each
    array's reference-counted members null."""
    if isinstance(typ, types.Array):
        view = context.make_array(typ)(context, builder, value=value)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()
    if isinstance(typ, types.BaseTuple):
        out = context.get_value_type(_borrowed_type(typ))(None)
        for k, element in enumerate(typ.types):
            member = _borrowed_value(context, builder, element, builder.extract_value(value, k))
            out = builder.insert_value(out, member, k)
        return out
    return value


@intrinsic
def borrowed_fields(typingctx, struct):
    """Every field of the StructRef ``struct``, in its order, as one tuple: each array a
    borrowed view (or, when this numba offers no borrowing, the fields themselves, counted)."""
    if not isinstance(struct, types.StructRef):
        return None
    fields = [typ for _, typ in struct.field_dict.items()]
    result = types.Tuple(tuple(_borrowed_type(t) for t in fields))

    def codegen(context, builder, signature, args):
        data = structref._Utils(context, builder, struct).get_data_struct(args[0])
        values = [getattr(data, name) for name in struct.field_dict]
        if BORROWING:
            values = [_borrowed_value(context, builder, t, v) for t, v in zip(fields, values)]
        out = context.make_tuple(builder, result, values)
        if not BORROWING:
            context.nrt.incref(builder, result, out)
        return out

    return result(struct), codegen
