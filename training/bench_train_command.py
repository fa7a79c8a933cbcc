"""``scenegym bench-train TARGET``: PPO throughput, native VecEnv against DummyVecEnv.

The parser; the benchmark is :func:`scenegym.training.bench_train.run` (the ``train`` extra).
"""

from __future__ import annotations

from scenegym.common import options
from scenegym.common.text import summary
from scenegym.training.train_command import EXTRA


def add_parser(sub) -> None:
    """Add ``scenegym bench-train``."""
    p = sub.add_parser("bench-train",
                       help="PPO throughput: native VecEnv against DummyVecEnv (a benchmark)",
                       description=summary(__doc__), epilog=EXTRA)
    options.add(p, "target", "seat", "seed", batch={"default": 16}, steps={"default": 32_768})
    p.set_defaults(run=run, needs=("torch", "stable_baselines3", "sb3_contrib"))  # the train extra: refused without it


def run(args) -> int:
    """Check the target, then measure."""
    args.env_id = options.env_id_of(args.target)
    options.check_at_least("--batch", args.batch, 1)
    from scenegym.training.bench_train import run as run_bench

    return run_bench(args)
