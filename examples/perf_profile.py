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
import subprocess
import sys
import tempfile
import threading


def write_perf_map() -> str:
    """Write ``/tmp/perf-<pid>.map`` from numba's JIT symbols; returns its path."""
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine  # numba's JitEngine (not public)
    found = sorted((engine.get_function_address(name), name)
                   for name in engine._defined_symbols)
    found = [(address, name) for address, name in found if address]
    path = f"/tmp/perf-{os.getpid()}.map"
    with open(path, "w") as out:
        for (address, name), (following, _) in zip(found, found[1:] + [(found[-1][0] + 4096, "")]):
            out.write(f"{address:x} {min(following - address, 1 << 20):x} {name}\n")
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_id")
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--top", type=int, default=25, help="functions shown")
    args = parser.parse_args()
    if shutil.which("perf") is None:
        parser.error("perf is not on the PATH (Debian: apt-get install linux-perf)")
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="scenegym-perf-")
    from scenegym.evaluation import steppers
    from scenegym.evaluation.bench import measure

    stepper = steppers.raw_engine(args.env_id, args.batch, 1)
    measure(stepper, 1.0)  # compiled, and the rows in place
    write_perf_map()
    data = os.path.join(os.environ["NUMBA_CACHE_DIR"], "perf.data")
    record = subprocess.Popen(["perf", "record", "-q", "-F", "4000", "-p", str(os.getpid()),
                               "-o", data, "--", "sleep", str(args.seconds)])
    done = threading.Event()
    threading.Timer(args.seconds + 1.0, done.set).start()
    decisions = 0.0
    while not done.is_set():
        decisions += measure(stepper, 0.5) * 0.5
    record.wait()
    report = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", "sym",
                             "--stdio"], capture_output=True, text=True).stdout
    print(f"{args.env_id} at batch {args.batch}: {decisions / (args.seconds + 1.0):,.0f} "
          "decisions/s while recorded")
    shown = 0
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if match and shown < args.top:
            print(f"{float(match.group(1)):6.2f}%  {short(match.group(2))}")
            shown += 1
    return 0 if shown else 1


if __name__ == "__main__":
    sys.exit(main())
