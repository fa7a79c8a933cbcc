"""``scenegym playtest RULESET``: many scenes on the engine, agents in both seats, with statistics.

The engine (:class:`scenegym.envs.core.batch.SceneBatch`) runs directly, batched, with the event log
on. Env ``i`` of a batch of ``B`` plays exactly ``N // B`` scenes, plus one when
``i < N % B``, so a run of ``N`` scenes is reproducible for a given seed and batch size.
Generic figures: crew win rate (Wilson 95% interval), scene results, decisions per scene,
lead changes per scene and final margin (header ``MARGIN``, 0..100; Student-t 95%
intervals); the ruleset's own counters come from :mod:`scenegym.evaluation.rulestats`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch, fresh_seed
from scenegym.envs.core.dice import mix64
from scenegym.envs.core.events import drain_arrays
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    EPISODE,
    GM,
    LEAD_CHANGES,
    MARGIN,
    OVER,
    RESULT,
)
from scenegym.envs.core.kernels import policy_args
from scenegym.envs.core.policy import PYTHON, policy_of
from scenegym.envs.core.ruleset import SCENARIO
from scenegym.envs.rulesets import get_ruleset, ruleset_names
from scenegym.evaluation.files import check_writable, write_or_keep
from scenegym.evaluation.overrides import parse_overrides
from scenegym.evaluation.rulestats import make_rulestats
from scenegym.evaluation.stats import format_table, frequency_table, mean_ci, proportion_ci
from scenegym.evaluation.text import summary

DEFAULT_BATCH = 1024
# Records per env between drains. A compiled call stops at half of it, so one decision may
# write up to half: a frontiers Simultaneous Turns Round resolves every declaration in one
# decision (204 records at most in 400 scenes; 256 overflowed).
LOG_CAPACITY = 1024
MAX_SCENES = 10**9
MAX_BATCH = 1 << 20
SEAT_SALTS = {CREW: 0xC4E3, GM: 0x63}
ENDED_COLUMNS = [RESULT, DECISIONS, LEAD_CHANGES, MARGIN]  # header columns kept per ended scene


def add_parser(subparsers) -> None:
    """Add the ``playtest`` command."""
    p = subparsers.add_parser("playtest", help="play many scenes with agents in both seats",
                              description=summary(__doc__))
    p.add_argument("ruleset", choices=ruleset_names(), metavar="RULESET",
                   help=f"one of: {', '.join(ruleset_names())}")
    p.add_argument("--scenes", type=int, required=True, help="scenes to complete")
    p.add_argument("--crew", default="heuristic",
                   help="crew agent: random, heuristic, heuristic-STYLE or a policy file")
    p.add_argument("--gm", default="heuristic",
                   help="GM agent: random, heuristic, heuristic-STYLE (momentum: "
                        "heuristic-director, heuristic-adversarial) or a policy file")
    p.add_argument("--variant", action="append", default=[], metavar="NAME",
                   help="a Variant of the ruleset's rules, by name (repeatable; frontiers: "
                        "fixed-momentum, two-ap, ...)")
    p.add_argument("--scenario", default=None, metavar="PATH",
                   help="a scenario file (TOML or JSON) or the name of a shipped one (sta: "
                        "personal, social, boarding; frontiers: ambush); the same as --set "
                        "scenario=PATH; the variants and --set apply on top")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                   help="a config field of the ruleset (repeatable), applied last")
    p.add_argument("--seed", type=int, default=None, help="seed (none: fresh entropy, reported)")
    p.add_argument("--batch", type=int, default=DEFAULT_BATCH, help="envs stepped together")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", type=Path, default=None, help="also write the JSON to this file")
    p.set_defaults(run=run)


def run(args) -> int:
    """Run the playtest and print (and optionally write) its report.

    ``--out`` is checked before the first scene; if writing it still fails, the report is
    printed and kept beside it (see :func:`write_or_keep`). Ctrl-C prints the report of the
    scenes finished so far, then ends the command (exit status 130). Exit status 1 when the
    report had to be kept elsewhere than ``--out``.
    """
    if args.out is not None:
        check_writable(args.out)
    config = playtest_config(args.ruleset, args.variant, args.set, args.scenario)
    report = playtest(args.ruleset, args.scenes, args.crew, args.gm, seed=args.seed,
                      batch=args.batch, config=config, progress_bar=sys.stderr.isatty())
    if args.variant:
        report["variants"] = list(args.variant)
    if args.set or args.scenario:
        report["config_overrides"] = list(args.set) + ([f"{SCENARIO}={args.scenario}"]
                                                       if args.scenario else [])
    kept = args.out
    if args.out is not None:
        kept = write_or_keep(args.out, json.dumps(report, indent=2, sort_keys=True) + "\n", warn)
    print(json.dumps(report, indent=2) if args.json else "\n".join(format_report(report)))
    if report.get("interrupted"):
        raise KeyboardInterrupt
    return 0 if kept == args.out else 1


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
                    inline: bool = True) -> tuple[dict, np.ndarray]:
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

    Returns:
        ``(report, ended)``: the report (a JSON-ready dict) and the ended scenes' header
        columns (see :func:`play_scenes`), keyed by (env, episode): the same row is the same
        scene in every run with the same ``scenes`` and ``batch`` (paired comparisons).
    """
    from tqdm import tqdm

    from scenegym.agents import make_agent  # agents sit on top of the engine

    _check_range("--scenes", scenes, 1, MAX_SCENES)
    _check_range("--batch", batch, 1, MAX_BATCH)
    bar = tqdm(total=scenes, unit="scene", file=sys.stderr, disable=not progress_bar,
               desc=COMPILING)  # shown before the first compile
    rs = get_ruleset(ruleset)
    config = rs.config_type() if config is None else config
    seed = fresh_seed() if seed is None else int(seed)
    agents = {seat: make_agent(spec, ruleset, seat_seed(seed, seat), config, seat=seat)
              for seat, spec in ((CREW, crew), (GM, gm))}
    engine = SceneBatch(rs, config, min(batch, scenes), log_capacity=LOG_CAPACITY)
    rulestats = make_rulestats(ruleset, config)
    try:
        ended = play_scenes(engine, agents, scenes, seed, rulestats, inline=inline, bar=bar)
    except Interrupted as stop:
        if not len(stop.ended):
            raise KeyboardInterrupt from None
        ended = stop.ended
    report = {"ruleset": ruleset, "scenes": len(ended), "seed": seed, "batch": engine.num_envs,
              "crew": str(crew), "gm": str(gm)}
    if len(ended) < scenes:  # Ctrl-C: the scenes that ended first are the shorter ones
        report.update(interrupted=True, scenes_asked=scenes)
    report.update(scene_figures(ended[:, :len(ENDED_COLUMNS)]))
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


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`play_scenes`; ``ended`` holds the scenes finished before it."""

    def __init__(self, ended: np.ndarray):
        super().__init__()
        self.ended = ended


def _check_range(flag: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise ValueError(f"{flag} is {value}; allowed: {low}..{high}")


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat``, derived from the run's seed."""
    return int(mix64(np.uint64(seed) ^ np.uint64(SEAT_SALTS[seat])))


def scene_quota(scenes: int, num_envs: int) -> np.ndarray:
    """Scenes env ``i`` plays: ``scenes // num_envs``, plus one for the first remainder envs."""
    quota = np.full(num_envs, scenes // num_envs, np.int64)
    quota[: scenes % num_envs] += 1
    return quota


def scene_row(quota: np.ndarray) -> np.ndarray:
    """The row of env ``i``'s first scene among all scenes kept in (env, episode) order."""
    return np.concatenate([[0], np.cumsum(quota)[:-1]]).astype(np.int64)


def play_scenes(engine: SceneBatch, agents: dict, scenes: int, seed: int, rulestats,
                progress_bar: bool = False, inline: bool = True, bar=None) -> np.ndarray:
    """Play until every env has played its quota; returns the ended scenes' header columns.

    With compiled policies in both seats (and ``inline``), one compiled call plays every
    running scene to its end (or until the event log needs draining); otherwise each
    decision is a batch step with the agents asked in Python.

    Returns:
        int64[scenes, 4 + m]: result, decisions, lead changes and final margin of each scene
        (``ENDED_COLUMNS``), then the ruleset's own per-scene figures (the ``m`` names of its
        statistics' ``scene_columns``), keyed by (env, episode), not by the order the scenes
        ended: row ``scene_row(quota)[i] + k`` is episode ``k`` of env ``i``.

    ``bar`` is a tqdm bar to count the scenes on (default: one on stderr if
    ``progress_bar``); its description, until the first scenes are played, says that the
    rules are being compiled.

    Raises:
        Interrupted: Ctrl-C; it carries the scenes that ended before it.
    """
    from tqdm import tqdm

    quota = scene_quota(scenes, engine.num_envs)
    played = np.zeros(engine.num_envs, np.int64)
    own = len(scene_columns(rulestats))
    ended = np.zeros((scenes, len(ENDED_COLUMNS) + own), np.int64)
    first_row = scene_row(quota)
    finished = 0
    actions = np.zeros(engine.num_envs, np.int64)
    play = scene_player(engine, agents, inline)
    engine.reset(seed)
    if bar is None:
        bar = tqdm(total=scenes, unit="scene", file=sys.stderr, disable=not progress_bar,
                   desc=COMPILING)
    try:
        while finished < scenes:
            active = engine.state[:, OVER] == 0
            if not active.any():
                raise RuntimeError("no scene is running but the playtest is not finished")
            if play is None:
                choose_actions(engine, agents, actions, active)
                _, over, _ = engine.step(actions, active)
            else:
                over = play(active)
            rulestats.add_events(*drain_arrays(engine.log))
            done = np.flatnonzero(over)
            if done.size:
                rows = engine.state[done]
                keys = first_row[done] + rows[:, EPISODE]
                ended[keys, :len(ENDED_COLUMNS)] = rows[:, ENDED_COLUMNS]
                if own:
                    ended[keys, len(ENDED_COLUMNS):] = rulestats.scene_values(done, rows)
                rulestats.add_ended(rows)
                finished += done.size
                played[done] += 1
                engine.next_episode(over & (played < quota))
            _advance(bar, done.size)
    except KeyboardInterrupt:
        raise Interrupted(ended[:finished]) from None
    finally:
        bar.close()
    return ended


def scene_columns(rulestats) -> tuple[str, ...]:
    """Names of the per-scene figures a ruleset's statistics add to each ended scene's row."""
    return tuple(getattr(rulestats, "scene_columns", ()))


COMPILING = "loading the compiled rules (the first run compiles them: a minute or so)"


def _advance(bar, scenes: int) -> None:
    """Count ``scenes`` on the bar; the first call ends the compile step and starts the
    clock, so the rate and the time left leave the compile out."""
    if not bar.disable and bar.desc:
        bar.set_description_str("")
        bar.reset()
    bar.update(scenes)


def scene_player(engine: SceneBatch, agents: dict, inline: bool):
    """``active -> over``: plays the active envs' scenes to their end in one compiled call, or
    ``None`` when a seat's agent has no compiled policy (or ``inline`` is off)."""
    crew, gm = policy_of(agents[CREW]), policy_of(agents[GM])
    if not inline or crew is PYTHON or gm is PYTHON:
        return None
    kernel = engine.ruleset.kernels_with(crew, gm).play
    policy = policy_args(crew, gm)
    over = np.zeros(engine.num_envs, np.bool_)

    def play(active):
        kernel(engine.state, engine.params, engine.dice_arrays, engine.log_arrays,
               engine.env_ids, engine.masks, engine.obs, active, policy, over)
        return over

    return play


def scene_figures(ended: np.ndarray) -> dict:
    """Generic figures from the ended scenes' result, decisions, lead changes and margin."""
    result, decisions, swings, margin = ended.T
    n = result.shape[0]
    wins = int((result > 0).sum())  # a mission's result is its scenes won minus lost
    mean_d, ci_d = mean_ci(decisions)
    mean_l, ci_l = mean_ci(swings)
    mean_m, ci_m = mean_ci(margin)
    return {
        "crew_win_rate": wins / n,
        "crew_win_rate_ci": proportion_ci(wins, n),
        "results": frequency_table({"crew_won": wins, "crew_lost": int((result < 0).sum()),
                                    "cut_off": int((result == 0).sum())}),
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
        lines.insert(1, f"interrupted: {report['scenes']} of {report['scenes_asked']} scenes "
                        "finished (short scenes end first: figures lean toward them)")
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


