"""Fixtures of the Starforged tests: scripted scenes (``tests/scripted.py``).

``scene(config, dice=[...], **state)`` is a scripted scene challenge of the ``starforged``
ruleset with its state fields set by name (``momentum=-3``, ``stats=(3, 2, 4, 1, 1)``).

Its scenes leave the stat the crew's free choice (``approach="crew"``) unless a test names
the approach: the tests of the other rules play the crew's move (and its stat) directly,
and the tests of the approach give ``approach="gm"`` or ``"random"``.
"""

import pytest
from scripted import scripted_scene

from scenegym.envs.starforged.config import StarforgedConfig


@pytest.fixture
def scene():
    """Factory of scripted scenes: ``scene(config, dice=[...], approach="crew", num_envs=1,
    illegal="raise", **state_fields)``."""

    def make(config=None, dice=(), *, approach="crew", num_envs=1, illegal="raise", **state):
        config = (config or StarforgedConfig()).replace(approach=approach)
        return scripted_scene("starforged", config, dice=dice, state=state, num_envs=num_envs,
                              illegal=illegal)

    return make
