"""Interval and table helpers of envs/core/stats.py."""

import pytest

from scenegym.envs.core.stats import frequency_table, mean_ci, proportion_ci


def test_wilson_interval_contains_the_proportion_and_narrows_with_trials():
    lo, hi = proportion_ci(30, 100)
    assert lo < 0.3 < hi
    lo2, hi2 = proportion_ci(3000, 10_000)
    assert hi2 - lo2 < hi - lo


def test_wilson_interval_matches_the_closed_form():
    """Wilson score interval, z = 1.959964: (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)."""
    import math

    k, n, z = 30, 100, 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert proportion_ci(k, n) == pytest.approx([centre - half, centre + half], abs=1e-9)


def test_wilson_interval_at_zero_successes_starts_at_zero():
    lo, hi = proportion_ci(0, 50)
    assert lo == pytest.approx(0.0, abs=1e-12) and 0 < hi < 0.1


def test_mean_interval_of_a_constant_is_the_constant():
    assert mean_ci([4, 4, 4]) == (4.0, [4.0, 4.0])


def test_mean_interval_brackets_the_mean():
    mean, (lo, hi) = mean_ci([1, 2, 3, 4, 5, 6])
    assert mean == 3.5 and lo < 3.5 < hi


def test_frequency_table_shares_sum_to_one():
    table = frequency_table({"a": 3, "b": 1, "c": 0})
    assert sum(row["share"] for row in table.values()) == pytest.approx(1.0)
    assert table["a"]["share"] == 0.75 and table["c"]["count"] == 0


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="successes"):
        proportion_ci(5, 4)
    with pytest.raises(ValueError, match="trials"):
        proportion_ci(0, 0)


def test_mean_interval_of_rare_counts_stays_within_the_values():
    """Counts are never negative, so neither is the interval's lower end."""
    mean, (lo, hi) = mean_ci([0] * 499 + [1])
    assert lo == 0.0 and lo <= mean <= hi
