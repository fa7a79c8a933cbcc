"""Clone and serialize, exactly (issue 23, item 1; DESIGN.md, "Clone and chance").

A clone, a deep copy and a pickled copy of an env step the same random legal actions as the
original and agree on every observation, mask, reward and episode end; a state is refused, by
name, by an env of another ruleset, config, layout, version, seat or size.
"""

import copy
import pickle
import re

import gymnasium as gym
import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import EPISODE
from scenegym.envs.rulesets import env_ids, get_ruleset

STEPS = 1000
SF = "scenegym/StarforgedSceneChallenge-v1"


def copies(env) -> list:
    """The env's clone, deep copy and pickled copy."""
    return [env.clone(), copy.deepcopy(env), pickle.loads(pickle.dumps(env))]


def random_legal(rng, mask) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def assert_same(got, want, what: str) -> None:
    for g, w in zip(got, want, strict=True):
        assert_equal(g, w, what)


def assert_equal(got, want, what: str) -> None:
    """Arrays equal, and dicts (infos, ``final_info`` within them) key by key."""
    if isinstance(want, dict):
        assert want.keys() == got.keys(), what
        for key in want:
            assert_equal(got[key], want[key], f"{what}: {key}")
    else:
        np.testing.assert_array_equal(got, want, err_msg=what)


@pytest.mark.parametrize("env_id", env_ids())
def test_a_single_env_clone_replays_1000_random_legal_steps(env_id):
    """The clone, ``copy.deepcopy`` and ``pickle`` copies of a single env in mid-scene step
    the same 1,000 random legal actions as the original (resetting when it does) and agree
    on every observation, mask, reward and episode end. (Before: a deep copy's observation
    and mask stayed frozen at the copy and it reported no episode end.)"""
    env = gym.make(env_id, opponent="random").unwrapped
    _, info = env.reset(seed=7)
    rng = np.random.default_rng(1)
    for _ in range(5):
        env.step(random_legal(rng, info["action_mask"]))
        _, info = env.reset()
    twins, ends = copies(env), 0
    for n in range(STEPS):
        action = random_legal(rng, info["action_mask"])
        out = env.step(action)
        for twin in twins:
            assert_same(twin.step(action), out, f"{env_id} step {n}")
        info = out[4]
        if out[2] or out[3]:
            ends += 1
            out = env.reset()
            for twin in twins:
                assert_same(twin.reset(), out, f"{env_id} reset after step {n}")
            info = out[1]
    assert ends > 0


@pytest.mark.parametrize("env_id", env_ids())
def test_a_vector_env_clone_replays_1000_random_legal_steps(env_id):
    """The same for the native vector env (same-step autoreset, final observations)."""
    env = gym.make_vec(env_id, num_envs=3, vectorization_mode="vector_entry_point", seat="gm")
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(2)
    twins, ends = copies(env.unwrapped), 0
    for n in range(STEPS):
        actions = np.array([random_legal(rng, m) for m in info["action_mask"]])
        out = env.step(actions)
        for twin in twins:
            assert_same(twin.step(actions), out, f"{env_id} step {n}")
        info = out[4]
        ends += int((out[2] | out[3]).sum())
    assert ends > 0


def test_a_batch_clone_replays_both_seats_and_copies_rows_exactly():
    """The engine batch (both seats external): its clone, deep and pickled copies, and a
    batch of the same seed whose rows were copied from it in reverse order (``copy_rows``,
    after it had played on its own) keep step with it for 1,000 decisions of random legal
    actions, episodes ending and starting again."""
    rs = get_ruleset("starforged")
    batch = SceneBatch(rs, rs.default_config(), 4)
    batch.reset(11)
    rng = np.random.default_rng(3)
    rows = SceneBatch(rs, rs.default_config(), 4)
    rows.reset(11)
    for _ in range(7):
        rows.step(np.array([random_legal(rng, m) if m.any() else 0 for m in rows.masks]))
    rows.copy_rows([3, 2, 1, 0], batch, [0, 1, 2, 3])
    twins = copies(batch)
    for n in range(STEPS):
        actions = np.array([random_legal(rng, m) for m in batch.masks])
        out = [a.copy() for a in batch.step(actions)]
        for twin in twins:
            assert_same(twin.step(actions), out, f"step {n}")
        assert_same([a[::-1] for a in rows.step(actions[::-1])], out, f"rows, step {n}")
        for twin, order in [*((t, slice(None)) for t in twins), (rows, slice(None, None, -1))]:
            assert_same((twin.state[order], twin.obs[order], twin.masks[order]),
                        (batch.state, batch.obs, batch.masks), f"step {n}")
        if batch.over.any():
            over = batch.over.copy()
            for b in (batch, *twins):
                b.next_episode(over)
            rows.next_episode(over[::-1])
    assert batch.state[:, EPISODE].sum() > 0  # episodes ended and began again


def test_a_deep_copy_keeps_the_undrained_event_log():
    """A copy's transcript so far is the original's."""
    env = gym.make(SF, render_mode="ansi").unwrapped
    _, info = env.reset(seed=5)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert copy.deepcopy(env).render() == env.render()


# -- refusals: a state of something else is refused by name -----------------------------------


@pytest.fixture(scope="module")
def starforged_env():
    env = gym.make(SF).unwrapped
    env.reset(seed=1)
    return env


@pytest.mark.parametrize(("field", "value"), [("config_digest", "0123456789abcdef"),
                                              ("layout", (1, 2, 3)), ("version", "0.0.0")])
def test_set_state_refuses_a_state_of_another_config_layout_or_version(starforged_env, field,
                                                                       value):
    state = starforged_env.get_state()
    foreign = state._replace(seated=state.seated._replace(
        batch=state.seated.batch._replace(**{field: value})))
    with pytest.raises(ValueError, match=re.escape(f"this state has {field} {value!r}")):
        starforged_env.set_state(foreign)


def test_set_state_refuses_a_state_of_another_ruleset_seat_or_size(starforged_env):
    momentum = gym.make("scenegym/MomentumScene-v1").unwrapped
    momentum.reset(seed=1)
    with pytest.raises(ValueError, match="this state has ruleset 'momentum'; the batch has "
                                         "ruleset 'starforged'"):
        starforged_env.set_state(momentum.get_state())
    gm = gym.make(SF, seat="gm").unwrapped
    gm.reset(seed=1)
    with pytest.raises(ValueError, match="this state has seat 'gm'"):
        starforged_env.set_state(gm.get_state())
    vector = gym.make_vec(SF, num_envs=2, vectorization_mode="vector_entry_point").unwrapped
    vector.reset(seed=1)
    with pytest.raises(ValueError, match="this state has 2 envs; the batch has 1"):
        starforged_env.set_state(vector.get_state())
    with pytest.raises(TypeError, match="an env's state is an EnvState"):
        starforged_env.set_state(b"bytes")


def test_a_state_set_on_another_env_of_the_same_id_replays():
    """``get_state`` on one env, ``set_state`` on a fresh one (made, never reset): the two
    step alike."""
    env, other = gym.make(SF).unwrapped, gym.make(SF).unwrapped
    _, info = env.reset(seed=4)
    other.set_state(pickle.loads(pickle.dumps(env.get_state())))
    rng = np.random.default_rng(4)
    for n in range(200):
        action = random_legal(rng, info["action_mask"])
        out = env.step(action)
        assert_same(other.step(action), out, f"step {n}")
        info = out[4] if not (out[2] or out[3]) else env.reset()[1]
        if out[2] or out[3]:
            other.reset()


def test_an_opponent_object_that_does_not_pickle_is_refused_by_pickle():
    """An opponent given as an object travels with the env: pickle refuses one it cannot
    pickle (no silently different copy)."""

    class Local:  # a class local to this function: pickle cannot find it by name
        compiled = None

        def act(self, obs, masks, env_ids):
            return np.array([int(np.flatnonzero(m)[0]) for m in masks])

    env = gym.make(SF, opponent=Local()).unwrapped
    env.reset(seed=1)
    with pytest.raises((AttributeError, pickle.PicklingError), match="Local"):
        pickle.dumps(env)
    assert copy.deepcopy(env).get_state().seated.flags.shape == (1, 4)


def test_async_vector_env_runs_scenegym_envs():
    """Gymnasium's AsyncVectorEnv (a process per env, the envs' makers pickled): seeded, it
    plays what the same envs play in one process."""
    make = [lambda: gym.make(SF, opponent="random") for _ in range(2)]
    async_env = gym.vector.AsyncVectorEnv(make)
    sync_env = gym.vector.SyncVectorEnv(make)
    try:
        a_obs, a_info = async_env.reset(seed=[1, 2])
        s_obs, s_info = sync_env.reset(seed=[1, 2])
        np.testing.assert_array_equal(a_obs, s_obs)
        rng = np.random.default_rng(5)
        for _ in range(50):
            actions = np.array([random_legal(rng, m) if m.any() else 0  # ended: autoreset
                                for m in s_info["action_mask"]])
            a_out, s_out = async_env.step(actions), sync_env.step(actions)
            for a, s in zip(a_out[:4], s_out[:4], strict=True):
                np.testing.assert_array_equal(a, s)
            s_info = s_out[4]
    finally:
        async_env.close()
        sync_env.close()


def aec_view(env) -> tuple:
    """What the PettingZoo env shows: the seat selected, both seats' observations, masks,
    rewards and ends."""
    seat = env.agent_selection
    return (seat, *(env.observe(a)["observation"] for a in env.possible_agents),
            *(env.observe(a)["action_mask"] for a in env.possible_agents),
            np.array([env.rewards[a] for a in env.possible_agents]),
            np.array([env.terminations[a] or env.truncations[a] for a in env.possible_agents]))


@pytest.mark.parametrize("env_id", env_ids())
def test_a_pettingzoo_env_clone_replays_1000_random_legal_steps(env_id):
    """The PettingZoo env's clone, deep copy and pickled copy take the same 1,000 decisions
    of both seats (a new scene at each end) and show the same at every one."""
    from scenegym import pettingzoo

    env = pettingzoo.raw_env(env_id)
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    twins = copies(env)
    for n in range(STEPS):
        if any(env.terminations.values()) or any(env.truncations.values()):
            for e in (env, *twins):
                e.reset(seed=n)
        action = random_legal(rng, env.observe(env.agent_selection)["action_mask"])
        for e in (env, *twins):
            e.step(action)
        for twin in twins:
            assert_same(aec_view(twin), aec_view(env), f"{env_id} decision {n}")
