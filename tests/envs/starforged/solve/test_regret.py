"""The exact regret of a Starforged decision (envs/starforged/regret.py): 0 for the solved
choice, and against the optimal other seat the expected regret sum is the agent's distance from
the game's value (the performance difference lemma), checked by play.

Rules from Ironsworn: Starforged (Shawn Tomkin), "Pay the Price": "make the most obvious
negative outcome happen", chosen here by the GM among the prices the ruleset models; a
scene's moves: "Face Danger" / "Secure an Advantage", and "Finish the Scene".
"""

import math

import numpy as np
import pytest
from solver_cases import SMALL

from scenegym.agents.registry import make_agent
from scenegym.evaluation.regret import play_regrets

SCENES = 2000


@pytest.fixture(scope="module")
def optimal():
    return make_agent("optimal", "starforged", config=SMALL)


def test_the_solved_choice_has_no_regret_in_either_seat(optimal):
    r = play_regrets(SMALL, optimal, optimal, SCENES, seed=3)
    assert r["decisions"]["crew"] > SCENES and r["decisions"]["gm"] > SCENES
    assert r["decisions"]["unsolved"] == 0
    assert np.all(r["crew"] == 0.0) and np.all(r["gm"] == 0.0)


@pytest.mark.parametrize("seat", ["crew", "gm"])
def test_the_heuristics_regret_is_its_distance_from_the_value(optimal, value, seat):
    """Against the optimal other seat, the heuristic's crew win rate is the value less (crew)
    or plus (GM) its mean regret sum, within 4 standard errors of the win rate; its regrets
    are never negative, and the solved choice asked at the same decisions has none."""
    heuristic = make_agent("heuristic", "starforged", config=SMALL, seat=seat)
    crew, gm = (heuristic, optimal) if seat == "crew" else (optimal, heuristic)
    r = play_regrets(SMALL, crew, gm, SCENES, seed=4, shadow={seat: optimal})
    assert np.all(r[seat] >= 0.0) and r[seat].mean() > 0.001
    assert np.all(r[f"{seat}_shadow"] == 0.0)
    assert r["decisions"]["differ"] > 0
    sign = -1.0 if seat == "crew" else 1.0
    sigma = math.sqrt(value * (1 - value) / SCENES)
    assert abs(r["won"].mean() - (value + sign * r[seat].mean())) < 4 * sigma
