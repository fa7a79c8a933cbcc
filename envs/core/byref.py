"""Named tuples handed down by reference: one pointer per call instead of every member.

Numba passes a tuple to a compiled function member by member, and an array member as its
seven or more words (data, shape, strides and the rest). The dice (three arrays) and the event
log (three arrays) that every rule helper receives came to 48 words a call: a rule step makes
a dozen such calls, and a helper such as Frontiers' ``pay`` took 62 arguments. Handing the
helpers a pointer to each tuple instead took ``apply`` from 154-167 to 116-126 ns a call
(Frontiers), from 57-72 to 40-45 (Momentum), from 34-38 to 20-22 (Starforged) and from 83-95
to 62-78 (STA) (``examples/rule_passes.py`` at 4096, three interleaved rounds).

:func:`by_ref` stores a named tuple in its caller's stack frame and returns a
:class:`RefTuple`: a pointer that reads as the tuple does (``dice.counts[i]``,
``log.records.shape[1]``). Only attribute access is offered: no indexing, unpacking or
``len``. The pointer is valid while the function that called :func:`by_ref` runs, so call it
only in the loop that hands the tuple to the rules (:mod:`scenegym.envs.core.loops`, the
search), never in a helper that returns it (the pointer would outlive the frame). A function
that could return one to Python is refused when it compiles, with an error naming this module.
Its members must hold no references of their own (borrowed arrays,
:mod:`scenegym.envs.core.borrow`, and numbers; anything else is refused when it compiles):
without borrowing (:data:`~scenegym.envs.core.borrow.BORROWING` False),
:func:`by_ref` returns the tuple itself.
"""

from __future__ import annotations

from typing import cast

from numba.core import cgutils, types
from numba.core.datamodel import models
from numba.core.errors import NumbaTypeError
from numba.core.imputils import impl_ret_borrowed
from numba.core.typing.templates import AttributeTemplate
from numba.extending import (
    box,
    infer_getattr,
    intrinsic,
    lower_getattr_generic,
    register_model,
)

from scenegym.envs.core import borrow

REFUSAL = ("a tuple passed by reference (scenegym.envs.core.byref) points into its caller's "
           "stack frame: it cannot be returned; return the tuple itself")


class RefTuple(types.Type):
    """A pointer to a named tuple of type ``dtype`` (the attribute :class:`models.PointerModel`
    reads) in a caller's stack frame."""

    def __init__(self, dtype: types.BaseNamedTuple):
        self.dtype = dtype
        super().__init__(name=f"ref({dtype})")


@register_model(RefTuple)
class RefTupleModel(models.PointerModel):
    """One pointer; nothing in it is reference counted."""


@box(RefTuple)
def _refuse_to_box(typ, val, c):
    raise NumbaTypeError(REFUSAL)


@infer_getattr
class RefTupleAttribute(AttributeTemplate):
    """``ref.name``: the type of the tuple's member ``name``."""

    key = RefTuple

    def generic_resolve(self, typ, attr):
        if attr in typ.dtype.fields:
            return typ.dtype.types[typ.dtype.fields.index(attr)]
        return None


@lower_getattr_generic(RefTuple)
def _member(context, builder, typ, value, attr):
    """Load the member ``attr`` through the pointer."""
    index = typ.dtype.fields.index(attr)
    member = builder.load(cgutils.gep_inbounds(builder, value, 0, index))
    return impl_ret_borrowed(context, builder, typ.dtype.types[index], member)


def _counted(typ) -> bool:
    """Whether a value of ``typ`` may hold a reference numba counts: an array that is not
    borrowed, a tuple holding one, anything but a number."""
    if isinstance(typ, types.Array):
        return not isinstance(typ, borrow.BorrowedArray)
    if isinstance(typ, types.BaseTuple):
        return any(_counted(t) for t in cast(types.Tuple, typ).types)  # every tuple has them
    return not isinstance(typ, (types.Number, types.Boolean))


def _same_tuple(context, builder, signature, args):
    """The tuple itself, as a new reference to what it holds (numba counts them)."""
    return impl_ret_borrowed(context, builder, signature.return_type, args[0])


@intrinsic
def by_ref(typingctx, tup):
    """A :class:`RefTuple` to a copy of named tuple ``tup`` in the caller's frame (or, without
    borrowing, ``tup`` itself)."""
    if not isinstance(tup, types.BaseNamedTuple):
        return None
    if not borrow.BORROWING:
        return tup(tup), _same_tuple
    if _counted(tup):
        raise NumbaTypeError(f"by_ref takes a named tuple of borrowed arrays and numbers, "
                             f"not {tup}")

    def codegen(context, builder, signature, args):
        slot = cgutils.alloca_once(builder, context.get_value_type(tup))
        builder.store(args[0], slot)
        return slot

    return RefTuple(tup)(tup), codegen
