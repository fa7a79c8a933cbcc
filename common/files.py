"""Files written atomically: a temp file in the same folder, then a rename.

An interrupted run (Ctrl-C, a killed process) leaves either the old file or the new one,
never half of one. Files follow the umask, as ``open`` would create them (``mkstemp`` alone
makes them private, mode 0600).

A write that fails after the work is done (a full disk, a folder that went away) should not
lose the results: :func:`write_or_keep` writes them beside the target, or says it could not.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from scenegym.envs.core.files import atomic_write, atomic_write_text


def check_writable(path, what: str = "--out") -> Path:
    """Refuse, before any work, an output file that cannot be written.

    Args:
        path: The file that will be written (its folders are created if missing).
        what: The option that named it, for the message.

    Raises:
        ValueError: ``path`` is a folder, sits under a file, or its folder is not writable.
    """
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"{what} {str(path)!r} is a folder; give a file name")
    check_writable_folder(path.parent, what, shown=path)
    return path


def check_writable_folder(folder, what: str = "--out", shown=None) -> Path:
    """Refuse, before any work, an output folder that is a file or cannot be written to."""
    folder = Path(folder)
    shown = str(folder if shown is None else shown)
    existing = next((p for p in [folder, *folder.parents] if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise ValueError(f"{what} {shown!r}: {str(existing)!r} is a file, not a folder")
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"{what} {shown!r}: no permission to write in {str(existing)!r}")
    return folder


def check_outputs(args) -> None:
    """Refuse, before any scene, an ``--out`` folder that cannot be written, and plots
    without matplotlib (the ``report`` extra)."""
    check_writable_folder(args.out)
    if not args.no_plots:
        import matplotlib  # noqa: F401


def write_or_keep(path, text: str, warn) -> Path | None:
    """Write ``text`` to ``path``; if that fails, beside it in the working folder or the
    temp folder, and say where through ``warn(message)``. Returns the file written, or None.
    """
    path = Path(path)
    try:
        atomic_write_text(path, text)
        return path
    except OSError as err:
        reason = err.strerror or str(err)
    for folder in (Path.cwd(), Path(tempfile.gettempdir())):
        keep = folder / f"scenegym-kept-{path.name}"
        try:
            atomic_write_text(keep, text)
        except OSError:
            continue
        warn(f"could not write {str(path)!r} ({reason}); kept the results in {str(keep)!r}")
        return keep
    warn(f"could not write {str(path)!r} ({reason}) nor keep a copy; the results are above")
    return None


def save_figure(fig, path) -> Path:
    """Write a matplotlib figure as a PNG, atomically, close it, and return the path."""
    import matplotlib.pyplot as plt

    path = Path(path)
    fig.tight_layout()
    atomic_write(path, lambda f: fig.savefig(f, format="png", dpi=120))
    plt.close(fig)
    return path
