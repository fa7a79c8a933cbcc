"""``scenegym sweep`` (evaluation/sweep.py): points of one field or a grid, paired with the
first point, files written, bad fields refused by name."""

import json

import pytest

from scenegym.cli import main
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.evaluation.sweep import sweep_points


def test_a_grid_of_two_fields_is_every_combination_first_field_slowest():
    points = sweep_points(StarforgedConfig, ["max_moves", "clock_by_situation"],
                          [["5", "9"], ["(4,4,4)", "(4,6,8)"]])
    assert points == [{"max_moves": 5, "clock_by_situation": (4, 4, 4)},
                      {"max_moves": 5, "clock_by_situation": (4, 6, 8)},
                      {"max_moves": 9, "clock_by_situation": (4, 4, 4)},
                      {"max_moves": 9, "clock_by_situation": (4, 6, 8)}]


@pytest.mark.parametrize("fields, values, words", [
    (["clocks"], [["1"]], "'clocks' is not a config field; allowed: stats"),
    (["max_moves"], [["1"], ["2"]], "each --field needs its own --values"),
    (["max_moves", "max_moves"], [["1"], ["2"]], "given twice")])
def test_bad_sweeps_are_refused_by_name(fields, values, words):
    with pytest.raises(ValueError, match=words):
        sweep_points(StarforgedConfig, fields, values)


def test_a_scenario_sweep_keeps_each_path_as_written_and_refuses_a_missing_one_first(
        tmp_path, capsys):
    from scenegym.envs.frontiers.config import FrontiersConfig

    assert sweep_points(FrontiersConfig, ["scenario", "max_rounds"],
                        [["ambush", "2.toml"], ["5"]]) == [
        {"scenario": "ambush", "max_rounds": 5}, {"scenario": "2.toml", "max_rounds": 5}]
    assert main(["sweep", "frontiers", "--field", "scenario", "--values", "ambush",
                 "nowhere.toml", "--scenes", "10", "--out", str(tmp_path)]) == 2
    assert "content file nowhere.toml: no such file" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_bad_value_exits_2_before_playing(tmp_path, capsys):
    assert main(["sweep", "starforged", "--field", "rank", "--values", "formidable", "legendary",
                 "--scenes", "10", "--out", str(tmp_path)]) == 2
    assert "config field 'rank' is 'legendary'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_sweep_writes_points_paired_with_the_first_and_plots(tmp_path):
    """A move limit of 1 cuts the scene off after one scene move: at most the move, a burn
    and its advantage choice or price (a 6-segment clock cannot fill in one move)."""
    assert main(["sweep", "starforged", "--field", "max_moves", "--values", "1", "30",
                 "--crew", "random", "--gm", "random", "--scenes", "200", "--seed", "3",
                 "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "sweep.json").read_text())
    short, full = data["max_moves=1"], data["max_moves=30"]
    assert short["mean_decisions"] <= 3 < full["mean_decisions"]
    diff = full["paired"]["statistics"]["mean_decisions"]
    assert full["paired"]["against"] == "max_moves=1" and diff["paired_ci"][0] > 0
    assert {p.name for p in tmp_path.iterdir()} == {
        "sweep.md", "sweep.json", "sweep.html", "crew_win_rate.png", "mean_decisions.png",
        "mean_lead_changes.png", "mean_final_margin.png", "cells"}
    assert len(list((tmp_path / "cells").glob("*.npz"))) == 2  # one kept cell per point


def test_agents_play_every_point_under_each_pairing_and_flag_the_flips(tmp_path):
    """Issue 27: each difference is shown per pairing, a flip flagged in the table and the
    HTML."""
    assert main(["sweep", "starforged", "--field", "max_moves", "--values", "1", "30",
                 "--agents", "heuristic", "--agents", "random", "--scenes", "200", "--seed",
                 "3", "--no-plots", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "sweep.json").read_text())
    assert list(data["pairings"]) == ["heuristic", "random"]
    full = data["pairings"]["random"]["points"]["max_moves=30"]
    assert full["crew"] == full["gm"] == "random" and full["paired"]["against"] == "max_moves=1"
    text = (tmp_path / "sweep.md").read_text()
    assert text.count("pairing heuristic") == text.count("pairing random") == 1
    assert text.count("⚑") == 2 * len(data["flips"])
    assert (tmp_path / "sweep.html").read_text().count("⚑") == text.count("⚑")
    assert len(list((tmp_path / "cells").glob("*.npz"))) == 4  # a cell per point and pairing


@pytest.mark.parametrize("spec, words", [("wizard", "unknown agent 'wizard'"),
                                         ("heuristic/", "expected AGENT or CREW/GM")])
def test_a_bad_pairing_is_refused_before_any_scene(tmp_path, capsys, spec, words):
    assert main(["sweep", "starforged", "--field", "max_moves", "--values", "1", "30",
                 "--agents", "heuristic", "--agents", spec, "--scenes", "10",
                 "--out", str(tmp_path)]) == 2
    assert words in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
