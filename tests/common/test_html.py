"""The self-contained HTML report (common/html.py, evaluation/shown.py): plots
inside the page, nothing fetched from elsewhere, and each scene shown replays to the same
transcript with its own command."""

import base64
import io
import re
import shlex
from html.parser import HTMLParser

import numpy as np
import pytest
from matplotlib.image import imread

from scenegym.cli import main
from scenegym.common.html import page
from scenegym.evaluation.shown import picked_rows

ARMS = ["--arm", "base=crew=random", "--arm", "final=crew=heuristic,clock_by_situation=(4,4,4)"]


class Page(HTMLParser):
    """Every tag's attributes, the images, and the text of each ``<pre>`` by class."""

    def __init__(self):
        super().__init__()
        self.attributes, self.images, self.pre, self._in = [], [], [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.attributes.append((tag, attrs))
        if tag == "img":
            self.images.append(attrs)
        if tag == "pre":
            self._in = [attrs.get("class"), ""]

    def handle_data(self, data):
        if self._in is not None:
            self._in[1] += data

    def handle_endtag(self, tag):
        if tag == "pre" and self._in is not None:
            self.pre.append(tuple(self._in))
            self._in = None


def parsed(path) -> Page:
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    assert main(["report", "starforged", "--scenes", "300", "--seed", "4", *ARMS,
                 "--out", str(out)]) == 0
    return out


def test_the_page_holds_every_plot_as_a_decodable_png_and_fetches_nothing(report):
    p = parsed(report / "report.html")
    assert len(p.images) == len(list(report.glob("*.png"))) == 4
    for img in p.images:
        head, _, data = img["src"].partition(",")
        assert head == "data:image/png;base64"
        pixels = imread(io.BytesIO(base64.b64decode(data, validate=True)), format="png")
        assert pixels.shape[0] > 100 and pixels.shape[1] > 100
    for tag, attrs in p.attributes:
        for key in ("src", "href"):
            assert not attrs.get(key) or attrs[key].startswith(("data:", "#")), (tag, attrs)
    assert "<table>" in (report / "report.html").read_text()


def test_each_scene_shown_replays_to_its_transcript_with_its_command(report, capsys):
    p = parsed(report / "report.html")
    commands = [text for kind, text in p.pre if kind == "command"]
    transcripts = [text for kind, text in p.pre if kind == "transcript"]
    assert len(commands) == len(transcripts) >= 2 * 4  # 3 extremes at most merge, 3 sampled
    assert any("--set 'clock_by_situation=(4, 4, 4)'" in c for c in commands)
    for command, transcript in zip(commands, transcripts):
        argv = shlex.split(command)
        assert argv[0] == "scenegym" and main(argv[1:]) == 0
        assert capsys.readouterr().out.splitlines()[1:] == transcript.splitlines()


def test_the_extremes_are_the_longest_shortest_and_most_lopsided_rows():
    # columns: result, decisions, lead changes, final margin
    ended = np.array([[1, 9, 0, 10], [-1, 3, 1, 80], [0, 30, 2, 5], [1, 12, 0, 20],
                      [1, 11, 0, 20], [-1, 8, 3, 40]])
    picks = picked_rows(ended, seed=1, sampled=2)
    assert {r: w for r, w in picks.items() if w != "sampled"} == {
        2: "longest", 1: "shortest, most lopsided"}
    assert len(picks) == 4 and set(picks) <= set(range(6))


def test_text_from_the_report_is_escaped():
    shown = {"why": "sampled", "scene": 0, "decisions": 1, "final_margin": 0,
             "result": 1, "command": "scenegym replay x", "transcript": ["<script>x</script>"]}
    html = page("<b>t</b>", "# <i>arm</i>", results={"<a>": {"scenes_shown": [shown]}})
    assert "<script>" not in html and "<i>" not in html and "<a>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html and "&lt;a&gt;" in html


def test_the_ruleset_statistics_are_code_blocks_not_a_run_on_paragraph(report):
    """Issue 26, item 10: "report.html renders the ruleset-statistics block as one run-on
    paragraph (its markdown has no code-block support)"."""
    md = (report / "report.md").read_text()
    blocks = re.findall(r"^```\n(.*?)\n```$", md, re.M | re.S)
    assert len(blocks) == 2 and all("\n" in b for b in blocks)  # one per arm, several lines
    shown = parsed(report / "report.html")
    assert [text for kind, text in shown.pre if kind is None] == blocks
    assert "```" not in (report / "report.html").read_text()


def test_a_code_block_is_escaped_once():
    shown = Page()
    shown.feed(page("t", "# t\n\n```\na < b & c\n```\n\n<b>x</b>\n"))
    assert shown.pre == [(None, "a < b & c")]
    assert ("b", {}) not in shown.attributes  # markup outside the block is text still
