"""Frontiers configs: bad ones are refused with an error naming the field and what is
allowed; a good one reaches the kernels as the numbers and bitmasks of its catalogue."""

from dataclasses import replace

import pytest

from scenegym.envs.frontiers.catalogue import ABILITIES, ARCHETYPES, Ability
from scenegym.envs.frontiers.config import FrontiersConfig, kernel_params
from scenegym.envs.frontiers.state import KIND_NAMES

VANGUARD = ARCHETYPES[0]
ONLY_VANGUARD = {"party": ("vanguard",), "enemy_pool": ("vanguard",)}


@pytest.mark.parametrize("fields, message", [
    ({"ap_per_turn": 4}, "'ap_per_turn' is 4; allowed: 1..3"),
    ({"party": ("vanguard", "paladin")}, "'party[1]' is 'paladin'; allowed: 'vanguard'"),
    ({"party": ()}, "'party' must be a tuple of 1..4 archetype names"),
    ({"enemies_min": 3, "enemies_max": 2}, "'enemies_min' is 3; allowed: 1..2"),
    ({"overspend_die": 7}, "'overspend_die' is 7; allowed: an even-sided die"),
    ({"placement": "grid"}, "'placement' is 'grid'; allowed: 'random', 'fixed'"),
    ({"pc_units": (0, 0, 0, 20)}, "'pc_units[3]' is 20; allowed: 0..11"),
    ({"abilities": ABILITIES + (Ability("bite", "attack", ap=5),)}, "'abilities[9].ap' is 5"),
    ({"abilities": (Ability("parry", "guard", free=True),)}, "only abilities used in the user's"),
    ({"archetypes": (replace(VANGUARD, mods=(-1, 0, 0, 0, 0, 0)),), **ONLY_VANGUARD},
     "Vigor or Resolve a negative modifier"),
    ({"archetypes": (replace(VANGUARD, abilities=("strike", "fireball")),), **ONLY_VANGUARD},
     "'archetypes[0].abilities[1]' is 'fireball'"),
])
def test_a_bad_value_is_refused_naming_the_field(fields, message):
    with pytest.raises(ValueError) as err:
        FrontiersConfig(**fields)
    assert message in str(err.value)


def test_a_non_int_is_refused():
    with pytest.raises(TypeError, match="'max_rounds' must be an int"):
        FrontiersConfig(max_rounds=2.5)


def test_the_kernels_read_the_catalogue_as_bitmasks_of_its_abilities():
    """``ability_masks``: bit ``k`` of each mask is ability ``k`` of the catalogue (the order of
    ``abilities``): the abilities of each kind; the Actions, every ability but the Reactions
    (guards and opportunity strikes, declared in a reaction window: Flow of Play Expanded,
    "Reactions"); the Free Actions; and the non-Free ones that cost AP (Actions: "If a rule
    does not specify an Action cost, it defaults to 1 AP"; Free Actions cost none)."""
    default = FrontiersConfig()
    for cfg in (default, replace(default, abilities=default.abilities[::-1])):
        p = kernel_params(cfg)
        for k, a in enumerate(cfg.abilities):
            bit = 1 << k
            for kind, name in enumerate(KIND_NAMES):
                assert bool(p.kind_abilities[kind] & bit) == (a.kind == name), (a.name, name)
            reaction = a.kind in ("guard", "opportunity")
            assert bool(p.action_abilities & bit) == (not reaction), a.name
            assert bool(p.free_abilities & bit) == a.free, a.name
            assert bool(p.ap_abilities & bit) == (not a.free and a.ap > 0), a.name
        everything = (1 << len(cfg.abilities)) - 1
        assert sum(p.kind_abilities) == everything  # each ability has one kind
