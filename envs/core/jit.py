"""``njit`` for the rules: numba's, but one compiled copy per argument width, not per value.

When a jitted function calls another, numba compiles the callee once for each distinct list
of argument types. It types a constant argument by its value (``Literal[int](3)``,
``Literal[bool](True)``) and a number read from a state row as ``int32``. So a helper called
as ``f(s, 0)``, ``f(s, 1)``, ``f(s, c)`` and ``f(s, s[ACTOR])`` compiled four times: the
Frontiers rules made 332 compiles of 216 functions before their first step.

The :class:`WideDispatcher` types every integer or boolean constant argument as its plain
type and every signed integer narrower than 64 bits as ``int64`` before it compiles or looks
up a callee, and the caller converts
its values at the call. Numba already does its integer arithmetic in ``int64`` (``int32 +
int32`` is ``int64``), so the rules compute the same numbers; only the compiling is shared.
Calls from Python are typed as numba types them (a Python ``int`` is already ``int64``).

What a wide helper cannot do: need its argument's *value* at compile time (``literally(k)``,
or ``t[k]`` into a tuple of mixed types: pass a module constant or inline the helper with
``inline="always"``, whose calls are inlined before they are typed), or call itself
(numba types a recursive call without the widening). No kernel does either; a constant
string stays a literal (a record field's name is one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from numba.core import types
from numba.core.registry import CPUDispatcher

NARROW_SIGNED = frozenset({types.int8, types.int16, types.int32})  # compiled as int64
PLAIN_LITERALS = (types.IntegerLiteral, types.BooleanLiteral)  # compiled as int64, boolean
WRAPPERS = {"no_cfunc_wrapper": True}  # the default options of :func:`njit` (its docstring)


def widened(t: types.Type) -> types.Type:
    """The type a callee is compiled for when given an argument of type ``t``: an integer or
    boolean constant as its plain type, a signed integer narrower than 64 bits as ``int64``,
    anything else as it is."""
    if isinstance(t, PLAIN_LITERALS):
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
    """:func:`numba.njit` with its options (``@njit`` or ``@njit(cache=True, ...)``), returning
    a :class:`WideDispatcher`; with ``NUMBA_DISABLE_JIT=1``, the plain Python function.

    Without a C-callable wrapper (``no_cfunc_wrapper``) unless the options ask for one: numba
    builds one per compiled signature for a caller that takes the function as a first-class
    value (a ``cfunc`` address), which no kernel does; skipping it takes 8-9% off a cold
    playtest's compiling (STA, random against random: 32.7-33.2 s against 35.7-36.3 s).

    Raises:
        TypeError: ``function`` is a signature (``njit("int64(int64)")``): a wide function is
            compiled for the widened types of its calls, not for signatures given ahead.
    """
    if function is not None and not callable(function):
        raise TypeError(f"scenegym's njit takes no signature ({function!r}): decorate with "
                        "@njit or @njit(option=value, ...)")

    def wide(f):
        dispatcher = numba.njit(**{**WRAPPERS, **options})(f)
        if type(dispatcher) is CPUDispatcher:  # not a plain function (NUMBA_DISABLE_JIT)
            dispatcher.__class__ = WideDispatcher  # adds a method, no state
        return dispatcher

    return wide if function is None else wide(function)
