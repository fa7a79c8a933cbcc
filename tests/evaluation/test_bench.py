"""``scenegym bench`` on a tiny budget (evaluation/bench.py)."""

import json

import pytest
from clirun import on_a_terminal

from scenegym.cli import main


def run_json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


STARFORGED_ID = "scenegym/StarforgedSceneChallenge-v1"


def test_bench_tiny_budget(capsys):
    out = run_json(capsys, ["bench", STARFORGED_ID, "--batch", "1", "8", "--seconds", "0.2",
                            "--seed", "4", "--json"])
    assert [(r["id"], r["batch"]) for r in out["results"]] == [(STARFORGED_ID, 1),
                                                               (STARFORGED_ID, 8)]
    for r in out["results"]:
        for k in ("raw_decisions_per_s", "native_steps_per_s",
                  "native_python_opponent_steps_per_s", "sync_steps_per_s",
                  "playtest_scenes_per_s", "decisions_per_learner_step"):
            assert r[k] > 0
        assert r["native_over_sync"] == r["native_steps_per_s"] / r["sync_steps_per_s"]
        bound = r["raw_decisions_per_s"] / r["decisions_per_learner_step"]
        assert r["engine_bound_over_sync"] == pytest.approx(bound / r["sync_steps_per_s"])
    assert set(out["single_env_steps_per_s"]) == {STARFORGED_ID}


def test_bench_unknown_id_exits_2(capsys):
    assert main(["bench", "nope-v0"]) == 2
    err = capsys.readouterr().err
    assert "unknown ruleset or env id 'nope-v0'" in err and STARFORGED_ID in err


def test_bench_shows_progress_on_a_terminal():
    done, terminal = on_a_terminal("bench", "scenegym/StarforgedSceneChallenge-v1",
                                   "--batch", 1, "--seconds", 0.01)
    assert done.returncode == 0 and "Traceback" not in terminal
    assert "2/2" in terminal  # one figure set for batch 1, one for the single env
