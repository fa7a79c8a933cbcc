"""``training/rllib_selfplay.py``: RLlib's PPO trains both seats of one id through the
PettingZoo AEC env on a local Ray (a tiny budget: two iterations, sampling in-process).
Needs the ``ray`` extra."""

import json

import pytest

pytest.importorskip("ray")

from scenegym.training import rllib_selfplay  # noqa: E402  (needs ray)


def test_two_iterations_train_both_seats_and_write_the_run(tmp_path):
    out = tmp_path / "run"
    assert rllib_selfplay.main([
        "--env-id", "scenegym/StarforgedSceneChallenge-v0", "--iterations", "2",
        "--batch", "128", "--minibatch", "64", "--epochs", "1", "--hidden", "8",
        "--env-runners", "0", "--eval-scenes", "32", "--seed", "3", "--gm-reward", "adversarial",
        "--output", str(out)]) == 0
    run = json.loads((out / "rllib.json").read_text())
    assert [it["iteration"] for it in run["iterations"]] == [1, 2]
    assert run["iterations"][-1]["env_steps"] >= 2 * 128
    for seat in ("crew", "gm"):
        assert run["weight_change"][seat] > 0, f"the {seat} policy did not train"
        assert seat in run["iterations"][-1]["returns"]
        for when in ("before", "after"):
            assert run[when][seat]["scenes"] >= 32
    # a scene pays each seat +1 (won), -1 (lost) or 0 (cut off): mean returns lie in [-1, 1]
    assert all(-1 <= r <= 1 for r in run["iterations"][-1]["returns"].values())
    assert (out / "checkpoint").is_dir() and any((out / "checkpoint").iterdir())


def test_a_bad_budget_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        rllib_selfplay.main(["--env-id", "scenegym/StarforgedSceneChallenge-v0",
                             "--iterations", "0", "--output", "x"])
    assert stop.value.code == 2 and "must be positive" in capsys.readouterr().err
