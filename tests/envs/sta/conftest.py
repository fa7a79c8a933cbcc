"""Helpers for the STA tests: a scripted personal conflict driven by action ids and d20 faces.

``conflict(dice=[...], **config_fields)`` builds a :class:`Conflict`: env 0 of a
:class:`SceneBatch` of the ``sta`` ruleset with a dice script, on a fixed battlefield of
three open zones unless the test gives another, whose state fields are read by their
``state.py`` names (``get("stress", c)`` is character ``c``'s Stress).

Character slots: PCs 0..3, NPCs 4..7 (``NPC0 = 4``). The default PC 0 rolls Control +
Security = 10 + 4 = 14 with a Security focus (criticals at 4 or under); a Minor NPC rolls
Control or Daring + Security = 9 + 2 = 11 without a focus.
"""

from __future__ import annotations

import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import NOTE
from scenegym.envs.core.header import OVER, PHASE, RESULT, SEAT, TRUNCATED
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig
from scenegym.envs.sta.ruleset import STA

NPC0 = st.MAX_PCS
OPEN_GROUND = {"battlefield_cover": (0, 0, 0), "battlefield_terrain": (0, 0, 0),
               "battlefield_obstacles": (0, 0)}


def dice_rows(dice, num_envs: int = 1) -> np.ndarray:
    """A dice script (one list for every env), with a trailing 0 so running out fails loudly."""
    out = np.zeros((num_envs, len(dice) + 1), np.int32)
    out[:, : len(dice)] = dice
    return out


class Conflict:
    """A scripted personal conflict: env 0 of a :class:`SceneBatch`."""

    def __init__(self, dice=(), **fields):
        fields = {"pcs": 1, "npc_tiers": ("minor",), **OPEN_GROUND, **fields}
        self.config = StaConfig(**fields)
        self.batch = SceneBatch(STA, self.config, 1, log_capacity=4096,
                                dice_script=dice_rows(list(dice)))
        self.batch.reset(0)
        self.events = list(self.batch.drain_events()[0])

    def get(self, name: str, offset: int = 0) -> int:
        """A state field by its ``state.py`` name (header fields too: over, result...)."""
        header = {"over": OVER, "result": RESULT, "seat": SEAT, "phase": PHASE,
                  "truncated": TRUNCATED}
        col = header[name] if name in header else getattr(st, name.upper())
        return int(self.batch.state[0, col + offset])

    def set(self, name: str, value: int, offset: int = 0) -> None:
        """Edit a state field (a scene set up by hand), then recompute masks."""
        self.batch.state[0, getattr(st, name.upper()) + offset] = value
        self.batch.refresh()

    @property
    def phase(self) -> int:
        return self.get("phase")

    def legal(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.batch.masks[0])]

    def play(self, *actions):
        """Take the pending decisions in order; returns the last crew reward."""
        reward = 0.0
        for a in actions:
            r, _, _ = self.batch.step(np.array([a]))
            self.events.extend(self.batch.drain_events()[0])
            reward = float(r[0])
        return reward

    def notes(self, code: int) -> list[tuple[int, int, int]]:
        return [(e.b, e.c, e.d) for e in self.events if e.kind == NOTE and e.a == code]

    def turn(self, c: int, *minors):
        """``c`` takes the turn (the crew first if the GM's first-turn choice is pending),
        takes ``minors`` and ends its minor actions."""
        if self.phase == st.FIRST:
            self.play(st.A_CREW_FIRST if c < st.MAX_PCS else st.A_NPC_FIRST)
        self.play(st.A_PICK + c, *minors)
        if self.phase == st.MINOR:
            self.play(st.A_END_MINOR)
        return self


@pytest.fixture
def conflict():
    """Factory of scripted conflicts: ``conflict(dice=[...], **config_fields)``."""
    return lambda dice=(), **fields: Conflict(dice, **fields)
