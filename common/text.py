"""Plain text for the terminal from docstrings written for the API docs."""

from __future__ import annotations

import re

_ROLE = re.compile(r":\w+:`~?([^`]*)`")


def summary(doc: str | None) -> str:
    """The first line of ``doc`` without reST markup (``:data:`X``` -> X, ````x```` -> x)."""
    first = (doc or "").strip().splitlines()[0] if doc and doc.strip() else ""
    return _ROLE.sub(r"\1", first).replace("``", "")
