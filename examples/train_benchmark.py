"""Reproduce the benchmark tasks' trained rows: train, then evaluate by each task's protocol.

For each task of :data:`scenegym.envs.benchmarks.TASKS` (or those named by ``--tasks``) the
script runs the task's recorded ``scenegym train`` command (:func:`train_argv`, at the
budget :data:`BUDGET`) into ``POLICIES/<task>/``, then plays the final policy by the task's
protocol through the code ``scenegym baselines --benchmark`` uses and prints its row beside
the recorded one. It is resumable: a task whose policy (``POLICIES/<task>/model.zip``,
written atomically once the run finished) is there is not trained again, and a run an
interrupt cut short continues from its last checkpoint (``--resume``). ``--write`` records
each task's row, with its commands, budget, time and commit, in the package's
``envs/benchmarks_trained.json`` as soon as the task finishes (atomically: an interrupted
run keeps the tasks it recorded). The policies themselves are generated files: keep them out
of git.

The budgets are small (a floor for a learner, not a ceiling). On the shared 2-core machine
(1-minute load 5 to 9) each task took 0.6 to 2.4 CPU minutes, the first task of a ruleset
compiling its kernels included, and 1.8 to 7.5 minutes of wall time (the recorded
``train_cpu_minutes``, ``train_minutes`` and ``load``); all ten took 34 minutes
with their evaluations (``--write``, commit ``f12ec8f``).

Run (needs the ``train`` extra)::

    nice -n 10 python examples/train_benchmark.py --policies /tmp/benchmark-policies
    nice -n 10 python examples/train_benchmark.py --policies /tmp/benchmark-policies --write
    scenegym baselines --benchmark --policies /tmp/benchmark-policies   # re-evaluate
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import sys
import time
from pathlib import Path

from scenegym.cli import main as scenegym
from scenegym.common.commit import short_commit
from scenegym.envs.benchmarks import (
    BUDGET,
    TASKS,
    TRAINED,
    BenchmarkTask,
    eval_argv,
    policy_file,
    run_folder,
    task_named,
    train_argv,
    trained,
)
from scenegym.envs.core.files import atomic_write_text
from scenegym.evaluation.benchmark import agreement, trained_row

FOLDER = "POLICIES"  # the folder of policies as the recorded commands name it


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--policies", type=Path, required=True, metavar="FOLDER",
                   help="folder of the runs and policies, created if missing")
    p.add_argument("--tasks", type=lambda s: s.split(","), default=None, metavar="NAMES",
                   help="the tasks to train, comma-separated (none: every task)")
    p.add_argument("--batch", type=int, default=1024, help="envs stepped together when "
                   "evaluating (the figure does not depend on it)")
    p.add_argument("--write", action="store_true",
                   help="record each task's row in the package's envs/benchmarks_trained.json")
    return p.parse_args(argv)


def command_text(argv: list[str]) -> str:
    """A ``scenegym`` command line as a shell would take it."""
    return "scenegym " + shlex.join(argv)


def cpu_minutes() -> float:
    """CPU minutes this process has used so far (user and system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return (usage.ru_utime + usage.ru_stime) / 60


def train_task(task: BenchmarkTask, folder: Path) -> dict | None:
    """Train ``task``'s policy into ``folder`` (continuing an interrupted run); its time and
    load, or None when the policy was there already."""
    if policy_file(task, folder).is_file():
        return None
    argv = train_argv(task, folder)
    if (run_folder(task, folder) / "checkpoint.json").is_file():
        argv.append("--resume")
    wall, cpu = time.perf_counter(), cpu_minutes()
    status = scenegym(argv)
    if status:
        raise SystemExit(f"train_benchmark: {task.name}: scenegym train ended with {status}")
    return {"train_minutes": round((time.perf_counter() - wall) / 60, 2),
            "train_cpu_minutes": round(cpu_minutes() - cpu, 2),
            "load": round(os.getloadavg()[0], 2)}


def record(task: BenchmarkTask, row: dict, timing: dict | None) -> dict:
    """The trained record of ``task``: its row, commands, budget, time and commit (the time
    of an earlier run kept when this one trained nothing)."""
    earlier = trained().get(task.name, {})
    timing = timing or {k: earlier.get(k) for k in ("train_minutes", "train_cpu_minutes",
                                                    "load")}
    return {**row, "budget": BUDGET._asdict(),
            "train_command": command_text(train_argv(task, FOLDER)),
            "eval_command": command_text(eval_argv(task, FOLDER)),
            **timing, "commit": short_commit()}


def write_record(name: str, entry: dict) -> None:
    """Record one task's trained row (atomically; tasks in :data:`TASKS` order)."""
    rows = {**trained(), name: entry}
    order = [t.name for t in TASKS if t.name in rows]
    atomic_write_text(TRAINED, json.dumps({"tasks": {n: rows[n] for n in order}},
                                          indent=1) + "\n")


def main(argv=None) -> int:
    args = parse_args(argv)
    tasks = TASKS if args.tasks is None else tuple(task_named(n) for n in args.tasks)
    for task in tasks:
        timing = train_task(task, args.policies)
        row = trained_row(task, policy_file(task, args.policies), args.batch)
        known = trained().get(task.name)
        lo, hi = row["crew_win_ci"]
        print(f"{task.name}: trained {row['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}], cut off "
              f"{row['cut_off']:.4f}; recorded: "
              f"{'none' if known is None else known['crew_win_rate']}, "
              f"{agreement(row, known)}; {timing or 'trained before'}", flush=True)
        if args.write:
            write_record(task.name, record(task, row, timing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
