"""Exact odds of the Starforged rolls (envs/starforged/odds.py) and the engine's sampling.

Ironsworn: Starforged (Shawn Tomkin, 2022): the action roll, momentum and the progress roll as
the project's rules brief states them (section 2): "Action roll: one d6 action die + stat +
adds = action score, capped at 10; roll two d10 challenge dice. Beat (strictly greater than)
both: strong hit; one: weak hit; neither: miss. A match is both challenge dice equal."
"Negative momentum whose absolute value equals the action die cancels the die." "Burn: ...
replace the action score by the momentum value, only if that improves the result."
"Progress roll: score = full boxes (0..10) against the two challenge dice only."
"""

from argparse import Namespace
from fractions import Fraction
from itertools import product

import pytest

from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.odds import KEYS, RollSpec, compute, exact_odds, sample_odds

CONFIG = StarforgedConfig()


def action(stat, adds=0, momentum=0, burn=False):
    return RollSpec(progress=False, base=stat, adds=adds, momentum=momentum, burn=burn)


def args(**kw):
    base = {"stat": None, "progress": None, "adds": None, "momentum": None, "burn": False,
                "samples": 1000, "seed": 5}
    base.update(kw)
    return Namespace(**base)


def test_stat_3_by_counting_faces_and_by_hand():
    """Stat 3, no adds: count every (d6, d10, d10) face by hand, and the closed forms.

    Score s = die + 3 in 4..9; P(strong) = mean over dice of ((s-1)/10)^2 = 199/600,
    P(miss) = mean of ((11-s)/10)^2 = 139/600; a match is 10 of 100 challenge pairs.
    """
    strong = weak = miss = match = 0
    for die, c1, c2 in product(range(1, 7), range(1, 11), range(1, 11)):
        score = die + 3
        beaten = [score > c1, score > c2]
        strong += all(beaten)
        weak += beaten.count(True) == 1
        miss += not any(beaten)
        match += c1 == c2
    got = exact_odds(action(3), CONFIG)
    assert got["strong_hit"] == Fraction(strong, 600) == Fraction(199, 600)
    assert got["weak_hit"] == Fraction(weak, 600)
    assert got["miss"] == Fraction(miss, 600) == Fraction(139, 600)
    assert got["match"] == Fraction(match, 600) == Fraction(1, 10)


@pytest.mark.parametrize("spec", [action(0), action(3), action(5, adds=4), action(2, momentum=-3),
                                  action(1, momentum=6, burn=True),
                                  RollSpec(progress=True, base=7)])
def test_outcomes_sum_to_one(spec):
    """Strong hit, weak hit and miss partition every roll."""
    got = exact_odds(spec, CONFIG)
    assert got["strong_hit"] + got["weak_hit"] + got["miss"] == 1


def test_score_is_capped_at_10():
    """Stat 5 + adds 5 is at least 11 before the cap: the score is 10 on every die, so only
    a challenge die of 10 stops it: strong 81/100, miss only on a double 10 (1/100)."""
    got = exact_odds(action(5, adds=5), CONFIG)
    assert got["strong_hit"] == Fraction(81, 100)
    assert got["miss"] == Fraction(1, 100)


@pytest.mark.parametrize("boxes, strong, miss", [(0, 0, 1), (6, Fraction(1, 4), Fraction(1, 4)),
                                                 (10, Fraction(81, 100), Fraction(1, 100))])
def test_progress_roll_is_boxes_against_the_challenge_dice(boxes, strong, miss):
    """Score = full boxes: 6 boxes beat a die of 1..5 (1/2), so strong 1/4 and miss 1/4;
    a full track (10) still misses on a double 10, since a hit must beat the die strictly."""
    got = exact_odds(RollSpec(progress=True, base=boxes), CONFIG)
    assert (got["strong_hit"], got["miss"]) == (strong, miss)


def test_burn_raises_the_hit_chance():
    """Burning momentum 10 whenever it helps leaves a miss only on a double 10 (1/100);
    without the burn, stat 1 misses far more often."""
    plain = exact_odds(action(1, momentum=10), CONFIG)
    burned = exact_odds(action(1, momentum=10, burn=True), CONFIG)
    assert burned["miss"] == Fraction(1, 100)
    assert plain["miss"] > burned["miss"]
    assert burned["strong_hit"] > plain["strong_hit"]
    assert burned["match"] == plain["match"]  # burning never changes the dice


def test_negative_momentum_cancel_lowers_the_hit_chance():
    """Stat 0, momentum -6: a 6 on the action die is cancelled (score 0, a sure miss).

    By hand, P(miss) = (1 + .81 + .64 + .49 + .36 + cancelled-6 term) / 6 with the 6 term 1
    (cancelled) against .25 (not cancelled): 4.30/6 against 3.55/6.
    """
    cancelled = exact_odds(action(0, momentum=-6), CONFIG)
    level = exact_odds(action(0, momentum=0), CONFIG)
    assert cancelled["miss"] == Fraction(430, 600)
    assert level["miss"] == Fraction(355, 600)


@pytest.mark.parametrize("spec", [action(3), action(2, momentum=7, burn=True),
                                  action(1, momentum=-4), RollSpec(progress=True, base=6)])
def test_engine_sampling_within_4_sigma_of_exact(spec):
    """The engine's dice and rule functions reproduce the enumeration."""
    n = 20_000
    exact = exact_odds(spec, CONFIG)
    sampled = sample_odds(spec, CONFIG, n, seed=11)
    for k in KEYS:
        p = float(exact[k])
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(sampled[k] - p) <= 4 * sigma + 1e-12, (k, sampled[k], p)


def test_compute_reports_z_and_default_momentum():
    """Without --momentum the roll uses the config's starting momentum (+2)."""
    out = compute(args(stat=3))
    assert "momentum 2" in out["roll"]
    assert set(out["z"]) == set(KEYS) and out["samples"] == 1000


@pytest.mark.parametrize("kw, words", [
    ({"stat": 6}, "--stat is 6"), ({"stat": -1}, "--stat is -1"),
    ({"stat": 3, "momentum": 11}, "--momentum is 11"), ({"stat": 3, "adds": -1}, "--adds is -1"),
    ({"progress": 11}, "--progress is 11"), ({"progress": 3, "burn": True}, "drop --adds"),
    ({"stat": 3, "samples": 0}, "--samples is 0")])
def test_bad_arguments_are_refused_by_name(kw, words):
    with pytest.raises(ValueError, match=words):
        compute(args(**kw))
