"""``scenegym report``: compare rule variants and agents side by side, with intervals and plots.

Each ``--arm NAME=SPEC`` is one playtest: ``SPEC`` is comma-separated ``key=value`` pairs,
where ``crew`` and ``gm`` name the agents, ``scenario`` a content file (sta, frontiers) and
any other key is a config field of the ruleset
(``--arm "final=crew=heuristic,clock_by_situation=(4,4,4)"``). Every arm uses the same seed,
so the arms face the same dice where their rules agree (common random numbers): each arm's
difference from the first arm is estimated scene by scene, with its paired interval and how
many times narrower it is than the unpaired one (:mod:`scenegym.evaluation.paired`).

Writes ``report.md``, ``report.json``, PNG plots and ``report.html`` (one self-contained page:
the tables, the plots inside it, and per arm the transcripts of its longest, shortest, most
lopsided and a few sampled scenes with the ``scenegym replay`` command of each) to ``--out``,
each file atomically.
``--agents`` plays every arm under each of several pairings (``heuristic``, ``mcts:sims=200``
or ``CREW/GM``; an arm then names no ``crew`` or ``gm``): each difference is shown per
pairing, and one whose sign or significance changes between pairings is flagged ``⚑`` in the
tables and the HTML, and listed (:mod:`scenegym.evaluation.pairings`).
Every arm and ``--out`` are checked before the first scene; if writing still fails, the
report is printed and kept beside it. Ctrl-C prints the arms finished so far.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scenegym.common import options
from scenegym.common.files import (
    check_outputs,
    save_figure,
    write_or_keep,
)
from scenegym.common.html import write_page
from scenegym.common.overrides import parse_item, split_items
from scenegym.common.text import summary
from scenegym.common.where import workers_option
from scenegym.envs.core.envid import SCENARIO
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.rulesets import get_ruleset
from scenegym.evaluation import pairings
from scenegym.evaluation.paired import SCENE_VALUES, compare, format_difference
from scenegym.evaluation.playtest import format_ruleset_stats, warn, whole_arm
from scenegym.evaluation.shown import shown_scenes

PLOTS = (("crew_win_rate", "crew win rate"), ("mean_decisions", "decisions per scene"),
         ("mean_lead_changes", "lead changes per scene"), ("mean_final_margin", "final margin"))


def parse_arm(text: str, config_type, seats: bool = True) -> tuple[str, dict, dict]:
    """``NAME=key=value,...`` -> (name, agents, config overrides); refuses unknown keys, and
    ``crew`` and ``gm`` unless ``seats`` (under ``--agents`` the pairings name the agents)."""
    name, sep, spec = text.partition("=")
    if not sep or not name:
        raise ValueError(f"--arm {text!r}: expected NAME=key=value,... (e.g. base=crew=heuristic)")
    agents, overrides = {"crew": "heuristic", "gm": "heuristic"}, {}
    for item in split_items(spec):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--arm {name}: {item!r} is not key=value")
        if key in agents and not seats:
            raise ValueError(f"--arm {name}: {key}= is not allowed with --agents (the pairings "
                             "name the agents); allowed: config fields and scenario")
        if key in agents:
            agents[key] = value
        elif key in config_type.field_names() or key == SCENARIO:
            overrides[key] = parse_item("--arm", item, key, value, config_type)
        else:
            raise ValueError(f"--arm {name}: unknown key {key!r}; allowed: crew, gm, "
                             f"{', '.join(config_type.field_names())}, {SCENARIO}")
    return name, agents, overrides


def parse_arms(ruleset: str, arms: list[str], scenario: str | None = None,
               seats: bool = True) -> dict:
    """``{name: (agents, overrides, config)}`` of every arm, checked before any is played;
    ``scenario`` is the scenario of every arm that names none of its own; ``seats``: whether
    an arm may name its agents (see :func:`parse_arm`).

    Raises:
        ValueError: An arm is malformed, its config invalid, or two arms share a name.
    """
    rs = get_ruleset(ruleset)
    parsed = {}
    for text in arms:
        name, agents, overrides = parse_arm(text, rs.config_type, seats)
        if scenario is not None:
            overrides.setdefault(SCENARIO, scenario)
        if name in parsed:
            raise ValueError(f"--arm {name!r} is given twice; each arm needs its own name")
        parsed[name] = (agents, overrides, rs.make_config(**overrides))
    return parsed


def run_arms(ruleset: str, arms: list[str], scenes: int, seed: int, results=None,
             progress_bar: bool = False, scenario: str | None = None,
             workers: int | None = None) -> dict:
    """Play every arm; returns ``{arm name: playtest report}``.

    Every arm after the first also carries ``paired``: its differences from the first arm,
    scene by scene (see :func:`scenegym.evaluation.paired.compare`). ``results``, if given,
    is filled arm by arm, so a caller keeps the arms finished before an interrupt.
    ``scenario`` is the scenario of every arm that names none of its own. ``workers``: the
    worker processes of each arm (see :func:`scenegym.evaluation.playtest.playtest_scenes`).
    """
    parsed = parse_arms(ruleset, arms, scenario)
    return play_arms(ruleset, {name: (agents, config, overrides)
                               for name, (agents, overrides, config) in parsed.items()},
                     scenes, seed, results, progress_bar, workers)


def play_arms(ruleset: str, arms: dict, scenes: int, seed: int, results=None,
              progress_bar: bool = False, workers: int | None = None) -> dict:
    """Play ``{name: (agents, config, overrides)}`` with one seed; pair each with the first.

    An arm cut short by Ctrl-C raises ``KeyboardInterrupt`` and is left out of ``results``,
    which keeps the arms that finished before it.

    Each report also carries ``scenes_shown`` (see :func:`scenegym.evaluation.shown.shown_scenes`).
    """
    results = {} if results is None else results
    first = None
    for name, (agents, config, overrides) in arms.items():
        report, ended = whole_arm(ruleset, scenes, agents["crew"], agents["gm"], seed=seed,
                                  config=config, progress_bar=progress_bar, workers=workers)
        report["config_overrides"] = json_ready(overrides)
        report["scenes_shown"] = shown_scenes(report, ended, config, overrides)
        if first is None:
            first = (name, ended)
        else:
            report["paired"] = {"against": first[0], "statistics": compare(ended, first[1])}
        results[name] = report
    return results


def run_pairings(ruleset: str, parsed: dict, scenes: int, seed: int, refused: dict,
                 results: dict, progress_bar: bool = False, workers: int | None = None) -> dict:
    """Every arm of ``parsed`` (see :func:`parse_arms`) under each pairing of ``refused``
    (``{pairing: {arm: reason}}``, see :func:`scenegym.evaluation.pairings.refusals`), less
    the arms it refuses, each arm's scenes split over ``workers`` processes.

    Returns:
        ``results``, filled pairing by pairing: ``{pairing: {"arms": {arm: playtest
        report}, "refused": {arm: reason}}}``; a pairing cut short by Ctrl-C is left out.
    """
    for spec, skipped in refused.items():
        agents = dict(zip(pairings.SEATS, pairings.pairing_agents(spec)))
        arms = play_arms(ruleset, {name: (agents, config, overrides)
                                   for name, (_, overrides, config) in parsed.items()
                                   if name not in skipped}, scenes, seed, None, progress_bar,
                          workers)
        results[spec] = {"arms": arms, "refused": dict(skipped)}
    return results


def pairing_flips(results: dict) -> dict:
    """The differences from the first arm whose class flips between the pairings (see
    :func:`scenegym.evaluation.pairings.flips`)."""
    return pairings.flips({p: {arm: r["paired"]["statistics"] for arm, r in t["arms"].items()
                               if "paired" in r} for p, t in results.items()})


def json_ready(overrides: dict) -> dict:
    """Config changes as a report names them: numbers, flags and text as they are, else repr."""
    return {k: v if isinstance(v, (bool, int, str)) else repr(v) for k, v in overrides.items()}


def markdown(ruleset: str, results: dict, flipped=frozenset(), heading: str = "") -> str:
    """The report as a markdown table plus one line per arm's settings; a difference of
    ``flipped`` (``(arm, statistic)``) is marked ⚑. ``heading``: the title (none: the
    ruleset's report)."""
    figures = " | ".join(f"{label} [95% CI]" for _, label in PLOTS)
    header = f"| arm | crew | GM | scenes | {figures} |"
    lines = [heading or f"# {ruleset} report", "", header, "|---" * (4 + len(PLOTS)) + "|"]
    for name, r in results.items():
        cells = [f"{r[key]:.3f} [{r[key + '_ci'][0]:.3f}, {r[key + '_ci'][1]:.3f}]"
                 for key, _ in PLOTS]
        lines.append(f"| {name} | {r['crew']} | {r['gm']} | {r['scenes']} | " + " | ".join(cells) + " |")
    lines.append("")
    for name, r in results.items():
        lines.append(f"- **{name}**: seed {r['seed']}, config changes {r['config_overrides'] or 'none'}")
    return "\n".join(lines + paired_lines(results, flipped) + ruleset_lines(results)) + "\n"


def pairings_markdown(ruleset: str, results: dict) -> str:
    """The report under each pairing (its flipped differences marked ⚑, its refused arms
    listed), then the flips with their classes."""
    flipped = pairing_flips(results)
    parts = [markdown(ruleset, t["arms"], flipped, f"# {ruleset} report, pairing {spec}")
             + "\n".join(pairings.refused_lines(t["refused"]))
             for spec, t in results.items()]
    return "\n".join(parts + pairings.flips_lines(flipped, list(results), "arm")) + "\n"


def ruleset_lines(results: dict) -> list[str]:
    """Each arm's own ruleset statistics (Threat by round, spends, ...), as plain text."""
    lines = []
    for name, r in results.items():
        stats = format_ruleset_stats(r.get("ruleset_stats", {}))
        if stats:
            lines += ["", f"## {name}: the ruleset's statistics", "", "```", *stats, "```"]
    return lines


def paired_lines(results: dict, flipped=frozenset()) -> list[str]:
    """A table of each arm's difference from the first arm, scene by scene (none for one
    arm); a difference of ``flipped`` is marked ⚑."""
    paired = {name: r["paired"] for name, r in results.items() if "paired" in r}
    if not paired:
        return []
    first = next(iter(paired.values()))["against"]
    lines = ["", f"## Differences from {first}, scene by scene (paired 95% CI)", "",
             "| arm | " + " | ".join(SCENE_VALUES) + " |", "|---" * (1 + len(SCENE_VALUES)) + "|"]
    for name, p in paired.items():
        cells = [pairings.flagged(format_difference(p["statistics"][key]), name, key, flipped)
                 for key in SCENE_VALUES]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def plot(results: dict, out: Path, prefix: str = "") -> list[Path]:
    """One bar chart with 95% interval whiskers per figure (``<prefix><figure>.png``);
    returns the files written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(results)
    written = []
    for key, label in PLOTS:
        values = [results[n][key] for n in names]
        lo = [v - results[n][key + "_ci"][0] for n, v in zip(names, values)]
        hi = [results[n][key + "_ci"][1] - v for n, v in zip(names, values)]
        fig, ax = plt.subplots(figsize=(1.6 + 1.2 * len(names), 3.2))
        ax.bar(names, values, yerr=[lo, hi], capsize=6, color="#4C72B0")
        ax.set_ylabel(label)
        ax.set_title(f"{label} (95% CI)")
        written.append(save_figure(fig, out / f"{prefix}{key}.png"))
    return written


def add_parser(sub) -> None:
    """Add ``scenegym report``."""
    p = sub.add_parser("report", help="compare variants/agents: markdown, JSON and plots",
                       description=summary(__doc__))
    options.add(p, "target", "scenario", "seed", "no_plots", "agents", "workers", "ray", "address",
                arm={"required": True},
                scenes={"default": 20_000},
                out={"required": True, "files": "report.md, report.json, report.html and the "
                                                "PNG plots"})
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the arms and write the report (what finished, on Ctrl-C)."""
    args.ruleset = options.ruleset_of(args.target)
    workers = workers_option(args)
    check_outputs(args)
    parsed = parse_arms(args.ruleset, args.arm, args.scenario, seats=not args.agents)
    import markdown  # noqa: F401  (the report extra: refused before any scene)
    seed = fresh_seed() if args.seed is None else args.seed
    bar = sys.stderr.isatty()
    if args.agents:  # every pairing refused now or played: before the first scene
        refused = pairings.refusals(args.ruleset, args.agents,
                                    {name: config for name, (_, _, config) in parsed.items()})
        return play_then_write(args, lambda results: run_pairings(
            args.ruleset, parsed, args.scenes, seed, refused, results, bar, workers),
            write_pairing_reports, "pairings", len(args.agents))
    return play_then_write(args, lambda results: run_arms(
        args.ruleset, args.arm, args.scenes, seed, results, bar, args.scenario, workers),
        write_report, "arms", len(args.arm))


def play_then_write(args, play, write, unit: str, total: int) -> int:
    """``play(results)`` (filling ``results``), then ``write(args, results, plots)``; on
    Ctrl-C, the ``unit`` (arms, pairings) finished so far are written and the interrupt goes
    on."""
    results: dict = {}
    try:
        play(results)
    except KeyboardInterrupt:
        if results:
            warn(f"interrupted: {len(results)} of {total} {unit} finished")
            write(args, results, plots=False)
        raise
    return 0 if write(args, results, plots=not args.no_plots) else 1


def write_report(args, results: dict, plots: bool) -> bool:
    """Write ``report.md`` and ``report.json`` (kept elsewhere if that fails), then the plots
    and ``report.html``, and print the report; True when all went into ``--out``."""
    return write_files(args, markdown(args.ruleset, results), results,
                       lambda: plot(results, args.out) if plots else [], results)


def write_files(args, text: str, data: dict, figures, shown: dict) -> bool:
    """Write ``text`` as ``report.md`` and ``data`` as ``report.json`` (kept elsewhere if
    that fails), then ``figures()`` (the plots written) and ``report.html`` with the scenes of
    ``shown`` (``{name: report}``); print ``text``; True when all went into ``--out``."""
    targets = (args.out / "report.md", args.out / "report.json")
    written = (write_or_keep(targets[0], text, warn),
               write_or_keep(targets[1], json.dumps(data, indent=2, sort_keys=True) + "\n",
                             warn))
    if written == targets:
        write_page(args.out / "report.html", f"{args.ruleset} report", text, figures(), shown)
    print(text)
    return written == targets


def write_pairing_reports(args, results: dict, plots: bool) -> bool:
    """Write ``report.md`` (every pairing's report and the flips), ``report.json``
    (``{"pairings", "flips"}``), the plots (``<k>-<figure>.png`` for pairing ``k``) and
    ``report.html``; print the report; True when all went into ``--out``."""
    data = {"pairings": results,
            "flips": pairings.flips_json(pairing_flips(results), "arm")}
    shown = {f"{arm} ({spec})": r for spec, t in results.items() for arm, r in t["arms"].items()}
    return write_files(args, pairings_markdown(args.ruleset, results), data,
                       lambda: [f for k, t in enumerate(results.values())
                                for f in plot(t["arms"], args.out, f"{k}-")] if plots else [],
                       shown)
