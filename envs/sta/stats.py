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

from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.events import DECISION, EPISODE_END, NOTE, OUTCOME, POOL
from scenegym.envs.core.forfeit import FORFEIT_REASON
from scenegym.envs.core.header import RESULT
from scenegym.envs.core.jit import njit
from scenegym.envs.core.rulestats import add_counters, code_index, lookup
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


NOTE_LABELS = tuple(NOTES.values())
BUY_LABELS = tuple(BUYS.values())
POOL_CODES = np.array(list(POOLS.values()), np.int64)
MOMENTUM, THREAT, DECIDED = range(3)  # the columns of ``StaStats.carry``


END_INDEX = code_index(END_CODES, max(END_CODES) + 1)
NOTE_INDEX = code_index(NOTES, max(NOTES) + 1)
BUY_INDEX = code_index(BUYS, st.NUM_ACTIONS)


@njit(cache=True)
def add_pool_value(by_round, pool, slot, value):
    """One pool value into its slot's count, sum and sum of squares."""
    by_round[pool, 0, slot] += 1.0
    by_round[pool, 1, slot] += value
    by_round[pool, 2, slot] += value * value


@njit(cache=True)
def end_scene(carry, env, starts, by_round):
    """A scene's end: its pools' last values into the last slot, and the env's carried
    values back to a scene's start (its pools' start values, nothing decided)."""
    for p in range(starts.shape[0]):
        add_pool_value(by_round, p, by_round.shape[2] - 1, float(carry[env, p]))
        carry[env, p] = starts[p]
    carry[env, DECIDED] = -1


@njit(cache=True)
def change_pool(carry, env, p, b, c, d, changes, kind_of):
    """A pool's change from ``b`` to ``c``, credited to the env's latest decision (for
    Threat added with no character named, ``d < 0``: an NPC's Momentum banked)."""
    carry[env, p] = c
    latest = carry[env, DECIDED]
    who = kind_of[latest] if latest >= 0 else NO_DECISION
    delta = c - b
    if p == THREAT and d < 0 and delta > 0:
        who = BANKED
    changes[who, 2 * p] += max(-delta, 0)  # spent
    changes[who, 2 * p + 1] += max(delta, 0)  # gained, added


@njit(cache=True)
def count_rows(rows, lo, hi, env, ints, by_round, changes, carry, starts, tables):
    """Count records ``rows[lo:hi]``, all of env ``env`` in the order written (see
    ``StaStats`` for the counters)."""
    ends, tasks, notes, spends, avoided_by = ints
    end_index, note_index, buy_index, kind_of, pool_codes = tables
    for r in range(lo, hi):
        kind, a, b, c, d = rows[r, KIND], rows[r, A], rows[r, B], rows[r, C], rows[r, D]
        if kind == EPISODE_END:
            k = lookup(end_index, b)
            if k >= 0:
                ends[k] += 1
            end_scene(carry, env, starts, by_round)
        elif kind == OUTCOME and c == st.ROLL_ACTIVE:
            tasks[1 if d // 2 >= st.MAX_PCS else 0, d % 2] += 1
        elif kind == NOTE:
            k = lookup(note_index, a)
            if k >= 0:
                notes[k] += 1
            if a == st.NOTE_AVOID:
                avoided_by[1 if b >= st.MAX_PCS else 0] += 1
            elif a == st.NOTE_ROUND:
                slot = min(b, by_round.shape[2] - 2)
                for p in range(starts.shape[0]):
                    add_pool_value(by_round, p, slot, float(carry[env, p]))
        elif kind == DECISION:
            k = lookup(buy_index, c)
            if k >= 0:
                spends[k] += 1
            carry[env, DECIDED] = c
        elif kind == POOL:
            for p in range(pool_codes.shape[0]):
                if a == pool_codes[p]:
                    change_pool(carry, env, p, b, c, d, changes, kind_of)


@njit(cache=True)
def tally_records(records, lengths, ints, by_round, changes, carry, starts, tables):
    """Count the log's records (env ``i``'s first ``lengths[i]``) and clear the log."""
    records, lengths, ints, by_round, changes, carry, starts, tables = borrow(
        (records, lengths, ints, by_round, changes, carry, starts, tables))  # no count per call
    for i in range(lengths.shape[0]):
        count_rows(borrow(records[i]), 0, lengths[i], i, ints, by_round, changes, carry, starts,
                   tables)
        lengths[i] = 0


@njit(cache=True)
def add_records(records, envs, ints, by_round, changes, carry, starts, tables):
    """Count drained records (int32[M, 5], env ``envs[r]``'s rows together, in the order
    written)."""
    records, envs, ints, by_round, changes, carry, starts, tables = borrow(
        (records, envs, ints, by_round, changes, carry, starts, tables))  # no count per call
    lo = 0
    for r in range(1, records.shape[0] + 1):
        if r == records.shape[0] or envs[r] != envs[lo]:
            count_rows(records, lo, r, envs[lo], ints, by_round, changes, carry, starts,
                       tables)
            lo = r


# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("by_round", "ends", "tasks", "notes", "spends", "avoided_by", "changes",
            "rounds_to_end", "decided_in", "scenes")
TABLES = (END_INDEX, NOTE_INDEX, BUY_INDEX, KIND_OF, POOL_CODES)


class StaStats:
    """Counters of a personal- or social-conflict playtest.

    The events are counted env by env in one compiled pass, each env carrying its pools'
    current values and its latest decision from drain to drain (``carry``: a row per env,
    columns ``MOMENTUM, THREAT, DECIDED``; -1: nothing decided in the scene yet).
    """

    event_kinds = (DECISION, OUTCOME, POOL, NOTE, EPISODE_END)  # the records counted: the playtest's log keeps these alone

    def __init__(self, config: StaConfig):
        self.starts = np.array([config.momentum_start, config.threat_per_pc * config.pcs],
                               np.int64)  # by POOLS
        rounds = config.max_rounds + 2  # rounds 1..max_rounds, and the scene's end (last)
        self.by_round = np.zeros((len(POOLS), 3, rounds))  # by POOLS: n, sum, squares
        self.carry = np.zeros((0, 3), np.int64)
        self.ends = np.zeros(len(END_LABELS), np.int64)
        self.tasks = np.zeros((2, 2), np.int64)  # [crew, npc] x [failed, succeeded]
        self.notes = np.zeros(len(NOTE_LABELS), np.int64)
        self.spends = np.zeros(len(BUY_LABELS), np.int64)
        self.avoided_by = np.zeros(2, np.int64)  # PCs (Stress), NPCs (Threat)
        self.changes = np.zeros((len(KIND_NAMES), len(CHANGES)), np.int64)
        self.rounds_to_end = np.zeros((2, 3))  # [crew won, crew lost] x (n, sum, squares)
        self.decided_in = {}
        self.scenes = 0

    def _grow(self, n: int) -> None:
        """Room in the carried values for envs ``0..n-1`` (a scene starts at the start
        values, nothing decided)."""
        if self.carry.shape[0] < n:
            fresh = np.empty((n - self.carry.shape[0], 3), np.int64)
            fresh[:, :len(POOLS)] = self.starts
            fresh[:, DECIDED] = -1
            self.carry = np.concatenate([self.carry, fresh])

    def _counters(self) -> tuple:
        """The arguments of the counting kernels after the records."""
        ints = (self.ends, self.tasks, self.notes, self.spends, self.avoided_by)
        return ints, self.by_round, self.changes, self.carry, self.starts, TABLES

    def add_events(self, envs, records) -> None:
        """Count drained records (int32[M, 5], env ``envs[r]``'s in the order written)."""
        envs = np.asarray(envs, np.int64)
        self._grow(int(envs.max()) + 1 if envs.size else 0)
        add_records(records, envs, *self._counters())

    def tally(self, records, lengths) -> None:
        """Count the log's records in place and clear the log (one compiled pass)."""
        self._grow(records.shape[0])
        tally_records(records, lengths, *self._counters())

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
        for p, pool in enumerate(POOLS):
            table = self.by_round[p]
            labels = [f"round {r}" for r in range(1, table.shape[1] - 1)] + ["scene end"]
            out[f"{pool}_by_round"] = {label: mean_row(*table[:, r + 1])
                                       for r, label in enumerate(labels) if table[0, r + 1]}
        out["pool_changes_per_scene"] = {
            KIND_NAMES[k]: {name: float(v) / max(self.scenes, 1)
                            for name, v in zip(CHANGES, self.changes[k])}
            for k in np.flatnonzero(self.changes.any(axis=1))}
        out["injuries_avoided_by"] = frequency_table({"pcs_with_stress": self.avoided_by[0],
                                                      "npcs_with_threat": self.avoided_by[1]})
        out.update(zip(NOTE_LABELS, (int(n) for n in self.notes)))
        out.update(zip(BUY_LABELS, (int(n) for n in self.spends)))
        return out


def make(config: StaConfig) -> StaStats:
    """The collector for a playtest under ``config``."""
    return StaStats(config)
