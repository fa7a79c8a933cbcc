"""A benchmark (not a test) of start-up: seconds from a new process, each in fresh processes
of the same run.

- ``python``: bare Python (``-c pass``), the floor;
- ``import numba``: numba alone, the yardstick of the warm first step;
- ``numba's first kernel``: ``import numba`` and the first call of a trivial kernel loaded from
  the cache, the floor of any warm first step under numba: the first call sets up numba's
  CPU target, which imports ``scipy.linalg`` when SciPy is installed (numba's
  ``numba.np.arraymath`` checks for a BLAS at import), also timed alone;
- ``import scenegym``: the ids registered (numba must stay unloaded: checked);
- ``scenegym --help`` and ``scenegym playtest --help`` (numba must stay unloaded by the
  parsers: ``tests/test_cli.py`` checks it);
- per id (unless ``--no-steps``), the warm first step: import, make, reset and one step against the kernel cache
  as it is (a first probe fills it, so the kernels load from disk), with its ratio to
  ``import numba``;
- with ``--numba-python PATH``, ``import numba`` and numba's first kernel again under that
  interpreter: a virtual environment with numba and NumPy alone shows numba's own floor
  without SciPy's import.

Each figure is the median of ``--repeats`` processes::

    python examples/start_up.py --repeats 5
    python examples/start_up.py --repeats 5 --no-steps   # start-up and help only
    python -m venv /tmp/bare && /tmp/bare/bin/pip install numba==0.68.1 numpy==2.4.6
    python examples/start_up.py --no-steps --numba-python /tmp/bare/bin/python

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed), and say the load (``uptime``) beside the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scenegym.evaluation.first_step import PROBE

IMPORT_PROBE = """
import sys, time
start = time.perf_counter()
{statement}
took = time.perf_counter() - start
assert {check}, "numba was loaded"
print(took)
"""
HELPS = ("--help", "playtest --help")  # the commands' help timed, each in a fresh process


def process_seconds(args: list[str]) -> float:
    """Wall seconds of one fresh process running ``args`` (output discarded)."""
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def import_seconds(statement: str, check: str = "True", python: str = sys.executable) -> float:
    """Seconds ``statement`` takes inside a fresh process of ``python`` (``check`` is
    asserted after it)."""
    out = subprocess.run([python, "-c", IMPORT_PROBE.format(statement=statement, check=check)],
                         check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


TRIVIAL_KERNEL = """
from numba import njit


@njit(cache=True)
def plus_one(x):
    return x + 1
"""


def first_kernel_seconds(folder: str, python: str = sys.executable) -> float:
    """Seconds of ``import numba`` and a first call of a trivial kernel cached in
    ``folder`` (a fresh process of ``python``; the first probe compiles it)."""
    statement = (f"import sys; sys.path.insert(0, {folder!r}); import trivial_kernel; "
                 "trivial_kernel.plus_one(1)")
    return import_seconds(statement, python=python)


def imports_numba(python: str) -> bool:
    """Whether ``python`` runs and imports numba."""
    try:
        return subprocess.run([python, "-c", "import numba"], capture_output=True).returncode == 0
    except OSError:  # no such file, or not executable
        return False


def numba_floor(repeats: int, python: str = sys.executable) -> tuple[float, float]:
    """Medians of ``import numba`` and of numba's first cached trivial kernel under
    ``python``, each in fresh processes."""
    numba = median_of(repeats, lambda: import_seconds("import numba", python=python))
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "trivial_kernel.py").write_text(TRIVIAL_KERNEL)
        first_kernel_seconds(folder, python)  # compiles it into the cache
        kernel = median_of(repeats, lambda: first_kernel_seconds(folder, python))
    return numba, kernel


def warm_first_step(env_id: str) -> float:
    """Seconds from the import of scenegym to the first step of ``env_id``, warm cache."""
    out = subprocess.run([sys.executable, "-c", PROBE, env_id], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["first_step_s"]


def help_seconds(command: str):
    """A measure (for :func:`median_of`) of ``scenegym COMMAND`` in a fresh process."""
    return lambda: process_seconds([sys.executable, "-m", "scenegym.cli", *command.split()])


def median_of(repeats: int, measure) -> float:
    """The median of ``repeats`` calls of ``measure()``."""
    return statistics.median(measure() for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="processes per figure")
    parser.add_argument("--no-steps", action="store_true",
                        help="leave out each id's warm first step")
    parser.add_argument("--numba-python", metavar="PATH",
                        help="also: numba's floor under this interpreter (with numba, NumPy)")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error(f"--repeats must be 1 or more, not {args.repeats}")
    if args.numba_python and not imports_numba(args.numba_python):
        parser.error(f"--numba-python {args.numba_python}: not a Python that imports numba "
                     "(give the path of an interpreter with numba and NumPy installed)")
    from scenegym.envs.rulesets import env_ids

    n = args.repeats
    bare = median_of(n, lambda: process_seconds([sys.executable, "-c", "pass"]))
    numba, kernel = numba_floor(n)
    scenegym = median_of(n, lambda: process_seconds(
        [sys.executable, "-c", IMPORT_PROBE.format(
            statement="import scenegym", check="'numba' not in sys.modules")]))
    blas = median_of(n, lambda: import_seconds("import scipy.linalg.cython_blas"))
    helps = {command: median_of(n, help_seconds(command)) for command in HELPS}
    print(f"python -c pass                     {bare:6.2f} s")
    print(f"import numba (in the process)      {numba:6.2f} s")
    print(f"numba's first kernel (cached)      {kernel:6.2f} s  ({kernel / numba:.1f}x import "
          f"numba; scipy.linalg alone {blas:.2f} s)")
    print(f"import scenegym (process)          {scenegym:6.2f} s  ({scenegym - bare:+.2f} s "
          "over bare Python; numba not loaded)")
    if args.numba_python:
        other_numba, other_kernel = numba_floor(n, args.numba_python)
        scipy = subprocess.run([args.numba_python, "-c", "import scipy"],
                               capture_output=True).returncode == 0
        print(f"under {args.numba_python} ({'with' if scipy else 'without'} SciPy): "
              f"import numba {other_numba:.2f} s, numba's first kernel {other_kernel:.2f} s "
              f"({other_kernel / other_numba:.2f}x)")
    for command, seconds in helps.items():
        print(f"{'scenegym ' + command + ' (process)':<34} {seconds:6.2f} s")
    for env_id in () if args.no_steps else env_ids():
        warm_first_step(env_id)  # fills the kernel cache if it is cold
        step = median_of(n, lambda: warm_first_step(env_id))
        print(f"{env_id:<40} warm first step {step:6.2f} s  ({step / numba:.1f}x import "
              "numba)")


if __name__ == "__main__":
    main()
