"""The STA heuristic players: legal everywhere, and a heuristic crew beats a random one."""

import numpy as np
import pytest

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, SEAT
from scenegym.envs.sta.config import StaConfig
from scenegym.envs.sta.heuristic import StaHeuristic
from scenegym.envs.sta.ruleset import STA


def scenes(crew, gm, n=200, seed=1, **fields):
    """Play ``n`` scenes to their end; returns the crew's results."""
    b = SceneBatch(STA, StaConfig(**fields), n)
    b.reset(seed)
    result, done = np.zeros(n), np.zeros(n, bool)
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
        done |= new
    return result


def test_registry_gives_the_heuristic():
    assert isinstance(make_agent("heuristic", "sta"), StaHeuristic)


@pytest.mark.parametrize("fields", [
    {}, {"pcs": 4, "npc_tiers": ("minor", "notable", "major", "major"), "weapons_drawn": False},
    {"pcs": 1, "npc_tiers": ("notable",), "pc_weapon": (2,), "npc_weapon": (1,)},
    {"pcs": 3, "npc_tiers": ("minor", "notable"), "npc_reserve": ("minor", "notable"),
     "npc_weapon": (1, 2, 7, 6), "threat_per_pc": 4},
    {"conflict": "social", "pcs": 2, "npc_tiers": ("minor", "major")}])
def test_heuristic_plays_only_legal_actions(fields):
    """The batch refuses illegal actions (``illegal="raise"``): whole scenes must pass."""
    scenes(StaHeuristic(), StaHeuristic(), n=48, **fields)
    scenes(RandomAgent(2), StaHeuristic(), n=48, **fields)


@pytest.mark.parametrize("conflict", ["personal", "social"])
def test_heuristic_crew_beats_random_crew(conflict):
    heuristic = scenes(StaHeuristic(), StaHeuristic(), conflict=conflict)
    random = scenes(RandomAgent(3), StaHeuristic(), conflict=conflict)
    assert heuristic.mean() > random.mean() + 0.5


def test_heuristic_gm_beats_random_gm():
    """Against the same random crew, the heuristic GM holds the crew's mean result lower."""
    against_heuristic = scenes(RandomAgent(3), StaHeuristic())
    against_random = scenes(RandomAgent(3), RandomAgent(4))
    assert against_heuristic.mean() < against_random.mean() - 0.25
