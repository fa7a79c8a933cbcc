"""``njit`` for the rules: numba's, but one compiled copy per argument width, not per value.

When a jitted function calls another, numba compiles the callee once for each distinct list
of argument types. It types a constant argument by its value (``Literal[int](3)``,
``Literal[bool](True)``) and a number read from a state row as ``int32``. So a helper called
as ``f(s, 0)``, ``f(s, 1)``, ``f(s, c)`` and ``f(s, s[ACTOR])`` compiled four times: the
Frontiers rules made 332 compiles of 216 functions before their first step.

The :class:`WideDispatcher` types every signed integer argument as ``int64`` and every
literal as its plain type before it compiles or looks up a callee, and the caller converts
its values at the call. Numba already does its integer arithmetic in ``int64`` (``int32 +
int32`` is ``int64``), so the rules compute the same numbers; only the compiling is shared.
Calls from Python are typed as numba types them (a Python ``int`` is already ``int64``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from numba.core import types
from numba.core.registry import CPUDispatcher

NARROW_SIGNED = frozenset({types.int8, types.int16, types.int32})  # compiled as int64


def widened(t: types.Type) -> types.Type:
    """The type a callee is compiled for when given an argument of type ``t``: a literal as
    its plain type, a signed integer narrower than 64 bits as ``int64``, anything else as
    it is."""
    t = types.unliteral(t)
    return types.int64 if t in NARROW_SIGNED else t


class WideDispatcher(CPUDispatcher):
    """A numba CPU dispatcher whose calls from jitted code share one compile per
    :func:`widened` list of argument types."""

    def get_call_template(self, args, kws):
        """Numba's call template for the :func:`widened` argument types."""
        return super().get_call_template(tuple(widened(a) for a in args),
                                         {k: widened(v) for k, v in kws.items()})


def njit(function: Callable | None = None, **options: Any) -> Any:
    """:func:`numba.njit` (same options, used bare or called), returning a
    :class:`WideDispatcher`."""
    def wide(f):
        dispatcher = numba.njit(**options)(f)
        dispatcher.__class__ = WideDispatcher  # adds a method, no state
        return dispatcher

    return wide if function is None else wide(function)
