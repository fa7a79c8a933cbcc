"""STA conflict playtest statistics: how conflicts end, tasks, injuries, social tools, spends.

Read from the event log: the ``episode_end`` record's reason (the NPCs out, the crew out,
a request granted, cut off), the active rolls' outcomes by side, and the NOTE records of
injuries, avoided consequences, counterattacks, kept initiative, First Aid and the social
tools.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.events import DECISION, EPISODE_END, NOTE, OUTCOME
from scenegym.envs.core.forfeit import FORFEIT_REASON
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig
from scenegym.evaluation.stats import frequency_table

# Record columns: [kind, a, b, c, d] (scenegym.envs.core.events).
KIND, A, B, C, D = range(5)
END_LABELS = ("npcs_out", "crew_out", "crew_request_granted", "npc_request_granted", "cut_off",
              "forfeit")
END_CODES = (st.END_NPCS_OUT, st.END_CREW_OUT, st.END_CREW_GRANTED, st.END_NPC_GRANTED,
             st.END_CUT_OFF, FORFEIT_REASON)
NOTES = {st.NOTE_INJURY: "injuries_faced", st.NOTE_AVOID: "injuries_avoided",
         st.NOTE_DEFEATED: "defeats", st.NOTE_REVIVED: "revived", st.NOTE_COUNTER: "counterattacks",
         st.NOTE_KEEP: "kept_initiative", st.NOTE_FIRST: "npc_first_turns",
         st.NOTE_WITHDRAW: "withdrawals", st.NOTE_COMPLICATION: "complication_notes",
         st.NOTE_RESISTED: "requests_resisted", st.NOTE_LIE: "lies_believed",
         st.NOTE_LIES_DISCOVERED: "lies_discovered", st.NOTE_FEAR: "intimidations",
         st.NOTE_EVIDENCE: "evidence_offered", st.NOTE_OFFER: "offers",
         st.NOTE_FATIGUED: "fatigued", st.NOTE_RECOVER: "stress_recovered"}
BUYS = {st.A_BUY: "dice_bought_from_pool", st.A_BUY_THREAT: "dice_bought_with_threat",
        st.A_DETERMINATION: "determination_spent", st.A_SEVERITY: "added_severity",
        st.A_INTENSE: "intense_severity"}


class StaStats:
    """Counters of a personal-conflict playtest."""

    def __init__(self, config: StaConfig):
        self.ends = np.zeros(len(END_LABELS), np.int64)
        self.tasks = np.zeros((2, 2), np.int64)  # [crew, npc] x [failed, succeeded]
        self.notes = dict.fromkeys(NOTES.values(), 0)
        self.spends = dict.fromkeys(BUYS.values(), 0)

    def add_events(self, envs, records) -> None:
        """Count one step's records."""
        kind = records[:, KIND]
        ends = records[kind == EPISODE_END, B]
        for k, code in enumerate(END_CODES):
            self.ends[k] += int((ends == code).sum())
        active = records[(kind == OUTCOME) & (records[:, C] == st.ROLL_ACTIVE)]
        roller, won = active[:, D] // 2, active[:, D] % 2
        np.add.at(self.tasks, ((roller >= st.MAX_PCS).astype(np.int64), won), 1)
        notes = records[kind == NOTE, A]
        for code, label in NOTES.items():
            self.notes[label] += int((notes == code).sum())
        decided = records[kind == DECISION, C]
        for action, label in BUYS.items():
            self.spends[label] += int((decided == action).sum())

    def add_ended(self, rows) -> None:
        """Nothing beyond the events: how a conflict ended is in its records."""

    def summary(self) -> dict:
        """Frequency tables of conflict ends and task results by side; counts of the rest."""
        out = {"conflict_ends": frequency_table(dict(zip(END_LABELS, self.ends)))}
        for k, side in enumerate(("crew", "npc")):
            out[f"{side}_tasks"] = frequency_table({"failed": self.tasks[k, 0],
                                                    "succeeded": self.tasks[k, 1]})
        out.update(self.notes)
        out.update(self.spends)
        return out


def make(config: StaConfig) -> StaStats:
    """The collector for a playtest under ``config``."""
    return StaStats(config)
