"""Rules the engine got wrong until issue 21 (items 16-20, 22, 24), one scripted test each.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1). Unless said otherwise: a
vanguard (PC 0, Unit 0; Vigor +3, MV 5, Energy 6, HP 24, 4 Wounds at most) against a brute
(slot 4, Unit 1; Physical Defense 12, HP 20, MV 6) under Fixed Momentum.
"""

import dataclasses

import pytest

from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.catalogue import ABILITIES, ARCHETYPES, Ability

E0 = st.MAX_PCS
SPRINT = Ability("sprint", "boost", ap=1, energy=1, range_max=0, bonus_mp=2)
JAB = Ability("jab", "attack", free=True, ap=0, range_max=1, attribute="vigor", dice=1, sides=4)


def with_ability(ability: Ability) -> dict:
    """Config fields giving the vanguard one more ability (the last of the catalogue)."""
    archetypes = tuple(dataclasses.replace(a, abilities=a.abilities + (ability.name,))
                       if a.name == "vanguard" else a for a in ARCHETYPES)
    return {"abilities": ABILITIES + (ability,), "archetypes": archetypes}


# -- Item 16: a boost is paid for ------------------------------------------------------------

def test_a_boost_that_costs_ap_and_energy_spends_them(encounter, config):
    """Actions: "If a rule does not specify an Action cost, it defaults to 1 AP"; Spending
    Energy: "Energy is spent immediately upon declaration of the Ability or effect." A
    sprint (boost, 1 AP + 1 Energy, +2 MP) three times: 3 AP and 3 Energy spent, then no AP
    is left to declare a fourth."""
    e = encounter(config(**with_ability(SPRINT)))
    sprint = st.A_ABILITY + len(ABILITIES)
    for n in range(1, 4):
        e.play(sprint)
        assert (e.get("ap", 0), e.get("energy", 0), e.get("mp", 0)) == (3 - n, 6 - n, 4 + 2 * n)
    assert sprint not in e.legal()


# -- Item 17: Downtime wakes a participant knocked out by Fatigue -----------------------------

@pytest.mark.parametrize("hours, wounds", [(1, 0), (2, 1)])
def test_downtime_that_brings_fatigue_below_its_maximum_wakes_the_sleeper(
        encounter, config, ab, hours, wounds):
    """Fatigue: "They remain Unconscious until their Fatigue is reduced below maximum";
    Unconscious State: "Regaining eligibility to act immediately ends the Unconscious state."
    The mystic (4 Fatigue at most) is out at 4 Fatigue with full HP; Downtime removes a Wound
    first, then a Fatigue: after it, the mystic is awake for the next encounter."""
    e = encounter(config(party=("vanguard", "mystic"), encounters=2, downtime_hours=hours),
                  dice=[20, 1])
    for field, value in (("down", 1), ("prone", 1), ("fatigue", 4), ("wounds", wounds)):
        e.set(field, 1, value)
    e.set("hp", E0, 1)
    e.use(ab.strike, E0)
    assert e.get("encounter") == 1
    assert (e.get("fatigue", 1), e.get("wounds", 1), e.get("down", 1)) == (3, 0, 0)


# -- Item 18: the end-of-encounter revive wakes, and a cut-off encounter revives too -----------

def test_the_revive_after_a_won_encounter_wakes_the_fallen(encounter, config, ab):
    """Wounds: "They remain Unconscious until they regain at least 1 HP. If the Encounter
    concludes and an ally can reach them, they automatically regain 1 HP." The mystic is
    down at 0 HP when the vanguard drops the last enemy: it has 1 HP and is awake (no
    Downtime follows, which would heal it anyway)."""
    e = encounter(config(party=("vanguard", "mystic"), encounters=2, downtime_hours=0),
                  dice=[20, 1])
    for field, value in (("down", 1), ("prone", 1), ("hp", 0), ("wounds", 1)):
        e.set(field, 1, value)
    e.set("hp", E0, 1)
    e.use(ab.strike, E0)
    assert e.get("encounter") == 1
    assert e.get("hp", 1) > 0 and e.get("down", 1) == 0


def test_an_encounter_cut_off_by_the_round_limit_revives_the_fallen(encounter, config):
    """"If the Encounter concludes and an ally can reach them, they automatically regain 1
    HP": an encounter cut off after ``max_rounds`` concludes too. One Round; the mystic is
    down at 0 HP; the vanguard stands: the mystic ends with 1 HP, awake. The cut-off pays
    ``cutoff_result`` (-1 by default)."""
    e = encounter(config(party=("vanguard", "mystic"), max_rounds=1))
    for field, value in (("down", 1), ("prone", 1), ("hp", 0), ("wounds", 1)):
        e.set(field, 1, value)
    assert e.play(st.A_END, st.A_END) == (-1.0, True)
    assert (e.get("hp", 1), e.get("down", 1), e.get("truncated")) == (1, 0, 1)


# -- Item 19: under Simultaneous Turns a healed participant does not die ----------------------

def test_a_participant_healed_before_the_rounds_end_does_not_die_of_its_wounds(
        encounter, config, ab):
    """Wounds: "If a character at 0 HP would gain a Wound that exceeds their maximum: The
    character dies." Simultaneous Turn Alternative: "Resolve in Momentum order. Apply all
    results before the next Round begins." A raider (MV 4) strikes the vanguard (1 HP, 3 of
    4 Wounds) twice, to 0 HP and again at 0; the mystic (MV 6) then mends it to 5 HP. When
    the results apply the vanguard is not at 0 HP: it keeps 4 Wounds and lives."""
    e = encounter(config(party=("vanguard", "mystic"), enemy_pool=("raider",),
                         simultaneous_turns=True), dice=[20, 3, 20, 3, 3])
    e.set("hp", 0, 1)
    e.set("wounds", 0, 3)
    e.use(ab.strike, 0)
    e.use(ab.strike, 0)
    e.play(st.A_END, st.A_END)  # the raider stops; the vanguard declares nothing
    e.use(ab.mend, 0)
    e.play(st.A_END)
    assert (e.get("dead", 0), e.get("down", 0), e.get("wounds", 0), e.get("hp", 0)) == (0, 0, 4, 5)


# -- Item 20: Conscious at 0 HP keeps Free Actions, at -4 ------------------------------------

def test_conscious_at_zero_hp_may_use_a_free_action_at_minus_4(encounter, config, ab):
    """Conscious at 0 HP Variant: "remains conscious but: Cannot spend AP. Cannot spend MP.
    Suffers -4 to all Resolution Rolls." A Free Action costs no AP ("It does not cost AP"),
    so a jab (Free, 1d4) stays legal and rolls d20 + 3 - 4: a 12 makes 11, a miss against
    Physical Defense 12; strike (1 AP) is not legal."""
    e = encounter(config(conscious_at_zero=True, **with_ability(JAB)), dice=[12])
    jab = len(ABILITIES)
    e.set("at_zero", 0, 1)
    e.set("hp", 0, 0)
    assert st.A_ABILITY + jab in e.legal() and st.A_ABILITY + ab.strike not in e.legal()
    e.use(jab, E0)
    assert (e.get("last_roll"), e.get("last_hit"), e.get("hp", E0)) == (11, 0, 20)


# -- Item 22: impairment under Action-Based Movement -----------------------------------------

def impair_by_hand(e, c, units):
    """Give participant ``c`` an impairment of ``units`` (as mind spike's hit would)."""
    e.set("effect_kind", c * st.MAX_EFFECTS, st.EFFECT_IMPAIR)
    e.set("effect_owner", c * st.MAX_EFFECTS, 0)
    e.set("effect_amount", c * st.MAX_EFFECTS, units)


def test_impairment_reduces_the_units_ap_buy_under_action_based_movement(encounter, config):
    """Action-Based Movement Variant: "Movement now costs: 1 AP per 2 Units moved"; Impaired
    or Reduced Movement: "If an effect reduces movement: The reduction applies to the
    participant's total available MP for that Turn." The brute (Unit 1, 3 AP: 6 Units)
    impaired by 2 may move 4 Units: to Unit 5, not 6."""
    e = encounter(config(action_movement=True))
    impair_by_hand(e, E0, 2)
    e.play(st.A_END)
    assert e.get("active") == E0
    assert st.A_MOVE + 5 in e.legal() and st.A_MOVE + 6 not in e.legal()


# -- Item 24: a dead reactor's Guard expires; Unconscious participants' effects resolve -------

def test_the_guard_of_a_reactor_killed_before_its_turn_expires_there(encounter, config, ab):
    """Guard lasts "until the start of your next Turn"; the dead have no next Turn, so it
    ends where that Turn would have begun. A raider (MV 4) strikes the vanguard, the mystic
    guards it, the raider kills the mystic (1 HP, 1 of 1 Wounds): once the vanguard's Turn
    is over, the mystic's place in the order comes and the Guard on the vanguard ends."""
    e = encounter(config(party=("vanguard", "mystic"), enemy_pool=("raider",)), dice=[1, 20, 3])
    e.set("hp", 1, 1)
    e.set("wounds", 1, 1)
    e.use(ab.strike, 0)
    e.play(st.A_REACT + 1, st.A_PASS)
    assert e.get("effect_kind", 0) == st.EFFECT_GUARD
    e.use(ab.strike, 1)
    e.play(st.A_PASS)
    assert e.get("dead", 1) == 1
    e.play(st.A_END, st.A_END)  # the raider's Turn, then the vanguard's
    assert (e.get("round"), e.get("effect_kind", 0)) == (2, st.NO_EFFECT)


def test_simultaneous_turns_resolve_the_start_effects_of_the_unconscious(encounter, config):
    """Ruling 1: "Start-of-Turn and End-of-Turn effects still resolve" for a participant
    who is Unconscious; the Simultaneous Turn Alternative keeps the rulings. An Unconscious
    brute's impairment resolves (and ends) at the start of Round 2."""
    e = encounter(config(simultaneous_turns=True, enemies_min=2, enemies_max=2))
    e.set("down", E0 + 1, 1)
    impair_by_hand(e, E0 + 1, 2)
    e.play(st.A_END, st.A_END)
    assert (e.get("round"), e.get("effect_kind", (E0 + 1) * st.MAX_EFFECTS)) == (2, st.NO_EFFECT)


# -- Item 23: the Momentum adjustment reaches the whole Finesse modifier ----------------------

def with_finesse(name: str, mod: int) -> dict:
    """Config fields giving archetype ``name`` a Finesse modifier of ``mod``."""
    archetypes = tuple(dataclasses.replace(a, mods=(a.mods[0], mod) + a.mods[2:])
                       if a.name == name else a for a in ARCHETYPES)
    return {"archetypes": archetypes}


def test_momentum_may_be_adjusted_by_a_finesse_modifier_above_5(encounter, config):
    """Establishing Momentum: "A participant may adjust MV by adding or subtracting up to
    their Finesse Modifier"; an archetype's modifier may be up to +10. A vanguard with
    Finesse +7 may move its MV by 7 either way, not more."""
    e = encounter(config(fixed_momentum=False, **with_finesse("vanguard", 7)))
    offered = [a - st.A_ADJUST - st.MAX_ADJUST for a in e.legal()]
    assert offered == list(range(-7, 8))
    e.play(st.A_ADJUST + st.MAX_ADJUST - 7)
    assert e.get("mv", 0) == 5 - 7


@pytest.mark.parametrize("adjusts, offered", [(False, [0]), (True, [-2, -1, 0, 1, 2])])
def test_a_negative_finesse_modifier_allows_no_adjustment_unless_the_table_says(
        encounter, config, adjusts, offered):
    """"adjust MV by adding or subtracting up to their Finesse Modifier": "up to" -2 bounds
    nothing above 0, so the reading taken allows none; ``negative_finesse_adjusts`` reads
    it as up to 2 either way. A brute with Finesse -2 (the vanguard, +1, adjusts by 0)."""
    e = encounter(config(fixed_momentum=False, negative_finesse_adjusts=adjusts,
                         **with_finesse("brute", -2)))
    e.play(st.A_ADJUST + st.MAX_ADJUST)  # the vanguard keeps its MV
    got = [a - st.A_ADJUST - st.MAX_ADJUST for a in e.legal()] if e.get("adjusting") == E0 else [0]
    assert got == offered


# -- Item 25: Reactions cost AP ---------------------------------------------------------------

@pytest.mark.parametrize("turn_refresh, ap", [(True, 3), (False, 2)])
def test_a_reaction_before_ones_turn_spends_that_turns_ap_without_the_turn_refresh(
        encounter, config, ab, turn_refresh, ap):
    """Reactions: "Reactions cost AP"; Turns: "At the start of a participant's Turn: AP
    refreshes to maximum." A raider (MV 4) strikes the vanguard first, the vanguard guards
    (1 AP): with the Turn's refresh (the default) its Turn has 3 AP anyway, the Reaction
    cost nothing; with ``turn_refresh=False`` only the Round's refresh counts: 2 AP left."""
    e = encounter(config(enemy_pool=("raider",), turn_refresh=turn_refresh), dice=[1])
    e.use(ab.strike, 0)
    e.play(st.A_REACT + 0, st.A_END)
    assert (e.get("active"), e.get("ap", 0)) == (0, ap)
