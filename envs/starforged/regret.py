"""The exact regret of a Starforged decision: what it cost against the solved game.

The solution (:mod:`scenegym.envs.starforged.solve`) gives the crew's win probability after
every action of every decision, both seats playing it from there on. A decision's regret
for its seat is the value of the best legal action less the value of the action taken (the
crew maximizes the crew's value, the GM minimizes it), so 0 for the solved choice.

Against the optimal other seat, an agent's expected loss from the game's value is exactly
the expected sum of its regrets over the decisions it meets (the performance difference
lemma): a per-decision measure with far less noise than win rates, since only the actions'
values, not the dice that follow, enter it. :func:`scenegym.evaluation.regret.play_regrets`
sums them by play; ``examples/mcts_starforged_regret.py`` measures the search so.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.jit import njit
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.optimal import NO_TABLE, burn_values, position
from scenegym.envs.starforged.solve.model import (
    advantage_value,
    best_move,
    move_value,
    price_value,
)


@njit(cache=True)
def move_values(o, m, ap, values):
    """The values of the crew's legal scene moves (``m``) at the position of ``o``."""
    moves, momentum, h, s, u, bonus, marks, clock = position(o, ap)
    for k in range(st.NUM_STATS):
        for secure in range(2):
            a = (st.A_SECURE_ADVANTAGE if secure else st.A_FACE_DANGER) + k
            if m[a]:
                values[a] = move_value(ap, ap.A, NO_TABLE, moves, secure, ap.stats[k],
                                       momentum, h, s, u, bonus, marks, clock)
    if m[st.A_FINISH]:
        values[st.A_FINISH] = ap.finish_value[marks]


@njit(cache=True)
def gm_values(o, m, ap, phase, values):
    """The values of the GM's legal approaches or prices at the position of ``o``."""
    moves, momentum, h, s, u, bonus, marks, clock = position(o, ap)
    for k in range(st.NUM_STATS):
        if phase == st.APPROACH_PHASE and m[st.A_APPROACH + k]:
            values[st.A_APPROACH + k] = best_move(ap, ap.A, NO_TABLE, moves, k, momentum, h,
                                                  s, u, bonus, marks, clock)[1]
        if phase == st.PRICE and m[st.A_PRICE + k]:
            values[st.A_PRICE + k] = price_value(ap, ap.A, moves, k, momentum, h, s, u,
                                                 marks, clock)


@njit(cache=True)
def option_values(o, m, ap, values):
    """Into ``values``, the crew's win probability after each legal action of the decision
    of observation ``o`` (``m``: its mask), solved play after it; NaN elsewhere. Returns
    whether the decision is one the solution covers (a situation choice is not)."""
    values[:] = np.nan
    phase = np.argmax(o[:st.NUM_PHASES])
    if phase == st.MOVE:
        move_values(o, m, ap, values)
    elif phase == st.APPROACH_PHASE or phase == st.PRICE:
        gm_values(o, m, ap, phase, values)
    elif phase == st.BURN:
        values[st.A_KEEP], v_burn = burn_values(o, ap)
        if m[st.A_BURN]:
            values[st.A_BURN] = v_burn
    elif phase == st.ADVANTAGE:
        moves, momentum, h, s, u, _, marks, clock = position(o, ap)
        values[st.A_TAKE_MOMENTUM], values[st.A_TAKE_BONUS] = advantage_value(
            ap, ap.A, moves, momentum, h, s, u, marks, clock)
    else:
        return False
    return True


@njit(cache=True)
def decision_regrets(obs, masks, actions, crew_seat, ap, out):
    """Into ``out[r]``, the regret of ``actions[r]`` for its seat (``crew_seat[r]``: the
    crew's) at the decision of row ``r`` (NaN where the solution does not cover it)."""
    values = np.empty(masks.shape[1])
    for r in range(obs.shape[0]):
        if not option_values(obs[r], masks[r], ap, values):
            out[r] = np.nan
            continue
        taken = values[actions[r]]
        if crew_seat[r]:
            out[r] = np.nanmax(values) - taken
        else:
            out[r] = taken - np.nanmin(values)
    return out


def regrets(record, obs, masks, actions, crew_seat) -> np.ndarray:
    """The regret of each row's action (see :func:`decision_regrets`); ``record``: the
    optimal agent's (``StarforgedOptimal.record``)."""
    out = np.zeros(len(actions))
    return decision_regrets(np.asarray(obs, np.float32), np.asarray(masks, np.bool_),
                            np.asarray(actions, np.int64), np.asarray(crew_seat, np.bool_),
                            record[0], out)
