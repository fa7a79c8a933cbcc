"""``scenegym selfplay`` and its TrueSkill league (training/selfplay.py).

Issue 4: "trains crew and GM in turns against frozen snapshots of each other, and keeps a
league with ratings [...] over random, heuristic and every snapshot, written as a table".
"""

import csv
import json
import shutil

import pytest

from scenegym.evaluation.cli import main
from scenegym.training import selfplay
from scenegym.training.selfplay import rate
from scenegym.training.train import TrainSettings


def league_of(out, scenes, args=None):
    """The league of the run in ``out`` played again from its selfplay.json."""
    run = json.loads((out / "selfplay.json").read_text())
    s = TrainSettings(env_id=run["env_id"], seat="crew", opponent="heuristic", steps=1,
                      out=str(out), seed=run["seed"], config=run["config"])
    return selfplay.play_league(s, run["snapshots"], scenes, args)


def test_two_round_selfplay_writes_snapshots_and_the_league_table(tmp_path, capsys):
    out = tmp_path / "league"
    assert main(["selfplay", "scenegym/StarforgedSceneChallenge-v0", "--rounds", "2", "--steps-per-round", "256",
                 "--out", str(out), "--envs", "8", "--n-steps", "32", "--batch-size", "64",
                 "--n-epochs", "1", "--net", "16", "--league-scenes", "32", "--seed", "4"]) == 0
    snaps = sorted(p.name for p in (out / "snapshots").iterdir())
    assert snaps == ["crew_r1.zip", "crew_r2.zip", "gm_r1.zip", "gm_r2.zip"]
    rows = list(csv.DictReader((out / "league.csv").open()))
    players = {r["player"] for r in rows}
    assert players == {f"{seat}:{p}" for seat in ("crew", "gm")
                       for p in ("random", "heuristic", f"{seat}_r1", f"{seat}_r2")}
    assert [int(r["rank"]) for r in rows] == list(range(1, 9))
    ratings = [float(r["rating"]) for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    for r in rows:  # each player met the 4 players of the other seat, 32 scenes each
        assert int(r["wins"]) + int(r["draws"]) + int(r["losses"]) == int(r["scenes"]) == 128
    crew_wins = sum(int(r["wins"]) for r in rows if r["seat"] == "crew")
    gm_losses = sum(int(r["losses"]) for r in rows if r["seat"] == "gm")
    assert crew_wins == gm_losses  # every crew win is a GM loss
    assert "| rank | player |" in (out / "league.md").read_text()
    assert "| rank | player |" in capsys.readouterr().out
    assert json.loads((out / "selfplay.json").read_text())["rounds"] == 2

    # each pairing was kept as a cell: the league played again plays no scene
    assert len(list((out / "league_cells").glob("*.npz"))) == 16
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(selfplay, "play_match", lambda *a: pytest.fail("a kept pairing was replayed"))
        again = league_of(out, 32)
    assert [{k: str(round(v, 3)) if isinstance(v, float) else str(v) for k, v in r.items()}
            for r in again] == rows


def test_trueskill_ranks_the_player_that_wins_every_game_first():
    games = [("crew:a", "gm:b", 1)] * 20 + [("crew:c", "gm:b", -1)] * 20
    rows = rate(games, ["crew:a", "crew:c", "gm:b"], seed=1)
    assert [r["player"] for r in rows] == ["crew:a", "gm:b", "crew:c"]
    assert rows[0]["wins"] == 20 and rows[-1]["losses"] == 20 and rows[1]["scenes"] == 40


def test_selfplay_league_on_ray_is_the_serial_league(tmp_path):
    """``--ray``: the pairings played as Ray tasks on a local Ray (the ``ray`` extra)."""
    pytest.importorskip("ray")
    out = tmp_path / "ray"
    assert main(["selfplay", "scenegym/StarforgedSceneChallenge-v0", "--rounds", "1",
                 "--steps-per-round", "128", "--out", str(out), "--envs", "4", "--n-steps", "32",
                 "--batch-size", "64", "--n-epochs", "1", "--net", "8", "--league-scenes", "24",
                 "--seed", "2", "--ray"]) == 0
    assert len(list((out / "league_cells").glob("*.npz"))) == 9  # 3 crew x 3 GM players
    serial = tmp_path / "serial"
    serial.mkdir()
    shutil.copy(out / "selfplay.json", serial)  # the same snapshots, no kept pairings
    rows = league_of(serial, 24)
    assert list(csv.DictReader((out / "league.csv").open())) == [
        {k: str(round(v, 3)) if isinstance(v, float) else str(v) for k, v in r.items()}
        for r in rows]
