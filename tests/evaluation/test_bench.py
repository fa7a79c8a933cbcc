"""``scenegym bench`` on a tiny budget (evaluation/bench.py)."""

import numpy as np
import pytest
from clirun import on_a_terminal, run_json

from scenegym.cli import main

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
        assert r["raw_over_floor"] == r["raw_decisions_per_s"] / r["floor_decisions_per_s"]
        cartpole = out["cartpole"]["vector_steps_per_s"][str(r["batch"])]
        assert r["native_over_cartpole"] == r["native_steps_per_s"] / cartpole
        bound = r["raw_decisions_per_s"] / r["decisions_per_learner_step"]
        assert r["engine_bound_over_sync"] == pytest.approx(bound / r["sync_steps_per_s"])
    assert set(out["single_env_steps_per_s"]) == {STARFORGED_ID}
    assert out["single_over_cartpole"][STARFORGED_ID] == (
        out["single_env_steps_per_s"][STARFORGED_ID] / out["cartpole"]["single_steps_per_s"])


def test_floor_ruleset_opens_every_action_and_ends_on_its_count():
    """The floor's episode takes exactly ``episode_decisions`` decisions, seats alternating,
    every action of its width legal: the work the floor row measures is the engine's own."""
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.evaluation.floor import FLOOR, FloorConfig

    engine = SceneBatch(FLOOR, FloorConfig(actions=5, episode_decisions=3), 2)
    engine.reset(1)
    assert engine.masks.shape == (2, 5) and engine.masks.all()
    for step in range(3):
        assert not engine.ended
        engine.step(np.array([step % 5, 4]))
    assert engine.ended and not engine.masks.any()


def test_floor_config_refuses_a_zero_width():
    from scenegym.evaluation.floor import FloorConfig

    with pytest.raises(ValueError, match="actions"):
        FloorConfig(actions=0)


def test_bench_unknown_id_exits_2(capsys):
    assert main(["bench", "nope-v0"]) == 2
    err = capsys.readouterr().err
    assert "unknown ruleset or env id 'nope-v0'" in err and STARFORGED_ID in err


def test_bench_shows_progress_on_a_terminal():
    done, terminal = on_a_terminal("bench", "scenegym/StarforgedSceneChallenge-v1",
                                   "--batch", 1, "--seconds", 0.01)
    assert done.returncode == 0 and "Traceback" not in terminal, done
    assert "4/4" in terminal  # CartPole single and at batch 1, batch 1, the single env


def test_bench_breakdown_times_each_pass_of_a_decision(capsys):
    """Issue 25, item 8: "a --breakdown of apply/legal/observe/pick": each pass timed alone
    per id and batch, in the same run as the floor and the raw row."""
    out = run_json(capsys, ["bench", STARFORGED_ID, "--batch", "8", "--seconds", "0.2",
                            "--seed", "4", "--breakdown", "--json"])
    (row,) = out["results"]
    assert set(row["pass_ns_per_decision"]) == {"pick", "apply", "legal", "observe"}
    assert all(ns > 0 for ns in row["pass_ns_per_decision"].values())
    assert row["raw_over_floor"] == row["raw_decisions_per_s"] / row["floor_decisions_per_s"]



def test_the_single_env_picker_draws_every_legal_action_and_only_those():
    from scenegym.evaluation.steppers import legal_picker

    pick, mask = legal_picker(seed=5), np.zeros(134, np.bool_)
    mask[[3, 8, 10, 133]] = True
    picks = [pick(mask) for _ in range(400)]
    assert set(picks) == {3, 8, 10, 133}
    assert all(type(a) is int for a in picks)
    again = legal_picker(seed=5)
    assert [again(mask) for _ in range(20)] == picks[:20]  # its seed replays its picks
