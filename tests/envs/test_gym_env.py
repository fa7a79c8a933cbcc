"""Peer checkers over every registered id and seat (DESIGN.md, testing layer 5).

The checkers step with unmasked random actions, so the envs are made with
``illegal_action="lose"`` (an illegal action ends the scene as a loss for the learner).
"""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env as gym_check_env
from gymnasium.wrappers import OrderEnforcing
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from scenegym.envs.core.recycle import Recycled
from scenegym.envs.rulesets import env_ids

CASES = [(env_id, seat) for env_id in env_ids() for seat in ("crew", "gm")]


@pytest.mark.parametrize(("env_id", "seat"), CASES)
def test_gymnasium_check_env(env_id, seat):
    gym_check_env(gym.make(env_id, seat=seat, illegal_action="lose").unwrapped)


@pytest.mark.parametrize(("env_id", "seat"), CASES)
def test_sb3_check_env(env_id, seat):
    sb3_check_env(gym.make(env_id, seat=seat, illegal_action="lose"))


# -- nonsense refused (envs/gym_env.py) ---------------------------------------------------------
SF = "scenegym/StarforgedSceneChallenge-v1"


def legal_action(info) -> int:
    return int(np.flatnonzero(info["action_mask"])[0])


@pytest.mark.parametrize("action", [2.9, 1.0, "0", True, np.float32(1), None, [0]])
def test_single_env_refuses_an_action_that_is_not_an_integer(action):
    env = gym.make(SF).unwrapped
    env.reset(seed=1)
    with pytest.raises(TypeError, match=rf"{SF}: an action is an int in 0\.\.\d+, got"):
        env.step(action)


@pytest.mark.parametrize("action", [-1, 10**6])
def test_single_env_refuses_an_integer_outside_the_action_space(action):
    env = gym.make(SF).unwrapped
    env.reset(seed=1)
    with pytest.raises(ValueError, match=rf"{SF}: action {action} is outside the action space"):
        env.step(action)


def test_single_env_takes_python_and_numpy_integers_alike():
    """The same legal decision given as int, np.int64, np.int32 and a 0-d array plays the
    same scene."""
    rewards = []
    for kind in (int, np.int64, np.int32, np.array):
        env = gym.make(SF).unwrapped
        _, info = env.reset(seed=5)
        trail = []
        for _ in range(6):
            obs, reward, term, trunc, info = env.step(kind(legal_action(info)))
            trail.append((obs.tolist(), reward, term, trunc))
            if term or trunc:
                break
        rewards.append(trail)
    assert all(trail == rewards[0] for trail in rewards)


def test_stepping_after_the_scene_ended_without_reset_is_refused():
    env = gym.make(SF).unwrapped
    _, info = env.reset(seed=2)
    for _ in range(10_000):
        _, _, term, trunc, info = env.step(legal_action(info) if info["action_mask"].any()
                                           else 0)
        if term or trunc:
            break
    assert term or trunc
    with pytest.raises(ResetNeeded, match=rf"{SF}: the scene has ended; call reset\(\)"):
        env.step(0)
    _, info = env.reset()
    env.step(legal_action(info))  # after reset the next scene plays


def test_gym_make_adds_no_order_enforcing_the_env_refuses_early_calls_itself():
    env = gym.make(SF, render_mode="ansi")
    assert not any(isinstance(w, OrderEnforcing) for w in wrappers_of(env))
    with pytest.raises(ResetNeeded, match=rf"{SF}: call reset\(\) before step\(\)"):
        env.step(0)
    with pytest.raises(ResetNeeded, match=rf"{SF}: call reset\(\) before render\(\)"):
        env.render()
    env.reset(seed=1)
    assert isinstance(env.render(), str)


def wrappers_of(env) -> list:
    """``env`` and every env it wraps, outermost first."""
    chain = [env]
    while isinstance(chain[-1], gym.Wrapper):
        chain.append(chain[-1].env)
    return chain


def test_vector_env_refuses_float_and_out_of_range_actions():
    vec = gym.make_vec(SF, num_envs=4, vectorization_mode="vector_entry_point")
    _, info = vec.reset(seed=3)
    with pytest.raises(TypeError, match=r"4 ints in 0\.\.\d+, got float64"):
        vec.step(np.zeros(4) + 0.5)
    with pytest.raises(ValueError, match=r"must lie in 0\.\.\d+, got 0\.\.999"):
        vec.step(np.array([0, 0, 0, 999]))
    for dtype in (np.int64, np.int32, np.int8):  # negative: above every action as unsigned
        with pytest.raises(ValueError, match=r"must lie in 0\.\.\d+, got -1\.\.0"):
            vec.step(np.array([0, -1, 0, 0], dtype))


def test_a_vector_env_too_large_for_the_memory_is_refused_before_allocating():
    with pytest.raises(ValueError, match=r"num_envs=100000000000 of starforged needs about "
                                         r"[\d.]+ GiB \([\d,]+ bytes per env\); this machine "
                                         r"has [\d.]+ GiB"):
        gym.make_vec(SF, num_envs=10**11, vectorization_mode="vector_entry_point")


@pytest.mark.parametrize("env_id", env_ids())
def test_vector_env_observations_are_written_whole_into_a_reused_array(env_id, monkeypatch):
    """A step writes into an array it handed out steps ago (envs/core/recycle.py), so every
    ruleset's observe must write every element: here the arrays come back full of NaN."""
    fill = Recycled.to_fill

    def poisoned(pool):
        out = fill(pool)
        if out.dtype == np.float32:
            out[:] = np.nan
        return out

    monkeypatch.setattr(Recycled, "to_fill", poisoned)
    vec = gym.make_vec(env_id, num_envs=8, vectorization_mode="vector_entry_point")
    obs, info = vec.reset(seed=2)
    assert not np.isnan(obs).any()
    for _ in range(30):
        first_legal = np.argmax(info["action_mask"], axis=1)
        obs, _, _, _, info = vec.step(first_legal)
        assert not np.isnan(obs).any()
