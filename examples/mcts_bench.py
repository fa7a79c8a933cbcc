"""A benchmark (not a test) of the search agent ``mcts``: decisions per second per ruleset.

For each ruleset under its default config, the benchmark plays a batch of scenes a few random
decisions in, keeps the rows whose pending decision has two legal actions or more (a lone
legal action is taken unsearched), and times one ``act_in`` call of
``mcts:sims=S,rollout=R`` over them, after a call that compiles (or loads) the search. It
prints, per ruleset and budget, the searched decisions per second, the simulations per
second, and the decisions simulated inside the search per second beside the raw engine's
decisions per second in the same run (``scenegym bench``'s raw figure: both seats random,
a batch of ``--raw-batch`` envs; one core, the kernels are serial)::

    python examples/mcts_bench.py --sims 100 1000 --rows 64 --seed 1

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, OVER
from scenegym.envs.rulesets import get_ruleset, ruleset_names
from scenegym.evaluation.bench import measure as measure_rate
from scenegym.evaluation.steppers import raw_batch


def searched_rows(ruleset, rows: int, seed: int) -> SceneBatch:
    """A batch of ``rows`` scenes, each a few random decisions in, pending a decision with
    two legal actions or more (more scenes are played until enough are)."""
    config = ruleset.default_config()
    batch = SceneBatch(ruleset, config, rows * 4)
    batch.reset(seed)
    agent, actions = RandomAgent(seed), np.zeros(batch.num_envs, np.int64)
    for _ in range(6):
        running = batch.state[:, OVER] == 0
        choose_actions(batch, {CREW: agent, GM: agent}, actions, running)
        batch.step(actions, running)
    keep = np.flatnonzero((batch.state[:, OVER] == 0) & (batch.masks.sum(axis=1) >= 2))[:rows]
    out = SceneBatch(ruleset, config, len(keep))
    out.copy_rows(np.arange(len(keep)), batch, keep)
    return out


def measure(ruleset, sims: int, rollout: str, rows: int, seed: int) -> tuple[int, int, float]:
    """Searched decisions, the decisions simulated inside the search, and their seconds,
    for one budget."""
    agent = make_agent(f"mcts:sims={sims},rollout={rollout}", ruleset.name, seed)
    batch = searched_rows(ruleset, rows, seed)
    idx = np.arange(batch.num_envs)
    agent.act_in(batch, idx[:1])  # compile or load the search
    before = agent.simulated_decisions()
    start = time.perf_counter()
    agent.act_in(batch, idx)
    seconds = time.perf_counter() - start
    return batch.num_envs, agent.simulated_decisions() - before, seconds


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--rollout", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--rows", type=int, default=64, help="searched decisions per budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rulesets", nargs="*", default=None)
    parser.add_argument("--raw-batch", type=int, default=1024,
                        help="envs of the raw engine's measurement")
    args = parser.parse_args(argv)
    print("| ruleset | sims | decisions | seconds | decisions/s | simulations/s | "
          "simulated decisions/s | raw engine decisions/s |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.rulesets or ruleset_names():
        ruleset = get_ruleset(name)
        raw = measure_rate(raw_batch(ruleset, ruleset.default_config(), args.raw_batch,
                                     args.seed), 2.0)
        for sims in args.sims:
            n, simulated, seconds = measure(ruleset, sims, args.rollout, args.rows, args.seed)
            print(f"| {name} | {sims} | {n} | {seconds:.2f} | {n / seconds:,.1f} | "
                  f"{n * sims / seconds:,.0f} | {simulated / seconds:,.0f} | {raw:,.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
