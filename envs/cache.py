"""Where numba keeps the compiled kernels: a folder per version of the source.

Numba checks a cached kernel only against its own file's timestamp, not against the
modules whose constants it compiled in (a state layout, the header). A kernel cached before
such a module changed would load with stale column numbers and silently compute garbage.
So the cache lives in a folder named by a hash of every source file of the packages that
compile kernels: any change to them starts a fresh folder.

The folder is ``$NUMBA_CACHE_DIR/scenegym-<hash>`` when ``NUMBA_CACHE_DIR`` is set, else
``$XDG_CACHE_HOME/scenegym/numba-<hash>`` (``~/.cache`` when unset).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba

PACKAGES = ("envs", "agents", "evaluation", "training")


def source_digest(root: Path) -> str:
    """A hash of every ``.py`` file of :data:`PACKAGES` under ``root`` (paths and bytes)."""
    h = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def cache_dir(digest: str) -> Path:
    """The kernel cache folder for sources with hash ``digest``."""
    user_dir = os.environ.get("NUMBA_CACHE_DIR")
    if user_dir:
        return Path(user_dir) / f"scenegym-{digest}"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "scenegym" / f"numba-{digest}"


def use_versioned_cache() -> Path:
    """Point numba's cache at this source version's folder; returns the folder."""
    folder = cache_dir(source_digest(Path(__file__).resolve().parent.parent))
    numba.config.CACHE_DIR = str(folder)
    return folder
