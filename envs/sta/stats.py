"""STA conflict playtest statistics: what a designer asks of a Threat economy.

Read from the event log:

- how conflicts end (the ``episode_end`` record's reason) and the round they end in, by
  outcome (``rounds_to_end``: the crew won / lost, cut-offs left out);
- the crew's Momentum and the GM's Threat at the start of every round and at the scene's
  end, averaged over the scenes that reached it (``momentum_by_round``, ``threat_by_round``);
- every change of Momentum and Threat, credited to the decision that caused it, per scene
  (``pool_changes_per_scene``: Momentum spent and gained, Threat spent and added by kind of
  decision; an NPC's unspent Momentum turning into Threat is its own kind);
- injuries faced, avoided (by PCs with Stress, by NPCs with Threat), defeats, the social
  tools and the counts of each spend decision;
- active tasks' outcomes by side;
- the further actions (Sprint, Direct, Ready, traits, Disarm, treated Injuries,
  reinforcements, out-of-turn Assists, second major actions) and their spends.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.events import DECISION, EPISODE_END, NOTE, OUTCOME, POOL
from scenegym.envs.core.forfeit import FORFEIT_REASON
from scenegym.envs.core.header import RESULT
from scenegym.envs.core.rulestats import add_counters
from scenegym.envs.core.stats import frequency_table, mean_row
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig
from scenegym.envs.sta.transcript import ACTION_BLOCKS, SINGLE_ACTIONS

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
         st.NOTE_FATIGUED: "fatigued", st.NOTE_RECOVER: "stress_recovered",
         st.NOTE_SPRINT: "sprints", st.NOTE_DIRECT: "directs", st.NOTE_READY: "readied",
         st.NOTE_SPRING: "readied_attacks_sprung", st.NOTE_TRAIT: "traits_changed",
         st.NOTE_DISARM: "disarms", st.NOTE_TREATED: "injuries_treated",
         st.NOTE_REINFORCE: "reinforcements", st.NOTE_ASSIST_NOW: "out_of_turn_assists",
         st.NOTE_EXTRA_MAJOR: "second_major_actions", st.NOTE_STEP_BACK: "stepped_back"}
BUYS = {st.A_BUY: "dice_bought_from_pool", st.A_BUY_THREAT: "dice_bought_with_threat",
        st.A_DETERMINATION: "determination_spent", st.A_SEVERITY: "added_severity",
        st.A_INTENSE: "intense_severity", st.A_ALTER_TRAIT: "alter_trait",
        st.A_DISARM: "disarm_spends", st.A_EXTRA_MAJOR: "extra_major_spends"}
POOLS = {"momentum": st.POOL_MOMENTUM, "threat": st.POOL_THREAT}
CHANGES = ("momentum_spent", "momentum_gained", "threat_spent", "threat_added")  # by POOLS


def action_kinds() -> tuple[tuple[str, ...], np.ndarray]:
    """The kinds of decision (an action's name without its target) and each action's kind;
    two more kinds close the list: no decision yet, an NPC's Momentum banked as Threat."""
    names = sorted(set(SINGLE_ACTIONS.values()) | {label for _, _, label, _ in ACTION_BLOCKS})
    names += ["scene start", "NPC Momentum banked as Threat"]
    kind_of = np.full(st.NUM_ACTIONS, names.index("scene start"), np.int64)
    for a, name in SINGLE_ACTIONS.items():
        kind_of[a] = names.index(name)
    for first, count, label, _ in ACTION_BLOCKS:
        kind_of[first:first + count] = names.index(label)
    return tuple(names), kind_of


KIND_NAMES, KIND_OF = action_kinds()
NO_DECISION, BANKED = len(KIND_NAMES) - 2, len(KIND_NAMES) - 1


def segment_edges(envs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Masks of each env's first and last record in a drain (records come env by env)."""
    change = envs[1:] != envs[:-1]
    return np.r_[True, change], np.r_[change, True]


def carried(values: np.ndarray, envs: np.ndarray, carry: np.ndarray) -> np.ndarray:
    """``values`` (NaN: unknown) filled forward within each env, starting from the env's
    value carried from the last drain; ``carry`` is updated to each env's last value."""
    first, last = segment_edges(envs)
    values = values.copy()
    unknown = first & np.isnan(values)
    values[unknown] = carry[envs[unknown]]
    index = np.where(np.isnan(values), 0, np.arange(values.size))
    values = values[np.maximum.accumulate(index)]
    carry[envs[last]] = values[last]
    return values


# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("by_round", "ends", "tasks", "notes", "spends", "avoided_by", "changes",
            "rounds_to_end", "decided_in", "scenes")


class StaStats:
    """Counters of a personal- or social-conflict playtest."""

    def __init__(self, config: StaConfig):
        self.starts = {"momentum": config.momentum_start,
                       "threat": config.threat_per_pc * config.pcs}
        rounds = config.max_rounds + 2  # rounds 1..max_rounds, and the scene's end (last)
        self.by_round = {pool: np.zeros((3, rounds)) for pool in POOLS}  # n, sum, squares
        self.carry = {pool: np.zeros(0) for pool in (*POOLS, "decision")}
        self.ends = np.zeros(len(END_LABELS), np.int64)
        self.tasks = np.zeros((2, 2), np.int64)  # [crew, npc] x [failed, succeeded]
        self.notes = dict.fromkeys(NOTES.values(), 0)
        self.spends = dict.fromkeys(BUYS.values(), 0)
        self.avoided_by = np.zeros(2, np.int64)  # PCs (Stress), NPCs (Threat)
        self.changes = np.zeros((len(KIND_NAMES), len(CHANGES)), np.int64)
        self.rounds_to_end = np.zeros((2, 3))  # [crew won, crew lost] x (n, sum, squares)
        self.decided_in = {}
        self.scenes = 0

    def _grow(self, envs: np.ndarray) -> None:
        """Room in the carried values for every env seen (a scene starts at the start values)."""
        n = int(envs.max()) + 1 if envs.size else 0
        for pool, values in self.carry.items():
            if values.size < n:
                start = -1.0 if pool == "decision" else float(self.starts[pool])
                self.carry[pool] = np.r_[values, np.full(n - values.size, start)]

    def add_events(self, envs, records) -> None:
        """Count one step's records."""
        self._grow(envs)
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
        avoided = records[(kind == NOTE) & (records[:, A] == st.NOTE_AVOID), B]
        np.add.at(self.avoided_by, (avoided >= st.MAX_PCS).astype(np.int64), 1)
        decided = records[kind == DECISION, C]
        for action, label in BUYS.items():
            self.spends[label] += int((decided == action).sum())
        if records.shape[0]:
            self._pools_by_round(envs, records)
            self._changes_by_kind(envs, records)

    def _pools_by_round(self, envs, records) -> None:
        """Each pool's value at each round's start (its NOTE) and just before a scene ends."""
        kind = records[:, KIND]
        rounds = (kind == NOTE) & (records[:, A] == st.NOTE_ROUND)
        ended = kind == EPISODE_END
        last = self.by_round["momentum"].shape[1] - 1
        first, _ = segment_edges(envs)
        for pool, code in POOLS.items():
            values = np.full(kind.size, np.nan)
            changed = (kind == POOL) & (records[:, A] == code)
            values[changed] = records[changed, C]
            values[ended] = self.starts[pool]  # the next scene starts afresh
            carry_in = self.carry[pool].copy()
            after = carried(values, envs, self.carry[pool])
            before = np.r_[np.nan, after[:-1]]  # the value just before each record
            before[first] = carry_in[envs[first]]
            self._add(pool, np.minimum(records[rounds, B], last - 1), after[rounds])
            self._add(pool, np.full(int(ended.sum()), last), before[ended])

    def _add(self, pool: str, slots: np.ndarray, values: np.ndarray) -> None:
        table = self.by_round[pool]
        np.add.at(table[0], slots, 1)
        np.add.at(table[1], slots, values)
        np.add.at(table[2], slots, values * values)

    def _changes_by_kind(self, envs, records) -> None:
        """Momentum and Threat changes, credited to the latest decision of their env."""
        kind = records[:, KIND]
        action = np.where(kind == DECISION, records[:, C], np.nan)
        action[kind == EPISODE_END] = -1  # nothing decided yet in the next scene
        latest = carried(action, envs, self.carry["decision"]).astype(np.int64)
        by = np.where(latest >= 0, KIND_OF[np.maximum(latest, 0)], NO_DECISION)
        for p, (pool, code) in enumerate(POOLS.items()):
            rows = (kind == POOL) & (records[:, A] == code)
            delta = (records[rows, C] - records[rows, B]).astype(np.int64)
            who = by[rows]
            if pool == "threat":  # an NPC's unspent task Momentum (no character named)
                who = np.where((records[rows, D] < 0) & (delta > 0), BANKED, who)
            np.add.at(self.changes[:, 2 * p], who, np.maximum(-delta, 0))  # spent
            np.add.at(self.changes[:, 2 * p + 1], who, np.maximum(delta, 0))  # gained, added

    def add_ended(self, rows) -> None:
        """The round each decided scene ended in, by its outcome."""
        self.scenes += rows.shape[0]
        result, rounds = rows[:, RESULT], rows[:, st.ROUND].astype(np.float64)
        for k, decided in enumerate((result > 0, result < 0)):
            r = rounds[decided]
            self.rounds_to_end[k] += (r.size, r.sum(), (r * r).sum())
        for r in rows[result != 0, st.ROUND]:
            self.decided_in[int(r)] = self.decided_in.get(int(r), 0) + 1

    def merge(self, other) -> None:
        """Add the counters of ``other``, fed other scenes (a split playtest)."""
        add_counters(self, other, COUNTERS)

    def summary(self) -> dict:
        """Frequency tables, means with intervals, and per-scene pool changes (see module)."""
        out = {"conflict_ends": frequency_table(dict(zip(END_LABELS, self.ends)))}
        for k, side in enumerate(("crew", "npc")):
            out[f"{side}_tasks"] = frequency_table({"failed": self.tasks[k, 0],
                                                    "succeeded": self.tasks[k, 1]})
        out["rounds_to_end"] = {label: mean_row(*self.rounds_to_end[k])
                                for k, label in enumerate(("crew_won", "crew_lost"))}
        out["decided_in_round"] = frequency_table({str(r): self.decided_in[r]
                                                   for r in sorted(self.decided_in)})
        for pool in POOLS:
            table = self.by_round[pool]
            labels = [f"round {r}" for r in range(1, table.shape[1] - 1)] + ["scene end"]
            out[f"{pool}_by_round"] = {label: mean_row(*table[:, r + 1])
                                       for r, label in enumerate(labels) if table[0, r + 1]}
        out["pool_changes_per_scene"] = {
            KIND_NAMES[k]: {name: float(v) / max(self.scenes, 1)
                            for name, v in zip(CHANGES, self.changes[k])}
            for k in np.flatnonzero(self.changes.any(axis=1))}
        out["injuries_avoided_by"] = frequency_table({"pcs_with_stress": self.avoided_by[0],
                                                      "npcs_with_threat": self.avoided_by[1]})
        out.update(self.notes)
        out.update(self.spends)
        return out


def make(config: StaConfig) -> StaStats:
    """The collector for a playtest under ``config``."""
    return StaStats(config)
