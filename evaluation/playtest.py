"""``scenegym playtest TARGET``: many scenes on the engine, agents in both seats, with statistics.

The engine (:class:`scenegym.envs.core.batch.SceneBatch`) runs directly, batched, with the event log
on. Scene ``j`` of a run is episode 0 of env id ``j`` (:mod:`scenegym.common.scenes`), so a
run of ``N`` scenes depends on its seed alone: ``--batch`` changes speed, never figures.
Generic figures: crew win rate (Wilson 95% interval), scene results, decisions per scene,
lead changes per scene and final margin (header ``MARGIN``, 0..100; Student-t 95%
intervals); the ruleset's own counters come from :mod:`scenegym.envs.core.rulestats`.
"""

from __future__ import annotations

import json
import sys

import numpy as np

from scenegym.common import options
from scenegym.common.files import check_writable_folder, write_or_keep
from scenegym.common.overrides import parse_overrides
from scenegym.common.scenes import (
    COMPILING,
    ENDED_COLUMNS,
    MAX_BATCH,
    MAX_SCENES,
    Interrupted,
    scene_outcomes,
)
from scenegym.common.text import summary
from scenegym.common.where import workers_option
from scenegym.common.workers import SceneRun, make_run_agents, play_run, workers_for
from scenegym.envs.core.envid import SCENARIO
from scenegym.envs.core.header_columns import (
    CREW,
    GM,
)
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.core.stats import format_table, frequency_table, mean_ci, proportion_ci
from scenegym.envs.rulesets import get_ruleset

DEFAULT_BATCH = 1024
REPORT_FILE = "playtest.json"  # what --out holds
# Records per env between drains. A compiled call stops at half of it, so one decision may
# write up to half: a frontiers Simultaneous Turns Round resolves every declaration in one
# decision (204 records at most in 400 scenes; 256 overflowed).
LOG_CAPACITY = 1024


def add_parser(subparsers) -> None:
    """Add the ``playtest`` command."""
    p = subparsers.add_parser("playtest", help="play many scenes with agents in both seats",
                              description=summary(__doc__))
    options.add(p, "target", "variant", "scenario", "set", "seed", "json", "workers", "ray",
                "address",
                scenes={"required": True}, crew={"default": "heuristic"},
                gm={"default": "heuristic"}, batch={"default": DEFAULT_BATCH},
                out={"default": None, "files": f"{REPORT_FILE}, the report (none: no file)"})
    p.set_defaults(run=run)


def run(args) -> int:
    """Run the playtest and print (and optionally write) its report.

    ``--out`` is checked before the first scene; if writing ``playtest.json`` there still
    fails, the report is printed and kept beside it (see :func:`write_or_keep`). Ctrl-C
    prints the report of the scenes finished so far, then ends the command (exit status
    130). Exit status 1 when the report had to be kept elsewhere than ``--out``.
    """
    ruleset = options.ruleset_of(args.target)
    workers = workers_option(args)
    target = None if args.out is None else check_writable_folder(args.out) / REPORT_FILE
    config = playtest_config(ruleset, args.variant, args.set, args.scenario)
    report = playtest(ruleset, args.scenes, args.crew, args.gm, seed=args.seed,
                      batch=args.batch, config=config, progress_bar=sys.stderr.isatty(),
                      workers=workers)
    if args.variant:
        report["variants"] = list(args.variant)
    if args.set or args.scenario:
        report["config_overrides"] = list(args.set) + ([f"{SCENARIO}={args.scenario}"]
                                                       if args.scenario else [])
    kept = target
    if target is not None:
        kept = write_or_keep(target, json.dumps(report, indent=2, sort_keys=True) + "\n", warn)
    print(json.dumps(report, indent=2) if args.json else "\n".join(format_report(report)))
    if report.get("interrupted"):
        raise KeyboardInterrupt
    return 0 if kept == target else 1


def warn(message: str) -> None:
    """One line on stderr."""
    print(f"scenegym: {message}", file=sys.stderr)


def playtest(ruleset: str, scenes: int, crew="heuristic", gm="heuristic", **options) -> dict:
    """Play ``scenes`` scenes of ``ruleset`` and return the report (a JSON-ready dict).

    Takes the arguments of :func:`playtest_scenes`.
    """
    return playtest_scenes(ruleset, scenes, crew, gm, **options)[0]


def playtest_scenes(ruleset: str, scenes: int, crew="heuristic", gm="heuristic", *, seed=None,
                    batch: int = DEFAULT_BATCH, config=None, progress_bar: bool = False,
                    inline: bool = True, workers: int | None = None) -> tuple[dict, np.ndarray]:
    """Play ``scenes`` scenes of ``ruleset``: the report and every scene's own figures.

    Args:
        ruleset: Ruleset id.
        scenes: Scenes to complete, at least 1.
        crew: Crew agent spec (see :func:`scenegym.agents.make_agent`).
        gm: GM agent spec.
        seed: Seed of dice and agents; ``None`` draws one (the report names it).
        batch: Envs stepped together (capped at ``scenes``).
        config: The ruleset's config (default config when ``None``).
        progress_bar: Show a tqdm bar on stderr.
        inline: When both agents have compiled policies, play whole scenes in one compiled
            call (the default); ``False`` asks them in Python, decision by decision (the same
            scenes, slower).
        workers: Worker processes to split the scenes over (the same figures whatever
            their number), or Ray tasks (:class:`scenegym.common.workers.OnRay`); ``None``:
            every core for a long run (:func:`scenegym.common.workers.workers_for`).

    Returns:
        ``(report, ended)``: the report (a JSON-ready dict) and the ended scenes' header
        columns (see :func:`play_scenes`), keyed by scene: the same row is the same
        scene in every run with the same seed, whatever the batch (paired comparisons).
    """
    from tqdm import tqdm

    _check_range("--scenes", scenes, 1, MAX_SCENES)
    _check_range("--batch", batch, 1, MAX_BATCH)
    workers = workers_for(scenes, workers)
    bar = tqdm(total=scenes, unit="scene", file=sys.stderr, disable=not progress_bar,
               desc=COMPILING)  # shown before the first compile
    rs = get_ruleset(ruleset)
    config = rs.config_type() if config is None else config
    seed = fresh_seed() if seed is None else int(seed)
    run = SceneRun(ruleset, config, {CREW: crew, GM: gm}, seed, batch, LOG_CAPACITY,
                   inline=inline)
    agents = make_run_agents(run)  # a bad agent is refused before any worker starts
    try:
        ended, rulestats = play_run(run, scenes, workers, agents, bar)
    except Interrupted as stop:
        if not len(stop.ended):
            raise KeyboardInterrupt from None
        ended = stop.ended
    report = {"ruleset": ruleset, "scenes": len(ended), "seed": seed,
              "batch": min(batch, scenes), "crew": str(crew), "gm": str(gm)}
    report.update(scene_figures(ended[:, :len(ENDED_COLUMNS)]))
    if len(ended) < scenes:  # Ctrl-C: its figures are the finished scenes' alone, and the
        # ruleset's statistics, counted from events, hold scenes cut short: left out
        report.update(interrupted=True, scenes_asked=scenes, ruleset_stats={})
    else:
        report["ruleset_stats"] = rulestats.summary()
    return report, ended


def whole_arm(*args, **kwargs) -> tuple[dict, np.ndarray]:
    """:func:`playtest_scenes` for one arm of a comparison (``report``, ``variants``): an arm
    cut short by Ctrl-C would pair with the others on other dice, so it is dropped and the
    interrupt goes on (``KeyboardInterrupt``); the caller keeps the arms finished before it."""
    report, ended = playtest_scenes(*args, **kwargs)
    if report.get("interrupted"):
        raise KeyboardInterrupt
    return report, ended


def variant_changes(ruleset: str, variants: list[str]) -> dict:
    """The config fields the named variants of ``ruleset`` change (refused if it has none)."""
    if not variants:
        return {}
    config_type = get_ruleset(ruleset).config_type
    if not hasattr(config_type, "variant_changes"):
        raise ValueError(f"--variant: ruleset {ruleset!r} has no named variants")
    return config_type.variant_changes(*variants)


def playtest_config(ruleset: str, variants=(), sets=(), scenario=None):
    """The config of a run: the scenario file (``--scenario PATH``, else a ``scenario=PATH``
    among ``sets``; none: the default config), then the named variants, then the ``--set
    FIELD=VALUE`` fields, validated together (see :meth:`Ruleset.make_config`)."""
    rs = get_ruleset(ruleset)
    overrides = parse_overrides(sets, rs.config_type)
    if scenario is not None:
        overrides[SCENARIO] = scenario
    return rs.make_config(**{**variant_changes(ruleset, list(variants)), **overrides})




def _check_range(flag: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise ValueError(f"{flag} is {value}; allowed: {low}..{high}")


















def scene_figures(ended: np.ndarray) -> dict:
    """Generic figures from the ended scenes' result, decisions, lead changes and margin."""
    result, decisions, swings, margin, _ = ended.T
    n = result.shape[0]
    won, lost, cut = scene_outcomes(ended)
    wins = int(won.sum())  # a mission's result is its scenes won minus lost
    mean_d, ci_d = mean_ci(decisions)
    mean_l, ci_l = mean_ci(swings)
    mean_m, ci_m = mean_ci(margin)
    return {
        "crew_win_rate": wins / n,
        "crew_win_rate_ci": proportion_ci(wins, n),
        "results": frequency_table({"crew_won": wins, "crew_lost": int(lost.sum()),
                                    "cut_off": int(cut.sum())}),
        "mean_decisions": mean_d,
        "mean_decisions_ci": ci_d,
        "mean_lead_changes": mean_l,
        "mean_lead_changes_ci": ci_l,
        "mean_final_margin": mean_m,
        "mean_final_margin_ci": ci_m,
        "lead_changes": frequency_table({"0": int((swings == 0).sum()),
                                         "1": int((swings == 1).sum()),
                                         "2": int((swings == 2).sum()),
                                         "3+": int((swings >= 3).sum())}),
    }


def format_report(report: dict) -> list[str]:
    """Plain-text lines of a playtest report."""
    lo, hi = report["crew_win_rate_ci"]
    dlo, dhi = report["mean_decisions_ci"]
    llo, lhi = report["mean_lead_changes_ci"]
    mlo, mhi = report["mean_final_margin_ci"]
    lines = [(f"{report['ruleset']} playtest: {report['scenes']} scenes, crew {report['crew']} "
             f"vs GM {report['gm']}, seed {report['seed']}, batch {report['batch']}"),
             f"crew win rate      {report['crew_win_rate']:.2%}  [{lo:.2%}, {hi:.2%}]",
             f"decisions / scene  {report['mean_decisions']:.3f}  [{dlo:.3f}, {dhi:.3f}]",
             f"lead changes       {report['mean_lead_changes']:.3f}  [{llo:.3f}, {lhi:.3f}]",
             f"final margin       {report['mean_final_margin']:.3f}  [{mlo:.3f}, {mhi:.3f}]"]
    if report.get("interrupted"):
        lines[1:1] = [f"interrupted: {report['scenes']} of {report['scenes_asked']} scenes "
                      "finished, the figures are theirs (short scenes end first: the figures "
                      "lean toward them)",
                      "ruleset statistics left out: they would count the scenes cut short"]
    lines += format_table("results", report["results"])
    lines += format_table("lead changes per scene", report["lead_changes"])
    return lines + format_ruleset_stats(report["ruleset_stats"])


def format_ruleset_stats(stats: dict) -> list[str]:
    """Plain-text lines of a ruleset's own statistics (tables, then plain numbers)."""
    lines = []
    for name, value in stats.items():
        if isinstance(value, dict):
            lines += format_table(name.replace("_", " "), value)
        else:
            shown = f"{value:.4f}" if isinstance(value, float) else value
            lines.append(f"{name.replace('_', ' ')}: {shown}")
    return lines


