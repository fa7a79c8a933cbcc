"""``scenegym train TARGET``: train a policy for one seat (PPO on the native batch).

The parser and the checks before training; the training itself is
:func:`scenegym.training.train.run`, loaded (with torch and Stable-Baselines3, the ``train``
extra) only once the variant (``--set``, ``--gm-reward``) and the budget are valid.
"""

from __future__ import annotations

from scenegym.common import options
from scenegym.common.text import summary
from scenegym.training.variant import checked_variant

EXTRA = 'needs the "train" extra: pip install "scenegym[train]"'
# the options of a learner, shared by train and selfplay (defaults included)
LEARNER = ("seed", "algo", "n_steps", "minibatch", "n_epochs", "net", "eval_scenes", "threads",
           "set", "gm_reward")
RUN_FILES = "checkpoints/, checkpoint.json, model.zip, eval.json and tb/ (TensorBoard logs)"


def add_parser(sub) -> None:
    """Add ``scenegym train``."""
    p = sub.add_parser("train", help="train a policy for one seat (PPO on the native batch)",
                       description=summary(__doc__), epilog=EXTRA)
    options.add(p, "target", *LEARNER, "seat", "opponent", "resume", "checkpoint_every",
                out={"required": True, "files": RUN_FILES}, batch={"default": 16},
                steps={"required": True})
    p.set_defaults(run=run, needs=("torch", "stable_baselines3", "sb3_contrib"))  # the train extra: refused without it


def checked(args):
    """``args`` with ``env_id`` (what TARGET names) and ``overrides`` (the ``--set`` fields),
    refused before anything trains if invalid."""
    args.env_id = options.env_id_of(args.target)
    options.check_at_least("--batch", args.batch, 1)
    args.overrides = checked_variant(args.env_id, args.set, args.gm_reward)
    return args


def run(args) -> int:
    """Check the variant, then train (the ``train`` extra)."""
    args = checked(args)
    from scenegym.training.train import run as run_train

    return run_train(args)
