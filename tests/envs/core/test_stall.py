"""The stalling baseline (envs/core/stall.py): the first legal action among the ruleset's
delaying actions, else the first legal action; never an illegal one.

Issue 24, item 3: "Add a stalling baseline per seat (an agent that prefers the actions that
delay the end [...])". Star Trek Adventures 2nd Edition Core Rulebook, "Conflict": a
character's turn may be spent doing nothing ("Pass"), and Guard is a major action that
neither harms nor helps the scene to its end; the stall agent prefers them.
"""

import numpy as np
import pytest

from scenegym.agents.registry import make_agent
from scenegym.envs.core.stall import StallAgent, stall_order
from scenegym.envs.rulesets import get_ruleset, ruleset_names

STA = get_ruleset("sta")


def names_of(ruleset):
    return ruleset.layout(ruleset.default_config()).action_names


@pytest.mark.parametrize("name", ruleset_names())
def test_every_ruleset_declares_delaying_actions_it_has(name):
    rs = get_ruleset(name)
    order = stall_order(rs, rs.default_config())
    assert len(order) == len(rs.stall_actions) > 0
    assert [names_of(rs)[a] for a in order] == list(rs.stall_actions)


def test_it_prefers_the_first_delaying_action_that_is_legal():
    names = names_of(STA)
    masks = np.zeros((3, len(names)), np.bool_)
    attack, pass_, guard = (names.index(n) for n in ("Stun attack on NPC 0", "Pass", "Guard"))
    masks[0, [attack, guard, pass_]] = True   # Pass before Guard
    masks[1, [attack, guard]] = True          # Guard when Pass is not legal
    masks[2, [attack, names.index("take the turn: PC 1")]] = True  # none: the first legal
    agent = make_agent("stall", "sta")
    assert list(agent.act(np.zeros((3, 1), np.float32), masks)) == [
        pass_, guard, names.index("take the turn: PC 1")]


def test_it_picks_only_legal_actions():
    rng = np.random.default_rng(0)
    masks = rng.random((200, len(names_of(STA)))) < 0.1
    masks[np.arange(200), rng.integers(0, masks.shape[1], 200)] = True  # one legal at least
    actions = StallAgent(STA).act(np.zeros((200, 1), np.float32), masks)
    assert masks[np.arange(200), actions].all()


def test_its_compiled_policy_plays_whole_scenes_with_legal_actions_only():
    """Both seats stall through the compiled step (an illegal choice raises there); in
    Starforged a miss still fills the clock, so the scenes end (Finish the Scene forced)."""
    from scenegym.common.scenes import play_scenes, scene_outcomes
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.core.rulestats import NoRuleStats

    rs = get_ruleset("starforged")
    agent = StallAgent(rs)
    ended = play_scenes(SceneBatch(rs, rs.default_config(), 8), {0: agent, 1: agent}, 16, 1,
                        NoRuleStats())
    won, lost, cut = scene_outcomes(ended)
    assert len(ended) == 16 and (won.astype(int) + lost + cut == 1).all()


def test_an_agent_with_no_legal_action_is_refused():
    with pytest.raises(ValueError, match="no legal action"):
        StallAgent(STA).act(np.zeros((1, 1), np.float32), np.zeros((1, len(names_of(STA))), bool))


def test_it_is_an_opponent_by_name_in_the_gymnasium_env():
    import gymnasium as gym

    import scenegym  # noqa: F401

    env = gym.make("scenegym/StarforgedSceneChallenge-v1", opponent="stall")
    _, info = env.reset(seed=1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_a_ruleset_naming_more_delaying_actions_than_the_slots_is_refused_by_name():
    from dataclasses import replace

    from scenegym.envs.core.policy import ORDER_SLOTS

    names = names_of(STA)
    many = replace(STA, stall_actions=tuple(names[:ORDER_SLOTS + 1]))
    with pytest.raises(ValueError, match=f"'sta': {ORDER_SLOTS + 1} stall_actions, at most"):
        stall_order(many, STA.default_config())
