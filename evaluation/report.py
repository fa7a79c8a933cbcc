"""``scenegym report``: compare rule variants and agents side by side, with intervals and plots.

Each ``--arm NAME=SPEC`` is one playtest: ``SPEC`` is comma-separated ``key=value`` pairs,
where ``crew`` and ``gm`` name the agents and any other key is a config field of the ruleset
(``--arm "final=crew=heuristic,clock_by_situation=(4,4,4)"``). Every arm uses the same seed,
so the arms face the same dice where their rules agree (common random numbers): each arm's
difference from the first arm is estimated scene by scene, with its paired interval and how
many times narrower it is than the unpaired one (:mod:`scenegym.evaluation.paired`).

Writes ``report.md``, ``report.json`` and PNG plots to ``--out``, each file atomically.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.rulesets import get_ruleset, ruleset_names
from scenegym.evaluation.files import atomic_write, atomic_write_json, atomic_write_text
from scenegym.evaluation.overrides import parse_value, split_items
from scenegym.evaluation.paired import SCENE_VALUES, compare, format_difference
from scenegym.evaluation.playtest import playtest_scenes
from scenegym.evaluation.text import summary

PLOTS = (("crew_win_rate", "crew win rate"), ("mean_decisions", "decisions per scene"),
         ("mean_lead_changes", "lead changes per scene"), ("mean_final_margin", "final margin"))


def parse_arm(text: str, config_type) -> tuple[str, dict, dict]:
    """``NAME=key=value,...`` -> (name, agents, config overrides); refuses unknown keys."""
    name, sep, spec = text.partition("=")
    if not sep or not name:
        raise ValueError(f"--arm {text!r}: expected NAME=key=value,... (e.g. base=crew=heuristic)")
    agents, overrides = {"crew": "heuristic", "gm": "heuristic"}, {}
    for item in split_items(spec):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--arm {name}: {item!r} is not key=value")
        if key in agents:
            agents[key] = value
        elif key in config_type.field_names():
            overrides[key] = parse_value(value)
        else:
            raise ValueError(f"--arm {name}: unknown key {key!r}; allowed: crew, gm, "
                             f"{', '.join(config_type.field_names())}")
    return name, agents, overrides


def run_arms(ruleset: str, arms: list[str], scenes: int, seed: int) -> dict:
    """Play every arm; returns ``{arm name: playtest report}``.

    Every arm after the first also carries ``paired``: its differences from the first arm,
    scene by scene (see :func:`scenegym.evaluation.paired.compare`).
    """
    rs = get_ruleset(ruleset)
    parsed = [parse_arm(text, rs.config_type) for text in arms]
    configs = [rs.config_type().replace(**overrides) for _, _, overrides in parsed]
    return play_arms(ruleset, {name: (agents, config, overrides)
                               for (name, agents, overrides), config in zip(parsed, configs)},
                     scenes, seed)


def play_arms(ruleset: str, arms: dict, scenes: int, seed: int) -> dict:
    """Play ``{name: (agents, config, overrides)}`` with one seed; pair each with the first."""
    results, first = {}, None
    for name, (agents, config, overrides) in arms.items():
        report, ended = playtest_scenes(ruleset, scenes, agents["crew"], agents["gm"], seed=seed,
                                        config=config)
        report["config_overrides"] = {k: v if isinstance(v, (bool, int, str)) else repr(v)
                                      for k, v in overrides.items()}
        if first is None:
            first = (name, ended)
        else:
            report["paired"] = {"against": first[0], "statistics": compare(ended, first[1])}
        results[name] = report
    return results


def markdown(ruleset: str, results: dict) -> str:
    """The report as a markdown table plus one line per arm's settings."""
    figures = " | ".join(f"{label} [95% CI]" for _, label in PLOTS)
    header = f"| arm | crew | GM | scenes | {figures} |"
    lines = [f"# {ruleset} report", "", header, "|---" * (4 + len(PLOTS)) + "|"]
    for name, r in results.items():
        cells = [f"{r[key]:.3f} [{r[key + '_ci'][0]:.3f}, {r[key + '_ci'][1]:.3f}]"
                 for key, _ in PLOTS]
        lines.append(f"| {name} | {r['crew']} | {r['gm']} | {r['scenes']} | " + " | ".join(cells) + " |")
    lines.append("")
    for name, r in results.items():
        lines.append(f"- **{name}**: seed {r['seed']}, config changes {r['config_overrides'] or 'none'}")
    return "\n".join(lines + paired_lines(results)) + "\n"


def paired_lines(results: dict) -> list[str]:
    """A table of each arm's difference from the first arm, scene by scene (none for one arm)."""
    paired = {name: r["paired"] for name, r in results.items() if "paired" in r}
    if not paired:
        return []
    first = next(iter(paired.values()))["against"]
    lines = ["", f"## Differences from {first}, scene by scene (paired 95% CI)", "",
             "| arm | " + " | ".join(SCENE_VALUES) + " |", "|---" * (1 + len(SCENE_VALUES)) + "|"]
    for name, p in paired.items():
        cells = [format_difference(p["statistics"][key]) for key in SCENE_VALUES]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def plot(results: dict, out: Path) -> list[Path]:
    """One bar chart with 95% interval whiskers per figure; returns the files written."""
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
        fig.tight_layout()
        path = out / f"{key}.png"
        atomic_write(path, lambda f, fig=fig: fig.savefig(f, format="png", dpi=120))
        plt.close(fig)
        written.append(path)
    return written


def add_parser(sub) -> None:
    """Add ``scenegym report``."""
    p = sub.add_parser("report", help="compare variants/agents: markdown, JSON and plots",
                       description=summary(__doc__))
    p.add_argument("ruleset", choices=ruleset_names())
    p.add_argument("--arm", action="append", required=True, metavar="NAME=SPEC",
                   help="one playtest arm: NAME=crew=AGENT,gm=AGENT,FIELD=VALUE,...")
    p.add_argument("--scenes", type=int, default=20_000, help="scenes per arm (default 20000)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed shared by all arms (default: drawn once from OS entropy, and reported)")
    p.add_argument("--out", type=Path, required=True, help="output folder")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the arms and write the report."""
    seed = fresh_seed() if args.seed is None else args.seed
    results = run_arms(args.ruleset, args.arm, args.scenes, seed)
    args.out.mkdir(parents=True, exist_ok=True)
    text = markdown(args.ruleset, results)
    atomic_write_text(args.out / "report.md", text)
    atomic_write_json(args.out / "report.json", results)
    if not args.no_plots:
        plot(results, args.out)
    print(text)
    return 0
