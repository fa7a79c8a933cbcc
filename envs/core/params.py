"""Kernel parameters: a ruleset's validated config as plain numbers, in a one-record array.

Every field of a config dataclass is a kernel parameter of the same name: an int or a bool
(0/1) becomes int64, a float float64, a rectangular (nested) tuple of them an n-D int64 or
float64 sub-array (``p.table[i, j]`` in a kernel), and a choice field
(:func:`scenegym.envs.core.config.choice`) the index of its value among the allowed ones. A
field declared :func:`scenegym.envs.core.config.not_a_param` is left out. A ruleset adds only
the parameters it computes (a track's ticks from its boxes, pools from ability and skill),
each named apart from every field, with :func:`make_params`.

The result is a namedtuple, readable in Python. Compiled code receives it as a one-record
NumPy structured array (:func:`as_record`; one record of it, :func:`rule_record`, where a
rule is called outside the loops, as the odds commands do): numba reads
``p.clock_by_situation[k]`` from a record just as from a namedtuple, but passes a record array
to a compiled function about seven times faster, which matters when a single env calls the
engine once per step. A value that neither can represent (a string, ``None``, an empty or
ragged tuple, a tuple mixing kinds of numbers) is refused with the parameter's name.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import fields
from functools import cache
from typing import NamedTuple

import numpy as np

from scenegym.envs.core.config import CHOICES, NOT_A_PARAM

ALLOWED = ("allowed: an int, a float, a bool, or a non-empty rectangular (nested) tuple of "
           "one of those kinds")
INT64 = np.iinfo(np.int64)


def kernel_fields(config) -> dict:
    """The fields of ``config`` the kernels read, by name; a choice field as its index."""
    values = {}
    for f in fields(config):
        if f.metadata.get(NOT_A_PARAM):
            continue
        value = getattr(config, f.name)
        values[f.name] = f.metadata[CHOICES].index(value) if CHOICES in f.metadata else value
    return values


@cache
def params_type(names: tuple[str, ...]) -> type:
    """The namedtuple type of parameters ``names``: one per layout (numba compiles per type)."""
    return namedtuple("Params", names)


def make_params(config, **computed) -> tuple:
    """Every kernel field of ``config`` and the ruleset's ``computed`` parameters, checked.

    Raises:
        ValueError: A computed parameter has the name of a config field.
        TypeError, ValueError: A value is not representable (see :func:`storage`).
    """
    values = kernel_fields(config)
    repeated = sorted(set(values) & set(computed))
    if repeated:
        raise ValueError(f"computed kernel params {repeated} have the names of config fields; "
                         "a computed param needs a name of its own")
    values.update(computed)
    for name, value in values.items():
        storage(name, value)
    return params_type(tuple(values))(**values)


def number_kind(value) -> type | None:
    """``bool``, ``int`` or ``float`` for a number of that kind, else ``None``."""
    for kind, types in ((bool, (bool, np.bool_)), (int, (int, np.integer)),
                        (float, (float, np.floating))):
        if isinstance(value, types):
            return kind
    return None


def shape(name: str, value) -> tuple[int, ...]:
    """The shape of a rectangular nested tuple (``()`` for anything else)."""
    if not isinstance(value, tuple):
        return ()
    if not value:
        raise ValueError(f"kernel param {name!r} is or holds an empty tuple; {ALLOWED}")
    inner = {shape(name, v) for v in value}
    if len(inner) > 1:
        raise ValueError(f"kernel param {name!r} is a ragged tuple {value!r} (rows of shapes "
                         f"{sorted(inner)}); {ALLOWED}")
    return (len(value),) + inner.pop()


def entries(value):
    """The numbers (or whatever else) at the leaves of a nested tuple, or ``value`` itself."""
    if isinstance(value, tuple):
        for v in value:
            yield from entries(v)
    else:
        yield value


def storage(name: str, value) -> tuple[type, tuple[int, ...]]:
    """The NumPy type and shape that hold kernel param ``name``; refuses what none can.

    Raises:
        TypeError: ``value`` is, or holds, something other than numbers, or mixes kinds.
        ValueError: ``value`` is an empty or ragged tuple, or an int beyond int64.
    """
    dims = shape(name, value)
    leaves = list(entries(value))
    kinds = {number_kind(v) for v in leaves}
    if None in kinds:
        bad = next(v for v in leaves if number_kind(v) is None)
        raise TypeError(f"kernel param {name!r} is or holds {bad!r} ({type(bad).__name__}); "
                        f"{ALLOWED}")
    if len(kinds) > 1:
        # type checkers: None was refused above
        mixed = ", ".join(sorted(k.__name__ for k in kinds))  # type: ignore[union-attr]
        raise TypeError(f"kernel param {name!r} mixes {mixed} values; {ALLOWED}")
    kind = kinds.pop()
    if kind is int and not all(INT64.min <= v <= INT64.max for v in leaves):
        raise ValueError(f"kernel param {name!r} holds an int beyond int64; {ALLOWED}")
    return (np.float64 if kind is float else np.int64), dims


def rule_record(params: NamedTuple) -> np.void:
    """The one record of ``params`` the rules read, as the loops hand it to them. A rule
    called outside the loops (the odds' sampling, a test) with this record runs the code
    compiled for the engine; a namedtuple of params is a type of its own, under which every
    rule it reaches is compiled again (and slowly: each of its tuples is unrolled)."""
    return as_record(params)[0]


def as_record(params: NamedTuple) -> np.ndarray:
    """A one-record structured array with the fields and values of namedtuple ``params``."""
    dtype = np.dtype([(name, *storage(name, value)) for name, value in zip(params._fields, params)],
                     align=True)
    rec = np.zeros(1, dtype)
    for name, value in zip(params._fields, params):
        rec[0][name] = value
    return rec
