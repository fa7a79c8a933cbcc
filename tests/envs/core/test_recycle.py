"""The native vector env's output arrays: the caller's to keep, reused only once let go."""

import weakref

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.core.recycle import KEPT, Recycled


def source(value):
    return np.full((3, 4), value, np.float32)


def test_an_array_let_go_is_written_again_instead_of_a_new_one():
    pool = Recycled((3, 4), np.float32)
    first = pool.copy_of(source(1))
    handed = weakref.ref(first)
    del first
    again = pool.copy_of(source(2))
    assert again is handed() and (again == 2).all()


def test_an_array_still_held_or_viewed_never_changes():
    pool = Recycled((3, 4), np.float32)
    kept = pool.copy_of(source(1))
    row = pool.copy_of(source(2))[1]  # only a view of the second array survives
    for value in range(3, 3 + 2 * KEPT):  # more steps than the pool keeps arrays
        out = pool.copy_of(source(value))
        assert (out == value).all()
    assert (kept == 1).all() and (row == 2).all()


def test_rows_of_gives_the_selected_rows_and_zeros_elsewhere_on_reuse_too():
    pool = Recycled((3, 4), np.float32)
    out = pool.rows_of(source(5), np.array([True, False, False]))
    assert out[0].tolist() == [5] * 4 and (out[1:] == 0).all()
    del out
    out = pool.rows_of(source(7), np.array([False, False, True]))
    assert (out[:2] == 0).all() and out[2].tolist() == [7] * 4


def test_vector_env_observations_kept_by_the_caller_stay_as_returned():
    env = gym.make_vec("scenegym/StarforgedSceneChallenge-v1", num_envs=8,
                       vectorization_mode="vector_entry_point")
    obs, info = env.reset(seed=3)
    kept = [(obs, obs.copy(), info["action_mask"], info["action_mask"].copy())]
    for _ in range(12):
        actions = np.argmax(kept[-1][2], axis=1)
        obs, _, _, _, info = env.step(actions)
        kept.append((obs, obs.copy(), info["action_mask"], info["action_mask"].copy()))
    for returned, snapshot, mask, mask_snapshot in kept:
        assert np.array_equal(returned, snapshot) and np.array_equal(mask, mask_snapshot)



def make_vector_env():
    return gym.make_vec("scenegym/StarforgedSceneChallenge-v1", num_envs=8,
                        vectorization_mode="vector_entry_point")


def test_vector_env_observations_kept_stay_as_returned_through_a_reset():
    """Each step writes its observations straight into the array it hands out (no copy);
    a reset writes into a fresh one too, never into an array the caller kept."""
    env = make_vector_env()
    obs, info = env.reset(seed=3)
    kept = [(obs, obs.copy())]
    for _ in range(5):
        obs, _, _, _, info = env.step(np.argmax(info["action_mask"], axis=1))
        kept.append((obs, obs.copy()))
    env.reset(seed=4)
    env.step(np.argmax(env.unwrapped.action_masks(), axis=1))
    assert all(np.array_equal(returned, snapshot) for returned, snapshot in kept)


def test_a_step_refused_for_an_illegal_action_loses_nothing():
    """The env stays where it was: a twin that never saw the refused step plays the same."""
    env, twin = make_vector_env(), make_vector_env()
    (obs, info), (twin_obs, _) = env.reset(seed=3), twin.reset(seed=3)
    masks = info["action_mask"]
    env_with_a_choice = int(np.flatnonzero(~masks.all(axis=1))[0])
    illegal = np.argmax(masks, axis=1)
    illegal[env_with_a_choice] = int(np.argmin(masks[env_with_a_choice]))
    with pytest.raises(ValueError, match="illegal action"):
        env.step(illegal)
    assert np.array_equal(env.unwrapped.seated.obs, obs)  # the batch's own, as before
    legal = np.argmax(masks, axis=1)
    for _ in range(4):
        obs, reward, _, _, info = env.step(legal)
        twin_obs, twin_reward, _, _, _ = twin.step(legal)
        assert np.array_equal(obs, twin_obs) and np.array_equal(reward, twin_reward)
        legal = np.argmax(info["action_mask"], axis=1)


class OpponentThatFails:
    """A Python agent (no compiled policy) that raises once ``armed``."""

    armed = False

    def act(self, obs, masks, env_ids, **_):
        if self.armed:
            raise RuntimeError("the opponent's process died")
        return np.argmax(masks, axis=1)


def test_an_opponent_failing_after_the_rules_wrote_leaves_observations_that_match_the_state():
    """The learner's actions were taken and their observations written when the Python
    opponent fails: the batch keeps those, not the observations of the step before."""
    opponent = OpponentThatFails()
    env = gym.make_vec("scenegym/StarforgedSceneChallenge-v1", num_envs=8,
                       vectorization_mode="vector_entry_point", opponent=opponent)
    _, info = env.reset(seed=3)
    opponent.armed = True
    with pytest.raises(RuntimeError, match="died"):
        for _ in range(50):  # until some env's GM decides
            _, _, _, _, info = env.step(np.argmax(info["action_mask"], axis=1))
    batch = env.unwrapped.seated.batch
    seen = batch.obs.copy()
    batch.refresh()  # the observations recomputed from the state
    assert np.array_equal(seen, batch.obs)
