"""Engine invariants of Momentum scenes under random legal play.

(a) Batch invariance (DESIGN.md: "Scene k of env i depends only on (seed, i, k)"): env i alone
replays env i of a batch of 1000, on the engine and through the Gymnasium adapters in both
seats.
(b) Random legal play for every ``kind`` x ``pcs`` x ``episode``: Momentum within 0..Full
(seed: "spend all of it", thresholds "Full" and "0"), Wounds within Strength + Will, Willpower
within 0..Will (Rules page), a PC who is out never acts ("a character at capacity is out"),
in every round that runs to its end each NPC acts exactly once and each PC still in play
exactly once (seed: "Every character on a side must act once before any character acts
again"; "Both sides always act"), masks never empty while a scene runs, observations finite
in [-1, 1] whose fixed-scale slots read back (value x declared scale) as the state's counts.
"""

from dataclasses import dataclass, field

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import EPISODE_END, NOTE, EventRecord
from scenegym.envs.core.header import CREW, GM, OVER, PHASE, SEAT
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.observation import SCALE, SLOT
from scenegym.envs.momentum.ruleset import MOMENTUM

SEAT_OF_PHASE = {st.PICK: CREW, st.HANDOFF: CREW, st.SPEND: CREW, st.CORRECT: CREW,
                 st.SEIZE: CREW, st.AT_FULL: CREW, st.NPC_PICK: GM, st.TARGET: GM,
                 st.SET_RISK: GM, st.COST: GM, st.GM_SEIZE: GM, st.AT_ZERO: GM, st.FIAT: GM}
COMBOS = [(kind, pcs, episode) for kind in ("action", "social") for pcs in range(1, 7)
          for episode in ("scene", "mission")]


def play(batch, steps, seed, check=None, watch=None):
    """Random legal play on both seats with autoreset; ``check(batch, over)`` after each step.

    Returns the state rows after every step and, per env in ``watch`` (default: all), its
    raw event records.
    """
    crew, gm = RandomAgent(seed), RandomAgent(seed + 1)
    batch.reset(seed)
    watch = range(batch.num_envs) if watch is None else watch
    rows, events = [], {i: [] for i in watch}
    actions = np.zeros(batch.num_envs, np.int64)
    for _ in range(steps):
        _, over, _ = batch.step(choose_actions(batch, {CREW: crew, GM: gm}, actions))
        if check:
            check(batch, over)
        batch.next_episode(over)
        rows.append(batch.state.copy())
        for i in watch:
            events[i].append(batch.log.records[i, : batch.log.lengths[i]].copy())
        batch.log.lengths[:] = 0
    return np.array(rows), events


@pytest.mark.parametrize("fields", [{}, {"kind": "social", "episode": "mission", "pcs": 3},
                                    {"order": "group", "fiat_uses": 2, "opening": "ambushed"}])
def test_env_alone_replays_env_in_batch_of_1000(fields):
    cfg = MomentumConfig(**fields)
    big = SceneBatch(MOMENTUM, cfg, 1000, log_capacity=256)
    watched = (0, 417, 999)
    rows, events = play(big, 150, seed=7, watch=watched)
    for i in watched:
        alone = SceneBatch(MOMENTUM, cfg, 1, env_ids=[i], log_capacity=256)
        rows_i, events_i = play(alone, 150, seed=7)
        assert np.array_equal(rows[:, i], rows_i[:, 0])
        assert all(np.array_equal(a, b) for a, b in zip(events[i], events_i[0]))


@pytest.mark.parametrize("seat", ["crew", "gm"])
def test_gym_env_alone_replays_vector_env_of_1000(seat):
    """Through the adapters (opponent random, learner takes its first legal action)."""
    vec = gym.make_vec("scenegym/MomentumScene-v1", num_envs=1000,
                       vectorization_mode="vector_entry_point", seat=seat, opponent="random")
    obs, infos = vec.reset(seed=3)
    trace = [obs]
    for _ in range(60):
        obs, reward, term, trunc, infos = vec.step(np.argmax(infos["action_mask"], axis=1))
        trace.append((obs, reward.copy(), term | trunc))  # the adapters reuse their arrays
    for i in (0, 999):
        env = gym.make("scenegym/MomentumScene-v1", env_index=i, seat=seat, opponent="random")
        o, info = env.reset(seed=3)
        assert np.array_equal(o, trace[0][i])
        for obs_b, reward_b, done_b in trace[1:]:
            o, r, term, trunc, info = env.step(int(np.argmax(info["action_mask"])))
            assert r == reward_b[i] and (term or trunc) == done_b[i]
            if term or trunc:
                o, info = env.reset()
            assert np.array_equal(o, obs_b[i])


def make_check(cfg):
    """The invariants of one config, checked on every row after a step."""
    capacity = np.array([s + w for s, w in zip(cfg.pc_strength, cfg.pc_will)])[: cfg.pcs]
    will = np.array(cfg.pc_will)[: cfg.pcs]

    def check(batch, over):
        s, m, o = batch.state, batch.masks, batch.obs
        run = s[:, OVER] == 0
        assert m[run].any(axis=1).all() and not m[~run].any()
        assert np.isfinite(o).all() and np.abs(o).max() <= 1.0
        assert ((0 <= s[:, st.MOMENTUM]) & (s[:, st.MOMENTUM] <= s[:, st.FULL])).all()
        wounds = s[:, st.WOUNDS: st.WOUNDS + cfg.pcs]
        assert ((wounds >= 0) & (wounds <= capacity)).all()
        assert ((wounds == capacity) == (s[:, st.OUT: st.OUT + cfg.pcs] == 1)).all()
        willpower = s[:, st.WILLPOWER: st.WILLPOWER + cfg.pcs]
        assert ((willpower >= 0) & (willpower <= will)).all()
        for phase, seat in SEAT_OF_PHASE.items():
            assert (s[run & (s[:, PHASE] == phase), SEAT] == seat).all()
        rolling = run & np.isin(s[:, PHASE], (st.SPEND, st.CORRECT))
        actors = s[rolling, st.ACTOR]
        assert (s[rolling, st.OUT + actors] == 0).all()  # nobody out ever rolls
        out = s[:, st.OUT: st.OUT + cfg.pcs] == 1
        for first in (st.A_PC, st.A_TARGET):
            assert not (m[:, first: first + cfg.pcs] & out).any()
        counts = {"full_over_40": s[:, st.FULL], "risk": s[:, st.RISK], "hits": s[:, st.HITS],
                  "pool": s[:, st.POOL], "successes": s[:, st.SUCCESSES],
                  "pcs_share": cfg.pcs, "npcs_share": cfg.npcs}
        for name, count in counts.items():
            read = np.rint(o[:, getattr(SLOT, name)] * getattr(SCALE, name))
            assert (read == count).all(), f"slot {name!r} does not read back"

    return check


@dataclass
class Round:
    """One round of a scene: who was out when it began, who went out in it, who acted."""

    out_before: frozenset
    went_out: set = field(default_factory=set)
    pcs: list = field(default_factory=list)
    npcs: list = field(default_factory=list)


def complete_rounds(events):
    """Every round that ran to its end: those followed by the next round of the same scene.

    The last round of a scene (cut short by a threshold, the round limit or the crew being
    out) is left out. PCs out stay out until the episode ends (a mission's later scenes too).
    """
    rounds, current, out = [], None, set()
    for e in events:
        if e.kind == EPISODE_END:
            current, out = None, set()
        if e.kind != NOTE:
            continue
        if e.a == st.NOTE_ROUND:
            if current is not None:
                rounds.append(current)
            current = Round(frozenset(out))
        elif e.a in (st.NOTE_SCENE_START, st.NOTE_SCENE_OVER):
            current = None
        elif e.a == st.NOTE_OUT:
            out.add(e.b)
            if current is not None:
                current.went_out.add(e.b)
        elif e.a == st.NOTE_CREW_TURN and current is not None:
            current.pcs.append(e.b)
        elif e.a == st.NOTE_NPC_TURN and current is not None:
            current.npcs.append(e.b)
    return rounds


@pytest.mark.parametrize("kind, pcs, episode", COMBOS)
def test_random_play_invariants(kind, pcs, episode):
    cfg = MomentumConfig(kind=kind, pcs=pcs, episode=episode, npcs=2, fiat_uses=1,
                         order="group" if pcs % 2 else "handoff")
    batch = SceneBatch(MOMENTUM, cfg, 48, log_capacity=512)
    _, events = play(batch, 250, seed=pcs, check=make_check(cfg), watch=range(8))
    checked = 0
    for raw in events.values():
        evs = [EventRecord(*map(int, r)) for step in raw for r in step]
        for r in complete_rounds(evs):
            assert sorted(r.npcs) == list(range(cfg.npcs))  # every NPC exactly once
            assert len(set(r.pcs)) == len(r.pcs)  # no PC twice
            assert not set(r.pcs) & r.out_before  # nobody out acts
            in_play = set(range(cfg.pcs)) - r.out_before - r.went_out
            assert in_play <= set(r.pcs)  # every PC still in play acted
            checked += 1
    assert checked >= 10  # the rule was checked, not skipped
