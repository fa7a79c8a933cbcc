"""The STA heuristic players: legal everywhere, and a heuristic crew beats a random one."""

import numpy as np
import pytest

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, SEAT
from scenegym.envs.sta import state as st
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
    """Against the heuristic GM, the heuristic crew's mean result is well above a random
    crew's. With the rules of issue 21 and a GM that budgets its Threat over the scene (a
    reserve to avoid injuries) the personal margin measured 0.42 (crew -0.545 against -0.96,
    200 scenes, seed 1), no longer above the former 0.5."""
    heuristic = scenes(StaHeuristic(), StaHeuristic(), conflict=conflict)
    random = scenes(RandomAgent(3), StaHeuristic(), conflict=conflict)
    assert heuristic.mean() > random.mean() + 0.3


def test_heuristic_gm_beats_random_gm():
    """Against the same random crew, the heuristic GM holds the crew's mean result lower."""
    against_heuristic = scenes(RandomAgent(3), StaHeuristic())
    against_random = scenes(RandomAgent(3), RandomAgent(4))
    assert against_heuristic.mean() < against_random.mean() - 0.25


def test_the_gm_keeps_a_threat_reserve_that_shrinks_over_the_scene(conflict):
    """The heuristic GM budgets its Threat over the scene: it keeps back ``gm_reserve_threat``
    (4) scaled by the rounds still to come, and spends only what lies above. With Threat 4 in
    round 1 of 8 the reserve is 4 (7/8 of 4, rounded up): no Threat spend for an NPC to go
    first; with Threat 5 it spends 1; in the last round it keeps nothing back."""
    gm = StaHeuristic()

    def choice(c):
        return int(gm.act(c.batch.obs[:1], c.batch.masks[:1])[0])

    assert choice(conflict(threat_per_pc=4)) == st.A_CREW_FIRST
    assert choice(conflict(threat_per_pc=5)) == st.A_NPC_FIRST
    assert choice(conflict(threat_per_pc=4).put("round", 8)) == st.A_NPC_FIRST
