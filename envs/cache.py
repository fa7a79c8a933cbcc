"""Where numba keeps the compiled kernels: one folder per version of what they compile to.

Numba checks a cached kernel only against its own file's timestamp, not against the modules
whose constants it compiled in (a state layout, the header), nor against the numba release
or the ``NUMBA_BOUNDSCHECK`` flag it was compiled under. So the cache lives in a folder named
by a digest of everything that changes the machine code:

- the code of every module of :data:`KERNEL_PACKAGES` (parsed, so comments and docstrings,
  help text included, do not count: editing them keeps the kernels);
- the numba version;
- whether bounds checking is on (``NUMBA_BOUNDSCHECK=1`` compiles an index check into every
  array access: a bounds-checked run never loads an unchecked kernel, nor the other way round);
- whether borrowed views are on (``SCENEGYM_BORROW``, :mod:`scenegym.envs.core.borrow`).

The folder is ``$NUMBA_CACHE_DIR/scenegym-<digest>`` when ``NUMBA_CACHE_DIR`` is set, else
``$XDG_CACHE_HOME/scenegym/numba-<digest>`` (``~/.cache`` when unset). Folders of other
digests not used for :data:`KEEP_DAYS` days are removed, beyond the :data:`KEEP_RECENT` most
recently used.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import time
from pathlib import Path

import numba

ROOT = Path(__file__).resolve().parent.parent  # the scenegym package folder
KERNEL_PACKAGES = ("envs", "agents", "evaluation/odds")  # every module numba compiles
KEEP_RECENT = 4
KEEP_DAYS = 7


def code_of(path: Path) -> str:
    """The code of a module without its comments and docstrings (a dump of its syntax tree)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def code_digests(paths, memo_file: Path | None) -> list[str]:
    """The digest of each file's code (:func:`code_of`), remembered in ``memo_file`` by the
    digest of the file's bytes: parsing every module at each import costs a tenth of a
    second, reading them a millisecond."""
    try:
        memo = json.loads(memo_file.read_text()) if memo_file else {}
    except (OSError, ValueError):
        memo = {}
    used, digests = {}, []
    for path in paths:
        raw = hashlib.sha256(path.read_bytes()).hexdigest()
        code = memo.get(raw) or hashlib.sha256(code_of(path).encode()).hexdigest()
        used[raw] = code
        digests.append(code)
    if memo_file and used != memo:
        try:
            memo_file.parent.mkdir(parents=True, exist_ok=True)
            tmp = memo_file.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(used))
            os.replace(tmp, memo_file)
        except OSError:
            pass
    return digests


def source_digest(root: Path = ROOT, boundscheck: bool | None = None,
                  memo_file: Path | None = None) -> str:
    """A digest of the kernel sources under ``root``, the numba version and the bounds-check
    flag (default: numba's current setting)."""
    if boundscheck is None:
        boundscheck = bool(numba.config.BOUNDSCHECK)
    borrow = os.environ.get("SCENEGYM_BORROW", "1") != "0"  # see envs/core/borrow.py
    h = hashlib.sha256(f"numba {numba.__version__} boundscheck {int(boundscheck)} "
                       f"borrow {int(borrow)}".encode())
    paths = [p for package in KERNEL_PACKAGES for p in sorted((root / package).rglob("*.py"))]
    for path, code in zip(paths, code_digests(paths, memo_file)):
        h.update(str(path.relative_to(root)).encode())
        h.update(code.encode())
    return h.hexdigest()[:16]


def cache_parent() -> tuple[Path, str]:
    """The folder that holds the cache folders, and their name prefix."""
    user_dir = os.environ.get("NUMBA_CACHE_DIR")
    if user_dir:
        return Path(user_dir), "scenegym-"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "scenegym", "numba-"


def cache_dir(digest: str) -> Path:
    """The kernel cache folder for digest ``digest``."""
    parent, prefix = cache_parent()
    return parent / f"{prefix}{digest}"


def prune(current: Path, keep_recent: int = KEEP_RECENT, keep_days: float = KEEP_DAYS) -> list:
    """Remove the sibling cache folders of ``current`` that are neither among the
    ``keep_recent`` most recently used nor used in the last ``keep_days`` days."""
    prefix = cache_parent()[1]
    if not current.parent.is_dir():
        return []
    others = sorted((p for p in current.parent.glob(prefix + "*")
                     if p.is_dir() and p != current), key=lambda p: p.stat().st_mtime,
                    reverse=True)
    cutoff = time.time() - keep_days * 86400
    removed = [p for p in others[keep_recent - 1:] if p.stat().st_mtime < cutoff]
    for p in removed:
        shutil.rmtree(p, ignore_errors=True)
    return removed


_FOLDER: Path | None = None


def use_versioned_cache() -> Path:
    """Point numba's cache at this version's folder, mark it used, prune old ones."""
    global _FOLDER
    parent, prefix = cache_parent()
    folder = cache_dir(source_digest(memo_file=parent / f"{prefix}code-digests.json"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        prune(folder)
    except OSError:
        pass  # a read-only home: numba then warns and compiles in memory
    numba.config.CACHE_DIR = str(folder)
    _FOLDER = folder
    return folder


def kernel_cache_folder() -> Path:
    """The folder in use (set when :mod:`scenegym.envs` is imported)."""
    return _FOLDER if _FOLDER is not None else use_versioned_cache()
