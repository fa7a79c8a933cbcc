"""A one-step lookahead crew on clones of the two-seat batch: the test of fair chance
(issue 23, item 2), and its full-size benchmark.

At each crew decision, every legal action is tried on ``rollouts`` copies of the env's row
(:meth:`TwoSeatBatch.copy_rows`), each played out by the heuristic agents of both seats; the
action whose copies win most is played. With the copies' dice left as they are, a copy rolls
the original's future dice and the lookahead sees them; with fresh chance
(:meth:`TwoSeatBatch.reseed` before the action), it cannot. Against Starforged's optimal GM no
fair crew wins more often than the game's value (its solution), so the lookahead on copied
dice wins far above the value and on fresh chance at most about the value.

Benchmark, the default config against its optimal GM (value 0.4157; solving it takes about
6 CPU-minutes on first use)::

    python tests/lookahead.py --scenes 20000 --rollouts 8 --seed 1
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from scenegym.agents.registry import make_agent
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.starforged.optimal import StarforgedOptimal
from scenegym.envs.starforged.solve.induction import solved_table, start_index
from scenegym.envs.twoseat import TwoSeatBatch


def lookahead_choices(game: TwoSeatBatch, search: TwoSeatBatch, envs: np.ndarray,
                      rollouts: int, fresh: bool, rng: np.random.Generator, agents) -> np.ndarray:
    """The lookahead's action in each env ``envs`` of ``game`` (crew pending in each)."""
    num_actions = game.layout.num_actions
    per_env = num_actions * rollouts
    rows = np.arange(envs.size * per_env)
    search.copy_rows(rows, game, np.repeat(envs, per_env))
    actions = np.zeros(search.num_envs, np.int64)
    actions[rows] = np.tile(np.repeat(np.arange(num_actions), rollouts), envs.size)
    which = np.zeros(search.num_envs, np.bool_)
    which[rows] = search.masks[rows, actions[rows]]
    if fresh:  # a seed of the searcher's own per copy, before the action's own roll
        search.reseed(rng.integers(0, 2**63, search.num_envs, dtype=np.uint64), which)
    search.step(actions, which)
    search.play_out(*agents, which)
    wins = (search.results[rows] == 1).reshape(envs.size, num_actions, rollouts).mean(axis=2)
    legal = which[rows].reshape(envs.size, num_actions, rollouts)[:, :, 0]
    return np.where(legal, wins, -1.0).argmax(axis=1)


def lookahead_win_rate(config, scenes: int, rollouts: int, fresh: bool, seed: int) -> float:
    """The lookahead crew's share of ``scenes`` won against the optimal GM of ``config``."""
    game = TwoSeatBatch("starforged", scenes, config=config)
    search = TwoSeatBatch("starforged", scenes * game.layout.num_actions * rollouts,
                          config=config)
    agents = (make_agent("heuristic", "starforged", 0, config, "crew"),
              make_agent("heuristic", "starforged", 0, config, "gm"))
    gm = StarforgedOptimal(config)
    rng = np.random.default_rng(seed)
    game.reset(seed)
    actions = np.zeros(scenes, np.int64)
    while not game.over.all():
        crew = np.flatnonzero((game.pending_seat == CREW) & ~game.over)
        gms = np.flatnonzero((game.pending_seat == GM) & ~game.over)
        if crew.size:
            actions[crew] = lookahead_choices(game, search, crew, rollouts, fresh, rng, agents)
        if gms.size:
            actions[gms] = gm.act(game.obs[gms], game.masks[gms])
        game.step(actions, ~game.over)
    return float((game.results == 1).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=20000)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from scenegym.envs.starforged.config import StarforgedConfig

    config = StarforgedConfig()
    value = float(solved_table(config)[start_index(config, None)])  # solved once, then kept
    print(f"value of the default config: {value:.4f}")
    for fresh in (False, True):
        start = time.perf_counter()
        rate = lookahead_win_rate(config, args.scenes, args.rollouts, fresh, args.seed)
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.scenes)
        print(f"{'fresh chance' if fresh else 'copied dice '}: won {rate:.4f} "
              f"[{rate - half:.4f}, {rate + half:.4f}] of {args.scenes} scenes "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
