"""Hand-written Starforged players, one rule of thumb per decision.

Crew: finish when the progress roll is likely to hit (or the clock is about to run out),
build momentum with Secure an Advantage when it is low, otherwise Face Danger with the best
stat it may roll; always burn when burning improves the result; take momentum on a weak
Secure.
GM: start the crew severely disadvantaged; make it act with its weakest stat; take momentum
while the crew has some, else hit the lowest meter that is not empty (driving toward
impacts).

The rules of thumb read the observation (``scenegym.envs.starforged.observation``), as a trained
policy would (inside the compiled step, only the slots they read: ``heuristic_view``), turning
slots back into counts with the scales the observation declares (so they keep their meaning
under any config); they are compiled so that a heuristic opponent
costs little per step.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from scenegym.envs.core.heuristic import CompiledHeuristic
from scenegym.envs.core.jit import njit
from scenegym.envs.core.params import as_record
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.observation import SCALE, SLOT, heuristic_view

HeuristicParams = namedtuple("HeuristicParams", ["finish_boxes", "finish_boxes_late",
                                                 "late_clock", "low_momentum"])
METER_PRICES = np.array([st.ENDURE_HARM, st.ENDURE_STRESS, st.SACRIFICE_RESOURCES])


@njit(cache=True)
def crew_move(o, m, finish_boxes, finish_boxes_late, late_clock, low_momentum):
    """Finish when likely to hit; Secure an Advantage when momentum is low; else Face Danger."""
    boxes = round(o[SLOT.progress_boxes] * SCALE.progress_boxes)
    clock_left = round(o[SLOT.clock_segments_left] * SCALE.clock_segments_left)
    if m[st.A_FINISH] and (boxes >= finish_boxes
                           or (boxes >= finish_boxes_late and clock_left <= late_clock)):
        return st.A_FINISH
    best, value = 0, -1.0
    for k in range(st.NUM_STATS):  # the best stat the approach allows
        if m[st.A_FACE_DANGER + k] and o[SLOT.edge + k] > value:
            best, value = k, o[SLOT.edge + k]
    if round(o[SLOT.momentum] * SCALE.momentum) <= low_momentum:
        return st.A_SECURE_ADVANTAGE + best
    return st.A_FACE_DANGER + best


@njit(cache=True)
def gm_approach(o):
    """Name the crew's weakest stat (the first of equals)."""
    return st.A_APPROACH + np.argmin(o[SLOT.edge:SLOT.edge + st.NUM_STATS])


@njit(cache=True)
def gm_price(o):
    """Take momentum while the crew has some, else hit the lowest meter that is not empty."""
    if o[SLOT.momentum] > 0:
        return st.A_PRICE + st.LOSE_MOMENTUM
    lowest, value = 0, 9.0
    for k in range(3):
        if 0 < o[SLOT.health + k] < value:
            lowest, value = k, o[SLOT.health + k]
    return st.A_PRICE + METER_PRICES[lowest]


@njit(cache=True)
def act_row(o, m, ap, key, n):
    """The action for the pending decision of one env (the compiled policy)."""
    phase = np.argmax(o[:st.NUM_PHASES])
    if phase == st.MOVE:
        return crew_move(o, m, ap.finish_boxes, ap.finish_boxes_late, ap.late_clock,
                         ap.low_momentum)
    if phase == st.BURN:
        return st.A_BURN
    if phase == st.ADVANTAGE:
        return st.A_TAKE_MOMENTUM
    if phase == st.PRICE:
        return gm_price(o)
    if phase == st.APPROACH_PHASE:
        return gm_approach(o)
    return st.A_SITUATION + st.DISADVANTAGED


@njit(cache=True)
def act_rows(obs, masks, ap, out):
    """One action per row, by the pending decision."""
    for r in range(obs.shape[0]):
        out[r] = act_row(obs[r], masks[r], ap, 0, 0)
    return out


@dataclass
class StarforgedHeuristic(CompiledHeuristic):
    """Plays whichever Starforged decision is pending (crew or GM).

    Attributes:
        finish_boxes: Finish the Scene at this many full progress boxes.
        finish_boxes_late: ...or at this many when at most ``late_clock`` segments remain.
        late_clock: Segments left on the clock that count as late.
        low_momentum: Secure an Advantage while momentum is at most this.
    """

    policy_name: ClassVar[str] = "starforged_heuristic"
    act_row = staticmethod(act_row)
    act_rows = staticmethod(act_rows)
    view_row = staticmethod(heuristic_view)

    finish_boxes: int = 8
    finish_boxes_late: int = 5
    late_clock: int = 1
    low_momentum: int = 1

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record."""
        return as_record(HeuristicParams(self.finish_boxes, self.finish_boxes_late,
                                         self.late_clock, self.low_momentum))


def heuristic(config=None) -> StarforgedHeuristic:
    """The Starforged heuristic for either seat (the ruleset's ``"heuristic"`` agent)."""
    return StarforgedHeuristic()
