"""Every ``scenegym`` command line the docs show parses under today's command line: a flag
renamed or removed fails here, not in a reader's terminal. (README's commands also run:
tests/test_readme.py.)"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from shown_commands import commands

from scenegym.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "CONTRIBUTING.md"]


def command_lines() -> list[tuple[str, str]]:
    """``(page:line, command)`` of every ``scenegym ...`` line in the pages' shell blocks."""
    return [(f"{page.relative_to(ROOT)}:{n}", line) for page in PAGES
            for n, line in commands(page)]


def test_the_docs_show_commands():
    assert len(command_lines()) > 20


@pytest.mark.parametrize(("where", "line"), command_lines(), ids=[w for w, _ in command_lines()])
def test_each_command_of_the_docs_parses(where, line, capsys):
    try:
        build_parser().parse_args(shlex.split(line)[1:])
    except SystemExit as stop:
        pytest.fail(f"{where}: {line}\n{capsys.readouterr().err}" if stop.code else where)
