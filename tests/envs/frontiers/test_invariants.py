"""Engine invariants of Frontiers encounters under random legal play.

(a) Batch invariance (DESIGN.md: "Scene k of env i depends only on (seed, i, k)"): env i
alone replays env i of a batch of 500.
(b) Random legal play under the default rules and every Variant and Alternative: AP within
0..ap_per_turn, MP never negative, Energy within its negative limit and its maximum
("Energy cannot exceed its maximum"), HP within 0..maximum, Wounds within the maximum + 1
(the Wound past it kills), Fatigue within its maximum; a downed participant never has a
decision pending; masks never empty while an encounter runs; observations finite in
[-1, 1].
"""

import numpy as np
import pytest

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, OVER, PHASE
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import VARIANTS, FrontiersConfig
from scenegym.envs.frontiers.ruleset import FRONTIERS


def play(batch, steps, seed, check=None):
    """Random legal play on both seats with autoreset; returns the rows after every step."""
    crew, gm = RandomAgent(seed), RandomAgent(seed + 1)
    batch.reset(seed)
    rows = []
    actions = np.zeros(batch.num_envs, np.int64)
    for _ in range(steps):
        _, over, _ = batch.step(choose_actions(batch, {CREW: crew, GM: gm}, actions))
        if check:
            check(batch)
        batch.next_episode(over)
        rows.append(batch.state.copy())
    return np.array(rows)


def test_env_alone_replays_env_in_a_batch_of_500():
    cfg = FrontiersConfig()
    rows = play(SceneBatch(FRONTIERS, cfg, 500), 300, seed=7)
    for i in (0, 263, 499):
        alone = play(SceneBatch(FRONTIERS, cfg, 1, env_ids=[i]), 300, seed=7)
        assert np.array_equal(rows[:, i], alone[:, 0])


def columns(s, first):
    """The per-participant block starting at column ``first``."""
    return s[:, first: first + st.MAX_CHARS]


def check(batch):
    """The invariants, on every row after a step."""
    s, m, o = batch.state, batch.masks, batch.obs
    cfg = batch.config
    run = s[:, OVER] == 0
    assert m[run].any(axis=1).all() and not m[~run].any()
    assert np.isfinite(o).all() and np.abs(o).max() <= 1.0
    present = columns(s, st.PRESENT) == 1
    ap, mp = columns(s, st.AP), columns(s, st.MP)
    assert ((ap >= 0) & (ap <= cfg.ap_per_turn)).all() and (mp >= 0).all()
    energy, top = columns(s, st.ENERGY), columns(s, st.ENERGY_MAX)
    assert ((energy >= -(top // cfg.negative_divisor)) & (energy <= top))[present].all()
    if cfg.no_overspend or cfg.strain_on_use:
        assert (energy >= 0).all()
    hp = columns(s, st.HP)
    assert ((hp >= 0) & (hp <= columns(s, st.HP_MAX))).all()
    assert (columns(s, st.WOUNDS) <= columns(s, st.WOUNDS_MAX) + 1).all()
    assert (columns(s, st.FATIGUE) <= columns(s, st.FATIGUE_MAX)).all()
    down = (columns(s, st.DOWN) == 1) | (columns(s, st.DEAD) == 1)
    acting = run & np.isin(s[:, PHASE], (st.ACT, st.TARGET_PICK))
    rows = np.flatnonzero(acting)
    assert not down[rows, s[rows, st.ACTIVE]].any()
    reacting = np.flatnonzero(run & (s[:, PHASE] == st.REACT))
    for r in range(st.MAX_CHARS):  # a downed participant is never offered a Reaction
        assert not (m[reacting, st.A_REACT + r] & down[reacting, r]).any()


@pytest.mark.parametrize("variant", [None, *VARIANTS])
def test_random_play_keeps_every_pool_in_range(variant):
    cfg = FrontiersConfig.with_variants(variant) if variant else FrontiersConfig()
    play(SceneBatch(FRONTIERS, cfg, 48), 400, seed=11, check=check)


def test_random_play_of_expeditions_keeps_every_pool_in_range():
    cfg = FrontiersConfig(encounters=3, downtime_hours=2)
    rows = play(SceneBatch(FRONTIERS, cfg, 48), 800, seed=5, check=check)
    assert rows[:, :, st.ENCOUNTER].max() >= 1
