"""A profile (not a test) of the compiled rules with Linux ``perf``: where a decision's time
goes, function by function, in the raw engine at a batch size.

Numba's kernels are machine code ``perf`` knows no names for. This script steps the raw
engine of an env id (both seats the compiled random picker, as ``scenegym bench``'s raw row),
writes ``/tmp/perf-<pid>.map`` (the address, size and name of every function numba compiled
in this process: the map ``perf`` reads for code made at run time), records the running
engine with ``perf record -p`` for ``--seconds``, and prints ``perf report``'s share of the
samples by function, names shortened::

    python examples/perf_profile.py scenegym/FrontiersEncounter-v1 --batch 4096 --seconds 6

Numba names only what it compiled in this process, not what it loaded from its cache, so the
script compiles into a fresh temporary ``NUMBA_CACHE_DIR`` (a minute or two for a ruleset).
A function numba inlined into its caller counts as its caller. It needs ``perf`` on the
``PATH`` and permission to read the process (root, or ``kernel.perf_event_paranoid`` at 1
or below). This profile found the loops' reference counting of ``prefetch_env``'s arrays
(``NRT_incref`` and ``NRT_decref``: 12% of a Frontiers decision, half of the floor's) and
Frontiers' legal abilities and reactions (``legal_abilities``, ``may_react``: 11% each).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile


def write_perf_map() -> str:
    """Write ``/tmp/perf-<pid>.map`` from numba's JIT symbols; returns its path."""
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine  # numba's JitEngine (not public)
    found = sorted({(engine.get_function_address(name), name)
                    for name in engine._defined_symbols})
    found = [(address, name) for address, name in found if address]
    if not found:
        raise SystemExit("numba compiled no function in this process (a cache was used?)")
    path = f"/tmp/perf-{os.getpid()}.map"
    ends = [address for address, _ in found[1:]] + [found[-1][0] + 4096]
    with open(path, "w") as out:
        for (address, name), end in zip(found, ends):
            out.write(f"{address:x} {max(min(end - address, 1 << 20), 1):x} {name}\n")
    return path


def short(symbol: str) -> str:
    """``scenegym.envs.frontiers.options.legal_abilities`` from numba's mangled name (its
    nested names, each after its length); any other symbol as it is."""
    if not symbol.startswith("_ZN"):
        return symbol
    names, at = [], 3
    while (match := re.match(r"\d+", symbol[at:])) is not None:
        size = int(match.group())
        start = at + len(match.group())
        names.append(symbol[start:start + size])
        at = start + size
    return ".".join(names)


PERMISSION = ("perf could not record this process: run as root, or allow it with "
              "`sysctl kernel.perf_event_paranoid=1`; in a container, perf_event_open may be "
              "blocked")


def record(seconds: float, stepper, data: str) -> list[float]:
    """Run ``stepper`` while ``perf record`` samples this process for ``seconds``; returns
    the decisions per second of each half second."""
    from scenegym.evaluation.bench import measure

    perf = subprocess.Popen(["perf", "record", "-F", "4000", "-p", str(os.getpid()), "-o",
                             data, "--", "sleep", str(seconds)], stderr=subprocess.PIPE,
                            text=True)
    rates = [measure(stepper, 0.5, close=False)]
    while perf.poll() is None:
        rates.append(measure(stepper, 0.5, close=False))
    if perf.returncode != 0:
        raise SystemExit(f"{perf.stderr.read().strip()}\n{PERMISSION}")
    return rates


def top_functions(data: str, top: int) -> list[str]:
    """``perf report``'s share of the samples by function, the first ``top``."""
    report = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", "sym",
                             "--stdio"], capture_output=True, text=True)
    if report.returncode != 0:
        raise SystemExit(f"perf report failed: {report.stderr.strip()}")
    rows = []
    for line in report.stdout.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if match and len(rows) < top:
            rows.append(f"{float(match.group(1)):6.2f}%  {short(match.group(2))}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_id")
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--top", type=int, default=25, help="functions shown")
    args = parser.parse_args()
    from scenegym.envs.rulesets import env_ids

    if args.env_id not in env_ids():
        parser.error(f"unknown env id {args.env_id!r}; registered: {', '.join(env_ids())}")
    if args.batch < 1 or args.seconds <= 0 or args.top < 1:
        parser.error("--batch and --top take 1 or more, --seconds a positive number")
    if shutil.which("perf") is None:
        parser.error("perf is not on the PATH (Debian: apt-get install linux-perf)")
    with tempfile.TemporaryDirectory(prefix="scenegym-perf-") as folder:
        os.environ["NUMBA_CACHE_DIR"] = folder  # before numba loads: compiled here, named
        from scenegym.evaluation import steppers
        from scenegym.evaluation.bench import measure

        stepper = steppers.raw_engine(args.env_id, args.batch, 1)
        measure(stepper, 1.0, close=False)  # compiled, and the rows in place
        perf_map = write_perf_map()
        try:
            rates = record(args.seconds, stepper, os.path.join(folder, "perf.data"))
            rows = top_functions(os.path.join(folder, "perf.data"), args.top)
        finally:
            os.remove(perf_map)
    print(f"{args.env_id} at batch {args.batch}: {statistics.median(rates):,.0f} decisions/s "
          "(median of the half seconds recorded)")
    print("\n".join(rows))
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
