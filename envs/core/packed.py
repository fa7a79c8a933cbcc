"""The seated step's arrays packed into one argument (a numba StructRef).

A compiled function unboxes each argument at each call from Python: for the seated step's
sixteen arrays and tuples that costs more than a single env's rules. Packed once into one
:class:`SeatedArrays` (a reference to the same arrays, no copy), a call unboxes one object.

The type lives here, in a module of its own, and not in :mod:`scenegym.envs.core.loops`:
every ruleset's copy of the loops takes this one type, and the kernels that take it are
cached on disk like any other (the type pickles by this module's name).
"""

from __future__ import annotations

from numba import types
from numba.experimental import structref

from scenegym.envs.core.jit import njit

SEATED_FIELDS = ("state", "params", "dice_arrays", "log_arrays", "seed", "env_ids", "masks",
                 "actions", "which", "illegal_mode", "seat", "policy", "reward", "final_obs",
                 "flags", "counts")


@structref.register
class SeatedArraysType(types.StructRef):
    """The numba type of :class:`SeatedArrays` (one per set of field types)."""

    def preprocess_fields(self, fields):
        """Fields typed as plain values (an int field is any int, not one literal)."""
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


class SeatedArrays(structref.StructRefProxy):
    """The arrays of a seated batch's compiled step, fields named by ``SEATED_FIELDS`` (see
    ``loops.seated_advance``). Made by :func:`pack_seated`; it holds the arrays themselves, so
    writes into them are seen by the next step, and an array replaced means a new pack."""


structref.define_proxy(SeatedArrays, SeatedArraysType, SEATED_FIELDS)


@njit(cache=True)
def pack_seated(state, params, dice_arrays, log_arrays, seed, env_ids, masks, actions, which,
                illegal_mode, seat, policy, reward, final_obs, flags, counts):
    """The seated step's arrays as one :class:`SeatedArrays` (compiled and cached, unlike the
    proxy's own constructor, which compiles again in every process).

    Args:
        seed: uint64[1], the batch's seed (the batch changes it in place).
        Others: as ``loops.seated_advance`` reads them.
    """
    return SeatedArrays(state, params, dice_arrays, log_arrays, seed, env_ids, masks, actions,
                        which, illegal_mode, seat, policy, reward, final_obs, flags, counts)


__all__ = ["SEATED_FIELDS", "SeatedArrays", "SeatedArraysType", "pack_seated"]
