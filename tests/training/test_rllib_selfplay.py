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
        "scenegym/StarforgedSceneChallenge-v1", "--iterations", "2",
        "--steps-per-iteration", "128", "--minibatch", "64", "--n-epochs", "1", "--net", "8,8",
        "--env-runners", "0", "--eval-scenes", "32", "--seed", "3", "--gm-reward", "adversarial",
        "--out", str(out)]) == 0
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
        rllib_selfplay.main(["scenegym/StarforgedSceneChallenge-v1",
                             "--iterations", "0", "--out", "x"])
    assert stop.value.code == 2 and "must be positive" in capsys.readouterr().err


def test_the_parser_is_built_from_the_shared_vocabulary():
    from scenegym.common.options import OPTIONS

    for action in rllib_selfplay.build_parser()._actions:
        if action.option_strings != ["-h", "--help"]:
            assert OPTIONS[action.option.key] is action.option
