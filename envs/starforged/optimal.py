"""The exactly optimal Starforged player, for either seat (the ruleset's ``"optimal"`` agent).

Built from the solved table of its config (:mod:`scenegym.envs.starforged.solve.induction`:
the crew's win probability after every move, against the adversarial GM). Each decision is
looked up from the observation alone, as the compiled policy must: momentum, meters, impacts,
the pending bonus, progress (``progress_share`` times the track's ticks), the clock
(segments less segments left) and the moves made (``moves_share`` times ``max_moves``) are
read back through the observation's declared scales; the roll being resolved (its outcome,
burn outcome, match, move kind) is in the observation too. From there it plays the move,
burn, advantage choice (crew), approach or price (GM) that the solution's values pick; the
approach named for the crew's move is the observation's ``approach_*`` one-hot.

Limitations: the configs the solver models (prices by the GM, a fixed situation); the solve
runs when the agent is first made for a config (a fraction of a second for small variants;
about 30 CPU-seconds and a table of about 110 MB for the default config), then loads from the kernel
cache folder.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from scenegym.envs.core.jit import njit
from scenegym.envs.core.policy import CompiledPolicy
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.observation import SCALE, SLOT
from scenegym.envs.starforged.solve.model import (
    advantage_value,
    best_approach,
    best_move,
    best_price,
    burn_choice,
)

# The solver's functions read a value table or, given none (an empty one), compute the values
# from the rules: this empty table is a constant of the compiled code, where a fresh
# np.zeros would allocate at every decision of the agent.
NO_TABLE = np.zeros((0, 1, 1, 1, 1, 1))


@njit(cache=True)
def count(o, slot, scale):
    return int(round(o[slot] * scale))


@njit(cache=True)
def meter(q, o, slot, scale, flag):
    """A meter's solver index: its level, or ``meter_max + 1`` with its impact marked."""
    return q.meter_max + 1 if o[flag] > 0.5 else count(o, slot, scale)


@njit(cache=True)
def position(o, ap):
    """The solver's position read from the observation ``o``: ``(moves made, momentum,
    health, spirit, supply, pending bonus, progress marks, clock segments filled)``, each
    meter as its solver index (:func:`meter`)."""
    momentum = count(o, SLOT.momentum, SCALE.momentum)
    h = meter(ap, o, SLOT.health, SCALE.health, SLOT.wounded)
    s = meter(ap, o, SLOT.spirit, SCALE.spirit, SLOT.shaken)
    u = meter(ap, o, SLOT.supply, SCALE.supply, SLOT.unprepared)
    ticks = int(round(o[SLOT.progress_share] * ap.track_ticks))
    marks = -(-ticks // ap.mark_ticks)
    clock = (count(o, SLOT.clock_segments, SCALE.clock_segments)
             - count(o, SLOT.clock_segments_left, SCALE.clock_segments_left))
    moves = int(round(o[SLOT.moves_share] * ap.max_moves))
    bonus = 1 if o[SLOT.bonus] > 0 else 0
    return moves, momentum, h, s, u, bonus, marks, clock


@njit(cache=True)
def named_approach(o):
    """The stat the GM named for the crew's move (``-1``: none)."""
    named = -1
    for k in range(st.NUM_STATS):
        if o[SLOT.approach_edge + k] > 0.5:
            named = k
    return named


@njit(cache=True)
def burn_values(o, ap):
    """``(keep value, burn value)`` of the roll being resolved at a burn decision."""
    moves, momentum, h, s, u, _, marks, clock = position(o, ap)
    keep = count(o, SLOT.outcome, SCALE.outcome)
    burn = count(o, SLOT.burn_outcome, SCALE.burn_outcome)
    secure = o[SLOT.move_is_secure_advantage] > 0.5
    return burn_choice(ap, ap.A, NO_TABLE, moves, secure, keep, burn,
                       1 if o[SLOT.match] > 0.5 else 0, momentum, h, s, u, marks, clock)


@njit(cache=True)
def optimal_act(o, m, ap, key, n):
    """The solved decision for the observation ``o`` (the compiled policy)."""
    phase = np.argmax(o[:st.NUM_PHASES])
    moves, momentum, h, s, u, bonus, marks, clock = position(o, ap)
    if phase == st.MOVE:
        return best_move(ap, ap.A, NO_TABLE, moves, named_approach(o), momentum, h, s, u,
                         bonus, marks, clock)[0]
    if phase == st.APPROACH_PHASE:
        return st.A_APPROACH + best_approach(ap, ap.A, NO_TABLE, moves, momentum, h, s, u,
                                             bonus, marks, clock)[0]
    if phase == st.BURN:
        v_keep, v_burn = burn_values(o, ap)
        return st.A_BURN if v_burn > v_keep else st.A_KEEP
    if phase == st.ADVANTAGE:
        take, bonus = advantage_value(ap, ap.A, moves, momentum, h, s, u, marks, clock)
        return st.A_TAKE_MOMENTUM if take >= bonus else st.A_TAKE_BONUS
    if phase == st.PRICE:
        return st.A_PRICE + best_price(ap, ap.A, moves, momentum, h, s, u, marks, clock)[0]
    for a in range(m.shape[0]):  # a situation (not solved)
        if m[a]:
            return a
    return -1


@njit(cache=True)
def optimal_rows(obs, masks, ap, out):
    for r in range(obs.shape[0]):
        out[r] = optimal_act(obs[r], masks[r], ap, 0, 0)
    return out


def table_record(config, table: np.ndarray) -> np.ndarray:
    """The policy's record: the model's numbers of ``config`` and the value table ``table``."""
    from scenegym.envs.starforged.solve.model import solver_record

    record = solver_record(config, "win", table.shape)
    record[0]["A"] = table
    return record


@lru_cache(maxsize=4)
def solved_record(config) -> np.ndarray:
    """The policy's record: the model's numbers and the solved table of ``config``."""
    from scenegym.envs.starforged.solve.induction import solved_table

    return table_record(config, solved_table(config))


class StarforgedOptimal:
    """Plays the solved decision in either seat (see module docstring).

    Args:
        config: The ``StarforgedConfig`` it plays under.
        table: The crew's values it plays from; default: the game's solution. Given the
            table of a crew agent against the best-responding GM
            (:func:`scenegym.envs.starforged.solve.crew_response.crew_response`), its GM seat is
            that best response.
    """

    def __init__(self, config, table: np.ndarray | None = None):
        self.record = solved_record(config) if table is None else table_record(config, table)
        self.compiled = CompiledPolicy("starforged_optimal", optimal_act, self.record)

    def act(self, obs, masks, env_ids=None, **_):
        out = np.zeros(np.shape(obs)[0], np.int64)
        return optimal_rows(np.asarray(obs, np.float32), np.asarray(masks, np.bool_),
                            self.record[0], out)


def optimal(config=None) -> StarforgedOptimal:
    """The optimal Starforged agent for ``config`` (default config when ``None``)."""
    from scenegym.envs.starforged.config import StarforgedConfig

    return StarforgedOptimal(StarforgedConfig() if config is None else config)
