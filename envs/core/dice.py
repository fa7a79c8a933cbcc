"""Counter-based, per-env reproducible dice.

Every die of scene ``k`` of env ``i`` is a pure function of ``(seed, i, k, n)`` where ``n``
counts the dice already rolled in that scene. Nothing depends on the batch size, on the order
of envs, or on what other envs did, so any single scene of a large run can be replayed alone
and variants can be compared on common random numbers.

The generator is SplitMix64's finaliser (a 64-bit bijective hash) applied to a per-scene key
mixed with the die counter. Tests replace the stream by a script of faces (``Dice.script``):
each env then reads its faces in order, and running out of script is an error.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import uint64

from scenegym.envs.core.jit import njit

Dice = namedtuple("Dice", ["keys", "counts", "script"])
Dice.__doc__ = """The dice of a batch, one stream per env.

Attributes:
    keys: uint64[n]. The key of each env's current scene, ``episode_key(seed, env_id, scene)``.
    counts: int64[n]. Dice rolled so far in each env's current scene.
    script: int32[n, L]. Scripted faces for tests (``L == 0``: roll from the hash stream).
"""

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def mix64(x):
    """SplitMix64 finaliser: a bijective avalanche hash of a uint64."""
    z = uint64(x) + _GOLDEN
    z = (z ^ (z >> uint64(30))) * _M1
    z = (z ^ (z >> uint64(27))) * _M2
    return z ^ (z >> uint64(31))


@njit(cache=True)
def episode_key(seed, env_id, scene):
    """The key of scene ``scene`` of env ``env_id`` in a run seeded with ``seed``."""
    return mix64(mix64(mix64(uint64(seed)) ^ uint64(env_id)) ^ uint64(scene))


@njit(cache=True)
def rekey(keys, rows, seeds, env_ids, scenes):
    """Point the stream of each env ``rows[j]`` at seed ``seeds[j]``: the key of its scene
    ``scenes[rows[j]]`` in a run seeded with ``seeds[j]`` (fresh chance for a copy)."""
    for j in range(rows.shape[0]):
        r = rows[j]
        keys[r] = episode_key(seeds[j], env_ids[r], scenes[r])


@njit(cache=True)
def uniform_below(key, counter, sides):
    """A face in ``0 .. sides-1`` from the hash of ``(key, counter)`` (multiply-shift)."""
    h = mix64(key ^ mix64(uint64(counter)))
    return np.int64((h >> uint64(32)) * uint64(sides) >> uint64(32))


@njit(cache=True)
def roll(dice, i, sides):
    """Roll one die with ``sides`` faces (1..sides) for env ``i`` and count it."""
    n = dice.counts[i]
    dice.counts[i] = n + 1
    if dice.script.shape[1] > 0:
        if n >= dice.script.shape[1] or dice.script[i, n] <= 0:
            raise ValueError("scripted dice ran out: the test scripted too few faces")
        face = dice.script[i, n]
        if face > sides:
            raise ValueError("a scripted face is larger than the die rolled")
        return np.int64(face)
    return uniform_below(dice.keys[i], n, sides) + 1


@njit(cache=True)
def start_episode(dice, i, seed, env_id, scene):
    """Point env ``i``'s stream at scene ``scene``. Scripted dice keep their position."""
    dice.keys[i] = episode_key(seed, env_id, scene)
    if dice.script.shape[1] == 0:
        dice.counts[i] = 0


def script_length(script) -> int:
    """Scripted faces per env of a dice script (0: none, the hash stream rolls)."""
    return 0 if script is None else int(np.shape(script)[-1])


def make_dice(num_envs: int, script: np.ndarray | None = None) -> Dice:
    """Allocate the dice of a batch; ``script`` (int[n, L], 0 = no face) scripts every die."""
    if script is None:
        script_arr = np.zeros((num_envs, 0), dtype=np.int32)
    else:
        script_arr = np.ascontiguousarray(np.atleast_2d(script), dtype=np.int32)
        if script_arr.shape[0] != num_envs:
            raise ValueError(
                f"dice script has {script_arr.shape[0]} rows; the batch has {num_envs} envs"
            )
    return Dice(np.zeros(num_envs, np.uint64), np.zeros(num_envs, np.int64), script_arr)
