"""``scenegym baselines --benchmark``: play the benchmark tasks by their protocol.

Each task of :data:`scenegym.envs.benchmarks.TASKS` plays its reference agents in its seat
against its opponent, ``scenes`` scenes of its seed (scene ``j``: episode 0 of env id ``j``,
so the batch changes nothing), and the rows are printed beside the figures recorded in
``envs/benchmarks.json``: on the tree that recorded them they agree to the scene. ``--write``
records the measured figures (with the commit) instead of comparing.
"""

from __future__ import annotations

from scenegym.common.commit import short_commit
from scenegym.envs.benchmarks import REFERENCES, TASKS, BenchmarkTask, recorded
from scenegym.envs.core.files import atomic_write_text
from scenegym.envs.core.header import CREW, GM
from scenegym.evaluation.baselines import SEATS, outcome, play


def tasks_of(targets) -> tuple[BenchmarkTask, ...]:
    """The tasks of the env ids ``targets`` (every task when none is given)."""
    if not targets:
        return TASKS
    return tuple(t for t in TASKS if t.env_id in targets)


def measure(task: BenchmarkTask, batch: int) -> dict[str, dict]:
    """``{agent: row}``: each reference agent of ``task`` played by its protocol."""
    from scenegym.envs.gym_env import env_config

    ruleset, config = env_config(task.env_id, overrides=dict(task.config))
    other = GM if task.seat == "crew" else CREW
    rows = {}
    for agent in task.agents:
        ended = play(ruleset, config, {SEATS[task.seat]: agent, other: task.opponent},
                     task.scenes, task.seed, batch)
        o = outcome(ended, config.cutoff_result)
        rows[agent] = {"scenes": o["scenes"], "crew_wins": o["crew_wins"],
                       "cut_offs": o["cut_offs"], "crew_win_rate": round(o["crew_win_rate"], 4),
                       "crew_win_ci": [round(x, 4) for x in o["crew_win_ci"]],
                       "cut_off": round(o["cut_offs"] / o["scenes"], 4)}
    return rows


def agreement(measured: dict, reference: dict | None) -> str:
    """``same``, ``differs`` or ``new`` (no recorded row)."""
    if reference is None:
        return "new"
    keys = ("scenes", "crew_wins", "cut_offs")
    return "same" if all(measured[k] == reference[k] for k in keys) else "differs"


def table_lines(task: BenchmarkTask, measured: dict, reference: dict) -> list[str]:
    """The markdown lines of one task: its protocol, then a row per agent."""
    exact = "" if task.exact is None else f"; exact crew win probability {task.exact:.4f}"
    lines = [f"## {task.name}", "",
             f"`{task.env_id}`, seat **{task.seat}** against `{task.opponent}`; "
             f"{task.scenes:,} scenes of seed {task.seed}{exact}. {task.why}".rstrip() + "",
             "", "| agent | crew win rate [95% CI] | cut off | recorded | agrees |",
             "|---|---|---|---|---|"]
    for agent, row in measured.items():
        ref = reference.get(agent)
        lo, hi = row["crew_win_ci"]
        rec = "" if ref is None else f"{ref['crew_win_rate']:.4f}"
        lines.append(f"| {agent} | {row['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | "
                     f"{row['cut_off']:.4f} | {rec} | {agreement(row, ref)} |")
    return lines


def run_benchmark(targets, batch: int, write: bool, out=print) -> int:
    """Play the tasks; print each one's table; ``write``: record the figures. Exit status 1
    when a measured row differs from the recorded one (without ``write``)."""
    tasks = tasks_of(targets)
    if not tasks:
        raise ValueError(f"no benchmark task plays {', '.join(targets)}; tasks: "
                         f"{', '.join(t.name + ' (' + t.env_id + ')' for t in TASKS)}")
    kept = recorded() if REFERENCES.exists() else {"commit": None, "tasks": {}}
    out(f"# Benchmark tasks (recorded on {kept['commit']})")
    differs = False
    for task in tasks:
        measured = measure(task, batch)
        reference = kept["tasks"].get(task.name, {})
        differs |= any(agreement(r, reference.get(a)) != "same" for a, r in measured.items())
        out("\n" + "\n".join(table_lines(task, measured, reference)))
        if write:
            kept["tasks"][task.name] = measured
    if write:
        kept["commit"] = short_commit()
        atomic_write_text(REFERENCES, json_text(kept))
        out(f"\nrecorded {len(tasks)} tasks in {REFERENCES}")
        return 0
    return 1 if differs else 0


def json_text(kept: dict) -> str:
    """The recorded table as JSON text (tasks in :data:`TASKS` order)."""
    import json

    order = [t.name for t in TASKS if t.name in kept["tasks"]]
    return json.dumps({"commit": kept["commit"],
                       "tasks": {n: kept["tasks"][n] for n in order}}, indent=1) + "\n"
