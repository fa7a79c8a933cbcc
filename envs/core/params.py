"""Kernel parameters as a one-record structured array.

A ruleset describes its parameters as a namedtuple of ints and tuples of ints (readable,
built from the validated config). The kernels receive them as a one-record NumPy structured
array instead: numba reads ``p.clock[k]`` from a record just as from a namedtuple, but
passes a record array to a compiled function about seven times faster, which matters when
a single env calls the engine once per step.
"""

from __future__ import annotations

import numpy as np


def as_record(params: tuple) -> np.ndarray:
    """A one-record structured array with the fields and values of namedtuple ``params``."""
    fields = []
    for name, value in zip(params._fields, params):
        if isinstance(value, tuple):
            fields.append((name, np.int64, (len(value),)))
        else:
            fields.append((name, np.int64))
    rec = np.zeros(1, np.dtype(fields, align=True))
    for name, value in zip(params._fields, params):
        rec[0][name] = value
    return rec
