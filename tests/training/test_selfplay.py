"""``scenegym selfplay`` and its TrueSkill league (training/selfplay.py).

Issue 4: "trains crew and GM in turns against frozen snapshots of each other, and keeps a
league with ratings [...] over random, heuristic and every snapshot, written as a table".
"""

import csv
import json
import shutil
import zipfile

import pytest

from scenegym.cli import main
from scenegym.training import selfplay
from scenegym.training.selfplay import rate
from scenegym.training.train import TrainSettings


def league_of(out, scenes, args=None, players=None):
    """The league of the run in ``out`` played again from its selfplay.json."""
    run = json.loads((out / "selfplay.json").read_text())
    s = TrainSettings(env_id=run["env_id"], seat="crew", opponent="heuristic", steps=1,
                      out=str(out), seed=run["seed"], config=run["config"])
    return selfplay.play_league(s, run["snapshots"], scenes, players, args)[0]  # the ratings


MOMENTUM = "scenegym/MomentumScene-v1"
# a Starforged variant small enough for its optimal agent to be solved in a second
SMALL = [x for field in ("boxes=3", "max_moves=6", "meter_max=2", "meter_start=2",
                         "momentum_max=5", "momentum_min=-3", "momentum_start=1",
                         "clock_by_situation=(2,3,4)") for x in ("--set", field)]


def test_two_round_selfplay_writes_snapshots_and_the_league_table(tmp_path, capsys):
    out = tmp_path / "league"
    assert main(["selfplay", "scenegym/StarforgedSceneChallenge-v1", "--rounds", "2", "--steps-per-round", "256",
                 "--out", str(out), "--batch", "8", "--n-steps", "32", "--minibatch", "64",
                 "--n-epochs", "1", "--net", "16", "--league-scenes", "32", "--seed", "4",
                 *SMALL]) == 0
    snaps = sorted(p.name for p in (out / "snapshots").iterdir())
    assert snaps == ["crew_r1.zip", "crew_r2.zip", "gm_r1.zip", "gm_r2.zip"]
    rows = list(csv.DictReader((out / "league.csv").open()))
    players = {r["player"] for r in rows}
    assert players == {f"{seat}:{p}" for seat in ("crew", "gm")
                       for p in ("random", "heuristic", "optimal", f"{seat}_r1", f"{seat}_r2")}
    assert [int(r["rank"]) for r in rows] == list(range(1, 11))
    ratings = [float(r["elo"]) for r in rows]  # ranked by Elo
    assert ratings == sorted(ratings, reverse=True)
    for r in rows:  # each player met the 5 players of the other seat, 32 scenes each
        assert int(r["wins"]) + int(r["draws"]) + int(r["losses"]) == int(r["scenes"]) == 160
    crew_wins = sum(int(r["wins"]) for r in rows if r["seat"] == "crew")
    gm_losses = sum(int(r["losses"]) for r in rows if r["seat"] == "gm")
    assert crew_wins == gm_losses  # every crew win is a GM loss
    for r in rows:  # Elo with its interval; 5 opponents each
        assert float(r["elo_low"]) < float(r["elo"]) < float(r["elo_high"])
        assert int(r["opponents"]) == 5
    pairs = list(csv.DictReader((out / "league_pairs.csv").open()))
    assert len(pairs) == 25 and {int(p["scenes"]) for p in pairs} == {32}
    for p in pairs:
        assert int(p["crew_wins"]) + int(p["draws"]) + int(p["gm_wins"]) == 32
        assert float(p["crew_win_low"]) <= float(p["crew_win_rate"]) <= float(p["crew_win_high"])
    by_player = {r["player"]: r for r in rows}
    for seat, wins in (("crew", "crew_wins"), ("gm", "gm_wins")):
        for name, r in by_player.items():
            if r["seat"] == seat:
                assert int(r["wins"]) == sum(int(p[wins]) for p in pairs if p[seat] == name)
    text = (out / "league.md").read_text()
    assert "| rank | player |" in text and "| crew \\ GM |" in text
    assert text in capsys.readouterr().out
    assert json.loads((out / "selfplay.json").read_text())["rounds"] == 2

    # each pairing was kept as a cell: the league played again plays no scene
    assert len(list((out / "league_cells").glob("*.npz"))) == 25  # 5 crew x 5 GM players
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(selfplay, "play_match", lambda *a: pytest.fail("a kept pairing was replayed"))
        again = league_of(out, 32)
    assert [{k: str(round(v, 3)) if isinstance(v, float) else str(v) for k, v in r.items()}
            for r in again] == rows


def test_league_only_replays_the_snapshots_with_the_players_asked(tmp_path, capsys):
    out = tmp_path / "league"
    tiny = ["--out", str(out), "--batch", "8", "--n-steps", "32", "--minibatch", "64",
            "--n-epochs", "1", "--net", "16", "--seed", "4"]
    assert main(["selfplay", MOMENTUM, "--rounds", "1", "--steps-per-round", "256",
                 "--league-scenes", "8", "--players", "random", *tiny]) == 0
    first = json.loads((out / "selfplay.json").read_text())
    assert first["league_players"] == ["random"] and first["rounds"] == 1
    assert main(["selfplay", MOMENTUM, "--league-only", "--league-scenes", "16",
                 "--players", "random,heuristic-adversarial", *tiny]) == 0
    rows = {r["player"]: r for r in csv.DictReader((out / "league.csv").open())}
    # heuristic-adversarial is a GM style (its crew is the heuristic's): a GM player only
    assert set(rows) == {"crew:random", "crew:crew_r1", "gm:random",
                         "gm:heuristic-adversarial", "gm:gm_r1"}
    assert {int(r["scenes"]) for p, r in rows.items() if p.startswith("crew:")} == {3 * 16}
    assert {int(r["scenes"]) for p, r in rows.items() if p.startswith("gm:")} == {2 * 16}
    again = json.loads((out / "selfplay.json").read_text())
    assert again["rounds"] == 1 and again["steps_per_round"] == 256  # the run's own record
    assert again["league_scenes"] == 16
    assert again["league_players"] == ["random", "heuristic-adversarial"]
    capsys.readouterr()
    for argv, words in (
            (["--league-only", "--out", str(tmp_path / "none")], "holds no snapshots"),
            (["--league-only", "--out", str(out), "--players", "sage"],
             "'sage' is not an agent of momentum"),
            (["--out", str(out)], "needs --rounds and --steps-per-round")):
        assert main(["selfplay", MOMENTUM, *argv]) == 2
        assert words in capsys.readouterr().err


def test_players_with_the_same_record_get_the_same_elo_whatever_the_order():
    """Elo is fitted to all games at once; TrueSkill's order-dependent updates are not."""
    games = ([("crew:a", "gm:x", 1)] * 30 + [("crew:a", "gm:x", -1)] * 10
             + [("crew:b", "gm:x", 1)] * 30 + [("crew:b", "gm:x", -1)] * 10)
    for seed in (1, 2):
        rows = {r["player"]: r for r in rate(games, ["crew:a", "crew:b", "gm:x"], seed)}
        assert rows["crew:a"]["elo"] == pytest.approx(rows["crew:b"]["elo"], abs=1e-6)
        assert rows["crew:a"]["elo_low"] == pytest.approx(rows["crew:b"]["elo_low"], abs=1e-6)


def test_the_league_ranks_the_player_that_wins_every_game_first():
    games = [("crew:a", "gm:b", 1)] * 20 + [("crew:c", "gm:b", -1)] * 20
    rows = rate(games, ["crew:a", "crew:c", "gm:b"], seed=1)
    assert [r["player"] for r in rows] == ["crew:a", "gm:b", "crew:c"]
    assert rows[0]["wins"] == 20 and rows[-1]["losses"] == 20 and rows[1]["scenes"] == 40


def test_selfplay_league_on_ray_is_the_serial_league(tmp_path):
    """``--ray``: the pairings played as Ray tasks on a local Ray (the ``ray`` extra)."""
    pytest.importorskip("ray")
    out = tmp_path / "ray"
    assert main(["selfplay", "scenegym/StarforgedSceneChallenge-v1", "--rounds", "1",
                 "--steps-per-round", "128", "--out", str(out), "--batch", "4", "--n-steps", "32",
                 "--minibatch", "64", "--n-epochs", "1", "--net", "8", "--league-scenes", "24",
                 "--seed", "2", "--players", "random,heuristic", "--ray"]) == 0
    assert len(list((out / "league_cells").glob("*.npz"))) == 9  # 3 crew x 3 GM players
    serial = tmp_path / "serial"
    serial.mkdir()
    shutil.copy(out / "selfplay.json", serial)  # the same snapshots, no kept pairings
    rows = league_of(serial, 24, players=("random", "heuristic"))
    assert list(csv.DictReader((out / "league.csv").open())) == [
        {k: str(round(v, 3)) if isinstance(v, float) else str(v) for k, v in r.items()}
        for r in rows]


def test_the_same_command_started_again_keeps_the_finished_rounds(tmp_path, capsys):
    """A run started again with more rounds trains only the missing ones: each seat's
    learner continues from its last snapshot, and the kept pairings are not replayed."""
    out = tmp_path / "league"
    tiny = ["--steps-per-round", "256", "--league-scenes", "8", "--players", "random",
            "--out", str(out), "--batch", "8", "--n-steps", "32", "--minibatch", "64",
            "--n-epochs", "1", "--net", "16", "--seed", "4"]
    assert main(["selfplay", MOMENTUM, "--rounds", "1", *tiny]) == 0
    first = {p.name: p.read_bytes() for p in (out / "snapshots").iterdir()}
    cells_1 = {p.name for p in (out / "league_cells").glob("*.npz")}
    assert len(cells_1) == 4  # random and r1, each seat
    trained = []
    real = selfplay.train_round
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(selfplay, "train_round",
                   lambda *a: trained.append(a[-1].name) or real(*a))
        assert main(["selfplay", MOMENTUM, "--rounds", "2", *tiny]) == 0
    assert trained == ["crew_r2.zip", "gm_r2.zip"]
    assert {p.name: p.read_bytes() for p in (out / "snapshots").iterdir()
            if p.name in first} == first
    cells_2 = {p.name for p in (out / "league_cells").glob("*.npz")}
    assert cells_1 < cells_2 and len(cells_2) == 9  # 3 x 3 players, the first 4 kept
    from scenegym.agents.policy import load_sb3_model
    for seat in ("crew", "gm"):  # round 2 went on from round 1's learner
        assert load_sb3_model(out / "snapshots" / f"{seat}_r2.zip").num_timesteps == 512
    assert json.loads((out / "rounds.json").read_text())["finished"] == [
        "crew_r1", "gm_r1", "crew_r2", "gm_r2"]
    whole = tmp_path / "whole"  # the same run, never stopped: the same learners, bit for bit
    assert main(["selfplay", MOMENTUM, "--rounds", "2", *tiny[:7], str(whole), *tiny[8:]]) == 0
    for name in ("crew_r2.zip", "gm_r2.zip"):
        assert (zipfile.ZipFile(whole / "snapshots" / name).read("policy.pth")
                == zipfile.ZipFile(out / "snapshots" / name).read("policy.pth"))
    capsys.readouterr()
    other = [*tiny[:-1], "5"]  # another seed
    assert main(["selfplay", MOMENTUM, "--rounds", "2", *other]) == 2
    assert "--seed 4 (now 5)" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in (out / "snapshots").iterdir()
            if p.name in first} == first


def test_snapshots_without_a_record_are_not_overwritten(tmp_path, capsys):
    out = tmp_path / "league"
    (out / "snapshots").mkdir(parents=True)
    (out / "snapshots" / "crew_r1.zip").write_bytes(b"an earlier run's")
    assert main(["selfplay", MOMENTUM, "--rounds", "1", "--steps-per-round", "64",
                 "--out", str(out), "--seed", "1"]) == 2
    assert "no rounds.json; play their league with --league-only" in capsys.readouterr().err
    assert (out / "snapshots" / "crew_r1.zip").read_bytes() == b"an earlier run's"


@pytest.mark.parametrize("env_id, reward, first", [
    (MOMENTUM, "adversarial", "heuristic-adversarial"),
    (MOMENTUM, "director", "heuristic-director"),
    ("scenegym/StarforgedSceneChallenge-v1", "adversarial", "heuristic")])
def test_the_first_crew_round_meets_the_heuristic_playing_for_the_gm_reward(
        tmp_path, monkeypatch, env_id, reward, first):
    met = {}
    monkeypatch.setattr(selfplay, "train_round",
                        lambda model, s, opponent, steps, tb, snapshot:
                        met.setdefault(snapshot.stem, opponent))
    monkeypatch.setattr(selfplay, "record_finished", lambda *a: None)
    s = TrainSettings(env_id=env_id, seat="crew", opponent="heuristic", steps=1,
                      out=str(tmp_path), seed=1, gm_reward=reward)
    selfplay.train_league(s, 1, 64)
    assert met == {"crew_r1": first, "gm_r1": str(tmp_path / "snapshots" / "crew_r1.zip")}
