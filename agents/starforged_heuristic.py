"""Hand-written Starforged players, one rule of thumb per decision.

Crew: finish when the progress roll is likely to hit (or the clock is about to run out),
build momentum with Secure an Advantage when it is low, otherwise Face Danger with the best
stat; always burn when burning improves the result; take momentum on a weak Secure.
GM: start the crew severely disadvantaged; take momentum while the crew has some, else hit
the lowest meter that is not empty (driving toward impacts).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from envs.starforged import state as st
from envs.starforged.observation import OBSERVATION_NAMES

_O = {name: k for k, name in enumerate(OBSERVATION_NAMES)}


@dataclass
class StarforgedHeuristic:
    """Plays whichever Starforged decision is pending (crew or GM).

    Attributes:
        finish_boxes: Finish the Scene at this many full progress boxes.
        finish_boxes_late: ...or at this many when at most ``late_clock`` segments remain.
        late_clock: Segments left on the clock that count as late.
        low_momentum: Secure an Advantage while momentum is at most this.
    """

    finish_boxes: int = 8
    finish_boxes_late: int = 5
    late_clock: int = 1
    low_momentum: int = 1

    def act(self, obs, masks, env_ids=None):
        obs = np.asarray(obs)
        phase = np.argmax(obs[:, : st.NUM_PHASES], axis=1)
        out = np.zeros(obs.shape[0], np.int64)
        for code, rule in ((st.MOVE, self._move), (st.BURN, self._burn),
                           (st.ADVANTAGE, self._advantage), (st.PRICE, self._price),
                           (st.BEGIN, self._situation)):
            rows = phase == code
            if rows.any():
                out[rows] = rule(obs[rows], masks[rows])
        return out

    def _move(self, obs, masks):
        boxes = np.rint(obs[:, _O["progress_boxes"]] * 10)
        clock_left = np.rint(obs[:, _O["clock_segments_left"]] * 20)
        momentum = np.rint(obs[:, _O["momentum"]] * 10)
        stats = obs[:, _O["edge"]: _O["edge"] + st.NUM_STATS]
        best = np.argmax(stats, axis=1)
        action = np.where(momentum <= self.low_momentum, st.A_SECURE_ADVANTAGE + best,
                          st.A_FACE_DANGER + best)
        finish = (boxes >= self.finish_boxes) | (
            (boxes >= self.finish_boxes_late) & (clock_left <= self.late_clock))
        finish &= masks[:, st.A_FINISH]
        return np.where(finish, st.A_FINISH, action)

    def _burn(self, obs, masks):
        return np.full(obs.shape[0], st.A_BURN)

    def _advantage(self, obs, masks):
        return np.full(obs.shape[0], st.A_TAKE_MOMENTUM)

    def _price(self, obs, masks):
        momentum = obs[:, _O["momentum"]]
        meters = obs[:, [_O["health"], _O["spirit"], _O["supply"]]]
        lowest = np.argmin(np.where(meters > 0, meters, 9.0), axis=1)
        hit_meter = st.A_PRICE + np.array([st.ENDURE_HARM, st.ENDURE_STRESS,
                                           st.SACRIFICE_RESOURCES])[lowest]
        return np.where(momentum > 0, st.A_PRICE + st.LOSE_MOMENTUM, hit_meter)

    def _situation(self, obs, masks):
        return np.full(obs.shape[0], st.A_SITUATION + st.DISADVANTAGED)
