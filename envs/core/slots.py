"""Observation layouts: every slot declared once, by its name and its scale.

A ruleset declares its observation as ``(name, scale)`` entries, in slot order. A slot holds
a quantity of the game divided by its scale: a reader (a heuristic agent, a test) gets the
quantity back as ``o[k] * scale`` whatever the config, because the scales are fixed numbers
(the largest value a config may give, say). Scale :data:`AS_IS` marks a slot written as it
is: a flag, a one-hot, or a share (a ratio its name and the env's docstring say of what).

:func:`observation_slots` gives the names, the slot indices and the scales by name, so code
reads ``o[SLOT.momentum]`` and ``SCALE.momentum``, and a slot added anywhere moves every index
after it. Both are namedtuples of plain numbers, which compiled code reads as constants.
:func:`write_one_hot` writes a one-hot block from compiled code.
"""

from __future__ import annotations

from collections import namedtuple

from scenegym.envs.core.jit import njit

AS_IS = 1.0  # the scale of a flag, a one-hot or a share

Slots = namedtuple("Slots", ["names", "index", "scale"])


def observation_slots(entries) -> Slots:
    """The slots of ``(name, scale)`` entries: their names, indices and scales by name.

    Raises:
        ValueError: A name repeats or is not an identifier, or a scale is not a positive number.
    """
    entries = list(entries)
    names = tuple(name for name, _ in entries)
    for name, scale in entries:
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0:
            raise ValueError(f"observation slot {name!r} has scale {scale!r}; allowed: a "
                             "positive number")
    try:
        index = namedtuple("Index", names)(*range(len(names)))
        # type checkers: the fields are named at run time
        scale = namedtuple("Scale", names)(
            *(float(s) for _, s in entries))  # type: ignore[arg-type]
    except ValueError as e:  # namedtuple refuses repeated names and non-identifiers
        raise ValueError(f"observation slot names must be distinct identifiers: {e}") from None
    return Slots(names, index, scale)


def per_character(prefix: str, count: int, entries) -> list[tuple[str, float]]:
    """The block ``entries`` repeated for characters ``0..count-1`` as ``{prefix}{c}_{name}``."""
    return [(f"{prefix}{c}_{name}", scale) for c in range(count) for name, scale in entries]


def one_hot(names) -> list[tuple[str, float]]:
    """A one-hot block: one :data:`AS_IS` slot per name."""
    return [(name, AS_IS) for name in names]


@njit(cache=True)
def write_one_hot(o, first, count, k):
    """Write the one-hot block of ``count`` slots of ``o`` from ``first``: slot ``first + k``
    is 1, the others 0 (all 0 when ``k`` is outside ``0 .. count-1``)."""
    o[first:first + count] = 0.0
    if 0 <= k < count:
        o[first + k] = 1.0
