"""Files written atomically: a temp file in the same folder, then a rename.

An interrupted run (Ctrl-C, a killed process) leaves either the old file or the new one,
never half of one. Files follow the umask, as ``open`` would create them (``mkstemp`` alone
makes them private, mode 0600).

A write that fails after the work is done (a full disk, a folder that went away) should not
lose the results: :func:`write_or_keep` writes them beside the target, or says it could not.
"""

from __future__ import annotations

import contextlib
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
    """Refuse, before any work, an output folder that cannot be made or written in.

    The check does what the write will do: it makes the missing folders, writes a probe file
    in the last one, and removes both again (so a refused command leaves nothing behind).
    A folder under a file, one that may not be made (a read-only or immutable parent, a name
    too long) and one that may not be written in are all refused, even for root, whom
    permission bits do not stop.

    Raises:
        ValueError: Naming ``what``, the folder and the reason.
    """
    folder = Path(folder)
    shown = str(folder if shown is None else shown)
    made, where, existing = [], folder, None
    try:
        existing = next((p for p in [folder, *folder.parents] if p.exists()), None)
        if existing is not None and not existing.is_dir():
            raise ValueError(f"{what} {shown!r}: {str(existing)!r} is a file, not a folder")
        for where in reversed([p for p in [folder, *folder.parents] if not p.exists()]):
            where.mkdir()
            made.append(where)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".scenegym-probe-")
        os.close(handle)
        os.unlink(probe)
    except OSError as err:
        doing = "write in" if where in made or where == existing else "make"
        raise ValueError(f"{what} {shown!r}: cannot {doing} {str(where)!r} "
                         f"({err.strerror or err})") from None
    finally:
        for done in reversed(made):
            with contextlib.suppress(OSError):
                done.rmdir()
    return folder


def check_out(args) -> None:
    """Refuse, before a command starts, its ``--out`` folder if it cannot be written."""
    if getattr(args, "out", None) is not None:
        check_writable_folder(args.out)


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
