"""Paired comparisons (evaluation/paired.py): per-scene differences matched by scene,
paired against unpaired intervals, and the report's table of differences."""

import json

import numpy as np
import pytest
from scipy import stats

from scenegym.cli import main
from scenegym.common.scenes import ENDED_COLUMNS
from scenegym.envs.core.header import DECISIONS, RESULT
from scenegym.evaluation.paired import compare, paired_difference
from scenegym.evaluation.playtest import playtest_scenes


def test_scenes_are_kept_by_scene_not_by_the_order_they_ended():
    """The compiled path ends scenes env by env, the Python path step by step: the same
    scenes land on the same rows, and row j is scene j (episode 0 of env id j), whatever the
    batch."""
    compiled = playtest_scenes("starforged", 90, "random", "heuristic", seed=4, batch=8)[1]
    python = playtest_scenes("starforged", 90, "random", "heuristic", seed=4, batch=8,
                             inline=False)[1]
    np.testing.assert_array_equal(compiled, python)
    alone = playtest_scenes("starforged", 3, "random", "heuristic", seed=4, batch=1)[1]
    np.testing.assert_array_equal(compiled[:3], alone)
    wide = playtest_scenes("starforged", 90, "random", "heuristic", seed=4, batch=90)[1]
    np.testing.assert_array_equal(compiled, wide)


def test_paired_interval_is_the_t_interval_of_the_per_scene_differences():
    rng = np.random.default_rng(0)
    shared = rng.normal(size=400)
    a, b = shared + rng.normal(0.3, 0.2, 400), shared
    d = paired_difference(a, b)
    diffs = a - b
    half = stats.t.ppf(0.975, diffs.size - 1) * diffs.std(ddof=1) / np.sqrt(diffs.size)
    np.testing.assert_allclose(d["paired_ci"], [diffs.mean() - half, diffs.mean() + half])
    welch = stats.ttest_ind(a, b, equal_var=False).confidence_interval()
    np.testing.assert_allclose(d["unpaired_ci"], [welch.low, welch.high])
    width = lambda ci: ci[1] - ci[0]  # noqa: E731
    assert d["width_ratio"] == pytest.approx(width(d["unpaired_ci"]) / width(d["paired_ci"]))
    assert d["width_ratio"] > 2  # the shared part cancels in the pairs


def test_identical_arms_differ_by_nothing_with_a_zero_width_paired_interval():
    ended = playtest_scenes("starforged", 60, "random", "random", seed=9, batch=8)[1]
    for name, d in compare(ended, ended.copy()).items():
        assert d["difference"] == 0 and d["paired_ci"] == [0, 0], name


def test_arms_of_different_scene_counts_are_refused():
    with pytest.raises(ValueError, match="same scenes"):
        compare(np.zeros((5, len(ENDED_COLUMNS))), np.zeros((6, len(ENDED_COLUMNS))))


def test_report_prints_each_arms_paired_difference_from_the_first(tmp_path):
    assert main(["report", "starforged", "--scenes", "300", "--seed", "2", "--arm", "a=crew=heuristic",
                 "--arm", "b=crew=random", "--out", str(tmp_path), "--no-plots"]) == 0
    data = json.loads((tmp_path / "report.json").read_text())
    assert "paired" not in data["a"] and data["b"]["paired"]["against"] == "a"
    win = data["b"]["paired"]["statistics"]["crew_win_rate"]
    assert win["difference"] == pytest.approx(data["b"]["crew_win_rate"] - data["a"]["crew_win_rate"])
    lo, hi = win["paired_ci"]
    assert lo <= win["difference"] <= hi
    text = (tmp_path / "report.md").read_text()
    assert "## Differences from a, scene by scene" in text and "narrower than unpaired" in text


def test_per_scene_values_read_the_scene_columns():
    ended = np.zeros((4, len(ENDED_COLUMNS)), np.int64)
    ended[:, ENDED_COLUMNS.index(RESULT)] = [1, -1, 0, 1]
    ended[:, ENDED_COLUMNS.index(DECISIONS)] = [3, 5, 7, 9]
    d = compare(ended, np.zeros_like(ended))
    assert d["crew_win_rate"]["difference"] == 0.5 and d["crew_loss_rate"]["difference"] == 0.25
    assert d["mean_decisions"]["difference"] == 6.0
