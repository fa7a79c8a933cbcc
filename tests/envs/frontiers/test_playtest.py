"""``scenegym playtest frontiers``: the heuristic crew beats a random crew; variants by name."""

import json

from scenegym.cli import main
from scenegym.evaluation.playtest import playtest


def test_heuristic_crew_beats_random_crew_against_the_heuristic_gm():
    heuristic = playtest("frontiers", 64, "heuristic", "heuristic", seed=2, batch=64)
    random = playtest("frontiers", 64, "random", "heuristic", seed=2, batch=64)
    lo, _ = heuristic["crew_win_rate_ci"]
    _, hi = random["crew_win_rate_ci"]
    assert lo > hi
    ends = heuristic["ruleset_stats"]["encounter_ends"]
    assert sum(row["count"] for row in ends.values()) == 64


def test_playtest_takes_variants_by_name(capsys):
    assert main(["playtest", "frontiers", "--scenes", "4", "--batch", "4", "--seed", "1",
                 "--variant", "two-ap", "--variant", "no-momentum", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variants"] == ["two-ap", "no-momentum"] and report["scenes"] == 4


def test_playtest_refuses_an_unknown_variant(capsys):
    assert main(["playtest", "frontiers", "--scenes", "4", "--variant", "three-ap"]) == 2
    assert "three-ap" in capsys.readouterr().err
