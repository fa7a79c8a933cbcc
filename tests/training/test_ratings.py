"""Elo ratings with intervals from a league's crew-against-GM games (training/ratings.py).

Issue 13, item 6: "publish the rating table (with random, heuristic, optimal where there is
one, and the snapshots)": a reader needs each rating's uncertainty and the games behind it.
The model (Elo's): the crew wins with probability 1 / (1 + 10 ** ((gm - crew) / 400)), a
draw counting half a win to each side.
"""

import numpy as np
import pytest
from scipy import stats

from scenegym.training.ratings import ELO_PER_LOGIT, elo_ratings, pair_records


def test_pair_records_count_each_pairing_from_the_crew_side():
    games = [("c", "g", 1), ("c", "g", 0), ("c", "g", -1), ("c", "g", 1), ("c", "h", -1)]
    assert pair_records(games) == {("c", "g"): [2, 1, 1], ("c", "h"): [0, 0, 1]}


def test_one_pairing_gives_the_log_odds_of_its_score_split_around_zero():
    """750 wins in 1,000 scenes, plus the one virtual draw: the crew's score is 750.5 of
    1,001, and the rating gap is 400 log10 of its odds; with the average held at 0 each side
    sits half the gap from 0, and each interval is half the gap's (1 / information)."""
    ratings = elo_ratings({("crew", "gm"): [750, 0, 250]}, ["crew", "gm"])
    share = 750.5 / 1001
    gap = 400 * np.log10(share / (1 - share))
    assert ratings["crew"]["elo"] == pytest.approx(gap / 2, abs=1e-3)
    assert ratings["gm"]["elo"] == pytest.approx(-gap / 2, abs=1e-3)
    half = stats.norm.ppf(0.975) * ELO_PER_LOGIT / 2 / np.sqrt(1001 * share * (1 - share))
    low, high = ratings["crew"]["elo_ci"]
    assert (low, high) == pytest.approx((gap / 2 - half, gap / 2 + half), abs=1e-3)


def test_draws_count_half_and_a_clean_sweep_stays_finite():
    even = elo_ratings({("crew", "gm"): [0, 500, 0]}, ["crew", "gm"])
    assert even["crew"]["elo"] == pytest.approx(0, abs=1e-6)
    sweep = elo_ratings({("crew", "gm"): [200, 0, 0]}, ["crew", "gm"])
    gap = sweep["crew"]["elo"] - sweep["gm"]["elo"]
    assert gap == pytest.approx(400 * np.log10(200.5 / 0.5), abs=1e-2)


def test_more_scenes_narrow_the_interval_and_order_follows_results():
    names = ["crew:a", "crew:b", "gm:x", "gm:y"]
    few = elo_ratings({("crew:a", "gm:x"): [60, 0, 40], ("crew:a", "gm:y"): [80, 0, 20],
                       ("crew:b", "gm:x"): [30, 0, 70], ("crew:b", "gm:y"): [50, 0, 50]}, names)
    many = elo_ratings({("crew:a", "gm:x"): [600, 0, 400], ("crew:a", "gm:y"): [800, 0, 200],
                        ("crew:b", "gm:x"): [300, 0, 700], ("crew:b", "gm:y"): [500, 0, 500]},
                       names)
    width = {k: r["elo_ci"][1] - r["elo_ci"][0] for k, r in few.items()}
    assert all(many[k]["elo_ci"][1] - many[k]["elo_ci"][0] < width[k] / 3 for k in names)
    assert many["crew:a"]["elo"] > many["crew:b"]["elo"]
    assert many["gm:x"]["elo"] > many["gm:y"]["elo"]  # x held both crews lower
    assert sum(r["elo"] for r in many.values()) == pytest.approx(0, abs=1e-6)
