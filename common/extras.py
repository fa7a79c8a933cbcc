"""Optional dependencies: which extra installs a module, and the line that says so.

A command whose work needs an extra that is not installed ends with one line naming the
``pip install`` that adds it, exit status 2 (:func:`scenegym.cli.main`, and
:func:`exit_missing` for a script run with ``python -m``).
"""

from __future__ import annotations

import importlib.util
import sys

# optional dependencies, by the extra that installs them
EXTRA_OF_MODULE = {"torch": "train", "stable_baselines3": "train", "sb3_contrib": "train",
                   "onnx": "train", "onnxruntime": "train", "trueskill": "train",
                   "tensorboard": "train", "matplotlib": "report", "markdown": "report",
                   "ray": "ray", "pettingzoo": "pettingzoo", "flask": "serve",
                   "werkzeug": "serve"}
MISSING = 2  # the exit status of a command refused for a missing extra


def pip_line(extra: str) -> str:
    """The command that installs ``extra``."""
    return f'pip install "scenegym[{extra}]"'


def missing_extra(err: ModuleNotFoundError) -> str | None:
    """The message for an optional dependency that is not installed, else None."""
    top = (err.name or "").split(".")[0]
    return needs_line(top) if top in EXTRA_OF_MODULE else None


def needs_line(module: str) -> str:
    """What a command says when the optional dependency ``module`` is not installed."""
    extra = EXTRA_OF_MODULE[module]
    return f"this command needs {module}, from the {extra!r} extra: {pip_line(extra)}"


def exit_missing(err: ModuleNotFoundError, prog: str) -> None:
    """End a script that could not import an extra: one line on stderr, exit status 2
    (re-raise ``err`` when it names no optional dependency: a bug, not a missing extra)."""
    message = missing_extra(err)
    if message is None:
        raise err
    print(f"{prog}: error: {message}", file=sys.stderr)
    raise SystemExit(MISSING)


def installed(module: str) -> bool:
    """Whether the top-level ``module`` can be imported (without importing it)."""
    if module in sys.modules:
        return sys.modules[module] is not None
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def missing_needs(needs) -> str | None:
    """The message for the first of ``needs`` (top-level modules) not installed, else None."""
    return next((needs_line(m) for m in needs if not installed(m)), None)
