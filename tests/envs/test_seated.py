"""A scene batch seen from one seat (envs/seated.py): the learner's rewards (DESIGN.md, Rewards:
crew +1/-1/0, GM adversarial = -crew, GM director)."""

import numpy as np

from scenegym.agents.random_agent import RandomAgent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import FORFEITED
from scenegym.envs.seated import SeatedBatch
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.ruleset import STARFORGED


def test_a_gm_that_forfeits_with_an_illegal_action_scores_minus_one_as_director():
    """The director reward must not pay a GM for an illegal move (illegal_action="lose")."""
    batch = SceneBatch(STARFORGED, StarforgedConfig(situation="gm"), 1, illegal="lose")
    seated = SeatedBatch(batch, "gm", RandomAgent(1), gm_reward="director")
    seated.reset(3)
    reward, term, _, _ = seated.step(np.array([st.A_FINISH]))  # a crew action at the GM's turn
    assert term[0] and reward[0] == -1.0
    assert batch.state[0, FORFEITED] == 0  # the next scene has begun, flag cleared


def test_gm_reward_and_director_weights_default_to_the_rulesets():
    """momentum's GM is a director by default (the seed), with its own target length."""
    from scenegym.envs.momentum.config import MomentumConfig
    from scenegym.envs.momentum.ruleset import MOMENTUM

    seated = SeatedBatch(SceneBatch(MOMENTUM, MomentumConfig(), 1), "gm", RandomAgent(1))
    assert seated.gm_reward == "director"
    assert seated.director.target_decisions == MOMENTUM.director.target_decisions == 150
    starforged = SeatedBatch(SceneBatch(STARFORGED, StarforgedConfig(), 1), "gm", RandomAgent(1))
    assert starforged.gm_reward == "adversarial"


def test_a_mission_pays_the_crew_learner_per_scene_and_the_director_at_the_end():
    """Issue 3: "+1/-1 per scene": a crew learner is paid as each scene of a mission ends; an
    adversarial GM the negative; a director GM only when the episode ends."""
    from scenegym.envs.momentum.config import MomentumConfig
    from scenegym.envs.momentum.ruleset import MOMENTUM

    config = MomentumConfig(episode="mission", acts=2, scenes_per_act=2)
    for seat, gm_reward in (("crew", None), ("gm", "adversarial"), ("gm", "director")):
        seated = SeatedBatch(SceneBatch(MOMENTUM, config, 16), seat, RandomAgent(1), gm_reward)
        learner = RandomAgent(2)
        seated.reset(4)
        early = 0
        for _ in range(400):
            actions = learner.act(seated.obs, seated.masks, seated.batch.env_ids)
            reward, term, trunc, _ = seated.step(actions)
            early += int(((reward != 0) & ~(term | trunc)).sum())
        assert (early > 0) == (gm_reward != "director"), (seat, gm_reward)
