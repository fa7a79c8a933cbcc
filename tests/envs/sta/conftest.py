"""Fixtures of the STA tests: scripted conflicts (``tests/scripted.py``).

``conflict(dice=[...], **config_fields)`` is a scripted personal conflict (or, with
``conflict="social"``, a social one) of the ``sta`` ruleset: one PC against one Minor NPC
on three open zones unless the test says otherwise.
State fields are read by their ``state.py`` names (``get("stress", c)`` is character ``c``'s
Stress) and written with ``put(name, value, c)``.

Character slots: PCs 0..3, NPCs 4..7. The default PC 0 rolls Control + Security = 10 + 4 = 14
with a Security focus (criticals at 4 or under); a Minor NPC rolls Control or Daring +
Security = 9 + 2 = 11 without a focus, with a disruptor pistol (Deadly, Intense).
"""

from __future__ import annotations

import pytest
from scripted import ScriptedScene

from scenegym.envs.sta import state as st

# The first three NPCs carry disruptor pistols, the fourth a disruptor rifle; the third and
# fourth wear Protection 1 (the tests' opposition, whatever the shipped scenario's).
RAIDERS = {"npc_weapon": (6, 6, 6, 7), "npc_protection": (0, 0, 1, 1)}
OPEN_GROUND = {"battlefield_cover": (0, 0, 0), "battlefield_terrain": (0, 0, 0),
               "battlefield_obstacles": (0, 0)}


class Conflict(ScriptedScene):
    """A scripted conflict: env 0 of a batch of the ``sta`` ruleset."""

    def __init__(self, dice=(), **fields):
        super().__init__("sta", dice=dice,
                         **{"pcs": 1, "npc_tiers": ("minor",), **RAIDERS, **OPEN_GROUND,
                            **fields})

    def put(self, name: str, value: int, offset: int = 0) -> Conflict:
        """Set character ``offset``'s field (or a scalar field), then recompute the masks."""
        self.batch.state[0, self.column(name) + offset] = value
        self.batch.refresh()
        return self

    def turn(self, c: int, *minors) -> Conflict:
        """``c`` takes the turn (the crew first if the GM's first-turn choice is pending; the
        last turn ended and handed over if its minor actions after the major action, a second
        major action or Keep the Initiative are pending), takes ``minors`` and ends its minor
        actions."""
        if self.phase == st.AFTER:
            self.play(st.A_END_MINOR)
        if self.phase == st.KEEP:
            self.play(st.A_HAND_OVER)
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
