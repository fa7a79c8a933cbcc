"""A report as one self-contained HTML page that a designer opens without Python.

The page carries the report's markdown (tables and fenced code blocks included, rendered by
Python-Markdown), every
plot as a base64 PNG inside its ``<img>`` (no file or URL beside it) and, per arm, the
scenes of :mod:`scenegym.evaluation.shown`: why each was picked, the ``scenegym replay``
command that prints it again, and its transcript. Text from the report is HTML-escaped.

The tests parse the page (every image decodes, nothing is fetched from elsewhere); that a
browser draws it is a manual check, e.g. with Chromium::

    chromium --headless --screenshot=shot.png --window-size=1400,2400 file://$PWD/out/report.html
"""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from scenegym.envs.core.files import atomic_write_text

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.5em; text-align: left; }
th { background: #eef; }
figure { display: inline-block; margin: 0.5em; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }
pre.command { background: #223; color: #eee; }
"""


FENCED = re.compile(r"^```[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)  # a fenced code block


def markdown_html(text: str) -> str:
    """The report's markdown as HTML (its text escaped first: no markup gets through); a
    fenced code block (```) is a ``<pre>`` block, its lines kept as they are."""
    import markdown

    parts = FENCED.split(text)  # text, code, text, code, ..., text
    return "\n".join(
        f"<pre>{html.escape(part.rstrip(chr(10)), quote=False)}</pre>" if k % 2
        else markdown.markdown(html.escape(part, quote=False), extensions=["tables"])
        for k, part in enumerate(parts))


def image_html(path: Path) -> str:
    """A PNG file as an ``<img>`` holding its bytes (a data URL)."""
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    name = html.escape(Path(path).stem.replace("_", " "))
    return f'<figure><img alt="{name}" src="data:image/png;base64,{data}"></figure>'


def scene_html(scene: dict) -> str:
    """One shown scene: why it was picked, its replay command and its transcript."""
    title = (f"{scene['why']}: scene {scene['scene']} "
             f"({scene['decisions']} decisions, final margin {scene['final_margin']}, "
             f"result {scene['result']:+d})")
    return (f"<h4>{html.escape(title)}</h4>\n"
            f'<pre class="command">{html.escape(scene["command"])}</pre>\n'
            f'<pre class="transcript">{html.escape(chr(10).join(scene["transcript"]))}</pre>')


def page(title: str, text: str, plots=(), results: dict | None = None) -> str:
    """The whole page: ``text`` (markdown), the ``plots`` (PNG files) and the scenes shown of
    each arm of ``results`` (``{arm: report}`` with ``scenes_shown``)."""
    parts = [markdown_html(text)]
    if plots:
        parts += ["<h2>Plots</h2>"] + [image_html(p) for p in plots]
    shown = {arm: r["scenes_shown"] for arm, r in (results or {}).items() if r.get("scenes_shown")}
    if shown:
        parts.append("<h2>Scenes</h2>\n<p>The longest, shortest and most lopsided scene of each "
                     "arm, and a few drawn at random; each command prints its transcript "
                     "again.</p>")
        for arm, scenes in shown.items():
            parts.append(f"<h3>{html.escape(arm)}</h3>")
            parts += [scene_html(s) for s in scenes]
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")


def write_page(path, title: str, text: str, plots=(), results: dict | None = None) -> Path:
    """Write :func:`page` to ``path`` atomically; returns the path."""
    atomic_write_text(path, page(title, text, plots, results))
    return Path(path)
