"""Scenes played on the engine to their end: the loop every command plays scenes with.

Scene ``j`` of a run of ``N`` scenes is episode 0 of env id ``j``: it depends only on the seed
and ``j``, whatever the batch. A batch of ``B`` rows starts scenes ``0 .. B-1``; a row whose
scene ends starts the next scene not yet begun, so ``--batch`` changes speed, never figures.
Each ended scene's row of the result is its scene number, not the order the scenes ended in.

The module's constants and checks import no numba (the commands' parsers read them); the
engine is imported by the functions that play.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import numpy as np

from scenegym.envs.core.header_columns import (
    CREW,
    DECISIONS,
    GM,
    LEAD_CHANGES,
    MARGIN,
    OVER,
    RESULT,
    TRUNCATED,
)
from scenegym.envs.core.memory import check_memory, row_bytes

if TYPE_CHECKING:  # the engine loads numba: imported where scenes are played
    from scenegym.envs.core.batch import SceneBatch

MAX_SCENES = 10**9


MAX_BATCH = 1 << 20


SEAT_SALTS = {CREW: 0xC4E3, GM: 0x63}


# header columns kept per ended scene
ENDED_COLUMNS = [RESULT, DECISIONS, LEAD_CHANGES, MARGIN, TRUNCATED]
# event records drained (and handed to the statistics) at once: a drain's memory does not grow
# with the batch
DRAIN_RECORDS = 1 << 16


def scene_loop_bytes(layout, own_columns: int = 0) -> int:
    """Bytes per env that :func:`play_scenes` allocates beside its engine, when every env
    ends at once (as when the compiled policies play whole scenes)."""
    counts = 2 * row_bytes(np.int64)  # the next scenes' numbers, the rows that begin them
    step = (row_bytes(np.int64) + row_bytes(np.int64)  # actions, the drain's running count
            + 3 * row_bytes(np.bool_))  # over, active, the envs that go on
    ended = (row_bytes(np.int32, layout.state_size) + 3 * row_bytes(np.int64)  # rows, scenes
             + row_bytes(np.int32, len(ENDED_COLUMNS))
             + 2 * row_bytes(np.int64, own_columns))  # the statistics' figures, and running
    return counts + step + ended


def scene_rows_bytes(scenes: int, own_columns: int = 0, drains: bool = True) -> int:
    """Bytes of :func:`play_scenes`' row per scene (its columns and whether it ended) and,
    with ``drains`` (the event log on), of one block of drained records (twice: the
    statistics take working copies of it)."""
    from scenegym.envs.core.events import EVENT_WIDTH

    row = (len(ENDED_COLUMNS) + own_columns) * row_bytes(np.int64) + row_bytes(np.bool_)
    drained = DRAIN_RECORDS * (row_bytes(np.int64) + row_bytes(np.int32, EVENT_WIDTH))
    return scenes * row + (2 * drained if drains else 0)


def scene_engine(ruleset, config, num_envs: int, scenes: int, rulestats=None,
                 log_capacity: int = 0) -> SceneBatch:
    """The engine that :func:`play_scenes` plays ``scenes`` scenes on, refused before it is
    allocated if it, the loop's arrays per env and a row per scene need more memory than a
    batch may take (:mod:`scenegym.envs.core.memory`; the refusal names the ``batch`` that
    fits). Its event log keeps the kinds of record the statistics read (their
    ``event_kinds``, :mod:`scenegym.envs.core.rulestats`), every kind without them."""
    from scenegym.envs.core.batch import SceneBatch, engine_bytes
    from scenegym.envs.core.events import ALL_KINDS

    own, layout = len(scene_columns(rulestats)), ruleset.layout_of(config)
    per_env = engine_bytes(layout, log_capacity) + scene_loop_bytes(layout, own)
    check_memory(ruleset.name, num_envs, per_env,
                 scene_rows_bytes(scenes, own, log_capacity > 0), size="batch")
    return SceneBatch(ruleset, config, num_envs, log_capacity=log_capacity,
                      log_kinds=getattr(rulestats, "event_kinds", ALL_KINDS))


def scene_outcomes(ended: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """bool arrays ``(crew won, crew lost, cut off)`` of the ended scenes' rows: a cut-off
    (the rules' own limit) is neither side's win, whatever ``cutoff_result`` pays for it; a
    mission's result is its total, so a mission won on the tally is won even if its last
    scene was cut off."""
    result = ended[:, ENDED_COLUMNS.index(RESULT)]
    won = result > 0
    cut = (ended[:, ENDED_COLUMNS.index(TRUNCATED)] == 1) & ~won
    return won, (result < 0) & ~cut, cut


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`play_scenes`: ``ended`` holds the rows of the scenes finished
    before it, in scene order, and ``kept`` marks which rows of the whole run they are (so a
    run to the end can be cut to the same scenes)."""

    def __init__(self, ended: np.ndarray, kept: np.ndarray):
        super().__init__()
        self.ended, self.kept = ended, kept


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat``, derived from the run's seed."""
    from scenegym.envs.core.dice import mix64

    return int(mix64(np.uint64(seed) ^ np.uint64(SEAT_SALTS[seat])))


def play_scenes(engine: SceneBatch, agents: dict, scenes: int, seed: int, rulestats,
                progress_bar: bool = False, inline: bool = True, bar=None,
                first: int = 0, stop=None, out: np.ndarray | None = None) -> np.ndarray:
    """Play scenes ``first .. first+scenes-1`` (scene ``j``: episode 0 of env id ``j``);
    returns the ended scenes' header columns.

    With compiled policies in both seats (and ``inline``), one compiled call plays every
    running scene to its end (or until the event log needs draining); otherwise each
    decision is a batch step with the agents asked in Python.

    Returns:
        int64[scenes, 5 + m]: result, decisions, lead changes, final margin and cut-off flag of
        each scene (``ENDED_COLUMNS``), then the ruleset's own per-scene figures (the ``m``
        names of its statistics' ``scene_columns``); row ``j`` is scene ``first + j``,
        whatever the batch and the order the scenes ended in.

    ``bar`` is a tqdm bar to count the scenes on (default: one on stderr if
    ``progress_bar``); its description, until the first scenes are played, says that the
    rules are being compiled. ``stop``, if given, is asked between compiled calls and
    stops the run as Ctrl-C does when it says so (a worker's Ctrl-C: ``common/workers.py``).
    ``out``, if given, is the zeroed array the rows are written into and returned (a range of
    rows that worker processes share: ``common/workers.py``).

    Raises:
        ValueError: the engine has more rows than there are scenes to play.
        Interrupted: Ctrl-C; it carries the rows of the scenes that ended before it (and
            only those: a row of a scene never finished is not among them).
    """
    from tqdm import tqdm

    from scenegym.agents.seats import choose_actions

    if engine.num_envs > scenes:
        raise ValueError(f"a batch of {engine.num_envs} envs for {scenes} scenes; allowed: a "
                         "batch of at most the scenes to play")
    own = len(scene_columns(rulestats))
    shape = (scenes, scene_row_width(rulestats))
    ended = np.zeros(shape, np.int64) if out is None else out
    if ended.shape != shape or ended.dtype != np.int64:
        raise ValueError(f"out is {ended.dtype}{list(ended.shape)}; allowed: int64{list(shape)}")
    kept = np.zeros(scenes, np.bool_)  # the rows of the scenes finished so far
    begun = engine.num_envs  # scenes first .. first+begun-1 have started
    actions = np.zeros(engine.num_envs, np.int64)
    play = scene_player(engine, agents, inline)
    engine.env_ids[:] = first + np.arange(engine.num_envs)
    engine.reset(seed)
    if bar is None:
        bar = tqdm(total=scenes, unit="scene", file=sys.stderr, disable=not progress_bar,
                   desc=COMPILING)
    try:
        while not kept.all():
            if stop is not None and stop():
                raise KeyboardInterrupt
            active = engine.state[:, OVER] == 0
            if not active.any():
                raise RuntimeError("no scene is running but the playtest is not finished")
            if play is None:
                choose_actions(engine, agents, actions, active)
                _, over, _ = engine.step(actions, active)
            else:
                over = play(active)
            drain_events(rulestats, engine.log)
            done = np.flatnonzero(over)
            if done.size:
                keep_scenes(ended, kept, engine, done, rulestats, own, first)
                begun = begin_next_scenes(engine, done, begun, scenes, first)
            _advance(bar, done.size)
    except KeyboardInterrupt:
        raise Interrupted(ended[kept], kept) from None
    finally:
        bar.close()
    return ended


def drain_events(rulestats, log) -> None:
    """Count the event log's records since the last drain into ``rulestats`` and clear the
    log: in one compiled pass over the log's buffers where the collector has ``tally``
    (:mod:`scenegym.envs.core.rulestats`), else block by block through ``add_events``."""
    from scenegym.envs.core.events import drain_blocks

    tally = getattr(rulestats, "tally", None)
    if tally is not None:
        tally(log.records, log.lengths)
        return
    for envs, records in drain_blocks(log, DRAIN_RECORDS):
        rulestats.add_events(envs, records)


def keep_scenes(ended: np.ndarray, kept: np.ndarray, engine: SceneBatch, done: np.ndarray,
                rulestats, own: int, first: int = 0) -> None:
    """Write the ended rows ``done`` of the engine into ``ended`` at their scenes' rows
    (row ``j``: scene ``first + j``)."""
    rows = engine.state[done]
    scene = engine.env_ids[done].astype(np.int64) - first
    ended[scene, :len(ENDED_COLUMNS)] = rows[:, ENDED_COLUMNS]
    if own:
        ended[scene, len(ENDED_COLUMNS):] = rulestats.scene_values(done, rows)
    kept[scene] = True
    rulestats.add_ended(rows)


def begin_next_scenes(engine: SceneBatch, done: np.ndarray, begun: int, scenes: int,
                      first: int = 0) -> int:
    """The first of the rows ``done`` start the scenes not begun yet (of ``first ..
    first+scenes-1``), in order; returns how many scenes have begun."""
    more = min(done.size, scenes - begun)
    if more > 0:
        which = np.zeros(engine.num_envs, np.bool_)
        which[done[:more]] = True
        engine.begin_scenes(which, first + np.arange(begun, begun + more))
    return begun + more


def scene_columns(rulestats) -> tuple[str, ...]:
    """Names of the per-scene figures a ruleset's statistics add to each ended scene's row."""
    return tuple(getattr(rulestats, "scene_columns", ()))


def scene_row_width(rulestats) -> int:
    """Columns of :func:`play_scenes`' row per scene: ``ENDED_COLUMNS``, then the
    statistics' own figures (:func:`scene_columns`)."""
    return len(ENDED_COLUMNS) + len(scene_columns(rulestats))


COMPILING = "loading the compiled rules (the first run compiles them: a minute or so)"


def _advance(bar, scenes: int) -> None:
    """Count ``scenes`` on the bar; the first call ends the compile step and starts the
    clock, so the rate and the time left leave the compile out."""
    if not bar.disable and bar.desc:
        bar.set_description_str("")
        bar.reset()
    bar.update(scenes)


def scene_player(engine: SceneBatch, agents: dict, inline: bool):
    """``active -> over``: plays the active envs' scenes to their end in one compiled call, or
    ``None`` when a seat's agent has no compiled policy (or ``inline`` is off)."""
    from scenegym.envs.core.kernels import policy_args
    from scenegym.envs.core.policy import PYTHON, policy_of

    crew, gm = policy_of(agents[CREW]), policy_of(agents[GM])
    if not inline or crew is PYTHON or gm is PYTHON:
        return None
    kernel = engine.ruleset.kernels_with(crew, gm).play
    policy = policy_args(crew, gm)
    over = np.zeros(engine.num_envs, np.bool_)

    def play(active):
        kernel(engine.state, engine.params, engine.dice_arrays, engine.log_arrays,
               engine.env_ids, engine.masks, engine.obs, active, policy, over)
        return over

    return play
