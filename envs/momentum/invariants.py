"""Invariants of the Momentum ruleset, checked after every decision by ``scenegym soak``.

The crew's Momentum pool stays within 0..Full Momentum; each PC's wounds within 0..Strength +
Will and Willpower within 0..Will; a roll's Risk within 0..risk_cap.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.momentum import state as st

VARIANTS = {
    "default": {},
    "social": {"kind": "social"},
    "social goal": {"kind": "social", "social_mode": "goal"},
    "mission": {"episode": "mission"},
    "one PC, group order": {"pcs": 1, "order": "group"},
    "six PCs, ambushed": {"pcs": 6, "npcs": 6, "opening": "ambushed"},
    "ambush, fiat": {"opening": "ambush", "fiat_uses": 2},
}


def check(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """``[(bad rows, what the rule says)]`` over the state rows."""
    pcs = config.pcs
    capacity = np.array(config.pc_strength[:pcs]) + np.array(config.pc_will[:pcs])
    wounds = state[:, st.WOUNDS:st.WOUNDS + pcs]
    will = state[:, st.WILLPOWER:st.WILLPOWER + pcs]
    momentum = state[:, st.MOMENTUM]
    return [
        ((momentum < 0) | (momentum > state[:, st.FULL]), "Momentum within 0..Full Momentum"),
        (((wounds < 0) | (wounds > capacity)).any(axis=1), "wounds within 0..Strength + Will"),
        (((will < 0) | (will > np.array(config.pc_will[:pcs]))).any(axis=1),
         "Willpower within 0..Will"),
        ((state[:, st.RISK] < 0) | (state[:, st.RISK] > config.risk_cap), "Risk within 0..risk_cap"),
    ]
