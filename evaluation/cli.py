"""The ``scenegym`` command: one subcommand per module in :data:`COMMAND_MODULES`.

Each module provides ``add_parser(subparsers)``, which adds its subcommand and sets
``run=callable(args) -> int`` as the parser default. Modules import heavy dependencies
(torch, matplotlib) inside ``run`` only, so ``scenegym --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

DESCRIPTION = ("Tabletop role-playing rules as two-sided games: exact odds, playtests, "
               "replays, variant reports, benchmarks and training.")

COMMAND_MODULES = (
    "scenegym.evaluation.odds_cmd",
    "scenegym.evaluation.playtest",
    "scenegym.evaluation.bench",
    "scenegym.evaluation.replay",
    "scenegym.evaluation.report",
    "scenegym.evaluation.play",
    "scenegym.training.cli",
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every available subcommand."""
    parser = argparse.ArgumentParser(prog="scenegym", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            continue  # a command not built yet
        module.add_parser(sub)
    return parser


def main(argv=None) -> int:
    """Entry point of the ``scenegym`` console script.

    A refused input (a ``ValueError`` or ``TypeError`` naming what was wrong and what is
    allowed) is printed as one error line with exit status 2, not as a traceback.
    """
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except (ValueError, TypeError) as err:
        print(f"scenegym {args.command}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a command that stopped reading (| head)
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
