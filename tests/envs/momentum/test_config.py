"""The Momentum config: every number is a validated field; bad values name field and range."""

import pytest

from scenegym.envs.momentum.config import MomentumConfig, kernel_params


@pytest.mark.parametrize("fields, message", [
    ({"pcs": 0}, "'pcs' is 0; allowed: 1..6"),
    ({"npcs": 7}, "'npcs' is 7; allowed: 1..6"),
    ({"kind": "duel"}, "'kind' is 'duel'"),
    ({"episode": "campaign"}, "'episode' is 'campaign'"),
    ({"start": 14}, "'start' is 14; allowed: -1..13"),
    ({"order": "initiative"}, "'order' is 'initiative'"),
    ({"crew_risk_min": 3, "crew_risk_max": 2}, "'crew_risk_max' is 2; allowed: 3..6"),
    ({"npc_risk_max": (0, 4, 3, 4, 3, 4)}, "'npc_risk_max[0]' is 0"),
    ({"pc_will": (2, 2, 2)}, "'pc_will' must be a tuple of 6 ints"),
    ({"fiat_max": 4}, "'fiat_max' is 4; allowed: 0..3"),
    ({"social_mode": "poetry"}, "'social_mode' is 'poetry'"),
    ({"start_per_pc": 4}, "starting Momentum 16; allowed: 0..13"),
])
def test_bad_values_are_refused(fields, message):
    with pytest.raises((ValueError, TypeError), match=message.replace("[", r"\[").replace("]", r"\]")):
        MomentumConfig(**fields)


def test_openings_and_overrides():
    """Seed: ambush "well above half" (10 of 13), ambushed "below half" (2 of 13)."""
    assert MomentumConfig(opening="ambush").starting_momentum == 10
    assert MomentumConfig(opening="ambushed").starting_momentum == 2
    assert MomentumConfig(opening="ambush", start=13).starting_momentum == 13
    assert MomentumConfig(pcs=2, full_per_pc=2, full_bonus=0).full == 4


def test_kernel_params_carry_the_pools():
    p = kernel_params(MomentumConfig(pc_ability=(3, 1, 3, 3, 3, 3), pc_skill=(3,) * 6))
    assert p.pc_pool[:2] == (6, 4) and p.pc_capacity[0] == 4 and p.full == 13
    assert p.starting_momentum == 4 and p.start == -1  # the field: -1 is "by the opening"


def test_full_momentum_above_the_observed_maximum_is_refused():
    """Full Momentum is observed as Full / MAX_FULL: a config beyond it is refused by name."""
    from scenegym.envs.momentum.state import MAX_FULL

    with pytest.raises(ValueError, match=f"Full Momentum 121; allowed: 1..{MAX_FULL}"):
        MomentumConfig(pcs=6, full_per_pc=20, full_bonus=1)
    assert MomentumConfig(full_momentum=MAX_FULL).full == MAX_FULL
