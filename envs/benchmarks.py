"""The benchmark tasks: what a paper pins, as a table a program reads.

Each :class:`BenchmarkTask` names an env id, the seat a method plays (``crew`` or ``gm``), the
opponent in the other seat, the config (the id's defaults unless ``config`` says otherwise),
and the evaluation protocol: ``scenes`` scenes of seed ``seed`` (scene ``j`` is episode 0 of
env id ``j``, whatever the batch), the crew's win rate with its 95% Wilson interval. The
figure a method reports is that win rate: the crew seat wants it high, the GM seat low. A
cut-off (the rules' own round or move limit) is neither seat's win.

The reference figures of the ladder of agents (random, constant, stall: the ruleset's
delaying actions first, the game's heuristic, the search where it is fast enough, the exact
solution where one exists) are measured by ``scenegym baselines --benchmark``, which
plays every task by its protocol, prints its rows beside the ones recorded here and says
whether they agree (on the same tree they agree to the scene); ``--benchmark --write``
records them again (:mod:`scenegym.evaluation.benchmark`). The recorded figures live in
``benchmarks.json`` beside this module, with the commit they were measured on.

This module imports nothing heavy: reading the table loads no rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

REFERENCES = Path(__file__).with_name("benchmarks.json")
TRIVIAL = ("random", "constant", "stall", "heuristic")
# the search where it is fast enough for the protocol's 5,000 scenes in a few minutes
# (examples/mcts_bench.py, docs/batch.md: Starforged plays thousands of searched decisions/s
# at 100 simulations, STA social conflict hundreds; the others 80 to 150, too slow)
SEARCH = "mcts:sims=400"
SEARCH_SOCIAL = "mcts:sims=100"
NO_SEARCH = ("; no search row: mcts plays {rate} searched decisions/s at 100 simulations "
             "here, so the protocol's 5,000 scenes would take far more than a few minutes")


class BenchmarkTask(NamedTuple):
    """One benchmark task.

    Attributes:
        name: The task's name (``"starforged-crew"``).
        env_id: The Gymnasium id.
        seat: The seat the method plays: ``"crew"`` or ``"gm"``.
        opponent: The agent in the other seat (an agent name of the ruleset).
        agents: The reference agents measured in the task's seat.
        seed: The protocol's seed.
        scenes: The protocol's scenes.
        config: Config fields set beyond the id's defaults (``{}``: the id as registered).
        exact: The crew's exact win probability against ``opponent`` where the game is
            solved, else None.
        why: Why this seat and opponent (the room the seat leaves a method).
    """

    name: str
    env_id: str
    seat: str
    opponent: str
    agents: tuple[str, ...] = TRIVIAL
    seed: int = 1
    scenes: int = 5000
    config: Mapping[str, Any] = {}
    exact: float | None = None
    why: str = ""


TASKS = (
    BenchmarkTask("starforged-crew", "scenegym/StarforgedSceneChallenge-v1", "crew", "optimal",
                  (*TRIVIAL, SEARCH, "optimal"), exact=0.4157,
                  why="against the equilibrium GM; the optimal crew reaches the game's value"),
    BenchmarkTask("starforged-gm", "scenegym/StarforgedSceneChallenge-v1", "gm", "optimal",
                  (*TRIVIAL, SEARCH, "optimal"), exact=0.4157,
                  why="against the equilibrium crew; the optimal GM holds it to the value"),
    BenchmarkTask("momentum-crew", "scenegym/MomentumScene-v1", "crew", "heuristic-adversarial",
                  why="the adversarial GM: a crew must choose when to Press"
                  + NO_SEARCH.format(rate=150)),
    BenchmarkTask("momentum-gm", "scenegym/MomentumScene-v1", "gm", "heuristic",
                  (*TRIVIAL, "heuristic-adversarial"),
                  why="against the heuristic crew, whom the hand-written GMs barely hold"
                  + NO_SEARCH.format(rate=150)),
    BenchmarkTask("sta-personal-crew", "scenegym/STAPersonalConflict-v1", "crew", "heuristic",
                  why="the heuristic crew wins a minority of the default conflict"
                  + NO_SEARCH.format(rate=140)),
    BenchmarkTask("sta-personal-gm", "scenegym/STAPersonalConflict-v1", "gm", "heuristic",
                  why="against the heuristic crew" + NO_SEARCH.format(rate=140)),
    BenchmarkTask("sta-social-crew", "scenegym/STASocialConflict-v1", "crew", "heuristic",
                  (*TRIVIAL, SEARCH_SOCIAL)),
    BenchmarkTask("sta-social-gm", "scenegym/STASocialConflict-v1", "gm", "heuristic",
                  (*TRIVIAL, SEARCH_SOCIAL),
                  why="the heuristic crew wins most social scenes: the GM seat has room"),
    BenchmarkTask("frontiers-crew", "scenegym/FrontiersEncounter-v1", "crew", "heuristic",
                  why="against the heuristic GM" + NO_SEARCH.format(rate=80)),
    BenchmarkTask("frontiers-gm", "scenegym/FrontiersEncounter-v1", "gm", "heuristic",
                  why="against the heuristic crew" + NO_SEARCH.format(rate=80)),
)


def task_named(name: str) -> BenchmarkTask:
    """The task called ``name``, or a ``ValueError`` naming the tasks."""
    for task in TASKS:
        if task.name == name:
            return task
    raise ValueError(f"unknown benchmark task {name!r}; allowed: "
                     f"{', '.join(t.name for t in TASKS)}")


def recorded() -> dict:
    """The recorded reference figures: ``{"commit": ..., "tasks": {name: {agent: row}}}``,
    each row a dict of ``crew_win_rate``, ``crew_win_ci``, ``cut_off`` and ``scenes``."""
    return json.loads(REFERENCES.read_text())
