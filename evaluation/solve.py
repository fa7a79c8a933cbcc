"""``scenegym solve starforged`` (or its env id): the scene challenge's exact value and each agent's gap.

Prints the crew's optimal win probability against the adversarial GM (the game's value, by
backward induction: :mod:`scenegym.envs.starforged.solve.induction`) and the same value as
the expected reward the env pays the crew (+1 win, -1 loss, ``cutoff_result`` for a cut-off:
``2p - 1`` under the default, where a cut-off is a loss), then per GM agent the
crew's best response to it (exact) and its exploitability (how much that best response gains
over the value); per crew agent the GM's best response to it (exact,
:mod:`scenegym.envs.starforged.solve.crew_response`) and its exploitability (how much that best
response takes off the value), and its win rate against the optimal GM over ``--scenes``
scenes (with its Wilson interval).
"""

from __future__ import annotations

import argparse
import json

from scenegym.common import options
from scenegym.common.overrides import parse_overrides
from scenegym.common.progress import long_work
from scenegym.common.text import summary
from scenegym.envs.rulesets import get_ruleset

SOLVED = ("starforged",)
GM_AGENTS = ("heuristic", "random", "constant", "stall")
CREW_AGENTS = ("optimal", "heuristic", "constant", "stall", "random")
HOW_LONG = ("about 6 CPU-minutes with the default config, the first time; 23 minutes on a "
            "busy 2-core machine; the value is kept on disk for the next run")


def add_parser(sub) -> None:
    """Add ``scenegym solve``."""
    p = sub.add_parser("solve", help="exact value of the Starforged scene challenge; agents' gaps",
                       description=summary(__doc__))
    options.add(p, "target", "set", "json", scenes={"default": 20_000}, seed={"default": 1})
    p.set_defaults(run=run)


def expected_reward(config, win_probability: float) -> float:
    """The game's value as the reward the env pays the crew (+1 win, -1 loss,
    ``cutoff_result`` cut off). With a cut-off worth a loss (the default) every scene not won
    pays -1, so it is ``2p - 1`` of the win probability ``p``, reached by the same play; with
    any other ``cutoff_result`` the expected result is solved for on its own."""
    if config.cutoff_result == -1:
        return 2.0 * win_probability - 1.0
    from scenegym.envs.starforged.solve.induction import solve

    return solve(config, objective="result").value


def gaps(config, scenes: int, seed: int) -> dict:
    """The value, every agent's exploitability (exact), crew agents' win rate against the
    optimal GM (played)."""
    from scenegym.agents import make_agent
    from scenegym.envs.starforged.solve.crew_response import crew_response
    from scenegym.envs.starforged.solve.induction import solve, solved_table, start_index
    from scenegym.evaluation.playtest import playtest

    bar = long_work("solve", f"solving the game exactly: its value, then a best response to "
                    f"each of {len(GM_AGENTS) + len(CREW_AGENTS)} agents"
                    + (f" and {scenes} scenes per crew agent" if scenes else ""), HOW_LONG,
                    1 + len(GM_AGENTS) + len(CREW_AGENTS), unit="solve")
    with bar:
        value = float(solved_table(config)[start_index(config, None)])
        bar.update()
        result = {"value": value, "expected_reward": expected_reward(config, value),
                  "gm_agents": {}, "crew_agents": {}}
        for name in GM_AGENTS:
            gm = "uniform" if name == "random" else make_agent(name, "starforged", config=config)
            best = solve(config, gm=gm).value
            result["gm_agents"][name] = {"best_response": best, "exploitability": best - value}
            bar.update()
        for name in CREW_AGENTS:
            crew = ("uniform" if name == "random"
                    else make_agent(name, "starforged", config=config))
            best = crew_response(config, crew).value
            result["crew_agents"][name] = {"best_response": best, "exploitability": value - best}
            if scenes:
                r = playtest("starforged", scenes, name, "optimal", seed=seed, config=config)
                result["crew_agents"][name].update(win_rate_vs_optimal_gm=r["crew_win_rate"],
                                                   ci=r["crew_win_rate_ci"])
            bar.update()
    return result


def run(args: argparse.Namespace) -> int:
    """Solve and print."""
    ruleset = options.ruleset_of(args.target)
    if ruleset not in SOLVED:
        raise ValueError(f"ruleset {ruleset!r} has no solver; solved: {', '.join(SOLVED)}")
    rs = get_ruleset(ruleset)
    config = rs.make_config(**parse_overrides(args.set, rs.config_type))
    if args.scenes < 0:
        raise ValueError(f"--scenes is {args.scenes}; allowed: 0 or more")
    result = gaps(config, args.scenes, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"value (optimal crew vs adversarial GM, win probability): {result['value']:.4f}")
    print(f"value as the crew's expected reward (+1 win, -1 loss, {config.cutoff_result} cut "
          f"off): {result['expected_reward']:+.4f}")
    for name, g in result["gm_agents"].items():
        print(f"GM {name:<10} best response {g['best_response']:.4f}  "
              f"exploitability {g['exploitability']:+.4f}")
    for name, c in result["crew_agents"].items():
        played = ""
        if "ci" in c:
            lo, hi = c["ci"]
            played = f"  vs optimal GM {c['win_rate_vs_optimal_gm']:.4f} [{lo:.4f}, {hi:.4f}]"
        print(f"crew {name:<9} best response {c['best_response']:.4f}  "
              f"exploitability {c['exploitability']:+.4f}{played}")
    return 0
