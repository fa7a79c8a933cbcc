"""The Momentum heuristic players: legal everywhere, and measured against simpler players.

Rules page: "A GM that always picks the maximum must not be the best GM under the default
GM reward" (the director reward, DESIGN.md "Rewards").
"""

import numpy as np
import pytest

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, SEAT
from scenegym.envs.core.reward import director_reward
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.heuristic import MomentumHeuristic, last_legal
from scenegym.envs.momentum.ruleset import MOMENTUM


class MaxRiskGM(MomentumHeuristic):
    """The director heuristic, except that it always sets the highest Risk it may."""

    def act(self, obs, masks, env_ids=None):
        out = super().act(obs, masks, env_ids)
        setting = np.flatnonzero(np.asarray(obs)[:, st.SET_RISK] > 0.5)  # phase one-hot
        for r in setting:
            out[r] = last_legal(np.asarray(masks)[r], st.A_RISK, st.RISK_ACTIONS)
        return out


def scenes(crew, gm, n=1000, seed=1, **fields):
    """Play ``n`` scenes to their end; returns (crew results, director rewards)."""
    b = SceneBatch(MOMENTUM, MomentumConfig(**fields), n)
    b.reset(seed)
    result, director, done = np.zeros(n), np.zeros(n), np.zeros(n, bool)
    while not done.all():
        run = ~b.over
        actions = np.zeros(n, np.int64)
        for seat, agent in ((CREW, crew), (GM, gm)):
            w = run & (b.state[:, SEAT] == seat)
            if w.any():
                actions[w] = agent.act(b.obs[w], b.masks[w], b.env_ids[w])
        reward, over, _ = b.step(actions, run)
        new = over & ~done
        result[new] = reward[new]
        director[new] = director_reward(b.state[new], MOMENTUM.director)
        done |= new
    return result, director


def test_registry_gives_the_heuristic():
    assert isinstance(make_agent("heuristic", "momentum"), MomentumHeuristic)


@pytest.mark.parametrize("fields", [{}, {"kind": "social", "pcs": 2, "fiat_uses": 1},
                                    {"episode": "mission", "pcs": 6, "order": "group"}])
@pytest.mark.parametrize("style", ["director", "adversarial"])
def test_heuristic_plays_only_legal_actions(fields, style):
    """The batch refuses illegal actions (``illegal="raise"``): whole scenes must pass."""
    scenes(MomentumHeuristic(), MomentumHeuristic(style=style), n=64, **fields)


def test_director_gm_beats_max_risk_gm_under_the_director_reward():
    """Rules page: a GM that always picks the maximum Risk must not be the best director.
    Over a heuristic crew and a random crew, the director heuristic scores more."""
    def mean_director(gm):
        values = [scenes(crew, gm)[1] for crew in (MomentumHeuristic(), RandomAgent(5))]
        return np.mean([v.mean() for v in values]), np.sqrt(sum(v.var() / v.size for v in values)) / 2

    director, se_d = mean_director(MomentumHeuristic())
    max_risk, se_m = mean_director(MaxRiskGM())
    harshest, _ = mean_director(MomentumHeuristic(style="adversarial"))
    assert director - max_risk > 3 * np.hypot(se_d, se_m)
    assert director > harshest


def test_heuristic_crew_beats_random_crew():
    heuristic, _ = scenes(MomentumHeuristic(), MomentumHeuristic())
    random, _ = scenes(RandomAgent(3), MomentumHeuristic())
    assert heuristic.mean() > random.mean() + 0.5
