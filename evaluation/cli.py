"""The ``scenegym`` command: one subcommand per module in :data:`COMMAND_MODULES`.

Each module provides ``add_parser(subparsers)``, which adds its subcommand and sets
``run=callable(args) -> int`` as the parser default. Modules import heavy dependencies
(torch, matplotlib) inside ``run`` only, so ``scenegym --help`` stays fast.

Every command ends without a traceback on what a user can get wrong: a refused input prints
one error line (exit status 2), a missing optional dependency names the ``pip install``
that adds it (exit status 2), and Ctrl-C prints one line (exit status 130), after the command
has kept what it finished (a checkpoint, the scenes played).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from scenegym import __version__

DESCRIPTION = ("Tabletop role-playing rules as two-sided games: exact odds, playtests, "
               "replays, variant reports, benchmarks and training.")

COMMAND_MODULES = (
    "scenegym.evaluation.odds_cmd",
    "scenegym.evaluation.playtest",
    "scenegym.evaluation.bench",
    "scenegym.evaluation.replay",
    "scenegym.evaluation.report",
    "scenegym.evaluation.variants",
    "scenegym.evaluation.sweep",
    "scenegym.evaluation.soak",
    "scenegym.evaluation.solve.cli",
    "scenegym.evaluation.baselines",
    "scenegym.evaluation.play",
    "scenegym.training.cli",
)

# optional dependencies, by the extra that installs them
EXTRA_OF_MODULE = {"torch": "train", "stable_baselines3": "train", "sb3_contrib": "train",
                   "onnx": "train", "onnxruntime": "train", "trueskill": "train",
                   "tensorboard": "train", "matplotlib": "report", "ray": "ray", "markdown": "report"}
REFUSED = (ValueError, TypeError, FileNotFoundError, FileExistsError, NotADirectoryError,
           IsADirectoryError, PermissionError)
INTERRUPTED = 130  # 128 + SIGINT, as shells report it


class DefaultsParser(argparse.ArgumentParser):
    """A subcommand's parser whose help shows every option's default."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", argparse.ArgumentDefaultsHelpFormatter)
        super().__init__(*args, **kwargs)




def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every available subcommand."""
    return _parser_and_commands()[0]


def _parser_and_commands():
    parser = argparse.ArgumentParser(prog="scenegym", description=DESCRIPTION)
    parser.add_argument("--version", action="version",
                        version=f"scenegym {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=DefaultsParser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            continue  # a command not built yet
        module.add_parser(sub)
    return parser, sub


def given_options(argv: list[str]) -> set[str]:
    """The options (by ``dest``) that ``argv`` gives explicitly, defaults left out."""
    parser, sub = _parser_and_commands()
    full = vars(parser.parse_args(argv))
    unset = type("Unset", (list,), {})()  # a list: append actions copy it when given
    sub.choices[full["command"]].set_defaults(**{k: unset for k in full})
    given = vars(parser.parse_args(argv))
    return {k for k, v in given.items() if v is not unset} - {"command"}


def missing_extra(err: ModuleNotFoundError) -> str | None:
    """The message for an optional dependency that is not installed, else None."""
    top = (err.name or "").split(".")[0]
    extra = EXTRA_OF_MODULE.get(top)
    if extra is None:
        return None
    return (f"this command needs {top}, from the {extra!r} extra: "
            f'pip install "scenegym[{extra}]"')


def main(argv=None) -> int:
    """Entry point of the ``scenegym`` console script.

    A refused input (a ``ValueError``, ``TypeError`` or a file that is missing, exists
    already or may not be written, each naming what was wrong) is printed as one error line
    with exit status 2, not as a traceback; so is a missing extra. Ctrl-C prints one line
    with exit status 130.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser().parse_args(argv)
    args.given = given_options(argv)
    try:
        return int(args.run(args) or 0)
    except REFUSED as err:
        return _error(args, err)
    except ModuleNotFoundError as err:
        if missing_extra(err) is None:
            raise
        return _error(args, missing_extra(err))
    except KeyboardInterrupt:
        print(f"scenegym {args.command}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # output piped into a command that stopped reading (| head)
        sys.stderr.close()
        return 0


def _error(args, err) -> int:
    print(f"scenegym {args.command}: error: {err}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
