"""``scenegym tune TARGET --field NAME --goal STAT=VALUE``: the value of a config field that
brings a playtest statistic to a target.

Every candidate value is a playtest of the same seed, scenes and agents (common random
numbers: scene ``j`` is the same scene at every value, so neighbouring values differ by the
field alone), kept as a cell in ``--out``/cells as it ends, so a stopped tune started again
plays only the values not kept yet (:mod:`scenegym.common.cells`).

The search (``--range LO:HI``; an integer field searches integers, a real one reals):

- one target: the statistic is taken to move one way with the field (a designer's field, such
  as Threat, usually does; the ends are checked). Both ends are played first; a target the
  range cannot reach is refused with the reachable range. Then bisection, which needs no more
  than that and keeps every step's scenes common: it stops at the first value whose 95%
  interval holds the target, or when the bracket is one integer (or ``--tolerance`` wide);
  the chosen value is the played one nearest the target. Optimisers such as scipy's
  ``minimize_scalar`` assume a smooth function, and a statistic over a fixed set of scenes is
  a step function of the field: bisection on the sign is exact for it.
- several targets (``--goal crew_win_rate=0.6 --goal mean_decisions=120:0.5``, a weight
  after the colon): the weighted sum of squared distances, each in units of its statistic's
  interval half-width at the value, is minimised by golden-section search over the range
  (integers: over the integers), ``--evaluations`` at most.

Writes ``tune.md``, ``tune.json``, ``tune.html`` and one plot per statistic (the statistic
against the field with its 95% band, the target and the chosen value) to ``--out``.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from scenegym.common import cells, options
from scenegym.common.files import check_writable_folder, save_figure
from scenegym.common.html import write_page
from scenegym.common.text import summary
from scenegym.envs.core.files import atomic_write_json, atomic_write_text
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.rulesets import get_ruleset
from scenegym.evaluation.report import PLOTS
from scenegym.evaluation.sweep import sweep_cells

STATISTICS = dict(PLOTS)  # the statistics a report plots, by key: their labels
GOLDEN = (math.sqrt(5) - 1) / 2


@dataclass(frozen=True)
class Aim:
    """One target: a statistic, its value and its weight."""

    statistic: str
    value: float
    weight: float = 1.0


def parse_aim(text: str) -> Aim:
    """``crew_win_rate=0.6`` or ``mean_decisions=120:0.5`` -> :class:`Aim`."""
    name, sep, rest = text.partition("=")
    value, _, weight = rest.partition(":")
    if not sep or name not in STATISTICS:
        raise ValueError(f"--goal {text!r}: expected STAT=VALUE[:WEIGHT] with STAT one of "
                         f"{', '.join(STATISTICS)}")
    try:
        aim = Aim(name, float(value), float(weight) if weight else 1.0)
    except ValueError:
        raise ValueError(f"--goal {text!r}: VALUE and WEIGHT must be numbers") from None
    if not (math.isfinite(aim.value) and aim.weight > 0):
        raise ValueError(f"--goal {text!r}: VALUE must be finite and WEIGHT above 0")
    return aim


def parse_range(text: str, integer: bool) -> tuple[float, float]:
    """``0:30`` -> ``(0, 30)`` (ints for an integer field)."""
    lo, sep, hi = text.partition(":")
    kind = int if integer else float
    try:
        low, high = kind(lo), kind(hi)
    except ValueError:
        raise ValueError(f"--range {text!r}: expected LO:HI, {kind.__name__}s") from None
    if not sep or not low < high:
        raise ValueError(f"--range {text!r}: expected LO:HI with LO below HI")
    return low, high


class Tuner:
    """Plays candidate values (each a cell, kept in ``folder``) and remembers them."""

    def __init__(self, ruleset: str, field: str, base: dict, crew: str, gm: str, scenes: int,
                 seed: int, folder: Path, integer: bool):
        self.ruleset, self.field, self.base = ruleset, field, base
        self.crew, self.gm, self.scenes, self.seed = crew, gm, scenes, seed
        self.folder, self.integer = folder, integer
        self.played: dict[float, dict] = {}

    def report(self, value) -> dict:
        """The playtest report at ``value`` (played once, then kept)."""
        value = int(round(value)) if self.integer else float(value)
        if value not in self.played:
            point = {**self.base, self.field: value}
            cell = sweep_cells(self.ruleset, [point], self.crew, self.gm, self.scenes,
                               self.seed)[0]
            report, _ = cells.run_serial([cell], self.folder)[0]
            self.played[value] = report
            if sys.stderr.isatty():  # progress on a terminal; the report says it all after
                print(f"  {self.field}={value}: " + ", ".join(
                    f"{k} {report[k]:.4f}" for k in STATISTICS), file=sys.stderr)
        return self.played[value]

    def holds(self, value, aim: Aim) -> bool:
        """Whether the 95% interval of ``aim``'s statistic at ``value`` holds its target."""
        lo, hi = self.report(value)[aim.statistic + "_ci"]
        return lo <= aim.value <= hi

    def distance(self, value, aims) -> float:
        """The weighted squared distance of the statistics at ``value`` from their targets,
        each in units of its 95% interval's half-width (at least 1e-9)."""
        r = self.report(value)
        total = 0.0
        for aim in aims:
            lo, hi = r[aim.statistic + "_ci"]
            total += aim.weight * ((r[aim.statistic] - aim.value) / max((hi - lo) / 2, 1e-9)) ** 2
        return total


def bisect(tuner: Tuner, aim: Aim, low, high, tolerance: float) -> float:
    """The value whose statistic holds ``aim`` (bisection on the sign, see the module)."""
    sign = lambda v: tuner.report(v)[aim.statistic] - aim.value  # noqa: E731
    at_low, at_high = sign(low), sign(high)
    if at_low * at_high > 0 and not (tuner.holds(low, aim) or tuner.holds(high, aim)):
        reach = sorted((tuner.report(low)[aim.statistic], tuner.report(high)[aim.statistic]))
        raise ValueError(f"--goal {aim.statistic}={aim.value:g} is out of reach over "
                         f"{tuner.field} {low}..{high}: the statistic runs {reach[0]:.4f}.."
                         f"{reach[1]:.4f} there (widen --range, or aim within it)")
    for end in (low, high):
        if tuner.holds(end, aim):
            return end
    while (high - low > 1) if tuner.integer else (high - low > tolerance):
        middle = (low + high) // 2 if tuner.integer else (low + high) / 2
        if tuner.holds(middle, aim):
            return middle
        if sign(middle) * at_low > 0:
            low = middle
        else:
            high = middle
    return min((low, high), key=lambda v: abs(sign(v)))


def golden(tuner: Tuner, aims, low, high, evaluations: int) -> float:
    """The value of least :meth:`Tuner.distance` found by golden-section search."""
    a, b = low, high
    for _ in range(evaluations):
        if (b - a <= 2) if tuner.integer else (b - a <= 1e-9):
            break
        c, d = b - GOLDEN * (b - a), a + GOLDEN * (b - a)
        if tuner.integer:
            c, d = math.floor(c), math.ceil(d)
        if tuner.distance(c, aims) <= tuner.distance(d, aims):
            b = d
        else:
            a = c
    candidates = [v for v in tuner.played if low <= v <= high] or [a]
    return min(candidates, key=lambda v: tuner.distance(v, aims))


def field_kind(config_type, field: str) -> bool:
    """Whether ``field`` of the config is an integer (else a real); refuses any other."""
    default = getattr(config_type(), field, None)
    if field not in config_type.field_names() or isinstance(default, bool) \
            or not isinstance(default, (int, float)):
        numeric = [f for f in config_type.field_names()
                   if isinstance(getattr(config_type(), f), (int, float))
                   and not isinstance(getattr(config_type(), f), bool)]
        raise ValueError(f"--field {field!r}: tune takes a numeric config field; allowed: "
                         f"{', '.join(numeric)}")
    return isinstance(default, int)


def tune(tuner: Tuner, aims: list[Aim], low, high, tolerance: float, evaluations: int):
    """The chosen value: bisection for one target, golden-section search for several."""
    if len(aims) == 1:
        return bisect(tuner, aims[0], low, high, tolerance)
    return golden(tuner, aims, low, high, evaluations)


def markdown(ruleset: str, tuner: Tuner, aims: list[Aim], chosen) -> str:
    """The tune as markdown: the chosen value, then every value played."""
    r = tuner.report(chosen)
    aimed = ", ".join(f"{a.statistic} = {a.value:g}" + (f" (weight {a.weight:g})"
                                                         if len(aims) > 1 else "") for a in aims)
    lines = [f"# {ruleset}: tuning {tuner.field}", "",
             f"Target {aimed}; crew {tuner.crew}, GM {tuner.gm}, {tuner.scenes} scenes per value, "
             f"seed {tuner.seed} (the same scenes at every value).", "",
             f"**Chosen: {tuner.field} = {chosen}**: " + "; ".join(
                 f"{a.statistic} {r[a.statistic]:.4f} [{r[a.statistic + '_ci'][0]:.4f}, "
                 f"{r[a.statistic + '_ci'][1]:.4f}]" + (" holds the target" if tuner.holds(
                     chosen, a) else " does not hold the target") for a in aims) + ".", "",
             f"| {tuner.field} | " + " | ".join(f"{label} [95% CI]" for label in
                                                STATISTICS.values()) + " |",
             "|---" * (1 + len(STATISTICS)) + "|"]
    lines[-2:-2] = bracket_lines(tuner, aims, chosen)
    for value in sorted(tuner.played):
        p = tuner.played[value]
        lines.append(f"| {value} | " + " | ".join(
            f"{p[k]:.4f} [{p[k + '_ci'][0]:.4f}, {p[k + '_ci'][1]:.4f}]" for k in STATISTICS)
            + " |")
    return "\n".join(lines) + "\n"


def bracket_lines(tuner: Tuner, aims: list[Aim], chosen) -> list[str]:
    """Where one target lies between two neighbouring integers, neither of whose intervals
    holds it: the field's step is coarser than the statistic's interval (say so)."""
    aim = aims[0]
    if len(aims) > 1 or not tuner.integer or tuner.holds(chosen, aim):
        return []
    stat = {v: r[aim.statistic] for v, r in tuner.played.items()}
    for v in sorted(stat):
        if v + 1 in stat and (stat[v] - aim.value) * (stat[v + 1] - aim.value) <= 0:
            return [f"No value of {tuner.field} holds the target: it lies between "
                    f"{tuner.field} = {v} ({stat[v]:.4f}) and {v + 1} ({stat[v + 1]:.4f}), a "
                    "step of the field wider than the statistic's interval; the nearer is "
                    "chosen.", ""]
    return []


def plot(tuner: Tuner, aims: list[Aim], chosen, out: Path) -> list[Path]:
    """Each target's statistic against the field, its 95% band, the target and the choice."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = sorted(tuner.played)
    written = []
    for aim in aims:
        key = aim.statistic
        fig, ax = plt.subplots(figsize=(6, 3.6))
        ax.plot(xs, [tuner.played[x][key] for x in xs], marker="o")
        ax.fill_between(xs, [tuner.played[x][key + "_ci"][0] for x in xs],
                        [tuner.played[x][key + "_ci"][1] for x in xs], alpha=0.25)
        ax.axhline(aim.value, linestyle="--", color="grey", label=f"target {aim.value:g}")
        ax.axvline(chosen, linestyle=":", color="black", label=f"chosen {chosen}")
        ax.set_xlabel(tuner.field)
        ax.set_ylabel(STATISTICS[key])
        ax.set_title(f"{STATISTICS[key]} against {tuner.field} (95% CI)")
        ax.legend(fontsize="small")
        written.append(save_figure(fig, out / f"tune_{key}.png"))
    return written


def add_parser(sub) -> None:
    """Add ``scenegym tune``."""
    p = sub.add_parser("tune", help="the value of a config field that brings a statistic to a "
                       "target", description=summary(__doc__))
    options.add(p, "target", "scenario", "set", "seed", "no_plots", field={"required": True,
                "action": None}, aims={"required": True}, range={"required": True},
                crew={"default": "heuristic"}, gm={"default": "heuristic"},
                scenes={"default": 4000},
                out={"required": True, "files": "tune.md, tune.json, tune.html, the PNG plots "
                                                "and cells/ (each value as it ends)"})
    options.add(p, "tolerance", "evaluations")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check everything, tune, write and print the report."""
    from scenegym.evaluation.playtest import playtest_config

    ruleset = options.ruleset_of(args.target)
    rs = get_ruleset(ruleset)
    integer = field_kind(rs.config_type, args.field)
    low, high = parse_range(args.range, integer)
    aims = [parse_aim(text) for text in args.aims]
    base = base_point(rs, args)
    for value in (low, high):  # refuse a bad value before playing anything
        playtest_config(ruleset, (), [*args.set, f"{args.field}={value}"], args.scenario)
    if not 1 <= args.scenes <= 10**7 or args.evaluations < 3 or args.tolerance <= 0:
        raise ValueError(f"--scenes {args.scenes}, --evaluations {args.evaluations}, "
                         f"--tolerance {args.tolerance}; allowed: 1..10**7, 3 or more, above 0")
    check_writable_folder(args.out)
    seed = fresh_seed() if args.seed is None else args.seed
    if args.seed is None:
        print(f"scenegym tune: seed {seed} (give --seed {seed} to resume this tune if it "
              "stops)", file=sys.stderr)
    tuner = Tuner(ruleset, args.field, base, args.crew, args.gm, args.scenes, seed,
                  Path(args.out) / cells.CELLS_FOLDER, integer)
    chosen = tune(tuner, aims, low, high, args.tolerance, args.evaluations)
    text = markdown(ruleset, tuner, aims, chosen)
    data = {"ruleset": ruleset, "field": args.field, "targets": [vars_of(a) for a in aims],
            "chosen": chosen, "holds": all(tuner.holds(chosen, a) for a in aims),
            "seed": seed, "scenes": args.scenes, "crew": args.crew, "gm": args.gm,
            "played": {str(v): tuner.played[v] for v in sorted(tuner.played)}}
    atomic_write_text(args.out / "tune.md", text)
    atomic_write_json(args.out / "tune.json", data)
    figures = [] if args.no_plots else plot(tuner, aims, chosen, args.out)
    write_page(args.out / "tune.html", f"{ruleset}: tuning {args.field}", text, figures)
    print(text)
    return 0


def base_point(rs, args) -> dict:
    """The config changes every value shares: ``--scenario`` and each ``--set`` (as the
    literals a sweep point holds)."""
    from scenegym.common.overrides import parse_overrides
    from scenegym.envs.core.envid import SCENARIO

    point = dict(parse_overrides(args.set, rs.config_type))
    if args.field in point:
        raise ValueError(f"--set {args.field}=... and --field {args.field}: the field tune "
                         "searches cannot also be set")
    if args.scenario is not None:
        point[SCENARIO] = args.scenario
    return point


def vars_of(aim: Aim) -> dict:
    return {"statistic": aim.statistic, "value": aim.value, "weight": aim.weight}
