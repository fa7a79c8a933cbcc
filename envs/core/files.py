"""Files written atomically: a temp file in the same folder, then a rename.

An interrupted run (Ctrl-C, a killed process) leaves either the old file or the new one,
never half of one. Files follow the umask, as ``open`` would create them (``mkstemp`` alone
makes them private, mode 0600).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def atomic_write(path, write) -> None:
    """Create ``path`` atomically; ``write(fileobj)`` fills a binary temp file beside it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~current_umask())
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def current_umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write_text(path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write(path, lambda f: f.write(text.encode("utf-8")))


def atomic_write_json(path, data) -> None:
    """Write ``data`` as indented JSON to ``path`` atomically."""
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True) + "\n")
