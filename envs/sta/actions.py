"""Personal-conflict actions beyond the attack: Sprint, Direct, Ready, Create Trait, treating
an Injury, Guard for an ally, the out-of-turn Assist and the GM's reinforcements; and which
major actions on a character are legal, the attacks included (:func:`legal_on_enemies`).

Star Trek Adventures 2nd edition core rulebook, "Personal Conflict Major Actions" (p. 289):
"Sprint: You run forward ... You move two zones ... If there is difficult or hazardous
terrain, you may attempt a Fitness + Conn task with Difficulty 0 ... to generate Momentum";
"Direct: ... Spend 1 Momentum and select one ally who can hear you. They may immediately
attempt a single action with no +1 Difficulty; you Assist with Control + Command"; "Ready:
You choose another major action to take as a reaction to something else. When the trigger
event occurs, you temporarily interrupt the current character's turn ... If the triggering
event does not occur before your next turn, the action is lost"; "Create Trait: This is a
task with a Difficulty of 2"; "Guard: ... You can confer the benefits of this task to an ally
within Reach instead of yourself - this increases the Difficulty of this task by 1";
"Assistance in Combat" (p. 292): "You can choose to Assist when another character declares
the task ... assisting means that you will not take a turn of your own later in the round".
Here the readied action is an attack on one enemy, sprung when that enemy's turn begins.
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.jit import njit
from scenegym.envs.sta import state as st
from scenegym.envs.sta.battlefield import distance
from scenegym.envs.sta.characters import (
    able,
    can_escalate,
    can_pay,
    department,
    enemy_in_reach,
    enemy_slots,
    escalate,
    in_reach,
    killed,
    pay,
    same_zone,
    set_pool,
    side_of,
    side_slots,
    standing,
    weapon_in_hand,
)
from scenegym.envs.sta.combat import start_task
from scenegym.envs.sta.effects import path_cost, sprint_move, trait_open
from scenegym.envs.sta.turns import await_decision, end_turn

# ---------------------------------------------------------------------------------------------
# Declaring the actions


@njit(cache=True)
def sprint(s, p, dice, log, i, z):
    """Run to zone ``z``; a path through difficult terrain or obstacles attempts the Sprint
    task first, whose Momentum pays for it."""
    c = s[st.ACTOR]
    s[st.SPRINT_TO] = z
    if p.sprint_task == 1 and path_cost(s, s[st.ZONE + c], z) > 0:
        s[st.TASK] = st.TASK_SPRINT
        s[st.TARGET] = c
        start_task(s, p, dice, log, i)
        return
    sprint_move(s, p, log, i)
    end_turn(s, p, log, i)


@njit(cache=True)
def direct(s, p, log, i, t):
    """The leader pays and its ally ``t`` attempts a major action now, the leader assisting."""
    c = s[st.ACTOR]
    pay(s, log, i, c, p.direct_cost, False)
    record(log, i, NOTE, st.NOTE_DIRECT, c, t)
    s[st.DIRECTOR] = c
    s[st.ACTOR] = t
    s[st.AIMED] = 0
    await_decision(s, st.MAJOR, side_of(t))


@njit(cache=True)
def ready(s, p, log, i, t):
    """Ready an attack that springs when enemy ``t``'s turn begins (before the actor's own
    next turn)."""
    c = s[st.ACTOR]
    s[st.READY_AT + c] = t
    record(log, i, NOTE, st.NOTE_READY, c, t)
    end_turn(s, p, log, i)


@njit(cache=True)
def spring(s, p, dice, log, i, action):
    """The readied character attacks the enemy whose turn it interrupts, or lets it pass
    (the readied action is lost)."""
    r, t = s[st.ACTOR], s[st.INTERRUPTED]
    s[st.READY_AT + r] = -1
    if action == st.A_HOLD:
        end_turn(s, p, log, i)
        return
    s[st.TASK] = st.TASK_ATTACK
    s[st.TARGET] = t
    s[st.DEADLY] = 1 if action == st.A_SPRING_DEADLY else 0
    record(log, i, NOTE, st.NOTE_SPRING, r, t)
    if s[st.DEADLY]:
        escalate(s, log, i, r, p.deadly_threat)
    start_task(s, p, dice, log, i)


@njit(cache=True)
def task_on(s, p, dice, log, i, task, t):
    """A task of the actor's aimed at ``t`` (Create Trait, treating, Guard for an ally)."""
    s[st.TASK] = task
    s[st.TARGET] = t
    start_task(s, p, dice, log, i)


@njit(cache=True)
def assist_now(s, log, i, a):
    """``a`` Assists the task being rolled, giving up its own turn this round."""
    s[st.ACTED + a] = 1
    s[st.ASSIST_FOR + a] = s[st.ACTOR]
    record(log, i, NOTE, st.NOTE_ASSIST_NOW, a, s[st.ACTOR])


@njit(cache=True)
def reinforce(s, p, log, i, k):
    """The GM spends Threat: reserve NPC ``k`` enters at the NPCs' edge zone."""
    c = st.MAX_PCS + k
    set_pool(s, log, i, st.THREAT, st.POOL_THREAT, s[st.THREAT] - reinforce_cost(s, p, c), -1)
    s[st.RESERVE + c] = 0
    s[st.PRESENT + c] = 1
    s[st.ZONE + c] = s[st.ZONES] - 1
    s[st.ACTED + c] = p.reinforcements_wait
    record(log, i, NOTE, st.NOTE_REINFORCE, c, s[st.TIER + c])


@njit(cache=True)
def reinforce_cost(s, p, c):
    return p.reinforce_costs[s[st.TIER + c] - st.MINOR_NPC]


# ---------------------------------------------------------------------------------------------
# Who leads


@njit(cache=True)
def pick_leaders(s, p):
    """The character in authority on each side: the config's, else the PC with the best
    Command (first on ties) and the NPC of the highest tier (first on ties)."""
    crew = p.crew_leader
    if crew < 0:
        for c in range(p.pcs):
            if crew < 0 or department(s, c, st.COMMAND) > department(s, crew, st.COMMAND):
                crew = c
    s[st.CREW_LEADER] = crew
    npc = -1 if p.npc_leader < 0 else st.MAX_PCS + p.npc_leader
    if npc < 0:
        for c in range(st.MAX_PCS, st.MAX_PCS + p.npcs):
            if npc < 0 or s[st.TIER + c] > s[st.TIER + npc]:
                npc = c
    s[st.NPC_LEADER] = npc


@njit(cache=True)
def is_leader(s, c):
    return c == (s[st.CREW_LEADER] if side_of(c) == CREW else s[st.NPC_LEADER])


# ---------------------------------------------------------------------------------------------
# Legal actions


@njit(cache=True)
def legal_sprint(s, p, m, c):
    """Not prone, not after its own Movement minor action (a directed ally acts on its
    leader's turn, whose Movement is not its own), up to ``sprint_zones`` away."""
    if s[st.PRONE + c] == 1 or (s[st.MOVED] == 1 and s[st.DIRECTOR] < 0):
        return
    if p.sprint_from_reach == 0 and enemy_in_reach(s, c):
        return
    here = s[st.ZONE + c]
    for z in range(max(0, here - p.sprint_zones), min(s[st.ZONES], here + p.sprint_zones + 1)):
        if z != here:
            m[st.A_SPRINT + z] = can_pay(s, c, path_cost(s, here, z), True)


@njit(cache=True)
def legal_more_majors(s, p, m, c):
    """Sprint, and the major actions on a character: on an ally, Assist, First Aid, treating
    an Injury, Guard, Direct and Create Trait; on an enemy, Ready, Create Trait and the attacks
    (the mask starts all False: what is not set is not legal)."""
    legal_sprint(s, p, m, c)
    legal_on_allies(s, p, m, c)
    legal_on_enemies(s, p, m, c)


@njit(cache=True)
def legal_on_allies(s, p, m, c):
    """The major actions of ``c`` on a character of its own side (itself: Create Trait only)."""
    leads = (s[st.DIRECTOR] < 0 and is_leader(s, c)
             and can_pay(s, c, p.direct_cost, False))
    lo, hi = side_slots(side_of(c))
    for t in range(lo, hi):
        up = standing(s, t)
        m[st.A_CREATE_TRAIT + t] = up and trait_open(s, p, c, t)
        if t == c:
            continue
        m[st.A_ASSIST + t] = able(s, t)
        near = same_zone(s, c, t)
        m[st.A_FIRST_AID + t] = (s[st.PRESENT + t] == 1 and s[st.DEFEATED + t] == 1
                                 and not killed(s, t) and near)
        m[st.A_TREAT + t] = (s[st.PRESENT + t] == 1 and s[st.UNTREATED + t] > 0
                             and not killed(s, t) and near)
        m[st.A_GUARD_ALLY + t] = up and near
        m[st.A_DIRECT + t] = (leads and up and s[st.MAJORS + t] < p.max_majors
                              and distance(s[st.ZONE + c], s[st.ZONE + t]) <= p.direct_range)


@njit(cache=True)
def legal_on_enemies(s, p, m, c):
    """The major actions of ``c`` on a standing enemy: Ready, Create Trait, and the Stun or
    Deadly attack its weapon allows (a melee weapon: within Reach; Deadly: an NPC needs the
    Threat to escalate, a PC adds it, :func:`can_escalate`)."""
    w = weapon_in_hand(s, c)
    lo, hi = enemy_slots(c)
    for t in range(lo, hi):
        if not standing(s, t):
            continue
        m[st.A_READY + t] = True
        m[st.A_CREATE_TRAIT + t] = trait_open(s, p, c, t)
        if p.weapon_melee[w] == 0 or in_reach(s, c, t):
            m[st.A_ATTACK_STUN + t], m[st.A_ATTACK_DEADLY + t] = weapon_attacks(s, p, c, w)


@njit(cache=True)
def weapon_attacks(s, p, c, w):
    """Whether ``c``'s weapon ``w`` may make a Stun attack, and a Deadly one (its injury
    allows it, and the Threat: an NPC needs it to escalate, a PC adds it,
    :func:`can_escalate`)."""
    stun = (p.weapon_injury[w] & st.STUN_ONLY) != 0
    deadly = (p.weapon_injury[w] & st.DEADLY_ONLY) != 0 and can_escalate(s, c, p.deadly_threat)
    return stun, deadly


@njit(cache=True)
def legal_spring(s, p, m):
    """The readied weapon's Stun or Deadly attack (a Deadly one if the Threat is there), or
    let it pass."""
    r = s[st.ACTOR]
    m[st.A_HOLD] = True
    m[st.A_SPRING_STUN], m[st.A_SPRING_DEADLY] = weapon_attacks(s, p, r, weapon_in_hand(s, r))


@njit(cache=True)
def legal_assist_now(s, p, m):
    """Allies yet to act may Assist the active roll of a personal conflict."""
    c = s[st.ACTOR]
    if p.social or s[st.ROLLER] != c:
        return
    lo, hi = side_slots(side_of(c))
    for a in range(lo, hi):
        m[st.A_ASSIST + a] = a != c and able(s, a) and s[st.ASSIST_FOR + a] < 0


@njit(cache=True)
def legal_reinforce(s, p, m):
    """The GM, picking its next NPC, may bring in reserves it has the Threat for."""
    if s[st.SIDE] != GM:
        return
    for k in range(st.MAX_NPCS):
        c = st.MAX_PCS + k
        m[st.A_REINFORCE + k] = (s[st.RESERVE + c] == 1
                                 and s[st.THREAT] >= reinforce_cost(s, p, c))

