"""Observations only when read (issue 25, item 1): a step whose next decider reads no
observation renders none; reading ``obs`` renders what is left, the same values a rendering
step writes. (The compiled loops' own laziness is pinned by tests/envs/test_trajectory_digests.py.)
"""

import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the rulesets)
from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.policy import policy_of
from scenegym.envs.rulesets import get_ruleset
from scenegym.envs.twoseat import TwoSeatBatch

RULESETS = ("frontiers", "momentum", "sta", "sta_social", "starforged")


def twins(name: str, n: int = 6):
    rs = get_ruleset(name)
    pair = [SceneBatch(rs, rs.default_config(), n) for _ in range(2)]
    for b in pair:
        b.reset(7)
    return pair


def legal_first(masks):
    return np.where(masks.any(1), np.argmax(masks, axis=1), 0)


@pytest.mark.parametrize("name", RULESETS)
def test_a_step_that_observes_nothing_renders_the_same_observations_when_they_are_read(name):
    eager, lazy = twins(name)
    for _ in range(40):
        actions = legal_first(eager.masks)
        _, over, _ = eager.step(actions)
        _, lazy_over, _ = lazy.step(actions, observe=False)
        np.testing.assert_array_equal(lazy_over, over)
        if over.any():  # a begun episode is rendered at once, the others when read
            eager.next_episode(over.copy())
            lazy.next_episode(over.copy())
    np.testing.assert_array_equal(lazy.state, eager.state)
    np.testing.assert_array_equal(lazy.obs, eager.obs)


def test_the_observations_wait_until_they_are_read():
    (batch,) = twins("sta", 3)[:1]
    before = batch.obs.copy()
    kept = batch.obs  # the array itself
    batch.step(legal_first(batch.masks), observe=False)
    np.testing.assert_array_equal(kept, before)  # nothing rendered yet
    batch.refresh()  # what the rules say the rows show now
    fresh = batch.obs.copy()
    assert not np.array_equal(fresh, before)
    batch.step(legal_first(batch.masks), observe=False)
    batch.step(legal_first(batch.masks))  # a rendering step renders what it applies
    shown = kept.copy()
    batch.refresh()
    np.testing.assert_array_equal(kept, shown)


def test_a_compiled_policy_says_whether_it_reads_the_observation():
    """The random and constant players read only the mask; the heuristics read the
    observation (so the loops render it for them)."""
    assert not policy_of(RandomAgent(1)).reads_obs
    assert not policy_of(make_agent("constant", "sta")).reads_obs
    assert not policy_of(make_agent("stall", "sta")).reads_obs
    assert policy_of(make_agent("heuristic", "sta")).reads_obs


def test_the_two_seat_batch_renders_observations_when_read():
    eager, lazy = (TwoSeatBatch("scenegym/STAPersonalConflict-v1", num_envs=4) for _ in range(2))
    for b in (eager, lazy):
        b.reset(seed=3)
    for _ in range(10):
        actions = legal_first(eager.masks)
        eager.step(actions, ~eager.over)
        lazy.step(actions, ~lazy.over, observe=False)
    np.testing.assert_array_equal(lazy.obs, eager.obs)
