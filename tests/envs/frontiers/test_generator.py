"""The encounter generator: its dice, in the documented order, and a new encounter per episode
that the seed reproduces (``scenegym.envs.frontiers.setup``)."""

import gymnasium as gym
import numpy as np

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig
from scenegym.envs.frontiers.ruleset import FRONTIERS

GENERATED = dict(placement="random", party=("vanguard", "mystic"), enemy_pool=("brute", "raider"),
                 enemies_min=2, enemies_max=4, start_spread=3, line_length=12)


def setups(state) -> np.ndarray:
    """Per env: which slots are present, their archetypes and Units."""
    cols = [st.PRESENT, st.ARCHETYPE, st.POS]
    return np.concatenate([state[:, c:c + st.MAX_CHARS] for c in cols], axis=1)


def test_the_generator_rolls_count_archetypes_then_units_in_slot_order(encounter, config):
    # enemy count: die of 3 sides (2..4) -> 2 = 3 enemies; archetypes: d2 each (raider,
    # brute, raider); Units: d3 per participant in slot order, counted from its side's end.
    enc = encounter(config(**GENERATED), dice=[2, 2, 1, 2, 3, 1, 1, 2, 3])
    e = range(st.MAX_PCS, st.MAX_PCS + 4)
    assert [enc.get("present", c) for c in e] == [1, 1, 1, 0]
    assert [enc.get("archetype", c) for c in e][:3] == [4, 3, 4]  # raider, brute, raider
    assert [enc.get("pos", c) for c in (0, 1)] == [2, 0]
    assert [enc.get("pos", c) for c in e][:3] == [11, 10, 9]


def test_each_episode_generates_a_new_encounter_that_the_seed_reproduces():
    cfg = FrontiersConfig(**GENERATED)

    def episodes(seed, count=12):
        batch = SceneBatch(FRONTIERS, cfg, 4)
        batch.reset(seed)
        out = [setups(batch.state)]
        for _ in range(count - 1):
            batch.next_episode(np.ones(4, np.bool_))
            out.append(setups(batch.state))
        return np.stack(out)  # [episode, env, columns]

    first = episodes(7)
    assert len({first[k, 0].tobytes() for k in range(len(first))}) > 6  # env 0 over episodes
    assert len({first[0, i].tobytes() for i in range(4)}) > 1  # episode 0 over envs
    assert np.array_equal(first, episodes(7))
    assert not np.array_equal(first, episodes(8))


def test_gym_reset_with_a_seed_replays_the_encounter_and_without_one_moves_on():
    env = gym.make("scenegym/FrontiersEncounter-v1", **GENERATED)

    def setup():
        return setups(env.unwrapped.seated.batch.state).copy()

    env.reset(seed=11)
    a = setup()
    later = []
    for _ in range(8):
        env.reset()
        later.append(setup().tobytes())
    env.reset(seed=11)
    assert np.array_equal(setup(), a)
    assert len(set(later)) > 4
