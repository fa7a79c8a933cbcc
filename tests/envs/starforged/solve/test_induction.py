"""The exact Starforged solution (envs/starforged/solve): enumerated roll odds, the game's value
reached by play, best responses, configs the solver refuses.

Rules from Ironsworn: Starforged (Shawn Tomkin), "Finish the Scene": "roll the challenge
dice, compare to your progress score"; "Pay the Price"; the action roll: "your action score
is your action die + your stat + any adds", "if your score is greater than both of the
challenge dice, it's a strong hit".
"""

import math

import numpy as np
import pytest
from solver_cases import SMALL

from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.solve.induction import solve
from scenegym.envs.starforged.solve.model import enumerate_tables
from scenegym.evaluation.paired import compare
from scenegym.evaluation.playtest import playtest, playtest_scenes

SCENES = 20_000


def test_roll_odds_are_the_enumerated_challenge_dice():
    t = enumerate_tables(StarforgedConfig())
    assert np.allclose(t["p_move"].sum(axis=(2, 3, 4)), 1.0)
    # score 10 beats a d10 unless it shows 10: a strong hit unless either die is 10
    strong = t["p_move"][10, 0, 2].sum()
    assert strong == pytest.approx(0.81)
    # a match (both dice equal) has chance 1/10 whatever the score
    assert t["p_move"][4, 0, :, :, 1].sum() == pytest.approx(0.1)
    # Finish the Scene with 10 full boxes hits unless both dice are 10
    assert t["p_finish"][-1] == pytest.approx(0.99)
    assert t["p_finish"][0] == 0.0


def test_optimal_crew_against_optimal_gm_wins_at_the_games_value(value):
    r = playtest("starforged", SCENES, "optimal", "optimal", seed=11, config=SMALL, inline=False)
    sigma = math.sqrt(value * (1 - value) / SCENES)
    assert abs(r["crew_win_rate"] - value) < 4 * sigma


def test_no_crew_beats_the_value_against_the_optimal_gm(value):
    r = playtest("starforged", SCENES, "heuristic", "optimal", seed=12, config=SMALL, inline=False)
    assert r["crew_win_rate"] < value + 4 * math.sqrt(value * (1 - value) / SCENES)


def test_optimal_crew_beats_the_heuristic_crew_against_the_heuristic_gm():
    _, optimal = playtest_scenes("starforged", SCENES, "optimal", "heuristic", seed=13,
                                 config=SMALL, inline=False)
    _, heuristic = playtest_scenes("starforged", SCENES, "heuristic", "heuristic", seed=13,
                                   config=SMALL, inline=False)
    gain = compare(optimal, heuristic)["crew_win_rate"]
    assert gain["paired_ci"][0] > 0


def test_best_response_to_any_gm_is_at_least_the_value(value):
    from scenegym.agents import make_agent

    for gm in ("uniform", make_agent("heuristic", "starforged", config=SMALL),
               make_agent("constant", "starforged", config=SMALL)):
        assert solve(SMALL, gm=gm).value >= value - 1e-6


def test_the_gm_naming_the_approach_holds_the_crew_to_its_weakest_stat(value):
    """Seed, Face Danger and Secure an Advantage (Scene Challenge): "If you act... With speed,
    mobility, or agility: Roll +edge". With approach="gm" (SMALL's default) the GM names how
    the crew acts before each move: a higher stat never rolls worse, so the adversarial GM
    always names the weakest, and the game is worth exactly the free-choice game of a
    character whose every stat is the weakest (1). A rolled approach is worth less than the
    free choice and more than the GM's."""
    weakest = solve(SMALL.replace(approach="crew", stats=(1,) * 5)).value
    assert value == pytest.approx(weakest, abs=1e-6)
    rolled = solve(SMALL.replace(approach="random")).value
    free = solve(SMALL.replace(approach="crew")).value
    assert value < rolled < free


def test_expected_result_objective_counts_losses_minus_one(value):
    """Win probability p and loss probability l: the expected result p - l <= p; with no
    cut-off at all it is 2p - 1 at the win-maximising play's best."""
    assert solve(SMALL, objective="result").value <= value


def test_the_expected_reward_is_2p_minus_1_when_a_cut_off_is_a_loss(value):
    """Issue 24, item 3: the published value is the expected return of the reward the env
    pays. Under the default ``cutoff_result=-1`` every scene not won pays -1, so the crew's
    best expected reward is ``2p - 1`` of its best win probability ``p``; the solve command
    reports that figure beside ``p``."""
    from scenegym.evaluation.solve import expected_reward

    assert SMALL.cutoff_result == -1
    assert solve(SMALL, objective="result").value == pytest.approx(2 * value - 1, abs=1e-6)
    assert expected_reward(SMALL, value) == pytest.approx(2 * value - 1, abs=1e-12)


def test_a_cut_off_worth_nothing_is_solved_for_its_own_expected_reward(value):
    """With ``cutoff_result=0`` a cut-off pays more than a loss: the best expected result
    lies above ``2p - 1`` when any cut-off is reachable, and the command solves for it."""
    from scenegym.evaluation.solve import expected_reward

    draw = SMALL.replace(cutoff_result=0)
    solved = solve(draw, objective="result").value
    assert solved > 2 * value - 1
    assert expected_reward(draw, value) == pytest.approx(solved)


@pytest.mark.parametrize("field, value, words", [
    ("price_by", "oracle", "'price_by' is 'oracle'; allowed: 'gm'"),
    ("situation", "random", "'situation' is 'random'; allowed: 'disadvantaged'")])
def test_configs_the_solver_does_not_model_are_refused_by_name(field, value, words):
    with pytest.raises(ValueError, match=words):
        solve(SMALL.replace(**{field: value}))


def test_a_solved_table_is_kept_and_a_change_to_the_solver_solves_again(tmp_path, monkeypatch):
    """The table on disk is keyed by the config and the code of the model and the solver."""
    from scenegym.envs import cache
    from scenegym.envs.starforged.solve import induction as solver

    monkeypatch.setattr(cache, "kernel_cache_folder", lambda: tmp_path / "kernels")
    calls = []
    real_solve = solver.solve

    def counted(config, **kwargs):
        calls.append(config)
        return real_solve(config, **kwargs)

    monkeypatch.setattr(solver, "solve", counted)
    config = SMALL
    first = solver.solved_table(config)
    assert np.array_equal(solver.solved_table(config), first) and len(calls) == 1
    real_code_of = cache.code_of
    monkeypatch.setattr(cache, "code_of", lambda path: real_code_of(path) + (
        "# changed" if path.name == "induction.py" else ""))
    assert np.array_equal(solver.solved_table(config), first) and len(calls) == 2
