"""The seated batch (envs/seated.py): the opponent's compiled policy inside the step plays
exactly what the same agent asked in Python plays, and both are batch-invariant."""

from __future__ import annotations

import numpy as np
import pytest

from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import DECISIONS, EPISODE
from scenegym.envs.rulesets import get_ruleset
from scenegym.envs.seated import SeatedBatch

CASES = [("starforged", "crew", "heuristic"), ("starforged", "gm", "random"),
         ("momentum", "crew", "random"), ("momentum", "gm", "heuristic-adversarial")]


def play(ruleset, seat, opponent, inline, env_ids, steps=120, seed=7):
    """Learner random-legal (its own stream), the opponent as given; every output kept."""
    rs = get_ruleset(ruleset)
    batch = SceneBatch(rs, rs.default_config(), len(env_ids), env_ids=env_ids)
    seated = SeatedBatch(batch, seat, make_agent(opponent, ruleset, seed=11),
                         inline_opponent=inline)
    assert seated.compiled_opponent == inline
    learner = make_agent("random", ruleset, seed=5)
    seated.reset(seed)
    trace = []
    for _ in range(steps):
        rows = batch.state
        actions = learner.act(batch.obs, batch.masks, batch.env_ids,
                              episodes=rows[:, EPISODE], decisions=rows[:, DECISIONS])
        reward, term, trunc, final_obs = seated.step(actions)
        trace.append((batch.state.copy(), batch.obs.copy(), reward.copy(), term.copy(),
                      trunc.copy(), np.where((term | trunc)[:, None], final_obs, 0)))
    return trace, seated


@pytest.mark.parametrize(("ruleset", "seat", "opponent"), CASES)
def test_compiled_and_python_opponents_play_the_same_trajectories(ruleset, seat, opponent):
    ids = np.arange(6)
    inline, s1 = play(ruleset, seat, opponent, True, ids)
    python, s2 = play(ruleset, seat, opponent, False, ids)
    for a, b in zip(inline, python):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    assert s1.episodes_reported == s2.episodes_reported > 0
    assert s1.unseated_episodes == s2.unseated_episodes


@pytest.mark.parametrize("inline", [True, False])
def test_an_env_alone_plays_what_it_plays_inside_a_batch(inline):
    batch_trace, _ = play("momentum", "gm", "random", inline, np.arange(40), steps=80)
    for env in (0, 17, 39):
        alone, _ = play("momentum", "gm", "random", inline, np.array([env]), steps=80)
        for together, single in zip(batch_trace, alone):
            for x, y in zip(together, single):
                assert np.array_equal(x[env], y[0])
