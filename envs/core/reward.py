"""Rewards of the two seats.

Crew: +1 when the scene is won, -1 when lost, the ruleset's ``cutoff_result`` (-1 by
default, a loss) when the rules' own limit cuts it off (given at the scene's end).

GM, ``adversarial``: the negative of the crew's reward, except at a cut-off: a cut-off is worth
``cutoff_result`` to the GM too, not its negative. Were it the negative, a cut-off that costs
the crew a loss would pay the GM a win, and a GM would learn to stall; as it is, neither seat
is paid more for stalling than for losing (the game is zero-sum except at a cut-off).

GM, ``director``: the GM plays for a good scene, not for a win. At the scene's end it gets

    r = (w_swing * min(L, swing_cap) / swing_cap
         + w_doubt * (1 - M / 100)
         + w_length * max(0, 1 - |D - target| / target)) / (w_swing + w_doubt + w_length)

where ``L`` is how many times the lead changed hands during the scene (header
``LEAD_CHANGES``), ``M`` the size of the lead when the scene ended (header ``MARGIN``, 0..100:
a scene decided by a hair has M near 0, so the outcome stayed in doubt late), and ``D`` the
decisions the scene took against the designer's ``target``. ``r`` lies in [0, 1]; every
weight is config. A scene the GM forfeited with an illegal action scores -1, and a scene cut
off by the rules' own limit scores ``cutoff_score`` (-1 by default): a scene stalled to its
limit is no good scene, so stalling never pays the director more than any scene played out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scenegym.envs.core.gm_rewards import GM_REWARDS  # noqa: F401 (re-exported)
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    FORFEITED,
    LEAD_CHANGES,
    MARGIN,
    TRUNCATED,
)
from scenegym.envs.core.jit import njit
from scenegym.envs.core.validate import check_choice, check_int


@dataclass(frozen=True)
class DirectorWeights:
    """Weights and targets of the director reward (see module docstring)."""

    w_swing: float = 1.0
    w_doubt: float = 1.0
    w_length: float = 1.0
    swing_cap: int = 3
    target_decisions: int = 20
    cutoff_score: float = -1.0

    def __post_init__(self):
        for name in ("w_swing", "w_doubt", "w_length"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0 <= v <= 100:
                raise ValueError(f"director field {name!r} is {v!r}; allowed: a number in 0..100")
        if self.w_swing + self.w_doubt + self.w_length <= 0:
            raise ValueError("director weights must not all be 0")
        check_int("swing_cap", self.swing_cap, 1, 1000)
        check_int("target_decisions", self.target_decisions, 1, 100_000)
        if not isinstance(self.cutoff_score, (int, float)) or not -1 <= self.cutoff_score <= 0:
            raise ValueError(f"director field 'cutoff_score' is {self.cutoff_score!r}; allowed: "
                             "a number in -1..0 (above 0 a stalled scene could pay more than "
                             "one played out)")


    def as_array(self) -> np.ndarray:
        """float64[6]: the weights as the compiled step reads them (:func:`director_row`)."""
        return np.array([self.w_swing, self.w_doubt, self.w_length, self.swing_cap,
                         self.target_decisions, self.cutoff_score], np.float64)


# How the learner seat is paid (compiled code reads these codes).
PAY_CREW, PAY_ADVERSARIAL, PAY_DIRECTOR = 0, 1, 2


def pay_mode(seat: int, gm_reward: str) -> int:
    """The payment code of a learner in ``seat`` with GM reward ``gm_reward``."""
    check_choice("gm_reward", gm_reward, GM_REWARDS)
    if seat == CREW:
        return PAY_CREW
    return PAY_ADVERSARIAL if gm_reward == "adversarial" else PAY_DIRECTOR


@njit(cache=True)
def director_row(s, w):
    """The director reward of the ended episode in state row ``s``; ``w`` from
    :meth:`DirectorWeights.as_array`."""
    if s[FORFEITED] == 1:
        return -1.0
    if s[TRUNCATED] == 1:
        return w[5]
    swing = min(s[LEAD_CHANGES], w[3]) / w[3]
    doubt = 1.0 - s[MARGIN] / 100.0
    length = max(0.0, 1.0 - abs(s[DECISIONS] - w[4]) / w[4])
    return (w[0] * swing + w[1] * doubt + w[2] * length) / (w[0] + w[1] + w[2])


@njit(cache=True)
def adversarial_payment(crew_reward, extra):
    """The adversarial GM's reward when the crew is paid ``crew_reward``: its negative, and
    ``extra`` (header ``GM_EXTRA``: twice what cut-offs paid, so a cut-off pays nobody a
    win)."""
    return -crew_reward + extra


@njit(cache=True)
def early_payment(mode, crew_reward, extra):
    """The learner's share of a reward the crew is paid before the episode ends (``extra``:
    the GM's beyond its negative, :func:`adversarial_payment`)."""
    if mode == PAY_CREW:
        return crew_reward
    return adversarial_payment(crew_reward, extra) if mode == PAY_ADVERSARIAL else 0.0


@njit(cache=True)
def final_payment(mode, crew_reward, extra, s, w):
    """The learner's reward at the end of the episode in row ``s``."""
    if mode == PAY_DIRECTOR:
        return director_row(s, w)
    return early_payment(mode, crew_reward, extra)


@njit(cache=True)
def director_rows(state, w, out):
    for r in range(state.shape[0]):
        out[r] = director_row(state[r], w)
    return out


def director_reward(state: np.ndarray, w: DirectorWeights) -> np.ndarray:
    """Director reward of each row of ``state`` (call on rows whose episode just ended)."""
    out = np.zeros(state.shape[0], np.float32)
    return director_rows(np.ascontiguousarray(state), w.as_array(), out)
