"""Invariants of the Starforged scene challenge, checked after every decision by ``scenegym soak``.

Pools stay in their ranges (Ironsworn: Starforged, "Momentum": "your momentum can't exceed
your max momentum" and "can't go below -6"; "Condition meters": health, spirit and supply
from 0 to 5; an impact is marked only at 0 and its meter cannot rise again), the progress
track and tension clock stay within their size, the move count within the limit.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.starforged import state as st

VARIANTS = {
    "default": {},
    "final rulebook": {"clock_by_situation": (4, 4, 4)},
    "random situation": {"situation": "random"},
    "GM situation": {"situation": "gm"},
    "oracle prices": {"price_by": "oracle"},
    "random approach": {"approach": "random"},
    "free stat": {"approach": "crew"},
    "no early finish": {"finish_early": False},
    "narrow momentum": {"momentum_max": 3, "momentum_min": -1, "momentum_reset": (0, 0, 0),
                        "momentum_start": 0},
    "epic rank, 3 boxes": {"rank": "epic", "boxes": 3, "meter_max": 1, "meter_start": 1},
}


def check(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """``[(bad rows, what the rule says)]`` over the state rows."""
    impacts = state[:, st.WOUNDED] + state[:, st.SHAKEN] + state[:, st.UNPREPARED]
    momentum = state[:, st.MOMENTUM]
    checks = [
        ((momentum < config.momentum_min) | (momentum > config.momentum_max - impacts),
         f"momentum within {config.momentum_min}..{config.momentum_max} less the impacts"),
        (state[:, st.PROGRESS] > config.boxes * config.ticks_per_box, "progress within the track"),
        ((state[:, st.CLOCK] < 0) | (state[:, st.CLOCK] > state[:, st.SEGMENTS]),
         "clock within its segments"),
        (~np.isin(state[:, st.BONUS], (0, config.advantage_bonus)), "bonus 0 or the advantage bonus"),
        (state[:, st.MOVES] > config.max_moves, "moves within max_moves"),
        (state[:, st.PROGRESS] < 0, "progress not negative"),
    ]
    for meter, flag, name in ((st.HEALTH, st.WOUNDED, "health"), (st.SPIRIT, st.SHAKEN, "spirit"),
                              (st.SUPPLY, st.UNPREPARED, "supply")):
        checks.append(((state[:, meter] < 0) | (state[:, meter] > config.meter_max),
                       f"{name} within 0..{config.meter_max}"))
        checks.append(((state[:, flag] == 1) & (state[:, meter] != 0),
                       f"{name} at 0 while its impact is marked"))
        checks.append((~np.isin(state[:, flag], (0, 1)), f"{name} impact flag 0 or 1"))
    return checks
