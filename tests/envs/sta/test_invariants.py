"""Engine invariants of STA personal conflicts under random legal play.

(a) Batch invariance (DESIGN.md: "Scene k of env i depends only on (seed, i, k)"): env i
alone replays env i of a batch of 1000, on the engine and through the Gymnasium adapters.
(b) Random legal play under several configs, personal and social: Momentum within
0..momentum_max ("crew pool max 6"), Threat never negative, Stress within 0..Fitness, Determination within 0..3, a
Defeated or withdrawn character never takes a turn nor rolls ("A defeated character ...
cannot take any actions for the rest of the scene"), nobody acts twice in a round ("no
character may take more than one turn per round"), never more than 5 dice, masks never
empty while a scene runs, observations finite in [-1, 1]; no character attempts more than
two major actions in a round ("You may not attempt more than two major actions during any
round"), traits within 0..trait_max, untreated Injuries never more than Deadly ones, a
reinforcement never both in reserve and present.
"""

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.content import shipped_names
from scenegym.envs.core.events import NOTE, EventRecord
from scenegym.envs.core.header import CREW, GM, OVER, PHASE
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig
from scenegym.envs.sta.ruleset import STA
from scenegym.envs.sta.scenario import FOLDER, PACKAGE, load

CHARS = slice(0, st.MAX_CHARS)
CONFIGS = [{}, {"pcs": 4, "npc_tiers": ("minor", "minor", "notable", "major"),
                "weapons_drawn": False, "success_at_cost": True},
           {"pcs": 1, "npc_tiers": ("major",), "pc_weapon": (1,), "npc_weapon": (2, 1, 7),
            "npc_protection": (0, 0, 1), "npc_reserve": ("minor", "notable"),
            "zones_min": 6, "terrain_percent": 80, "obstacle_percent": 80, "max_rounds": 3},
           {"pcs": 3, "npc_tiers": ("notable", "minor"), "npc_reserve": ("minor", "notable"),
            "pc_weapon": (5, 1, 2), "momentum_start": 6, "threat_per_pc": 4},
           {"conflict": "social", "pcs": 3, "npc_tiers": ("minor", "notable", "major")},
           {"conflict": "social", "pcs": 1, "npc_tiers": ("notable",), "momentum_start": 6}]


def play(batch, steps, seed, check=None, watch=()):
    """Random legal play on both seats with autoreset; returns the rows after each step and
    the raw records of the envs in ``watch``."""
    agents = {CREW: RandomAgent(seed), GM: RandomAgent(seed + 1)}
    batch.reset(seed)
    rows, events = [], {i: [] for i in watch}
    actions = np.zeros(batch.num_envs, np.int64)
    for _ in range(steps):
        _, over, _ = batch.step(choose_actions(batch, agents, actions))
        if check:
            check(batch)
        batch.next_episode(over)
        rows.append(batch.state.copy())
        for i in watch:
            events[i].append(batch.log.records[i, : batch.log.lengths[i]].copy())
        batch.log.lengths[:] = 0
    return np.array(rows), events


@pytest.mark.parametrize("fields", CONFIGS[:2] + CONFIGS[3:5])
def test_env_alone_replays_env_in_batch_of_1000(fields):
    cfg = StaConfig(**fields)
    big = SceneBatch(STA, cfg, 1000, log_capacity=256)
    watched = (0, 517, 999)
    rows, events = play(big, 120, seed=7, watch=watched)
    for i in watched:
        alone = SceneBatch(STA, cfg, 1, env_ids=[i], log_capacity=256)
        rows_i, events_i = play(alone, 120, seed=7, watch=(0,))
        assert np.array_equal(rows[:, i], rows_i[:, 0])
        assert all(np.array_equal(a, b) for a, b in zip(events[i], events_i[0]))


@pytest.mark.parametrize("env_id", ["scenegym/STAPersonalConflict-v1",
                                    "scenegym/STASocialConflict-v1"])
@pytest.mark.parametrize("seat", ["crew", "gm"])
def test_gym_env_alone_replays_vector_env_of_1000(seat, env_id):
    """Through the adapters (opponent random, learner takes its first legal action)."""
    vec = gym.make_vec(env_id, num_envs=1000,
                       vectorization_mode="vector_entry_point", seat=seat, opponent="random")
    obs, infos = vec.reset(seed=3)
    trace = [obs]
    for _ in range(40):
        obs, reward, term, trunc, infos = vec.step(np.argmax(infos["action_mask"], axis=1))
        trace.append((obs, reward.copy(), term | trunc))
    for i in (0, 999):
        env = gym.make(env_id, env_index=i, seat=seat, opponent="random")
        o, info = env.reset(seed=3)
        assert np.array_equal(o, trace[0][i])
        for obs_b, reward_b, done_b in trace[1:]:
            o, r, term, trunc, info = env.step(int(np.argmax(info["action_mask"])))
            assert r == reward_b[i] and (term or trunc) == done_b[i]
            if term or trunc:
                o, info = env.reset()
            assert np.array_equal(o, obs_b[i])


def make_check(cfg):
    def check(batch):
        s, m, o = batch.state, batch.masks, batch.obs
        run = s[:, OVER] == 0
        assert m[run].any(axis=1).all() and not m[~run].any()
        assert np.isfinite(o).all() and np.abs(o).max() <= 1.0
        assert ((0 <= s[:, st.MOMENTUM]) & (s[:, st.MOMENTUM] <= cfg.momentum_max)).all()
        assert (s[:, st.THREAT] >= 0).all()
        stress = s[:, st.STRESS: st.STRESS + st.MAX_CHARS]
        assert ((stress >= 0) & (stress <= s[:, st.STRESS_MAX: st.STRESS_MAX + st.MAX_CHARS])).all()
        det = s[:, st.DETERMINATION: st.DETERMINATION + st.MAX_CHARS]
        assert ((det >= 0) & (det <= 3)).all()
        for field in (st.LIES, st.EVIDENCE, st.SHOWN, st.FEAR, st.OFFERS):
            assert (s[:, field: field + st.MAX_CHARS] >= 0).all()
        assert (s[:, st.BOUGHT] + cfg.base_dice <= cfg.max_dice).all()
        majors = s[:, st.MAJORS: st.MAJORS + st.MAX_CHARS]
        assert ((majors >= 0) & (majors <= cfg.max_majors)).all()
        for field in (st.HINDER, st.BOON):
            traits = s[:, field: field + st.MAX_CHARS]
            assert ((traits >= 0) & (traits <= cfg.trait_max)).all()
        untreated = s[:, st.UNTREATED: st.UNTREATED + st.MAX_CHARS]
        assert ((untreated >= 0)
                & (untreated <= s[:, st.DEADLY_INJURIES: st.DEADLY_INJURIES + st.MAX_CHARS])).all()
        assert not (s[:, st.RESERVE: st.RESERVE + st.MAX_CHARS]
                    & s[:, st.PRESENT: st.PRESENT + st.MAX_CHARS]).any()
        out = (s[:, st.DEFEATED: st.DEFEATED + st.MAX_CHARS]
               | s[:, st.WITHDRAWN: st.WITHDRAWN + st.MAX_CHARS]) == 1
        assert not (m[:, st.A_PICK: st.A_PICK + st.MAX_CHARS] & out).any()
        rolling = run & (s[:, PHASE] == st.BUY)
        rollers = s[rolling, st.ROLLER]
        assert not out[rolling, rollers].any()

    return check


def turns_per_round(events):
    """Each round's TURN notes."""
    rounds, current = [], []
    for e in events:
        if e.kind == NOTE and e.a == st.NOTE_ROUND:
            rounds.append(current)
            current = []
        elif e.kind == NOTE and e.a == st.NOTE_TURN:
            current.append(e.b)
    return rounds + [current]


@pytest.mark.parametrize("fields", CONFIGS)
def test_random_play_invariants(fields):
    check_random_play(StaConfig(**fields), seed=len(fields))


@pytest.mark.parametrize("name", shipped_names(PACKAGE, FOLDER))
def test_random_play_invariants_in_every_shipped_scenario(name):
    """The same invariants in the scenarios shipped as data (personal, social, boarding...)."""
    check_random_play(load(name), seed=3)


def check_random_play(cfg, seed):
    """Random legal play of 48 envs for 300 steps, every invariant checked after each."""
    batch = SceneBatch(STA, cfg, 48, log_capacity=1024)
    _, events = play(batch, 300, seed=seed, check=make_check(cfg), watch=range(6))
    for raw in events.values():
        evs = [EventRecord(*map(int, r)) for step in raw for r in step]
        for turns in turns_per_round(evs):
            assert len(set(turns)) == len(turns)
