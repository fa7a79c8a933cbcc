"""The Momentum roll's odds: exact enumeration against the rules page, and the engine's sampling.

Rules page: "Sanity figures for the odds table (5 pool dice, difficulty 1): Risk 2 gives
Critical Failure about 6%, Risk 3 about 12%, Risk 4 about 18%. ``evaluation`` must reproduce
these by exact enumeration."
"""

import json
from argparse import Namespace
from fractions import Fraction
from itertools import product

import pytest

from scenegym.cli import main
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.odds import KEYS, compute, exact_odds, read_table


@pytest.mark.parametrize("risk, figure", [(2, 0.06), (3, 0.12), (4, 0.18)])
def test_exact_critical_failure_matches_the_sanity_figures(risk, figure):
    """Rules page: "Risk 2 ... about 6%, Risk 3 about 12%, Risk 4 about 18%"."""
    odds = exact_odds(MomentumConfig(), 5, risk)
    assert abs(float(odds["critical_failure"]) - figure) < 0.005
    assert sum(odds.values()) == 1


def test_enumeration_by_counts_equals_enumeration_by_faces():
    """Counting by categories (multinomial x binomial) gives every face's count exactly."""
    cfg = MomentumConfig()
    pool, risk = 3, 2
    counts = dict.fromkeys(KEYS, 0)
    for faces in product(range(1, 7), repeat=pool + risk):
        own, risk_dice = faces[:pool], faces[pool:]
        counts[read_table(cfg, sum(f >= 5 for f in own), sum(f == 6 for f in own),
                          sum(f == 1 for f in risk_dice))] += 1
    by_faces = {k: Fraction(c, 6 ** (pool + risk)) for k, c in counts.items()}
    assert exact_odds(cfg, pool, risk) == by_faces


@pytest.mark.parametrize("pool, risk, upgrade, opponent, difficulty", [
    (5, 2, False, None, None), (5, 4, True, None, None), (4, 1, False, None, 2),
    (5, 0, False, 5, None)])
def test_engine_sampling_within_4_sigma_of_exact(pool, risk, upgrade, opponent, difficulty):
    """DESIGN.md: "the engine's own sampling within 4 sigma of them"."""
    args = Namespace(pool=pool, risk=risk, difficulty=difficulty, upgrade=upgrade,
                     opponent_dice=opponent, samples=40_000, seed=11)
    out = compute(args)
    assert set(out["exact"]) == set(KEYS) and out["samples"] == 40_000
    assert all(abs(z) < 4 for z in out["z"].values()), out["z"]


def test_odds_command_json(capsys):
    """``scenegym odds momentum --pool P --risk R [--difficulty D] [--json]``."""
    assert main(["odds", "momentum", "--pool", "5", "--risk", "3", "--difficulty", "1",
                 "--json", "--samples", "2000", "--seed", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["exact"]) == set(KEYS) == set(out["sampled"]) and out["samples"] == 2000
    assert abs(out["exact"]["critical_failure"] - 0.1198) < 1e-4


def test_odds_command_refuses_bad_input(capsys):
    assert main(["odds", "momentum", "--pool", "5", "--risk", "-1"]) == 2
    assert "--risk is -1" in capsys.readouterr().err
