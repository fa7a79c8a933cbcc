"""Personal conflict rules, one scripted scene each (Star Trek Adventures 2nd edition core
rulebook, "Conflict" chapter, pp. 276-293; page and words cited per test).

Unless a test says otherwise: one PC (slot 0: Control 10, Daring 10, Security 4 with a
Security focus, a type-2 phaser, severity 4, Stun or Deadly) against one Minor NPC (slot 4:
Control 9, Daring 9, Security 2, a disruptor pistol, severity 4, Deadly, Intense) on three
open zones; the PC starts in zone 0, the NPC in zone 2; Threat starts at 2 per PC.
"""

import pytest

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.sta import state as st
from scenegym.envs.sta.observation import OBSERVATION_NAMES

NPC0 = st.MAX_PCS
COVER_AT_NPC = {"battlefield_cover": (0, 0, 1)}


# -- Conflict structure, p. 276 --------------------------------------------------------------

def test_gm_spends_1_threat_for_an_npc_to_take_the_first_turn(conflict):
    """"THREAT SPEND: ... the gamemaster can spend 1 Threat to allow an NPC to take the
    first turn.\""""
    c = conflict()
    assert c.phase == st.FIRST and c.get("seat") == GM
    c.play(st.A_NPC_FIRST)
    assert c.get("threat") == 1 and c.get("seat") == GM and c.legal() == [st.A_PICK + NPC0]
    assert conflict(threat_per_pc=0).legal() == [st.A_PICK + 0]  # no Threat: a PC goes first


def test_an_obvious_reason_decides_the_first_turn_without_threat(conflict):
    """"NON-PLAYER CHARACTERS (NPCs): If the NPCs have an obvious reason to take the first
    turn, (e.g., they have ambushed the player characters) the gamemaster can select an NPC
    to take the first turn"; "PLAYER CHARACTERS: ... This may be an obvious choice"; the
    Threat spend only "If there is doubt as to who should act first" (Star Trek Adventures
    2nd edition core rulebook, "Conflict Structure", p. 276) [first_turn]."""
    ambush = conflict(first_turn="npcs")
    assert ambush.phase == st.PICK and ambush.get("seat") == GM
    assert ambush.legal() == [st.A_PICK + NPC0] and ambush.get("threat") == 2
    obvious = conflict(first_turn="crew")
    assert obvious.phase == st.PICK and obvious.get("seat") == CREW
    assert obvious.legal() == [st.A_PICK + 0] and obvious.get("threat") == 2


def test_turns_alternate_and_nobody_acts_twice_in_a_round(conflict):
    """"the action passes to the opposing side ... who chooses a single NPC to act next";
    "no character may take more than one turn per round\""""
    c = conflict(pcs=2, npc_tiers=("minor", "minor")).turn(0)
    c.play(st.A_PASS, st.A_HAND_OVER)
    assert c.get("seat") == GM and c.legal() == [st.A_PICK + NPC0, st.A_PICK + NPC0 + 1]
    c.turn(NPC0).play(st.A_PASS)
    assert c.phase == st.KEEP and c.get("seat") == GM  # Threat 4 pays for keeping it
    c.play(st.A_HAND_OVER)
    assert c.get("seat") == CREW and c.legal() == [st.A_PICK + 1]


def test_keep_the_initiative_costs_2_momentum_and_hands_the_turn_to_an_ally(conflict):
    """"you can spend 2 Momentum (Immediate) to Keep the Initiative, handing the action to
    another player character instead. A character who takes a turn due to keeping the
    initiative must hand the next turn over to the opposition.\""""
    c = conflict(pcs=2, momentum_start=2).turn(0)
    c.play(st.A_PASS)
    assert c.phase == st.KEEP
    c.play(st.A_KEEP)
    assert c.get("momentum") == 0 and c.get("seat") == CREW and c.legal() == [st.A_PICK + 1]
    c.turn(1).play(st.A_PASS)
    assert c.phase == st.PICK and c.get("seat") == GM  # no second keep


def test_keep_the_initiative_may_be_paid_with_threat(conflict):
    """Immediate spends "can be paid for by generating Threat" (p. 293)."""
    c = conflict(pcs=2).turn(0)
    c.play(st.A_PASS, st.A_KEEP)
    assert c.get("momentum") == 0 and c.get("threat") == 4 + 2


@pytest.mark.parametrize("cutoff", [-1, 0])
def test_round_limit_cuts_the_scene_off(conflict, cutoff):
    """The engine's ``max_rounds`` ends the scene as a cut-off, worth ``cutoff_result`` (-1 by
    default: a loss, so stalling never pays; 0 was the reward before 0.2.0)."""
    c = conflict(max_rounds=1, cutoff_result=cutoff).turn(0)
    c.play(st.A_PASS)
    reward = c.turn(NPC0).play(st.A_PASS, st.A_HAND_OVER).reward
    assert c.get("over") == 1 and c.get("truncated") == 1 and reward == cutoff
    assert c.get("result") == cutoff


# -- Attacks, pp. 290-291 ------------------------------------------------------------------------

def test_ranged_attack_is_control_security_at_difficulty_2(conflict):
    """"RANGED ATTACK: Attempt a Control + Security task with a Difficulty of 2." Target
    14: the 5 is one success, the 15 none: 1 < 2 fails."""
    c = conflict(dice=[5, 15]).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2 and c.get("opposed") == 0
    c.play(st.A_ROLL)
    assert c.get("defeated", NPC0) == 0 and c.get("momentum") == 0


def test_minor_npc_is_defeated_by_any_successful_attack(conflict):
    """"A Minor NPC ... does not suffer injuries. They are instantly Defeated by any
    successful attack and cannot choose to Avoid Injury." A 3 is a critical (focus,
    Security 4): 3 successes, 1 above the Difficulty becomes Momentum."""
    c = conflict(dice=[3, 10]).turn(0)
    reward = c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE).reward
    assert c.get("momentum") == 1 and c.get("defeated", NPC0) == 1
    assert c.get("over") == 1 and reward == 1.0


def test_cover_makes_a_ranged_attack_opposed_reaction_first_ties_to_the_attacker(conflict):
    """"If the target has Cover from the attack ... this becomes an opposed task instead,
    resisted by the target's own Control + Security." The NPC (target 11) rolls first: one
    success sets Difficulty 1; the PC's one success ties, and ties go to the active side."""
    c = conflict(dice=[5, 12, 10, 16], **COVER_AT_NPC).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0)
    assert c.get("opposed") == 1 and c.get("roller") == NPC0 and c.get("seat") == GM
    c.play(st.A_ROLL)
    assert c.get("difficulty") == 1 and c.get("roller") == 0 and c.get("seat") == CREW
    c.play(st.A_ROLL)
    assert c.get("defeated", NPC0) == 1


def test_failed_opposed_attack_gives_the_shortfall_which_becomes_threat(conflict):
    """Opposed task: "if the active side fails the reactive side gains Momentum equal to the
    shortfall"; "NPCs have no Momentum pool: unspent NPC Momentum becomes Threat 1:1"."""
    c = conflict(dice=[1, 2, 15, 16], **COVER_AT_NPC).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_ROLL)  # Difficulty 3, 0 successes
    assert c.phase == st.COUNTER and c.get("seat") == GM
    c.play(st.A_NO_COUNTER)
    assert c.get("threat") == 2 + 3


def test_counterattack_costs_2_momentum_and_injures_the_attacker(conflict):
    """"If the Attack was an opposed task, and the target won, then they may ... spend 2
    Momentum to Counterattack, inflicting an Injury upon you in return." The disruptor is
    Deadly only: the NPC spends 1 Threat for it ("where a PC would add Threat an NPC spends
    it"), here out of its 3 Momentum, so no Threat is banked."""
    c = conflict(dice=[1, 2, 15, 16], **COVER_AT_NPC).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_ROLL)
    assert st.A_COUNTER_STUN not in c.legal() and st.A_COUNTER_DEADLY in c.legal()
    c.play(st.A_COUNTER_DEADLY)
    assert c.phase == st.AVOID and c.get("victim") == 0 and c.get("severity") == 4
    c.play(st.A_AVOID)
    assert c.get("stress", 0) == 4 and c.get("threat") == 2


def test_deadly_attack_adds_threat_and_an_npc_needs_threat_for_one(conflict):
    """"if you choose to inflict a Deadly Injury, add 1 Threat" (p. 290); an NPC spends it."""
    c = conflict(dice=[15, 16]).turn(0)
    c.play(st.A_ATTACK_DEADLY + NPC0)
    assert c.get("threat") == 3
    g = conflict(threat_per_pc=1).turn(NPC0)
    assert g.get("threat") == 0 and not any(
        st.A_ATTACK_DEADLY <= a < st.A_FIRST_AID for a in g.legal())


def test_melee_needs_reach_and_moving_into_reach_is_a_minor_action(conflict):
    """"MELEE ATTACK: Can be attempted against any target within Reach." Movement: "If
    there are any enemies within Reach of you, you cannot perform this action.\""""
    c = conflict(pc_weapon=(1,))  # a knife
    c.put("zone", 1, NPC0)
    c.play(st.A_CREW_FIRST, st.A_PICK + 0)
    assert st.A_APPROACH + NPC0 in c.legal()
    c.play(st.A_APPROACH + NPC0)
    assert c.get("zone", 0) == 1 and c.phase == st.MINOR
    assert not any(st.A_MOVE <= a < st.A_APPROACH + st.MAX_CHARS for a in c.legal())
    c.play(st.A_END_MINOR)
    assert st.A_ATTACK_DEADLY + NPC0 in c.legal()


def test_melee_is_daring_security_at_difficulty_1_opposed_when_aware(conflict):
    """"Attempt a Daring + Security task with a Difficulty of 1. If the target is aware ...
    this becomes an opposed task instead, resisted by the target's own Daring + Security.\""""
    c = conflict(pc_weapon=(1,), dice=[15, 16])
    c.put("zone", 2, 0)
    c.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_APPROACH + NPC0, st.A_END_MINOR,
           st.A_ATTACK_DEADLY + NPC0)
    assert c.get("opposed") == 1 and c.get("roller") == NPC0
    unaware = conflict(pc_weapon=(1,), targets_aware=False)
    unaware.put("zone", 2, 0)
    unaware.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_APPROACH + NPC0, st.A_END_MINOR,
                 st.A_ATTACK_DEADLY + NPC0)
    assert unaware.get("opposed") == 0 and unaware.get("difficulty") == 1


def test_added_severity_costs_2_momentum_at_most_2(conflict):
    """"Added Severity (2 Momentum, Repeatable) ... You cannot increase the severity by more
    than 2." Four successes at Difficulty 2 make 2 Momentum, added to a start of 6 (capped
    at 6: "excess is lost")."""
    c = conflict(dice=[1, 2], momentum_start=6, npc_tiers=("major",),
                 threat_per_pc=20).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.phase == st.SPEND and c.get("momentum") == 6
    c.play(st.A_SEVERITY, st.A_SEVERITY)
    assert c.get("momentum") == 2 and c.get("severity") == 4 + 2
    assert st.A_SEVERITY not in c.legal()  # no third


def test_protection_lowers_severity_to_at_least_1(conflict):
    """"the severity is reduced by an amount equal to your Protection, to a minimum of 1.\""""
    for protection, severity in ((2, 2), (5, 1)):
        c = conflict(dice=[3, 10], npc_tiers=("notable",), npc_protection=(protection,),
                     threat_per_pc=20).turn(0)
        c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE)
        assert c.notes(st.NOTE_INJURY)[-1][:2] == (NPC0, severity)


def test_notable_npc_avoids_injury_with_threat_once_per_scene(conflict):
    """"a Notable NPC may spend Threat equal to severity to Avoid Injury, but they can only
    do so once per scene.\""""
    c = conflict(dice=[3, 10, 3, 10], npc_tiers=("notable",), threat_per_pc=10).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE)
    assert c.phase == st.AVOID and c.get("seat") == GM
    c.play(st.A_AVOID)
    assert c.get("threat") == 10 - 4 and c.get("defeated", NPC0) == 0
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE)  # 2 Momentum: no spend
    assert c.get("defeated", NPC0) == 1 and c.get("over") == 1


def test_major_npc_avoids_injury_as_often_as_it_has_threat(conflict):
    """"A Major NPC ... may Avoid Injury by spending Threat equal to severity.\""""
    c = conflict(dice=[3, 10, 3, 10], npc_tiers=("major",), threat_per_pc=8).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE, st.A_AVOID)
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE)  # 2 Momentum: no spend
    assert c.phase == st.AVOID
    c.play(st.A_AVOID)
    assert c.get("threat") == 0 and c.get("avoided", NPC0) == 2


def test_pc_stress_overflow_fills_the_track_brings_a_complication_then_fatigue(conflict):
    """"If you can't endure that amount of Stress without going over your maximum, suffer
    whatever Stress you can ... and suffer a complication"; "When you are Fatigued, you
    cannot suffer more Stress, and you suffer +1 Difficulty on all task rolls.\""""
    c = conflict(dice=[1, 5], threat_per_pc=4)
    c.put("stress", 7, 0)
    c.turn(NPC0).play(st.A_ATTACK_DEADLY + 0, st.A_ROLL, st.A_DONE)
    assert c.phase == st.AVOID and c.get("victim") == 0
    c.play(st.A_AVOID)
    assert c.get("stress", 0) == 9 and c.get("complications", 0) == 1
    c.turn(0).play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2 + 1 + 1  # Fatigued, and the complication


def test_a_fatigued_pc_cannot_avoid_and_is_defeated_and_dying(conflict):
    """"When a character suffers an Injury, they are also Defeated. A defeated character
    immediately falls prone"; "While you have one or more Deadly Injuries and are Defeated,
    you are Dying.\""""
    c = conflict(dice=[1, 5], threat_per_pc=4)
    c.put("stress", 9, 0)
    reward = c.turn(NPC0).play(st.A_ATTACK_DEADLY + 0, st.A_ROLL, st.A_DONE).reward
    assert c.get("defeated", 0) == 1 and c.get("prone", 0) == 1
    assert c.get("deadly_injuries", 0) == 1 and reward == -1.0


def test_intense_weapon_adds_severity_for_1_momentum(conflict):
    """RULES: "Intense: +1 severity per 1 Momentum" (a disruptor pistol)."""
    c = conflict(dice=[1, 5], threat_per_pc=4).turn(NPC0)
    c.play(st.A_ATTACK_DEADLY + 0, st.A_ROLL)
    assert c.get("task_momentum") == 1 and st.A_INTENSE in c.legal()
    c.play(st.A_INTENSE)
    assert c.get("severity") == 5 and c.get("task_momentum") == 0


# -- Building the pool, p. 293 ----------------------------------------------------------------

def test_buying_dice_costs_1_2_3_and_never_more_than_5(conflict):
    """"The first bonus die costs 1, the second costs 2 more, and the third costs 3 more.
    You can't roll more than 5d20 on any task attempt.\""""
    c = conflict(dice=[15, 15, 15, 15, 15], momentum_start=6).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_BUY, st.A_BUY, st.A_BUY)
    assert c.get("momentum") == 0 and c.get("bought") == 3
    assert st.A_BUY not in c.legal() and st.A_BUY_THREAT not in c.legal()
    c.play(st.A_ROLL)  # five dice: the script holds exactly five faces


def test_a_bought_die_may_be_paid_part_momentum_part_threat(conflict):
    """"Buy D20s (1–3 Momentum, Immediate, Repeatable)"; "spends listed as Immediate can be
    used at any time during your turn (and can be paid for by generating Threat)" (Star Trek
    Adventures 2nd edition core rulebook, "Personal Conflict Momentum Spends", p. 293). The
    second die costs 2: the pool's last 1 Momentum and 1 Threat."""
    c = conflict(dice=[15, 15, 15, 15], momentum_start=2).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_BUY)
    assert c.get("momentum") == 1 and st.A_BUY in c.legal()
    c.play(st.A_BUY)
    assert c.get("momentum") == 0 and c.get("threat") == 2 + 1 and c.get("bought") == 2
    assert st.A_BUY not in c.legal() and st.A_BUY_THREAT in c.legal()


def test_a_pc_may_buy_dice_by_adding_threat(conflict):
    """"Add more d20s by spending Momentum or adding Threat.\""""
    c = conflict(dice=[15, 15, 15]).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_BUY_THREAT, st.A_ROLL)
    assert c.get("threat") == 2 + 1


def test_determination_adds_a_bonus_die_counted_as_a_1_within_5(conflict):
    """Determination's Perfect Opportunity (Star Trek Adventures 2nd edition core rulebook,
    core task rules) adds a bonus d20 counted as a 1 (a critical) to the pool, which "can't
    roll more than 5d20 on any task attempt" ("Buy D20s", p. 293): both pool dice still roll
    [perfect_opportunity_adds]; with three dice bought the pool is full."""
    c = conflict(dice=[15, 15]).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_DETERMINATION, st.A_ROLL)
    assert c.get("determination", 0) == 0 and c.get("defeated", NPC0) == 1
    assert c.dice_rolled(st.DIE_TASK) == [1, 15, 15]
    f = conflict(momentum_start=6).turn(0)
    f.play(st.A_ATTACK_STUN + NPC0, st.A_BUY, st.A_BUY)
    assert st.A_DETERMINATION in f.legal()
    f.play(st.A_BUY)
    assert st.A_DETERMINATION not in f.legal()


def test_aim_rerolls_one_die_of_the_attack(conflict):
    """"Aim: When you make an Attack this turn, you may re-roll a single d20.\""""
    c = conflict(dice=[5, 20, 6]).turn(0, st.A_AIM)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.get("defeated", NPC0) == 1 and c.get("complications", 0) == 0


def test_a_complication_raises_the_next_task(conflict):
    """Interpretation [complication_difficulty]: each complication adds 1 to the
    character's next task."""
    c = conflict(dice=[15, 20]).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.get("complications", 0) == 1
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0).play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 3


def test_success_at_cost(conflict):
    """RULES: "Success at Cost: succeed with one automatic complication; no Momentum may be
    spent.\""""
    c = conflict(dice=[15, 16], success_at_cost=True, momentum_start=6,
                 npc_tiers=("notable",), threat_per_pc=0).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.get("defeated", NPC0) == 1 and c.get("momentum") == 6
    assert c.get("complications", 0) == 1


# -- Minor and major actions, pp. 287-289 -----------------------------------------------------

def test_extra_minor_action_costs_1_momentum(conflict):
    """"You can take 1 minor action on each of your turns, and may take an additional minor
    action per turn by spending 1 Momentum.\""""
    c = conflict(momentum_start=1)
    c.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_AIM)
    assert c.phase == st.MINOR and c.get("momentum") == 1
    c.play(st.A_PRONE)
    assert c.get("momentum") == 0 and c.phase == st.MAJOR
    broke = conflict()
    broke.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_AIM)
    assert broke.legal() == [st.A_END_MINOR]


def test_shoot_then_drop_prone_a_minor_action_after_the_major_action(conflict):
    """"Once you have completed your turn—attempted a single major action and any minor
    actions—the action passes to the opposing side" (Star Trek Adventures 2nd edition core
    rulebook, "Turn Order", p. 276); "each character can attempt a single major action and
    several minor actions" ("Conflict Structure", p. 276): nothing ties the minor actions to
    before the major one, so a character may shoot, then drop prone [minors_after_major].
    PC 0 shoots and misses (15 and 16 against 14), then drops prone with its free minor
    action; with no Momentum for another one its turn ends."""
    c = conflict(dice=[15, 16]).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.phase == st.AFTER and c.get("seat") == CREW and c.get("actor") == 0
    assert st.A_PRONE in c.legal() and st.A_END_MINOR in c.legal()
    after = OBSERVATION_NAMES.index("phase_minor_action_after_the_major")
    assert c.batch.obs[0, after] == 1.0
    c.play(st.A_PRONE)
    assert c.get("prone", 0) == 1 and c.get("minors") == 1
    assert c.phase == st.PICK and c.get("seat") == GM
    g = conflict(dice=[15, 16]).turn(NPC0)  # an NPC too: it shoots (Deadly) and misses
    g.play(st.A_ATTACK_DEADLY + 0, st.A_ROLL)
    assert g.phase == st.AFTER and g.get("seat") == GM and st.A_PRONE in g.legal()
    g.play(st.A_END_MINOR)
    assert g.phase == st.PICK and g.get("seat") == CREW and g.get("prone", NPC0) == 0


def test_minor_actions_after_the_major_action_share_the_turns_limits(conflict):
    """"You can take 1 minor action on each of your turns, and may take an additional minor
    action per turn by spending 1 Momentum" ("Minor Actions", p. 288): the limits are the
    turn's, before and after the major action together [extra_minor_cost, max_minors]; "You
    cannot Stand and Drop Prone in the same turn." PC 0 drops prone (free), shoots and
    misses, then crawls one zone for 1 Momentum; without the Momentum nothing is left to
    offer after the attack, and the turn ends at once."""
    c = conflict(dice=[15, 16], momentum_start=1).turn(0, st.A_PRONE)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.phase == st.AFTER and st.A_PRONE not in c.legal() and st.A_MOVE + 1 in c.legal()
    c.play(st.A_MOVE + 1)
    assert c.get("momentum") == 0 and c.get("zone", 0) == 1 and c.get("minors") == 2
    assert c.phase == st.PICK and c.get("seat") == GM
    broke = conflict(dice=[15, 16]).turn(0, st.A_PRONE)
    broke.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert broke.phase == st.PICK and broke.get("seat") == GM


def test_no_movement_after_a_sprint_and_no_aim_without_an_attack_to_follow(conflict):
    """Movement: "You cannot take this minor action in the same turn as a Movement major
    action"; Aim: "When you make an Attack this turn, you may re-roll a single d20"
    ("Personal Conflict Minor Actions", p. 288). After a Sprint (open ground: no task) the
    Movement minor action is not offered; Aim is offered after the major action only while a
    second major action (2 Momentum) may follow. Pass ends the turn at once: every minor
    action was open before it."""
    c = conflict().turn(0)
    c.play(st.A_SPRINT + 1)
    assert c.phase == st.AFTER and c.get("zone", 0) == 1
    assert not any(st.A_MOVE <= a < st.A_AIM for a in c.legal())
    assert st.A_PRONE in c.legal() and st.A_AIM not in c.legal()
    assert c.batch.obs[0, OBSERVATION_NAMES.index("task_sprinted")] == 1.0
    rich = conflict(momentum_start=2).turn(0)
    rich.play(st.A_SPRINT + 1)
    assert st.A_AIM in rich.legal()
    passed = conflict().turn(0)
    passed.play(st.A_PASS)
    assert passed.phase == st.PICK and passed.get("seat") == GM


def test_minors_after_major_false_ends_the_turn_with_the_major_action(conflict):
    """[minors_after_major] False: the minor actions come only before the major action (the
    play before this reading); the turn ends when the major action is resolved."""
    c = conflict(dice=[15, 16], minors_after_major=False).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.phase == st.PICK and c.get("seat") == GM


def test_difficult_terrain_and_obstacles_cost_immediate_momentum(conflict):
    """"When you attempt to move from an area of difficult terrain, or cross an obstacle,
    you must spend 1 or more Momentum ... This is Immediate." No Momentum: the PC adds
    Threat; an NPC spends it."""
    c = conflict(battlefield_terrain=(1, 0, 0), battlefield_obstacles=(2, 0))
    c.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_MOVE + 1)
    assert c.get("zone", 0) == 1 and c.get("threat") == 2 + 3


def test_a_difficulty_0_task_may_be_rolled_for_momentum(conflict):
    """Sprint's "Difficulty 0 Fitness + Security task—any successes become Momentum" and
    "Other tasks can also generate Momentum in this way" (Star Trek Adventures 2nd edition
    core rulebook, "Movement and Terrain", p. 286): Guard, Difficulty 0, rolled: PC 0's
    Insight 9 + Security 4 = 13 with a Security focus, the 3 a critical and the 12 a
    success: 3 Momentum [zero_difficulty_roll]. Taken unrolled it makes none."""
    c = conflict(dice=[3, 12]).turn(0)
    c.play(st.A_GUARD)
    assert c.phase == st.BUY and c.get("difficulty") == 0 and st.A_DONE in c.legal()
    c.play(st.A_ROLL)
    assert c.get("guard", 0) == 1 and c.get("momentum") == 3
    u = conflict().turn(0)
    u.play(st.A_GUARD, st.A_DONE)
    assert u.get("guard", 0) == 1 and u.get("momentum") == 0
    off = conflict(zero_difficulty_roll=False).turn(0)
    off.play(st.A_GUARD)
    assert off.get("guard", 0) == 1 and off.phase != st.BUY


def test_guard_raises_the_difficulty_of_attacks_against_you(conflict):
    """"Guard ... Insight + Security task with a Difficulty of 0. Success increases the
    Difficulty of any attacks against you by 1" (taken unrolled)."""
    c = conflict(threat_per_pc=4).turn(0)
    c.play(st.A_GUARD, st.A_DONE)
    assert c.get("guard", 0) == 1
    c.turn(NPC0).play(st.A_ATTACK_DEADLY + 0)
    assert c.get("difficulty") == 2 + 1


def test_a_prone_character_may_take_the_movement_minor_action(conflict):
    """"you cannot attempt any movement-related major actions" (Star Trek Adventures 2nd
    edition core rulebook, "Being Prone", p. 289): the Movement minor action stays open to a
    prone character (crawling); Sprint and Withdraw, major actions, do not."""
    c = conflict(momentum_start=4)
    c.put("prone", 1, 0)
    c.play(st.A_CREW_FIRST, st.A_PICK + 0)
    assert st.A_MOVE + 1 in c.legal()
    c.play(st.A_END_MINOR)
    assert not any(st.A_SPRINT <= a < st.A_DIRECT for a in c.legal())
    assert st.A_WITHDRAW not in c.legal()


def test_prone_target_is_harder_to_shoot_from_afar(conflict):
    """"the Difficulty of all Ranged Attacks against you from Medium range or further away
    increase by 1.\""""
    c = conflict(threat_per_pc=4).turn(0, st.A_PRONE)
    c.play(st.A_PASS)
    c.turn(NPC0).play(st.A_ATTACK_DEADLY + 0)
    assert c.get("prone", 0) == 1 and c.get("difficulty") == 2 + 1


def test_close_attacks_at_a_prone_target_gain_2_momentum_that_cannot_be_saved(conflict):
    """"Melee Attacks and Ranged Attacks at Close range gain 2 bonus Momentum against you
    ... Bonus Momentum cannot be saved." (Star Trek Adventures 2nd edition core rulebook,
    "Being Prone", p. 289.) 3 successes at Difficulty 2: 1 Momentum to the pool, 2 bonus
    that pay this attack's spends first and are lost after (a second NPC keeps the scene
    going)."""
    for spends, severity in (((st.A_DONE,), 4), ((st.A_SEVERITY, st.A_DONE), 5)):
        d = conflict(dice=[10, 3], pcs=2, npc_tiers=("notable", "minor"), threat_per_pc=10)
        d.put("zone", 2, 0)
        d.put("prone", 1, NPC0)
        d.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
        assert d.phase == st.SPEND and d.get("momentum") == 1 and d.get("bonus") == 2
        own = OBSERVATION_NAMES.index("task_own_momentum")  # the bonus shows: 2 / 10
        assert round(float(d.batch.obs[0, own]), 6) == 0.2
        d.play(*spends)
        assert d.get("momentum") == 1 and d.get("severity") == severity
        d.play(st.A_TAKE)
        assert d.get("momentum") == 1 and d.get("bonus") == 0


def test_first_aid_revives_a_defeated_ally_at_difficulty_2(conflict):
    """"First Aid: ... Attempt a Daring + Medicine task with a Difficulty of 2. If
    successful, the character is no longer Defeated." PC 0: 10 + 2 = 12, no focus."""
    c = conflict(dice=[5, 6], pcs=2)
    c.put("defeated", 1, 1)
    c.turn(0).play(st.A_FIRST_AID + 1)
    assert c.get("difficulty") == 2
    c.play(st.A_ROLL)
    assert c.get("defeated", 1) == 0


def test_the_defenders_own_penalties_weaken_its_reaction(conflict):
    """"When you are Fatigued ... you suffer +1 Difficulty on all task rolls" (Star Trek
    Adventures 2nd edition core rulebook, "Stress", p. 277), the reaction of an opposed task
    included: each +1 Difficulty of the defender's own takes one success off the Difficulty
    its reaction sets [reaction_penalties], and its pending complication is used up by the
    roll. A Minor NPC in cover (11, no focus) with a complication, then a Fatigued PC 0 in
    cover (14, Security focus), each roll 5 and 6: two successes, one handed on."""
    c = conflict(dice=[5, 6], **COVER_AT_NPC)
    c.put("complications", 1, NPC0)
    c.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert c.get("reaction") == 1 and c.get("difficulty") == 1
    assert c.get("complications", NPC0) == 0
    f = conflict(dice=[5, 6], battlefield_cover=(1, 0, 0))
    f.put("stress", f.get("stress_max", 0), 0)
    f.turn(NPC0).play(st.A_ATTACK_DEADLY + 0, st.A_ROLL)
    assert f.get("difficulty") == 1
    off = conflict(dice=[5, 6], reaction_penalties=False, **COVER_AT_NPC)
    off.put("complications", 1, NPC0)
    off.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
    assert off.get("difficulty") == 2


def test_a_minor_npc_killed_by_a_deadly_attack_is_beyond_first_aid(conflict):
    """"The only difference between Stun and Deadly attacks against a Minor NPC or basic
    supporting character is that Stun attacks leave them unconscious and Deadly attacks kill
    them instantly" (Star Trek Adventures 2nd edition core rulebook, "NPCs and Injury",
    p. 292). PC 0's 3 and 4 are criticals (4 successes at Difficulty 2); the other Minor NPC,
    in the same zone, may revive the stunned one but not the killed one."""
    for attack, revivable in ((st.A_ATTACK_STUN, True), (st.A_ATTACK_DEADLY, False)):
        c = conflict(dice=[3, 4], npc_tiers=("minor", "minor"))
        c.turn(0).play(attack + NPC0, st.A_ROLL, st.A_DONE)
        assert c.get("defeated", NPC0) == 1
        c.turn(NPC0 + 1)
        assert (st.A_FIRST_AID + NPC0 in c.legal()) == revivable
        assert st.A_TREAT + NPC0 not in c.legal()


def test_stun_injury_is_removed_after_a_turn_undefeated(conflict):
    """"If you stop being Defeated, a Stun Injury is removed at the end of your next turn.\""""
    c = conflict(dice=[5, 6], pcs=2)
    for name, value in (("defeated", 1), ("injuries", 1), ("stun_injuries", 1)):
        c.put(name, value, 1)
    c.turn(0).play(st.A_FIRST_AID + 1, st.A_ROLL, st.A_END_MINOR, st.A_HAND_OVER)
    c.turn(NPC0).play(st.A_PASS)
    c.turn(1).play(st.A_PASS)
    assert c.get("injuries", 1) == 0 and c.get("stun_injuries", 1) == 0


def test_assist_counts_only_if_the_leader_succeeds(conflict):
    """"You Assist a character with a task roll during their turn ... If they have not yet
    acted, take this action on your turn, and Assist when they take their turn." The
    assistant's success counts only if the leader scored one."""
    for leader, helped in (([15, 16], False), ([10, 16], True)):
        c = conflict(dice=leader + [3], pcs=2)
        c.turn(1).play(st.A_ASSIST + 0, st.A_END_MINOR, st.A_HAND_OVER)
        c.turn(NPC0).play(st.A_PASS)
        c.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL)
        assert c.get("defeated", NPC0) == int(helped)


def test_reach_of_an_enemy_raises_other_tasks(conflict):
    """"Being within Reach of an enemy increases the Difficulty of any task that isn't a
    melee attack by 1.\""""
    c = conflict()
    c.put("zone", 2, 0)
    c.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_APPROACH + NPC0, st.A_END_MINOR,
           st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2 + 1


def test_withdrawing_ends_the_scene(conflict):
    """"combat frequently ends in one side retreating from the battle" [crew_withdraw_result,
    npc_withdraw_result]."""
    c = conflict().turn(0)
    reward = c.play(st.A_WITHDRAW).reward
    assert c.get("over") == 1 and c.get("truncated") == 0 and reward == -1.0
    assert conflict(crew_withdraw_result=0).turn(0).play(st.A_WITHDRAW).reward == 0.0
    g = conflict()
    g.turn(NPC0)
    assert st.A_WITHDRAW in g.legal()
    assert g.play(st.A_WITHDRAW).reward == 1.0
