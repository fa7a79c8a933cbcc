"""Head-to-head matches on the engine (training/evaluate.py)."""

import pytest

from scenegym.training.evaluate import MatchResult


def test_wilson_interval_of_5_wins_in_10():
    """scipy's Wilson interval for 5/10 is 0.2366..0.7634 (the textbook value)."""
    r = MatchResult(crew_wins=5, gm_wins=4, draws=1).win_rate("crew")
    assert r["win_rate"] == 0.5 and r["ci95"] == pytest.approx([0.2366, 0.7634], abs=1e-4)
    assert MatchResult(5, 4, 1).win_rate("gm")["wins"] == 4
