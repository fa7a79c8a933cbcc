"""Momentum playtest statistics: how scenes end, roll results, crew spends, GM choices.

How a structured scene ends is read from the event log: a ``scene_end`` record (one scene per
episode) or, inside a mission, each scene's ``NOTE_SCENE_OVER`` record (the mission's own
end is not a scene end and is not counted twice).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.events import EPISODE_END, NOTE, OUTCOME
from scenegym.envs.core.forfeit import FORFEIT_REASON
from scenegym.envs.core.jit import njit
from scenegym.envs.core.rulestats import add_counters, code_index, count_code
from scenegym.envs.core.stats import frequency_table
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig

# Record columns: [kind, a, b, c, d] (scenegym.envs.core.events).
KIND, A, B, C, D = range(5)
END_LABELS = tuple(name.replace(" ", "_") for name in st.END_NAMES[:st.END_MISSION])
SPENDS = {st.NOTE_PRESS: "press", st.NOTE_BRACE: "brace", st.NOTE_UPGRADE: "willpower_upgrade",
          st.NOTE_CORRECT: "correct", st.NOTE_SEIZE: "seize"}
GM_CHOICES = {st.NOTE_GM_SEIZE: "gm_seize", st.NOTE_FIAT: "fiat", st.NOTE_OUT: "pc_out"}
COST_LABELS = ("wound", "willpower", "momentum", "risk_next", "complication")
TURN_LABELS = ("crew_turn_results", "npc_turn_results")


NOTE_INDEX = code_index([*SPENDS, *GM_CHOICES], max(*SPENDS, *GM_CHOICES) + 1)  # in this order

# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("ends", "results", "notes", "costs", "rolls")


@njit(cache=True)
def count_end(ends, reason):
    """Count a scene end of ``reason`` (a mission's end, or a forfeit, is none of them)."""
    if 0 <= reason < ends.shape[0] - 1:
        ends[reason] += 1


@njit(cache=True)
def tally_records(records, lengths, ends, results, notes, note_index, costs, rolls):
    """Count the log's records in place (see ``MomentumStats.add_events``) and clear the
    log's lengths."""
    records, lengths, ends, results, notes, note_index, costs, rolls = borrow(
        (records, lengths, ends, results, notes, note_index, costs, rolls))  # no count per call
    for i in range(lengths.shape[0]):
        for r in range(lengths[i]):
            kind, a, b, c = records[i, r, KIND], records[i, r, A], records[i, r, B], \
                records[i, r, C]
            if kind == OUTCOME:
                results[c, a] += 1
                rolls[0] += 1
            elif kind == NOTE:
                count_code(notes, note_index, a)
                if a == st.NOTE_COST and b < costs.shape[0]:
                    costs[b] += 1
                elif a == st.NOTE_SCENE_OVER:
                    count_end(ends, c)
            elif kind == EPISODE_END:
                count_end(ends, b)
                ends[-1] += b == FORFEIT_REASON
        lengths[i] = 0


class MomentumStats:
    """Counters of a Momentum playtest."""

    event_kinds = (OUTCOME, NOTE, EPISODE_END)  # the records counted: the playtest's log keeps these alone

    def __init__(self, config: MomentumConfig):
        self.ends = np.zeros(len(END_LABELS) + 1, np.int64)  # last: forfeits
        self.results = np.zeros((2, len(st.RESULT_KEYS)), np.int64)
        self.notes = np.zeros(len(SPENDS) + len(GM_CHOICES), np.int64)  # crew spends, then GM choices
        self.costs = np.zeros(st.NUM_COSTS, np.int64)
        self.rolls = np.zeros(1, np.int64)

    def add_events(self, envs, records) -> None:
        """Count drained records (int32[M, 5]): roll results by whose turn, the crew's
        spends and the GM's choices (their notes), costs, and how scenes ended (a
        ``scene_end`` record, or a mission scene's ``NOTE_SCENE_OVER``)."""
        self.tally(records[None], np.array([len(records)], np.int64))

    def tally(self, records, lengths) -> None:
        """Count the log's records in place and clear the log (one compiled pass)."""
        tally_records(records, lengths, self.ends, self.results, self.notes, NOTE_INDEX,
                      self.costs, self.rolls)

    def add_ended(self, rows) -> None:
        """Nothing beyond the events: how a scene ended is in its records."""

    def merge(self, other) -> None:
        """Add the counters of ``other``, fed other scenes (a split playtest)."""
        add_counters(self, other, COUNTERS)

    def summary(self) -> dict:
        """Frequency tables of scene ends, results, spends, costs; spends per roll."""
        out = {"scene_ends": frequency_table(dict(zip(END_LABELS + ("forfeit",), self.ends)))}
        for k, label in enumerate(TURN_LABELS):
            out[label] = frequency_table(dict(zip(st.RESULT_KEYS, self.results[k])))
        counts = [int(n) for n in self.notes]
        spends = dict(zip(SPENDS.values(), counts))
        rolls = int(self.rolls[0])
        out["crew_spends"] = frequency_table(spends)
        for label, count in spends.items():
            out[f"{label}_per_roll"] = count / rolls if rolls else 0.0
        out["gm_costs"] = frequency_table(dict(zip(COST_LABELS, self.costs)))
        out.update(zip(GM_CHOICES.values(), counts[len(SPENDS):]))
        out["rolls"] = rolls
        return out


def make(config: MomentumConfig) -> MomentumStats:
    """The collector for a playtest under ``config``."""
    return MomentumStats(config)
