"""Frontiers playtest statistics: how encounters end, rounds, attacks, Reactions, harm.

How an encounter ends is read from its last state row (cut off by the round limit, or the
side left standing); the rest is counted from the event log. Per scene (an episode: one
encounter, or every encounter of an expedition), for paired comparisons: Rounds played, and
the PCs and enemies who fell Unconscious and who died (:data:`SCENE_COLUMNS`).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.events import NOTE, OUTCOME
from scenegym.envs.core.header import RESULT, TRUNCATED
from scenegym.envs.core.rulestats import add_counters
from scenegym.envs.core.stats import frequency_table, mean_ci
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig

# Record columns: [kind, a, b, c, d] (scenegym.envs.core.events).
KIND, A, B, C, D = range(5)
SCENE_COLUMNS = ("rounds", "pcs_knocked_out", "pcs_killed", "enemies_knocked_out",
                 "enemies_killed")
# NOTE code -> the scene column it counts (the note's first field is the participant)
COUNTED = ((st.NOTE_ROUND, None), (st.NOTE_UNCONSCIOUS, "knocked_out"), (st.NOTE_DEAD, "killed"))
NOTE_LABELS = {st.NOTE_OVERSPEND: "overspends", st.NOTE_UNCONSCIOUS: "knocked_out",
               st.NOTE_DEAD: "deaths", st.NOTE_PUSH: "pushes", st.NOTE_SKIPPED: "turns_skipped",
               st.NOTE_WAKE: "woken_by_healing"}


# the counters a split playtest adds up (the rest is per env, of the scenes running)
COUNTERS = ("declared", "reactions", "hits", "notes", "ends", "rounds")


class FrontiersStats:
    """Counters of a Frontiers playtest.

    Args:
        config: The config the encounters ran under (for the ability names).
    """

    def __init__(self, config: FrontiersConfig):
        self.names = [a.name for a in config.abilities]
        self.reaction = [a.kind in ("guard", "opportunity") for a in config.abilities]
        self.declared = np.zeros(st.MAX_ABILITIES, np.int64)
        self.reactions = np.zeros(st.MAX_ABILITIES, np.int64)
        self.hits = np.zeros(2, np.int64)  # misses, hits
        self.notes = dict.fromkeys(NOTE_LABELS.values(), 0)
        self.ends = dict.fromkeys(st.END_NAMES, 0)
        self.rounds: list[int] = []
        self.scene_columns = SCENE_COLUMNS
        self.running = np.zeros((0, len(SCENE_COLUMNS)), np.int64)  # per env, this episode

    def add_events(self, envs, records) -> None:
        """Count one step's records."""
        kind = records[:, KIND]
        out = records[kind == OUTCOME]
        self.hits += np.bincount(out[:, A], minlength=2)[:2]
        is_note = kind == NOTE
        notes = records[is_note]
        declared = notes[notes[:, A] == st.NOTE_DECLARE, C]
        self.declared += np.bincount(declared, minlength=st.MAX_ABILITIES)[:st.MAX_ABILITIES]
        reacted = notes[notes[:, A] == st.NOTE_REACT, C]
        self.reactions += np.bincount(reacted, minlength=st.MAX_ABILITIES)[:st.MAX_ABILITIES]
        by_code = np.bincount(notes[:, A], minlength=st.NUM_NOTES)  # one pass for every code
        for code, label in NOTE_LABELS.items():
            self.notes[label] += int(by_code[code])
        self._count_scene_notes(envs[is_note], notes)

    def _count_scene_notes(self, envs, notes) -> None:
        """Add the Rounds begun and each side's knock-outs and deaths to their envs' counts."""
        if envs.size and envs.max() >= len(self.running):
            grown = np.zeros((envs.max() + 1, len(SCENE_COLUMNS)), np.int64)
            grown[: len(self.running)] = self.running
            self.running = grown
        enemy = notes[:, B] >= st.MAX_PCS
        for code, what in COUNTED:
            hit = notes[:, A] == code
            if what is None:
                self._add_per_env(0, envs[hit])
                continue
            for side, mask in (("pcs", hit & ~enemy), ("enemies", hit & enemy)):
                self._add_per_env(SCENE_COLUMNS.index(f"{side}_{what}"), envs[mask])

    def _add_per_env(self, col, envs) -> None:
        """Add 1 to scene column ``col`` of each env in ``envs`` (repeats count again): one
        bincount, which ``np.add.at`` takes many times as long to do."""
        self.running[:, col] += np.bincount(envs, minlength=len(self.running))

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
            **self.notes,
        }


def make(config: FrontiersConfig) -> FrontiersStats:
    """The collector for a playtest under ``config``."""
    return FrontiersStats(config)
