"""A crew agent's choices at every state of one layer of the Starforged solver, asked of it.

Tables (int8) in the solver's index order (see :mod:`scenegym.envs.starforged.solve.model`):
``moves[momentum, health, spirit, supply, bonus, marks, clock]``: its action at the MOVE
decision; ``burns[secure, keep, burn, match, momentum, health, spirit, supply, marks, clock]``:
1 when it burns momentum; ``adv[momentum, health, spirit, supply, marks, clock]``: 1 when it
takes the bonus on a weak-hit Secure an Advantage. :data:`UNIFORM` everywhere for the
uniformly random agent. Entries the game never asks about are 0.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.header import CREW, PHASE, SEAT
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.solve.induction import scene_rows
from scenegym.envs.starforged.solve.model import NUM_OUTCOMES

UNIFORM = -1  # a table entry: each legal choice with equal chance
CHUNK = 1 << 16  # state rows asked of the agent at once


def ask(agent, config, rows: np.ndarray) -> np.ndarray:
    """The agent's action at each state row (a batch of ``CHUNK`` rows at a time)."""
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.starforged.ruleset import STARFORGED

    actions = np.zeros(len(rows), np.int64)
    for start in range(0, len(rows), CHUNK):
        part = rows[start:start + CHUNK]
        batch = SceneBatch(STARFORGED, config, len(part))
        batch.state[:] = part
        batch.refresh()
        actions[start:start + len(part)] = agent.act(batch.obs, batch.masks, batch.env_ids)
    return actions


def reachable(config, momentum_index, h, s, u) -> np.ndarray:
    """Momentum within its max less the impacts marked (the solver skips the rest)."""
    impacts = sum((x == config.meter_max + 1).astype(int) for x in (h, s, u))
    return momentum_index + config.momentum_min <= config.momentum_max - impacts


def crew_rows(config, q, m: int, index: tuple, phase: int) -> np.ndarray:
    """Rows of the crew's ``phase`` decision at the solver states ``index``."""
    rows = scene_rows(config, q, m, index)
    rows[:, PHASE], rows[:, SEAT] = phase, CREW
    return rows


def approaches(config) -> int:
    """How many approaches a move table holds: one (the crew's free choice) or one per stat."""
    return 1 if config.approach == "crew" else st.NUM_STATS


def move_table(agent, config, q, shape, m: int) -> np.ndarray:
    """The agent's scene move or Finish at every open state of layer ``m``, under each
    approach named (``[stat]``; ``[0]`` alone when the stat is the crew's free choice)."""
    table = np.zeros((approaches(config),) + shape, np.int8)
    mom, h, s, u, b, k, c = (a.ravel() for a in np.indices(shape))
    asked = (reachable(config, mom, h, s, u) & (k < q["full_marks"]) & (c < q["segments"])
             & (m < q["max_moves"]))
    index = (mom[asked], h[asked], s[asked], u[asked], k[asked], c[asked])
    rows = crew_rows(config, q, m, index, st.MOVE)
    rows[:, st.BONUS] = b[asked] * config.advantage_bonus
    for named in range(table.shape[0]):
        if config.approach != "crew":
            rows[:, st.APPROACH] = named + 1
        table[named].reshape(-1)[np.flatnonzero(asked)] = ask(agent, config, rows)
    return table


def roll_rows(config, q, m: int, index: tuple, phase: int, secure, keep, burn, match):
    """Rows of a decision about a roll: its outcomes, match and move kind, canonical dice."""
    rows = crew_rows(config, q, m, index, phase)
    rows[:, st.MOVE_KIND] = np.where(secure == 1, st.SECURE_ADVANTAGE, st.FACE_DANGER)
    rows[:, st.ROLL_OUTCOME], rows[:, st.BURN_OUTCOME] = keep, burn
    rows[:, st.ACTION_DIE] = 1
    rows[:, st.CHALLENGE1] = 1
    rows[:, st.CHALLENGE2] = np.where(match == 1, 1, 2)
    return rows


def burn_table(agent, config, q, shape, m: int) -> np.ndarray:
    """1 where the agent burns momentum (a better outcome offered) at layer ``m``."""
    full = (2, NUM_OUTCOMES, NUM_OUTCOMES, 2) + shape
    table = np.zeros(full, np.int8)
    secure, keep, burn, match, mom, h, s, u, k, c = (a.ravel() for a in np.indices(full))
    asked = (reachable(config, mom, h, s, u) & (burn > keep)
             & (mom + config.momentum_min > 0))
    pick = [a[asked] for a in (secure, keep, burn, match)]
    rows = roll_rows(config, q, m, tuple(a[asked] for a in (mom, h, s, u, k, c)), st.BURN,
                     *pick)
    table.reshape(-1)[np.flatnonzero(asked)] = ask(agent, config, rows) == st.A_BURN
    return table


def advantage_table(agent, config, q, shape, m: int) -> np.ndarray:
    """1 where the agent takes the bonus on a weak-hit Secure an Advantage at layer ``m``."""
    table = np.zeros(shape, np.int8)
    mom, h, s, u, k, c = (a.ravel() for a in np.indices(shape))
    asked = reachable(config, mom, h, s, u)
    n = int(asked.sum())
    rows = roll_rows(config, q, m, tuple(a[asked] for a in (mom, h, s, u, k, c)),
                     st.ADVANTAGE, np.ones(n, int), np.full(n, st.WEAK_HIT), np.zeros(n, int),
                     np.zeros(n, int))
    table.reshape(-1)[np.flatnonzero(asked)] = ask(agent, config, rows) == st.A_TAKE_BONUS
    return table


def agent_tables(agent, config, q, shape, m: int) -> tuple[np.ndarray, ...]:
    """``(moves of layer m, burns and adv of layer m + 1)`` of ``agent`` (``"uniform"``: the
    random agent), for a solver table ``A`` of shape ``shape``."""
    layer = shape[1:]
    misses = shape[1:5] + shape[6:]
    if isinstance(agent, str):
        if agent != "uniform":
            raise ValueError(f"crew {agent!r}: give 'uniform' or an agent object")
        return (np.full((approaches(config),) + layer, UNIFORM, np.int8),
                np.full((2, NUM_OUTCOMES, NUM_OUTCOMES, 2) + misses, UNIFORM, np.int8),
                np.full(misses, UNIFORM, np.int8))
    return (move_table(agent, config, q, layer, m),
            burn_table(agent, config, q, misses, m + 1),
            advantage_table(agent, config, q, misses, m + 1))
