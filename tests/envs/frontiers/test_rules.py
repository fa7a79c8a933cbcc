"""Each rule of Encounter Play, one scripted test each.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1). The resolution roll (d20 +
modifier >= Defense) and the catalogue are RULES.md decisions. Unless said otherwise: a
vanguard (PC 0, Unit 0; Vigor +3, Finesse +1, MV 5) against a brute (slot 4, Unit 1;
Physical Defense 12, HP 20, MV 6) under Fixed Momentum.
"""

import pytest

from scenegym.envs.frontiers import state as st

E0, E1 = st.MAX_PCS, st.MAX_PCS + 1


# -- Turns, AP and MP ------------------------------------------------------------------------

@pytest.mark.parametrize("party, mp", [(("vanguard",), 4), (("skirmisher",), 6)])
def test_turn_start_refreshes_ap_to_3_and_mp_to_3_plus_finesse(encounter, config, party, mp):
    """"each participant begins their Turn with 3 AP"; "MP equal to 3 + Finesse Modifier"."""
    e = encounter(config(party=party))
    assert (e.get("active"), e.get("ap", 0), e.get("mp", 0)) == (0, 3, mp)


def test_unspent_ap_and_mp_are_lost_at_the_end_of_the_turn(encounter, config):
    """Turns: "At the end of a participant's Turn: Unspent AP is lost. Unspent MP is lost." """
    e = encounter(config())
    e.play(st.A_END)
    assert (e.get("ap", 0), e.get("mp", 0)) == (0, 0)
    assert (e.get("active"), e.get("ap", E0), e.get("mp", E0)) == (E0, 3, 3)


def test_an_action_costing_2_ap_needs_both_at_declaration(encounter, config, ab):
    """Multiple AP Costs: "2 AP -> both must be available at declaration." """
    e = encounter(config(), dice=[1, 1])
    assert st.A_ABILITY + ab.heavy in e.legal()
    e.use(ab.strike, E0)
    e.use(ab.strike, E0)
    assert e.get("ap", 0) == 1
    assert st.A_ABILITY + ab.heavy not in e.legal() and st.A_ABILITY + ab.strike in e.legal()


def test_a_free_action_costs_no_ap_and_is_once_per_round(encounter, config, ab):
    """Free Actions: "It may be used once per Round. It does not cost AP." """
    e = encounter(config())
    e.play(st.A_ABILITY + ab.dash)
    assert (e.get("ap", 0), e.get("mp", 0)) == (3, 6)
    assert st.A_ABILITY + ab.dash not in e.legal()


def test_movement_may_be_split_before_between_and_after_actions(encounter, config, ab):
    """Splitting Movement: "Move 1 Unit - Perform an Action - Move 2 Units"."""
    e = encounter(config(enemy_units=(3, 3, 3, 3)), dice=[1])
    e.play(st.A_MOVE + 2)
    assert (e.get("pos", 0), e.get("mp", 0)) == (2, 2)
    e.use(ab.strike, E0)
    e.play(st.A_MOVE + 4)
    assert (e.get("pos", 0), e.get("mp", 0), e.get("ap", 0)) == (4, 0, 2)
    assert st.A_MOVE + 5 not in e.legal()


# -- Momentum --------------------------------------------------------------------------------

def test_turns_go_in_ascending_mv_ties_to_higher_finesse_score(encounter, config):
    """"Participants then act in ascending order of MV"; "The participant with higher Finesse
    Score acts first." Raider MV 4, vanguard 5, mystic 6 (Finesse 12), brute 6 (Finesse 10)."""
    e = encounter(config(party=("vanguard", "mystic"), enemy_pool=("raider", "brute"),
                         enemies_min=2, enemies_max=2))
    assert [e.get("order", k) for k in range(5)] == [E0, 0, 1, E1, -1]


def test_a_full_tie_goes_to_the_player(encounter, config):
    """"If still tied, the Player goes first, or GM decides." """
    e = encounter(config(party=("brute",)))
    assert [e.get("order", k) for k in range(2)] == [0, E0]


def test_momentum_may_be_adjusted_by_up_to_the_finesse_modifier(encounter, config):
    """Establishing Momentum: "A participant may adjust MV by adding or subtracting up to
    their Finesse Modifier." Skirmisher (MV 3, Finesse +3) +2 -> 5; raider (MV 4) keeps."""
    e = encounter(config(fixed_momentum=False, party=("skirmisher",), enemy_pool=("raider",)))
    assert (e.phase, e.get("seat")) == (st.ADJUST, 0)
    assert e.legal() == list(range(st.A_ADJUST + st.MAX_ADJUST - 3, st.A_ADJUST + st.MAX_ADJUST + 4))
    e.play(st.A_ADJUST + st.MAX_ADJUST + 2)
    assert (e.phase, e.get("seat")) == (st.ADJUST, 1)
    assert e.legal() == list(range(st.A_ADJUST + st.MAX_ADJUST - 2, st.A_ADJUST + st.MAX_ADJUST + 3))
    e.play(st.A_ADJUST + st.MAX_ADJUST)
    assert (e.get("mv", 0), e.get("mv", E0)) == (5, 4) and e.turns() == [E0]


def test_a_momentum_change_takes_effect_at_the_start_of_the_next_round(encounter, config, ab):
    """Changing Momentum Mid-Encounter: "The new MV takes effect at the start of the next
    Round"; "do not retroactively reorder Turns already taken". Heavy blow: MV +2."""
    e = encounter(config(), dice=[20, 1, 1])
    e.use(ab.heavy, E0)
    assert (e.get("mv", 0), e.get("mv_next", 0)) == (5, 7)
    e.play(st.A_END)
    assert e.turns() == [0, E0]
    e.play(st.A_END)
    assert e.turns() == [0, E0, E0] and e.get("mv", 0) == 7


# -- Attacks, forced movement, impairment ------------------------------------------------------

@pytest.mark.parametrize("face, hp", [(9, 20 - 5), (8, 20)])
def test_an_attack_hits_when_d20_plus_modifier_meets_defense(encounter, config, ab, face, hp):
    """RULES.md: "A roll succeeds when d20 + modifiers >= DR (attacks: >= the target's
    current Defense)": 9 + 3 = 12 hits the brute's 12, 8 + 3 misses; a hit deals 1d8."""
    e = encounter(config(), dice=[face, 5])
    e.use(ab.strike, E0)
    assert e.get("hp", E0) == hp and e.get("ap", 0) == 2


def test_forced_movement_costs_no_mp_and_happens_at_once(encounter, config, ab):
    """Forced Movement: "Forced movement does not cost MP." / "occurs immediately when the
    effect resolves." Shove pushes 2 Units."""
    e = encounter(config(), dice=[20, 1])
    e.use(ab.shove, E0)
    assert (e.get("pos", E0), e.get("mp", E0), e.get("mp", 0)) == (3, 3, 4)
    assert e.notes(st.NOTE_PUSH) == [(E0, 1, 3)]


def test_an_immobilised_participant_cannot_move_but_may_act(encounter, config, ab):
    """"If immobilized: The participant cannot spend MP. They may still perform Actions." """
    e = encounter(config(), dice=[20, 1, 1])
    e.use(ab.heavy, E0)
    e.play(st.A_END)
    moves = [a for a in e.legal() if st.A_MOVE <= a < st.A_END]
    assert e.get("active") == E0 and moves == [] and st.A_ABILITY + ab.strike in e.legal()
    e.play(st.A_END)
    assert [b for b, _, _ in e.notes(st.NOTE_EFFECT_END)] == [st.EFFECT_IMMOBILE]


def test_impaired_movement_reduces_the_next_turns_mp(encounter, config, ab):
    """Impaired or Reduced Movement: "The reduction applies to the participant's total
    available MP for that Turn." Mind spike (vs Mental Defense 10) impairs 2."""
    e = encounter(config(party=("mystic",)), dice=[20, 1])
    e.use(ab.spike, E0)
    e.play(st.A_END)
    assert (e.get("active"), e.get("mp", E0)) == (E0, 1)


# -- Energy ----------------------------------------------------------------------------------

@pytest.mark.parametrize("face, fatigue", [(3, 1), (4, 0)])
def test_overspend_rolls_a_die_odd_gains_fatigue(encounter, config, ab, face, fatigue):
    """Overspending Energy: "Immediately roll any even-sided die (default 1d20). On an odd
    result, gain 1 Fatigue." Energy may drop below 0."""
    e = encounter(config(party=("mystic",)), dice=[face, 20, 1])
    e.set("energy", 0, 1)
    e.use(ab.spike, E0)
    assert (e.get("energy", 0), e.get("fatigue", 0)) == (-1, fatigue)
    assert e.dice(st.DIE_OVERSPEND) == [face]


def test_spending_with_enough_energy_rolls_nothing(encounter, config, ab):
    """Spending Energy: "Subtract that amount from the character's current Energy." """
    e = encounter(config(party=("mystic",)), dice=[20, 1])
    e.use(ab.spike, E0)
    assert e.get("energy", 0) == 7 and e.dice(st.DIE_OVERSPEND) == []


@pytest.mark.parametrize("energy, allowed", [(-2, True), (-3, False)])
def test_overspend_stops_at_half_the_maximum(encounter, config, ab, energy, allowed):
    """Negative Energy Limits: "Half of their positive maximum Energy (rounded down)"; "If
    spending Energy would push them beyond this limit, the activation fails and cannot be
    performed." Mystic: maximum 9, limit -4; mind spike costs 2."""
    e = encounter(config(party=("mystic",)))
    e.set("energy", 0, energy)
    assert (st.A_ABILITY + ab.spike in e.legal()) == allowed


def test_energy_is_not_refreshed_by_the_turn(encounter, config, ab):
    """Energy: regained during Downtime only; a Turn refreshes AP and MP, not Energy."""
    e = encounter(config(party=("mystic",)), dice=[1])
    e.use(ab.spike, E0)
    e.play(st.A_END, st.A_END)
    assert e.get("active") == 0 and e.get("energy", 0) == 7 and e.get("ap", 0) == 3


# -- Harm ------------------------------------------------------------------------------------

def test_zero_hp_gains_a_wound_falls_unconscious_and_prone(encounter, config, ab):
    """Gaining a Wound: "When reduced to 0 HP: The character gains 1 Wound. The character
    falls Unconscious. The character falls prone." """
    e = encounter(config(enemies_min=2, enemies_max=2), dice=[20, 3])
    e.set("hp", E0, 2)
    e.use(ab.strike, E0)
    assert [e.get(f, E0) for f in ("hp", "wounds", "down", "prone")] == [0, 1, 1, 1]


def test_damage_at_zero_hp_adds_a_wound_and_past_the_maximum_kills(encounter, config, ab):
    """Taking Damage While Unconscious: "They immediately gain 1 additional Wound. No
    additional HP loss is tracked. If this additional Wound exceeds their maximum, they
    die." Brute: maximum Wounds 1 + Vigor 3 = 4."""
    e = encounter(config(enemies_min=2, enemies_max=2), dice=[20, 3, 20, 3])
    e.set("hp", E0, 0)
    e.set("down", E0, 1)
    e.set("wounds", E0, 3)
    e.use(ab.strike, E0)
    assert [e.get(f, E0) for f in ("hp", "wounds", "dead")] == [0, 4, 0]
    e.use(ab.strike, E0)
    assert [e.get(f, E0) for f in ("wounds", "dead")] == [5, 1]
    assert st.A_ABILITY + ab.strike not in e.legal() or st.A_TARGET + E0 not in e.legal()


@pytest.mark.parametrize("wounds, face, hit", [(0, 5, False), (2, 5, True)])
def test_each_wound_costs_2_physical_defense(encounter, config, ab, wounds, face, hit):
    """Effects of Wounds: "-2 to Physical Defense, -2 to Mental Defense. These penalties
    stack." 5 + 3 = 8 meets 12 - 2 x 2."""
    e = encounter(config(), dice=[face, 1])
    e.set("wounds", E0, wounds)
    e.use(ab.strike, E0)
    assert e.get("last_hit") == int(hit)


def test_healing_to_1_hp_ends_unconsciousness(encounter, config, ab):
    """"They remain Unconscious until they regain at least 1 HP." Mend: 1d8 + 2."""
    e = encounter(config(party=("vanguard", "mystic"), pc_units=(1, 1, 0, 0),
                         enemy_units=(5, 5, 5, 5)), dice=[3])
    e.play(st.A_END)
    e.set("hp", 0, 0)
    e.set("down", 0, 1)
    e.use(ab.mend, 0)
    assert (e.get("hp", 0), e.get("down", 0)) == (5, 0)


# -- The encounter's end -----------------------------------------------------------------------

def test_the_crew_wins_when_every_enemy_is_down(encounter, config, ab):
    """Crew reward +1 when all enemies are down."""
    e = encounter(config(), dice=[20, 3])
    e.set("hp", E0, 1)
    assert e.use(ab.strike, E0) == (1.0, True) and e.get("result") == 1


def test_the_crew_loses_when_every_pc_is_down(encounter, config, ab):
    """Crew reward -1 when all PCs are down."""
    e = encounter(config(), dice=[20, 3])
    e.play(st.A_END)
    e.set("hp", 0, 1)
    assert e.use(ab.strike, 0) == (-1.0, True) and e.get("result") == -1


@pytest.mark.parametrize("cutoff", [-1, 0])
def test_the_round_limit_cuts_the_encounter_off_at_its_cutoff_result(encounter, config, cutoff):
    """Crew reward ``cutoff_result`` (-1 by default, 0 before 0.2.0) when cut off at the round
    limit (config ``max_rounds``)."""
    e = encounter(config(max_rounds=1, cutoff_result=cutoff))
    assert e.play(st.A_END, st.A_END) == (cutoff, True) and e.get("truncated") == 1


# -- Reactions -------------------------------------------------------------------------------

@pytest.mark.parametrize("react, hit", [(True, False), (False, True)])
def test_a_guard_reaction_is_the_gms_decision_mid_turn_and_costs_ap(encounter, config, ab,
                                                                    react, hit):
    """Reactions: "Reactions cost AP unless stated otherwise"; "resolve immediately after
    their triggering condition unless the rule states they interrupt" (Guard interrupts:
    +2 Physical Defense before the attack). Skirmisher strike 12 + 1 vs raider 13 (15)."""
    e = encounter(config(party=("skirmisher",), enemy_pool=("raider",)), dice=[12, 1])
    e.play(st.A_ABILITY + ab.strike, st.A_TARGET + E0)
    assert (e.phase, e.get("seat")) == (st.REACT, 1)
    assert e.legal() == [st.A_REACT + E0, st.A_PASS]
    e.play(st.A_REACT + E0 if react else st.A_PASS)
    assert e.get("last_hit") == int(hit) and e.get("ap", E0) == (2 if react else 3)
    assert (e.phase, e.get("seat"), e.get("active")) == (st.ACT, 0, 0)


def test_leaving_an_enemys_reach_offers_its_opportunity_strike(encounter, config):
    """Reactions: the brute's opportunity strike when the vanguard leaves its reach by
    spending MP; 20 + 3 hits, 1d6 = 2."""
    e = encounter(config(pc_units=(1, 0, 0, 0), enemy_units=(2, 2, 2, 2)), dice=[20, 2])
    e.play(st.A_MOVE + 0)
    assert (e.phase, e.get("seat"), e.legal()) == (st.REACT, 1, [st.A_REACT + E0, st.A_PASS])
    e.play(st.A_REACT + E0)
    assert (e.get("hp", 0), e.get("pos", 0), e.get("mp", 0), e.get("ap", E0)) == (22, 0, 3, 2)


def test_an_unconscious_participant_cannot_react(encounter, config):
    """"A participant cannot use Reactions while incapacitated." """
    e = encounter(config(pc_units=(1, 0, 0, 0), enemy_units=(2, 2, 2, 2),
                         enemies_min=2, enemies_max=2))
    e.set("down", E0, 1)
    e.play(st.A_MOVE + 0)
    assert e.legal() == [st.A_REACT + E1, st.A_PASS]
