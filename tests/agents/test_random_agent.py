"""The random agent (agents/random_agent.py): uniform over the legal actions, and its choices
are common random numbers: a function of (seed, env, episode, decision index) only, like the
dice."""

from __future__ import annotations

import numpy as np
from scipy.stats import chisquare

from scenegym.agents.random_agent import RandomAgent
from scenegym.envs.core.dice import episode_key
from scenegym.envs.core.policy import random_legal


def test_random_agent_picks_each_legal_action_about_equally_often():
    """The random agent is uniform over the legal actions and never picks an illegal one."""
    masks = np.zeros((4000, 23), np.bool_)
    masks[:, [2, 5, 11, 20]] = True
    ids = np.arange(4000, dtype=np.uint64)
    got = RandomAgent(seed=8).act(np.zeros((4000, 1)), masks, ids)
    assert masks[np.arange(4000), got].all()
    counts = np.bincount(got, minlength=23)[[2, 5, 11, 20]]
    assert chisquare(counts).pvalue > 1e-4


def _choose(agent, env_ids, episodes, decisions, masks):
    return agent.act(np.zeros((len(env_ids), 3), np.float32), masks, np.asarray(env_ids),
                     episodes=np.asarray(episodes), decisions=np.asarray(decisions))


def test_a_choice_depends_only_on_seed_env_episode_and_decision():
    masks = np.ones((5, 7), np.bool_)
    one = _choose(RandomAgent(3), [4, 9, 1, 9, 4], [0, 2, 5, 2, 1], [7, 3, 0, 4, 7], masks)
    # the same decisions asked one by one, in another order, from another agent object
    other = RandomAgent(3)
    for r in (3, 0, 4, 1, 2):
        alone = _choose(other, [[4, 9, 1, 9, 4][r]], [[0, 2, 5, 2, 1][r]],
                        [[7, 3, 0, 4, 7][r]], masks[:1])
        assert alone[0] == one[r]
    key = episode_key(np.uint64(3), np.uint64(9), 2)
    assert one[1] == random_legal(masks[0], key, 3)


def test_later_episodes_draw_afresh_and_another_seed_differs():
    masks = np.ones((200, 50), np.bool_)
    ids, decisions = np.arange(200), np.zeros(200, np.int64)
    first = _choose(RandomAgent(3), ids, np.zeros(200, np.int64), decisions, masks)
    later = _choose(RandomAgent(3), ids, np.full(200, 4), decisions, masks)
    reseeded = _choose(RandomAgent(4), ids, np.zeros(200, np.int64), decisions, masks)
    assert (first != later).mean() > 0.9 and (first != reseeded).mean() > 0.9


def test_memory_does_not_grow_with_the_env_ids():
    agent = RandomAgent(1)
    masks = np.ones((2, 4), np.bool_)
    _choose(agent, [0, 10**15], [0, 0], [0, 0], masks)
    assert not any(isinstance(v, np.ndarray) and v.size > 1 for v in vars(agent).values())


def test_a_mask_in_any_memory_order_gets_the_same_choices():
    """A column-major or strided mask (a slice of a wider array) is the same mask: the same
    choices as its C-ordered copy."""
    wide = np.zeros((50, 40), np.bool_)
    wide[:, ::3] = True
    wide[::2, 1::7] = True
    masks = wide[:, ::2]  # strided rows
    ids = np.arange(50, dtype=np.uint64)
    expected = RandomAgent(seed=3).act(np.zeros((50, 1)), np.ascontiguousarray(masks), ids)
    for same in (masks, np.asfortranarray(masks)):
        assert RandomAgent(seed=3).act(np.zeros((50, 1)), same, ids).tolist() == expected.tolist()
