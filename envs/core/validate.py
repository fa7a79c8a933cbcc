"""Checks shared by every ruleset config: refuse a bad value with the field and what is allowed."""

from __future__ import annotations


def check_int(name: str, value, low: int, high: int) -> None:
    """``value`` must be an int in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"config field {name!r} must be an int, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"config field {name!r} is {value}; allowed: {low}..{high}")


def check_ints(name: str, values, length: int, low: int, high: int) -> None:
    """``values`` must be a tuple of ``length`` ints, each in ``low..high``."""
    if not isinstance(values, tuple) or len(values) != length:
        raise ValueError(f"config field {name!r} must be a tuple of {length} ints, got {values!r}")
    for k, v in enumerate(values):
        check_int(f"{name}[{k}]", v, low, high)


def check_choice(name: str, value, allowed) -> None:
    """``value`` must be one of ``allowed``."""
    if value not in allowed:
        raise ValueError(f"config field {name!r} is {value!r}; allowed: {', '.join(map(repr, allowed))}")
