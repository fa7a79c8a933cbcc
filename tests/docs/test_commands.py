"""Every ``scenegym`` command line the docs show parses under today's command line: a flag
renamed or removed fails here, not in a reader's terminal. (README's commands also run:
tests/test_readme.py.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from scenegym.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "CONTRIBUTING.md"]
FENCE = re.compile(r"^```(?:bash|sh|console)\n(.*?)^```", re.M | re.S)


def command_lines() -> list[tuple[str, str]]:
    """``(page:line, command)`` of every ``scenegym ...`` line in the pages' shell blocks."""
    found = []
    for page in PAGES:
        text = page.read_text()
        for block in FENCE.finditer(text):
            first = text[:block.start()].count("\n") + 2
            lines = block.group(1).splitlines()
            n = 0
            while n < len(lines):
                start, line = n, lines[n]
                while line.endswith("\\") and n + 1 < len(lines):  # a continued line
                    n += 1
                    line = line[:-1] + " " + lines[n].strip()
                n += 1
                line = re.sub(r"\s+#.*$", "", line.strip())
                line = re.sub(r"^[A-Z_]+=\S+\s+", "", line)  # an environment variable first
                if line.startswith("scenegym "):
                    found.append((f"{page.relative_to(ROOT)}:{first + start}", line))
    return found


def test_the_docs_show_commands():
    assert len(command_lines()) > 20


@pytest.mark.parametrize(("where", "line"), command_lines(), ids=[w for w, _ in command_lines()])
def test_each_command_of_the_docs_parses(where, line, capsys):
    try:
        build_parser().parse_args(shlex.split(line)[1:])
    except SystemExit as stop:
        pytest.fail(f"{where}: {line}\n{capsys.readouterr().err}" if stop.code else where)
