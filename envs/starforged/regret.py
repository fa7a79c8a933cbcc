"""The exact regret of a Starforged decision: what it cost against the solved game.

The solution (:mod:`scenegym.envs.starforged.solve`) gives the crew's win probability after
every action of every decision, both seats playing it from there on. A decision's regret
for its seat is the value of the best legal action less the value of the action taken (the
crew maximizes the crew's value, the GM minimizes it), so 0 for the solved choice.

Against the optimal other seat, an agent's expected loss from the game's value is exactly
the expected sum of its regrets over the decisions it meets (the performance difference
lemma): a per-decision measure with far less noise than win rates, since only the actions'
values, not the dice that follow, enter it. ``examples/mcts_starforged_regret.py`` uses it
to measure the search against the exact value.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.optimal import burn_values, position, solved_record
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
    no_table = np.zeros((0, 1, 1, 1, 1, 1))
    for k in range(st.NUM_STATS):
        for secure in range(2):
            a = (st.A_SECURE_ADVANTAGE if secure else st.A_FACE_DANGER) + k
            if m[a]:
                values[a] = move_value(ap, ap.A, no_table, moves, secure, ap.stats[k],
                                       momentum, h, s, u, bonus, marks, clock)
    if m[st.A_FINISH]:
        values[st.A_FINISH] = ap.finish_value[marks]


@njit(cache=True)
def gm_values(o, m, ap, phase, values):
    """The values of the GM's legal approaches or prices at the position of ``o``."""
    moves, momentum, h, s, u, bonus, marks, clock = position(o, ap)
    no_table = np.zeros((0, 1, 1, 1, 1, 1))
    for k in range(st.NUM_STATS):
        if phase == st.APPROACH_PHASE and m[st.A_APPROACH + k]:
            values[st.A_APPROACH + k] = best_move(ap, ap.A, no_table, moves, k, momentum, h,
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


def play_regrets(config, crew, gm, scenes: int, seed: int, batch: int = 500,
                 shadow: dict | None = None) -> dict:
    """Play ``scenes`` scenes of ``crew`` against ``gm`` (agent objects, asked as in a
    playtest: :func:`scenegym.envs.core.policy.ask`) and sum each seat's regrets per scene.

    Args:
        shadow: ``{seat name: agent}``, asked too at that seat's decisions without playing:
            its regrets at the same decisions are summed under ``"<seat>_shadow"``.

    Returns:
        ``{"crew": float[scenes], "gm": float[scenes]}``, each scene's regret sum per seat,
        ``"won"``: bool[scenes], ``"decisions"``: the decisions of each seat, ``"unsolved"``:
        the decisions the solution does not cover (not in the sums), and ``"differ"``: the
        decisions where a shadow agent chose otherwise.
    """
    from scenegym.envs.core.policy import ask
    from scenegym.envs.twoseat import CREW, GM, TwoSeatBatch

    record = solved_record(config)
    shadow = shadow or {}
    sums = {k: np.zeros(scenes) for k in ("crew", "gm", *(f"{s}_shadow" for s in shadow))}
    won = np.zeros(scenes, bool)
    counts = {"crew": 0, "gm": 0, "unsolved": 0, "differ": 0}
    for start in range(0, scenes, batch):
        n = min(batch, scenes - start)
        game = TwoSeatBatch("starforged", n, config=config, first_env_index=start)
        game.reset(seed)
        actions = np.zeros(n, np.int64)
        while not game.over.all():
            for seat, name, agent in ((CREW, "crew", crew), (GM, "gm", gm)):
                rows = np.flatnonzero((game.pending_seat == seat) & ~game.over)
                if not rows.size:
                    continue
                actions[rows] = ask(agent, game.batch, rows)
                crew_seat = np.full(rows.size, seat == CREW)
                r = regrets(record, game.obs[rows], game.masks[rows], actions[rows], crew_seat)
                counts[name] += rows.size
                counts["unsolved"] += int(np.isnan(r).sum())
                np.add.at(sums[name], start + rows, np.nan_to_num(r))
                if name in shadow:
                    other = ask(shadow[name], game.batch, rows)
                    counts["differ"] += int((other != actions[rows]).sum())
                    r = regrets(record, game.obs[rows], game.masks[rows], other, crew_seat)
                    np.add.at(sums[f"{name}_shadow"], start + rows, np.nan_to_num(r))
            game.step(actions, ~game.over)
        won[start:start + n] = game.results == 1
    return {**sums, "won": won, "decisions": counts}
