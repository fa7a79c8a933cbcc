"""Starforged playtest statistics: roll outcomes, prices, burns, impacts, moves, scene ends.

How a scene ends is read from its last state row: cut off by the move limit; else Finish the
Scene forced by a full clock (checked first: a weak hit can fill both) or by a full track;
else the crew chose to finish.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.events import DECISION, NOTE, OUTCOME, POOL
from scenegym.envs.core.header import CREW, TRUNCATED
from scenegym.envs.core.jit import njit
from scenegym.envs.core.rulestats import add_counters, code_index, count_code
from scenegym.envs.core.stats import frequency_table
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig

# Record columns: [kind, a, b, c, d] (scenegym.envs.core.events).
KIND, A, B, C, D = range(5)
OUTCOME_LABELS = ("miss", "weak_hit", "strong_hit")  # by outcome code MISS, WEAK_HIT, STRONG_HIT
ROLL_LABELS = {st.ROLL_MOVE: "move_outcomes", st.ROLL_PROGRESS: "finish_outcomes",
               st.ROLL_ENDURE: "endure_outcomes"}
PRICE_LABELS = tuple(name.lower().replace(" ", "_") for name in st.PRICE_NAMES[:st.NUM_PRICES])
IMPACT_LABELS = {st.WOUNDED: "wounded", st.SHAKEN: "shaken", st.UNPREPARED: "unprepared"}
MOVE_LABELS = ("face_danger", "secure_an_advantage", "finish_the_scene")
END_LABELS = ("finish_forced_by_clock", "finish_forced_by_track", "finish_chosen", "cut_off")


IMPACT_INDEX = code_index(IMPACT_LABELS, max(IMPACT_LABELS) + 1)  # a meter column's impact
MATCHES, BURNS = range(2)  # the entries of ``StarforgedStats.rolls``

# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("outcomes", "rolls", "prices", "impacts", "moves", "ends")


@njit(cache=True)
def crew_move_kind(action):
    """The index in ``MOVE_LABELS`` of a crew move's action id (-1: not a move)."""
    if action < st.A_SECURE_ADVANTAGE:
        return 0
    if action < st.A_FINISH:
        return 1
    return 2 if action == st.A_FINISH else -1


@njit(cache=True)
def tally_records(records, lengths, outcomes, rolls, prices, impacts, impact_index, moves):
    """Count the log's records in place (see ``StarforgedStats.add_events`` for what each
    counter holds) and clear the log's lengths."""
    records, lengths, outcomes, rolls, prices, impacts, impact_index, moves = borrow(
        (records, lengths, outcomes, rolls, prices, impacts, impact_index, moves))  # uncounted
    for i in range(lengths.shape[0]):
        for r in range(lengths[i]):
            kind, a, b, c, d = records[i, r, KIND], records[i, r, A], records[i, r, B], \
                records[i, r, C], records[i, r, D]
            if kind == OUTCOME:
                outcomes[c, a] += 1
                rolls[MATCHES] += d if c == st.ROLL_MOVE else 0
            elif kind == NOTE and a == st.NOTE_PRICE and b < st.NUM_PRICES:
                prices[b] += 1
            elif kind == NOTE and a == st.NOTE_BURN:
                rolls[BURNS] += 1
            elif kind == POOL and a == st.POOL_IMPACT:
                count_code(impacts, impact_index, d)
            elif kind == DECISION and a == CREW and b == st.MOVE and crew_move_kind(c) >= 0:
                moves[crew_move_kind(c)] += 1
        lengths[i] = 0


class StarforgedStats:
    """Counters of a Starforged playtest.

    Args:
        config: The config the scenes ran under (for the track's length).
    """

    event_kinds = (DECISION, OUTCOME, POOL, NOTE)  # the records counted: the playtest's log keeps these alone

    def __init__(self, config: StarforgedConfig):
        self.track_ticks = config.boxes * config.ticks_per_box
        self.outcomes = np.zeros((len(ROLL_LABELS), len(OUTCOME_LABELS)), np.int64)
        self.rolls = np.zeros(2, np.int64)  # matches of move rolls, burns
        self.prices = np.zeros(st.NUM_PRICES, np.int64)
        self.impacts = np.zeros(len(IMPACT_LABELS), np.int64)  # by IMPACT_INDEX
        self.moves = np.zeros(len(MOVE_LABELS), np.int64)
        self.ends = np.zeros(len(END_LABELS), np.int64)

    def add_events(self, envs, records) -> None:
        """Count drained records (int32[M, 5]): roll outcomes by roll, matches of move
        rolls, prices, burns, impacts marked and the crew's moves."""
        self.tally(records[None], np.array([len(records)], np.int64))

    def tally(self, records, lengths) -> None:
        """Count the log's records in place and clear the log (one compiled pass)."""
        tally_records(records, lengths, self.outcomes, self.rolls, self.prices, self.impacts,
                      IMPACT_INDEX, self.moves)

    def add_ended(self, rows) -> None:
        """Count how each ended scene ended (see module docstring)."""
        cut = rows[:, TRUNCATED] == 1
        clock = ~cut & (rows[:, st.CLOCK] >= rows[:, st.SEGMENTS])
        track = ~cut & ~clock & (rows[:, st.PROGRESS] >= self.track_ticks)
        chosen = ~cut & ~clock & ~track
        for k, flags in enumerate((clock, track, chosen, cut)):
            self.ends[k] += int(flags.sum())

    def merge(self, other) -> None:
        """Add the counters of ``other``, fed other scenes (a split playtest)."""
        add_counters(self, other, COUNTERS)

    def summary(self) -> dict:
        """Frequency tables of every counter, and the burn and match counts."""
        out = {"scene_ends": frequency_table(dict(zip(END_LABELS, self.ends)))}
        for code, label in ROLL_LABELS.items():
            out[label] = frequency_table(dict(zip(OUTCOME_LABELS, self.outcomes[code])))
        out["crew_moves"] = frequency_table(dict(zip(MOVE_LABELS, self.moves)))
        out["prices"] = frequency_table(dict(zip(PRICE_LABELS, self.prices)))
        out["impacts"] = frequency_table(dict(zip(IMPACT_LABELS.values(),
                                                  (int(n) for n in self.impacts))))
        out["burns"] = int(self.rolls[BURNS])
        out["move_matches"] = int(self.rolls[MATCHES])
        return out


def make(config: StarforgedConfig) -> StarforgedStats:
    """The collector for a playtest under ``config``."""
    return StarforgedStats(config)
