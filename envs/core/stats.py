"""Batch statistics of playtests: binomial and mean intervals, frequency tables, and how far
a sampled frequency lies from an exact probability (the odds modules' check of the engine).

The intervals come from SciPy (Wilson score for proportions, Student's t for means); nothing
here hand-rolls an interval.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

CONFIDENCE = 0.95


def proportion_ci(successes: int, trials: int, confidence: float = CONFIDENCE) -> list[float]:
    """Wilson score interval ``[low, high]`` of a binomial proportion.

    Args:
        successes: Count of successes, ``0 .. trials``.
        trials: Count of trials, at least 1.
        confidence: Confidence level in (0, 1).
    """
    from scipy import stats  # imported when needed: half a second at every command's start

    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, got {successes}")
    ci = stats.binomtest(int(successes), int(trials)).proportion_ci(
        confidence_level=confidence, method="wilson")
    return [float(ci.low), float(ci.high)]


def mean_ci(values, confidence: float = CONFIDENCE) -> tuple[float, list[float]]:
    """Mean of ``values`` and its Student-t interval ``[low, high]``.

    The interval is clipped to the range of the values (a count's mean is never below its
    smallest value). With fewer than two values, or no spread, it is the mean itself.
    """
    from scipy import stats  # imported when needed: half a second at every command's start

    x = np.asarray(values, dtype=np.float64)
    if x.size == 0:
        raise ValueError("mean_ci needs at least one value")
    mean = float(x.mean())
    sem = float(stats.sem(x)) if x.size > 1 else 0.0
    if sem == 0.0 or not np.isfinite(sem):
        return mean, [mean, mean]
    low, high = stats.t.interval(confidence, x.size - 1, loc=mean, scale=sem)
    return mean, [max(float(low), float(x.min())), min(float(high), float(x.max()))]


def mean_row(count: int, total: float, squares: float,
             confidence: float = CONFIDENCE) -> dict:
    """``{"mean", "ci", "n"}`` of ``count`` values known by their sum and sum of squares
    (Student-t interval, as :func:`mean_ci`; the mean itself with fewer than two values).

    Statistics gathered over millions of scenes keep running sums rather than the values.
    """
    from scipy import stats  # imported when needed: half a second at every command's start

    if count < 1:
        return {"mean": 0.0, "ci": [0.0, 0.0], "n": 0}
    mean = total / count
    var = max(squares - count * mean * mean, 0.0) / (count - 1) if count > 1 else 0.0
    if var == 0.0:
        return {"mean": mean, "ci": [mean, mean], "n": int(count)}
    low, high = stats.t.interval(confidence, count - 1, loc=mean, scale=np.sqrt(var / count))
    return {"mean": mean, "ci": [float(low), float(high)], "n": int(count)}


def frequency_table(counts: Mapping[str, int], confidence: float = CONFIDENCE) -> dict:
    """Each label's count, share of the total and the share's Wilson interval.

    Returns:
        ``{label: {"count": c, "share": p, "ci": [low, high]}}`` in the order given; shares
        are 0 (with interval ``[0, 0]``) when the total is 0.
    """
    total = int(sum(int(c) for c in counts.values()))
    table = {}
    for label, count in counts.items():
        count = int(count)
        if total == 0:
            table[label] = {"count": 0, "share": 0.0, "ci": [0.0, 0.0]}
        else:
            table[label] = {"count": count, "share": count / total,
                            "ci": proportion_ci(count, total, confidence)}
    return table


def format_table(title: str, table: Mapping[str, Mapping]) -> list[str]:
    """Lines of plain text for a :func:`frequency_table`, a table of :func:`mean_row` rows
    or a table of rows of plain numbers."""
    lines = [title]
    width = max([24, *map(len, table)])
    for label, row in table.items():
        if "share" in row:
            lo, hi = row["ci"]
            lines.append(f"  {label:<{width}} {row['count']:>9}  {row['share']:7.2%}  "
                         f"[{lo:6.2%}, {hi:6.2%}]")
        elif "mean" in row:
            lo, hi = row["ci"]
            lines.append(f"  {label:<{width}} {row['mean']:9.3f}  [{lo:.3f}, {hi:.3f}]  "
                         f"n={row['n']}")
        else:
            cells = "  ".join(f"{key} {value:.3f}" for key, value in row.items())
            lines.append(f"  {label:<{width}} {cells}")
    return lines


def z_score(sampled: float, exact: float, samples: int) -> float:
    """Sampled minus exact, in binomial standard errors (0 when both are certain and agree)."""
    sd = math.sqrt(exact * (1.0 - exact) / samples)
    if sd == 0.0:
        return 0.0 if sampled == exact else math.inf
    return (sampled - exact) / sd
