"""The GM's exact best response to a crew agent (envs/starforged/solve/crew_response.py): an
equilibrium crew concedes nothing, weaker crews concede something, and play reaches the value.

Rules from Ironsworn: Starforged (Shawn Tomkin), "Pay the Price": on a miss "choose one
(or roll on the table)": the GM seat chooses, and its best response picks the price that
leaves the crew the least.
"""

import json
import math

import pytest
from solver_cases import SMALL

from scenegym.agents import make_agent
from scenegym.cli import main
from scenegym.envs.starforged.optimal import StarforgedOptimal
from scenegym.envs.starforged.solve.crew_response import crew_response
from scenegym.evaluation.playtest import playtest

SCENES = 20_000


def test_the_optimal_crew_concedes_nothing_to_a_best_responding_gm(value):
    """``optimal`` is an equilibrium strategy: the GM's best response to it holds it to the
    game's value, no lower."""
    optimal = make_agent("optimal", "starforged", config=SMALL)
    assert crew_response(SMALL, optimal).value == pytest.approx(value, abs=1e-6)


@pytest.mark.parametrize("crew", ["heuristic", "constant", "random"])
def test_weaker_crews_are_held_below_the_value(value, crew):
    agent = "uniform" if crew == "random" else make_agent(crew, "starforged", config=SMALL)
    assert crew_response(SMALL, agent).value < value - 1e-4


def test_the_heuristic_crew_wins_at_its_exact_value_against_the_best_responding_gm():
    heuristic = make_agent("heuristic", "starforged", config=SMALL)
    solution = crew_response(SMALL, heuristic)
    gm = StarforgedOptimal(SMALL, solution.A)
    r = playtest("starforged", SCENES, heuristic, gm, seed=5, config=SMALL, inline=False)
    sigma = math.sqrt(solution.value * (1 - solution.value) / SCENES)
    assert abs(r["crew_win_rate"] - solution.value) < 4 * sigma


def test_solve_prints_each_crew_agents_exploitability(value, capsys):
    argv = ["solve", "starforged", "--scenes", "0", "--json"]
    for field, v in (("boxes", 3), ("max_moves", 6), ("meter_max", 2), ("meter_start", 2),
                     ("momentum_max", 5), ("momentum_min", -3), ("momentum_start", 1),
                     ("clock_by_situation", "(2,3,4)")):
        argv += ["--set", f"{field}={v}"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    crew = result["crew_agents"]
    assert set(crew) == {"optimal", "heuristic", "constant", "stall", "random"}
    assert result["expected_reward"] == pytest.approx(2 * value - 1)  # a cut-off is a loss
    assert crew["optimal"]["exploitability"] == pytest.approx(0.0, abs=1e-6)
    for c in crew.values():
        assert c["exploitability"] == pytest.approx(value - c["best_response"])
