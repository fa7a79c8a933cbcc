"""The director GM against the adversarial GM, and the registry names of the GM styles.

Issue 3, done when: "the director GM's scenes are longer and closer (more initiative flips)
than the adversarial GM's". The env docstring (envs/momentum/env.py, Rewards) defines the
figures: ``D`` decisions per scene (header ``DECISIONS``), ``L`` initiative flips (header
``LEAD_CHANGES``) and ``M`` the final margin (header ``MARGIN``, 0 = the last round began at
the halfway mark).
"""

import numpy as np
import pytest

from scenegym.agents.registry import agent_names, make_agent
from scenegym.common.scenes import ENDED_COLUMNS, play_scenes
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, DECISIONS, GM, LEAD_CHANGES, MARGIN
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.heuristic import MomentumHeuristic
from scenegym.envs.momentum.ruleset import MOMENTUM
from scenegym.envs.rulesets import make_rulestats

SCENES = 2000


def figures(gm, seed=7):
    """Decisions, lead changes and final margin of each of ``SCENES`` scenes, heuristic crew."""
    config = MomentumConfig()
    engine = SceneBatch(MOMENTUM, config, 1000)
    agents = {CREW: MomentumHeuristic(), GM: gm}
    ended = play_scenes(engine, agents, SCENES, seed, make_rulestats("momentum", config))
    return ended[:, [ENDED_COLUMNS.index(c) for c in (DECISIONS, LEAD_CHANGES, MARGIN)]].T


def exceeds(a, b, sigmas=3.0):
    """Whether the mean of ``a`` exceeds that of ``b`` by more than ``sigmas`` standard errors."""
    se = np.hypot(a.std(ddof=1) / np.sqrt(a.size), b.std(ddof=1) / np.sqrt(b.size))
    return a.mean() - b.mean() > sigmas * se


def test_director_scenes_are_longer_closer_and_swing_more_than_adversarial():
    d_dec, d_flips, d_margin = figures(make_agent("heuristic-director", "momentum"))
    a_dec, a_flips, a_margin = figures(make_agent("heuristic-adversarial", "momentum"))
    assert exceeds(d_dec, a_dec)
    assert exceeds(d_flips, a_flips)
    assert exceeds(a_margin, d_margin)  # a smaller final margin: closer


@pytest.mark.parametrize("name, style", [("heuristic-director", "director"),
                                         ("heuristic-adversarial", "adversarial")])
def test_registry_names_pick_the_gm_style(name, style):
    agent = make_agent(name, "momentum")
    assert isinstance(agent, MomentumHeuristic) and agent.style == style
    assert name in agent_names("momentum")
    assert make_agent("heuristic", "momentum").style == "director"


@pytest.mark.parametrize("name, ruleset", [("heuristic-villain", "momentum"),
                                           ("heuristic-director", "starforged")])
def test_unknown_heuristic_style_names_the_allowed_ones(name, ruleset):
    with pytest.raises(ValueError, match=f"unknown agent '{name}'.*allowed"):
        make_agent(name, ruleset)
