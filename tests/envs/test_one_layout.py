"""Every shipped scenario runs on the rules compiled for the default config: its kernel params
have the default's numba type (tables padded to fixed sizes), so loading one compiles nothing
new. A type that differs would compile every rule of the ruleset a second time (about a
minute with bounds checks)."""

import numba
import pytest

from scenegym.envs.core.content import shipped_names
from scenegym.envs.rulesets import get_ruleset

SCENARIOS = [(ruleset, name) for ruleset, package in (("sta", "scenegym.envs.sta"),
                                                      ("sta_social", "scenegym.envs.sta"),
                                                      ("frontiers", "scenegym.envs.frontiers"))
             for name in shipped_names(package, "scenarios")]


def param_types(rs, config) -> dict:
    params = rs.params(config)
    return {field: numba.typeof(getattr(params, field)) for field in params._fields}


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_a_shipped_scenario_has_the_default_configs_kernel_types(ruleset, scenario):
    rs = get_ruleset(ruleset)
    default = param_types(rs, rs.default_config())
    loaded = param_types(rs, rs.make_config(scenario=scenario))
    assert {f: (default[f], t) for f, t in loaded.items() if t != default[f]} == {}


def test_every_ruleset_with_scenarios_ships_some():
    assert {r for r, _ in SCENARIOS} == {"sta", "sta_social", "frontiers"}
    assert ("sta", "boarding") in SCENARIOS
