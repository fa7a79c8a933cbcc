"""``scenegym selfplay TARGET``: train crew and GM in turns against each other's snapshots.

The parser and the checks before training (the variant; Ray if ``--ray`` asks for it); the
rounds and the league are :func:`scenegym.training.selfplay.run`, loaded (the ``train``
extra) only once those pass.
"""

from __future__ import annotations

from scenegym.common import cells, options
from scenegym.common.text import summary
from scenegym.training.train_command import EXTRA, LEARNER, checked


def add_parser(sub) -> None:
    """Add ``scenegym selfplay``."""
    p = sub.add_parser("selfplay", help="train crew and GM in turns against each other's "
                       "snapshots", description=summary(__doc__), epilog=EXTRA)
    options.add(p, "target", *LEARNER, "rounds", "steps_per_round", "league_scenes", "ray",
                "address", "players", "league_only", batch={"default": 16},
                out={"required": True, "files": "each seat's snapshots, selfplay.json, "
                                                "league.md, league.csv, league_pairs.csv and "
                                                "league_cells/ (each pairing as it ends)"})
    p.set_defaults(run=run, needs=("torch", "stable_baselines3", "sb3_contrib"))  # the train extra: refused without it


def run(args) -> int:
    """Check the variant and the runner, then train and play the league."""
    args = checked(args)
    cells.check_runner(args)  # before training, not at the league
    from scenegym.training.selfplay import run as run_selfplay

    return run_selfplay(args)
