"""``scenegym playtest`` on the engine (evaluation/playtest.py): scene counts, intervals, seeds,
refused arguments."""

import json
import os
import re
import stat

import numpy as np
import pytest
from clirun import assert_refused, full_disk_for, interrupted_on_a_terminal, run_json, scenegym

from scenegym.cli import main
from scenegym.common import scenes as scenes_module
from scenegym.common.scenes import ENDED_COLUMNS
from scenegym.evaluation.playtest import playtest, playtest_scenes, scene_figures


@pytest.mark.parametrize("ruleset", ["starforged", "momentum", "sta", "sta_social",
                                     "frontiers"])
def test_a_seed_plays_the_same_scenes_whatever_the_batch(capsys, ruleset):
    """Issue 24, item 6: "Playtest scene j ... depends only on (seed, j): --batch changes
    speed, never figures. Test: the same playtest at batch 1, 64 and 4096 prints identical
    JSON" (here 130 scenes: a batch above the scenes is cut to them)."""
    outs = []
    for batch in ("1", "64", "4096"):
        out = run_json(capsys, ["playtest", ruleset, "--scenes", "130", "--seed", "9",
                                "--batch", batch, "--json"])
        out.pop("batch")
        outs.append(json.dumps(out, sort_keys=True))
    assert outs[0] == outs[1] == outs[2]


def test_playtest_json_keys_and_sanity(capsys):
    out = run_json(capsys, ["playtest", "starforged", "--scenes", "200", "--crew", "random",
                            "--gm", "heuristic", "--seed", "3", "--batch", "64", "--json"])
    assert out["scenes"] == 200
    p, (lo, hi) = out["crew_win_rate"], out["crew_win_rate_ci"]
    assert 0 <= lo <= p <= hi <= 1
    d, (dlo, dhi) = out["mean_decisions"], out["mean_decisions_ci"]
    assert 1 <= dlo <= d <= dhi
    assert sum(row["count"] for row in out["results"].values()) == 200
    assert sum(row["count"] for row in out["ruleset_stats"]["scene_ends"].values()) == 200


def test_same_seed_same_report(capsys, tmp_path):
    argv = ["playtest", "starforged", "--scenes", "150", "--crew", "random", "--gm", "random",
            "--seed", "17", "--batch", "16", "--json"]
    first = run_json(capsys, argv + ["--out", str(tmp_path / "a")])
    second = run_json(capsys, argv)
    assert first == second
    assert json.loads((tmp_path / "a" / "playtest.json").read_text()) == first
    assert list((tmp_path / "a").iterdir()) == [tmp_path / "a" / "playtest.json"]  # no temp
    assert list(tmp_path.iterdir()) == [tmp_path / "a"]  # file left behind


def test_a_different_seed_plays_different_scenes():
    """The seed reaches the dice: two seeds give different move-outcome counts."""
    a = playtest("starforged", 100, "random", "random", seed=5, batch=16)
    b = playtest("starforged", 100, "random", "random", seed=6, batch=16)
    assert a["ruleset_stats"]["move_outcomes"] != b["ruleset_stats"]["move_outcomes"]


@pytest.mark.parametrize("argv, words", [
    (["--scenes", "0"], "--scenes is 0"), (["--scenes", "5", "--batch", "0"], "--batch is 0"),
    (["--scenes", "5", "--crew", "nobody"], "unknown agent")])
def test_bad_arguments_exit_2_with_a_message(capsys, argv, words):
    assert main(["playtest", "starforged", *argv]) == 2
    assert words in capsys.readouterr().err


def test_final_margin_is_the_mean_of_the_ended_scenes_margins():
    """The header MARGIN of each ended scene (envs/core/header.py: "size of the current
    lead, 0..100") is averaged with a Student-t interval, like decisions and lead changes."""
    from scenegym.common.scenes import ENDED_COLUMNS
    from scenegym.envs.core.header import MARGIN
    from scenegym.evaluation.playtest import scene_figures

    ended = np.zeros((4, len(ENDED_COLUMNS)), np.int64)
    ended[:, ENDED_COLUMNS.index(MARGIN)] = [0, 20, 40, 100]
    figures = scene_figures(ended)
    assert figures["mean_final_margin"] == 40.0
    lo, hi = figures["mean_final_margin_ci"]
    assert 0 <= lo < 40 < hi <= 100


def test_momentum_playtest_reports_the_final_margin():
    """Momentum's margin (env docstring): 0..100, Momentum's distance from half of Full."""
    out = playtest("momentum", 100, "heuristic", "heuristic", seed=4, batch=50)
    lo, hi = out["mean_final_margin_ci"]
    assert 0 <= lo <= out["mean_final_margin"] <= hi <= 100


def test_a_mission_result_counts_by_its_sign():
    """A mission's result is its scenes won minus lost: +2 is a crew win, -3 a loss; a scene
    cut off (last column) is neither, whatever its ``cutoff_result`` (-1 here) pays."""
    from scenegym.evaluation.playtest import scene_figures

    ended = np.array([[2, 10, 0, 0, 0], [-3, 10, 0, 0, 0], [-1, 10, 0, 0, 1], [1, 10, 0, 0, 0]])
    figures = scene_figures(ended)
    assert figures["crew_win_rate"] == 0.5
    assert figures["results"]["crew_lost"]["count"] == 1
    assert figures["results"]["cut_off"]["count"] == 1


@pytest.mark.parametrize(("ruleset", "crew", "gm"), [("starforged", "heuristic", "random"),
                                                     ("momentum", "random", "heuristic")])
def test_compiled_playtest_plays_the_scenes_the_python_loop_plays(ruleset, crew, gm):
    """Both seats compiled: whole scenes per compiled call; the same scenes as deciding in
    Python one decision at a time (scenes end in another order, so sums are compared)."""
    fast = playtest(ruleset, 300, crew, gm, seed=3, batch=64)
    slow = playtest(ruleset, 300, crew, gm, seed=3, batch=64, inline=False)
    for key in ("crew_win_rate", "results", "lead_changes", "ruleset_stats"):
        assert fast[key] == slow[key], key
    assert fast["mean_decisions"] == pytest.approx(slow["mean_decisions"], rel=1e-12)


@pytest.mark.parametrize("ruleset", ["starforged", "momentum", "sta", "sta_social",
                                     "frontiers"])
def test_the_log_keeps_only_the_kinds_the_statistics_count_and_nothing_changes(
        ruleset, monkeypatch):
    """A ruleset's statistics name the kinds of record they count (``event_kinds``): the
    playtest's log keeps those alone, and its report (the ruleset's statistics included)
    is the one a log of every kind gives."""
    from scenegym.envs.rulesets import get_ruleset, make_rulestats

    rs = get_ruleset(ruleset)
    statistics = make_rulestats(ruleset, rs.config_type())
    collector = type(statistics)
    kept = playtest(ruleset, 300, seed=4, batch=64)
    engine = scenes_module.scene_engine(rs, rs.config_type(), 4, 4, statistics, log_capacity=8)
    assert engine.log_kinds == collector.event_kinds and len(collector.event_kinds) < 6
    monkeypatch.delattr(collector, "event_kinds")
    assert playtest(ruleset, 300, seed=4, batch=64) == kept


# -- nothing lost, nothing silent (through the command, as a user meets it) --------------------
def test_an_out_under_a_file_is_refused_before_the_first_scene(tmp_path):
    """A billion scenes would run for hours: the refusal comes first."""
    (tmp_path / "taken").write_text("")
    done = scenegym("playtest", "starforged", "--scenes", 10**9, "--out",
                    tmp_path / "taken" / "r", timeout=60)
    assert_refused(done, "taken", "is a file, not a folder")


def test_a_write_that_fails_keeps_the_report_and_says_where(tmp_path, monkeypatch, capsys):
    """A disk that fills during the run: the report is printed and kept beside."""
    full_disk_for(monkeypatch, "playtest.json")
    monkeypatch.chdir(tmp_path)
    code = main(["playtest", "starforged", "--scenes", "50", "--seed", "1", "--json",
                 "--out", str(tmp_path / "out")])
    done = capsys.readouterr()
    assert code == 1 and "Traceback" not in done.err
    kept = tmp_path / "scenegym-kept-playtest.json"
    assert f"kept the results in {str(kept)!r}" in done.err
    assert json.loads(kept.read_text()) == json.loads(done.out)
    assert json.loads(done.out)["scenes"] == 50


def test_the_report_file_follows_the_umask(tmp_path):
    out = tmp_path / "r"
    done = scenegym("playtest", "starforged", "--scenes", 20, "--out", out,
                    preexec_fn=lambda: os.umask(0o027))
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE((out / "playtest.json").stat().st_mode) == 0o640


def test_ctrl_c_prints_the_scenes_finished_and_ends_with_one_line(tmp_path):
    """A real SIGINT once the progress bar (stderr on a terminal) shows scenes played."""
    done, bar = interrupted_on_a_terminal(
        ["playtest", "starforged", "--scenes", 20_000_000, "--batch", 64, "--crew", "random",
         "--gm", "random", "--seed", 4], r"\dscene/s")
    assert done.returncode == 130, done
    assert "Traceback" not in bar, done
    assert bar.rstrip().splitlines()[-1].endswith("scenegym playtest: interrupted"), done
    finished = re.search(r"interrupted: (\d+) of 20000000 scenes finished", done.stdout)
    assert finished and int(finished.group(1)) > 0, done
    assert re.search(r"crew win rate +\d+\.\d\d%", done.stdout)


def test_an_interrupted_playtest_prints_the_figures_of_exactly_the_scenes_it_finished(
        monkeypatch, capsys):
    """Issue 26, item 1: "An interrupted run must report exactly the scenes it finished (and
    say how many), or nothing." Ctrl-C comes after the third round of scenes; the printed
    figures equal those of a run to the end cut to the same scenes (by (env, episode))."""
    argv = dict(scenes=3000, crew="random", gm="random", seed=4, batch=64)
    _, whole = playtest_scenes("starforged", argv["scenes"], argv["crew"], argv["gm"],
                               seed=argv["seed"], batch=argv["batch"])
    stops = []

    class Recorded(scenes_module.Interrupted):
        def __init__(self, ended, kept):
            super().__init__(ended, kept)
            stops.append(self)

    real_advance, calls = scenes_module._advance, []

    def ctrl_c_on_the_third_round(bar, n):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real_advance(bar, n)

    monkeypatch.setattr(scenes_module, "Interrupted", Recorded)
    monkeypatch.setattr(scenes_module, "_advance", ctrl_c_on_the_third_round)
    assert main(["playtest", "starforged", "--json", *[f"--{k}={v}" for k, v in
                                                         argv.items()]]) == 130
    printed = json.loads(capsys.readouterr().out)
    kept = stops[0].kept
    assert printed["scenes"] == kept.sum() == sum(calls) < argv["scenes"]
    expected = scene_figures(whole[kept][:, :len(ENDED_COLUMNS)])
    assert {k: printed[k] for k in expected} == json.loads(json.dumps(expected))
    assert printed["ruleset_stats"] == {}
