"""``scenegym tune`` (evaluation/tune.py, issue 27, item 1): the value of a config field that
brings a playtest statistic to a target, on common random numbers, resumable, refusing a
target out of reach."""

import json

import pytest
from clirun import assert_refused, scenegym

from scenegym.cli import main
from scenegym.evaluation.tune import Aim, parse_aim, parse_range

BOARDING = ["tune", "sta", "--scenario", "boarding", "--field", "threat_per_pc", "--seed", "1",
            "--range", "0:30", "--no-plots"]


def test_bisection_finds_a_threat_whose_interval_holds_the_target(tmp_path, capsys):
    """The issue's example on fewer scenes: Threat per PC brings the heuristic crew's win rate
    in the boarding scenario to 0.6; the chosen value's 95% interval holds it, and every value
    played is in the report."""
    out = tmp_path / "t"
    assert main([*BOARDING, "--goal", "crew_win_rate=0.6", "--scenes", "600",
                 "--out", str(out)]) == 0
    data = json.loads((out / "tune.json").read_text())
    chosen = data["played"][str(data["chosen"])]
    lo, hi = chosen["crew_win_rate_ci"]
    assert data["holds"] and lo <= 0.6 <= hi
    assert {"0", "30"} <= set(data["played"]) and len(data["played"]) <= 8
    rates = [data["played"][k]["crew_win_rate"] for k in sorted(data["played"], key=int)]
    assert rates == sorted(rates, reverse=True)  # more Threat, fewer crew wins
    assert (out / "tune.md").exists() and (out / "tune.html").exists()


def test_a_tune_started_again_plays_nothing_new_and_says_the_same(tmp_path, capsys):
    """Every value is a cell: the same command again reads them all (common random numbers:
    the same figures) and plays no new value."""
    out = tmp_path / "t"
    argv = [*BOARDING, "--goal", "crew_win_rate=0.6", "--scenes", "300", "--out", str(out)]
    assert main(argv) == 0
    first, cells = (out / "tune.json").read_text(), sorted((out / "cells").iterdir())
    (out / "tune.json").unlink()
    assert main(argv) == 0
    assert (out / "tune.json").read_text() == first
    assert sorted((out / "cells").iterdir()) == cells


def test_a_target_out_of_reach_is_refused_with_the_reachable_range(tmp_path):
    done = scenegym(*BOARDING, "--goal", "crew_win_rate=0.6", "--range", "20:30",
                    "--scenes", "300", "--out", tmp_path / "t", timeout=600)
    assert_refused(done, "out of reach", "threat_per_pc 20..30", "runs 0.0000..")


def test_several_weighted_targets_pick_the_least_distance_played(tmp_path, capsys):
    out = tmp_path / "t"
    assert main([*BOARDING, "--goal", "crew_win_rate=0.5", "--goal",
                 "mean_decisions=200:0.5", "--scenes", "300", "--evaluations", "6",
                 "--out", str(out)]) == 0
    data = json.loads((out / "tune.json").read_text())
    assert 0 <= data["chosen"] <= 30 and len(data["played"]) >= 3
    assert [t["weight"] for t in data["targets"]] == [1.0, 0.5]


@pytest.mark.parametrize("text, words", [("wins=0.6", "STAT one of"), ("crew_win_rate=x",
                                          "must be numbers"), ("crew_win_rate=0.6:0",
                                                               "WEIGHT above 0")])
def test_a_bad_target_is_refused_by_name(text, words):
    with pytest.raises(ValueError, match=words):
        parse_aim(text)


def test_targets_and_ranges_parse():
    assert parse_aim("mean_decisions=120:0.5") == Aim("mean_decisions", 120.0, 0.5)
    assert parse_range("0:30", True) == (0, 30) and parse_range("0.5:2", False) == (0.5, 2.0)
    with pytest.raises(ValueError, match="LO below HI"):
        parse_range("5:1", True)


def test_a_field_that_is_not_a_number_is_refused_with_the_numeric_ones(tmp_path):
    done = scenegym("tune", "sta", "--field", "conflict", "--goal", "crew_win_rate=0.5",
                    "--range", "0:1", "--out", tmp_path / "t", timeout=120)
    assert_refused(done, "--field 'conflict'", "threat_per_pc")
