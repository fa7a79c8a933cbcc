"""Helpers for the Frontiers tests: a scripted encounter driven by action ids and dice faces.

``encounter(config, dice=[...])`` builds an :class:`Encounter`: env 0 of a
:class:`SceneBatch` of the ``frontiers`` ruleset with a dice script, whose state fields are
read by their ``state.py`` names (``get("hp", 4)``: participant 4's HP). The ``config``
fixture's base is a duel laid out by hand: one vanguard (PC 0, Unit 0) against one brute
(slot 4, Unit 1), fixed placement and Fixed Momentum (no adjustment decisions), so the
first die a test scripts is the first die its actions roll.

Catalogue ability ids (the default catalogue): ``AB.strike`` ... ``AB.opportunity``.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import DIE, NOTE, POOL
from scenegym.envs.core.header import OVER, RESULT, SEAT, TRUNCATED
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.catalogue import ABILITIES
from scenegym.envs.frontiers.config import FrontiersConfig
from scenegym.envs.frontiers.ruleset import FRONTIERS

_NAMES = [a.name for a in ABILITIES]
AB = SimpleNamespace(strike=_NAMES.index("strike"), shoot=_NAMES.index("shoot"),
                     heavy=_NAMES.index("heavy blow"), spike=_NAMES.index("mind spike"),
                     shove=_NAMES.index("shove"), mend=_NAMES.index("mend"),
                     dash=_NAMES.index("dash"), guard=_NAMES.index("guard"),
                     opportunity=_NAMES.index("opportunity strike"))
E0, E1, E2 = st.MAX_PCS, st.MAX_PCS + 1, st.MAX_PCS + 2

DUEL = dict(placement="fixed", fixed_momentum=True, party=("vanguard",), enemy_pool=("brute",),
            enemies_min=1, enemies_max=1, pc_units=(0, 0, 0, 0), enemy_units=(1, 1, 1, 1))


def dice_rows(dice) -> np.ndarray:
    """A one-env dice script with a trailing 0 so running out fails loudly."""
    out = np.zeros((1, len(dice) + 1), np.int32)
    out[0, : len(dice)] = dice
    return out


def column(name: str) -> int:
    """The state column of a field named as in ``scenegym.envs.frontiers.state``."""
    header = {"over": OVER, "result": RESULT, "seat": SEAT, "truncated": TRUNCATED, "phase": 0}
    if name in header:
        return header[name]
    col = getattr(st, name.upper(), None)
    if not isinstance(col, int):
        raise KeyError(f"no state field {name!r} in scenegym.envs.frontiers.state")
    return col


class Encounter:
    """A scripted encounter: env 0 of a :class:`SceneBatch`."""

    def __init__(self, config: FrontiersConfig, dice=()):
        self.batch = SceneBatch(FRONTIERS, config, 1, log_capacity=20_000,
                                dice_script=dice_rows(list(dice)))
        self.batch.reset(0)
        self.events = list(self.batch.drain_events()[0])

    def get(self, name: str, offset: int = 0) -> int:
        """A state field (``get("hp", 4)`` is participant 4's HP)."""
        return int(self.batch.state[0, column(name) + offset])

    def set(self, name: str, offset: int, value: int) -> None:
        """Edit a state field (a situation set up by hand), then recompute the mask."""
        self.batch.state[0, column(name) + offset] = value
        self.batch.refresh()

    @property
    def phase(self) -> int:
        return self.get("phase")

    def legal(self) -> list[int]:
        """The legal action ids of the pending decision."""
        return [int(a) for a in np.flatnonzero(self.batch.masks[0])]

    def play(self, *actions):
        """Take the decisions in order; returns the last ``(reward, over)``."""
        out = None
        for a in actions:
            reward, over, _ = self.batch.step(np.array([a]))
            self.events.extend(self.batch.drain_events()[0])
            out = (float(reward[0]), bool(over[0]))
        return out

    def use(self, ability: int, target: int):
        """Declare ``ability`` on ``target`` (two decisions)."""
        return self.play(st.A_ABILITY + ability, st.A_TARGET + target)

    def notes(self, code: int) -> list[tuple[int, int, int]]:
        """``(b, c, d)`` of each NOTE with ``code`` so far."""
        return [(e.b, e.c, e.d) for e in self.events if e.kind == NOTE and e.a == code]

    def note_order(self, *codes) -> list[tuple[int, int, int, int]]:
        """``(code, b, c, d)`` of every NOTE among ``codes``, in the order recorded."""
        return [(e.a, e.b, e.c, e.d) for e in self.events if e.kind == NOTE and e.a in codes]

    def dice(self, purpose: int) -> list[int]:
        """Faces of every die of ``purpose`` (``st.DIE_ATTACK``...) so far."""
        return [e.b for e in self.events if e.kind == DIE and e.c == purpose]

    def pool_changes(self, code: int, c: int) -> list[tuple[int, int]]:
        """``(old, new)`` of every logged change of pool ``code`` of participant ``c``."""
        return [(e.b, e.c) for e in self.events if e.kind == POOL and e.a == code and e.d == c]

    def turns(self) -> list[int]:
        """The participants whose Turns began, in order."""
        return [b for b, _, _ in self.notes(st.NOTE_TURN)]


@pytest.fixture
def ab():
    """Catalogue ability ids by short name (``ab.strike``, ``ab.heavy``, ``ab.spike``...)."""
    return AB


@pytest.fixture
def encounter():
    """Factory of scripted encounters: ``encounter(config, dice=[...])``."""
    return lambda config, dice=(): Encounter(config, dice)


@pytest.fixture
def config():
    """Factory of configs on the duel base: ``config(party=(...), ...)``."""
    return lambda **fields: FrontiersConfig(**{**DUEL, **fields})
