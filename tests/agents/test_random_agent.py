"""The random agent (agents/random_agent.py)."""

import numpy as np
from scipy.stats import chisquare

from scenegym.agents.random_agent import RandomAgent


def test_random_agent_picks_each_legal_action_about_equally_often():
    """The random agent is uniform over the legal actions and never picks an illegal one."""
    masks = np.zeros((4000, 23), np.bool_)
    masks[:, [2, 5, 11, 20]] = True
    ids = np.arange(4000, dtype=np.uint64)
    got = RandomAgent(seed=8).act(np.zeros((4000, 1)), masks, ids)
    assert masks[np.arange(4000), got].all()
    counts = np.bincount(got, minlength=23)[[2, 5, 11, 20]]
    assert chisquare(counts).pvalue > 1e-4
