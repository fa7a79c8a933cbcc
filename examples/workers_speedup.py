"""A benchmark (not a test) of ``--workers``: a playtest on one process against the same
playtest split over ``--workers`` processes, heuristic against heuristic, in this process.

Each ruleset's kernels are loaded first (a short run), then the rounds alternate one process
and the workers (``--repeats`` rounds each), and the fastest round of each counts: scenes per
second, their ratio, and whether the two reports are the same to the last digit (they must
be: ``common/workers.py``). The time is that of :func:`playtest_scenes` alone, start of the
workers and merge of their figures included, Python's start and the imports left out (a
command's own start, about 2 s, is ``examples/start_up.py``'s figure)::

    python examples/workers_speedup.py                       # every ruleset, 2 workers
    python examples/workers_speedup.py momentum --scenes 100000 --workers 2 --repeats 3

Say the load (``uptime``) beside the figures: the ratio of two processes is that of two
quiet cores only on a quiet machine. The first line says what the machine gives at that
moment: ``--workers`` processes spinning in Python at once against one alone, each timed in
the CPU time it got (on this project's 2-core virtual machine, 1.82-1.99x: its host takes
slices of 100 ms from each busy core), the most ``--workers`` workers can gain then.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor

from scenegym.evaluation.playtest import playtest_scenes

# Scenes of each ruleset: about 10 s on one process of this project's machine (Starforged's
# 6 s), so a split's fixed costs (its workers' start, the last ranges, the merge) weigh as
# little as in a long playtest: over 3 s of STA social scenes two workers read 1.60-1.63x,
# over 10-15 s 1.87-1.91x (2026-12-07).
SCENES = {"starforged": 4_000_000, "momentum": 700_000, "sta": 600_000,
          "sta_social": 2_000_000, "frontiers": 500_000}


def spin(seconds: float) -> float:
    """Spin for ``seconds``: the share of them this process ran (CPU time over wall time)."""
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        pass
    return (time.process_time() - cpu) / (time.perf_counter() - start)


def ceiling(workers: int, seconds: float = 2.0) -> float:
    """What ``workers`` processes spinning at once run, in all, over one alone."""
    alone = spin(seconds)
    with ProcessPoolExecutor(workers) as pool:
        return sum(pool.map(spin, [seconds] * workers)) / alone


def timed(ruleset: str, scenes: int, workers: int, options: dict) -> tuple[float, str]:
    """Seconds of one playtest and its report as JSON."""
    start = time.perf_counter()
    report, _ = playtest_scenes(ruleset, scenes, workers=workers, **options)
    return time.perf_counter() - start, json.dumps(report, sort_keys=True)


def compare(ruleset: str, scenes: int, workers: int, repeats: int, options: dict) -> dict:
    """The fastest round of one process and of ``workers``, and whether their reports agree."""
    playtest_scenes(ruleset, min(scenes, options["batch"]), workers=1, **options)  # load
    seconds: dict[int, list[float]] = {1: [], workers: []}
    reports = set()
    for _ in range(repeats):
        for w in (1, workers):
            elapsed, report = timed(ruleset, scenes, w, options)
            seconds[w].append(elapsed)
            reports.add(report)
    one, split = min(seconds[1]), min(seconds[workers])
    return {"ruleset": ruleset, "scenes": scenes, "one_per_s": scenes / one,
            "split_per_s": scenes / split, "ratio": one / split, "same": len(reports) == 1}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", default=list(SCENES), metavar="RULESET")
    parser.add_argument("--scenes", type=int, help="scenes of each run (default: per ruleset)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    options = {"batch": args.batch, "seed": args.seed}
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; one process against "
          f"{args.workers}, fastest of {args.repeats} rounds each")
    print(f"{args.workers} processes spinning at once: {ceiling(args.workers):.2f}x one alone "
          f"(the most {args.workers} workers can gain now)")
    print(f"{'ruleset':12s} {'scenes':>10s} {'1 proc/s':>12s} {'split/s':>12s} "
          f"{'ratio':>6s}  same report")
    for ruleset in args.rulesets:
        row = compare(ruleset, args.scenes or SCENES[ruleset], args.workers, args.repeats,
                      options)
        print(f"{row['ruleset']:12s} {row['scenes']:>10,} {row['one_per_s']:>12,.0f} "
              f"{row['split_per_s']:>12,.0f} {row['ratio']:>5.2f}x  {row['same']}")


if __name__ == "__main__":
    main()
