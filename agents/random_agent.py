"""A uniformly random legal player whose choices are common random numbers.

Its choice at decision ``n`` of episode ``k`` of env ``i`` depends only on
``(seed, i, k, n)``, like the dice: two runs with the same seed (two report arms, say) make
the same random choices wherever they face the same decision, episode by episode, and
nothing is kept per env (its memory does not grow with the env ids).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.borrow import rule_row
from scenegym.envs.core.dice import episode_key
from scenegym.envs.core.jit import njit
from scenegym.envs.core.policy import RANDOM_LEGAL, blind_policy, random_legal


@njit(cache=True)
def random_rows(obs, masks, env_ids, episodes, decisions, seed, out):
    """Into ``out``, each row's action (the compiled policy, row by row, on borrowed rows:
    counting references to each row would cost three times the choice itself)."""
    for r in range(masks.shape[0]):
        key = episode_key(seed, env_ids[r], episodes[r])
        out[r] = random_legal(rule_row(masks[r]), key, decisions[r])
    return out


class RandomAgent:
    """Picks uniformly among the legal actions (see module docstring).

    Args:
        seed: Seed of its stream; ``None`` draws one from OS entropy.
    """

    def __init__(self, seed: int | None = None):
        self.seed = int(fresh_seed() if seed is None else seed)
        self.compiled = blind_policy(RANDOM_LEGAL, self.seed)
        self._calls = 0

    def act(self, obs, masks, env_ids, episodes=None, decisions=None):
        """One legal action per row. Without ``episodes`` and ``decisions`` (int arrays per
        row: the episode index and the decision's index in it), each call counts as the next
        decision of episode 0."""
        masks = np.ascontiguousarray(masks, np.bool_)  # its rows go to the picker as rule rows
        n = masks.shape[0]
        if episodes is None or decisions is None:
            episodes, decisions = np.zeros(n, np.int64), np.full(n, self._calls, np.int64)
            self._calls += 1
        out = np.zeros(n, np.int64)
        return random_rows(np.asarray(obs, np.float32), masks, np.asarray(env_ids, np.uint64), np.asarray(episodes, np.int64),
                           np.asarray(decisions, np.int64), np.uint64(self.seed), out)
