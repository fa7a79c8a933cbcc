"""Each rule of the Momentum rules text and its rules page, one scripted test each.

Quoted as "Seed: ..." (the rules text; no published source was found) and "Rules page: ..."
(``docs/rules/momentum.md``: the scene rules in the project's words, and the roll and the GM
side, which are this project's decisions).

Rolls use the ``rolls`` fixture's faces: five pool dice at Risk 2 unless said otherwise.
"""

import pytest

from scenegym.envs.core.events import NOTE
from scenegym.envs.momentum import state as st

GM, CREW = st.GM_SIDE, st.CREW_SIDE


# -- The Momentum pool -----------------------------------------------------------------------

@pytest.mark.parametrize("pcs", [1, 2, 3, 4, 5, 6])
def test_full_momentum_is_3_per_pc_plus_1_and_start_is_1_per_pc(scene, config, pcs):
    """Seed: "Full Momentum = (3 x number of player characters) + 1"; "Players typically
    begin a Structured Scene with 1 Momentum per player character." """
    s = scene(config(pcs=pcs))
    assert (s.get("full"), s.momentum) == (3 * pcs + 1, pcs)


def test_full_and_start_can_be_overridden(scene, config):
    """Seed: "Tables that prefer shorter scenes can reduce this." / "The GM adjusts this
    starting value based on the fiction" """
    s = scene(config(pcs=4, full_momentum=9, start=3))
    assert (s.get("full"), s.momentum) == (9, 3)


# -- Initiative ------------------------------------------------------------------------------

@pytest.mark.parametrize("start, leader", [(7, CREW), (6, GM), (13, CREW), (0, GM)])
def test_initiative_half_or_more_of_full_acts_first(scene, config, start, leader):
    """Seed: "If the players have half or more of their full Momentum, they act first. If
    they have less than half, the GM's side acts first." (Rules page: 13 -> 7 leads, 6 not.)"""
    s = scene(config(pcs=4, start=start))
    assert s.leaders() == [leader] and s.get("seat") == (CREW if leader == CREW else GM)


def test_every_character_on_a_side_acts_once_before_any_acts_again(scene, config, rolls):
    """Seed: "Every character on a side must act once before any character acts again." and
    "Each round, one side acts first and the other acts second. Both sides always act." """
    s = scene(config(pcs=3, npcs=2, start=5), dice=rolls.SUCCESS * 10)
    s.auto(st.SPEND, round=2)
    turns = [(e.a, e.b) for e in s.events() if e.kind == NOTE and e.a in (st.NOTE_CREW_TURN,
                                                                        st.NOTE_NPC_TURN)]
    first_round = turns[:5]
    assert sorted(first_round) == sorted([(st.NOTE_CREW_TURN, c) for c in range(3)]
                                         + [(st.NOTE_NPC_TURN, k) for k in range(2)])
    assert [kind for kind, _ in first_round] == [st.NOTE_CREW_TURN] * 3 + [st.NOTE_NPC_TURN] * 2


def test_a_pc_who_acted_cannot_be_picked_again_this_round(scene, config, rolls):
    """Seed: "Every character on a side must act once before any character acts again." """
    s = scene(config(pcs=3, npcs=1, start=5, order="group"), dice=rolls.SUCCESS * 3)
    s.auto(st.PICK)
    s.play(st.A_PC + 1)
    s.auto(st.PICK)
    assert s.legal() == [st.A_PC + 0, st.A_PC + 2]


def test_handoff_the_pc_who_finished_names_the_next(scene, config, rolls):
    """Seed: "Handoff. The character who just finished their turn picks who goes next on
    their side." """
    s = scene(config(pcs=3, npcs=1, start=5, order="handoff"), dice=rolls.SUCCESS * 3)
    s.auto(st.PICK)
    s.play(st.A_PC + 0)
    s.auto(st.HANDOFF)
    assert s.get("seat") == CREW and s.legal() == [st.A_PC + 1, st.A_PC + 2]
    s.play(st.A_PC + 2)
    assert s.notes(st.NOTE_HANDOFF) == [(0, 2, 0)]
    assert s.get("actor") == 2 and s.phase == st.SET_RISK


def test_group_picks_before_every_crew_turn_and_no_handoff(scene, config, rolls):
    """Seed: "Group picks. The group decides together who goes next." """
    s = scene(config(pcs=3, npcs=1, start=5, order="group"), dice=rolls.SUCCESS * 3)
    s.auto(st.PICK)
    s.play(st.A_PC + 2)
    s.auto(st.PICK)
    assert not s.notes(st.NOTE_HANDOFF) and s.legal() == [st.A_PC + 0, st.A_PC + 1]


# -- Gaining and losing Momentum -------------------------------------------------------------

@pytest.mark.parametrize("roll, delta", [("CRITICAL_SUCCESS", 1), ("CRITICAL_FAILURE", -1),
                                         ("SUCCESS", 0), ("COSTLY", 0), ("FAILURE", 0)])
def test_criticals_move_momentum_other_results_do_not(scene, config, rolls, roll, delta):
    """Seed: "A Critical Success grants +1 Momentum." "A Critical Failure inflicts -1
    Momentum." Rules page: "A plain or Costly Success moves nothing." """
    s = scene(config(pcs=1, npcs=1, start=3), dice=getattr(rolls, roll))
    s.auto(st.SPEND)
    s.play(st.A_ROLL)
    if s.phase == st.CORRECT:
        s.play(st.A_KEEP)
    assert s.momentum == 3 + delta


def test_gm_may_seize_initiative_after_a_crew_critical_failure(scene, config, rolls):
    """Seed: "When a player critically fails, the GM can declare that the enemy capitalizes
    -- the GM's side acts first next round, regardless of the current Momentum level." """
    s = scene(config(pcs=1, npcs=1, start=3), dice=rolls.CRITICAL_FAILURE + rolls.SUCCESS)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.phase == st.GM_SEIZE and s.get("seat") == GM
    s.play(st.A_SEIZE)
    s.auto(st.SET_RISK, round=2)
    assert 2 * s.momentum >= s.get("full") and s.leaders() == [CREW, GM]


def test_gm_seize_is_only_offered_after_a_critical_failure(scene, config, rolls):
    """Seed: "The GM may also seize initiative as a consequence of a Critical Failure." """
    s = scene(config(pcs=1, npcs=1, start=3), dice=rolls.FAILURE + rolls.SUCCESS)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.phase != st.GM_SEIZE


def test_gm_fiat_moves_momentum(scene, config, rolls):
    """Seed: "The GM may also adjust Momentum when the fiction demands it"."""
    s = scene(config(pcs=1, npcs=1, start=3, fiat_uses=1, fiat_max=3), dice=rolls.SUCCESS * 2)
    s.auto(st.FIAT)
    assert s.legal() == [st.A_FIAT + k for k in range(7)]
    s.play(st.A_FIAT + st.FIAT_ACTIONS_MAX - 2)
    assert s.momentum == 1 and s.get("fiat_left") == 0


# -- Thresholds ------------------------------------------------------------------------------

def test_at_full_the_crew_may_spend_all_to_end_in_its_favour(scene, config, rolls):
    """Seed: "When the players reach full Momentum, they may choose to spend all of it to end
    the scene in their favor." """
    s = scene(config(pcs=1, npcs=1, start=3), dice=rolls.CRITICAL_SUCCESS)
    s.auto(st.AT_FULL)
    assert s.get("full") == 4 and s.get("seat") == CREW
    assert s.play(st.A_END) == (1.0, True, False) and s.momentum == 0


def test_at_full_the_crew_may_play_on(scene, config, rolls):
    """Seed: "This is optional. If they prefer to keep playing, they may continue" """
    s = scene(config(pcs=1, npcs=1, start=4), dice=rolls.SUCCESS * 2)
    s.auto(st.AT_FULL)
    s.play(st.A_PASS)
    assert not s.get("over") and s.momentum == 4


def test_at_zero_the_gm_may_end_against_the_crew(scene, config, rolls):
    """Seed: "When the players reach 0 Momentum, the GM may choose to end the scene against
    them." """
    s = scene(config(pcs=1, npcs=1, start=1), dice=rolls.CRITICAL_FAILURE + rolls.SUCCESS)
    s.auto(st.AT_ZERO)
    assert s.play(st.A_END) == (-1.0, True, False)


def test_no_threshold_before_every_pc_has_taken_a_turn(scene, config, rolls):
    """Seed: "Neither threshold can end the scene until every player character has taken at
    least one turn. No instant victories." """
    s = scene(config(pcs=2, npcs=1, start=7), dice=rolls.SUCCESS * 3)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)  # PC 0's turn at Full: no decision to end
    assert s.phase != st.AT_FULL and s.momentum == 7
    s.auto(st.AT_FULL)
    assert s.get("ever", 0) == 1 and s.get("ever", 1) == 1


def test_answering_a_threat_is_not_taking_a_turn(scene, config, rolls):
    """Seed: "until every player character has taken at least one turn" -- a PC answering an
    NPC's threat has not yet taken its own turn."""
    s = scene(config(pcs=1, npcs=1, start=0), dice=rolls.SUCCESS * 2)
    s.auto(st.SPEND, turn=st.NPC_TURN)
    s.play(st.A_ROLL)
    assert (s.phase, s.get("turn")) == (st.SET_RISK, st.CREW_TURN)  # its own turn, no 0 yet


# -- Spending Momentum -----------------------------------------------------------------------

def test_press_once_per_roll(scene, config):
    """Seed: "Press (Step 4: Modify the Pool). Take +1 Risk to gain +1 Momentum." and "each
    may be used once per roll by the rolling player" """
    s = scene(config(pcs=1, npcs=1, start=2))
    s.auto(st.SPEND)
    s.play(st.A_PRESS)
    assert (s.get("risk"), s.momentum) == (3, 3) and st.A_PRESS not in s.legal()


def test_brace_costs_2_and_removes_1_risk_once_per_roll(scene, config):
    """Seed: "Brace (Step 4: Modify the Pool). Spend 2 Momentum to remove 1 Risk." """
    s = scene(config(pcs=2, npcs=1, start=5))
    s.auto(st.SPEND)
    s.play(st.A_BRACE)
    assert (s.get("risk"), s.momentum) == (1, 3) and st.A_BRACE not in s.legal()


def test_brace_needs_2_momentum(scene, config):
    """Seed: "Spend 2 Momentum to remove 1 Risk." (with 1 Momentum there is nothing to spend)"""
    s = scene(config(pcs=1, npcs=1, start=1))
    s.auto(st.SPEND)
    assert st.A_BRACE not in s.legal()


def test_correct_spends_1_and_rerolls_the_whole_pool_once(scene, config):
    """Seed: "Correct (Step 6: Modify the Roll). Spend 1 Momentum to reroll the entire pool."
    Rules page: "reroll pool and risk dice; an upgraded die stays 6"."""
    s = scene(config(pcs=1, npcs=1, start=3), dice=[2, 2, 2, 2, 1, 1] + [6, 2, 2, 2, 3, 3])
    s.auto(st.SPEND)
    s.play(st.A_WILLPOWER, st.A_ROLL)
    assert s.phase == st.CORRECT and s.get("roll_result") == st.CRITICAL_FAILURE
    s.play(st.A_CORRECT)
    assert s.momentum == 3 - 1 + 1  # Correct, then the reroll's Critical Success
    assert s.dice_rolled(st.DIE_UPGRADED) == [6, 6]  # the upgraded die stayed a 6
    assert s.outcomes()[-1][0] == st.CRITICAL_SUCCESS


def test_seize_at_the_end_of_an_enemy_turn(scene, config, rolls):
    """Seed: "Seize (end of any enemy turn). Spend 1 Momentum to take initiative for this
    round. The player side acts next, regardless of the current Momentum level." """
    s = scene(config(pcs=1, npcs=2, start=1), dice=rolls.SUCCESS * 2)
    s.auto(st.SEIZE)
    assert s.get("npc_acted", 0) + s.get("npc_acted", 1) == 1
    s.play(st.A_SEIZE)
    assert s.momentum == 0 and s.get("turn") == st.CREW_TURN and s.get("actor") == 0


def test_seize_is_not_offered_when_the_crew_acts_next_anyway(scene, config, rolls):
    """Seed: "The player side acts next" -- after the last NPC's turn it does anyway."""
    s = scene(config(pcs=1, npcs=1, start=1), dice=rolls.SUCCESS)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.phase != st.SEIZE


# -- The roll (rules page, "The roll") ------------------------------------------------------------------

def test_willpower_upgrade_sets_one_die_to_6_one_per_roll(scene, config):
    """Rules page: "Willpower upgrade (spend 1 Willpower: one pool die is set to 6 before
    rolling)" ... "Willpower: maximum = Will, one upgrade per roll." """
    s = scene(config(pcs=1, npcs=1, start=2, pc_will=(3,) * 6), dice=[2, 2, 2, 2, 3, 3])
    assert s.get("willpower") == 3
    s.auto(st.SPEND)
    s.play(st.A_WILLPOWER)
    assert s.get("willpower") == 2 and st.A_WILLPOWER not in s.legal()
    s.play(st.A_ROLL)
    assert len(s.dice_rolled(st.DIE_POOL)) == 4 and s.get("successes") == 1


def test_risk_range_of_a_crew_turn_and_of_an_npc_profile(scene, config):
    """Rules page: "the Risk of the answering roll within that NPC's profile (a stat block
    states the Risk range it can impose)"."""
    s = scene(config(pcs=1, npcs=1, start=1, npc_risk_min=(2,) * 6, npc_risk_max=(3,) * 6))
    s.auto(st.SET_RISK)
    assert s.get("turn") == st.NPC_TURN and s.legal() == [st.A_RISK + 2, st.A_RISK + 3]


# -- Wounds and costs (rules page, "The GM side") ----------------------------------------------------------

def test_a_failed_answer_to_a_threat_wounds_and_at_capacity_the_pc_is_out(scene, config, rolls):
    """Rules page / seed: Wounds "against the character's Strength + Will capacity"; a PC at
    capacity is out and never acts again (this project's reading)."""
    cfg = config(pcs=2, npcs=1, start=3, pc_strength=(0, 2, 2, 2, 2, 2), pc_will=(1, 2, 2, 2, 2, 2))
    s = scene(cfg, dice=rolls.FAILURE + rolls.SUCCESS)
    s.auto(st.TARGET)
    s.play(st.A_TARGET + 0)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.get("wounds", 0) == 1 and s.get("out", 0) == 1
    assert s.get("actor") == 1  # the only PC left takes the crew's turn


def test_every_pc_out_loses_the_scene(scene, config, rolls):
    """This project's reading of Wounds: with every PC out, the crew has lost the scene."""
    cfg = config(pcs=1, npcs=1, start=1, pc_strength=(0,) * 6, pc_will=(1,) * 6)
    s = scene(cfg, dice=rolls.FAILURE)
    s.auto(st.SPEND)
    assert s.play(st.A_ROLL, st.A_KEEP) == (-1.0, True, False)


@pytest.mark.parametrize("cost, field, before, after", [
    (st.COST_WOUND, "wounds", 0, 1), (st.COST_WILLPOWER, "willpower", 2, 1),
    (st.COST_MOMENTUM, "momentum", 3, 2), (st.COST_RISK, "risk_next", 0, 1),
    (st.COST_COMPLICATION, "complications", 0, 1)])
def test_gm_chooses_the_cost_of_a_costly_success(scene, config, rolls, cost, field, before,
                                                 after):
    """Rules page: "At a Costly Success the GM picks the cost (a Wound, -1 Willpower, -1
    Momentum, +1 Risk on the next crew roll, or a lasting complication...)" (the first scene
    of a mission, so that a later scene can feel the complication)."""
    s = scene(config(pcs=1, npcs=1, start=3, episode="mission", acts=1, scenes_per_act=2),
              dice=rolls.COSTLY)
    s.auto(st.COST)
    assert s.get(field) == before
    s.play(st.A_COST + cost)
    assert s.get(field) == after


def test_plus_1_risk_cost_lands_on_the_next_crew_roll(scene, config, rolls):
    """Rules page: "+1 Risk on the next crew roll"."""
    s = scene(config(pcs=1, npcs=1, start=3), dice=rolls.COSTLY)
    s.auto(st.COST)
    s.play(st.A_COST + st.COST_RISK)
    s.auto(st.SPEND)
    assert s.get("risk") == 3 and s.get("risk_next") == 0


# -- Header lead for the director reward ------------------------------------------------------

def test_lead_follows_initiative_and_changes_count_flips(scene, config, rolls):
    """Seed: "A Critical Success that pushes Momentum above the halfway mark hands the players
    initiative next round." -- the header's lead flips with it (director reward)."""
    s = scene(config(pcs=1, npcs=1, start=1), dice=rolls.CRITICAL_SUCCESS + rolls.CRITICAL_SUCCESS)
    assert (s.get("lead"), s.get("margin")) == (-1, 50)  # |2 - 4| * 100 / 4
    s.auto(st.SPEND, round=2)
    assert (s.get("lead"), s.get("lead_changes"), s.get("margin")) == (1, 1, 50)


def test_seize_overrides_initiative_for_this_round_only(scene, config, rolls):
    """Seed: "This does not change the Momentum total. It overrides initiative for the current
    round only." """
    s = scene(config(pcs=1, npcs=2, start=1), dice=rolls.SUCCESS * 3)
    s.auto(st.SEIZE)
    s.play(st.A_SEIZE)
    assert s.get("crew_seized") == 1 and s.get("turn") == st.CREW_TURN
    s.auto(st.NPC_PICK, round=2)
    assert s.momentum == 0 and s.leaders() == [GM, GM] and s.get("crew_seized") == 0
