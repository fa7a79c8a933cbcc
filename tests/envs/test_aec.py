"""The PettingZoo AEC env of every registered id (scenegym.envs.aec, alias scenegym.pettingzoo).

PettingZoo's own checkers (``api_test``, ``seed_test``) run on every id; the rest checks what
the module docstring promises: the pending seat is ``agent_selection``, the other seat's mask
is empty, the rewards of both seats follow the GM reward chosen, and a seed replays.
"""

import importlib

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from scenegym.envs import aec
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import DECISION, EPISODE_END
from scenegym.envs.core.header import SEAT_NAMES, TRUNCATED
from scenegym.envs.core.reward import director_reward
from scenegym.envs.rulesets import env_ids

IDS = env_ids()


def test_both_spellings_name_the_aec_module():
    import scenegym
    import scenegym.pettingzoo as by_import

    assert by_import is aec
    assert scenegym.pettingzoo is aec
    assert importlib.import_module("scenegym.pettingzoo").raw_env is aec.raw_env


@pytest.mark.parametrize("env_id", IDS)
def test_pettingzoo_api_test(env_id):
    api_test(aec.env(env_id), num_cycles=60)


@pytest.mark.parametrize("env_id", IDS)
def test_pettingzoo_api_test_director_and_forfeits(env_id):
    api_test(aec.env(env_id, gm_reward="director", illegal_action="lose"), num_cycles=30)


@pytest.mark.parametrize("env_id", IDS)
def test_pettingzoo_seed_test(env_id):
    seed_test(lambda: aec.env(env_id), num_cycles=60)


def play_out(env, seed, rng):
    """Random legal play of one scene; returns per-seat rewards summed and the decisions."""
    env.reset(seed=seed)
    totals, decisions = {"crew": 0.0, "gm": 0.0}, []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert agent == SEAT_NAMES[int(env.unwrapped.batch.pending_seat[0])]
        other = "gm" if agent == "crew" else "crew"
        assert not env.observe(other)["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        decisions.append((agent, action))
        env.step(action)
    return totals, decisions


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("gm_reward", ["adversarial", "director"])
def test_both_seats_paid_by_the_gm_reward(env_id, gm_reward):
    """Crew: the scene's result; GM adversarial: its negative, except a cut-off, which pays
    the GM ``cutoff_result`` (-1) as it pays the crew; director: the director score."""
    env = aec.raw_env(env_id, gm_reward=gm_reward)
    rng = np.random.default_rng(3)
    for seed in range(3):
        totals, _ = play_out(env, seed, rng)
        row = env.batch.state[:1]
        assert totals["crew"] == pytest.approx(float(row[0, 3]))  # header RESULT
        cut = bool(row[0, TRUNCATED])
        expected = ((-1.0 if cut else -totals["crew"]) if gm_reward == "adversarial"
                    else float(director_reward(row, env.director)[0]))
        assert totals["gm"] == pytest.approx(expected)


@pytest.mark.parametrize("env_id", IDS)
def test_scene_replays_env_index_of_a_batch(env_id):
    """Dice depend on (seed, env id, scene) only: the AEC scene of env_index=5 is env 5 of a
    batch of 8 under the same decisions."""
    env = aec.raw_env(env_id, env_index=5)
    totals, decisions = play_out(env, 11, np.random.default_rng(0))
    batch = SceneBatch(env.ruleset, env.config, 8)
    batch.reset(11)
    actions, which, crew = np.zeros(8, np.int64), np.zeros(8, np.bool_), 0.0
    which[5] = True
    for agent, action in decisions:
        assert SEAT_NAMES[int(batch.pending_seat[5])] == agent
        actions[5] = action
        crew += float(batch.step(actions, which)[0][5])
    assert batch.over[5] and crew == pytest.approx(totals["crew"])
    np.testing.assert_array_equal(batch.state[5], env.batch.state[0])


@pytest.mark.parametrize("env_id", IDS)
def test_illegal_action_forfeits_for_the_seat_that_made_it(env_id):
    env = aec.raw_env(env_id, illegal_action="lose", gm_reward="adversarial")
    env.reset(seed=0)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    loser = -1.0
    assert env.rewards[agent] == loser and all(env.terminations.values())
    assert env.rewards["gm" if agent == "crew" else "crew"] == -loser


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="gm_reward.*allowed"):
        aec.raw_env(IDS[0], gm_reward="kind")
    with pytest.raises(ValueError, match="unknown env id"):
        aec.raw_env("scenegym/Nope-v0")
    env = aec.raw_env(IDS[0])
    env.reset(seed=0)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0]))


@pytest.mark.parametrize("env_id", IDS)
def test_render_logs_every_decision_of_the_scene_once(env_id):
    env = aec.raw_env(env_id, render_mode="ansi")
    _, decisions = play_out(env, 2, np.random.default_rng(1))
    logged = [(SEAT_NAMES[ev.a], ev.c) for ev in env.events if ev.kind == DECISION]
    assert logged == decisions
    assert [ev.kind for ev in env.events].count(EPISODE_END) == 1
    assert env.events[-1].kind == EPISODE_END and env.render().strip()
