"""Gymnasium's vector conventions on the native vector env of every id, in both autoreset
modes, and on ``make_vec``'s sync mode over the single env (Gymnasium 1.x: "Vector-Autoreset-
Mode"; the vector wrappers ``NormalizeObservation``, ``FlattenObservation`` and
``RecordEpisodeStatistics``)."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers import vector as vw

import scenegym  # noqa: F401
from scenegym.envs.rulesets import get_ruleset, ruleset_names

IDS = sorted(e.id for n in ruleset_names() for e in get_ruleset(n).env_ids
             if e.id.startswith("scenegym/"))
MODES = [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP]


def native(env_id, mode, n=8, **kwargs):
    return gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point",
                        opponent="random", autoreset_mode=mode, **kwargs)


def first_legal(masks):
    return np.argmax(masks, axis=1).astype(np.int64)


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
def test_the_vector_wrappers_run_on_the_native_env(env_id, mode):
    env = native(env_id, mode)
    if mode == AutoresetMode.NEXT_STEP:  # Gymnasium's observation wrappers take it only
        env = vw.FlattenObservation(vw.NormalizeObservation(env))
    env = vw.RecordEpisodeStatistics(env)
    obs, infos = env.reset(seed=1)
    episodes = 0
    for _ in range(200):
        assert infos["action_mask"].any(axis=1).all() and infos["_action_mask"].all()
        obs, reward, terminated, truncated, infos = env.step(first_legal(infos["action_mask"]))
        assert not truncated.any() and np.isfinite(obs).all()
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
    assert episodes > 0 and env.episode_count == episodes


@pytest.mark.parametrize("env_id", IDS)
def test_next_step_shows_the_same_scenes_a_step_later(env_id):
    """Same seed and actions: an env that ends at step t shows, under NEXT_STEP, its last
    observation at t (SAME_STEP: in ``final_obs``) and at t+1 the next scene's first (SAME_STEP:
    at t), with reward 0 and no end, its action ignored."""
    same, nxt = native(env_id, "SameStep"), native(env_id, "NextStep")
    s_obs, s_inf = same.reset(seed=5)
    n_obs, n_inf = nxt.reset(seed=5)
    pending = {}  # env -> SAME_STEP's first observation of the next scene
    checked = 0
    for _ in range(300):
        resetting = set(pending)
        s_act = first_legal(s_inf["action_mask"])
        n_act = s_act.copy()
        s_obs, s_rew, s_term, _, s_inf = same.step(s_act)
        n_obs, n_rew, n_term, _, n_inf = nxt.step(n_act)
        for i in resetting:
            np.testing.assert_array_equal(n_obs[i], pending.pop(i))
            assert n_rew[i] == 0 and not n_term[i]
            checked += 1
        if resetting:  # the NEXT_STEP env is a step behind in those envs: stop comparing
            break
        np.testing.assert_array_equal(s_term, n_term)
        np.testing.assert_array_equal(s_rew, n_rew)
        for i in np.flatnonzero(s_term):
            np.testing.assert_array_equal(n_obs[i], s_inf["final_obs"][i])
            assert n_inf["cut_off"][i] == s_inf["final_info"]["cut_off"][i]
            pending[i] = s_obs[i].copy()
        np.testing.assert_array_equal(s_obs[~s_term], n_obs[~s_term])
    assert checked > 0


def test_an_unknown_autoreset_mode_is_refused_with_the_modes_allowed():
    with pytest.raises(ValueError, match="autoreset_mode 'Disabled'.*'SameStep', 'NextStep'"):
        native(IDS[0], "Disabled")


def test_sync_make_vec_never_hands_out_an_all_false_mask():
    """``make_vec(..., "sync")`` steps an ended env once more (NEXT_STEP): its mask at the
    ended step is already the next scene's."""
    env = gym.make_vec("scenegym/StarforgedSceneChallenge-v1", num_envs=4, vectorization_mode="sync", opponent="random",
                       max_moves=2, finish_early=False)
    _, infos = env.reset(seed=2)
    ends = 0
    for _ in range(60):
        assert infos["action_mask"].any(axis=1).all()
        _, _, terminated, _, infos = env.step(first_legal(infos["action_mask"]))
        ends += int(terminated.sum())
    assert ends > 0
