"""The memory guard: a batch too large for the machine is refused before it is allocated.

Each path that allocates per-env arrays states what it will allocate, as bytes per env (and
bytes that do not grow with the batch), summed from the sizes of the arrays it makes: the
engine (:func:`scenegym.envs.core.batch.engine_bytes`), the two-seat batch
(:func:`scenegym.envs.twoseat.two_seat_bytes`), the single and the native vector env
(:func:`scenegym.envs.gym_env.single_bytes`, :func:`scenegym.envs.gym_env.vector_bytes`),
the Stable-Baselines3 VecEnv (:func:`scenegym.training.vec_env.sb3_bytes`) and the playtest
(:func:`scenegym.common.scenes.scene_engine`, which the baselines and the match evaluation
use too). Each calls :func:`check_memory` with its own figure before it allocates;
``tests/envs/core/test_memory.py`` holds every figure to within 20% of the bytes the path
allocates (traced by ``tracemalloc``).
"""

from __future__ import annotations

import os
import sys

import numpy as np

SHARE = 2  # a batch may take up to 1/SHARE of the machine's memory


def row_bytes(dtype, width: int = 1) -> int:
    """Bytes of one env's row of ``width`` elements of ``dtype``."""
    return np.dtype(dtype).itemsize * int(width)


def dict_bytes(keys: int = 0) -> int:
    """Bytes of a Python dict holding ``keys`` entries, and the list slot that holds it."""
    held: dict = {}
    for key in range(keys):  # grown entry by entry, as a step fills an info dict
        held[key] = None
    return sys.getsizeof(held) + row_bytes(np.intp)


def array_object_bytes() -> int:
    """Bytes of a NumPy array object beyond its data (its header, shape and strides)."""
    return sys.getsizeof(np.empty(0)) + 2 * row_bytes(np.intp)


def memory_bytes() -> int:
    """The machine's physical memory in bytes (0 when the system does not say)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 0


def largest_fitting(per_env: int, fixed: int, allowed: int) -> int:
    """The largest batch whose ``per_env * n + fixed`` bytes stay within ``allowed`` (0: none)."""
    return max(0, (allowed - fixed) // max(1, per_env))


def check_memory(name: str, num_envs: int, per_env: int, fixed: int = 0,
                 size: str = "num_envs") -> None:
    """Refuse, before allocating, a batch that needs more than half the machine's memory.

    Args:
        name: The ruleset's name, for the message.
        num_envs: The batch size asked for.
        per_env: Bytes the path allocates per env.
        fixed: Bytes it allocates whatever the batch size (such as one row per scene).
        size: How the caller names the batch size (``"num_envs"``, ``"batch"``; an option
            such as ``"--batch"`` is shown as ``--batch N``).

    Raises:
        ValueError: One line naming the estimate, the machine's memory and the largest batch
            size that fits.
    """
    need, have = per_env * num_envs + fixed, memory_bytes()
    allowed = have // SHARE
    if have and need > allowed:
        most = largest_fitting(per_env, fixed, allowed)
        fits = (f"{_named(size, most)} fits" if most else
                f"no batch fits: {fixed / 2**30:.1f} GiB of it does not grow with the batch")
        raise ValueError(f"{_named(size, num_envs)} of {name} needs about {need / 2**30:.1f} "
                         f"GiB ({per_env:,} bytes per env); this machine has "
                         f"{have / 2**30:.1f} GiB and a batch may take half: {fits}")


def _named(size: str, value: int) -> str:
    """``num_envs=N`` for an argument, ``--batch N`` for a command's option."""
    return f"{size} {value}" if size.startswith("-") else f"{size}={value}"
