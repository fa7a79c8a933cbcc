"""``scenegym odds starforged`` on tiny budgets (evaluation/odds.py)."""

import importlib
from dataclasses import replace

from clirun import run_json

from scenegym.cli import main
from scenegym.envs import rulesets
from scenegym.envs.rulesets import BUILTIN, get_ruleset, odds_options


def test_odds_json(capsys):
    out = run_json(capsys, ["odds", "starforged", "--stat", "3", "--samples", "5000",
                            "--seed", "1", "--json"])
    keys = {"strong_hit", "weak_hit", "miss", "match"}
    assert set(out["exact"]) == keys and set(out["sampled"]) == keys
    assert out["samples"] == 5000
    assert abs(sum(out["exact"][k] for k in ("strong_hit", "weak_hit", "miss")) - 1) < 1e-12
    assert all(0 <= p <= 1 for p in out["sampled"].values())


def test_odds_table_and_progress(capsys):
    assert main(["odds", "starforged", "--progress", "6", "--samples", "2000", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "progress roll: 6 full boxes" in text and "strong_hit" in text


def test_odds_bad_stat_exits_2(capsys):
    assert main(["odds", "starforged", "--stat", "9"]) == 2
    assert "--stat is 9" in capsys.readouterr().err


def test_each_builtins_odds_options_are_its_odds_modules_own():
    """``scenegym odds``' parser reads a built-in's light options module (no rules loaded,
    nor numba): it is the one its ruleset's odds module runs with, under its env ids."""
    for builtin in BUILTIN:
        rs = get_ruleset(builtin.name)
        if rs.odds is None:
            assert builtin.odds_options is None and builtin.name not in odds_options()
            continue
        light = importlib.import_module(builtin.odds_options)
        assert importlib.import_module(rs.odds).add_arguments is light.add_arguments
        assert odds_options()[builtin.name] == (builtin.odds_options,
                                                [e.id for e in rs.env_ids])


def test_a_registered_rulesets_odds_module_gives_its_options(monkeypatch):
    """A ruleset registered at run time (a designer's own) has no light entry: its odds
    module gives the parser its options."""
    rs = replace(get_ruleset("starforged"), name="starforged_copy", env_ids=())
    monkeypatch.setitem(rulesets._RULESETS, rs.name, rs)
    assert odds_options()["starforged_copy"] == (rs.odds, [])


def test_odds_by_env_id(capsys):
    """An env id names its ruleset's odds as the ruleset's name does."""
    argv = ["--stat", "3", "--samples", "1000", "--seed", "1", "--json"]
    by_id = run_json(capsys, ["odds", "scenegym/StarforgedSceneChallenge-v1", *argv])
    assert by_id == run_json(capsys, ["odds", "starforged", *argv])
