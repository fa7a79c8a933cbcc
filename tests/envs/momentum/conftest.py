"""Helpers for the Momentum tests: a scripted scene driven by action ids and dice faces.

The helpers are fixtures (no imports between test files), so the test directory needs no
``__init__.py``. ``scene(config, dice=[...])`` builds a :class:`Scene`: env 0 of a
:class:`SceneBatch` of the ``momentum`` ruleset with a dice script, whose state fields are
read by their ``state.py`` names, and which plays decisions one by one or by a default
"table" policy (:meth:`Scene.auto`) until a named decision is pending.

Scripted rolls: the ``rolls`` fixture (``rolls.SUCCESS`` ...: five pool faces at Risk 2).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import DIE, NOTE, OUTCOME
from scenegym.envs.core.header import LEAD, LEAD_CHANGES, MARGIN, OVER, RESULT, SEAT, TRUNCATED
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.ruleset import MOMENTUM

SEED_FILE = "000_97f1de412d4743e2.txt"

# Rolls of five pool dice at Risk 2: pool faces, then the risk dice.
ROLLS = SimpleNamespace(
    SUCCESS=[5, 2, 2, 2, 2, 3, 3],
    CRITICAL_SUCCESS=[6, 6, 2, 2, 2, 3, 3],
    CRITICAL_FAILURE=[2, 2, 2, 2, 2, 1, 3],
    COSTLY=[5, 2, 2, 2, 2, 1, 3],
    FAILURE=[2, 2, 2, 2, 2, 3, 3],
)


def dice_rows(dice, num_envs: int) -> np.ndarray:
    """A dice script (one list for every env), with a trailing 0 so running out fails loudly."""
    out = np.zeros((num_envs, len(dice) + 1), np.int32)
    out[:, : len(dice)] = dice
    return out


def column(name: str) -> int:
    """The state column of a field named as in ``scenegym.envs.momentum.state`` (any case)."""
    header = {"over": OVER, "result": RESULT, "seat": SEAT, "truncated": TRUNCATED,
              "lead": LEAD, "lead_changes": LEAD_CHANGES, "margin": MARGIN, "phase": 0}
    if name in header:
        return header[name]
    col = getattr(st, name.upper(), None)
    if not isinstance(col, int):
        raise KeyError(f"no state field {name!r} in scenegym.envs.momentum.state")
    return col


class Scene:
    """A scripted Momentum scene: env 0 of a :class:`SceneBatch`.

    Args:
        config: The config (default: the seed's rules).
        dice: Every die face in the order the rules roll them.
        risk: The Risk :meth:`auto` sets whenever the GM is asked.
    """

    def __init__(self, config: MomentumConfig | None = None, dice=(), risk: int = 2):
        self.config = config or MomentumConfig()
        self.batch = SceneBatch(MOMENTUM, self.config, 1, log_capacity=20_000,
                                dice_script=dice_rows(list(dice), 1))
        self.batch.reset(0)
        self.events = list(self.batch.drain_events()[0])
        self.risk = risk

    # -- reading --------------------------------------------------------------------------
    def get(self, name: str, offset: int = 0) -> int:
        """A state field (``get("wounds", 2)`` is PC 2's wounds)."""
        return int(self.batch.state[0, column(name) + offset])

    @property
    def phase(self) -> int:
        return self.get("phase")

    @property
    def momentum(self) -> int:
        return self.get("momentum")

    def legal(self) -> list[int]:
        """The legal action ids of the pending decision."""
        return [int(a) for a in np.flatnonzero(self.batch.masks[0])]

    def notes(self, code: int) -> list[tuple[int, int, int]]:
        """``(b, c, d)`` of each NOTE with ``code`` so far."""
        return [(e.b, e.c, e.d) for e in self.events if e.kind == NOTE and e.a == code]

    def outcomes(self) -> list[tuple[int, int, int, int]]:
        """``(result, successes, turn kind, PC)`` of each roll so far."""
        return [(e.a, e.b, e.c, e.d) for e in self.events if e.kind == OUTCOME]

    def dice_rolled(self, purpose: int) -> list[int]:
        """Faces of every die of ``purpose`` (``st.DIE_POOL``, ``st.DIE_RISK``...) so far."""
        return [e.b for e in self.events if e.kind == DIE and e.c == purpose]

    def leaders(self) -> list[int]:
        """The side leading each round so far (``st.CREW_SIDE`` / ``st.GM_SIDE``)."""
        return [c for _, c, _ in self.notes(st.NOTE_ROUND)]

    # -- playing ----------------------------------------------------------------------------
    def play(self, *actions):
        """Take the pending decisions in order; returns the last ``(reward, over)``."""
        out = None
        for a in actions:
            reward, over, _ = self.batch.step(np.array([a]))
            self.events.extend(self.batch.drain_events()[0])
            out = (float(reward[0]), bool(over[0]))
        return out

    def default_action(self) -> int:
        """The table's routine choice: lowest PC / NPC / target, Risk ``self.risk``, roll, keep,
        a complication as the cost, pass on seizes and thresholds, no fiat."""
        legal = self.legal()
        phase = self.phase
        if phase == st.SET_RISK:
            return st.A_RISK + self.risk
        if phase == st.SPEND:
            return st.A_ROLL
        if phase == st.CORRECT:
            return st.A_KEEP
        if phase == st.COST:
            return st.A_COST + st.COST_COMPLICATION
        if phase in (st.GM_SEIZE, st.SEIZE, st.AT_FULL, st.AT_ZERO):
            return st.A_PASS
        if phase == st.FIAT:
            return st.A_FIAT + st.FIAT_ACTIONS_MAX
        return legal[0]

    def auto(self, until_phase: int | None = None, max_steps: int = 2000, **fields):
        """Play :meth:`default_action` until ``until_phase`` is pending with ``fields``
        (state names, e.g. ``actor=1, round=2``) or the scene is over."""
        for _ in range(max_steps):
            if self.get("over"):
                return self
            if self.phase == until_phase and all(self.get(k) == v for k, v in fields.items()):
                return self
            self.play(self.default_action())
        raise AssertionError(f"phase {until_phase} with {fields} never came")


@pytest.fixture
def scene():
    """Factory of scripted scenes: ``scene(config, dice=[...], risk=2)``."""

    def make(config=None, dice=(), risk=2):
        return Scene(config, dice, risk)

    return make


@pytest.fixture
def config():
    """Factory of configs: ``config(pcs=4, npcs=1, ...)``."""
    return lambda **fields: MomentumConfig(**fields)


@pytest.fixture
def rolls():
    """Scripted rolls by result name (``rolls.SUCCESS``, ``rolls.CRITICAL_FAILURE``...)."""
    return ROLLS
