"""Momentum playtest statistics: how scenes end, roll results, crew spends, GM choices.

How a structured scene ends is read from the event log: a ``scene_end`` record (one scene per
episode) or, inside a mission, each scene's ``NOTE_SCENE_OVER`` record (the mission's own
end is not a scene end and is not counted twice).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.events import EPISODE_END, NOTE, OUTCOME
from scenegym.envs.core.forfeit import FORFEIT_REASON
from scenegym.envs.core.rulestats import add_counters
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


# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("ends", "results", "spends", "gm", "costs", "rolls")


class MomentumStats:
    """Counters of a Momentum playtest."""

    def __init__(self, config: MomentumConfig):
        self.ends = np.zeros(len(END_LABELS) + 1, np.int64)  # last: forfeits
        self.results = np.zeros((2, len(st.RESULT_KEYS)), np.int64)
        self.spends = dict.fromkeys(SPENDS.values(), 0)
        self.gm = dict.fromkeys(GM_CHOICES.values(), 0)
        self.costs = np.zeros(st.NUM_COSTS, np.int64)
        self.rolls = 0

    def add_events(self, envs, records) -> None:
        """Count one step's records."""
        kind = records[:, KIND]
        out = records[kind == OUTCOME]
        np.add.at(self.results, (out[:, C], out[:, A]), 1)
        self.rolls += len(out)
        notes = records[kind == NOTE]
        for code, label in SPENDS.items():
            self.spends[label] += int((notes[:, A] == code).sum())
        for code, label in GM_CHOICES.items():
            self.gm[label] += int((notes[:, A] == code).sum())
        self.costs += np.bincount(notes[notes[:, A] == st.NOTE_COST, B],
                                  minlength=st.NUM_COSTS)[:st.NUM_COSTS]
        over = notes[notes[:, A] == st.NOTE_SCENE_OVER, C]
        ends = records[kind == EPISODE_END, B]
        self.ends[-1] += int((ends == FORFEIT_REASON).sum())
        ends = ends[ends < st.END_MISSION]
        self.ends[:-1] += np.bincount(np.concatenate([over, ends]),
                                      minlength=len(END_LABELS))[:len(END_LABELS)]

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
        out["crew_spends"] = frequency_table(self.spends)
        for label, count in self.spends.items():
            out[f"{label}_per_roll"] = count / self.rolls if self.rolls else 0.0
        out["gm_costs"] = frequency_table(dict(zip(COST_LABELS, self.costs)))
        out.update(self.gm)
        out["rolls"] = self.rolls
        return out


def make(config: MomentumConfig) -> MomentumStats:
    """The collector for a playtest under ``config``."""
    return MomentumStats(config)
