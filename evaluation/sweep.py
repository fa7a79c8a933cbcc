"""``scenegym sweep TARGET --field NAME --values ...``: each statistic against a config field.

One field (``--field max_moves --values 10 20 30``; ``--field scenario --values a.toml b.toml``
compares scenario files, or shipped scenarios by name) or a grid of two (a second ``--field`` and
``--values``): every combination is a playtest with the same seed, scenes and agents, so each
point is compared scene by scene with the first combination (paired intervals, see
:mod:`scenegym.evaluation.paired`). Prints a table and writes ``sweep.md``, ``sweep.json``
and one plot per statistic (95% interval bands; a line per value of the second field) to
``--out``, and ``sweep.html``: the table, the plots and the scenes shown of each point (see
:mod:`scenegym.common.html`), each file atomically.

``--agents`` plays the sweep under each of several pairings (``heuristic``, ``mcts:sims=200``
or ``CREW/GM``, instead of ``--crew`` and ``--gm``): each difference is shown per pairing, and
one whose sign or significance changes between pairings is flagged ``⚑`` in the tables and the
HTML, and listed (:mod:`scenegym.evaluation.pairings`).

Each point is a cell (:mod:`scenegym.common.cells`): kept in ``--out``/cells as soon as
it is played, so the same command started again (same ``--seed``) plays only the points not
kept yet. ``--ray`` plays the points as Ray tasks, one per CPU; the report is the same.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

from tqdm import tqdm

from scenegym.common import cells, options
from scenegym.common.files import check_writable_folder, save_figure
from scenegym.common.html import write_page
from scenegym.common.overrides import parse_item, parse_value
from scenegym.common.text import summary
from scenegym.envs.core.envid import SCENARIO
from scenegym.envs.core.files import atomic_write_json, atomic_write_text
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.rulesets import get_ruleset
from scenegym.evaluation import pairings
from scenegym.evaluation.paired import compare, format_difference
from scenegym.evaluation.playtest import playtest_scenes
from scenegym.evaluation.report import PLOTS, json_ready

MAX_FIELDS = 2


def sweep_points(config_type, fields: list[str], values: list[list[str]]) -> list[dict]:
    """Every combination of the fields' values, as ``{field: value}`` (first field slowest).

    Raises:
        ValueError: A field is unknown, given twice, or without its own ``--values``.
    """
    if not 1 <= len(fields) <= MAX_FIELDS:
        raise ValueError(f"--field given {len(fields)} times; allowed: 1 or {MAX_FIELDS}")
    if len(values) != len(fields):
        raise ValueError(f"each --field needs its own --values: got {len(fields)} --field "
                         f"and {len(values)} --values")
    if len(set(fields)) != len(fields):
        raise ValueError(f"--field {fields[0]!r} given twice")
    allowed = (*config_type.field_names(), SCENARIO)
    for name in fields:
        if name not in allowed:
            raise ValueError(f"--field {name!r} is not a config field; allowed: "
                             f"{', '.join(allowed)}")
    parsed = [[parse_item("--values", f"{name}={v}", name, v, config_type) for v in vs]
              for name, vs in zip(fields, values)]
    return [dict(zip(fields, combo)) for combo in itertools.product(*parsed)]


def point_name(point: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in point.items())


def sweep_cells(ruleset: str, points: list[dict], crew: str, gm: str, scenes: int,
                seed: int, workers: int | None = None) -> list[cells.Cell]:
    """One cell per point, keyed by everything that decides its scenes (``workers``, which
    does not, is a setting: see :func:`play_point`)."""
    return [cells.Cell(play_point, {"ruleset": ruleset, "point": {k: repr(v) for k, v in p.items()},
                                    "crew": crew, "gm": gm, "scenes": scenes, "seed": seed},
                       cells.file_tags(crew=crew, gm=gm), {"workers": workers})
            for p in points]


def play_point(ruleset: str, point: dict, crew: str, gm: str, scenes: int, seed: int,
               workers: int | None = None):
    """One cell of a sweep: the playtest of one point (values as Python literals), its
    scenes split over ``workers`` processes (see
    :func:`scenegym.evaluation.playtest.playtest_scenes`).

    Returns:
        ``(report, {"ended": ended scenes' figures})`` (see
        :func:`scenegym.evaluation.playtest.playtest_scenes`).
    """
    overrides = {k: parse_value(v) for k, v in point.items()}
    config = get_ruleset(ruleset).make_config(**overrides)
    report, ended = playtest_scenes(ruleset, scenes, crew, gm, seed=seed, config=config,
                                    workers=workers)
    if report.get("interrupted"):  # a cell is whole or not kept
        raise KeyboardInterrupt
    return report, {"ended": ended}


def merge(points: list[dict], played: list) -> dict:
    """``{point name: playtest report}`` from the cells' results, each paired with the first."""
    results, first = {}, None
    for p, (report, arrays) in zip(points, played):
        name = point_name(p)
        report["config_overrides"] = json_ready(p)
        if first is None:
            first = (name, arrays["ended"])
        else:
            report["paired"] = {"against": first[0],
                                "statistics": compare(arrays["ended"], first[1])}
        report["point"] = {k: v if isinstance(v, (bool, int, float, str)) else repr(v)
                           for k, v in p.items()}
        results[name] = report
    return results


def run_sweep(ruleset: str, points: list[dict], crew: str, gm: str, scenes: int,
              seed: int, out: Path, args=None) -> dict:
    """Play every point not kept in ``out``/cells yet (on Ray if ``args.ray``); the merged
    ``{point name: playtest report}`` (paired with the first point)."""
    args = args or argparse.Namespace(ray=False, address=None, workers=None)
    todo = sweep_cells(ruleset, points, crew, gm, scenes, seed, getattr(args, "workers", None))
    with tqdm(total=len(todo), unit="point", file=sys.stderr,
              disable=not sys.stderr.isatty()) as bar:
        played = cells.run_cells(todo, Path(out) / cells.CELLS_FOLDER, args,
                                 progress=lambda n, _: bar.update(n - bar.n))
    return merge(points, played)


def run_pairings(ruleset: str, points: list[dict], scenes: int, seed: int, refused: dict,
                 out: Path, args=None) -> dict:
    """:func:`run_sweep` under each pairing of ``refused`` (``{pairing: {point name:
    reason}}``, see :func:`scenegym.evaluation.pairings.refusals`), less the points it
    refuses: ``{pairing: {"points": {point name: playtest report}, "refused": {point name:
    reason}}}``."""
    results = {}
    for spec, skipped in refused.items():
        crew, gm = pairings.pairing_agents(spec)
        played = [p for p in points if point_name(p) not in skipped]
        results[spec] = {"points": run_sweep(ruleset, played, crew, gm, scenes, seed, out, args),
                         "refused": dict(skipped)}
    return results


def pairing_flips(results: dict) -> dict:
    """The differences from the first point whose class flips between the pairings (see
    :func:`scenegym.evaluation.pairings.flips`)."""
    return pairings.flips({p: {name: r["paired"]["statistics"]
                               for name, r in t["points"].items() if "paired" in r}
                           for p, t in results.items()})


def pairings_markdown(ruleset: str, fields: list[str], results: dict) -> str:
    """The sweep under each pairing (its flipped differences marked ⚑, its refused points
    listed), then the flips with their classes."""
    flipped = pairing_flips(results)
    parts = [markdown(ruleset, fields, t["points"], flipped,
                      f"# {ruleset} sweep over {' x '.join(fields)}, pairing {spec}")
             + "\n".join(pairings.refused_lines(t["refused"])) for spec, t in results.items()]
    return "\n".join(parts + pairings.flips_lines(flipped, list(results), "point")) + "\n"


def markdown(ruleset: str, fields: list[str], results: dict, flipped=frozenset(),
             heading: str = "") -> str:
    """The sweep as a markdown table: each figure with its interval, then the paired
    difference from the first point (marked ⚑ when ``(point, statistic)`` is of
    ``flipped``). ``heading``: the title (none: the sweep's fields)."""
    first = next(iter(results))
    r0 = results[first]
    lines = [heading or f"# {ruleset} sweep over {' x '.join(fields)}", "",
             f"crew {r0['crew']}, GM {r0['gm']}, {r0['scenes']} scenes per point, seed "
             f"{r0['seed']}; differences are paired against {first}", "",
             "| " + " | ".join(fields) + " | " + " | ".join(f"{label} [95% CI]" for _, label in PLOTS)
             + " | " + " | ".join(f"{label}: difference" for _, label in PLOTS) + " |",
             "|---" * (len(fields) + 2 * len(PLOTS)) + "|"]
    for name, r in results.items():
        cells = [str(r["point"][f]) for f in fields]
        cells += [f"{r[k]:.3f} [{r[k + '_ci'][0]:.3f}, {r[k + '_ci'][1]:.3f}]" for k, _ in PLOTS]
        cells += [pairings.flagged(format_difference(r["paired"]["statistics"][k]), name, k,
                                   flipped) if "paired" in r else "(base)" for k, _ in PLOTS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def plot(fields: list[str], results: dict, out: Path, prefix: str = "") -> list[Path]:
    """One plot per figure against the first field, a line and 95% band per second-field
    value (``<prefix><figure>.png``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    reports = list(results.values())
    xs = list(dict.fromkeys(r["point"][fields[0]] for r in reports))
    numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs)
    groups = list(dict.fromkeys(r["point"].get(fields[-1]) for r in reports)) if len(fields) > 1 else [None]
    written = []
    for key, label in PLOTS:
        fig, ax = plt.subplots(figsize=(6, 3.6))
        for g in groups:
            rows = [r for r in reports if g is None or r["point"][fields[-1]] == g]
            x = [r["point"][fields[0]] if numeric else xs.index(r["point"][fields[0]]) for r in rows]
            ax.plot(x, [r[key] for r in rows], marker="o",
                    label=None if g is None else f"{fields[-1]}={g}")
            ax.fill_between(x, [r[key + "_ci"][0] for r in rows], [r[key + "_ci"][1] for r in rows],
                            alpha=0.25)
        if not numeric:
            ax.set_xticks(range(len(xs)), [str(x) for x in xs])
        ax.set_xlabel(fields[0])
        ax.set_ylabel(label)
        ax.set_title(f"{label} (95% CI)")
        if len(groups) > 1:
            ax.legend(fontsize="small")
        written.append(save_figure(fig, out / f"{prefix}{key}.png"))
    return written


def add_parser(sub) -> None:
    """Add ``scenegym sweep``."""
    p = sub.add_parser("sweep", help="each statistic against one config field or a grid of two",
                       description=summary(__doc__))
    options.add(p, "target", "seed", "no_plots", "ray", "address", "agents", "workers",
                field={"required": True},
                values={"required": True}, crew={"default": "heuristic"},
                gm={"default": "heuristic"}, scenes={"default": 20_000},
                out={"required": True, "files": "sweep.md, sweep.json, sweep.html, the PNG "
                                                "plots and cells/ (each point as it ends)"})
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the sweep and write the table, the JSON and the plots."""
    args.ruleset = options.ruleset_of(args.target)
    rs = get_ruleset(args.ruleset)
    points = sweep_points(rs.config_type, args.field, args.values)
    configs = {point_name(p): rs.make_config(**p) for p in points}  # a bad value: refused now
    refused = pairings.refusals(args.ruleset, args.agents, configs)
    check_writable_folder(args.out)
    cells.check_runner(args)
    seed = fresh_seed() if args.seed is None else args.seed
    if args.seed is None:
        print(f"scenegym sweep: seed {seed} (give --seed {seed} to resume this sweep if it "
              "stops)", file=sys.stderr)
    if args.agents:
        return write_pairings(args, run_pairings(args.ruleset, points, args.scenes, seed,
                                                 refused, args.out, args))
    results = run_sweep(args.ruleset, points, args.crew, args.gm, args.scenes, seed, args.out,
                        args)
    figures = [] if args.no_plots else plot(args.field, results, args.out)
    return write_outputs(args, markdown(args.ruleset, args.field, results), results, figures,
                         results)


def write_pairings(args: argparse.Namespace, results: dict) -> int:
    """``--agents``: the sweep under every pairing and the flips (``sweep.json``: ``{"pairings",
    "flips"}``; plots ``<k>-<figure>.png`` for pairing ``k``)."""
    figures = [] if args.no_plots else [
        f for k, t in enumerate(results.values())
        for f in plot(args.field, t["points"], args.out, f"{k}-")]
    data = {"pairings": results, "flips": pairings.flips_json(pairing_flips(results), "point")}
    shown = {f"{name} ({spec})": r for spec, t in results.items()
             for name, r in t["points"].items()}
    return write_outputs(args, pairings_markdown(args.ruleset, args.field, results), data,
                         figures, shown)


def write_outputs(args: argparse.Namespace, text: str, data: dict, figures: list,
                  shown: dict) -> int:
    """Write ``sweep.md``, ``sweep.json`` and ``sweep.html`` (``shown``: ``{name: report}``
    whose scenes it shows), and print the table."""
    atomic_write_text(args.out / "sweep.md", text)
    atomic_write_json(args.out / "sweep.json", data)
    write_page(args.out / "sweep.html", f"{args.ruleset} sweep", text, figures, shown)
    print(text)
    return 0
