"""Paired differences between two playtests that played the same scenes.

Two runs with the same seed, scene count and batch face the same dice scene by scene
(common random numbers: the dice of episode ``k`` of env ``i`` depend only on
``(seed, i, k)``, and so do a random agent's choices). Each difference between them is
estimated from the per-scene differences (scene ``k`` of env ``i`` in arm A minus the same
scene in arm B): the paired Student-t interval (``scipy.stats.ttest_rel``). For a win rate,
the per-scene values are 0/1 and the paired interval is the matched-pairs interval of a
difference of proportions (the discordant pairs carry it). Beside it, the unpaired
(Welch, ``scipy.stats.ttest_ind``) interval of the same number of scenes, and how many times
wider that interval is: what the pairing saves.
"""

from __future__ import annotations

import numpy as np

from scenegym.common.scenes import ENDED_COLUMNS, scene_outcomes
from scenegym.envs.core.header_columns import DECISIONS, LEAD_CHANGES, MARGIN, RESULT
from scenegym.envs.core.stats import CONFIDENCE


def _column(header_column):
    index = ENDED_COLUMNS.index(header_column)
    return lambda ended: ended[:, index].astype(np.float64)


# statistic name -> per-scene value from the ended scenes' columns
SCENE_VALUES = {
    "crew_win_rate": lambda ended: (ended[:, ENDED_COLUMNS.index(RESULT)] > 0).astype(np.float64),
    "crew_loss_rate": lambda ended: scene_outcomes(ended)[1].astype(np.float64),
    "mean_result": _column(RESULT),
    "mean_decisions": _column(DECISIONS),
    "mean_lead_changes": _column(LEAD_CHANGES),
    "mean_final_margin": _column(MARGIN),
}


def _interval(test, confidence: float) -> list[float]:
    ci = test.confidence_interval(confidence_level=confidence)
    return [float(ci.low), float(ci.high)]


def paired_difference(a: np.ndarray, b: np.ndarray, confidence: float = CONFIDENCE) -> dict:
    """The mean of ``a - b`` over matched scenes, its paired and unpaired intervals.

    Args:
        a: float[n], a statistic per scene in arm A.
        b: float[n], the same statistic of the same scenes in arm B.
        confidence: Confidence level of both intervals.

    Returns:
        ``{"difference", "paired_ci", "unpaired_ci", "width_ratio"}``: ``width_ratio`` is the
        unpaired interval's width over the paired one's (how many times narrower pairing
        makes it; ``inf`` when the paired differences are all equal and the unpaired not,
        ``1.0`` when both are zero-width).
    """
    from scipy import stats  # imported when needed: half a second at every command's start

    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if a.shape != b.shape or a.ndim != 1 or a.size < 2:
        raise ValueError(f"paired_difference needs two equal 1-D arrays of 2+ scenes, got "
                         f"{a.shape} and {b.shape}")
    diff = float(np.mean(a - b))
    paired = _width_safe(lambda: _interval(stats.ttest_rel(a, b), confidence), diff)
    unpaired = _width_safe(lambda: _interval(stats.ttest_ind(a, b, equal_var=False),
                                             confidence), diff)
    wp, wu = paired[1] - paired[0], unpaired[1] - unpaired[0]
    ratio = 1.0 if wu == wp == 0 else (float("inf") if wp == 0 else wu / wp)
    return {"difference": diff, "paired_ci": paired, "unpaired_ci": unpaired,
            "width_ratio": ratio}


def _width_safe(interval, diff: float) -> list[float]:
    """An interval, or ``[diff, diff]`` when the values have no spread (scipy gives NaN)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        low, high = interval()
    return [diff, diff] if not (np.isfinite(low) and np.isfinite(high)) else [low, high]


def compare(ended_a: np.ndarray, ended_b: np.ndarray, confidence: float = CONFIDENCE) -> dict:
    """Every statistic of :data:`SCENE_VALUES`, arm A minus arm B, scene by scene.

    Both arrays come from :func:`scenegym.evaluation.playtest.playtest_scenes` with the same
    seed and scene count, so row ``r`` is the same scene ``r`` in both (whatever the batch).
    """
    if ended_a.shape != ended_b.shape:
        raise ValueError(f"paired arms must play the same scenes: {ended_a.shape[0]} against "
                         f"{ended_b.shape[0]}")
    return {name: paired_difference(value(ended_a), value(ended_b), confidence)
            for name, value in SCENE_VALUES.items()}


def format_difference(d: dict, digits: int = 3) -> str:
    """``+0.012 [+0.008, +0.016] (paired; 3.1x narrower than unpaired)``."""
    lo, hi = d["paired_ci"]
    return (f"{d['difference']:+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}] "
            f"({d['width_ratio']:.1f}x narrower than unpaired)")
