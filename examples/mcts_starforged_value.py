"""How close ``mcts`` plays to the exact value of the Starforged scene challenge.

Plays, on the same dice and seed, the ``optimal`` crew against the ``optimal`` GM (the exact
value's sample), then ``mcts`` crew against the ``optimal`` GM and the ``optimal`` crew
against an ``mcts`` GM at each budget, and prints each crew win rate (95% Wilson interval)
and its paired difference from optimal-against-optimal, scene by scene (95% interval)::

    python examples/mcts_starforged_value.py --sims 100 400 1600 --scenes 4000 --seed 1

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed).
"""

from __future__ import annotations

import argparse

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.rulesets import get_ruleset
from scenegym.evaluation.baselines import crew_wins, outcome, paired, play


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, nargs="+", default=[100, 400, 1600])
    parser.add_argument("--settings", default="", help="more mcts settings, e.g. expand=50")
    parser.add_argument("--scenes", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seats", nargs="+", choices=("crew", "gm"), default=["crew", "gm"],
                        help="the seats the search plays (the other: optimal)")
    args = parser.parse_args(argv)
    rs = get_ruleset("starforged")
    config = rs.default_config()

    def cell(crew, gm):
        ended = play(rs, config, {CREW: crew, GM: gm}, args.scenes, args.seed, args.batch)
        return outcome(ended, config.cutoff_result), crew_wins(ended)

    reference, ref_wins = cell("optimal", "optimal")
    print("| crew | gm | crew win rate [95% CI] | minus optimal-optimal (paired) |\n"
          "|---|---|---|---|")
    lo, hi = reference["crew_win_ci"]
    print(f"| optimal | optimal | {reference['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | |")
    extra = f",{args.settings}" if args.settings else ""
    for sims in args.sims:
        search = f"mcts:sims={sims}{extra}"
        pairs = {"crew": (search, "optimal"), "gm": ("optimal", search)}
        for crew, gm in (pairs[seat] for seat in args.seats):
            o, wins = cell(crew, gm)
            d = paired(wins, ref_wins)
            lo, hi = o["crew_win_ci"]
            dlo, dhi = d["paired_ci"]
            print(f"| {crew} | {gm} | {o['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | "
                  f"{d['difference']:+.4f} [{dlo:+.4f}, {dhi:+.4f}] |", flush=True)


if __name__ == "__main__":
    main()
