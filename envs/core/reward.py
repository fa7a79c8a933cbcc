"""Rewards of the two seats.

Crew: +1 when the scene is won, -1 when lost, 0 when cut off (given at the scene's end).

GM, ``adversarial``: the negative of the crew's reward.

GM, ``director``: the GM plays for a good scene, not for a win. At the scene's end it gets

    r = (w_swing * min(L, swing_cap) / swing_cap
         + w_doubt * (1 - M / 100)
         + w_length * max(0, 1 - |D - target| / target)) / (w_swing + w_doubt + w_length)

where ``L`` is how many times the lead changed hands during the scene (header
``LEAD_CHANGES``), ``M`` the size of the lead when the scene ended (header ``MARGIN``, 0..100:
a scene decided by a hair has M near 0, so the outcome stayed in doubt late), and ``D`` the
decisions the scene took against the designer's ``target``. ``r`` lies in [0, 1]; every
weight is config. A scene the GM forfeited with an illegal action scores -1.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scenegym.envs.core.header import CREW, DECISIONS, FORFEITED, LEAD_CHANGES, MARGIN
from scenegym.envs.core.validate import check_choice, check_int

GM_REWARDS = ("adversarial", "director")


@dataclass(frozen=True)
class DirectorWeights:
    """Weights and targets of the director reward (see module docstring)."""

    w_swing: float = 1.0
    w_doubt: float = 1.0
    w_length: float = 1.0
    swing_cap: int = 3
    target_decisions: int = 20

    def __post_init__(self):
        for name in ("w_swing", "w_doubt", "w_length"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0 <= v <= 100:
                raise ValueError(f"director field {name!r} is {v!r}; allowed: a number in 0..100")
        if self.w_swing + self.w_doubt + self.w_length <= 0:
            raise ValueError("director weights must not all be 0")
        check_int("swing_cap", self.swing_cap, 1, 1000)
        check_int("target_decisions", self.target_decisions, 1, 100_000)


def director_reward(state: np.ndarray, w: DirectorWeights) -> np.ndarray:
    """Director reward of each row of ``state`` (call on rows whose scene just ended)."""
    swing = np.minimum(state[:, LEAD_CHANGES], w.swing_cap) / w.swing_cap
    doubt = 1.0 - state[:, MARGIN] / 100.0
    d = state[:, DECISIONS]
    length = np.maximum(0.0, 1.0 - np.abs(d - w.target_decisions) / w.target_decisions)
    total = w.w_swing * swing + w.w_doubt * doubt + w.w_length * length
    reward = total / (w.w_swing + w.w_doubt + w.w_length)
    return np.where(state[:, FORFEITED] == 1, -1.0, reward).astype(np.float32)


def seat_reward(seat: int, gm_reward: str, crew_reward, state, weights: DirectorWeights):
    """The learner seat's reward from the crew's reward and the ended scenes' state rows."""
    check_choice("gm_reward", gm_reward, GM_REWARDS)
    if seat == CREW:
        return crew_reward
    if gm_reward == "adversarial":
        return -crew_reward
    return director_reward(state, weights)
