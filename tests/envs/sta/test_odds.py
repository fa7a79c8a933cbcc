"""Exact odds of the STA task roll (envs/sta/odds.py) and the engine's own sampling.

Star Trek Adventures 2nd edition core rulebook, task rules: a die at or under the target
number is a success, a critical (two successes) at or under the department with a focus or
on a natural 1 without; the top ``range`` faces cause a complication.
"""

from argparse import Namespace
from fractions import Fraction
from itertools import product

import pytest

from scenegym.cli import main
from scenegym.envs.sta.config import StaConfig
from scenegym.envs.sta.odds import exact_odds, sample_odds, z_score

CONFIG = StaConfig()


@pytest.mark.parametrize(("target", "dice", "focus", "rng"), [
    (13, 2, None, 1), (14, 3, 4, 2), (9, 2, 3, 5)])
def test_convolution_equals_counting_every_face(target, dice, focus, rng):
    """The exact figures against a count over all 20**dice faces."""
    counts, comp = [0] * (2 * dice + 1), 0
    for faces in product(range(1, 21), repeat=dice):
        n = sum(0 if f > target else 2 if f == 1 or (focus is not None and f <= focus) else 1
                for f in faces)
        counts[n] += 1
        comp += any(f >= 21 - rng for f in faces)
    got = exact_odds(CONFIG, target, dice, focus, 2, rng)
    assert got["successes"] == [Fraction(c, 20**dice) for c in counts]
    assert got["p_complication"] == Fraction(comp, 20**dice)
    assert got["p_success"] == Fraction(sum(counts[2:]), 20**dice)


def test_two_dice_by_hand():
    """2d20 at 13, no focus: P(no success) = (7/20)^2; P(a 20 among two) = 1 - (19/20)^2."""
    got = exact_odds(CONFIG, 13, 2, None, 1, 1)
    assert got["successes"][0] == Fraction(49, 400)
    assert got["p_complication"] == 1 - Fraction(19, 20) ** 2
    assert exact_odds(CONFIG, 13, 2, None, 0, 1)["p_success"] == 1


@pytest.mark.parametrize(("target", "dice", "focus", "difficulty"), [
    (14, 2, 4, 2), (11, 5, None, 3), (16, 3, 5, 4)])
def test_engine_sampling_within_4_sigma_of_exact(target, dice, focus, difficulty):
    samples = 40_000
    exact = exact_odds(CONFIG, target, dice, focus, difficulty, 1)
    sampled = sample_odds(CONFIG, target, dice, focus, difficulty, samples, seed=11)
    for key in ("p_success", "p_complication"):
        assert abs(z_score(sampled[key], float(exact[key]), samples)) < 4
    for s, e in zip(sampled["successes"], exact["successes"]):
        assert abs(z_score(s, float(e), samples)) < 4


def test_odds_command_json(capsys):
    import json

    assert main(["odds", "sta", "--target", "13", "--dice", "3", "--focus", "3",
                 "--difficulty", "2", "--samples", "2000", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["exact"]) == {"p_success", "p_complication", "successes"}
    assert len(out["exact"]["successes"]) == 7 and out["samples"] == 2000
    assert abs(sum(out["exact"]["successes"]) - 1) < 1e-12


@pytest.mark.parametrize(("flag", "value", "allowed"), [
    ("--dice", "6", "2..5"), ("--difficulty", "7", "0..5"), ("--focus", "6", "0..5"),
    ("--complication-range", "0", "1..5")])
def test_odds_command_refuses_bad_input(capsys, flag, value, allowed):
    argv = ["odds", "sta", "--target", "13", "--dice", "2", flag, value]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert flag in err and allowed in err


def test_compute_describes_the_roll():
    from scenegym.envs.sta.odds import compute

    args = Namespace(target=12, dice=2, focus=None, difficulty=1, complication_range=1,
                     samples=100, seed=3)
    assert "2d20 vs target 12" in compute(args)["roll"]
