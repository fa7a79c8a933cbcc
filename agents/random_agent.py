"""A uniformly random legal player, reproducible per env."""

from __future__ import annotations

import numpy as np
from numba import njit

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.dice import episode_key, uniform_below


@njit(cache=True)
def pick_uniform_legal(masks, env_ids, counts, seed, out):
    """Into ``out``, per row a legal action drawn from the stream of ``(seed, env id, count)``.

    Counts the legal actions, draws the k-th, and walks to it: nothing is allocated per row.
    """
    for r in range(masks.shape[0]):
        legal = 0
        for a in range(masks.shape[1]):
            legal += masks[r, a]
        if legal == 0:
            raise ValueError("random agent asked to act with no legal action")
        e = env_ids[r]
        k = uniform_below(episode_key(seed, e, 0), counts[e], legal)
        counts[e] += 1
        for a in range(masks.shape[1]):
            if masks[r, a]:
                if k == 0:
                    out[r] = a
                    break
                k -= 1
    return out


class RandomAgent:
    """Picks uniformly among the legal actions.

    Its choices for env ``i`` depend only on ``(seed, i)`` and how often it has acted for env
    ``i``, never on the other envs of the batch.

    Args:
        seed: Seed of its stream; ``None`` draws one from OS entropy.
    """

    def __init__(self, seed: int | None = None):
        self.seed = np.uint64(fresh_seed() if seed is None else seed)
        self._counts = np.zeros(1024, np.int64)

    def act(self, obs, masks, env_ids):
        ids = np.asarray(env_ids, np.uint64)
        if ids.size and int(ids.max()) >= self._counts.shape[0]:
            grown = np.zeros(max(int(ids.max()) + 1, 2 * self._counts.shape[0]), np.int64)
            grown[: self._counts.shape[0]] = self._counts
            self._counts = grown
        masks = np.asarray(masks, np.bool_)
        out = np.zeros(masks.shape[0], np.int64)
        return pick_uniform_legal(masks, ids, self._counts, self.seed, out)
