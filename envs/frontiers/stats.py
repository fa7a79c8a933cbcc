"""Frontiers playtest statistics: how encounters end, rounds, attacks, Reactions, harm.

How an encounter ends is read from its last state row (cut off by the round limit, or the
side left standing); the rest is counted from the event log. Per scene (an episode: one
encounter, or every encounter of an expedition), for paired comparisons: Rounds played, and
the PCs and enemies who fell Unconscious and who died (:data:`SCENE_COLUMNS`).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.events import NOTE, OUTCOME
from scenegym.envs.core.header import RESULT, TRUNCATED
from scenegym.envs.core.jit import njit
from scenegym.envs.core.rulestats import add_counters, code_index, count_code
from scenegym.envs.core.stats import frequency_table, mean_ci
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig

# Record columns: [kind, a, b, c, d] (scenegym.envs.core.events).
KIND, A, B, C, D = range(5)
SCENE_COLUMNS = ("rounds", "pcs_knocked_out", "pcs_killed", "enemies_knocked_out",
                 "enemies_killed")
NOTE_LABELS = {st.NOTE_OVERSPEND: "overspends", st.NOTE_UNCONSCIOUS: "knocked_out",
               st.NOTE_DEAD: "deaths", st.NOTE_PUSH: "pushes", st.NOTE_SKIPPED: "turns_skipped",
               st.NOTE_WAKE: "woken_by_healing"}


NOTE_INDEX = code_index(NOTE_LABELS, max(NOTE_LABELS) + 1)  # the notes counted, in order

# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("declared", "reactions", "hits", "notes", "ends", "rounds")


@njit(cache=True)
def count_scene_note(running, code, participant):
    """Add a Round begun, or a PC's or an enemy's knock-out or death, to an env's
    ``running`` row (:data:`SCENE_COLUMNS`)."""
    enemy = 2 if participant >= st.MAX_PCS else 0
    if code == st.NOTE_ROUND:
        running[0] += 1
    elif code == st.NOTE_UNCONSCIOUS:
        running[1 + enemy] += 1
    elif code == st.NOTE_DEAD:
        running[2 + enemy] += 1


@njit(cache=True)
def tally_records(records, lengths, hits, declared, reactions, notes, running):
    """Count the log's records in place (see ``FrontiersStats.add_events``; env ``i``'s
    scene figures in ``running[i]``) and clear the log's lengths."""
    records, lengths, hits, declared, reactions, notes, running = borrow(
        (records, lengths, hits, declared, reactions, notes, running))  # no count per call
    for i in range(lengths.shape[0]):
        for r in range(lengths[i]):
            kind, a, b, c = records[i, r, KIND], records[i, r, A], records[i, r, B], \
                records[i, r, C]
            if kind == OUTCOME and a < 2:
                hits[a] += 1
            elif kind == NOTE:
                if a == st.NOTE_DECLARE and c < declared.shape[0]:
                    declared[c] += 1
                elif a == st.NOTE_REACT and c < reactions.shape[0]:
                    reactions[c] += 1
                count_code(notes, NOTE_INDEX, a)
                count_scene_note(running[i], a, b)
        lengths[i] = 0


class FrontiersStats:
    """Counters of a Frontiers playtest.

    Args:
        config: The config the encounters ran under (for the ability names).
    """

    event_kinds = (NOTE, OUTCOME)  # the records counted: the playtest's log keeps these alone

    def __init__(self, config: FrontiersConfig):
        self.names = [a.name for a in config.abilities]
        self.reaction = [a.kind in st.REACTION_KINDS for a in config.abilities]
        self.declared = np.zeros(st.MAX_ABILITIES, np.int64)
        self.reactions = np.zeros(st.MAX_ABILITIES, np.int64)
        self.hits = np.zeros(2, np.int64)  # misses, hits
        self.notes = np.zeros(len(NOTE_LABELS), np.int64)  # by NOTE_INDEX
        self.ends = dict.fromkeys(st.END_NAMES, 0)
        self.rounds: list[int] = []
        self.scene_columns = SCENE_COLUMNS
        self.running = np.zeros((0, len(SCENE_COLUMNS)), np.int64)  # per env, this episode

    def add_events(self, envs, records) -> None:
        """Count drained records (int32[M, 5], env by env; ``envs``: each one's env): hits
        and misses, abilities and Reactions declared, the notes of :data:`NOTE_LABELS`, and
        each env's Rounds begun and each side's knock-outs and deaths this episode."""
        self._grow(int(envs.max()) + 1 if envs.size else 0)
        edges = np.flatnonzero(np.r_[True, envs[1:] != envs[:-1], True])
        for start, stop in zip(edges[:-1], edges[1:]):
            env = int(envs[start])
            tally_records(records[None, start:stop], np.array([stop - start], np.int64),
                          self.hits, self.declared, self.reactions, self.notes,
                          self.running[env:env + 1])

    def tally(self, records, lengths) -> None:
        """Count the log's records in place and clear the log (one compiled pass)."""
        self._grow(lengths.shape[0])
        tally_records(records, lengths, self.hits, self.declared, self.reactions, self.notes,
                      self.running)

    def _grow(self, envs: int) -> None:
        """Room in the per-env scene figures for ``envs`` envs."""
        if envs > len(self.running):
            grown = np.zeros((envs, len(SCENE_COLUMNS)), np.int64)
            grown[: len(self.running)] = self.running
            self.running = grown

    def scene_values(self, envs, rows) -> np.ndarray:
        """int64[k, 5]: :data:`SCENE_COLUMNS` of the scenes just ended in ``envs``; their
        counts start again for the next episode."""
        out = np.zeros((len(envs), len(SCENE_COLUMNS)), np.int64)
        seen = envs < len(self.running)
        out[seen] = self.running[envs[seen]]
        self.running[envs[seen]] = 0
        return out

    def add_ended(self, rows) -> None:
        """Count how each ended encounter ended and how many Rounds it lasted."""
        cut = rows[:, TRUNCATED] == 1
        self.ends[st.END_NAMES[st.END_ROUND_LIMIT]] += int(cut.sum())
        self.ends[st.END_NAMES[st.END_ENEMIES_DOWN]] += int((~cut & (rows[:, RESULT] > 0)).sum())
        self.ends[st.END_NAMES[st.END_PARTY_DOWN]] += int((~cut & (rows[:, RESULT] < 0)).sum())
        self.rounds.extend(int(r) for r in rows[:, st.ROUND])

    def merge(self, other) -> None:
        """Add the counters of ``other``, fed other scenes (a split playtest)."""
        add_counters(self, other, COUNTERS)

    def summary(self) -> dict:
        """Frequency tables of every counter, and the mean Rounds per encounter."""
        used = {name: int(self.declared[k]) for k, name in enumerate(self.names)
                if not self.reaction[k]}
        reacted = {name: int(self.reactions[k]) for k, name in enumerate(self.names)
                   if self.reaction[k]}
        # sorted: the same figures whatever order the encounters ended in (a split playtest)
        mean, ci = mean_ci(np.sort(self.rounds or [0]))
        return {
            "encounter_ends": frequency_table({k.replace(" ", "_"): v for k, v in self.ends.items()}),
            "rounds_mean": mean, "rounds_ci": ci,
            "attacks": frequency_table({"miss": int(self.hits[0]), "hit": int(self.hits[1])}),
            "abilities_declared": frequency_table(used),
            "reactions_declared": frequency_table(reacted),
            **{label: int(n) for label, n in zip(NOTE_LABELS.values(), self.notes)},
        }


def make(config: FrontiersConfig) -> FrontiersStats:
    """The collector for a playtest under ``config``."""
    return FrontiersStats(config)
