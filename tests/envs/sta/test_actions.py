"""Personal conflict actions and spends beyond the attack, one scripted scene each (Star Trek
Adventures 2nd edition core rulebook, "Conflict" chapter: "Combat Actions", pp. 288-289;
"Injuries" and "Recovery and Healing", pp. 291-292; "Assistance in Combat", p. 292;
"Personal Conflict Momentum Spends", p. 293; page and words cited per test).

The scene of ``conftest.py``: PC 0 (Control 10, Daring 10, Fitness 9, Insight 9, Reason 8;
Command 2, Conn 3, Medicine 2, Science 4, Security 4 with a Security focus; a type-2
phaser), PC 1 when ``pcs=2`` (Control 9; Command 3, Security 2; a type-1 phaser), one Minor
NPC (Control 9, Daring 9, Security 2; a one-handed disruptor pistol, Deadly, Intense) on
three open zones; the PCs start in zone 0, the NPCs in zone 2.
"""

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.sta import state as st

NPC0 = st.MAX_PCS
TWO_NPCS = {"npc_tiers": ("minor", "minor")}


# -- Sprint, p. 289 ------------------------------------------------------------------------------

def test_sprint_moves_two_zones_but_not_after_a_movement_minor_action(conflict):
    """"Sprint: You run forward, trying to cross the area quickly. You move two zones, to any
    point within Long range"; Movement: "You cannot take this minor action in the same turn
    as a Movement major action." Open ground: no task, no dice."""
    c = conflict().turn(0)
    assert st.A_SPRINT + 2 in c.legal() and st.A_SPRINT + 0 not in c.legal()
    c.play(st.A_SPRINT + 2)
    assert c.get("zone", 0) == 2 and c.dice_rolled(st.DIE_TASK) == []
    moved = conflict()
    moved.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_MOVE + 1, st.A_END_MINOR)
    assert not any(st.A_SPRINT <= a < st.A_SPRINT + st.MAX_ZONES for a in moved.legal())


def test_sprint_over_difficult_terrain_rolls_fitness_conn_for_momentum(conflict):
    """"If there is difficult or hazardous terrain, you may attempt a Fitness + Conn task
    with Difficulty 0 as part of this action, to generate Momentum to cross the terrain."
    Leaving zone 0 (terrain 1) and the obstacle to zone 1 (2) cost 3. Target 9 + 3 = 12: the
    5 and the 6 are 2 successes, 2 Momentum; the third point is paid by adding Threat
    (Immediate)."""
    c = conflict(dice=[5, 6], battlefield_terrain=(1, 0, 0), battlefield_obstacles=(2, 0))
    c.turn(0).play(st.A_SPRINT + 2)
    assert c.phase == st.BUY and c.get("task") == st.TASK_SPRINT and c.get("difficulty") == 0
    c.play(st.A_ROLL)
    assert c.get("zone", 0) == 2 and c.get("momentum") == 0 and c.get("threat") == 2 + 1


# -- A second major action, p. 289 ---------------------------------------------------------------

def test_second_major_action_costs_2_momentum_and_1_difficulty(conflict):
    """"You can attempt a second major action on your turn by spending 2 Momentum (this adds
    1 to the Difficulty of any task on the second major action)"; "You may not attempt more
    than two major actions during any round." Guard (Difficulty 0) is taken unrolled."""
    c = conflict(momentum_start=4).turn(0)
    c.play(st.A_GUARD, st.A_DONE, st.A_END_MINOR)
    assert c.phase == st.KEEP and st.A_EXTRA_MAJOR in c.legal()
    c.play(st.A_EXTRA_MAJOR)
    assert c.get("momentum") == 2 and c.phase == st.MAJOR and c.get("actor") == 0
    c.play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2 + 1
    c = conflict(dice=[15, 16], momentum_start=4).turn(0)
    c.play(st.A_GUARD, st.A_DONE, st.A_END_MINOR, st.A_EXTRA_MAJOR, st.A_ATTACK_STUN + NPC0,
           st.A_ROLL, st.A_END_MINOR)
    assert c.phase == st.PICK and c.get("seat") == GM  # no third major action
    c = conflict()
    c.put("majors", 2, 0).turn(0)
    assert c.legal() == [st.A_PASS]


# -- Direct, p. 289 ------------------------------------------------------------------------------

def test_direct_lets_an_ally_act_now_assisted_with_control_command(conflict):
    """"Direct: This may only be attempted by one character on each side in a position of
    authority ... Spend 1 Momentum and select one ally who can hear you. They may immediately
    attempt a single action with no +1 Difficulty; you Assist with Control + Command." The
    leader is PC 1 (Command 3). PC 0 rolls a 5 and a 15 against 14: 1 success; PC 1's die,
    3 against 9 + 3 = 12, adds 1: 2 successes reach Difficulty 2."""
    c = conflict(dice=[5, 15, 3], pcs=2, momentum_start=1, **TWO_NPCS).turn(1)
    assert st.A_DIRECT + 0 in c.legal()
    c.play(st.A_DIRECT + 0)
    assert c.get("momentum") == 0 and c.get("actor") == 0 and c.phase == st.MAJOR
    c.play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2
    c.play(st.A_ROLL)
    assert c.dice_rolled(st.DIE_ASSIST) == [3] and c.get("defeated", NPC0) == 1
    assert c.get("actor") == 1 and c.get("acted", 0) == 0 and c.get("majors", 0) == 1
    assert st.A_DIRECT + 1 not in conflict(pcs=2, momentum_start=1).turn(0).legal()


def test_after_directing_a_sprint_the_leader_may_still_move(conflict):
    """Direct: the ally "may immediately attempt a single action"; Movement: "You cannot take
    this minor action in the same turn as a Movement major action" ("Personal Conflict Minor
    Actions", p. 288) bars the sprinter's own Movement, not its leader's: after PC 0's
    directed Sprint (open ground, no task) the leader, PC 1, may take a Movement minor action
    after its major action (Direct) [minors_after_major]."""
    c = conflict(pcs=2, momentum_start=1, **TWO_NPCS).turn(1)
    c.play(st.A_DIRECT + 0, st.A_SPRINT + 1)
    assert c.get("zone", 0) == 1 and c.phase == st.AFTER and c.get("actor") == 1
    assert st.A_MOVE + 1 in c.legal()


def test_a_leader_who_moved_may_still_direct_an_ally_to_sprint(conflict):
    """The converse: Movement's "You cannot take this minor action in the same turn as a
    Movement major action" (p. 288) binds the one who moved. PC 1 takes a Movement minor
    action, then Directs PC 0, who "may immediately attempt a single action": a Sprint is
    among its choices, and it sprints."""
    c = conflict(pcs=2, momentum_start=1, **TWO_NPCS).turn(1, st.A_MOVE + 1)
    assert c.get("moved") == 1 and c.get("zone", 1) == 1
    c.play(st.A_DIRECT + 0)
    assert st.A_SPRINT + 1 in c.legal()
    c.play(st.A_SPRINT + 1)
    assert c.get("zone", 0) == 1


# -- Ready, p. 289 -------------------------------------------------------------------------------

def test_a_readied_attack_interrupts_the_enemys_turn(conflict):
    """"Ready: You choose another major action to take as a reaction to something else. When
    the trigger event occurs, you temporarily interrupt the current character's turn to
    resolve your readied major action, then play proceeds as normal." Here the trigger is
    the named enemy's turn: NPC 0 acts undisturbed, NPC 1 is interrupted; the attack fails
    (a 15 and a 16 against 14) and NPC 1's turn goes on."""
    c = conflict(dice=[15, 16], threat_per_pc=0, **TWO_NPCS).turn(0)
    c.play(st.A_READY + NPC0 + 1)
    assert c.get("ready_at", 0) == NPC0 + 1
    c.turn(NPC0)
    assert c.get("actor") == NPC0
    c.play(st.A_PASS)
    c.put("extra", 1)  # as if NPC 0 had taken a second major action: it is not the PC's
    c.play(st.A_PICK + NPC0 + 1)
    assert c.phase == st.SPRING and c.get("seat") == CREW and c.get("actor") == 0
    c.play(st.A_SPRING_STUN)
    assert c.get("task") == st.TASK_ATTACK and c.get("target") == NPC0 + 1
    assert c.get("difficulty") == 2
    c.play(st.A_ROLL)
    assert c.phase == st.MINOR and c.get("actor") == NPC0 + 1 and c.get("ready_at", 0) == -1


def test_a_readied_attack_that_defeats_its_trigger_hands_the_turn_back(conflict):
    """The interrupted NPC is Defeated before its turn ("A defeated character ... cannot take
    any actions"): its side picks again. A 3 (a critical) and a 10 are 3 successes."""
    c = conflict(dice=[3, 10], threat_per_pc=0, **TWO_NPCS).turn(0)
    c.play(st.A_READY + NPC0, st.A_END_MINOR, st.A_PICK + NPC0, st.A_SPRING_STUN, st.A_ROLL,
           st.A_DONE)
    assert c.get("defeated", NPC0) == 1
    assert c.phase == st.PICK and c.legal() == [st.A_PICK + NPC0 + 1]


# -- Create Trait, p. 289, and Alter Trait, p. 293 ----------------------------------------------

def test_create_trait_is_a_difficulty_2_task_whose_trait_hinders_the_enemy(conflict):
    """"Create Trait: This is a task with a Difficulty of 2 ... If successful, you create,
    change, or remove an existing trait" [trait_skill: Reason + Science = 8 + 4]; a
    hindering trait adds 1 [trait_difficulty] to the enemy's tasks."""
    c = conflict(dice=[5, 6], threat_per_pc=4).turn(0)
    c.play(st.A_CREATE_TRAIT + NPC0)
    assert c.get("difficulty") == 2
    c.play(st.A_ROLL)
    assert c.get("hinder", NPC0) == 1
    c.turn(NPC0).play(st.A_ATTACK_DEADLY + 0)
    assert c.get("difficulty") == 2 + 1


def test_create_trait_on_yourself_removes_a_hindering_trait_then_helps(conflict):
    """"... or remove an existing trait": first PC 0's hindering trait goes (its own task is
    one harder: the natural 1 is a critical, 3 successes), then PC 1 gives it a helpful one,
    which lowers PC 0's next attack by 1."""
    c = conflict(dice=[1, 5, 5, 6], pcs=2, momentum_start=0)
    c.put("hinder", 1, 0).turn(0)
    c.play(st.A_CREATE_TRAIT + 0, st.A_ROLL)
    assert c.get("hinder", 0) == 0 and c.get("boon", 0) == 0
    c.turn(NPC0).play(st.A_PASS)
    c.turn(1).play(st.A_CREATE_TRAIT + 0, st.A_ROLL)
    assert c.get("boon", 0) == 1
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0).play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2 - 1


def test_alter_trait_costs_2_momentum_once_per_turn(conflict):
    """"Alter Trait (2 Momentum): You create, change, or remove a trait in the scene"; "If a
    Momentum spend is neither Immediate nor Repeatable, you can only use them once per
    turn." Two criticals: 4 successes at Difficulty 2."""
    c = conflict(dice=[1, 2], momentum_start=6, npc_tiers=("notable",), threat_per_pc=20)
    c.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_ALTER_TRAIT)
    assert c.get("momentum") == 4 and c.get("hinder", NPC0) == 1
    assert c.phase == st.SPEND and st.A_ALTER_TRAIT not in c.legal()


# -- Disarm, p. 293 ------------------------------------------------------------------------------

def test_disarm_costs_1_momentum_one_handed_2_two_handed(conflict):
    """"Disarm (1-2 Momentum): Target drops one weapon they are holding to within their
    Reach. This costs 1 Momentum if the weapon is held in one hand. If the weapon is
    two-handed, the cost increases to 2 Momentum." A Draw Item picks it up again."""
    for weapon, cost in ((6, 1), (7, 2)):
        c = conflict(dice=[1, 2], momentum_start=6, npc_tiers=("notable",), npc_weapon=(weapon,),
                     threat_per_pc=20)
        c.turn(0).play(st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DISARM)
        assert c.get("momentum") == 6 - cost and c.get("drawn", NPC0) == 0
        assert st.A_DISARM not in c.legal()


# -- Guard for an ally, p. 289 -------------------------------------------------------------------

def test_guard_conferred_on_an_ally_costs_1_difficulty(conflict):
    """"You can confer the benefits of this task to an ally within Reach instead of
    yourself - this increases the Difficulty of this task by 1, and the benefit lasts until
    the start of your ally's next turn." Insight 9 + Security 4: the 10 is one success."""
    c = conflict(dice=[10, 15], pcs=2, threat_per_pc=4).turn(0)
    c.play(st.A_GUARD_ALLY + 1)
    assert c.get("difficulty") == 0 + 1
    c.play(st.A_ROLL)
    assert c.get("guard", 1) == 1 and c.get("guard", 0) == 0
    c.turn(NPC0).play(st.A_ATTACK_DEADLY + 1)
    assert c.get("difficulty") == 2 + 1


# -- Treating an Injury, pp. 289 and 292 ---------------------------------------------------------

def test_first_aid_treats_an_injury_at_its_severity_and_lifts_its_penalty(conflict):
    """"Alternately, you may tend to an Injury on another character within Reach. Attempt a
    Daring + Medicine task with a Difficulty equal to the Injury's severity. If successful,
    one Injury is treated"; "A treated Injury no longer imposes any penalty"
    [injury_difficulty]. PC 0: 10 + 2 = 12; the natural 1 is a critical: 3 successes."""
    c = conflict(dice=[1, 5], pcs=2, momentum_start=2, **TWO_NPCS)
    for name, value in (("injuries", 1), ("deadly_injuries", 1), ("untreated", 1), ("worst", 3)):
        c.put(name, value, 1)
    hurt = conflict(pcs=2, **TWO_NPCS)
    hurt.put("untreated", 1, 1).turn(1).play(st.A_ATTACK_STUN + NPC0)
    assert hurt.get("difficulty") == 2 + 1
    c.turn(0).play(st.A_TREAT + 1)
    assert c.get("task") == st.TASK_TREAT and c.get("difficulty") == 3
    c.play(st.A_ROLL)
    assert c.get("untreated", 1) == 0 and c.get("injuries", 1) == 1
    c.play(st.A_END_MINOR, st.A_KEEP)
    c.turn(1).play(st.A_ATTACK_STUN + NPC0)
    assert c.get("difficulty") == 2


# -- Assistance in combat, p. 292 ----------------------------------------------------------------

def test_an_ally_may_assist_out_of_turn_giving_up_its_turn(conflict):
    """"You can choose to Assist when another character declares the task you wish to help
    with, even though it isn't your turn. However, you can only provide this assistance if
    you have not already acted this round, and assisting means that you will not take a turn
    of your own later in the round." PC 1 (9 + 2 = 11) rolls a 3: with PC 0's 10, two
    successes."""
    c = conflict(dice=[10, 16, 3], pcs=2, **TWO_NPCS).turn(0)
    c.play(st.A_ATTACK_STUN + NPC0)
    assert st.A_ASSIST + 1 in c.legal() and st.A_ASSIST + 0 not in c.legal()
    c.play(st.A_ASSIST + 1, st.A_ROLL, st.A_END_MINOR)
    assert c.get("acted", 1) == 1 and c.get("defeated", NPC0) == 1
    assert c.phase == st.PICK and c.get("seat") == GM


# -- Accurate (RULES: the disruptor rifle is "Deadly Intense Accurate") --------------------------

def test_accurate_weapon_aimed_rerolls_every_failed_die(conflict):
    """Aim: "you may re-roll a single d20"; an Accurate weapon, Aimed, re-rolls any number
    [accurate_rerolls]. The NPC (9 + 2 = 11) rolls 15 and 16, re-rolled to 5 and 6: two
    successes hit at Difficulty 2; with the disruptor pistol only the 16 is re-rolled."""
    c = conflict(dice=[15, 16, 5, 6], npc_weapon=(7,), threat_per_pc=4).turn(NPC0, st.A_AIM)
    c.play(st.A_ATTACK_DEADLY + 0, st.A_ROLL, st.A_DONE)
    assert c.phase == st.AVOID and c.get("victim") == 0 and c.get("severity") == 5
    pistol = conflict(dice=[15, 16, 5], threat_per_pc=4).turn(NPC0, st.A_AIM)
    pistol.play(st.A_ATTACK_DEADLY + 0, st.A_ROLL)
    assert pistol.get("victim") == -1 and pistol.dice_rolled(st.DIE_TASK) == [15, 16, 5]


# -- Counterattack or move out of Reach, p. 290 --------------------------------------------------

def test_the_target_who_wins_a_melee_attack_may_move_out_of_reach(conflict):
    """"If the Attack was an opposed task, and the target won, then they may either move out
    of Reach (if in melee) or spend 2 Momentum to Counterattack." The NPC (9 + 2 = 11)
    reacts with a 5 and a 6; the PC's 15 and 16 miss."""
    c = conflict(pc_weapon=(1,), dice=[5, 6, 15, 16])
    c.put("zone", 2, 0)
    c.play(st.A_CREW_FIRST, st.A_PICK + 0, st.A_APPROACH + NPC0, st.A_END_MINOR,
           st.A_ATTACK_DEADLY + NPC0, st.A_ROLL, st.A_ROLL)
    assert c.phase == st.COUNTER and st.A_STEP_BACK in c.legal()
    c.play(st.A_STEP_BACK)
    assert c.get("reach", 0) == 0 and c.get("reach", NPC0) == 0


# -- Reinforcements (RULES: "The GM spends Threat: ... reinforcements (Minor 1, Notable 2)") ----

def test_gm_spends_threat_to_bring_in_reinforcements(conflict):
    """A Minor NPC costs 1 Threat, a Notable 2 [reinforce_costs]; they enter at the NPCs'
    edge zone having acted this round [reinforcements_wait]."""
    c = conflict(npc_reserve=("minor", "notable"), threat_per_pc=4)
    c.play(st.A_NPC_FIRST)
    assert st.A_REINFORCE + 1 in c.legal() and st.A_REINFORCE + 2 in c.legal()
    c.play(st.A_REINFORCE + 2)
    assert c.get("threat") == 3 - 2 and c.get("present", NPC0 + 2) == 1
    assert c.get("zone", NPC0 + 2) == 2 and c.get("tier", NPC0 + 2) == st.NOTABLE_NPC
    c.play(st.A_REINFORCE + 1)
    assert c.get("threat") == 0 and c.legal() == [st.A_PICK + NPC0]
