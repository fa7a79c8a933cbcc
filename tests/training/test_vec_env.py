"""The SB3 VecEnv over the native batch (training/vec_env.py), for every registered id.

DESIGN.md, "Vector, SB3": same-step autoreset, ``terminal_observation`` and
``TimeLimit.truncated`` in infos, ``env_method("action_masks")``. DESIGN.md, "Rewards": crew
+1 scene won, -1 lost, ``cutoff_result`` (-1 by default) cut off by the round limit; "Illegal actions": the ``lose`` option
ends the scene as a loss for the seat that made it.
"""

import numpy as np
import pytest
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

from scenegym.envs.core.header import EPISODE
from scenegym.envs.rulesets import env_ids
from scenegym.training.vec_env import SceneVecEnv, ruleset_of

IDS = env_ids()


def first_legal(masks):
    return np.asarray(masks).argmax(axis=1)


def play_until_done(venv, steps=400, rng=None):
    """Random legal play: per step (obs, reward, done, infos, scene number before, after)."""
    rng = rng or np.random.default_rng(0)
    seen = []
    for _ in range(steps):
        masks = get_action_masks(venv)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        scene_before = venv.seated.batch.state[:, EPISODE].copy()
        venv.step_async(actions)
        obs, reward, done, infos = venv.step_wait()
        seen.append((obs, reward, done, infos, scene_before,
                     venv.seated.batch.state[:, EPISODE].copy()))
    return seen


@pytest.mark.parametrize("env_id", IDS)
def test_reset_and_step_shapes(env_id):
    venv = SceneVecEnv(env_id, 6, opponent="random")
    rs = ruleset_of(env_id)
    venv.seed(11)
    obs = venv.reset()
    assert obs.shape == (6, rs.layout_of(rs.default_config()).obs_size) and obs.dtype == np.float32
    assert venv.observation_space.contains(obs[0])
    venv.step_async(first_legal(venv.action_masks()))
    obs, reward, done, infos = venv.step_wait()
    assert obs.shape == (6, rs.layout_of(rs.default_config()).obs_size) and reward.shape == (6,) and done.shape == (6,)
    assert done.dtype == np.bool_ and len(infos) == 6


@pytest.mark.parametrize("env_id", IDS)
def test_masks_reach_maskable_ppo_through_env_method_and_get_attr(env_id):
    venv = SceneVecEnv(env_id, 5, opponent="random")
    venv.reset()
    assert is_masking_supported(venv)
    masks = get_action_masks(venv)  # what MaskablePPO calls: np.stack(env_method(...))
    assert masks.shape == (5, ruleset_of(env_id).layout_of(ruleset_of(env_id).default_config()).num_actions) and masks.dtype == np.bool_
    np.testing.assert_array_equal(masks, venv.seated.masks)
    assert masks.any(axis=1).all()  # a decision is pending in every env
    from_attr = np.stack([f() for f in venv.get_attr("action_masks")])
    np.testing.assert_array_equal(from_attr, masks)
    assert [len(m) for m in venv.env_method("action_masks", indices=[1, 3])] == [masks.shape[1]] * 2
    with pytest.raises(AttributeError, match="action_masks"):
        venv.env_method("render_scene")


@pytest.mark.parametrize("env_id", IDS)
def test_ended_scenes_carry_terminal_observation_and_autoreset(env_id):
    """Crew: +1 won, -1 lost, -1 cut off (the default ``cutoff_result``); every end is
    the rules', so ``TimeLimit.truncated`` is false (no value is bootstrapped past it)."""
    venv = SceneVecEnv(env_id, 8, opponent="random")
    venv.seed(3)
    venv.reset()
    ended = 0
    for obs, reward, done, infos, scene_before, scene_after in play_until_done(venv, 150):
        for i in range(8):
            if done[i]:
                ended += 1
                term_obs = infos[i]["terminal_observation"]
                assert term_obs.shape == obs[i].shape
                assert not infos[i]["cut_off"] or reward[i] == -1.0
                assert infos[i]["TimeLimit.truncated"] is False
                assert reward[i] in (-1.0, 0.0, 1.0)
                assert scene_after[i] == scene_before[i] + 1  # next scene already begun
            else:
                assert "terminal_observation" not in infos[i] and reward[i] == 0
    assert ended > 0


def test_cut_off_scenes_are_terminated_with_their_cutoff_result():
    """Starforged config ``max_moves``: after that many scene moves the scene is cut off
    (worth ``cutoff_result``, here 0): an end the rules define, so terminated (``done``),
    never ``TimeLimit.truncated``."""
    venv = SceneVecEnv("scenegym/StarforgedSceneChallenge-v1", 8, opponent="random",
                       max_moves=1, finish_early=False, cutoff_result=0)
    venv.seed(5)
    venv.reset()
    cut = [reward[i] for _, reward, done, infos, *_ in play_until_done(venv, 60)
           for i in np.flatnonzero(done) if infos[i]["cut_off"]
           and not infos[i]["TimeLimit.truncated"]]
    assert cut and all(r == 0.0 for r in cut)


@pytest.mark.parametrize("env_id", IDS)
def test_same_seed_replays_the_same_scenes(env_id):
    """SB3 seeding: ``seed(s)`` stores seeds s, s+1, ...; the next reset plays seed s."""
    runs = []
    for _ in range(2):
        venv = SceneVecEnv(env_id, 4, opponent="random")
        assert venv.seed(42) == [42, 43, 44, 45]
        trace = [venv.reset()]
        for _ in range(30):
            venv.step_async(first_legal(venv.action_masks()))
            obs, reward, *_ = venv.step_wait()
            trace += [obs, reward]
        runs.append(np.concatenate([t.ravel() for t in trace]))
    np.testing.assert_array_equal(runs[0], runs[1])


@pytest.mark.parametrize("env_id", IDS)
def test_illegal_action_lose_ends_the_scene_as_a_loss(env_id):
    venv = SceneVecEnv(env_id, 3, opponent="random", illegal_action="lose")
    venv.reset()
    actions = first_legal(venv.action_masks())
    illegal = np.flatnonzero(~venv.action_masks()[0])
    actions[0] = illegal[0]
    venv.step_async(actions)
    _, reward, done, infos = venv.step_wait()
    assert done[0] and reward[0] == -1.0 and infos[0]["TimeLimit.truncated"] is False


def test_illegal_action_raise_names_the_env():
    venv = SceneVecEnv(IDS[0], 2, opponent="random")
    venv.reset()
    actions = first_legal(venv.action_masks())
    actions[1] = np.flatnonzero(~venv.action_masks()[1])[0]
    venv.step_async(actions)
    with pytest.raises(ValueError, match="env 1"):
        venv.step_wait()


def test_unknown_env_id_is_refused_with_the_registered_ids():
    with pytest.raises(ValueError, match="registered"):
        SceneVecEnv("scenegym/Nope-v0", 2)
