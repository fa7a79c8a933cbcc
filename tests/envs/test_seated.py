"""A scene batch seen from one seat (envs/seated.py): the learner's rewards (DESIGN.md, Rewards:
crew +1/-1/0, GM adversarial = -crew, GM director)."""

import numpy as np
import pytest
from numba import njit

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import DECISIONS, EPISODE, FORFEITED
from scenegym.envs.core.policy import (
    FIRST_OF_ORDER,
    ORDER_SLOTS,
    PYTHON,
    CompiledPolicy,
    blind_policy,
    policy_of,
)
from scenegym.envs.rulesets import get_ruleset
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


# --- the opponent inside the compiled step ---------------------------------------------

CASES = [("starforged", "crew", "heuristic"), ("starforged", "gm", "random"),
         ("momentum", "crew", "random"), ("momentum", "gm", "heuristic-adversarial")]


def play(ruleset, seat, opponent, inline, env_ids, steps=120, seed=7):
    """Learner random-legal (its own stream), the opponent as given; every output kept."""
    rs = get_ruleset(ruleset)
    batch = SceneBatch(rs, rs.default_config(), len(env_ids), env_ids=env_ids)
    agent, asked = make_agent(opponent, ruleset, seed=11), []
    python_act = agent.act
    agent.act = lambda *args, **kwargs: asked.append(1) or python_act(*args, **kwargs)
    seated = SeatedBatch(batch, seat, agent, inline_opponent=inline)
    assert seated.compiled_opponent == inline
    learner = make_agent("random", ruleset, seed=5)
    seated.reset(seed)
    trace = []
    for _ in range(steps):
        rows = batch.state
        actions = learner.act(batch.obs, batch.masks, batch.env_ids,
                              episodes=rows[:, EPISODE], decisions=rows[:, DECISIONS])
        reward, term, trunc, final_obs = seated.step(actions)
        trace.append((batch.state.copy(), batch.obs.copy(), reward.copy(), term.copy(),
                      trunc.copy(), np.where((term | trunc)[:, None], final_obs, 0)))
    assert bool(asked) != inline  # inline: the compiled policy played every opponent turn
    return trace, seated


@pytest.mark.parametrize(("ruleset", "seat", "opponent"), CASES)
def test_compiled_and_python_opponents_play_the_same_trajectories(ruleset, seat, opponent):
    ids = np.arange(6)
    inline, s1 = play(ruleset, seat, opponent, True, ids)
    python, s2 = play(ruleset, seat, opponent, False, ids)
    for a, b in zip(inline, python):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    assert s1.episodes_reported == s2.episodes_reported > 0
    assert s1.unseated_episodes == s2.unseated_episodes


@pytest.mark.parametrize("inline", [True, False])
def test_an_env_alone_plays_what_it_plays_inside_a_batch(inline):
    batch_trace, _ = play("momentum", "gm", "random", inline, np.arange(40), steps=80)
    for env in (0, 17, 39):
        alone, _ = play("momentum", "gm", "random", inline, np.array([env]), steps=80)
        for together, single in zip(batch_trace, alone):
            for x, y in zip(together, single):
                assert np.array_equal(x[env], y[0])


def test_both_seatings_of_two_policies_and_rulesets_of_the_same_rules_share_their_loops():
    """A copy of the compiled loops costs seconds to compile: the crew's and GM's policies
    swapped use the same copy, so do the players that read no observation (random, constant,
    stall, an agent asked in Python), and so do the two STA conflicts (one set of rules)."""
    rs = get_ruleset("starforged")
    rand, const, stall, heur = (policy_of(make_agent(n, "starforged", seed=1))
                                for n in ("random", "constant", "stall", "heuristic"))
    assert rs.kernels_with(rand, heur).seated is rs.kernels_with(heur, rand).seated
    assert rs.kernels_with(rand, heur).seated is rs.kernels_with(heur, const).seated
    assert rs.kernels_with(rand, heur).seated is rs.kernels_with(PYTHON, heur).seated
    assert rs.kernels_with(rand, heur).seated is rs.kernels_with(stall, heur).seated
    assert rs.kernels_with(rand, rand).play is rs.kernels_with(stall, stall).play
    assert rs.kernels_with(rand, heur).play is not rs.kernels_with(heur, heur).play
    assert get_ruleset("sta").kernels.seated is get_ruleset("sta_social").kernels.seated


def test_two_different_policies_under_one_name_and_one_function_name_are_refused():
    """Compiled loops are found by the policies' names and functions' names: two closures
    from one factory under one name would silently play the first one's choices."""

    def policy_choosing(action):
        @njit
        def act(o, m, ap, key, n):
            return action
        return CompiledPolicy("fixed", act, PYTHON.params)

    rs = get_ruleset("starforged")
    rs.kernels_with(policy_choosing(0), PYTHON)
    with pytest.raises(ValueError, match="give each policy a name of its own"):
        rs.kernels_with(policy_choosing(1), PYTHON)


def test_a_blind_policy_of_an_unknown_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="RANDOM_LEGAL"):
        blind_policy(7)


def test_a_blind_policy_preferring_more_actions_than_its_slots_is_refused():
    """Every blind player shares one parameter record (one compiled copy of the loops), so
    the actions a stalling player prefers fit ORDER_SLOTS."""
    blind_policy(FIRST_OF_ORDER, order=range(ORDER_SLOTS))
    with pytest.raises(ValueError, match=f"at most {ORDER_SLOTS} actions"):
        blind_policy(FIRST_OF_ORDER, order=range(ORDER_SLOTS + 1))
