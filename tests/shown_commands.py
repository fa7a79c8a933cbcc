"""The shell commands a Markdown page shows: what README's and the docs' tests read.

On the pytest path (``pythonpath = ["tests"]``), like ``scripted.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
SHELL = ("bash", "sh", "console")


def blocks(page: Path, languages=SHELL) -> list[tuple[int, str]]:
    """``(line of its first row, body)`` of each fenced block of ``page`` in ``languages``."""
    text = page.read_text()
    return [(text[:m.start()].count("\n") + 2, m.group(2)) for m in FENCE.finditer(text)
            if m.group(1) in languages]


def commands(page: Path, program: str = "scenegym") -> list[tuple[int, str]]:
    """``(line, command)`` of every ``program ...`` line of the page's shell blocks: continued
    lines joined, a trailing comment and a leading ``VAR=value`` dropped."""
    found = []
    for first, body in blocks(page):
        rows = body.splitlines()
        n = 0
        while n < len(rows):
            start, line = n, rows[n]
            while line.endswith("\\") and n + 1 < len(rows):  # a continued line
                n += 1
                line = line[:-1] + " " + rows[n].strip()
            n += 1
            line = re.sub(r"\s+#.*$", "", line.strip())
            line = re.sub(r"^[A-Z_]+=\S+\s+", "", line)
            if line.startswith(program + " "):
                found.append((first + start, line))
    return found
