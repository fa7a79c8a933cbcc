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

The trained row of each task (a policy ``scenegym train`` made at the small budget
:data:`BUDGET`) is recorded apart, in ``benchmarks_trained.json``, with its train and eval
commands (:func:`train_argv`, :func:`eval_argv`), budget, time and commit.

This module imports nothing heavy: reading the table loads no rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

REFERENCES = Path(__file__).with_name("benchmarks.json")
TRIVIAL = ("random", "constant", "stall", "heuristic")
# the search where the protocol's 5,000 scenes take under half a minute a seat on one core
# (Starforged at 400 simulations, STA social conflict at 100: 12 to 27 s); in the other tasks
# 3 to 8 minutes at 100 simulations (examples/mcts_bench.py and docs/batch.md give the rates)
SEARCH = "mcts:sims=400"
SEARCH_SOCIAL = "mcts:sims=100"
NO_SEARCH = ("; no search row: at 100 simulations mcts plays about {rate} searched decisions/s "
             "here, and the protocol's 5,000 scenes take about {minutes} minutes on one core")


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

    @property
    def why_sentence(self) -> str:
        """``why`` as a sentence (its first letter a capital, a full stop), or ``""``."""
        return f"{self.why[0].upper()}{self.why[1:]}." if self.why else ""


TASKS = (
    BenchmarkTask("starforged-crew", "scenegym/StarforgedSceneChallenge-v1", "crew", "optimal",
                  (*TRIVIAL, SEARCH, "optimal"), exact=0.4157,
                  why="against the equilibrium GM; the optimal crew reaches the game's value"),
    BenchmarkTask("starforged-gm", "scenegym/StarforgedSceneChallenge-v1", "gm", "optimal",
                  (*TRIVIAL, SEARCH, "optimal"), exact=0.4157,
                  why="against the equilibrium crew; the optimal GM holds it to the value"),
    BenchmarkTask("momentum-crew", "scenegym/MomentumScene-v1", "crew", "heuristic-adversarial",
                  why="the adversarial GM: a crew must choose when to Press"
                  + NO_SEARCH.format(rate=600, minutes=6)),
    BenchmarkTask("momentum-gm", "scenegym/MomentumScene-v1", "gm", "heuristic",
                  (*TRIVIAL, "heuristic-adversarial"),
                  why="against the heuristic crew, whom the hand-written GMs barely hold"
                  + NO_SEARCH.format(rate=600, minutes=5)),
    BenchmarkTask("sta-personal-crew", "scenegym/STAPersonalConflict-v1", "crew", "heuristic",
                  why="the heuristic crew wins a minority of the default conflict"
                  + NO_SEARCH.format(rate=900, minutes=3)),
    BenchmarkTask("sta-personal-gm", "scenegym/STAPersonalConflict-v1", "gm", "heuristic",
                  why="against the heuristic crew" + NO_SEARCH.format(rate=900, minutes=4)),
    BenchmarkTask("sta-social-crew", "scenegym/STASocialConflict-v1", "crew", "heuristic",
                  (*TRIVIAL, SEARCH_SOCIAL)),
    BenchmarkTask("sta-social-gm", "scenegym/STASocialConflict-v1", "gm", "heuristic",
                  (*TRIVIAL, SEARCH_SOCIAL),
                  why="the heuristic crew wins most social scenes: the GM seat has room"),
    BenchmarkTask("frontiers-crew", "scenegym/FrontiersEncounter-v1", "crew", "heuristic",
                  why="against the heuristic GM" + NO_SEARCH.format(rate=675, minutes=8)),
    BenchmarkTask("frontiers-gm", "scenegym/FrontiersEncounter-v1", "gm", "heuristic",
                  why="against the heuristic crew" + NO_SEARCH.format(rate=675, minutes=5)),
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


# -- the trained rows ------------------------------------------------------------------------
# A policy trained by ``scenegym train`` for each task's seat against its opponent, at a small
# budget: a floor for a learner, not a ceiling. Recorded apart from the reference agents (in
# ``benchmarks_trained.json``) with its train and eval commands, its budget and its commit;
# reproduced by ``examples/train_benchmark.py``, re-evaluated by
# ``scenegym baselines --benchmark --policies DIR``.
TRAINED = Path(__file__).with_name("benchmarks_trained.json")
TRAINED_AGENT = "trained"  # the row's name beside the reference agents
POLICY_FILE = "model.zip"  # a task's policy in a folder: <task name>/model.zip, as trained


class TrainBudget(NamedTuple):
    """The budget every trained row is trained at (``scenegym train``'s options).

    Attributes:
        steps: Env steps of the learner (``--steps``).
        seed: The run's seed (``--seed``); not a protocol's seed, so the learner never
            trained on the scenes it is evaluated on.
        batch: Envs stepped together (``--batch``).
        eval_scenes: Scenes of the trainer's own final evaluation (``--eval-scenes``; the
            recorded figure is the protocol's, not this one).
    """

    steps: int = 200_000
    seed: int = 7
    batch: int = 16
    eval_scenes: int = 200


BUDGET = TrainBudget()


def run_folder(task: BenchmarkTask, folder) -> Path:
    """``task``'s training run in a folder of policies: ``<task name>/``."""
    return Path(folder) / task.name


def policy_file(task: BenchmarkTask, folder) -> Path:
    """Where ``task``'s trained policy lies in ``folder``: the final model of its run,
    ``<task name>/model.zip`` (written once the run finished, atomically)."""
    return run_folder(task, folder) / POLICY_FILE


def train_argv(task: BenchmarkTask, folder, budget: TrainBudget = BUDGET) -> list[str]:
    """The ``scenegym train`` arguments of ``task``'s trained row, its run in ``folder``
    (:func:`run_folder`; a GM learner is rewarded adversarially, as the task's figure
    judges it)."""
    argv = ["train", task.env_id, "--seat", task.seat, "--opponent", task.opponent,
            "--seed", str(budget.seed), "--steps", str(budget.steps),
            "--batch", str(budget.batch), "--eval-scenes", str(budget.eval_scenes),
            "--out", str(run_folder(task, folder))]
    if task.seat == "gm":
        argv += ["--gm-reward", "adversarial"]
    for name, value in task.config.items():
        argv += ["--set", f"{name}={value}"]
    return argv


def eval_argv(task: BenchmarkTask, folder) -> list[str]:
    """The ``scenegym baselines`` arguments that re-evaluate ``task``'s trained row from
    the policies in ``folder`` (with the reference rows of its id)."""
    return ["baselines", "--benchmark", task.env_id, "--policies", str(folder)]


def trained() -> dict:
    """The recorded trained rows: ``{task name: row}``, each row the reference row's fields
    (``crew_win_rate``, ``crew_win_ci``, ``cut_off``, ``scenes``, ...) with ``budget``,
    ``train_command``, ``eval_command``, ``train_minutes`` (wall), ``train_cpu_minutes``,
    ``load`` (the 1-minute load average as training ended) and ``commit``; ``{}`` before
    any is recorded."""
    return json.loads(TRAINED.read_text())["tasks"] if TRAINED.exists() else {}
