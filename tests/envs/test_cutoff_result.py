"""What a cut-off pays each seat: ``cutoff_result``, the same to the crew and to the GM.

Star Trek Adventures 2nd Edition Core Rulebook, "Conflict" ("Rounds"): "A conflict is broken
into rounds"; the rules name no last round, so the engine's ``max_rounds`` (a config field)
cuts a scene off, an end the rules define (``terminated``, ``info["cut_off"]``). What the
cut-off is worth is the config field ``cutoff_result``: -1 by default, a loss to *each* seat
(a crew that stalls loses; a GM that stalls does not win), or 0 (nothing, the reward before
0.2.0). Were the GM paid the negative of the crew's -1, stalling would pay the GM a win.

With ``max_rounds=1`` and the random opponent, most scenes run into the limit: every scene
cut off pays ``cutoff_result`` to the learner in either seat, through the single env, the
native vector env, the SB3 VecEnv and the PettingZoo env.
"""

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401
from scenegym.envs.aec import raw_env

ID = "scenegym/STAPersonalConflict-v1"
SEATS = ("crew", "gm")
CUTOFFS = (-1, 0)


def legal_choice(rng, mask):
    return int(rng.choice(np.flatnonzero(mask)))


def single_env_ends(seat, cutoff, scenes=30):
    """(cut off, reward) of each scene's end through ``gym.make``."""
    env = gym.make(ID, seat=seat, opponent="random", max_rounds=1, cutoff_result=cutoff)
    rng, ends = np.random.default_rng(1), []
    for scene in range(scenes):
        _, info = env.reset(seed=scene)
        terminated = False
        while not terminated:
            _, reward, terminated, truncated, info = env.step(legal_choice(rng,
                                                                           info["action_mask"]))
            assert not truncated
        ends.append((info["cut_off"], reward))
    return ends


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("cutoff", CUTOFFS)
def test_the_single_env_pays_a_cut_off_its_cutoff_result_in_either_seat(seat, cutoff):
    ends = single_env_ends(seat, cutoff)
    cut = [r for c, r in ends if c]
    assert cut and all(r == cutoff for r in cut)
    assert all(r in (-1.0, 1.0) for c, r in ends if not c)  # a played-out end: won or lost


def test_a_cut_off_is_no_gm_win_by_default():
    """The old zero-sum reward paid the GM +1 for the crew's cut-off loss: no longer."""
    cut = [r for c, r in single_env_ends("gm", -1) if c]
    assert cut and max(cut) == -1.0


@pytest.mark.parametrize("seat", SEATS)
def test_the_vector_env_pays_a_cut_off_its_cutoff_result(seat):
    vec = gym.make_vec(ID, num_envs=8, vectorization_mode="vector_entry_point", seat=seat,
                       opponent="random", max_rounds=1)
    rng = np.random.default_rng(2)
    _, infos = vec.reset(seed=3)
    cut = 0
    for _ in range(60):
        actions = np.array([legal_choice(rng, m) for m in infos["action_mask"]])
        _, reward, terminated, _, infos = vec.step(actions)
        if terminated.any():
            cut_now = infos["final_info"]["cut_off"] & terminated
            assert (reward[cut_now] == -1.0).all()
            cut += int(cut_now.sum())
    assert cut > 0


@pytest.mark.parametrize("seat", SEATS)
def test_the_sb3_vec_env_pays_a_cut_off_its_cutoff_result(seat):
    pytest.importorskip("stable_baselines3")
    from scenegym.training.vec_env import SceneVecEnv

    venv = SceneVecEnv(ID, 8, seat=seat, opponent="random", max_rounds=1, cutoff_result=0)
    venv.seed(5)
    venv.reset()
    rng, cut = np.random.default_rng(3), []
    for _ in range(60):
        masks = np.array(venv.env_method("action_masks"))
        venv.step_async(np.array([legal_choice(rng, m) for m in masks]))
        _, reward, done, infos = venv.step_wait()
        cut += [reward[i] for i in np.flatnonzero(done) if infos[i]["cut_off"]]
    assert cut and all(r == 0.0 for r in cut)


def test_the_pettingzoo_env_pays_both_seats_the_cutoff_result():
    pytest.importorskip("pettingzoo")
    env = raw_env(ID, max_rounds=1)
    rng, seen = np.random.default_rng(4), 0
    for scene in range(30):
        env.reset(seed=scene)
        returns, cut = {"crew": 0.0, "gm": 0.0}, {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            returns[agent] += reward
            if terminated or truncated:
                cut[agent] = info["cut_off"]
                env.step(None)
                continue
            env.step(legal_choice(rng, obs["action_mask"]))
        assert cut["crew"] == cut["gm"]
        if cut["crew"]:
            assert returns == {"crew": -1.0, "gm": -1.0}
            seen += 1
        else:
            assert returns["crew"] == -returns["gm"] != 0  # won or lost: zero-sum
    assert seen > 0


@pytest.mark.parametrize("value", [1, -2, 0.5])
def test_a_cutoff_result_outside_loss_and_nothing_is_refused(value):
    """A cut-off worth a win would pay both seats for stalling."""
    with pytest.raises((ValueError, TypeError), match="cutoff_result"):
        gym.make(ID, cutoff_result=value)
