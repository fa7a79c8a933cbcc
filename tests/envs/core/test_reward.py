"""The director reward (envs/core/reward.py): DESIGN.md, Rewards."""

import numpy as np

from scenegym.envs.core.header import DECISIONS, LEAD_CHANGES, MARGIN
from scenegym.envs.core.reward import DirectorWeights, director_reward
from scenegym.envs.starforged.ruleset import STARFORGED


def test_director_reward_follows_its_formula():
    """r = (w_swing*min(L,cap)/cap + w_doubt*(1-M/100) + w_length*max(0,1-|D-T|/T)) / sum(w)."""
    w = DirectorWeights(w_swing=2.0, w_doubt=1.0, w_length=1.0, swing_cap=4, target_decisions=10)
    state = np.zeros((2, STARFORGED.layout_of(STARFORGED.default_config()).state_size), np.int32)
    state[:, LEAD_CHANGES] = (2, 9)
    state[:, MARGIN] = (30, 0)
    state[:, DECISIONS] = (15, 10)
    expected = [(2 * 0.5 + 0.7 + 0.5) / 4, (2 * 1.0 + 1.0 + 1.0) / 4]
    assert np.allclose(director_reward(state, w), expected)
