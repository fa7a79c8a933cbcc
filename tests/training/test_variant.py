"""Training on a variant (training/variant.py): ``scenegym train`` and ``scenegym selfplay`` take
config changes as ``--set FIELD=VALUE`` (as ``gym.make(id, FIELD=VALUE)`` does), refuse a bad
one before training, keep it in the run's manifest for ``--resume`` and evaluation, and use
the ruleset's GM reward unless told otherwise.

The variant used here cuts every Starforged scene off after one move (``max_moves=1``,
``finish_early=False``): env.py, "Truncated after max_moves scene moves", and such a scene
scores 0, so every evaluated scene is a draw exactly when the variant was played.
"""

import csv
import json

import gymnasium as gym
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.cli import main
from scenegym.envs.rulesets import env_ids, ruleset_of_env
from scenegym.training.variant import gm_reward_of

STARFORGED, MOMENTUM = "scenegym/StarforgedSceneChallenge-v1", "scenegym/MomentumScene-v1"
TINY = ["--batch", "8", "--n-steps", "32", "--minibatch", "64", "--n-epochs", "1",
        "--net", "16", "--seed", "3"]
ONE_MOVE = ["--set", "max_moves=1", "--set", "finish_early=False"]


def train(out, *extra, env_id=STARFORGED, steps=256):
    return main(["train", env_id, "--steps", str(steps), "--out", str(out),
                 "--eval-scenes", "32", *TINY, *extra])


def only_draws(report: dict) -> bool:
    """Whether every evaluated scene, of the policy and of the heuristic, was cut off."""
    rates = [r for who in ("policy", "heuristic_in_seat") for r in report[who].values()]
    return all(r["draws"] == r["scenes"] == 32 for r in rates)


def test_train_plays_evaluates_and_resumes_the_variant(tmp_path, capsys):
    out = tmp_path / "run"
    assert train(out, *ONE_MOVE) == 0
    assert "config changes: max_moves=1, finish_early=False" in capsys.readouterr().out
    settings = json.loads((out / "checkpoint.json").read_text())["settings"]
    assert settings["config"] == {"max_moves": 1, "finish_early": False}
    assert only_draws(json.loads((out / "eval.json").read_text()))

    assert train(out, "--resume", steps=512) == 0  # no --set: the run's variant goes on
    manifest = json.loads((out / "checkpoint.json").read_text())
    report = json.loads((out / "eval.json").read_text())
    assert manifest["steps"] == report["steps"] == 512
    assert manifest["settings"]["config"] == report["config"] == settings["config"]
    assert only_draws(report)


def test_resume_refuses_another_variant(tmp_path, capsys):
    out = tmp_path / "run"
    assert train(out, *ONE_MOVE) == 0
    capsys.readouterr()
    assert train(out, "--resume", "--set", "max_moves=2", steps=512) == 2
    err = capsys.readouterr().err
    assert "--resume" in err and "'max_moves': 1" in err and "drop --set" in err
    assert json.loads((out / "checkpoint.json").read_text())["steps"] == 256  # untouched


@pytest.mark.parametrize("command", ["train", "selfplay"])
@pytest.mark.parametrize("item, words", [
    ("rank=legendary", "config field 'rank' is 'legendary'; allowed: 'troublesome', "),
    ("max_moves=0", "config field 'max_moves' is 0; allowed: 1..10000"),
    ("clocks=4", "'clocks' is not a config field; allowed: stats, "),
    ("max_moves", "--set 'max_moves': expected FIELD=VALUE"),
])
def test_a_bad_field_or_value_is_one_error_line_before_training(command, item, words, tmp_path,
                                                               capsys):
    out = tmp_path / "run"
    budget = (["--steps", "256"] if command == "train"
              else ["--rounds", "1", "--steps-per-round", "256"])
    assert main([command, STARFORGED, *budget, "--out", str(out), "--set", item]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
    assert not out.exists()  # refused before anything was written


@pytest.mark.parametrize("env_id", env_ids())
def test_one_default_gm_reward_per_ruleset_in_gym_make_and_training(env_id):
    """train and selfplay leave --gm-reward at None, meaning the ruleset's default."""
    default = ruleset_of_env(env_id).default_gm_reward
    assert gm_reward_of(env_id, None) == default
    assert gym.make(env_id, seat="gm").unwrapped.seated.gm_reward == default
    assert gm_reward_of(env_id, "adversarial") == "adversarial"


def test_a_momentum_gm_trains_on_the_director_reward_by_default(tmp_path, capsys):
    """The momentum ruleset's GM is a director by default; the run shows and keeps it."""
    out = tmp_path / "gm"
    assert train(out, "--seat", "gm", env_id=MOMENTUM) == 0
    assert "GM reward: director" in capsys.readouterr().out
    assert json.loads((out / "checkpoint.json").read_text())["settings"]["gm_reward"] == "director"
    assert json.loads((out / "eval.json").read_text())["gm_reward"] == "director"


def test_selfplay_trains_and_rates_the_variant(tmp_path, capsys):
    out = tmp_path / "league"
    assert main(["selfplay", STARFORGED, "--rounds", "1", "--steps-per-round", "256",
                 "--league-scenes", "16", "--players", "random,heuristic",
                 "--out", str(out), *TINY, *ONE_MOVE]) == 0
    assert "config changes: max_moves=1, finish_early=False; GM reward: adversarial" in (
        capsys.readouterr().out)
    record = json.loads((out / "selfplay.json").read_text())
    assert record["config"] == {"max_moves": 1, "finish_early": False}
    assert record["gm_reward"] == "adversarial"
    rows = list(csv.DictReader((out / "league.csv").open()))
    assert len(rows) == 6 and all(r["draws"] == r["scenes"] for r in rows)  # every game cut off


def test_selfplay_refuses_a_variant_where_a_seat_never_decides(tmp_path, capsys):
    """Oracle prices, a fixed situation and the crew's free choice of stat leave the GM
    nothing to decide (env.py)."""
    out = tmp_path / "league"
    assert main(["selfplay", STARFORGED, "--rounds", "1", "--steps-per-round", "256",
                 "--out", str(out), "--set", "price_by=oracle", "--set", "approach=crew"]) == 2
    assert "the gm seat never decides" in capsys.readouterr().err
    assert not (out / "snapshots").exists()
