"""The web app of ``scenegym serve``: a table in the browser (Flask).

A designer picks an env id, a seat, an opponent (an agent or a policy file), a seed and
config fields or a scenario, and plays the scene as ``scenegym play`` does, with the same
:class:`~scenegym.evaluation.play.Table`: the transcript grows, the seat's view
(:func:`~scenegym.evaluation.sheet.sheet`) and the legal actions are shown by name, undo
replays the scene from its seed, and the transcript downloads as ``play-SEED.txt`` with the
command that replays it. Each scene is kept in this process under its own id, the id in its
URL, so two tabs play two scenes. With a folder, the front page lists the HTML pages of the
reports, sweeps and tunings in it (or below it) and serves them.

Pages are rendered on the server from the templates and the style sheet shipped beside this
module (``web/``): no script, nothing fetched from elsewhere.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from flask import Flask, abort, redirect, render_template, request, send_from_directory, url_for

from scenegym.agents.registry import agent_names
from scenegym.common import options
from scenegym.common.overrides import parse_overrides, split_items
from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.envid import SCENARIO
from scenegym.envs.core.seeds import check_seed
from scenegym.envs.gym_env import env_config
from scenegym.envs.rulesets import env_ids
from scenegym.evaluation.play import SEATS, Table
from scenegym.evaluation.sheet import sheet

MOST_TABLES = 64  # scenes kept at once; a new one beyond them drops the least recently played
PAGES = ("report.html", "sweep.html", "tune.html")  # the pages of report, sweep and tune
OPPONENT = "heuristic"


@dataclass
class Game:
    """One scene at the table: the person's seat, the opponent, and a note for the next page.

    Args:
        table: The scene (:class:`~scenegym.evaluation.play.Table`).
        seat: ``crew`` or ``gm``, the person's seat.
        opponent: The agent (or policy file) in the other seat.
    """

    table: Table
    seat: str
    opponent: str
    note: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def seats(self) -> dict:
        """``{seat: "you" or the opponent}``, as the saved transcript names them."""
        mine = SEATS[self.seat]
        return {s: ("you" if s == mine else self.opponent) for s in SEATS.values()}


class Games:
    """The scenes being played, each under a fresh id; at most ``most`` of them."""

    def __init__(self, most: int = MOST_TABLES):
        self.most, self.games, self.lock = most, OrderedDict(), threading.Lock()

    def add(self, game: Game) -> str:
        """Keep ``game``; returns its id."""
        key = secrets.token_hex(8)
        with self.lock:
            self.games[key] = game
            while len(self.games) > self.most:
                self.games.popitem(last=False)
        return key

    def get(self, key: str) -> Game:
        """The game of ``key`` (404 when there is none: unknown, or dropped)."""
        with self.lock:
            if key not in self.games:
                abort(404, description=f"no scene {key!r} at this table: start a new one")
            self.games.move_to_end(key)
            return self.games[key]


def read_seed(text: str) -> int:
    """The form's seed: blank for fresh entropy, else an integer of the seed range."""
    text = text.strip()
    if not text:
        return fresh_seed()
    return check_seed(int(text) if text.lstrip("-").isdigit() else text, "seed:")


def read_overrides(config_text: str, scenario: str, config_type) -> dict:
    """The form's config fields (``FIELD=VALUE``, one a line or comma-separated as in
    ``--set``) and scenario (a path or a shipped scenario's name; blank: none)."""
    items = [item.strip() for line in config_text.splitlines() for item in split_items(line)
             if item.strip()]
    overrides = parse_overrides(items, config_type, "config")
    if scenario.strip():
        overrides[SCENARIO] = scenario.strip()
    return overrides


def new_game(form) -> Game:
    """The scene the front page's form asks for, at the person's first decision.

    Raises:
        ValueError: (or another of :data:`scenegym.common.options.REFUSED`) a field that
            cannot be played, the message naming it and what is allowed.
    """
    env_id = options.env_id_of(form.get("env", ""))
    seat = form.get("seat", "crew")
    if seat not in SEATS:
        raise ValueError(f"seat {seat!r}: allowed: {', '.join(SEATS)}")
    opponent = form.get("opponent", "").strip() or OPPONENT
    rs, _ = env_config(env_id)
    overrides = read_overrides(form.get("config", ""), form.get("scenario", ""),
                               rs.config_type)
    mine = SEATS[seat]
    other = next(s for s in SEATS.values() if s != mine)
    table = Table(env_id, read_seed(form.get("seed", "")), {other: opponent}, overrides)
    table.check_decides(seat)
    return Game(table, seat, opponent)


def listed_pages(folder: Path | None) -> list[str]:
    """The report, sweep and tuning pages in ``folder`` or below it, as paths relative to
    it (none without a folder)."""
    if folder is None:
        return []
    found = (p for name in PAGES for p in folder.rglob(name) if p.is_file())
    return sorted(p.relative_to(folder).as_posix() for p in found)


def legal_choices(table: Table) -> list[tuple[int, str]]:
    """``(action, name)`` of each legal action of the pending decision."""
    names = table.layout.action_names
    return [(int(a), names[a]) for a in np.flatnonzero(table.batch.masks[0])]


def create_app(folder: Path | None = None) -> Flask:
    """The app: the front page (the form, and ``folder``'s pages), and one page per scene.

    Args:
        folder: A folder whose report, sweep and tuning pages are listed and served.
    """
    app = Flask(__name__, template_folder="web/templates", static_folder="web/static")
    games = Games()
    folder = None if folder is None else Path(folder).resolve()

    def front(error: str = "", form=None, status: int = 200):
        page = render_template("front.html", env_ids=env_ids(), seats=list(SEATS),
                               agents=agent_names(), form=form or {}, error=error,
                               pages=listed_pages(folder), folder=folder)
        return page, status

    @app.get("/")
    def index():
        return front()

    @app.post("/new")
    def start():
        try:
            game = new_game(request.form)
        except options.REFUSED as err:
            return front(str(err).splitlines()[0], request.form, 400)
        return redirect(url_for("scene", key=games.add(game)), 303)

    @app.get("/scene/<key>")
    def scene(key: str):
        game = games.get(key)
        with game.lock:
            table, note = game.table, game.note
            game.note = ""
            view = [] if table.over else sheet(table.layout, table.batch.obs[0])
            choices = [] if table.over else legal_choices(table)
            return render_template("scene.html", key=key, game=game, table=table,
                                   lines=table.transcript(), view=view, choices=choices,
                                   note=note, result=table.result() if table.over else "")

    @app.post("/scene/<key>/choose")
    def choose(key: str):
        game = games.get(key)
        with game.lock:
            try:
                game.table.choose(int(request.form.get("action", "-1")))
            except ValueError as err:
                game.note = f"not taken: {err}"
        return redirect(url_for("scene", key=key), 303)

    @app.post("/scene/<key>/undo")
    def undo(key: str):
        game = games.get(key)
        with game.lock:
            game.note = ("your last choice is undone" if game.table.undo()
                         else "nothing to undo: you have made no choice yet")
        return redirect(url_for("scene", key=key), 303)

    @app.get("/scene/<key>/play-<int:seed>.txt")
    def saved(key: str, seed: int):
        game = games.get(key)
        if seed != game.table.seed:
            abort(404)
        with game.lock:
            text = game.table.record(game.seats())
        return app.response_class(text, mimetype="text/plain", headers={
            "Content-Disposition": f"attachment; filename=play-{seed}.txt"})

    @app.get("/pages/<path:page>")
    def shown_page(page: str):
        if page not in listed_pages(folder):
            abort(404)
        return send_from_directory(folder, page)

    return app
