"""Fixtures of the Starforged tests: scripted scenes (``tests/scripted.py``).

``scene(config, dice=[...], **state)`` is a scripted scene challenge of the ``starforged``
ruleset with its state fields set by name (``momentum=-3``, ``stats=(3, 2, 4, 1, 1)``).
"""

import pytest
from scripted import scripted_scene


@pytest.fixture
def scene():
    """Factory of scripted scenes: ``scene(config, dice=[...], num_envs=1, illegal="raise",
    **state_fields)``."""

    def make(config=None, dice=(), *, num_envs=1, illegal="raise", **state):
        return scripted_scene("starforged", config, dice=dice, state=state, num_envs=num_envs,
                              illegal=illegal)

    return make
