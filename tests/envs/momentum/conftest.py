"""Fixtures of the Momentum tests: scripted scenes (``tests/scripted.py``) with the table's
routine choices, configs, and scripted rolls.

``scene(config, dice=[...], risk=2)`` is a :class:`MomentumScene`: a scripted scene of the
``momentum`` ruleset whose :meth:`~scripted.ScriptedScene.auto` plays :func:`table_choice`
until a named decision is pending. ``rolls.SUCCESS`` ...: five pool faces at Risk 2.
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import pytest
from scripted import ScriptedScene

from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig

# Rolls of five pool dice at Risk 2: pool faces, then the risk dice.
ROLLS = SimpleNamespace(
    SUCCESS=[5, 2, 2, 2, 2, 3, 3],
    CRITICAL_SUCCESS=[6, 6, 2, 2, 2, 3, 3],
    CRITICAL_FAILURE=[2, 2, 2, 2, 2, 1, 3],
    COSTLY=[5, 2, 2, 2, 2, 1, 3],
    FAILURE=[2, 2, 2, 2, 2, 3, 3],
)
ROUTINE = {st.SPEND: st.A_ROLL, st.CORRECT: st.A_KEEP, st.GM_SEIZE: st.A_PASS,
           st.SEIZE: st.A_PASS, st.AT_FULL: st.A_PASS, st.AT_ZERO: st.A_PASS,
           st.FIAT: st.A_FIAT + st.FIAT_ACTIONS_MAX}


COMPLICATION = st.A_COST + st.COST_COMPLICATION


def table_choice(scene, risk: int = 2) -> int:
    """The table's routine choice: Risk ``risk``, roll, keep, a complication as the cost (+1
    Risk when none is offered), pass on seizes and thresholds, no fiat; else the lowest legal
    PC / NPC / target."""
    if scene.phase == st.SET_RISK:
        return st.A_RISK + risk
    if scene.phase == st.COST:
        return COMPLICATION if COMPLICATION in scene.legal() else st.A_COST + st.COST_RISK
    return ROUTINE[scene.phase] if scene.phase in ROUTINE else scene.legal()[0]


class MomentumScene(ScriptedScene):
    """A scripted Momentum scene, with the crew's Momentum and each round's leading side."""

    @property
    def momentum(self) -> int:
        return self.get("momentum")

    def leaders(self) -> list[int]:
        """The side leading each round so far (``st.CREW_SIDE`` / ``st.GM_SIDE``)."""
        return [leader for _, leader, _ in self.notes(st.NOTE_ROUND)]


@pytest.fixture
def scene():
    """Factory of scripted scenes: ``scene(config, dice=[...], risk=2)``."""

    def make(config=None, dice=(), risk=2):
        return MomentumScene("momentum", config, dice=dice, policy=partial(table_choice, risk=risk))

    return make


@pytest.fixture
def config():
    """Factory of configs: ``config(pcs=4, npcs=1, ...)``."""
    return lambda **fields: MomentumConfig(**fields)


@pytest.fixture
def rolls():
    """Scripted rolls by result name (``rolls.SUCCESS``, ``rolls.CRITICAL_FAILURE``...)."""
    return ROLLS
