"""Does ``mcts`` beat the heuristic and the constant agent in each seat of each id?

For every id given and both seats, plays ``mcts:SETTINGS``, the ``heuristic`` and the
``constant`` agent in the seat against the other seat's heuristic, on the same dice and seed,
and prints each one's crew win rate and the paired differences of the search from the other
two, as the seat sees them (a crew's gain is the crew's win rate up, a GM's is it down; 95%
intervals, scene by scene)::

    python examples/mcts_ladder.py --search mcts:sims=100 --scenes 400 --seed 1

``--against`` names other agents to compare with in the seat (default: heuristic constant),
``--seats`` the seats to play (default: both).

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed).
"""

from __future__ import annotations

import argparse

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.rulesets import env_ids, ruleset_of_env
from scenegym.evaluation.baselines import crew_wins, paired, play


def gain(seat: int, search, other) -> str:
    """The search's paired gain over ``other`` (per-scene crew wins) as ``seat`` sees it."""
    d = paired(search, other) if seat == CREW else paired(other, search)
    lo, hi = d["paired_ci"]
    return f"{d['difference']:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--search", default="mcts:sims=100")
    parser.add_argument("--scenes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--against", nargs="+", default=["heuristic", "constant"],
                        help="the agents the search is compared with in its seat")
    parser.add_argument("--seats", nargs="+", choices=("crew", "gm"), default=["crew", "gm"],
                        help="the seats the search plays (the other: heuristic)")
    args = parser.parse_args(argv)
    print(f"| id | seat | mcts | {' | '.join(args.against)} | "
          f"{' | '.join(f'mcts gain over {name}' for name in args.against)} |\n"
          f"|---|---|{'---|' * (1 + 2 * len(args.against))}")
    seats = [(CREW, GM), (GM, CREW)]
    for env_id in args.ids or env_ids():
        rs = ruleset_of_env(env_id)
        config = rs.default_config()
        for seat, other in (seats[("crew", "gm").index(name)] for name in args.seats):
            wins = {name: crew_wins(play(rs, config, {seat: name, other: "heuristic"},
                                         args.scenes, args.seed, args.batch))
                    for name in (args.search, *args.against)}
            rates = " | ".join(f"{w.mean():.3f}" for w in wins.values())
            gains = " | ".join(gain(seat, wins[args.search], wins[name])
                               for name in args.against)
            print(f"| {env_id} | {'crew' if seat == CREW else 'gm'} | {rates} | {gains} |",
                  flush=True)


if __name__ == "__main__":
    main()
