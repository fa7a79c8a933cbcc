"""``scenegym odds starforged`` on tiny budgets (evaluation/odds.py)."""

from clirun import run_json

from scenegym.cli import main


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
