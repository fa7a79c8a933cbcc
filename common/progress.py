"""Long work is never silent: one line saying what is computed and roughly how long, then a
progress bar on a terminal (none in a pipe or a log file).

Every command whose work runs for minutes between two lines of output starts it with
:func:`long_work`, so the first thing a user sees is what the wait is for.
"""

from __future__ import annotations

import sys


def long_work(command: str, what: str, how_long: str, total: int, unit: str = "step"):
    """Say on stderr what is computed and roughly how long it takes, and return a tqdm bar of
    ``total`` ``unit``s (shown on a terminal only) to count the work on.

    Args:
        command: The command's name (``solve``).
        what: What is computed, in words.
        how_long: Roughly how long, in words (``about 6 CPU-minutes``).
        total: The steps of the work.
        unit: What a step is.
    """
    from tqdm import tqdm

    print(f"scenegym {command}: {what} ({how_long})", file=sys.stderr, flush=True)
    return tqdm(total=total, unit=unit, file=sys.stderr, disable=not sys.stderr.isatty())
