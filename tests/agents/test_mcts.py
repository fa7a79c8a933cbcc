"""The search agent ``mcts`` (agents/mcts_agent.py, envs/core/search.py): its name and the
refusals, legal and reproducible choices that never see the env's own future dice, a
config that hides state refused, where it plays, and that it beats the heuristic."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

from scenegym.agents.mcts_agent import MCTSAgent, SearchSettings
from scenegym.agents.registry import make_agent
from scenegym.agents.seats import choose_actions
from scenegym.common.scenes import play_scenes
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, OVER, SEAT
from scenegym.envs.core.kernels import SearchWork
from scenegym.envs.core.rulestats import NoRuleStats
from scenegym.envs.rulesets import get_ruleset
from scenegym.evaluation.paired import paired_difference

STARFORGED = get_ruleset("starforged")
CONFIG = STARFORGED.default_config()


def test_a_name_gives_its_settings_and_defaults_the_rest():
    assert SearchSettings.parse("mcts") == SearchSettings()
    got = SearchSettings.parse("mcts:sims=400,rollout=random,c=0.7,depth=50,expand=3,"
                               "other=rollout,root=uct,z=1.5,loop=closed")
    assert got == SearchSettings(sims=400, rollout="random", c=0.7, depth=50, expand=3,
                                 other="rollout", root="uct", z=1.5, loop="closed")


@pytest.mark.parametrize("spec, words", [
    ("mcts:sims=0", "sims must be an integer of at least 1"),
    ("mcts:sims=2.5", "sims must be an integer"),
    ("mcts:c=0", "c must be a number above 0"),
    ("mcts:c=-1.4", "c must be a number above 0"),
    ("mcts:c=nan", "c must be a number above 0"),
    ("mcts:depth=0", "depth must be an integer of at least 1"),
    ("mcts:expand=0", "expand must be an integer of at least 1"),
    ("mcts:rollout=greedy", "rollout must be one of heuristic, optimal, random for "
                            "starforged, got 'greedy'"),
    ("mcts:other=oracle", "other must be one of search, rollout"),
    ("mcts:root=best", "root must be one of uct, paired"),
    ("mcts:z=-1", "z must be a number of at least 0"),
    ("mcts:z=inf", "z must be a number of at least 0"),
    ("mcts:loop=half", "loop must be one of open, closed"),
    ("mcts:width=3", "KEY among sims, rollout, c, depth, expand, other, root"),
    ("mcts:sims=3,sims=4", "sims is given twice"),
    ("mcts:", "no mcts agent name"),
])
def test_a_bad_setting_is_refused_by_name(spec, words):
    with pytest.raises(ValueError, match=words):
        make_agent(spec, "starforged", seed=1)


def test_a_config_whose_seat_view_hides_state_is_refused_with_the_reason():
    frontiers = get_ruleset("frontiers")
    make_agent("mcts", "frontiers", seed=1)  # the default config hides nothing
    hiding = frontiers.make_config(simultaneous_turns=True)
    with pytest.raises(ValueError, match="simultaneous_turns=True"):
        make_agent("mcts", "frontiers", seed=1, config=hiding)


def test_it_is_asked_with_the_batch_not_an_observation():
    agent = make_agent("mcts:sims=5", "starforged", seed=1)
    with pytest.raises(TypeError, match="searches the env's state"):
        agent.act(np.zeros((1, 3), np.float32), np.ones((1, 3), np.bool_))


def _played(agent_spec, env_ids, seed=4, decisions=12):
    """The actions both seats' searches took in envs ``env_ids`` (a batch of them), as a
    list per env, and the batch."""
    batch = SceneBatch(STARFORGED, CONFIG, len(env_ids), env_ids=env_ids)
    batch.reset(seed)
    agent = make_agent(agent_spec, "starforged", seed=9)
    actions = np.zeros(len(env_ids), np.int64)
    taken: list[list[int]] = [[] for _ in env_ids]
    for _ in range(decisions):
        running = ~batch.over
        choose_actions(batch, {CREW: agent, GM: agent}, actions, running)
        assert batch.masks[np.flatnonzero(running), actions[running]].all()
        for r in np.flatnonzero(running):
            taken[r].append(int(actions[r]))
        batch.step(actions, running)
    return taken


@pytest.mark.parametrize("spec", ["mcts:sims=16", "mcts:sims=16,expand=1,root=uct",
                                  "mcts:sims=16,expand=1,loop=closed"])
def test_choices_are_legal_reproducible_and_the_same_alone_as_in_a_batch(spec):
    together = _played(spec, [0, 1, 2, 3, 4])
    assert together == _played(spec, [0, 1, 2, 3, 4])
    for env in (1, 3):
        assert _played(spec, [env])[0] == together[env]


def test_it_never_sees_the_envs_own_future_dice():
    """Two batches in one state but with other future dice (fresh chance): the search
    chooses the same, since it rolls its own; and it leaves the env's state and dice as
    they were."""
    batch = SceneBatch(STARFORGED, CONFIG, 64)
    batch.reset(11)
    other = batch.clone(chance=12345)
    assert (other.dice.keys != batch.dice.keys).all()
    agent = make_agent("mcts:sims=30", "starforged", seed=2)
    idx = np.flatnonzero(batch.state[:, OVER] == 0)
    before, keys, counts = batch.state.copy(), batch.dice.keys.copy(), batch.dice.counts.copy()
    assert (agent.act_in(batch, idx) == agent.act_in(other, idx)).all()
    assert (batch.state == before).all() and (batch.dice.keys == keys).all()
    assert (batch.dice.counts == counts).all()


def test_a_paired_root_keeps_the_rollout_policys_choice_unless_beaten_by_z_errors():
    """With a paired root, an action replaces the rollout policy's choice only if it beat
    it round by round by more than ``z`` standard errors: at a ``z`` no gain reaches, the
    search plays the heuristic's choice in every seat; at ``z=0`` it does not always."""
    batch = SceneBatch(STARFORGED, CONFIG, 64)
    batch.reset(7)
    heuristic = make_agent("heuristic", "starforged", seed=1)
    differs = False
    for _ in range(8):
        idx = np.flatnonzero((batch.state[:, OVER] == 0) & (batch.masks.sum(axis=1) >= 2))
        rule_of_thumb = heuristic.act(batch.obs[idx], batch.masks[idx])
        kept = make_agent("mcts:sims=40,z=1e9", "starforged", seed=3).act_in(batch, idx)
        assert (kept == rule_of_thumb).all()
        searched = make_agent("mcts:sims=40,z=0", "starforged", seed=3).act_in(batch, idx)
        differs |= bool((searched != rule_of_thumb).any())
        actions = np.zeros(batch.num_envs, np.int64)
        running = batch.state[:, OVER] == 0
        choose_actions(batch, {CREW: heuristic, GM: heuristic}, actions, running)
        batch.step(actions, running)
    assert differs


def _outcome_nodes(loop):
    """The outcome nodes (visits of each) of one search with ``loop`` from a crew roll of
    Starforged, whose only branching nodes are the root's (``expand`` above the budget),
    and the root's legal actions."""
    batch = SceneBatch(STARFORGED, CONFIG, 8)
    batch.reset(5)
    heuristic = make_agent("heuristic", "starforged", seed=1)
    actions = np.zeros(batch.num_envs, np.int64)
    while not ((batch.state[:, SEAT] == CREW) & (batch.masks.sum(axis=1) >= 2)).any():
        running = batch.state[:, OVER] == 0
        choose_actions(batch, {CREW: heuristic, GM: heuristic}, actions, running)
        batch.step(actions, running)
    row = np.flatnonzero((batch.state[:, SEAT] == CREW) & (batch.masks.sum(axis=1) >= 2))[:1]
    agent = make_agent(f"mcts:sims=60,expand=1000,loop={loop}", "starforged", seed=1)
    agent.act_in(batch, row)
    work = dict(zip(SearchWork._fields, agent._work))
    nodes = work["outcome_nodes"][work["outcome_nodes"] >= 0]
    return work["visits"][nodes], int(batch.masks[row[0]].sum())


def test_a_closed_loop_branches_on_the_states_the_dice_lead_to():
    """Closed loop, the root's actions lead, by the dice of their simulations, to more
    distinct states than there are actions: the tree holds a node per state met (more
    than one under some action), each visited by the simulations that met it, 60 in all
    at most. The open loop has no such node: one child per action, whatever the dice."""
    visits, actions = _outcome_nodes("closed")
    assert len(visits) > actions
    assert (visits >= 1).all() and visits.sum() <= 60
    assert len(_outcome_nodes("open")[0]) == 0


def test_its_rollout_may_be_any_compiled_agent_of_the_ruleset():
    """``rollout=NAME`` plays the ruleset's agent NAME below the tree: at a ``z`` no gain
    reaches, a paired root keeps that agent's choice (Starforged's ``optimal`` here, which
    differs from the heuristic's somewhere in these scenes)."""
    batch = SceneBatch(STARFORGED, CONFIG, 64)
    batch.reset(7)
    exact = make_agent("optimal", "starforged", seed=1)
    heuristic = make_agent("heuristic", "starforged", seed=1)
    kept = make_agent("mcts:sims=40,z=1e9,rollout=optimal", "starforged", seed=3)
    differs = False
    for _ in range(8):
        idx = np.flatnonzero((batch.state[:, OVER] == 0) & (batch.masks.sum(axis=1) >= 2))
        choice = exact.act(batch.obs[idx], batch.masks[idx])
        assert (kept.act_in(batch, idx) == choice).all()
        differs |= bool((heuristic.act(batch.obs[idx], batch.masks[idx]) != choice).any())
        actions = np.zeros(batch.num_envs, np.int64)
        running = batch.state[:, OVER] == 0
        choose_actions(batch, {CREW: heuristic, GM: heuristic}, actions, running)
        batch.step(actions, running)
    assert differs


def test_it_counts_the_decisions_it_simulates():
    """Every simulation makes one decision at least (the root's), none beyond the depth cap:
    the count a benchmark compares with the raw engine's rate."""
    batch = SceneBatch(STARFORGED, CONFIG, 8)
    batch.reset(5)
    idx = np.flatnonzero(batch.masks.sum(axis=1) >= 2)
    agent = make_agent("mcts:sims=20,depth=3", "starforged", seed=1)
    assert agent.simulated_decisions() == 0
    agent.act_in(batch, idx)
    assert 20 * len(idx) <= agent.simulated_decisions() <= 3 * 20 * len(idx)


def test_the_search_reads_its_rollout_policies_borrowed():
    """Handed the rollout policies' arguments as they are (a tuple of arrays), numba counted
    a reference to an array each time a simulated decision read one of them: half of a
    Starforged search's time in ``NRT_incref`` and ``NRT_decref``. ``search_rows`` borrows
    the tuple (no reference counted) before its first row."""
    import ast
    import inspect

    from scenegym.envs.core import search

    entry = next(node for node in ast.walk(ast.parse(inspect.getsource(search)))
                 if isinstance(node, ast.FunctionDef) and node.name == "search_rows")
    borrowed = [node for node in entry.body if isinstance(node, ast.Assign)
                and ast.unparse(node) == "policy = borrow(policy)"]
    rows = next(node for node in entry.body if isinstance(node, ast.For))
    assert borrowed and borrowed[0].lineno < rows.lineno, ast.unparse(entry)


def test_it_plays_as_a_gymnasium_opponent_in_either_seat():
    for seat in ("crew", "gm"):
        env = gym.make("scenegym/StarforgedSceneChallenge-v1", seat=seat,
                       opponent="mcts:sims=8")
        _, info = env.reset(seed=3)
        for _ in range(20):
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, _, term, trunc, info = env.step(action)
            if term or trunc:
                _, info = env.reset()
        env.close()


def test_it_refuses_a_batch_of_another_config():
    agent = MCTSAgent(STARFORGED, CONFIG, SearchSettings(sims=4), seed=1)
    batch = SceneBatch(STARFORGED, STARFORGED.make_config(stats=(2, 2, 2, 1, 1)), 2)
    batch.reset(1)
    with pytest.raises(ValueError, match="another"):
        agent.act_in(batch, np.flatnonzero(batch.state[:, SEAT] == CREW))


def test_as_crew_it_beats_the_heuristic_crew_against_the_heuristic_gm():
    """The same 1,000 scenes (same dice, same GM), crew by the search or by the heuristic:
    the search wins more, with a paired 95% interval above 0."""
    def crew_wins(crew):
        agents = {CREW: make_agent(crew, "starforged", seed=5),
                  GM: make_agent("heuristic", "starforged", seed=6)}
        ended = play_scenes(SceneBatch(STARFORGED, CONFIG, 200), agents, 1000, 21,
                            NoRuleStats())
        return (ended[:, 0] > 0).astype(np.float64)

    d = paired_difference(crew_wins("mcts:sims=600"), crew_wins("heuristic"))
    assert d["paired_ci"][0] > 0, d


def test_it_plays_a_seat_of_the_pettingzoo_env():
    from scenegym.envs.aec import raw_env

    env = raw_env("scenegym/StarforgedSceneChallenge-v1")
    env.reset(seed=2)
    gm = make_agent("mcts:sims=8", "starforged", seed=3)
    for _ in range(30):
        if env.terminations[env.agent_selection]:
            break
        if env.agent_selection == "gm":
            action = int(gm.act_in(env.batch, np.array([0]))[0])
            assert env.observe("gm")["action_mask"][action]
        else:
            action = int(np.flatnonzero(env.observe("crew")["action_mask"])[0])
        env.step(action)
