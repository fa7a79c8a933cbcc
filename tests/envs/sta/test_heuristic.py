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


def minor_and_major_observations(n=64, seed=5):
    """The observations and masks of every Minor or Major Action decision of ``n`` scenes of
    random play (personal conflict)."""
    b = SceneBatch(STA, StaConfig(), n)
    b.reset(seed)
    picker, obs, masks = RandomAgent(seed), [], []
    while not b.over.all():
        run = ~b.over
        phase = np.argmax(b.obs[:, :st.NUM_PHASES], axis=1)
        asked = run & np.isin(phase, (st.MINOR, st.MAJOR))
        obs.append(b.obs[asked].copy())
        masks.append(b.masks[asked].copy())
        actions = np.zeros(n, np.int64)
        actions[run] = picker.act(b.obs[run], b.masks[run], b.env_ids[run])
        b.step(actions, run)
    return np.concatenate(obs), np.concatenate(masks)


def test_a_minor_or_major_decision_reads_the_actor_the_observation_marks():
    """Where the heuristic reads the actor's own slot (prone, melee weapon), the observation
    marks exactly one actor. An observation that marked none gets a legal decision that reads
    no actor's slot (the actor -1 once read the fields before the first character's as its
    own): the Minor Actions end, and a Major Action is never a Sprint toward an enemy (which
    only a melee weapon would call for)."""
    from scenegym.envs.sta.heuristic import C_IS_ACTOR
    from scenegym.envs.sta.observation import CHAR_SLOTS, O_CHAR

    is_actor = np.s_[:, O_CHAR + C_IS_ACTOR:O_CHAR + st.MAX_CHARS * CHAR_SLOTS:CHAR_SLOTS]
    obs, masks = minor_and_major_observations()
    assert len(obs) > 100 and ((obs[is_actor] > 0.5).sum(axis=1) == 1).all()
    unmarked = obs.copy()
    unmarked[is_actor] = 0.0
    actions = StaHeuristic().act(unmarked, masks)
    assert masks[np.arange(len(masks)), actions].all()
    minor = np.argmax(obs[:, :st.NUM_PHASES], axis=1) == st.MINOR
    assert minor.any() and (~minor).any()
    assert (actions[minor] == st.A_END_MINOR).all()
    sprint = (actions >= st.A_SPRINT) & (actions < st.A_SPRINT + st.MAX_ZONES)
    assert not sprint[~minor].any()
