"""``scenegym play``: take a seat at the table against an agent, in the terminal.

The scene's transcript grows as it is played; at each of your decisions you see the table
(the observation of your seat, decoded by its slot names: :mod:`scenegym.evaluation.sheet`)
and the legal actions by number and name. Type a number or a name, ``undo`` to take back your
last choice, or ``quit`` (Ctrl-D too). ``--watch`` lets two agents (``--crew``, ``--gm``)
play at a readable pace instead. ``--out FOLDER`` keeps the transcript there, as
``play-SEED.txt``, with the command that replays the scene.

Undo is exact: the scene is played again from its seed with your recorded choices less the
last one. The dice are counter-based (scene ``k`` of env ``i`` depends only on the seed, ``i``
and ``k``), and the agents' choices depend only on what they see and their own seeds, so every
die and every opponent choice before the undone one comes out the same.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

import numpy as np

from scenegym.agents import make_agent
from scenegym.common import options
from scenegym.common.files import check_writable_folder, write_or_keep
from scenegym.common.overrides import parse_overrides
from scenegym.common.scenes import seat_seed
from scenegym.common.text import summary
from scenegym.envs.core.header_columns import CREW, GM, RESULT, SEAT_NAMES, TRUNCATED
from scenegym.envs.core.seeds import fresh_seed
from scenegym.evaluation.replay import set_arguments
from scenegym.evaluation.sheet import legal_actions, sheet

SEATS = {"crew": CREW, "gm": GM}
LOG_CAPACITY = 1 << 14
COMMANDS = ("undo", "quit")


class Table:
    """One scene of ``env_id`` from ``seed``, replayed from the start on demand.

    With a person in a seat, the agents play on to that person's decision at once; with
    agents in both seats, :meth:`advance` plays the scene on.

    Args:
        env_id: A registered env id.
        seed: The scene's seed.
        agents: ``{seat: agent spec}`` for the seats agents play (a seat left out is yours).
        overrides: Config fields.
    """

    def __init__(self, env_id: str, seed: int, agents: dict, overrides: dict):
        from scenegym.envs.gym_env import env_config  # the engine: numba, not for --help

        self.ruleset, self.config = env_config(env_id, None, overrides)
        self.env_id, self.seed, self.specs, self.overrides = env_id, seed, agents, overrides
        self.layout = self.ruleset.layout_of(self.config)
        self.choices: list[int] = []  # your decisions, in order
        self.undos = 0
        self.replay()

    def replay(self) -> None:
        """Play the scene from its seed: your recorded choices, the agents' own, until your
        next decision is pending or the scene is over."""
        from scenegym.envs.core.batch import SceneBatch

        self.batch = SceneBatch(self.ruleset, self.config, 1, log_capacity=LOG_CAPACITY)
        self.batch.reset(self.seed)
        self.agents = {seat: make_agent(spec, self.ruleset.name, seat_seed(self.seed, seat),
                                        self.config) for seat, spec in self.specs.items()}
        self.events, self._used = self.batch.drain_events()[0], 0
        if len(self.agents) < len(SEATS):  # a person plays: on to their decision
            self.advance()

    def advance(self, one: bool = False) -> None:
        """Agents and recorded choices decide until yours is pending (``one``: one decision)."""
        from scenegym.agents.seats import choose_actions

        actions = np.zeros(1, np.int64)
        while not self.over:
            seat = self.pending
            if seat in self.agents:
                choose_actions(self.batch, {seat: self.agents[seat]}, actions)
            elif self._used < len(self.choices):
                actions[0] = self.choices[self._used]
                self._used += 1
            else:
                return
            self.batch.step(actions)
            self.events += self.batch.drain_events()[0]
            if one:
                return

    @property
    def over(self) -> bool:
        return bool(self.batch.over[0])

    @property
    def pending(self) -> int:
        return int(self.batch.pending_seat[0])

    def choose(self, action: int) -> None:
        """Your decision (refused with the legal actions when it is not legal)."""
        if not 0 <= action < self.layout.num_actions or not self.batch.masks[0, action]:
            raise ValueError(self.batch.describe_illegal(0, action))
        self.choices.append(action)
        self.advance()

    def undo(self) -> bool:
        """Take back your last choice; False when you have made none."""
        if not self.choices:
            return False
        self.choices.pop()
        self.undos += 1
        self.replay()
        return True

    def check_decides(self, seat: str) -> None:
        """Refuse a table where ``seat`` (``crew`` or ``gm``) never decides under its config.

        Raises:
            ValueError: The seat never decides (the message says what to change).
        """
        if SEATS[seat] not in self.ruleset.seats_with_decisions(self.config):
            raise ValueError(f"the {seat} seat never decides under this config; take the "
                             "other seat or change the config")

    def transcript(self) -> list[str]:
        return self.ruleset.transcript(self.events, self.config)

    def result(self) -> str:
        row = self.batch.state[0]
        if row[TRUNCATED]:
            return "The scene was cut off (no winner)."
        return f"The scene is over: crew result {int(row[RESULT]):+d}."

    def command(self, seats: dict) -> str:
        """The ``scenegym play`` line that sets this scene again: its env id, seed, seats
        (``{seat: agent spec, or "you"}``) and config changes, quoted for a POSIX shell."""
        mine = [s for s, who in seats.items() if who == "you"]
        if mine:
            other = next(s for s in seats if s != mine[0])
            who = ["--seat", SEAT_NAMES[mine[0]], "--opponent", str(seats[other])]
        else:
            who = ["--watch", "--crew", str(seats[CREW]), "--gm", str(seats[GM])]
        return shlex.join(["scenegym", "play", self.env_id, "--seed", str(self.seed), *who,
                           *set_arguments(self.overrides)])

    def record(self, seats: dict) -> str:
        """The saved transcript: the scene, how to replay it, and what happened."""
        head = [self.command(seats),
                "seats: " + ", ".join(f"{SEAT_NAMES[s]}={who}" for s, who in sorted(seats.items())),
                f"config: {self.config}", f"choices: {self.choices} (undos: {self.undos})", ""]
        return "\n".join(head + self.transcript() + ["", self.result()]) + "\n"


def parse_choice(text: str, layout) -> int | str:
    """A number or an action's name (any case) as an action id, or a command."""
    word = text.strip()
    if word.lower() in COMMANDS:
        return word.lower()
    if word.lstrip("-").isdigit():
        return int(word)
    names = [n.lower() for n in layout.action_names]
    if word.lower() in names:
        return names.index(word.lower())
    raise ValueError(f"{word!r} is neither an action number, an action name, nor one of "
                     f"{', '.join(COMMANDS)}")


class Terminal:
    """Prints the transcript as it grows and the table at each of your decisions."""

    def __init__(self, table: Table, out=None):
        self.table, self.out, self.shown = table, out or sys.stdout, 0

    def say(self, *lines: str) -> None:
        print(*lines, sep="\n", file=self.out, flush=True)

    def new_lines(self) -> None:
        lines = self.table.transcript()
        if len(lines) < self.shown:  # an undo: the scene was replayed to an earlier point
            self.say("-- your last choice is undone; the scene so far --")
            self.shown = 0
        self.say(*lines[self.shown:]) if lines[self.shown:] else None
        self.shown = len(lines)

    def your_turn(self, seat: str) -> None:
        t = self.table
        self.say("", f"== your decision ({seat}) ==", *sheet(t.layout, t.batch.obs[0]),
                 "legal actions:", *legal_actions(t.layout, t.batch.masks[0]),
                 "type a number or a name, 'undo' or 'quit'")


def play_human(table: Table, seat: str, term: Terminal, read=input) -> bool:
    """Your decisions read from ``read`` until the scene ends (True) or you quit (False)."""
    while True:
        term.new_lines()
        if table.over:
            return True
        term.your_turn(seat)
        try:
            text = read("> ")
        except EOFError:  # Ctrl-D: leave the table
            return False
        try:
            choice = parse_choice(text, table.layout)
            if choice == "quit":
                return False
            if choice == "undo":
                if not table.undo():
                    term.say("nothing to undo: you have made no choice yet")
                continue
            table.choose(choice)
        except ValueError as err:
            term.say(f"not taken: {err}")


def watch(table: Table, term: Terminal, delay: float) -> bool:
    """Both seats by agents, one decision at a time, ``delay`` seconds apart."""
    while not table.over:
        table.advance(one=True)
        term.new_lines()
        time.sleep(delay)
    return True


def add_parser(sub) -> None:
    """Add ``scenegym play``."""
    p = sub.add_parser("play", help="play a seat of a scene in the terminal, against an agent",
                       description=summary(__doc__))
    options.add(p, "target", "seat", "opponent", "seed", "set", "watch", "delay",
                crew={"default": "heuristic"}, gm={"default": "heuristic"},
                out={"default": None, "files": "play-SEED.txt, the transcript with the command "
                                                "that replays it (none: no file)"})
    options.add_deprecated(p, "--config")
    p.set_defaults(run=run)


def seats_of(args) -> dict:
    """``{seat: agent spec, or "you"}``: under ``--watch`` ``--crew`` and ``--gm``, else you in
    ``--seat`` against ``--opponent``; an agent flag of the other mode is refused."""
    given = getattr(args, "given", set())
    if args.watch:
        if given & {"seat", "opponent"}:
            raise ValueError("--watch plays --crew against --gm; --seat and --opponent are for "
                             "playing a seat yourself")
        return {CREW: args.crew, GM: args.gm}
    if given & {"crew", "gm"}:
        raise ValueError("--crew and --gm name the agents of --watch; to play, take a --seat "
                         "and name the --opponent")
    mine = SEATS[args.seat]
    return {mine: "you", GM if mine == CREW else CREW: args.opponent}


def run(args: argparse.Namespace) -> int:
    """Play (or watch) one scene; 130 on Ctrl-C, as a shell expects."""
    if args.delay < 0:
        raise ValueError(f"--delay is {args.delay}; allowed: 0 or more")
    from scenegym.envs.gym_env import env_config

    env_id = options.env_id_of(args.target)
    rs, _ = env_config(env_id)
    overrides = parse_overrides(args.set, rs.config_type, "--set")
    seats = seats_of(args)
    check_someone_plays(args)
    if args.out is not None:
        check_writable_folder(args.out)
    seed = fresh_seed() if args.seed is None else args.seed
    agents = {s: who for s, who in seats.items() if who != "you"}
    table = Table(env_id, seed, agents, overrides)
    if not args.watch:
        table.check_decides(args.seat)
    term = Terminal(table)
    term.say(f"{env_id}, seed {seed}: you are the {args.seat}"
             if not args.watch else f"{env_id}, seed {seed}: watching")
    try:
        done = watch(table, term, args.delay) if args.watch else play_human(table, args.seat,
                                                                              term)
    except KeyboardInterrupt:
        term.say("", "stopped")
        return 130
    term.say("", table.result() if done else "You left the table.")
    if args.out is not None:
        path = args.out / f"play-{seed}.txt"
        kept = write_or_keep(path, table.record(seats), term.say)
        if kept != path:
            return 1
        term.say(f"transcript saved to {path}")
    return 0


def check_someone_plays(args) -> None:
    """Refuse, before the scene, to play with no input to read the decisions from."""
    if not args.watch and (sys.stdin is None or sys.stdin.closed):
        raise ValueError("standard input is closed: no one can type the decisions; give "
                         "play an input, or --watch to let agents play both seats")
