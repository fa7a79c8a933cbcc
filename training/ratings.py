"""Elo ratings with 95% intervals from crew-against-GM results (a Bradley-Terry fit).

Every game of a league sets one crew player against one GM player. The model: the crew
wins with probability ``1 / (1 + 10 ** ((gm - crew) / 400))``, where ``crew`` and ``gm`` are
the two players' Elo ratings; a draw (a cut-off scene) counts half a win to each side, as in
Elo. All games are fitted at once by maximum likelihood (unlike TrueSkill's updates, the
result does not depend on the order of the games), with one virtual draw added to every
pairing (the prior BayesElo uses), so a player that won every scene still gets a finite
rating. Only differences between ratings mean anything; the ratings are anchored to average
0. Each rating's 95% interval comes from the curvature of the likelihood at the fit (the
observed Fisher information), the covariance taken with the average held at 0.
"""

from __future__ import annotations

import numpy as np
from scipy import optimize, special, stats

from scenegym.envs.core.stats import CONFIDENCE

ELO_PER_LOGIT = 400 / np.log(10)  # Elo points per unit of log-odds
PRIOR_DRAWS = 1.0


def pair_records(games) -> dict:
    """``{(crew, gm): [wins, draws, losses]}`` from ``(crew, gm, result)`` games, counted
    from the crew's side (result +1 a crew win, -1 a GM win, 0 a draw)."""
    pairs: dict = {}
    for crew, gm, result in games:
        record = pairs.setdefault((crew, gm), [0, 0, 0])
        record[0 if result > 0 else 1 if result == 0 else 2] += 1
    return pairs


def elo_ratings(pairs: dict, names: list[str], prior_draws: float = PRIOR_DRAWS,
                confidence: float = CONFIDENCE) -> dict:
    """Every player's Elo rating and its interval, fitted to the pairings' records.

    Args:
        pairs: ``{(crew, gm): [wins, draws, losses]}`` (see :func:`pair_records`).
        names: Every player (a player with no games keeps rating 0 and an infinite interval).
        prior_draws: Virtual draws added to every pairing.
        confidence: Level of the intervals.

    Returns:
        ``{name: {"elo": rating, "elo_ci": [low, high]}}``.
    """
    index = {n: k for k, n in enumerate(names)}
    crew = np.array([index[c] for c, _ in pairs], np.int64)
    gm = np.array([index[g] for _, g in pairs], np.int64)
    records = np.array(list(pairs.values()), np.float64).reshape(-1, 3)
    games = records.sum(axis=1) + prior_draws
    scores = records[:, 0] + (records[:, 1] + prior_draws) / 2  # crew's wins, draws halved

    def minus_log_likelihood(r):
        d = r[crew] - r[gm]
        return -(scores * special.log_expit(d) + (games - scores) * special.log_expit(-d)).sum()

    def gradient(r):
        excess = games * special.expit(r[crew] - r[gm]) - scores
        return np.bincount(crew, excess, len(names)) - np.bincount(gm, excess, len(names))

    def hessian(r):
        p = special.expit(r[crew] - r[gm])
        w = games * p * (1 - p)
        h = np.zeros((len(names), len(names)))
        np.add.at(h, (crew, crew), w)
        np.add.at(h, (gm, gm), w)
        np.add.at(h, (crew, gm), -w)
        np.add.at(h, (gm, crew), -w)
        return h

    ones = np.ones(len(names))  # the average is held at 0 by a penalty on it
    fit = optimize.minimize(
        lambda r: minus_log_likelihood(r) + r.sum() ** 2 / 2, np.zeros(len(names)),
        jac=lambda r: gradient(r) + r.sum() * ones,
        hess=lambda r: hessian(r) + np.outer(ones, ones), method="trust-exact")
    covariance = np.linalg.pinv(hessian(fit.x))  # the pseudo-inverse: average held at 0
    z = stats.norm.ppf((1 + confidence) / 2)
    played = np.bincount(np.concatenate([crew, gm]), minlength=len(names)) > 0
    out = {}
    for name, k in index.items():
        elo = float(fit.x[k] * ELO_PER_LOGIT)
        half = float(z * np.sqrt(max(covariance[k, k], 0.0)) * ELO_PER_LOGIT)
        out[name] = {"elo": elo, "elo_ci": [elo - half, elo + half] if played[k]
                     else [-np.inf, np.inf]}
    return out


__all__ = ["ELO_PER_LOGIT", "PRIOR_DRAWS", "elo_ratings", "pair_records"]
