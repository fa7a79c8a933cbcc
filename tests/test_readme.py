"""README.md is a front door whose every command runs as written.

Each ``bash`` block's ``scenegym`` lines run as a user would type them (in a fresh folder, so
what they write stays there), and each ``python`` block runs as a script; the install and test
line is the suite itself and is left to CI, which runs it exactly as README gives it.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from shown_commands import blocks as shown_blocks
from shown_commands import commands as shown_commands

README = Path(__file__).resolve().parent.parent / "README.md"
MAX_LINES = 200


def blocks(language: str) -> list[str]:
    return [body for _, body in shown_blocks(README, (language,))]


def commands() -> list[str]:
    """Every ``scenegym`` command of README's bash blocks, continuation lines joined."""
    return [line for _, line in shown_commands(README)]


def test_readme_is_a_front_door():
    lines = README.read_text().splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines; keep it to {MAX_LINES}"
    assert commands() and blocks("python"), "README shows no command or no Python example"


def test_the_test_command_is_the_one_ci_runs():
    ci = (README.parent / ".ci" / "run").read_text()
    tests = [line for body in blocks("bash") for line in body.splitlines() if "pytest" in line]
    assert len(tests) == 1 and tests[0].strip() in ci, tests


@pytest.mark.slow
@pytest.mark.parametrize("line", commands())
def test_each_command_runs_as_written(line, tmp_path):
    argv = shlex.split(line)
    done = subprocess.run([sys.executable, "-m", "scenegym.cli", *argv[1:]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, (line, done.stderr[-2000:])
    assert done.stdout.strip(), line


@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(blocks("python"))))
def test_each_python_example_runs(number, tmp_path):
    done = subprocess.run([sys.executable, "-c", blocks("python")[number]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("command", sorted({shlex.split(c)[1] for c in commands()}
                                           | {"train", "selfplay", "export", "bench-train",
                                              "variants", "sweep", "baselines", "solve",
                                              "soak", "play", "serve", "bench"}))
def test_each_command_of_the_table_has_help(command):
    done = subprocess.run([sys.executable, "-m", "scenegym.cli", command, "--help"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and "usage: scenegym " + command in done.stdout, done.stderr
    table = README.read_text().split("## Commands", 1)[1]
    assert f"`{command}`" in table, f"README's command table does not list {command}"
