"""Work played as Ray tasks (the ``ray`` extra): the cells of ``scenegym sweep --ray`` and
``selfplay --ray``, and the ranges of scenes of the commands that split one run (``playtest``,
``report``, ``variants``, ``baselines`` with ``--ray``: :func:`play_ranges_on_ray`).

Without ``--address``, a local Ray starts inside the command and stops with it (nothing to
start beforehand; one task per CPU; the workers get this process's ``NUMBA_*`` settings and
``PYTHONPATH``). With ``--address ADDR`` the cells go to that cluster,
whose nodes need scenegym installed. Each cell is kept in its file by this process as soon
as its task returns (:func:`scenegym.common.cells.finish`), so Ctrl-C or a lost driver
keeps every finished cell, and the next run plays only the rest.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from scenegym.common.cells import Cell, finish, pending

# a task is one CPU's: one thread, and its scenes in one process (scenegym.common.workers)
WORKER_THREADS = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                  "SCENEGYM_WORKERS": "1"}


def connect(address: str | None, num_cpus: int | None = None):
    """Start a local Ray (``address`` None) or join the cluster at ``address``, unless this
    process is connected already; returns the ``ray`` module.

    Raises:
        ModuleNotFoundError: Ray is not installed (the ``ray`` extra).
    """
    import ray

    if ray.is_initialized():
        return ray
    env_vars = {**WORKER_THREADS, **{k: v for k, v in os.environ.items()
                                      if k.startswith("NUMBA_") or k == "PYTHONPATH"}}
    if address is None:
        ray.init(address="local", num_cpus=num_cpus, include_dashboard=False,
                 log_to_driver=False, configure_logging=False,
                 runtime_env={"env_vars": env_vars})
    else:
        ray.init(address=address, log_to_driver=False, configure_logging=False,
                 runtime_env={"env_vars": WORKER_THREADS})
    return ray


def _play(job, params: dict):
    return job(**params)


def run_on_ray(cells: list[Cell], folder: Path, address: str | None = None,
               num_cpus: int | None = None, progress=None) -> list:
    """Play the cells not yet kept in ``folder`` as Ray tasks; every cell's results, in order.

    Takes the arguments of :func:`scenegym.common.cells.run_serial`, and ``address``
    (an existing cluster; ``None`` starts a local Ray) and ``num_cpus`` (of the local Ray;
    ``None``: every CPU). When this ends early (Ctrl-C), a Ray this call connected to is
    left, which ends the tasks still running: Ray stops a job's tasks with its driver. They
    are not cancelled one by one, since in Ray 2.60 a cancel that meets a task's reply can
    abort the driver (``Check failed: it != submissible_tasks_.end()``, ray-project/ray
    pull request 54738). In a Ray the caller connected to, they run to their end and their
    results are dropped.
    """
    done, todo = pending(cells, folder)
    if not todo:
        return [done[i] for i in range(len(cells))]
    import ray

    started = not ray.is_initialized()
    connect(address, num_cpus)
    play = ray.remote(num_cpus=1, max_retries=0)(_play)
    running = {play.remote(cells[i].job, cells[i].params): i for i in todo}
    try:
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            i = running.pop(ready[0])
            done[i] = finish(cells[i], folder, *ray.get(ready[0]))
            if progress is not None:
                progress(len(done), len(cells))
    finally:
        if started:
            ray.shutdown()
    return [done[i] for i in range(len(cells))]


def _play_range(run, first: int, scenes: int):
    """A Ray task: one range of the run's scenes, as a worker process hands it back."""
    from scenegym.common.workers import play_range

    ended, statistics = play_range(run, first, scenes)
    return ended, np.ones(scenes, np.bool_), statistics, False


def play_ranges_on_ray(run, scenes: int, where, bar=None) -> list:
    """The run's scenes split into ranges played as Ray tasks: each range's ``(ended, kept,
    statistics, interrupted)``, in order (see :func:`scenegym.common.workers.joined`).

    Args:
        run: The run (:class:`scenegym.common.workers.SceneRun`).
        scenes: Scenes to play.
        where: :class:`scenegym.common.workers.OnRay`: the cluster, and the ranges (``None``:
            one per CPU of the Ray).
        bar: A tqdm bar, advanced as each range comes back.

    Ctrl-C keeps the ranges that came back (the others are marked interrupted); the tasks
    still running end with the Ray this call started, as in :func:`run_on_ray`.
    """
    import ray

    from scenegym.common.scenes import _advance
    from scenegym.common.workers import not_played, scene_ranges

    started = not ray.is_initialized()
    connect(where.address)
    tasks = where.tasks or max(1, int(ray.cluster_resources().get("CPU", 1)))
    ranges = scene_ranges(scenes, min(tasks, scenes))
    play = ray.remote(num_cpus=1, max_retries=0)(_play_range)
    running = {play.remote(run, first, n): i for i, (first, n) in enumerate(ranges)}
    parts: list = [not_played(n) for _, n in ranges]
    try:
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            i = running.pop(ready[0])
            parts[i] = ray.get(ready[0])
            if bar is not None:
                _advance(bar, ranges[i][1])
    except KeyboardInterrupt:
        pass
    finally:
        if started:
            ray.shutdown()
    return parts
