"""The seed of a run: one rule for every command, env and agent.

A seed is an integer from 0 to 2**64-1: the dice mix it as an unsigned 64-bit word
(:func:`scenegym.envs.core.dice.mix64`), so a larger one or a negative one has no meaning.
:func:`check_seed` refuses any other value with one message naming where it came from and
the range; the command line's ``--seed`` and ``--agent-seed``, ``reset(seed=...)`` of every
env and the batch itself all use it.
"""

from __future__ import annotations

import operator

import numpy as np

SEED_LIMIT = 2**64  # seeds are 0..SEED_LIMIT-1
SEED_RANGE = "an integer from 0 to 2**64-1 (18446744073709551615)"


def seed_problem(seed) -> str | None:
    """What is wrong with ``seed`` (``must be ..., got ...``), or None when it is a seed."""
    try:
        value = operator.index(seed)
    except TypeError:
        value = None
    if value is None or isinstance(seed, bool) or not 0 <= value < SEED_LIMIT:
        return f"must be {SEED_RANGE}, got {seed!r}"
    return None


def check_seed(seed, name: str = "seed") -> int:
    """``seed`` as an int, or a ``ValueError`` naming ``name`` and the range of seeds."""
    problem = seed_problem(seed)
    if problem is not None:
        raise ValueError(f"{name} {problem}")
    return operator.index(seed)


def learner_seed(seed: int) -> int:
    """A seed below 2**32 for libraries that take no more (SB3, numpy's global generator).

    A seed below 2**32 is kept as it is (a run keeps the learner it had); a larger one is
    mixed down, so every seed of the range trains and two large seeds rarely collide.
    """
    from scenegym.envs.core.dice import mix64  # numba: only where a large seed is mixed

    seed = check_seed(seed)
    return seed if seed < 2**32 else int(mix64(np.uint64(seed)) % np.uint64(2**32))


def fresh_seed() -> int:
    """A seed drawn from OS entropy, for runs that were given none."""
    # type checkers: drawn from the OS, the entropy is an int (not None nor a sequence)
    return int(np.random.SeedSequence().entropy % (2**63))  # type: ignore[operator]
