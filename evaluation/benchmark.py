"""``scenegym baselines --benchmark``: play the benchmark tasks by their protocol.

Each task of :data:`scenegym.envs.benchmarks.TASKS` plays its reference agents in its seat
against its opponent, ``scenes`` scenes of its seed (scene ``j``: episode 0 of env id ``j``,
so the batch changes nothing), and the rows are printed beside the figures recorded in
``envs/benchmarks.json``: on the tree that recorded them they agree to the scene. ``--write``
records the measured figures (with the commit) instead of comparing.

Under each table stands the task's trained row (``envs/benchmarks_trained.json``: a policy
``scenegym train`` made at a small budget, recorded with its commands by
``examples/train_benchmark.py --write``). ``--policies FOLDER`` plays the policy of each task
found there (``<task>/model.zip``, as that script trains it) by the same protocol and says
whether it agrees with the recorded row; each file's metadata (env id, seat, config digest) is
checked against its task before the first scene, and a mismatch is refused by name.
"""

from __future__ import annotations

from pathlib import Path

from scenegym.common.commit import short_commit
from scenegym.envs.benchmarks import (
    POLICY_FILE,
    REFERENCES,
    TASKS,
    TRAINED_AGENT,
    BenchmarkTask,
    policy_file,
    recorded,
    trained,
)
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
    return {agent: protocol_row(task, agent, batch) for agent in task.agents}


def protocol_row(task: BenchmarkTask, player, batch: int) -> dict:
    """The row of ``player`` (an agent name or object) in ``task``'s seat, played by the
    task's protocol against its opponent."""
    from scenegym.envs.gym_env import env_config

    ruleset, config = env_config(task.env_id, overrides=dict(task.config))
    other = GM if task.seat == "crew" else CREW
    ended = play(ruleset, config, {SEATS[task.seat]: player, other: task.opponent},
                 task.scenes, task.seed, batch)
    o = outcome(ended, config.cutoff_result)
    return {"scenes": o["scenes"], "crew_wins": o["crew_wins"],
            "cut_offs": o["cut_offs"], "crew_win_rate": round(o["crew_win_rate"], 4),
            "crew_win_ci": [round(x, 4) for x in o["crew_win_ci"]],
            "cut_off": round(o["cut_offs"] / o["scenes"], 4)}


def check_task_policy(task: BenchmarkTask, path) -> None:
    """Refuse a policy file whose metadata is not ``task``'s: its env id, seat and the
    digest of the task's config (read from the file alone: nothing is loaded).

    Raises:
        ValueError: Naming the file, the task and what differs.
    """
    from scenegym.agents.policy_info import read_policy_info
    from scenegym.envs.core.config import config_digest
    from scenegym.envs.gym_env import env_config

    info = read_policy_info(path)
    _, config = env_config(task.env_id, overrides=dict(task.config))
    wanted = {"env id": (info.env_id, task.env_id), "seat": (info.seat, task.seat),
              "config digest": (info.config_digest, config_digest(config))}
    differ = [f"{what} {have!r}, the task's {want!r}" for what, (have, want) in wanted.items()
              if have != want]
    if differ:
        raise ValueError(f"--policies: {str(path)!r} is no policy of task {task.name}: "
                         f"{'; '.join(differ)}")


def task_policies(tasks, folder) -> dict:
    """``{task name: path}``: the policy of each task in ``folder`` (``<task>/model.zip``),
    each checked against its task before any scene is played; tasks without one are left
    out.

    Raises:
        FileNotFoundError: No such folder, or no task's policy in it (the names expected).
        ValueError: A policy whose metadata is not its task's (:func:`check_task_policy`).
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"--policies: {str(folder)!r} is no folder")
    found = {t.name: policy_file(t, folder) for t in tasks if policy_file(t, folder).is_file()}
    if not found:
        raise FileNotFoundError(f"--policies: {str(folder)!r} holds no policy of these tasks; "
                                f"expected files: "
                                f"{', '.join(f'{t.name}/{POLICY_FILE}' for t in tasks)}")
    by_name = {t.name: t for t in tasks}
    for name, path in found.items():
        check_task_policy(by_name[name], path)
    return found


def trained_row(task: BenchmarkTask, path, batch: int) -> dict:
    """The row of the policy file ``path`` (checked: :func:`check_task_policy`) in ``task``,
    by the task's protocol."""
    from scenegym.agents.policy import load_policy_agent

    check_task_policy(task, path)
    return protocol_row(task, load_policy_agent(path), batch)


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
             f"{task.scenes:,} scenes of seed {task.seed}{exact}. {task.why_sentence}".rstrip(),
             "", "| agent | crew win rate [95% CI] | cut off | recorded | agrees |",
             "|---|---|---|---|---|"]
    for agent, row in measured.items():
        ref = reference.get(agent)
        lo, hi = row["crew_win_ci"]
        rec = "" if ref is None else f"{ref['crew_win_rate']:.4f}"
        lines.append(f"| {agent} | {row['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | "
                     f"{row['cut_off']:.4f} | {rec} | {agreement(row, ref)} |")
    return lines


def trained_agreement(measured: dict, reference: dict | None) -> str:
    """``same`` (to the scene), ``within CI`` (the measured rate inside the recorded 95%
    interval: another machine's torch, say), ``differs`` or ``new`` (no recorded row)."""
    verdict = agreement(measured, reference)
    if verdict != "differs":
        return verdict
    lo, hi = reference["crew_win_ci"]
    return "within CI" if lo <= measured["crew_win_rate"] <= hi else "differs"


def trained_lines(task: BenchmarkTask, reference: dict | None, measured: dict | None) -> list[str]:
    """The trained row of ``task`` under its table (re-evaluated when ``measured``, else the
    recorded figure), then how it was trained."""
    if reference is None and measured is None:
        return []
    row = measured or reference
    lo, hi = row["crew_win_ci"]
    rec = "" if reference is None else f"{reference['crew_win_rate']:.4f}"
    verdict = ("not played (--policies FOLDER)" if measured is None
               else trained_agreement(measured, reference))
    lines = [f"| {TRAINED_AGENT} | {row['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | "
             f"{row['cut_off']:.4f} | {rec} | {verdict} |"]
    if reference is not None:
        lines += ["", f"{TRAINED_AGENT}: `{reference['train_command']}` "
                  f"({reference['budget']['steps']:,} steps, commit {reference['commit']})"]
    return lines


def run_benchmark(targets, batch: int, write: bool, out=print, policies=None) -> int:
    """Play the tasks; print each one's table; ``write``: record the reference agents'
    figures. ``policies``: a folder of trained policies (:func:`task_policies`), each checked
    before the first scene and played beside the recorded trained row. Exit status 1 when
    a measured row differs from the recorded one (without ``write``)."""
    tasks = tasks_of(targets)
    if not tasks:
        raise ValueError(f"no benchmark task plays {', '.join(targets)}; tasks: "
                         f"{', '.join(t.name + ' (' + t.env_id + ')' for t in TASKS)}")
    found = {} if policies is None else task_policies(tasks, policies)
    kept = recorded() if REFERENCES.exists() else {"commit": None, "tasks": {}}
    kept_trained = trained()
    out(f"# Benchmark tasks (recorded on {kept['commit']})")
    differs = False
    for task in tasks:
        measured = measure(task, batch)
        reference = kept["tasks"].get(task.name, {})
        differs |= any(agreement(r, reference.get(a)) != "same" for a, r in measured.items())
        mine = None if task.name not in found else trained_row(task, found[task.name], batch)
        differs |= mine is not None and trained_agreement(
            mine, kept_trained.get(task.name)) in ("differs", "new")
        out("\n" + "\n".join(table_lines(task, measured, reference)
                              + trained_lines(task, kept_trained.get(task.name), mine)))
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
