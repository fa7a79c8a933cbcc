"""A cut-off by the rules' own limit is an end the rules define: ``terminated``, never
``truncated`` (which is left to limits outside the game, a user's ``TimeLimit``).

Ironsworn: Starforged, "Scene Challenge Moves": the scene ends at Finish the Scene; the
engine's ``max_moves`` (a config field) ends it after that many scene moves as a cut-off,
worth ``cutoff_result`` to the crew (-1, a loss, by default). With ``max_moves=1`` and ``finish_early=False`` every scene is cut off
after its first move unless the first move fills the track or clock.
"""

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401
from scenegym.envs.aec import raw_env

ID = "scenegym/StarforgedSceneChallenge-v1"
CUT = {"max_moves": 1, "finish_early": False}


def first_legal(mask):
    return int(np.flatnonzero(mask)[0])


def test_the_single_env_reports_a_cut_off_as_terminated():
    env = gym.make(ID, opponent="random", **CUT)
    ends = []
    for scene in range(20):
        _, info = env.reset(seed=scene)
        terminated = truncated = False
        while not (terminated or truncated):
            _, reward, terminated, truncated, info = env.step(first_legal(info["action_mask"]))
        ends.append((truncated, info["cut_off"], reward))
    assert not any(t for t, _, _ in ends)
    cut = [r for _, c, r in ends if c]
    assert cut and all(r == -1.0 for r in cut)


def test_the_vector_env_reports_a_cut_off_as_terminated():
    vec = gym.make_vec(ID, num_envs=16, vectorization_mode="vector_entry_point",
                       opponent="random", **CUT)
    _, infos = vec.reset(seed=3)
    cut = 0
    for _ in range(30):
        actions = np.array([first_legal(m) for m in infos["action_mask"]])
        _, reward, terminated, truncated, infos = vec.step(actions)
        assert not truncated.any()
        if terminated.any():
            np.testing.assert_array_equal(infos["_final_info"], terminated)
            cut_now = infos["final_info"]["cut_off"] & terminated
            assert (reward[cut_now] == -1).all()
            cut += int(cut_now.sum())
    assert cut > 0


def test_the_pettingzoo_env_terminates_both_seats_at_a_cut_off():
    pytest.importorskip("pettingzoo")
    env = raw_env(ID, **CUT)
    for scene in range(20):
        env.reset(seed=scene)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                break
            env.step(first_legal(obs["action_mask"]))
        assert all(env.terminations.values()) and not any(env.truncations.values())
        if env.infos["crew"]["cut_off"]:
            return
    pytest.fail("no scene of 20 was cut off")
