"""Starforged playtest statistics: roll outcomes, prices, burns, impacts, moves, scene ends.

How a scene ends is read from its last state row: cut off by the move limit; else Finish the
Scene forced by a full clock (checked first: a weak hit can fill both) or by a full track;
else the crew chose to finish.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.events import DECISION, NOTE, OUTCOME, POOL
from scenegym.envs.core.header import CREW, TRUNCATED
from scenegym.envs.core.rulestats import add_counters
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


# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("outcomes", "matches", "prices", "impacts", "burns", "moves", "ends")


class StarforgedStats:
    """Counters of a Starforged playtest.

    Args:
        config: The config the scenes ran under (for the track's length).
    """

    def __init__(self, config: StarforgedConfig):
        self.track_ticks = config.boxes * config.ticks_per_box
        self.outcomes = np.zeros((len(ROLL_LABELS), len(OUTCOME_LABELS)), np.int64)
        self.matches = 0
        self.prices = np.zeros(st.NUM_PRICES, np.int64)
        self.impacts = dict.fromkeys(IMPACT_LABELS.values(), 0)
        self.burns = 0
        self.moves = np.zeros(len(MOVE_LABELS), np.int64)
        self.ends = np.zeros(len(END_LABELS), np.int64)

    def add_events(self, envs, records) -> None:
        """Count one step's records."""
        kind = records[:, KIND]
        out = records[kind == OUTCOME]
        np.add.at(self.outcomes, (out[:, C], out[:, A]), 1)
        self.matches += int(out[out[:, C] == st.ROLL_MOVE, D].sum())
        notes = records[kind == NOTE]
        prices = notes[notes[:, A] == st.NOTE_PRICE, B]
        self.prices += np.bincount(prices, minlength=st.NUM_PRICES)[:st.NUM_PRICES]
        self.burns += int((notes[:, A] == st.NOTE_BURN).sum())
        pools = records[kind == POOL]
        for col in pools[pools[:, A] == st.POOL_IMPACT, D]:
            self.impacts[IMPACT_LABELS[int(col)]] += 1
        self._count_moves(records[(kind == DECISION) & (records[:, A] == CREW)
                                  & (records[:, B] == st.MOVE)])

    def _count_moves(self, decisions) -> None:
        action = decisions[:, C]
        self.moves[0] += int((action < st.A_SECURE_ADVANTAGE).sum())
        self.moves[1] += int(((action >= st.A_SECURE_ADVANTAGE) & (action < st.A_FINISH)).sum())
        self.moves[2] += int((action == st.A_FINISH).sum())

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
        out["impacts"] = frequency_table(self.impacts)
        out["burns"] = self.burns
        out["move_matches"] = self.matches
        return out


def make(config: StarforgedConfig) -> StarforgedStats:
    """The collector for a playtest under ``config``."""
    return StarforgedStats(config)
