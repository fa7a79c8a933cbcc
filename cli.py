"""The ``scenegym`` command: one subcommand per module in :data:`COMMAND_MODULES`.

Each module provides ``add_parser(subparsers)``, which adds its subcommand, built only from
the options of :mod:`scenegym.common.options` (one vocabulary: one flag per meaning, one help
text per flag), and sets ``run=callable(args) -> int`` as the parser default. Modules import
heavy dependencies (torch, matplotlib, ray, and numba: the engine) inside ``run`` only, so
every parser builds without the extras and ``scenegym --help`` compiles nothing and stays
fast (``tests/test_cli.py`` checks that no help loads numba). A command whose parser names the
modules it needs (``needs``, the training commands: torch) is refused, ``--help`` included,
with the ``pip install`` line when one of them is missing; ``run`` refuses, before any work,
a command that finds an extra missing later (matplotlib for plots).

Every command's ``--out`` folder is checked before the command starts (made, written in and
removed again: :func:`scenegym.common.files.check_out`), so no work is lost to a folder that
cannot be written. Every command ends without a traceback on what a user can get wrong: a
refused input prints one error line (exit status 2), a missing optional dependency names the
``pip install`` that adds it (exit status 2), and Ctrl-C prints one line (exit status 130),
after the command has kept what it finished (a checkpoint, the scenes played). A deprecated
flag still works for one release and prints one line saying what replaces it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings

from scenegym import __version__
from scenegym.common import options
from scenegym.common.extras import EXTRA_OF_MODULE, missing_extra, missing_needs  # noqa: F401
from scenegym.common.files import check_out
from scenegym.envs.notice import SceneGymWarning

DESCRIPTION = ("Tabletop role-playing rules as two-sided games: exact odds, playtests, "
               "replays, variant reports, benchmarks and training.")

COMMAND_MODULES = (
    "scenegym.evaluation.odds",
    "scenegym.evaluation.playtest",
    "scenegym.evaluation.bench",
    "scenegym.evaluation.replay",
    "scenegym.evaluation.report",
    "scenegym.evaluation.variants",
    "scenegym.evaluation.sweep",
    "scenegym.evaluation.tune",
    "scenegym.evaluation.soak",
    "scenegym.evaluation.solve",
    "scenegym.evaluation.baselines",
    "scenegym.evaluation.play",
    "scenegym.evaluation.serve",
    "scenegym.training.train_command",
    "scenegym.training.selfplay_command",
    "scenegym.training.export_command",
    "scenegym.training.bench_train_command",
)

REFUSED = options.REFUSED
INTERRUPTED = 130  # 128 + SIGINT, as shells report it


DefaultsParser = options.CommandParser  # a subcommand's parser: each default shown once


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
        importlib.import_module(name).add_parser(sub)
    return parser, sub


def given_options(argv: list[str]) -> set[str]:
    """The options (by ``dest``) that ``argv`` gives explicitly, defaults left out."""
    parser, sub = _parser_and_commands()
    full = vars(parser.parse_args(argv))
    unset = type("Unset", (list,), {})()  # a list: append actions copy it when given
    sub.choices[full["command"]].set_defaults(**{k: unset for k in full})
    given = vars(parser.parse_args(argv))
    return {k for k, v in given.items() if v is not unset} - {"command", "deprecated"}


def main(argv=None) -> int:
    """Entry point of the ``scenegym`` console script.

    A refused input (a ``ValueError``, ``TypeError`` or a file that is missing, exists
    already or may not be written, each naming what was wrong) is printed as one error line
    with exit status 2, not as a traceback; so is a missing extra. Ctrl-C prints one line
    with exit status 130.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    parser, sub = _parser_and_commands()
    command = next((a for a in argv if a in sub.choices), None)
    missing = command and missing_needs(sub.choices[command].get_default("needs") or ())
    if missing:  # before parsing: --help too, as the command cannot run here
        print(f"scenegym {command}: error: {missing}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    args.given = given_options(argv)
    for line in options.deprecation_lines(args):
        print(f"scenegym {args.command}: {line}", file=sys.stderr)
    with warnings.catch_warnings():
        warnings.showwarning = one_line_notices(args.command, warnings.showwarning)
        return _run(args)


def _run(args) -> int:
    """Run the parsed command; what a user got wrong ends in one line, not a traceback."""
    try:
        check_out(args)
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


def one_line_notices(command: str, show_other):
    """A ``warnings.showwarning`` that prints scenegym's notices
    (:class:`~scenegym.envs.notice.SceneGymWarning`) as ``scenegym COMMAND: warning: ...``
    and hands other warnings to ``show_other``."""

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, SceneGymWarning):
            print(f"scenegym {command}: warning: {message}", file=sys.stderr)
        else:
            show_other(message, category, filename, lineno, file, line)

    return show


def _error(args, err) -> int:
    print(f"scenegym {args.command}: error: {err}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
