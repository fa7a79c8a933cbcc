"""Scenes split over worker processes: ``--workers N`` of every command that plays scenes.

Scene ``j`` of a run depends on the seed and ``j`` alone (:mod:`scenegym.common.scenes`), so
a run of ``N`` scenes splits into contiguous ranges of scenes (:func:`meeting_ranges`: several
a worker, so that a worker slowed down does not keep the others waiting, and a batch's worth
where the processes meet, so that they end within a batch of each other). Each range is
played with its own statistics and engine, writes its rows into the run's rows (in memory
a forked worker shares with this process, :func:`shared_rows`; a spawned worker hands its
rows back) and hands back its statistics; the rows in scene order and the statistics added
up in that order (``merge``, :mod:`scenegym.envs.core.rulestats`) are those of one process
playing them all, so every figure is the same whatever the number of workers and whoever
played which range.

``--workers N`` is the processes that play: this one and ``N - 1`` worker processes. The
workers take the ranges from the first on, this process from the last on, until they meet
(:func:`play_ranges`): it plays while the workers start, so a run on two cores starts one
process, not two, and the figures' SciPy is imported while the workers start, not after
they end.

The workers are processes forked from this one on Linux (:func:`worker_context`): they start
in milliseconds with everything this process imported and compiled, where a ``spawn`` worker
starts a Python, imports the package and loads the kernels from the on-disk cache
(:mod:`scenegym.envs.cache`), a second or two of a short run. The kernels are serial, so a
forked child inherits no numba thread pool; a process that imported a library whose threads
or handles do not survive a fork (:data:`NOT_FORK_SAFE`: torch, ONNX Runtime, Ray), or that
runs other threads, starts its workers with ``spawn`` instead, as every other platform does.

By default every core plays (``os.cpu_count()``, or the environment variable
``SCENEGYM_WORKERS``), but never fewer than :func:`scenes_per_worker` scenes a worker
(:data:`SCENES_PER_FORKED_WORKER`, or :data:`SCENES_PER_WORKER` when spawned): starting a
process costs time, which a short run does not win back. ``--workers N`` asks for ``N``
whatever the run's size.

Ctrl-C stops every worker: each hands back the scenes it finished, and the run is cut
(:class:`scenegym.common.scenes.Interrupted`) to the scenes finished in all of them.

With ``--ray`` (or ``--address ADDR``) the ranges are Ray tasks instead (:class:`OnRay`,
:mod:`scenegym.common.ray_cells`): one per CPU of the Ray, or ``--workers N``; the figures are
again the same.
"""

from __future__ import annotations

import mmap
import multiprocessing
import os
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import numpy as np

from scenegym.common.scenes import (
    Interrupted,
    _advance,
    play_scenes,
    scene_engine,
    scene_row_width,
    seat_seed,
)
from scenegym.common.where import OnRay

WORKERS_VARIABLE = "SCENEGYM_WORKERS"
# Scenes a spawned worker must have before a run is split by default. Measured on this
# project's 2-core machine (load 3.5, other jobs running; warm kernel cache), heuristic against
# heuristic at batch 4096: a run split over 2 spawned workers took 3 to 8 s longer than one
# process for Starforged at 2,000,000 scenes, Momentum at 100,000, STA at 20,000 and
# Frontiers at 10,000: starting a worker and loading its kernels costs seconds, which the
# scenes of a short run do not win back.
SCENES_PER_WORKER = 100_000
# The same for a forked worker (milliseconds to start). Measured on the same machine, quiet,
# two runs each: 2 forked workers against one process, whole command, Starforged (the
# fastest scenes) at 20,000 and 40,000 scenes 1.91-2.04 s against 1.98-2.04 s (a wash), at
# 100,000 1.88-1.90 s against 2.08-2.16 s; STA at 5,000 1.99-2.01 s against 2.17-2.34 s.
SCENES_PER_FORKED_WORKER = 50_000
# Modules whose threads or native handles break in a forked child (torch's and ONNX Runtime's
# thread pools, Ray's connections): a process that imported one starts its workers by spawn.
NOT_FORK_SAFE = frozenset({"torch", "onnxruntime", "ray", "tensorflow", "jax"})
MAX_WORKERS = 1024
POLL_SECONDS = 0.2
# A range is 1 / (RANGE_SHARE x the processes taking from its side) of the scenes left on its
# side of the meeting point (guided self-scheduling: large ranges first, a batch at the end;
# eight equal ranges a process left one process idle for up to a range: CHANGELOG, issue 25).
RANGE_SHARE = 2


@dataclass(frozen=True)
class SceneRun:
    """What a worker needs to play its scenes: everything but the range.

    Args:
        ruleset: Ruleset id.
        config: The ruleset's config.
        agents: ``{seat: agent spec}`` (specs, made into agents in each worker).
        seed: The run's seed (dice and agents).
        batch: Envs stepped together in each worker (capped at its scenes).
        log_capacity: Event records per env (0: no event log).
        statistics: Collect the ruleset's own statistics (else none).
        inline: See :func:`scenegym.common.scenes.play_scenes`.
    """

    ruleset: str
    config: object
    agents: dict
    seed: int
    batch: int
    log_capacity: int = 0
    statistics: bool = True
    inline: bool = True


def default_workers() -> int:
    """Worker processes when a command is not told: ``SCENEGYM_WORKERS``, else every core.

    Raises:
        ValueError: ``SCENEGYM_WORKERS`` is not an integer of at least 1.
    """
    text = os.environ.get(WORKERS_VARIABLE)
    if text is None:
        return os.cpu_count() or 1
    return check_workers(text, WORKERS_VARIABLE)


def check_workers(value, name: str = "--workers") -> int:
    """``value`` as a number of workers (an integer, 1..:data:`MAX_WORKERS`).

    Raises:
        ValueError: Anything else, named ``name``.
    """
    try:
        workers = int(str(value).strip())
    except ValueError:
        workers = None
    if workers is None or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"{name} is {value!r}; allowed: an integer from 1 to {MAX_WORKERS}")
    return workers


def workers_for(scenes: int, asked: int | None = None, per_worker: int | None = None) -> int:
    """Worker processes for a run of ``scenes``: ``asked`` (at most one a scene), or by
    default (``None``) :func:`default_workers`, but at least ``per_worker`` scenes a worker
    (another unit of work: ``scenegym soak``'s decisions; default
    :func:`scenes_per_worker`)."""
    if isinstance(asked, OnRay):
        return asked
    if asked is not None:
        return max(1, min(check_workers(asked), scenes))
    per_worker = scenes_per_worker() if per_worker is None else per_worker
    return max(1, min(default_workers(), scenes // per_worker))


def scenes_per_worker() -> int:
    """Scenes a worker must have before a run is split by default: fewer when workers are
    forked (:func:`worker_context`) than when they are spawned."""
    forked = worker_context().get_start_method() == "fork"
    return SCENES_PER_FORKED_WORKER if forked else SCENES_PER_WORKER


def scene_ranges(scenes: int, workers: int) -> list[tuple[int, int]]:
    """``(first scene, scenes)`` of each worker: contiguous, in order, sizes within one."""
    edges = np.linspace(0, scenes, workers + 1).round().astype(np.int64)
    return [(int(lo), int(hi - lo)) for lo, hi in zip(edges[:-1], edges[1:]) if hi > lo]


def meeting_ranges(scenes: int, processes: int, batch: int) -> list[tuple[int, int]]:
    """``(first scene, scenes)`` of the ranges a run is cut into for ``processes`` processes
    (:func:`play_ranges`: the workers take them from the first on, this process from the last
    on): contiguous, in order. This process is expected to play its share,
    ``scenes // processes``, from the last scene down, and the workers the rest from the first
    up; on each side of that meeting point the ranges shrink towards it
    (:func:`shrinking_sizes`), so whoever reaches it first waits a batch's worth at most,
    not a range."""
    meet = scenes - scenes // processes
    sizes = (shrinking_sizes(meet, processes - 1, batch)
             + shrinking_sizes(scenes - meet, 1, batch)[::-1])
    firsts = np.cumsum([0, *sizes[:-1]])
    return [(int(first), size) for first, size in zip(firsts, sizes)]


def shrinking_sizes(scenes: int, takers: int, batch: int) -> list[int]:
    """Sizes of the ranges of one side of :func:`meeting_ranges`, from its far end: each
    ``1 / (RANGE_SHARE * takers)`` of the scenes left, none under ``batch`` (a smaller one
    would play a smaller batch); the last takes all that is left under two batches."""
    sizes, left = [], scenes
    while left > 0:
        size = left if left < 2 * batch else max(batch, -(-left // (RANGE_SHARE * takers)))
        sizes.append(size)
        left -= size
    return sizes


def make_run_agents(run: SceneRun) -> dict:
    """The run's agents, each seeded from the run's seed (as in every worker)."""
    from scenegym.agents import make_agent  # agents sit on top of the engine

    return {seat: make_agent(spec, run.ruleset, seat_seed(run.seed, seat), run.config,
                             seat=seat) for seat, spec in run.agents.items()}


def make_run_statistics(run: SceneRun):
    """The run's statistics collector (none when ``run.statistics`` is off)."""
    from scenegym.envs.core.rulestats import NoRuleStats
    from scenegym.envs.rulesets import make_rulestats

    return make_rulestats(run.ruleset, run.config) if run.statistics else NoRuleStats()


def play_range(run: SceneRun, first: int, scenes: int, agents=None, bar=None, stop=None,
               out=None):
    """Play scenes ``first .. first+scenes-1`` of the run in this process: ``(ended,
    statistics)`` (see :func:`scenegym.common.scenes.play_scenes`, its ``bar``, ``stop`` and
    ``out``; ``agents``: the run's, made already, else made here).

    Raises:
        Interrupted: Ctrl-C (it carries the rows of the scenes finished before it).
    """
    from scenegym.envs.rulesets import get_ruleset

    agents = make_run_agents(run) if agents is None else agents
    statistics = make_run_statistics(run)
    engine = scene_engine(get_ruleset(run.ruleset), run.config, min(run.batch, scenes), scenes,
                          statistics, run.log_capacity)
    ended = play_scenes(engine, agents, scenes, run.seed, statistics, inline=run.inline,
                        bar=bar, first=first, stop=stop, out=out)
    return ended, statistics


def range_part(run: SceneRun, first: int, scenes: int, agents=None, bar=None, stop=None,
               out=None):
    """``(ended, kept, statistics, interrupted)`` of one range of the run played here (see
    :func:`play_range`): Ctrl-C, or ``stop``, ends it with the scenes finished before it."""
    try:
        ended, statistics = play_range(run, first, scenes, agents, bar, stop, out)
        return ended, np.ones(scenes, np.bool_), statistics, False
    except Interrupted as cut:
        return cut.ended, cut.kept, None, True


def play_run(run: SceneRun, scenes: int, workers: int = 1, agents=None, bar=None):
    """Play scenes ``0 .. scenes-1`` of the run on ``workers`` processes (this one alone
    when 1, or when the run is not :func:`splittable`): ``(ended, statistics)``, the same
    whatever ``workers``.

    Args:
        run: The run.
        scenes: Scenes to play.
        workers: Worker processes (see :func:`workers_for`), or :class:`OnRay`.
        agents: The run's agents, made already (used when this process plays alone).
        bar: A tqdm bar to count the scenes on.

    Raises:
        Interrupted: Ctrl-C; it carries the rows of the scenes finished before it.
    """
    on_ray = isinstance(workers, OnRay)
    if (not on_ray and workers <= 1) or not splittable(run):
        return play_range(run, 0, scenes, agents, bar)
    try:
        if on_ray:
            from scenegym.common.ray_cells import play_ranges_on_ray  # the ray extra

            parts, rows = play_ranges_on_ray(run, scenes, workers, bar), None
        else:
            pieces = meeting_ranges(scenes, workers, run.batch)
            parts, rows = play_ranges(run, pieces, workers - 1, agents, bar)
    finally:
        if bar is not None:
            bar.close()
    return joined(parts, rows)


def joined(parts: list, rows=None):
    """The run's ``(ended, statistics)`` from its ranges' ``(ended, kept, statistics,
    interrupted)``, in scene order: ``rows`` (:func:`shared_rows`) when the ranges wrote
    their rows there and none was cut, else their rows joined.

    Raises:
        Interrupted: A range was cut by Ctrl-C; it carries the rows finished before it.
    """
    cut = any(part[3] for part in parts)
    if rows is not None and not cut:
        return rows, merged(parts)
    finished = [part[0] for part in parts if part[0].size]  # the finished scenes', in order
    ended = np.concatenate(finished) if finished else np.zeros((0, 0), np.int64)
    if cut:
        raise Interrupted(ended, np.concatenate([part[1] for part in parts]))
    return ended, merged(parts)


def merged(parts: list):
    """The statistics of the ranges' parts added up, in scene order."""
    statistics = parts[0][2]
    for part in parts[1:]:
        statistics.merge(part[2])
    return statistics


def shared_rows(run: SceneRun, scenes: int) -> np.ndarray:
    """The run's rows, int64 zeros of ``scenes`` rows of
    :func:`~scenegym.common.scenes.scene_row_width` columns (see
    :func:`scenegym.common.scenes.play_scenes`), in memory a forked worker shares with this
    process (an anonymous ``MAP_SHARED`` mapping): every process writes its ranges' rows in
    place, so none is sent back through a pipe and nothing is joined at the end (the
    4,000,000 rows of a Starforged run are 152 MB)."""
    columns = scene_row_width(make_run_statistics(run))
    buffer = mmap.mmap(-1, max(1, scenes * columns * np.dtype(np.int64).itemsize))
    return np.frombuffer(buffer, np.int64, scenes * columns).reshape(scenes, columns)


def splittable(run: SceneRun) -> bool:
    """Whether workers can play the run: its agents are specs (a worker makes its own) and
    its statistics add up (``merge``)."""
    return (all(isinstance(spec, str) for spec in run.agents.values())
            and hasattr(make_run_statistics(run), "merge"))


def play_ranges(run: SceneRun, ranges: list[tuple[int, int]], processes: int, agents=None,
                bar=None) -> tuple[list, np.ndarray | None]:
    """Each range's ``(ended, kept, statistics, interrupted)``, in order, and the run's
    :func:`shared_rows` when the workers are forked (else None): ``processes`` worker
    processes take the ranges from the first on, this process from the last on (with
    ``agents``, the run's, made already, else made here), until they meet (:func:`claim`).
    Ctrl-C here stops every worker, and each hands back what it finished."""
    context = worker_context()
    counts, stop = SceneCount(context), context.Event()
    claims = context.Array("q", [0, len(ranges)])  # ranges from the first on, to the last
    rows = None
    if context.get_start_method() == "fork":
        rows = shared_rows(run, sum(scenes for _, scenes in ranges))
    parts: dict = {}
    with ProcessPoolExecutor(processes, mp_context=context, initializer=start_worker,
                             initargs=(counts, stop, claims, rows)) as pool:
        # one task a range, each handed back as it ends: the first range nobody took
        futures = [pool.submit(worker_range, run, ranges) for _ in ranges]
        try:
            load_figures()  # while the workers start
            play_from_the_last(run, ranges, claims, parts, agents, ParentBar(bar, counts),
                               futures, rows)
            follow(futures, counts, bar)
            taken = [future.result() for future in futures]
        except KeyboardInterrupt:
            stop.set()
            follow(futures, counts, bar)
            taken = [finished(future) for future in futures]
        except Exception:
            stop.set()
            raise
    parts.update(part for part in taken if part is not None)
    return [in_place(parts.get(k), rows, *ranges[k]) for k in range(len(ranges))], rows


def in_place(part, rows, first: int, scenes: int):
    """A range's part with its rows: those a worker wrote into ``rows`` (its part holds
    None), or the part as it is; :func:`not_played` when Ctrl-C stopped it before it began."""
    if part is None:
        return not_played(scenes)
    if part[0] is None:
        return (range_rows(rows, first, scenes), *part[1:])
    return part


def worker_context():
    """How worker processes start: ``fork`` on Linux when nothing in this process would break
    in a forked child (no module of :data:`NOT_FORK_SAFE` imported, no thread running but
    this one and tqdm's monitor, which is stopped), else ``spawn``."""
    if sys.platform.startswith("linux") and not NOT_FORK_SAFE & sys.modules.keys():
        stop_tqdm_monitor()
        if threading.active_count() == 1:
            return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def stop_tqdm_monitor() -> None:
    """Stop tqdm's monitor thread, and keep it from starting again (``monitor_interval = 0``,
    tqdm's documented switch): it only tunes how often a slow bar redraws."""
    tqdm_module = sys.modules.get("tqdm")
    if tqdm_module is None:
        return
    tqdm = tqdm_module.tqdm
    tqdm.monitor_interval = 0
    monitor, tqdm.monitor = tqdm.monitor, None
    if monitor is not None:
        monitor.exit()


def load_figures() -> None:
    """Import what the run's figures need once it ends (SciPy's intervals: a second)."""
    from scipy import stats  # noqa: F401


def claim(claims, last: bool = False) -> int | None:
    """Take the first range nobody took (``last``: the last one): its index, ``None`` when
    every range is taken. ``claims`` holds the first range not taken and one past the last
    range not taken."""
    with claims.get_lock():
        first, end = claims[0], claims[1]
        if first >= end:
            return None
        if last:
            claims[1] = end - 1
            return end - 1
        claims[0] = first + 1
        return first


def play_from_the_last(run: SceneRun, ranges: list, claims, parts: dict, agents, bar,
                       futures: list, rows=None) -> None:
    """Play the ranges not taken from the last on, here, until every range is taken; each
    one's part goes into ``parts`` under its index (its rows written into ``rows``, the
    run's :func:`shared_rows`, if given).

    Raises:
        KeyboardInterrupt: Ctrl-C (the range it cut gets the scenes finished before it).
        Exception: A worker's error, raised before the next range.
    """
    while True:
        raise_failure(futures)
        k = claim(claims, last=True)
        if k is None:
            return
        agents = make_run_agents(run) if agents is None else agents
        parts[k] = range_part(run, *ranges[k], agents, bar, out=range_rows(rows, *ranges[k]))
        if parts[k][3]:
            raise KeyboardInterrupt


def finished(future):
    """What a worker stopped by Ctrl-C hands back (see :func:`worker_range`); nothing when
    Ctrl-C ended its process (a Ctrl-C on the terminal reaches the workers too)."""
    try:
        return future.result()
    except BrokenProcessPool:
        return None


def not_played(scenes: int):
    """The part of a range of ``scenes`` that Ctrl-C stopped before it began."""
    return np.zeros((0, 0), np.int64), np.zeros(scenes, np.bool_), None, True


def raise_failure(futures) -> None:
    """Raise the error of a worker that failed (a Ctrl-C that ended a worker's process
    aside: the run is cut, not failed)."""
    for future in futures:
        if future.done():
            error = future.exception()
            if error is not None and not isinstance(error, BrokenProcessPool):
                raise error


def follow(futures: list, counts, bar) -> None:
    """Wait for every worker, counting the scenes they report on ``bar``; a worker's error
    is raised here."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        raise_failure(done)
        ended = counts.new()
        if bar is not None and ended:
            _advance(bar, ended)  # the bar of play_scenes, counted the same way


class SceneCount:
    """The scenes the workers ended, on one shared counter: each worker adds to it, the
    parent reads what is new. A shared integer, not a queue: Ctrl-C can land anywhere in the
    parent, and one that landed while it read a message off a queue's pipe left the pipe
    cut mid-message (the next read failed with ``EOFError``, a traceback, exit status 1)."""

    def __init__(self, context):
        self.total = context.Value("q", 0)
        self.seen = 0  # the parent's: the total at its last read

    def add(self, scenes: int) -> None:
        """In a worker: ``scenes`` more ended."""
        with self.total.get_lock():
            self.total.value += scenes

    def new(self) -> int:
        """In the parent: the scenes ended since its last call."""
        total = self.total.value
        ended, self.seen = total - self.seen, total
        return ended


def results_in_order(function, items: list, workers: int = 1):
    """``function(item)`` of each item, yielded in the items' order: computed here when
    ``workers`` is 1, else by that many worker processes (at most one an item, started as
    :func:`worker_context` says; ``function`` and the items must pickle). Work that splits into independent items whose
    results do not depend on where they are computed (``scenegym soak``'s pairings) gives the
    same results whatever ``workers``. Closing the generator (a caller that stops early, or
    Ctrl-C here) cancels the items not begun; the workers finish those begun (they leave
    Ctrl-C to this process)."""
    if workers <= 1 or len(items) <= 1:
        for item in items:
            yield function(item)
        return
    context = worker_context()
    with ProcessPoolExecutor(min(workers, len(items)), mp_context=context,
                             initializer=ignore_ctrl_c) as pool:
        futures = [pool.submit(function, item) for item in items]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def range_rows(rows, first: int, scenes: int):
    """The rows of scenes ``first .. first+scenes-1`` in the run's :func:`shared_rows` (None
    when there are none)."""
    return None if rows is None else rows[first:first + scenes]


# -- in the worker ----------------------------------------------------------------------------
# The count a worker adds its ended scenes to (SceneCount), the parent's Ctrl-C, the ranges
# taken, the run's rows shared with this process (None when it was not forked).
COUNTS = STOP = CLAIMS = ROWS = None


def ignore_ctrl_c() -> None:
    """A worker leaves Ctrl-C to the parent (a Ctrl-C on the terminal reaches it too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_worker(counts, stop, claims, rows=None) -> None:
    """A worker leaves Ctrl-C to the parent, which passes it on as ``stop``."""
    global COUNTS, STOP, CLAIMS, ROWS
    COUNTS, STOP, CLAIMS, ROWS = counts, stop, claims, rows
    ignore_ctrl_c()


class ParentBar:
    """The part of a tqdm bar :func:`scenegym.common.scenes.play_scenes` uses, counting on
    ``bar`` (if any) the scenes this process ends and those the workers report on
    ``counts``."""

    disable, desc = False, ""

    def __init__(self, bar, counts):
        self.bar, self.counts = bar, counts

    def update(self, scenes: int) -> None:
        ended = scenes + self.counts.new()
        if self.bar is not None and ended:
            _advance(self.bar, ended)

    def close(self) -> None:
        pass


class CountBar:
    """The part of a tqdm bar :func:`scenegym.common.scenes.play_scenes` uses, adding the
    ended scenes to the parent's :class:`SceneCount`."""

    disable, desc = False, ""

    def __init__(self, counts):
        self.counts = counts

    def update(self, scenes: int) -> None:
        if scenes:
            self.counts.add(int(scenes))

    def close(self) -> None:
        pass


def worker_range(run: SceneRun, ranges: list):
    """In a worker: ``(index, part)`` of the first range nobody took (:func:`claim`),
    played (see :func:`range_part`); ``None`` when every range is taken, or after the
    parent's Ctrl-C."""
    k = None if STOP.is_set() else claim(CLAIMS)
    if k is None:
        return None
    out = range_rows(ROWS, *ranges[k])
    part = range_part(run, *ranges[k], bar=CountBar(COUNTS), stop=STOP.is_set, out=out)
    if out is not None and not part[3]:  # its rows are in the shared rows: none to send
        part = (None, *part[1:])
    return k, part
