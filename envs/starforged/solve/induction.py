"""The exact solution of the Starforged scene challenge, by backward induction over moves.

The crew's value (win probability, or expected result) at every crew decision, against the
adversarial GM (the game's value: the crew maximises, the GM's prices minimise), or against
a GM agent's own price choices (the crew's best response to it). Moves made only grow, so
the layers ``m = max_moves .. 0`` are solved in turn, each from the one after it; the model
of one move is :mod:`scenegym.envs.starforged.solve.model`.

Supported configs: prices chosen by the GM seat (``price_by="gm"``) and a fixed situation
(``disadvantaged``, ``equal`` or ``advantage``); others are refused by name.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scenegym.envs.core.header import EPISODE, PHASE, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.solve.model import (
    GM_OPTIMAL,
    GM_TABLE,
    GM_UNIFORM,
    NUM_OUTCOMES,
    miss_value,
    open_value,
    roll_values,
    solver_record,
)

FIXED_SITUATIONS = ("disadvantaged", "equal", "advantage")


def check_config(config) -> None:
    """Refuse a config the solver does not model, naming the field and what is allowed."""
    if config.price_by != "gm":
        raise ValueError(f"the Starforged solver models prices chosen by the GM: config field "
                         f"'price_by' is {config.price_by!r}; allowed: 'gm'")
    if config.situation not in FIXED_SITUATIONS:
        raise ValueError(f"the Starforged solver models a fixed situation: config field "
                         f"'situation' is {config.situation!r}; allowed: "
                         f"{', '.join(map(repr, FIXED_SITUATIONS))}")


def table_shape(q) -> tuple[int, ...]:
    """``A``'s shape: moves, momentum, health, spirit, supply, bonus, progress marks, clock."""
    meters = int(q["meter_max"]) + 2
    return (int(q["max_moves"]) + 1, int(q["momentum_max"] - q["momentum_min"]) + 1, meters,
            meters, meters, 2, int(q["full_marks"]) + 1, int(q["segments"]) + 1)


@njit(cache=True)
def unreachable(q, momentum, h, s, u):
    """A state play never reaches: momentum above its maximum less one per meter at its
    impact (health ``h``, spirit ``s``, supply ``u`` at ``meter_max + 1``)."""
    impacts = (h == q.meter_max + 1) + (s == q.meter_max + 1) + (u == q.meter_max + 1)
    return momentum > q.momentum_max - impacts


@njit(cache=True)
def settled(q, m, marks, clock):
    """The scene is decided: the clock or the track is full (Finish the Scene is forced), or
    ``m`` moves reached the move limit (the cut-off)."""
    return clock >= q.segments or marks >= q.full_marks or m >= q.max_moves


@njit(cache=True)
def settled_value(q, marks, clock):
    """A decided scene's value: Finish the Scene's when the clock or track is full, else the
    cut-off's (0 for the win probability, ``cutoff_result`` for the expected result)."""
    if clock >= q.segments or marks >= q.full_marks:
        return q.finish_value[marks]
    return q.cutoff


@njit(cache=True)
def fill_layer(q, A, M, m, mode, names):
    """``A[m]``: Finish the Scene when the clock or track is full, the cut-off at the move
    limit, else the value before the crew's next move, its approach not yet named
    (:func:`~scenegym.envs.starforged.solve.model.open_value`; its moves lead to layer
    ``m + 1``, misses through the miss table ``M`` of that layer). A GM agent (``mode``
    ``GM_TABLE``) names the approach ``names[...]`` of each state (with ``approach="gm"``)."""
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
                            roll_values(q, A, M, m + 1, momentum, h, s, u, k, c, V)
                            for b in range(2):
                                A[m, mi, h, s, u, b, k, c] = open_value(
                                    q, V, mode, names[mi, h, s, u, b, k, c], momentum, b, k)


@njit(cache=True)
def fill_miss(q, A, M, m, mode, kinds):
    """``M``: the value after a miss's price at ``m`` moves made, by the GM's ``mode``."""
    n_mom, n_meter, _, _, n_marks, n_clock = M.shape
    for mi in range(n_mom):
        for h in range(n_meter):
            for s in range(n_meter):
                for u in range(n_meter):
                    if unreachable(q, mi + q.momentum_min, h, s, u):
                        continue
                    for k in range(n_marks):
                        for c in range(n_clock):
                            M[mi, h, s, u, k, c] = miss_value(q, A, m, mode, kinds,
                                                              mi + q.momentum_min, h, s, u, k, c)


@dataclass
class Solution:
    """A solved config.

    Attributes:
        config: The config solved.
        objective: ``"win"`` or ``"result"`` (see :func:`solver_record`).
        gm: What the GM played: ``"optimal"`` (the game's value), ``"uniform"``, or an
            agent's name (the crew's best response to it).
        q: The model's record (config numbers and roll probabilities).
        A: float32 table of values after each move (see :mod:`scenegym.envs.starforged.solve.model`).
        value: The crew's value at Begin the Scene.
    """

    config: object
    objective: str
    gm: str
    q: np.ndarray
    A: np.ndarray
    value: float


def start_index(config, q) -> tuple[int, ...]:
    """The index in ``A`` of the scene's first crew decision."""
    return (0, config.momentum_start - config.momentum_min, config.meter_start,
            config.meter_start, config.meter_start, 0, 0, 0)


def solve(config, objective: str = "win", gm=None, progress=None) -> Solution:
    """Solve ``config`` against the adversarial GM, or the crew's best response to ``gm``.

    Args:
        config: A ``StarforgedConfig`` (see :func:`check_config`).
        objective: ``"win"`` (win probability) or ``"result"`` (expected result).
        gm: ``None``: the GM minimises (the game's value). ``"uniform"``: each of the five
            prices, and each approach, with equal chance (the random agent). An agent object
            with ``act(obs, masks, env_ids)``: its price choice at every miss, read from the
            observation of that state (the missed roll shown as a no-match miss of the
            first stat), and its approach before every move (``approach="gm"``).
        progress: Optional ``callable(done, total)`` called after each layer.
    """
    check_config(config)
    q = solver_record(config, objective)
    shape = table_shape(q[0])
    A = np.zeros(shape, np.float32)
    M = np.zeros(shape[1:5] + shape[6:], np.float64)
    mode = GM_OPTIMAL if gm is None else (GM_UNIFORM if gm == "uniform" else GM_TABLE)
    kinds = np.zeros(M.shape, np.int64)
    names = np.zeros(shape[1:], np.int64)
    for m in range(shape[0] - 1, -1, -1):
        if m < shape[0] - 1:
            if mode == GM_TABLE:
                kinds = agent_prices(gm, config, q[0], M.shape, m + 1)
            fill_miss(q[0], A, M, m + 1, mode, kinds)
        if mode == GM_TABLE and config.approach == "gm":
            names = agent_approaches(gm, config, q[0], shape[1:], m)
        fill_layer(q[0], A, M, m, mode, names)
        if progress is not None:
            progress(shape[0] - m, shape[0])
    name = "optimal" if gm is None else ("uniform" if gm == "uniform" else type(gm).__name__)
    return Solution(config, objective, name, q, A, float(A[start_index(config, q)]))


def solved_folder(kernel_folder: Path) -> Path:
    """Where solved tables are kept: ``solved/`` beside the kernel cache folders."""
    return kernel_folder.parent / "solved"


def solved_table(config, progress=None) -> np.ndarray:
    """The game's value table ``A`` of ``config`` (objective ``"win"``), solved once and kept
    on disk beside the kernel cache folders (``solved/``), keyed by the config and the code
    of the model (:mod:`scenegym.envs.starforged.solve.model`) and of this solver: a change to
    either solves again."""
    from scenegym.envs.cache import code_of, kernel_cache_folder
    from scenegym.envs.core.files import atomic_write
    from scenegym.envs.starforged.solve import model

    check_config(config)
    code = code_of(Path(model.__file__)) + code_of(Path(__file__))
    key = hashlib.sha256((code + repr(config)).encode()).hexdigest()[:24]
    path = solved_folder(kernel_cache_folder()) / f"starforged-{key}.npy"
    try:
        return np.load(path)
    except (OSError, ValueError):
        table = solve(config, progress=progress).A
        atomic_write(path, lambda f: np.save(f, table))
        return table


def scene_rows(config, q, m: int, index: tuple) -> np.ndarray:
    """State rows of the solver's states ``index`` (momentum index, health, spirit, supply,
    progress marks, clock: arrays of one length) at ``m`` moves made; no decision set."""
    mom, h, s, u, k, c = index
    rows = np.zeros((mom.size, st.STATE_SIZE), np.int32)
    rows[:, EPISODE] = 0
    rows[:, st.MOMENTUM] = np.minimum(mom + config.momentum_min, config.momentum_max)
    for col, flag, meter in ((st.HEALTH, st.WOUNDED, h), (st.SPIRIT, st.SHAKEN, s),
                             (st.SUPPLY, st.UNPREPARED, u)):
        hit = meter == config.meter_max + 1
        rows[:, col] = np.where(hit, 0, meter)
        rows[:, flag] = hit
    rows[:, st.STATS:st.STATS + st.NUM_STATS] = config.stats
    rows[:, st.PROGRESS] = np.minimum(k * q["mark_ticks"], q["track_ticks"])
    rows[:, st.MARK_TICKS], rows[:, st.SEGMENTS] = q["mark_ticks"], q["segments"]
    rows[:, st.CLOCK], rows[:, st.MOVES] = c, m
    return rows


def price_rows(config, q, shape, m: int) -> np.ndarray:
    """State rows of every miss awaiting its price at ``m`` moves made (index order of ``M``)."""
    rows = scene_rows(config, q, m, tuple(a.ravel() for a in np.indices(shape)))
    rows[:, PHASE], rows[:, SEAT] = st.PRICE, 1
    rows[:, st.ACTION_DIE] = 1
    rows[:, st.SCORE] = min(1 + config.stats[0], config.score_cap)
    rows[:, st.CHALLENGE1] = config.challenge_die
    rows[:, st.CHALLENGE2] = config.challenge_die - 1
    rows[:, st.ROLL_OUTCOME] = rows[:, st.BURN_OUTCOME] = st.MISS
    return rows


def gm_actions(agent, config, rows: np.ndarray) -> np.ndarray:
    """The GM agent's action at each of the state ``rows``."""
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.starforged.ruleset import STARFORGED

    batch = SceneBatch(STARFORGED, config, rows.shape[0])
    batch.state[:] = rows
    batch.refresh()
    return np.asarray(agent.act(batch.obs, batch.masks, batch.env_ids))


def agent_approaches(agent, config, q, shape, m: int) -> np.ndarray:
    """The agent's approach (a stat's index) before every move of layer ``m`` (the layer's
    shape: momentum, meters, bonus, marks, clock)."""
    mom, h, s, u, b, k, c = (a.ravel() for a in np.indices(shape))
    rows = scene_rows(config, q, m, (mom, h, s, u, k, c))
    rows[:, PHASE], rows[:, SEAT] = st.APPROACH_PHASE, 1
    rows[:, st.BONUS] = b * config.advantage_bonus
    return (gm_actions(agent, config, rows) - st.A_APPROACH).astype(np.int64).reshape(shape)


def agent_prices(agent, config, q, shape, m: int) -> np.ndarray:
    """The agent's price kind at every miss of layer ``m`` (shape of the miss table)."""
    rows = price_rows(config, q, shape, m)
    return (gm_actions(agent, config, rows) - st.A_PRICE).astype(np.int64).reshape(shape)
