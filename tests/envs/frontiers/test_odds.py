"""Exact odds of the Frontiers attack roll (envs/frontiers/odds.py) and the engine's sampling.

Frontiers Engine Beta 2026-1, Resolution: "d20 + modifiers >= DR (attacks: >= the target's
current Defense)"; a hit deals the ability's damage dice plus its bonus (the catalogue).
"""

from argparse import Namespace
from fractions import Fraction
from itertools import product

import pytest

from scenegym.envs.frontiers.config import FrontiersConfig
from scenegym.envs.frontiers.odds import compute, exact_odds, sample_odds, z_score

CONFIG = FrontiersConfig()
NAMES = [a.name for a in CONFIG.abilities]


@pytest.mark.parametrize(("name", "modifier", "defense"), [
    ("strike", 2, 12), ("heavy blow", 0, 15), ("shove", -3, 4), ("mind spike", 5, 30)])
def test_enumeration_equals_counting_every_face(name, modifier, defense):
    """Every d20 face and every damage face counted by brute force."""
    k = NAMES.index(name)
    a = CONFIG.abilities[k]
    counts = [0] * (a.dice * a.sides + a.bonus + 1)
    faces = list(product(range(1, a.sides + 1), repeat=a.dice))
    for d20 in range(1, CONFIG.die + 1):
        for dmg in faces:
            counts[sum(dmg) + a.bonus if d20 + modifier >= defense else 0] += 1
    got = exact_odds(CONFIG, k, modifier, defense)
    total = CONFIG.die * len(faces)
    assert got["damage"] == [Fraction(c, total) for c in counts]
    assert got["p_hit"] == Fraction(sum(1 for f in range(1, 21) if f + modifier >= defense), 20)


def test_by_hand():
    """Strike (1d8) at +2 against Defense 12: faces 10..20 hit, 11 of 20; mean 11/20 * 4.5."""
    got = exact_odds(CONFIG, NAMES.index("strike"), 2, 12)
    assert got["p_hit"] == Fraction(11, 20)
    assert got["mean_damage"] == Fraction(11, 20) * Fraction(9, 2)
    assert exact_odds(CONFIG, NAMES.index("strike"), 0, 21)["p_hit"] == 0  # a d20 cannot reach 21


@pytest.mark.parametrize(("name", "modifier", "defense"), [
    ("heavy blow", 3, 14), ("shoot", 1, 9), ("mind spike", -2, 16)])
def test_engine_attack_within_4_sigma_of_exact(name, modifier, defense):
    samples = 40_000
    k = NAMES.index(name)
    exact = exact_odds(CONFIG, k, modifier, defense)
    sampled = sample_odds(CONFIG, k, modifier, defense, samples, seed=5)
    assert abs(z_score(sampled["p_hit"], float(exact["p_hit"]), samples)) < 4
    for s, e in zip(sampled["damage"], exact["damage"]):
        assert abs(z_score(s, float(e), samples)) < 4


def test_out_of_range_modifier_is_refused_by_flag():
    args = Namespace(ability="strike", modifier=99, defense=12, samples=10, seed=1)
    with pytest.raises(ValueError, match=r"--modifier is 99; allowed: -40\.\.40"):
        compute(args)
