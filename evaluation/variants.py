"""``scenegym variants TARGET``: every named Variant of the rules against the default, paired.

The variant table a designer asks for ("what does the 2-AP variant do to encounter length and
lethality?"): the default rules and each variant (all of the ruleset's named variants, or
those given with ``--variant``) play the same scenes (one seed, scene count and batch: the
same dice streams and agent randomness scene by scene, see
:mod:`scenegym.evaluation.paired`). For each variant and each statistic, the change from the
default is the mean of the per-scene differences with its paired 95% interval.

Statistics per scene: decisions and crew wins (every ruleset), then the ruleset's own per-scene
figures (frontiers: Rounds, PCs and enemies knocked out, PCs and enemies killed).

``--agents`` plays the whole table under each of several pairings (``heuristic``, ``mcts:sims=200``,
or ``CREW/GM``), on the same scenes: a conclusion drawn under one pairing may not hold under
stronger play. Each change is then shown per pairing, and a change whose class (up, down, or
no significant change: the paired 95% interval above 0, below 0, or holding 0) differs
between pairings is flagged ``⚑`` in the table, and listed with its classes; a variant a
pairing's agents refuse (the search and hidden simultaneous declarations) is listed as
refused, with the reason (:mod:`scenegym.evaluation.pairings`). ``--scenario``
and ``--set`` change the base both arms share. Writes ``variants.md``, ``variants.json`` and
``variants.png`` (each statistic's change per variant, with interval bars) to ``--out``, each
atomically; ``--out`` and every variant are checked before the first scene. Ctrl-C writes the
variants finished so far.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from scenegym.common import options
from scenegym.common.files import (
    check_outputs,
    save_figure,
    write_or_keep,
)
from scenegym.common.scenes import ENDED_COLUMNS, scene_columns
from scenegym.common.text import summary
from scenegym.common.where import workers_option
from scenegym.envs.core.header_columns import DECISIONS, RESULT
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.rulesets import get_ruleset, make_rulestats, ruleset_names
from scenegym.evaluation import pairings
from scenegym.evaluation.paired import paired_difference
from scenegym.evaluation.playtest import DEFAULT_BATCH, playtest_config, warn, whole_arm

BASE = "default"
GENERIC = {  # statistic -> per-scene value from the ended scenes' generic columns
    "decisions": lambda ended: ended[:, ENDED_COLUMNS.index(DECISIONS)],
    "crew_wins": lambda ended: ended[:, ENDED_COLUMNS.index(RESULT)] > 0,
}


def statistics(ruleset: str, config) -> dict:
    """``{name: ended -> float[n]}``: the generic statistics, then the ruleset's own columns."""
    own = scene_columns(make_rulestats(ruleset, config))
    stats = {name: (lambda ended, f=f: np.asarray(f(ended), np.float64))
             for name, f in GENERIC.items()}
    for k, name in enumerate(own):
        stats[name] = lambda ended, col=len(ENDED_COLUMNS) + k: ended[:, col].astype(np.float64)
    return stats


def variant_names(ruleset: str) -> tuple[str, ...]:
    """Every named variant of ``ruleset`` (refused when it has none)."""
    config_type = get_ruleset(ruleset).config_type
    if not hasattr(config_type, "variant_names"):
        raise ValueError(f"ruleset {ruleset!r} has no named variants; rulesets with them: "
                         f"{', '.join(r for r in ruleset_names() if has_variants(r))}")
    return config_type.variant_names()


def has_variants(ruleset: str) -> bool:
    return hasattr(get_ruleset(ruleset).config_type, "variant_names")


def arm_configs(ruleset: str, variants, sets=(), scenario=None) -> dict:
    """``{arm: config}``: the default (the scenario and ``--set`` items) and each variant on
    top of it, every config built (and so checked) before anything is played."""
    names = list(variants) or list(variant_names(ruleset))
    unknown = sorted(set(names) - set(variant_names(ruleset)))
    if unknown:
        raise ValueError(f"--variant {unknown[0]!r} is not a variant of {ruleset}; allowed: "
                         f"{', '.join(variant_names(ruleset))}")
    if len(set(names)) != len(names):
        raise ValueError("--variant: a variant is given twice")
    arms = {BASE: playtest_config(ruleset, (), sets, scenario)}
    for name in names:
        try:
            arms[name] = playtest_config(ruleset, [name], sets, scenario)
        except ValueError as err:
            raise ValueError(f"variant {name!r} cannot apply to this base: {err}") from None
    return arms


def run_variants(ruleset: str, arms: dict, scenes: int, seed: int, crew="heuristic",
                 gm="heuristic", batch: int = DEFAULT_BATCH, results=None,
                 progress_bar: bool = False, workers: int | None = None) -> dict:
    """Play every arm on the same scenes (each split over ``workers`` processes: see
    :func:`scenegym.evaluation.playtest.playtest_scenes`); the table as a JSON-ready dict.

    Returns:
        ``{"ruleset", "seed", "scenes", "batch", "crew", "gm", "statistics", "base": {stat:
        mean}, "variants": {name: {stat: {"mean", "difference", "paired_ci", "unpaired_ci",
        "width_ratio"}}}}``. ``results``, if given, is that dict, filled variant by variant,
        so a caller keeps the variants finished before an interrupt.
    """
    results = {} if results is None else results
    stats = statistics(ruleset, arms[BASE])
    results.update(ruleset=ruleset, seed=seed, scenes=scenes, crew=str(crew), gm=str(gm),
                   statistics=list(stats), variants={})
    base_ended = None
    for name, config in arms.items():
        report, ended = whole_arm(ruleset, scenes, crew, gm, seed=seed, batch=batch,
                                  config=config, progress_bar=progress_bar, workers=workers)
        values = {key: f(ended) for key, f in stats.items()}
        if base_ended is None:
            base_ended = values
            results.update(batch=report["batch"], base={k: float(v.mean()) for k, v in values.items()})
            continue
        results["variants"][name] = {
            key: {"mean": float(values[key].mean()),
                  **paired_difference(values[key], base_ended[key])} for key in stats}
    return results


def flips(tables: dict) -> dict:
    """``{(variant, statistic): {pairing: class}}`` of the changes whose class differs between
    the pairings' tables (see :func:`scenegym.evaluation.pairings.flips`)."""
    return pairings.flips({p: t["variants"] for p, t in tables.items()})


def run_pairings(ruleset: str, arms: dict, scenes: int, seed: int, refused: dict,
                 batch: int, tables: dict, progress_bar: bool = False,
                 workers: int | None = None) -> dict:
    """:func:`run_variants` under each pairing of ``refused`` (``{pairing: {variant:
    reason}}``, see :func:`scenegym.evaluation.pairings.refusals`), less the variants it
    refuses (kept with their reasons as ``refused``); ``tables``: ``{pairing: table}``,
    filled pairing by pairing."""
    for spec, skipped in refused.items():
        crew, gm = pairings.pairing_agents(spec)
        tables[spec] = {}
        run_variants(ruleset, {k: c for k, c in arms.items() if k not in skipped}, scenes,
                     seed, crew, gm, batch, tables[spec], progress_bar,
                     workers)
        tables[spec]["refused"] = dict(skipped)
    return tables


def pairings_markdown(tables: dict) -> str:
    """Each pairing's table, its flipped cells marked ⚑ and its refused variants listed,
    then the flips with their classes."""
    flipped = flips(tables)
    parts = [markdown(table, flipped) for table in tables.values()]
    lines = pairings.flips_lines(flipped, list(tables), "variant", label)
    return "\n".join(parts) + "\n".join(lines) + "\n"


def label(statistic: str) -> str:
    """``pcs_knocked_out`` -> ``PCs knocked out``."""
    return statistic.replace("_", " ").replace("pcs", "PCs")


def cell(d: dict) -> str:
    """``-0.41 [-0.47, -0.35]``."""
    lo, hi = d["paired_ci"]
    return f"{d['difference']:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def markdown(results: dict, flagged=frozenset()) -> str:
    """The table: the default's means, then each variant's paired change from them; a
    ``(variant, statistic)`` of ``flagged`` is marked ⚑ (it flips between pairings)."""
    stats = results["statistics"]
    lines = [f"# {results['ruleset']} variants against the default rules", "",
             f"crew {results['crew']}, GM {results['gm']}, {results['scenes']} scenes per arm, "
             f"seed {results['seed']}, batch {results['batch']}: every arm plays the same scenes "
             "(dice and agent randomness); each cell is the variant's mean per scene minus the "
             "default's, with its paired 95% interval.", "",
             "| variant | " + " | ".join(label(s) for s in stats) + " |",
             "|---" * (1 + len(stats)) + "|",
             f"| {BASE} (mean) | " + " | ".join(f"{results['base'][s]:.3f}" for s in stats) + " |"]
    for name, row in results["variants"].items():
        lines.append(f"| {name} | " + " | ".join(
            pairings.flagged(cell(row[s]), name, s, flagged) for s in stats) + " |")
    return "\n".join(lines + pairings.refused_lines(results.get("refused", {}))) + "\n"


def plot(results: dict, path: Path) -> Path:
    """One figure: a panel per statistic, each variant's change with its interval bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(results["variants"])
    stats = results["statistics"]
    fig, axes = plt.subplots(1, len(stats), figsize=(2.6 * len(stats), 1.2 + 0.32 * len(names)),
                             sharey=True, squeeze=False)
    y = np.arange(len(names))
    for ax, stat in zip(axes[0], stats):
        rows = [results["variants"][n][stat] for n in names]
        diff = np.array([r["difference"] for r in rows])
        err = np.array([[r["difference"] - r["paired_ci"][0] for r in rows],
                        [r["paired_ci"][1] - r["difference"] for r in rows]])
        ax.errorbar(diff, y, xerr=err, fmt="o", color="#4C72B0", capsize=3)
        ax.axvline(0.0, color="grey", linewidth=0.8)
        ax.set_title(f"{label(stat)}\n(default {results['base'][stat]:.2f})", fontsize="small")
    axes[0][0].set_yticks(y, names)
    axes[0][0].invert_yaxis()
    fig.suptitle(f"{results['ruleset']}: change from the default per scene (paired 95% CI)",
                 fontsize="medium")
    return save_figure(fig, path)


def add_parser(sub) -> None:
    """Add ``scenegym variants``."""
    p = sub.add_parser("variants", help="every named variant against the default rules, paired",
                       description=summary(__doc__))
    options.add(p, "target", "seed", "variant", "scenario", "set", "no_plots", "agents",
                "workers", "ray", "address",
                scenes={"default": 20_000}, crew={"default": "heuristic"},
                gm={"default": "heuristic"}, batch={"default": DEFAULT_BATCH},
                out={"required": True, "files": "variants.md, variants.json and variants.png"})
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check everything, play every arm, write the table (what finished, on Ctrl-C)."""
    args.ruleset = options.ruleset_of(args.target)
    args.workers = workers_option(args)  # where the arms play: checked before any output
    check_outputs(args)
    arms = arm_configs(args.ruleset, args.variant, args.set, args.scenario)
    seed = fresh_seed() if args.seed is None else args.seed
    if args.agents:
        return run_pairing_tables(args, arms, seed)
    results: dict = {}
    try:
        run_variants(args.ruleset, arms, args.scenes, seed, args.crew, args.gm, args.batch,
                     results, sys.stderr.isatty(), args.workers)
    except KeyboardInterrupt:
        if results.get("variants"):
            warn(f"interrupted: {len(results['variants'])} of {len(arms) - 1} variants finished")
            write_table(args.out, results, plots=False)
        raise
    return 0 if write_table(args.out, results, plots=not args.no_plots) else 1


def write_table(out: Path, results: dict, plots: bool) -> bool:
    """Write ``variants.md`` and ``variants.json`` (kept elsewhere if that fails), the figure,
    and print the table; True when both went into ``out``."""
    text = markdown(results)
    targets = (out / "variants.md", out / "variants.json")
    written = (write_or_keep(targets[0], text, warn),
               write_or_keep(targets[1], json.dumps(results, indent=2) + "\n",
                             warn))
    if plots and written == targets:
        plot(results, out / "variants.png")
    print(text)
    return written == targets


def run_pairing_tables(args: argparse.Namespace, arms: dict, seed: int) -> int:
    """``--agents``: the table under every pairing, flips flagged (what finished, on Ctrl-C)."""
    refused = pairings.refusals(args.ruleset, args.agents, arms)  # before the first scene
    tables: dict = {}
    try:
        run_pairings(args.ruleset, arms, args.scenes, seed, refused, args.batch, tables,
                     sys.stderr.isatty(), args.workers)
    except KeyboardInterrupt:
        done = {p: t for p, t in tables.items() if "refused" in t}
        if done:
            warn(f"interrupted: {len(done)} of {len(args.agents)} pairings finished")
            write_pairings(args.out, done, plots=False)
        raise
    return 0 if write_pairings(args.out, tables, plots=not args.no_plots) else 1


def write_pairings(out: Path, tables: dict, plots: bool) -> bool:
    """Write ``variants.md`` (every pairing's table and the flips), ``variants.json`` and a
    figure per pairing (``variants-<k>.png``); True when both files went into ``out``."""
    text = pairings_markdown(tables)
    data = {"pairings": tables, "flips": pairings.flips_json(flips(tables), "variant")}
    targets = (out / "variants.md", out / "variants.json")
    written = (write_or_keep(targets[0], text, warn),
               write_or_keep(targets[1], json.dumps(data, indent=2) + "\n", warn))
    if plots and written == targets:
        for k, table in enumerate(tables.values()):
            plot(table, out / f"variants-{k}.png")
    print(text)
    return written == targets
