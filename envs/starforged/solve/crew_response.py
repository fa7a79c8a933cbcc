"""The adversarial GM's best response to a crew agent of the Starforged scene challenge.

The other direction of :mod:`scenegym.envs.starforged.solve.induction`: the crew plays a fixed
agent (its choice of move, burn and Secure an Advantage reward at every state, read from the
agent itself), the GM picks every price (and, with ``approach="gm"``, names every approach) to
minimise the crew's win probability. Backward
induction over the moves, as for the game's value, with the crew's maximum replaced by the
agent's choice (or, for the uniformly random agent, the mean over the legal choices); the
model of one move is :mod:`scenegym.envs.starforged.solve.model`.

The crew's *exploitability* is the game's value less this best response's value: what an
adversarial GM gains against it (0 for an equilibrium strategy such as ``optimal``).

The agent is asked, once per layer of moves, at every state the solver tracks (moves made,
momentum, meters and impacts, the pending bonus, progress, clock) and, for burns and the
Secure an Advantage reward, every roll outcome (kept and burnt outcome, match, move kind);
the dice faces behind an outcome are canonical ones. An agent whose choice depends on more
than that (the exact faces, the history) is thereby approximated; ``random``, ``constant``,
``heuristic`` and ``optimal`` read no more.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.jit import njit
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import APPROACH_CREW, APPROACH_GM
from scenegym.envs.starforged.solve.crew_tables import UNIFORM, agent_tables
from scenegym.envs.starforged.solve.induction import (
    Solution,
    check_config,
    fill_miss,
    settled,
    settled_value,
    start_index,
    table_shape,
    unreachable,
)
from scenegym.envs.starforged.solve.model import (
    GM_OPTIMAL,
    NUM_OUTCOMES,
    advantage_value,
    marked,
    resolve,
    roll_mean,
    solver_record,
)


@njit(cache=True)
def mix(choice, first, second):
    """The value of a two-way choice: 0 the first, 1 the second, ``UNIFORM`` their mean."""
    if choice == UNIFORM:
        return 0.5 * (first + second)
    return second if choice == 1 else first


@njit(cache=True)
def agent_resolve(q, A, M, adv, m, secure, outcome, match, momentum, health, spirit, supply,
                  marks, clock):
    """:func:`~scenegym.envs.starforged.solve.model.resolve` with the agent's Secure an Advantage
    reward (``adv``: 0 momentum, 1 the bonus) in place of the crew's best."""
    if secure and outcome == st.WEAK_HIT:
        take, bonus = advantage_value(q, A, m, momentum, health, spirit, supply, marks, clock)
        return mix(adv[momentum - q.momentum_min, health, spirit, supply, marks, clock], take,
                   bonus)
    return resolve(q, A, M, m, secure, outcome, match, momentum, health, spirit, supply, marks,
                   clock)


@njit(cache=True)
def agent_roll(q, A, M, burns, adv, m, secure, keep, burn, match, momentum, health, spirit,
               supply, marks, clock):
    """A rolled move's value: kept, or burnt when the agent burns (``burns``: 1 burn)."""
    kept = agent_resolve(q, A, M, adv, m, secure, keep, match, momentum, health, spirit, supply,
                         marks, clock)
    if burn <= keep:
        return kept
    reset = q.momentum_reset[min(marked(q, health) + marked(q, spirit) + marked(q, supply), 2)]
    burnt = agent_resolve(q, A, M, adv, m, secure, burn, match, reset, health, spirit, supply,
                          marks, clock)
    return mix(burns[secure, keep, burn, match, momentum - q.momentum_min, health, spirit,
                     supply, marks, clock], kept, burnt)


@njit(cache=True)
def agent_roll_values(q, A, M, burns, adv, m, momentum, health, spirit, supply, marks, clock, V):
    """Into ``V[secure, keep, burn, match]``, :func:`agent_roll` of every roll of a scene move
    (``m``: moves made, this one included): shared by every stat and bonus, as
    :func:`~scenegym.envs.starforged.solve.model.roll_values` for the crew's best."""
    for secure in range(2):
        for keep in range(NUM_OUTCOMES):
            for burn in range(NUM_OUTCOMES):
                for match in range(2):
                    V[secure, keep, burn, match] = agent_roll(
                        q, A, M, burns, adv, m, secure, keep, burn, match, momentum, health,
                        spirit, supply, marks, clock)


@njit(cache=True)
def agent_move_value(q, V, action, momentum, bonus, marks):
    """The value of the crew's ``action`` (a scene move or Finish the Scene), its rolls'
    values ``V`` (:func:`agent_roll_values`)."""
    if action == st.A_FINISH:
        return q.finish_value[marks]
    secure = 1 if action >= st.A_SECURE_ADVANTAGE else 0
    stat = q.stats[action - (st.A_SECURE_ADVANTAGE if secure else st.A_FACE_DANGER)]
    return roll_mean(q, V, secure, stat, momentum, bonus)


@njit(cache=True)
def agent_choice_value(q, V, named, choice, momentum, bonus, marks):
    """The agent's move ``choice``, or (``UNIFORM``) the mean over every legal move: those of
    the stat ``named`` (``-1``: any stat) and Finish the Scene."""
    if choice != UNIFORM:
        return agent_move_value(q, V, choice, momentum, bonus, marks)
    total, legal = 0.0, 0
    for action in range(st.A_FINISH + (1 if q.finish_early else 0)):
        # a scene move's stat is its action id modulo the five stats
        if named >= 0 and action < st.A_FINISH and action % st.NUM_STATS != named:
            continue
        total += agent_move_value(q, V, action, momentum, bonus, marks)
        legal += 1
    return total / legal


@njit(cache=True)
def agent_open_value(q, V, choices, momentum, bonus, marks):
    """The agent's value before its move, from its ``choices`` under each approach named: the
    GM names the least (``gm``), the situation each equally likely (``random``); with the
    crew's free choice its one choice."""
    if q.approach == APPROACH_CREW:
        return agent_choice_value(q, V, -1, choices[0], momentum, bonus, marks)
    value = 2.0 if q.approach == APPROACH_GM else 0.0
    for k in range(st.NUM_STATS):
        v = agent_choice_value(q, V, k, choices[k], momentum, bonus, marks)
        value = min(value, v) if q.approach == APPROACH_GM else value + v / st.NUM_STATS
    return value


@njit(cache=True)
def fill_agent_layer(q, A, M, moves, burns, adv, m):
    """``A[m]`` with the agent's choices: ``moves`` of layer ``m``; ``burns``, ``adv`` and
    the miss table ``M`` of layer ``m + 1``."""
    n_mom, n_meter, _, _, _, n_marks, n_clock = A.shape[1:]
    V = np.empty((2, NUM_OUTCOMES, NUM_OUTCOMES, 2))
    for mi in range(n_mom):
        momentum = mi + q.momentum_min
        for h in range(n_meter):
            for s in range(n_meter):
                for u in range(n_meter):
                    if unreachable(q, momentum, h, s, u):
                        continue
                    for k in range(n_marks):
                        for c in range(n_clock):
                            if settled(q, m, k, c):
                                A[m, mi, h, s, u, :, k, c] = settled_value(q, k, c)
                                continue
                            agent_roll_values(q, A, M, burns, adv, m + 1, momentum, h, s, u,
                                              k, c, V)
                            for b in range(2):
                                A[m, mi, h, s, u, b, k, c] = agent_open_value(
                                    q, V, moves[:, mi, h, s, u, b, k, c], momentum, b, k)


def crew_response(config, crew, progress=None) -> Solution:
    """The GM's best response to the crew agent ``crew``: its value is what the crew then wins.

    Args:
        config: A ``StarforgedConfig`` the solver models (see
            :func:`scenegym.envs.starforged.solve.induction.check_config`).
        crew: ``"uniform"`` (the random agent: each legal choice with equal chance) or an agent
            object with ``act(obs, masks, env_ids)`` (see module docstring).
        progress: Optional ``callable(done, total)`` called after each layer.

    Returns:
        A :class:`~scenegym.envs.starforged.solve.induction.Solution` whose ``A`` holds the crew's
        win probability under its agent against the best-responding GM (the GM's prices read
        from it, as :func:`~scenegym.envs.starforged.solve.model.best_price` does).
    """
    check_config(config)
    q = solver_record(config, "win")
    shape = table_shape(q[0])
    A = np.zeros(shape, np.float32)
    M = np.zeros(shape[1:5] + shape[6:], np.float64)
    kinds = np.zeros(M.shape, np.int64)
    for m in range(shape[0] - 1, -1, -1):
        if m < shape[0] - 1:
            fill_miss(q[0], A, M, m + 1, GM_OPTIMAL, kinds)
        moves, burns, adv = agent_tables(crew, config, q[0], shape, m)
        fill_agent_layer(q[0], A, M, moves, burns, adv, m)
        if progress is not None:
            progress(shape[0] - m, shape[0])
    name = "uniform" if isinstance(crew, str) else type(crew).__name__
    return Solution(config, "win", name, q, A, float(A[start_index(config, q)]))

