"""How far ``mcts`` plays from the exact value of the Starforged scene challenge, measured by
its exact regrets rather than by win rates.

Plays the ``optimal`` crew against an ``mcts`` GM (or the ``mcts`` crew against the ``optimal``
GM) and sums, scene by scene, the regret of each of the search's decisions: the solved value
of the best legal action less that of the action taken (:mod:`scenegym.envs.starforged.regret`).
Against the optimal other seat, the expected sum is exactly how many points the search concedes
from the game's value, and it has far less noise than a win rate: only the actions' values
enter it, not the dice after them. Also asked at the same decisions, without playing: the
search's rollout policy (the heuristic), so the regret the search removed or added is paired::

    python examples/mcts_starforged_regret.py --seats gm --sims 400 1600 --scenes 500 --seed 1

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed).
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from scenegym.agents.mcts_agent import MCTSAgent, SearchSettings
from scenegym.agents.registry import make_agent
from scenegym.envs.rulesets import get_ruleset
from scenegym.envs.starforged.optimal import solved_record
from scenegym.envs.starforged.solve.induction import start_index
from scenegym.evaluation.regret import play_regrets


def interval(x: np.ndarray) -> str:
    """``mean [95% interval]`` of per-scene figures, in points (hundredths)."""
    half = 1.96 * x.std(ddof=1) / math.sqrt(len(x))
    return f"{100 * x.mean():+.2f} [{100 * (x.mean() - half):+.2f}, {100 * (x.mean() + half):+.2f}]"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, nargs="+", default=[400, 1600])
    parser.add_argument("--settings", default="", help="more mcts settings, e.g. loop=closed")
    parser.add_argument("--scenes", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=250)
    parser.add_argument("--seats", nargs="+", choices=("crew", "gm"), default=["crew", "gm"],
                        help="the seats the search plays (the other: optimal)")
    args = parser.parse_args(argv)
    extra = f",{args.settings}" if args.settings else ""
    for sims in args.sims:
        try:
            SearchSettings.parse(f"mcts:sims={sims}{extra}")
        except ValueError as e:
            parser.error(str(e))
    rs = get_ruleset("starforged")
    config = rs.default_config()
    value = float(solved_record(config)[0]["A"][start_index(config, None)])
    optimal = make_agent("optimal", "starforged", config=config)
    luck = play_regrets(config, optimal, optimal, args.scenes, args.seed, args.batch)["won"]
    print(f"value {value:.4f}; optimal against optimal on these scenes: {luck.mean():.4f}; "
          "regrets in points of crew win rate, per scene, 95% intervals\n"
          "| seat | agent | regret | rollout policy's regret at the same decisions | "
          "search minus rollout policy | decisions | differ | crew win rate |\n"
          "|---|---|---|---|---|---|---|---|")
    for sims in args.sims:
        for seat in args.seats:
            spec = f"mcts:sims={sims}{extra}"
            search = MCTSAgent.named(spec, rs, config, seed=args.seed)
            rollout = make_agent(search.settings.rollout, "starforged", config=config,
                                 seat=seat, seed=args.seed)
            crew, gm = (search, optimal) if seat == "crew" else (optimal, search)
            r = play_regrets(config, crew, gm, args.scenes, args.seed, args.batch,
                             shadow={seat: rollout})
            mine, theirs = r[seat], r[f"{seat}_shadow"]
            print(f"| {seat} | {spec} | {interval(mine)} | {interval(theirs)} | "
                  f"{interval(mine - theirs)} | {r['decisions'][seat]} | "
                  f"{r['decisions']['differ']} | {r['won'].mean():.4f} |", flush=True)


if __name__ == "__main__":
    main()
