"""Bad STA configs are refused with the field, the value and what is allowed."""

import pytest

from scenegym.envs.sta.config import StaConfig, kernel_params


@pytest.mark.parametrize(("fields", "words"), [
    ({"pcs": 5}, ["'pcs'", "1..4"]),
    ({"max_dice": 1}, ["'max_dice'", "2..10"]),
    ({"npc_tiers": ("boss",)}, ["npc_tiers[0]", "'minor'"]),
    ({"npc_tiers": ()}, ["npc_tiers", "1..4"]),
    ({"pc_weapon": (9, 0)}, ["pc_weapon[0]", "0..7"]),
    ({"battlefield_cover": (0, 1)}, ["len(battlefield_cover)", "3..6"]),
    ({"battlefield_terrain": (1, 0, 0)}, ["battlefield_cover"]),
    ({"momentum_start": 7}, ["'momentum_start'", "0..6"]),
    ({"pc_focus": ((9,), ())}, ["pc_focus[0][0]", "0..5"]),
    ({"targets_aware": 2}, ["'targets_aware'", "True"]),
])
def test_bad_values_are_refused_with_what_is_allowed(fields, words):
    with pytest.raises((ValueError, TypeError)) as err:
        StaConfig(**fields)
    for word in words:
        assert word in str(err.value)


def test_params_place_pcs_then_npcs():
    p = kernel_params(StaConfig(pcs=1, npc_tiers=("major",)))
    assert p.tier[:5] == (0, 0, 0, 0, 3)
    assert p.attributes[4 * 6: 5 * 6] == StaConfig().tier_attributes[2]
    assert p.threat_start == 2
