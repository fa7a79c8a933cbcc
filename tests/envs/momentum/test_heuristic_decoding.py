"""The Momentum heuristic decides on the true Momentum and Full under any config.

Its Brace and fiat rules name Momentum and Full, which it reads back from the observation
(Full from its fixed-scale slot, Momentum as a share of Full). Played with Full overridden
(``full_momentum``) below and at the observed maximum, every spend and fiat decision is
checked against the rule of thumb applied to the state itself.
"""

import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import PHASE
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.heuristic import MomentumHeuristic
from scenegym.envs.momentum.ruleset import MOMENTUM
from scenegym.envs.momentum.state import MAX_FULL

FIAT_NONE = st.A_FIAT + st.FIAT_ACTIONS_MAX  # the fiat action moving Momentum by 0


def intended_spend(row, mask, h: MomentumHeuristic):
    """The class doc's crew spend rule on the state."""
    if mask[st.A_WILLPOWER]:
        return st.A_WILLPOWER
    if mask[st.A_PRESS] and not row[st.BRACED] and row[st.RISK] <= h.press_up_to:
        return st.A_PRESS
    if (mask[st.A_BRACE] and not row[st.PRESSED] and row[st.RISK] >= h.brace_from
            and row[st.MOMENTUM] >= h.brace_momentum):
        return st.A_BRACE
    return st.A_ROLL


def intended_fiat(row, mask):
    """The director's fiat on the state: the legal move nearest to just across half of Full."""
    full, momentum = row[st.FULL], row[st.MOMENTUM]
    lead_from = (full + 1) // 2  # the least Momentum with initiative: 2 x Momentum >= Full
    want = (lead_from - 1 if momentum >= lead_from else lead_from) - momentum
    legal = [a for a in range(st.A_FIAT, st.A_FIAT + 2 * st.FIAT_ACTIONS_MAX + 1) if mask[a]]
    return min(legal, key=lambda a: abs(a - FIAT_NONE - want))


def play_decisions(config, heuristic, n=60, seed=5):
    """Play ``n`` scenes with the heuristic in both seats; count the spend actions and the
    fiat decisions, asserting each equals the rule of thumb on the state."""
    batch = SceneBatch(MOMENTUM, config, n)
    batch.reset(seed)
    seen = {st.A_BRACE: 0, st.A_PRESS: 0, st.A_ROLL: 0, "fiat": 0}
    while not batch.over.all():
        running = ~batch.over
        actions = np.zeros(n, np.int64)
        actions[running] = heuristic.act(batch.obs[running], batch.masks[running])
        for i in np.flatnonzero(running):
            row, mask, phase = batch.state[i], batch.masks[i], batch.state[i, PHASE]
            if phase == st.SPEND:
                intended = intended_spend(row, mask, heuristic)
                seen[intended] = seen.get(intended, 0) + 1
            elif phase == st.FIAT:
                intended = intended_fiat(row, mask)
                seen["fiat"] += 1
            else:
                continue
            assert actions[i] == intended, (f"env {i}, phase {phase}: Momentum "
                                            f"{row[st.MOMENTUM]} of {row[st.FULL]}, Risk "
                                            f"{row[st.RISK]}: chose {actions[i]}, not {intended}")
        batch.step(actions, running)
    return seen


@pytest.mark.parametrize("full", [0, 7, MAX_FULL], ids=["formula", "full=7", f"full={MAX_FULL}"])
def test_brace_and_fiat_follow_the_true_momentum_and_full(full):
    config = MomentumConfig(full_momentum=full, fiat_uses=2, pc_will=(0,) * 6,
                            pc_strength=(3,) * 6)
    heuristic = MomentumHeuristic(press_up_to=1, brace_from=2, brace_momentum=3)
    seen = play_decisions(config, heuristic)
    assert min(seen.values()) > 0, seen  # every kind of decision was made and checked
