"""The training subcommands of ``scenegym``: ``train``, ``selfplay``, ``export``, ``bench-train``.

torch and Stable-Baselines3 are imported inside each ``run`` only, so ``scenegym --help``
stays fast, and ``train`` and ``selfplay`` check their variant (``--set``, ``--gm-reward``)
before they load them.
"""

from __future__ import annotations

import argparse

from scenegym.envs.core.reward import GM_REWARDS
from scenegym.envs.rulesets import env_ids
from scenegym.evaluation import cells
from scenegym.training.variant import checked_variant

SEATS = ("crew", "gm")


def _int_list(text: str) -> list[int]:
    try:
        sizes = [int(x) for x in text.split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--net must be comma-separated integers, got {text!r}")
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"--net needs positive layer sizes, got {text!r}")
    return sizes


def _names(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"expected comma-separated agent names, got {text!r}")
    return names


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
    return value


def _add_learner_options(p) -> None:
    """Options shared by ``train`` and ``selfplay``."""
    p.add_argument("env_id", choices=env_ids(), metavar="ID",
                   help=f"registered env id ({', '.join(env_ids())})")
    p.add_argument("--out", required=True, help="run folder")
    p.add_argument("--envs", type=_positive, default=16, help="scenes stepped together")
    p.add_argument("--seed", type=int, default=None, help="seed (none: fresh entropy)")
    p.add_argument("--algo", choices=("maskable_ppo", "ppo"), default="maskable_ppo",
                   help="maskable_ppo or plain ppo (illegal actions lose the scene)")
    p.add_argument("--n-steps", type=_positive, default=128, help="rollout steps per env")
    p.add_argument("--batch-size", type=_positive, default=256, help="PPO minibatch size")
    p.add_argument("--n-epochs", type=_positive, default=10, help="PPO epochs per rollout")
    p.add_argument("--net", type=_int_list, default=[64, 64], help="hidden layers, e.g. 64,64")
    p.add_argument("--eval-scenes", type=_positive, default=2000,
                   help="scenes per opponent in the final evaluation")
    p.add_argument("--threads", type=_positive, default=1, help="torch threads")
    p.add_argument("--set", dest="config", action="append", default=[], metavar="FIELD=VALUE",
                   help="change a config field of the ruleset, as gym.make(ID, FIELD=VALUE) "
                        "does (repeatable), e.g. --set max_moves=20 --set clock_by_situation=(4,4,4)")
    p.add_argument("--gm-reward", choices=GM_REWARDS, default=None,
                   help="the GM's reward (none: the ruleset's, as in gym.make)")


def _checked(args):
    """``args`` with ``overrides``: the ``--set`` fields, refused before training if invalid."""
    args.overrides = checked_variant(args.env_id, args.config, args.gm_reward)
    return args


def _add_train(sub) -> None:
    p = sub.add_parser("train", help="train a policy for one seat (PPO on the native batch)")
    _add_learner_options(p)
    p.add_argument("--seat", choices=SEATS, default="crew", help="the learner's seat")
    p.add_argument("--opponent", default="heuristic",
                   help="random, heuristic, or a policy file (.zip trusted only, .onnx)")
    p.add_argument("--steps", type=_positive, required=True, help="total env steps")
    p.add_argument("--resume", action="store_true",
                   help="continue from the last checkpoint (keeps the run's settings but --steps)")
    p.add_argument("--checkpoint-every", type=_positive, default=50_000,
                   help="checkpoint interval in env steps")

    def run(args):
        args = _checked(args)
        from scenegym.training.train import run as run_train

        return run_train(args)

    p.set_defaults(run=run)


def _add_selfplay(sub) -> None:
    p = sub.add_parser("selfplay", help="train crew and GM in turns against each other's snapshots")
    _add_learner_options(p)
    p.add_argument("--rounds", type=_positive, default=None,
                   help="crew+GM training rounds (required unless --league-only)")
    p.add_argument("--steps-per-round", type=_positive, default=None,
                   help="env steps per seat per round (required unless --league-only)")
    p.add_argument("--league-scenes", type=_positive, default=200,
                   help="scenes per pairing in the league")
    cells.add_options(p)
    p.add_argument("--league-players", type=_names, default=None, metavar="NAMES",
                   help="the league's fixed players of both seats, comma-separated, e.g. "
                        "random,heuristic (default: random, heuristic and the ruleset's other "
                        "agents, such as optimal)")
    p.add_argument("--league-only", action="store_true",
                   help="train nothing: play the league of the snapshots already in --out")

    def run(args):
        args = _checked(args)
        cells.check_runner(args)  # before training, not at the league
        from scenegym.training.selfplay import run as run_selfplay

        return run_selfplay(args)

    p.set_defaults(run=run)


def _add_export(sub) -> None:
    p = sub.add_parser("export", help="write a trained policy (masking included) to ONNX")
    p.add_argument("run_dir", metavar="RUN", help="run folder (its model.zip) or an SB3 .zip")
    p.add_argument("--onnx", required=True, help="output .onnx file")

    def run(args):
        from scenegym.training.export import run as run_export

        return run_export(args)

    p.set_defaults(run=run)


def _add_bench(sub) -> None:
    p = sub.add_parser("bench-train",
                       help="PPO throughput: native VecEnv against DummyVecEnv (a benchmark)")
    p.add_argument("env_id", choices=env_ids(), metavar="ID")
    p.add_argument("--seat", choices=SEATS, default="crew")
    p.add_argument("--envs", type=_positive, default=16)
    p.add_argument("--steps", type=_positive, default=32_768)
    p.add_argument("--seed", type=int, default=None)

    def run(args):
        from scenegym.training.bench_train import run as run_bench

        return run_bench(args)

    p.set_defaults(run=run)


def add_parser(subparsers) -> None:
    """Add ``train``, ``selfplay``, ``export`` and ``bench-train`` to ``scenegym``."""
    for add in (_add_train, _add_selfplay, _add_export, _add_bench):
        add(subparsers)
