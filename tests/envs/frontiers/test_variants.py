"""Each Variant and Alternative of Frontiers Engine, Flow of Play Expanded (Beta 2026-1),
as a config switch, with a test showing the Default Rule it replaces.

Base: the vanguard (Vigor +3, MV 5) against the brute (Physical Defense 12, HP 20, MV 6),
Fixed Momentum, as in the other tests.
"""

import pytest

from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import EXCLUSIVE, VARIANTS, FrontiersConfig

E0, E1 = st.MAX_PCS, st.MAX_PCS + 1


@pytest.mark.parametrize("fixed, phase, mv", [(False, st.ADJUST, 5), (True, st.ACT, 5)])
def test_fixed_momentum_removes_the_finesse_adjustment(encounter, config, fixed, phase, mv):
    """Fixed Momentum Variant: "Participants use their base MV. No addition or subtraction
    from Finesse Modifier is allowed." """
    e = encounter(config(fixed_momentum=fixed))
    assert (e.phase, e.get("mv", 0)) == (phase, mv)


def test_rolled_momentum_is_1d20_plus_finesse(encounter, config):
    """Rolled Momentum Variant: "Each participant rolls 1d20 + Finesse Modifier. The result
    becomes their MV". Vanguard 10 + 1 = 11, brute 3 + 0 = 3: the brute acts first."""
    e = encounter(config(fixed_momentum=False, rolled_momentum=True), dice=[10, 3])
    assert (e.get("mv", 0), e.get("mv", E0), e.turns()) == (11, 3, [E0])
    assert e.dice(st.DIE_MOMENTUM) == [10, 3]


@pytest.mark.parametrize("escalation_from, hp", [(0, 19), (4, 18)])
def test_escalating_rounds_add_damage_from_round_4(encounter, config, ab, escalation_from, hp):
    """Escalating Rounds Variant: "Beginning at Round 4: All damage increases by +1." """
    e = encounter(config(escalation_from=escalation_from), dice=[20, 1])
    e.play(*[st.A_END] * 6)
    assert e.get("round") == 4
    e.use(ab.strike, E0)
    assert e.get("hp", E0) == hp


@pytest.mark.parametrize("ap", [3, 2])
def test_two_ap_variant_begins_each_turn_with_2_ap(encounter, config, ab, ap):
    """2 AP Variant: "Participants begin each Turn with 2 AP instead of 3." """
    e = encounter(config(ap_per_turn=ap), dice=[1])
    assert e.get("ap", 0) == ap
    e.use(ab.strike, E0)
    assert (st.A_ABILITY + ab.heavy in e.legal()) == (ap == 3)


@pytest.mark.parametrize("limit, second_window", [(0, True), (1, False)])
def test_reaction_limit_allows_one_reaction_per_round(encounter, config, ab, limit,
                                                      second_window):
    """Reaction Limit Variant: "Each participant may use only one Reaction per Round,
    regardless of available AP." The raider guards the first strike."""
    e = encounter(config(party=("skirmisher",), enemy_pool=("raider",), reaction_limit=limit),
                  dice=[1, 1])
    e.use(ab.strike, E0)
    e.play(st.A_REACT + E0)
    e.use(ab.strike, E0)
    assert (e.phase == st.REACT) == second_window


@pytest.mark.parametrize("committed, hp", [(False, 20), (True, 16)])
def test_committed_action_adds_2_when_it_spends_the_last_ap(encounter, config, ab, committed,
                                                            hp):
    """Committed Action Variant: "If a participant spends all remaining AP on a single
    Action: That Action gains +2 to its Resolution Roll." 7 + 3 + 2 = 12 hits."""
    e = encounter(config(committed_action=committed), dice=[1, 1, 7, 4])
    e.use(ab.strike, E0)
    e.use(ab.strike, E0)
    e.use(ab.strike, E0)
    assert e.get("hp", E0) == hp


def test_action_based_movement_pays_1_ap_per_2_units(encounter, config):
    """Action-Based Movement Variant: "Remove MP entirely. Movement now costs: 1 AP per 2
    Units moved. Movement may still be split across a Turn." """
    e = encounter(config(action_movement=True, enemy_units=(11, 11, 11, 11)))
    assert e.get("mp", 0) == 0
    assert max(a for a in e.legal() if st.A_MOVE <= a < st.A_END) == st.A_MOVE + 6
    e.play(st.A_MOVE + 3)
    assert e.get("ap", 0) == 1
    e.play(st.A_MOVE + 4)
    assert (e.get("pos", 0), e.get("ap", 0)) == (4, 1)


def test_default_movement_costs_mp_not_ap(encounter, config):
    """The Default Rule Action-Based Movement replaces: "Movement does not normally cost AP"."""
    e = encounter(config(enemy_units=(11, 11, 11, 11)))
    e.play(st.A_MOVE + 3)
    assert (e.get("ap", 0), e.get("mp", 0)) == (3, 1)


@pytest.mark.parametrize("no_overspend", [False, True])
def test_no_overspend_forbids_activation_without_the_energy(encounter, config, ab,
                                                            no_overspend):
    """No Overspend Variant: "If a character lacks sufficient Energy: The Ability cannot be
    activated." Mystic with 1 Energy; mind spike costs 2."""
    e = encounter(config(party=("mystic",), no_overspend=no_overspend))
    e.set("energy", 0, 1)
    assert (st.A_ABILITY + ab.spike in e.legal()) != no_overspend


@pytest.mark.parametrize("strain, rolls, fatigue", [(False, [], 0), (True, [3], 1)])
def test_strain_on_use_rolls_on_every_spend(encounter, config, ab, strain, rolls, fatigue):
    """Strain on Use Variant: "Whenever Energy is spent: Roll a die. On an odd result, gain
    1 Fatigue." (By default only an Overspend rolls.)"""
    dice = [*rolls, 20, 1]
    e = encounter(config(party=("mystic",), strain_on_use=strain), dice=dice)
    e.use(ab.spike, E0)
    assert e.dice(st.DIE_STRAIN) == rolls
    assert (e.get("energy", 0), e.get("fatigue", 0)) == (7, fatigue)


def test_strain_on_use_removes_negative_energy(encounter, config, ab):
    """Strain on Use Variant: "Negative Energy is removed." """
    e = encounter(config(party=("mystic",), strain_on_use=True))
    e.set("energy", 0, 1)
    assert st.A_ABILITY + ab.spike not in e.legal()


@pytest.mark.parametrize("conscious, first_down", [(False, 1), (True, 0)])
def test_conscious_at_0_hp_falls_only_at_the_next_wound(encounter, config, ab, conscious,
                                                        first_down):
    """Conscious at 0 HP Variant: "The character gains a Wound. The character remains
    conscious"; "They fall Unconscious only if they gain another Wound." """
    e = encounter(config(conscious_at_zero=conscious, enemies_min=2, enemies_max=2),
                  dice=[20, 3, 20, 3])
    e.set("hp", E0, 1)
    e.use(ab.strike, E0)
    assert (e.get("wounds", E0), e.get("down", E0)) == (1, first_down)
    e.use(ab.strike, E0)
    assert (e.get("wounds", E0), e.get("down", E0)) == (2, 1)


def test_conscious_at_0_hp_cannot_spend_ap_or_mp(encounter, config):
    """Conscious at 0 HP Variant: "Cannot spend AP. Cannot spend MP." The brute's Turn
    passes without a decision."""
    e = encounter(config(conscious_at_zero=True, enemies_min=2, enemies_max=2))
    e.set("hp", E0, 0)
    e.set("wounds", E0, 1)
    e.play(st.A_END)
    assert e.turns() == [0, E0, E1] and e.get("down", E0) == 0


@pytest.mark.parametrize("gradual, hit", [(False, 1), (True, 0)])
def test_gradual_wound_severity_costs_1_then_2(encounter, config, ab, gradual, hit):
    """Gradual Wound Severity Variant: "1st Wound: -1 Defense, 2nd Wound: -2 Defense".
    Two Wounds: 12 - 3 = 9 (default 12 - 4 = 8); the vanguard rolls 5 + 3 = 8."""
    e = encounter(config(gradual_wounds=gradual), dice=[5, 1])
    e.set("wounds", E0, 2)
    e.use(ab.strike, E0)
    assert e.get("last_hit") == hit


@pytest.mark.parametrize("no_momentum, order", [(False, [1, E1, 0, E0]),
                                                (True, [0, E0, 1, E1])])
def test_no_momentum_alternates_pcs_and_enemies(encounter, config, no_momentum, order):
    """No Momentum Alternative: "Turn order rotates clockwise around the table, with the GM
    inserting NPCs logically" (instead of ascending MV)."""
    e = encounter(config(party=("vanguard", "skirmisher"), enemy_pool=("brute", "raider"),
                         enemies_min=2, enemies_max=2, fixed_momentum=not no_momentum,
                         no_momentum=no_momentum))
    assert [e.get("order", k) for k in range(4)] == order


def test_unified_resource_pays_actions_in_energy_and_restores_3_a_round(encounter, config, ab):
    """Unified Resource Alternative: "Remove AP entirely. All Actions cost Energy. At the
    start of each Round, regain 3 Energy automatically." Vanguard: Energy 6."""
    e = encounter(config(unified_resource=True), dice=[1, 1])
    assert e.get("ap", 0) == 0
    e.use(ab.heavy, E0)
    e.use(ab.strike, E0)
    assert e.get("energy", 0) == 3
    e.play(st.A_END, st.A_END)
    assert (e.get("round"), e.get("energy", 0)) == (2, 6)


def test_unified_resource_reactions_cost_additional_energy(encounter, config, ab):
    """Unified Resource Alternative: "Reactions cost additional Energy": the raider's guard
    (1 AP) costs 1 + 1 Energy."""
    e = encounter(config(party=("skirmisher",), enemy_pool=("raider",), unified_resource=True),
                  dice=[1])
    e.use(ab.strike, E0)
    e.play(st.A_REACT + E0)
    assert e.get("energy", E0) == 4 - 2


@pytest.mark.parametrize(("a", "b", "why"), EXCLUSIVE)
def test_variants_replacing_the_same_rule_are_refused_together(a, b, why):
    """"Each Variant explicitly replaces part of the Default Rules": two that replace the
    same part cannot both be on; the error says why. Also refused: pairs of which one would
    change nothing (2 AP under Unified Resource, which has no AP; the Reaction Limit under
    Simultaneous Turns, which have no Reactions)."""
    on = {field: value for changes in VARIANTS.values() for field, value in changes.items()}
    with pytest.raises(ValueError, match="cannot both be on") as err:
        FrontiersConfig(**{a: on[a], b: on[b]})
    assert why in str(err.value)


@pytest.mark.parametrize("pair", [("two-ap", "unified-resource"),
                                  ("reaction-limit", "simultaneous-turns")])
def test_a_variant_that_would_change_nothing_is_refused_with_the_reason(pair):
    """"Unified Resource Alternative: Remove AP entirely" leaves the 2 AP Variant nothing to
    change; the Simultaneous Turn Alternative ("Remove individual Turns") has no Reactions
    to limit. Both pairs played exactly as the Alternative alone: refused, saying why."""
    with pytest.raises(ValueError, match="changes? nothing"):
        FrontiersConfig.with_variants(*pair)


def test_variants_by_name():
    """Every Variant and Alternative by its kebab-case name; an unknown name is refused."""
    cfg = FrontiersConfig.with_variants("two-ap", "reaction-limit", "gradual-wound-severity")
    assert (cfg.ap_per_turn, cfg.reaction_limit, cfg.gradual_wounds) == (2, 1, True)
    assert all(FrontiersConfig.with_variants(name) for name in VARIANTS)
    with pytest.raises(ValueError, match="'variant'"):
        FrontiersConfig.with_variants("three-ap")


def test_zone_movement_measures_engaged_near_far_and_moves_a_zone_per_mp(encounter, config, ab):
    """Zone Movement Variant: "Replace Units with abstract Zones: Engaged, Near, Far. Moving
    between adjacent Zones costs 1 MP." The party starts in the first of 3 Zones, the enemy
    in the last (Far): melee needs Engaged; moves reach only the 3 Zones."""
    e = encounter(config(zone_movement=True), dice=[1])
    assert (e.get("pos", 0), e.get("pos", E0)) == (0, 2)
    assert st.A_ABILITY + ab.strike not in e.legal()
    assert [a for a in e.legal() if st.A_MOVE <= a < st.A_END] == [st.A_MOVE + 1, st.A_MOVE + 2]
    e.play(st.A_MOVE + 2)
    assert e.get("mp", 0) == 4 - 2 and st.A_ABILITY + ab.strike in e.legal()


def test_zone_movement_turns_ranges_in_units_into_zones(encounter, config, ab):
    """Under Zone Movement the skirmisher's shot (2-8 Units) reaches Near and Far Zones but
    not an Engaged enemy."""
    e = encounter(config(zone_movement=True, party=("skirmisher",)))
    assert st.A_ABILITY + ab.shoot in e.legal()
    e.play(st.A_MOVE + 2)
    assert st.A_ABILITY + ab.shoot not in e.legal()


def test_simultaneous_turns_hide_each_seats_declarations_from_the_other(encounter, config):
    """Simultaneous Turn Alternative: "All participants declare Actions" before any resolves;
    the GM, declaring for the brute, does not see the move the vanguard declared."""
    from scenegym.envs.frontiers.observation import SCALE, SLOT

    unit = SLOT.c0_unit
    e = encounter(config(simultaneous_turns=True, enemy_units=(5, 5, 5, 5)))
    e.play(st.A_MOVE + 3)
    assert (e.get("seat"), e.get("active")) == (0, 0)
    assert e.batch.obs[0, unit] * SCALE.c0_unit == pytest.approx(3)
    e.play(st.A_END)
    assert (e.get("seat"), e.get("active")) == (1, E0)
    assert e.batch.obs[0, unit] == 0.0
    e.play(st.A_END)
    assert (e.get("round"), e.get("pos", 0), e.get("active"), e.get("ap", E0)) == (2, 3, 0, 3)


@pytest.mark.parametrize("simultaneous, vanguard_hp", [(False, 24), (True, 21)])
def test_simultaneous_turns_apply_all_results_before_the_next_round(encounter, config, ab,
                                                                    simultaneous, vanguard_hp):
    """Simultaneous Turn Alternative: "Resolve in Momentum order. Apply all results before
    the next Round begins." The vanguard (MV 5) drops the brute to 0 HP first, yet the
    brute's declared strike still lands; by default the brute falls before its Turn."""
    e = encounter(config(simultaneous_turns=simultaneous), dice=[20, 1, 20, 3])
    e.set("hp", E0, 1)
    e.use(ab.strike, E0)
    if simultaneous:
        e.play(st.A_END)
        e.use(ab.strike, 0)
        e.play(st.A_END)
    assert (e.get("result"), e.get("hp", 0), e.get("down", E0)) == (1, vanguard_hp, 1)
