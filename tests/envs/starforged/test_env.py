"""The Starforged Gymnasium env and vector env: peer checkers, autoreset, seeding, masks, render.

DESIGN.md: "Peer checkers over every registered id: Gymnasium's check_env, SB3's check_env";
"gym.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point") gives the native
batched gymnasium.vector.VectorEnv"; masks reach learners "as info["action_mask"],
env.action_masks()".
"""

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.observation import OBSERVATION_NAMES
from scenegym.envs.starforged.transcript import ACTION_NAMES

ENV_ID = "scenegym/StarforgedSceneChallenge-v1"
OBS = {name: k for k, name in enumerate(OBSERVATION_NAMES)}
SEATS = ("crew", "gm")


def legal_choice(rng, mask):
    """A uniformly random legal action of one mask."""
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("seat, options, first_phase", [
    ("crew", {}, "phase_move"),
    ("gm", {"situation": "gm"}, "phase_situation"),
])
def test_vector_env_same_step_autoreset(seat, options, first_phase):
    """DESIGN: "same-step autoreset": a scene that ends reports ``final_obs``/``_final_obs``
    and the returned observation is already the next scene's first decision."""
    envs = gym.make_vec(ENV_ID, num_envs=8, vectorization_mode="vector_entry_point", seat=seat,
                        opponent="random", **options)
    rng = np.random.default_rng(0)
    obs, infos = envs.reset(seed=3)
    ended = 0
    for _ in range(300):
        actions = [legal_choice(rng, m) for m in infos["action_mask"]]
        obs, reward, term, trunc, infos = envs.step(actions)
        done = term | trunc
        assert ("_final_obs" in infos) == bool(done.any())
        assert np.all(reward[~done] == 0)
        if not done.any():
            continue
        ended += int(done.sum())
        assert np.array_equal(infos["_final_obs"], done)
        final = infos["final_obs"][done]
        assert not final[:, :st.NUM_PHASES].any()  # the ended scene has no pending decision
        new = obs[done]
        assert (new[:, OBS[first_phase]] == 1).all()
        assert (new[:, OBS["moves_share"]] == 0).all()
        assert (new[:, OBS["progress_share"]] == 0).all()
        assert infos["action_mask"][done].any(axis=1).all()
    assert ended >= 8
    envs.close()


def trajectory(seed, steps=80, **kwargs):
    """Observations, rewards and end flags of ``steps`` random legal steps after ``reset(seed)``."""
    env = gym.make(ENV_ID, opponent="random", **kwargs)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=seed)
    out = [obs]
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(legal_choice(rng, info["action_mask"]))
        out += [obs, np.array([reward, term, trunc])]
        if term or trunc:
            obs, info = env.reset()
            out.append(obs)
    return out


@pytest.mark.parametrize("seat", SEATS)
def test_seeding_replays_and_seeds_differ(seat):
    """DESIGN: "Dice are explicit and reproducible per scene": the same seed replays the
    same trajectory (opponent included); another seed plays another."""
    a, b, c = trajectory(5, seat=seat), trajectory(5, seat=seat), trajectory(6, seat=seat)
    assert all(np.array_equal(x, y) for x, y in zip(a, b)) and len(a) == len(b)
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))


def test_vector_env_seeding_replays():
    def run(seed):
        envs = gym.make_vec(ENV_ID, num_envs=4, vectorization_mode="vector_entry_point",
                            opponent="random")
        rng = np.random.default_rng(1)
        obs, infos = envs.reset(seed=seed)
        out = [obs]
        for _ in range(40):
            obs, reward, *_, infos = envs.step([legal_choice(rng, m) for m in infos["action_mask"]])
            out += [obs, reward]
        return out

    assert all(np.array_equal(x, y) for x, y in zip(run(9), run(9)))


@pytest.mark.parametrize("seat", SEATS)
def test_info_action_mask_equals_action_masks(seat):
    """DESIGN: masks reach learners "as info["action_mask"], env.action_masks()"; a finished
    scene's info mask is the next scene's first, the one ``reset()`` shows (so a masked policy
    under Gymnasium's sync or async vector env, which steps it once more, never sees an
    all-False mask)."""
    env = gym.make(ENV_ID, seat=seat)
    masks_of = env.unwrapped.action_masks
    rng = np.random.default_rng(2)
    _, info = env.reset(seed=4)
    ends = 0
    for _ in range(150):
        assert np.array_equal(info["action_mask"], masks_of()) and info["action_mask"].any()
        _, _, term, trunc, info = env.step(legal_choice(rng, info["action_mask"]))
        if term or trunc:
            ends += 1
            ended_mask = info["action_mask"]
            _, info = env.reset()
            assert ended_mask.any() and np.array_equal(ended_mask, info["action_mask"])
    assert ends > 0


def test_render_ansi_transcript_names_the_moves():
    """render_mode="ansi" gives a readable transcript with the moves taken."""
    env = gym.make(ENV_ID, render_mode="ansi", opponent="heuristic")
    _, info = env.reset(seed=1)
    taken = set()
    secure = [st.A_SECURE_ADVANTAGE + k for k in range(st.NUM_STATS)]
    face = [st.A_FACE_DANGER + k for k in range(st.NUM_STATS)]
    plan = secure  # first Secure an Advantage with the stat named, then Face Danger
    done = False
    while not done:
        mask = info["action_mask"]
        choice = next(a for a in plan + face + [st.A_BURN, st.A_TAKE_MOMENTUM] if mask[a])
        plan = []
        taken.add(choice)
        _, _, term, trunc, info = env.step(choice)
        done = term or trunc
    text = env.render()
    assert text.startswith("Begin the Scene")
    for a in taken:
        assert f"crew: {ACTION_NAMES[a]}" in text
    assert not trunc and "Finish the Scene (progress roll)" in text
    assert "Scene over" in text


def test_render_of_later_scenes_starts_with_their_own_begin_and_ends_with_their_end():
    """Each scene's transcript holds that scene only: the next scene begins inside the step
    that ends the last one, and its Begin the Scene line belongs to the next transcript."""
    env = gym.make(ENV_ID, render_mode="ansi", opponent="heuristic")
    _, info = env.reset(seed=5)
    for _ in range(3):
        done = False
        while not done:
            _, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = term or trunc
        lines = env.render().strip().splitlines()
        assert lines[0].startswith("Begin the Scene")
        assert "Scene over" in lines[-1]
        assert sum("Begin the Scene" in line for line in lines) == 1
        _, info = env.reset()


def test_gm_seat_without_gm_decisions_is_refused():
    """A GM learner needs a config where the GM decides: price_by="oracle" with a fixed
    situation and the crew's free choice of stat (approach="crew") gives it none."""
    with pytest.raises(ValueError, match="gm seat never decides"):
        gym.make(ENV_ID, seat="gm", price_by="oracle", approach="crew")
    env = gym.make(ENV_ID, seat="gm", price_by="oracle", approach="crew",
                   situation="gm")  # it chooses the clock
    obs, _info = env.reset(seed=0)
    assert obs[OBS["phase_situation"]] == 1


def test_reset_in_the_middle_of_a_scene_starts_the_next_scene():
    """An abandoned scene is not carried over: reset() mid-scene begins scene k+1."""
    from scenegym.envs.core.header import DECISIONS, EPISODE

    env = gym.make(ENV_ID, opponent="heuristic")
    _, info = env.reset(seed=4)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    state = env.unwrapped.seated.batch.state
    assert state[0, EPISODE] == 0 and state[0, DECISIONS] >= 1
    env.reset()
    assert state[0, EPISODE] == 1
    fresh = gym.make(ENV_ID, opponent="heuristic")
    fresh.reset(seed=4)
    fresh.unwrapped.seated.next_episode()
    assert (fresh.unwrapped.seated.batch.state[0] == state[0]).all()
