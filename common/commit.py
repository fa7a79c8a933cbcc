"""The commit a measurement was made on, as the pages and tables that record figures name it."""

from __future__ import annotations

import subprocess
from pathlib import Path


def short_commit(where: Path | None = None, outside: str = "unknown") -> str:
    """The short hash of the commit checked out at ``where`` (default: this package's
    folder), or ``outside`` where git does not answer (an installed package, no git)."""
    folder = Path(__file__).resolve().parent if where is None else where
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True, cwd=folder)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return outside
