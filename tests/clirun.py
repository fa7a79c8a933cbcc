"""Run ``scenegym`` as a user does, in a subprocess, and check how it ended.

Shared by the tests of every command (on the pytest path, like ``scripted.py``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

REFUSED, INTERRUPTED = 2, 130
SHOWN = 3000  # characters of a terminal kept in a process's stderr for failed assertions


def scenegym(*args, cwd=None, timeout=300, env=None, **kwargs) -> subprocess.CompletedProcess:
    """``scenegym ARGS...`` in a fresh process; stdout and stderr captured as text."""
    return subprocess.run([sys.executable, "-m", "scenegym.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env={**os.environ, **(env or {})}, check=False, **kwargs)


def in_process(capsys, *args) -> subprocess.CompletedProcess:
    """``scenegym ARGS...`` in this process, ended and captured as :func:`scenegym` ends and
    captures a fresh one (exit status, stdout, stderr as text), for :func:`assert_refused`:
    a refusal checked here costs no new interpreter and its imports (about 1.4 s of CPU
    each); an uncaught exception fails the test, as a traceback would."""
    from scenegym.cli import main

    capsys.readouterr()  # what the test printed before is not the command's
    try:
        code = main(list(map(str, args)))
    except SystemExit as end:  # argparse ends a bad command line so
        code = end.code
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["scenegym", *map(str, args)], code, out, err)


def run_json(capsys, argv) -> dict:
    """``scenegym ARGV`` in this process (it must exit 0), its printed JSON read back."""
    import json

    from scenegym.cli import main

    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def assert_refused(done: subprocess.CompletedProcess, *words: str) -> str:
    """The command was refused with exit status 2 and one error line holding ``words``."""
    err = done.stderr.strip()
    assert done.returncode == REFUSED, (done.returncode, err[-SHOWN:])
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and "error:" in lines[0], err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def terminal(rows: int = 24, columns: int = 100) -> tuple[int, int]:
    """A pseudo-terminal of a real size (tqdm draws nothing on a zero-width one)."""
    main_fd, term_fd = pty.openpty()
    fcntl.ioctl(term_fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return main_fd, term_fd


def started_on_a_terminal(argv) -> tuple[subprocess.Popen, int]:
    """``scenegym ARGV`` started with stdout captured and stderr on a pseudo-terminal; returns
    the process and the terminal's reading end."""
    main_fd, term_fd = terminal()
    proc = subprocess.Popen([sys.executable, "-m", "scenegym.cli", *map(str, argv)],
                            stdout=subprocess.PIPE, stderr=term_fd, text=True)
    os.close(term_fd)
    return proc, main_fd


def finished(proc: subprocess.Popen, out: str, seen: str) -> subprocess.CompletedProcess:
    """The ended process, its ``stderr`` the terminal's last :data:`SHOWN` characters (what
    a failed assertion on it shows)."""
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, seen[-SHOWN:])


def interrupted_on_a_terminal(argv, ready: str, timeout: float = 300.0):
    """Run ``scenegym ARGV`` with stderr on a pseudo-terminal (as in a terminal: progress
    bars show), send SIGINT once the regex ``ready`` matches it; returns the finished
    process (stdout captured; its ``stderr``, as a failed assertion shows it, the terminal's
    last :data:`SHOWN` characters) and all of stderr."""
    proc, main_fd = started_on_a_terminal(argv)
    seen, end = "", time.monotonic() + timeout
    while not re.search(ready, seen) and time.monotonic() < end and proc.poll() is None:
        if select.select([main_fd], [], [], 0.5)[0]:
            seen += os.read(main_fd, 4096).decode(errors="replace")
    if not re.search(ready, seen):
        proc.kill()
        proc.wait()
        raise AssertionError(f"{ready!r} never showed: {seen[-SHOWN:]}")
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    while select.select([main_fd], [], [], 0.2)[0]:
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk.decode(errors="replace")
    os.close(main_fd)
    return finished(proc, out, seen), seen


def on_a_terminal(*args, timeout: float = 300.0) -> tuple[subprocess.CompletedProcess, str]:
    """``scenegym ARGS...`` run to its end with stderr on a pseudo-terminal; returns the
    process (stdout captured; its ``stderr``, as a failed assertion shows it, the terminal's
    last :data:`SHOWN` characters) and all it wrote to the terminal."""
    proc, main_fd = started_on_a_terminal(args)
    seen, end = "", time.monotonic() + timeout
    while time.monotonic() < end:
        if select.select([main_fd], [], [], 0.5)[0]:
            try:
                chunk = os.read(main_fd, 4096)
            except OSError:  # the terminal closed: the process ended
                break
            seen += chunk.decode(errors="replace")
        elif proc.poll() is not None:
            break
    out, _ = proc.communicate(timeout=60)
    os.close(main_fd)
    return finished(proc, out, seen), seen


@contextlib.contextmanager
def unwritable(folder):
    """``folder`` (made if missing) that this process can neither write in nor make folders
    in, even as root (mode 0555, and immutable when root: ``chattr +i``); skips the test where
    neither stops this user."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    immutable = os.geteuid() == 0 and subprocess.run(["chattr", "+i", str(folder)],
                                                     capture_output=True).returncode == 0
    try:
        if os.access(folder, os.W_OK) and not immutable:
            pytest.skip("this user may write in any folder (root without chattr)")
        yield folder
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)


def full_disk_for(monkeypatch, *names: str) -> None:
    """Writes of the files called ``names`` fail after the work, as on a full disk (the
    ``--out`` check before the work passes); other files, such as the kept copies, are
    written."""
    import errno

    from scenegym.common import files

    real = files.atomic_write_text

    def write(path, text):
        if Path(path).name in names:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real(path, text)

    monkeypatch.setattr(files, "atomic_write_text", write)
