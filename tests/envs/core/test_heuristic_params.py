"""A heuristic asked from Python builds its rules-of-thumb record once per value of its
fields (envs/core/heuristic.py, ``CompiledHeuristic.params_now``): every ``ask`` reads its
compiled policy, and Frontiers' record reads the whole catalogue."""

import numpy as np
import pytest

from scenegym.agents.registry import make_agent
from scenegym.envs.frontiers.config import FrontiersConfig


@pytest.mark.parametrize("ruleset", ["starforged", "momentum", "sta", "frontiers"])
def test_the_record_is_built_once_and_is_the_one_params_builds(ruleset):
    agent = make_agent("heuristic", ruleset, seed=1)
    first = agent.compiled.params
    assert agent.compiled.params is first and agent.params_now() is first
    assert first.tobytes() == agent.params().tobytes()


def test_a_changed_field_builds_the_record_again():
    agent = make_agent("heuristic", "frontiers", seed=1)
    first = agent.compiled.params
    agent.heal_below = 0.25
    again = agent.compiled.params
    assert again is not first and again["heal_below"][0] == 0.25
    assert first["heal_below"][0] == 0.5  # the record already handed out is left as it was
    agent.config = FrontiersConfig(zone_movement=True)
    zones = agent.compiled.params
    assert zones is not again
    assert not np.array_equal(zones["range_max"], again["range_max"])
