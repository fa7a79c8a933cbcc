"""The Momentum Press report: the heuristic crew at every fixed Press threshold.

Plays the heuristic crew Pressing never, then at Risk up to 0, 1, ... 6 (6 is "always": a
Press above Risk 5 would pass the default ``risk_cap``), against the adversarial and the
director heuristic GMs, every cell on the same seed (the same dice where the play agrees),
under the default config, without the ruin (``press_ruin_risk=0``) and under the old Press
dice (``press_hit_momentum=0, press_ruin_risk=0``). Writes the
page ``docs/rules/momentum-press.md`` (or ``--out``) with the tables, the exact spends table
of a 5-die pool and the command that made it::

    python examples/momentum_press_report.py --scenes 10000 --seed 1

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package installed).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scenegym.common.commit import short_commit
from scenegym.envs.core.files import atomic_write_text
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.heuristic import MomentumHeuristic
from scenegym.envs.momentum.odds import format_spends, spend_rows
from scenegym.evaluation.playtest import playtest_scenes

THRESHOLDS = (-1, 0, 1, 2, 3, 4, 5, 6)  # -1: never
GMS = ("adversarial", "director")
DICE = (("Press dice with the ruin (default)", {}),
        ("Press dice without the ruin", {"press_ruin_risk": 0}),
        ("old Press dice", {"press_hit_momentum": 0, "press_ruin_risk": 0}))
HERE = Path(__file__).resolve().parent
PAGE = HERE.parent / "docs" / "rules" / "momentum-press.md"


def threshold_name(t: int) -> str:
    """``never``, ``up to Risk N`` or ``always``."""
    return "never" if t < 0 else ("always" if t == THRESHOLDS[-1] else f"up to Risk {t}")


def cell(config, threshold: int, gm: str, scenes: int, seed: int) -> dict:
    """One playtest: the crew Pressing up to ``threshold`` against the ``gm`` style."""
    report, _ = playtest_scenes("momentum", scenes, MomentumHeuristic(press_up_to=threshold),
                                MomentumHeuristic(style=gm), seed=seed, config=config)
    stats = report["ruleset_stats"]
    return {"rate": report["crew_win_rate"], "ci": report["crew_win_rate_ci"],
            "presses": stats.get("press_per_roll", 0.0)}


def dice_table(changes: dict, scenes: int, seed: int) -> tuple[list[str], dict]:
    """The table of one set of dice (markdown lines) and the best threshold per GM."""
    config = MomentumConfig(**changes)
    cells = {(t, gm): cell(config, t, gm, scenes, seed) for t in THRESHOLDS for gm in GMS}
    best = {gm: max(THRESHOLDS, key=lambda t, g=gm: cells[(t, g)]["rate"]) for gm in GMS}
    lines = ["| Press | " + " | ".join(f"vs {gm}: crew win rate [95% CI] | presses per roll"
                                        for gm in GMS) + " |",
             "|---|" + "---|---|" * len(GMS)]
    for t in THRESHOLDS:
        parts = []
        for gm in GMS:
            c = cells[(t, gm)]
            mark = "**" if cells[(best[gm], gm)]["rate"] == c["rate"] else ""
            parts.append(f"{mark}{c['rate']:.3f}{mark} [{c['ci'][0]:.3f}, {c['ci'][1]:.3f}] | "
                         f"{c['presses']:.2f}")
        lines.append(f"| {threshold_name(t)} | " + " | ".join(parts) + " |")
    return lines, best


def page(scenes: int, seed: int, machine: str) -> str:
    """The report page's markdown."""
    out = ["# Momentum: the Press report", "",
           f"*Made on commit `{short_commit(HERE, 'this branch')}` (plus the working tree) by "
           "the command below; "
           f"machine: {machine}.*", "",
           "```bash",
           f"python examples/momentum_press_report.py --scenes {scenes} --seed {seed}",
           "```", "",
           "The heuristic crew (`MomentumHeuristic`, its defaults but `press_up_to`) Presses "
           "never, or whenever the roll's Risk is at most a fixed threshold (\"always\": "
           "every legal Press), against the adversarial and the director heuristic GMs. Every "
           f"cell plays {scenes:,} scenes of the default config on seed {seed}: the same dice "
           "wherever the play agrees. Bold: the best threshold against that GM (ties all "
           "bold). The rules page says what the Press dice are, why, and what these tables "
           "show: [Momentum rules](momentum.md#press-and-brace-what-they-buy).",
           ""]
    for title, changes in DICE:
        lines, best = dice_table(changes, scenes, seed)
        setting = ", ".join(f"`{k}={v}`" for k, v in changes.items()) or "the default config"
        summary = "; ".join(f"against the {gm} GM, {threshold_name(t)}" for gm, t in best.items())
        out += [f"## {title}: {setting}", "", *lines, "", f"Best threshold (the first of a tie): "
                f"{summary}.", ""]
    out += ["## What a Press and a Brace buy, exactly (5 pool dice)", "",
            "`scenegym odds momentum --spends --pool 5` (add `--press-hit-momentum 0 "
            "--press-ruin-risk 0` for the old dice): the expected Momentum change of one roll "
            "(its criticals, the spend's own Momentum, the Press dice that hit short of a ruin; "
            "ignoring the 0 and Full bounds), the chance of a ruin (a Press die that hits at "
            "`press_ruin_risk` or above: all Momentum is lost), of a Critical Failure and of a "
            "bad result (Costly Success or worse).", "", "```text",
            *format_spends(spend_rows(MomentumConfig(), [5])), "```", ""]
    return "\n".join(out)


def main(argv=None) -> int:
    """Play every cell and write the page."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=10_000, help="scenes per cell")
    parser.add_argument("--seed", type=int, default=1, help="seed of every cell")
    parser.add_argument("--machine", default="2 cores, shared with other jobs",
                        help="the machine, as the page states it")
    parser.add_argument("--out", type=Path, default=PAGE, help="the page to write")
    args = parser.parse_args(argv)
    atomic_write_text(args.out, page(args.scenes, args.seed, args.machine) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
