"""Star Trek Adventures personal conflict, as per-env numba rules over one state row.

Star Trek Adventures 2nd edition core rulebook, "Conflict" chapter, pp. 276-293. The turn
is a chain of decisions: pick the character (PICK), minor actions (MINOR), the major action
and its target (MAJOR), each roller's dice pool (BUY, the reactive side first), Momentum
spends (SPEND), Avoid Injury (AVOID), Counterattack (COUNTER), the minor actions left after the
major action (AFTER), Keep the Initiative (KEEP).
Every number comes from the kernel parameters ``p``
(:func:`scenegym.envs.sta.config.kernel_params`); tasks, attacks and injuries live in
:mod:`scenegym.envs.sta.combat`, rounds and turns in :mod:`scenegym.envs.sta.turns`.
"""

from __future__ import annotations

from scenegym.envs.core.events import DECISION, NOTE, record
from scenegym.envs.core.header import CREW, DECISIONS, GM, HEADER_SIZE, PHASE, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.sta import state as st
from scenegym.envs.sta.actions import (
    assist_now,
    direct,
    legal_assist_now,
    legal_more_majors,
    legal_reinforce,
    legal_spring,
    pick_leaders,
    ready,
    reinforce,
    spring,
    sprint,
    task_on,
)
from scenegym.envs.sta.battlefield import build_battlefield
from scenegym.envs.sta.characters import (
    able,
    can_pay,
    enemy_in_reach,
    escalate,
    exit_zone,
    leave_reach,
    pay,
    set_pool,
    side_of,
    weapon_in_hand,
)
from scenegym.envs.sta.combat import (
    any_spend,
    avoid_injury,
    can_add_severity,
    counter_options,
    inflict,
    intense,
    may_alter_trait,
    may_disarm,
    may_step_back,
    roll_task,
    start_task,
    take_injury,
    task_succeeded,
)
from scenegym.envs.sta.effects import create_trait, disarm, disarm_cost, path_cost
from scenegym.envs.sta.minors import legal_minor, minor_action
from scenegym.envs.sta.social import (
    begin_social,
    give_or_suffer,
    legal_social,
    shut_down,
    social_major,
    social_roll,
    social_spend,
    yield_or_resist,
)
from scenegym.envs.sta.task import next_die_cost, perfect_die
from scenegym.envs.sta.turns import (
    await_decision,
    check_end,
    end_turn,
    finish_turn,
    hand_turn,
    may_act_after_major,
    may_keep,
    may_take_extra_major,
    open_turn,
)

# ---------------------------------------------------------------------------------------------
# The scene


@njit(cache=True)
def place_character(s, p, c, present):
    """Copy character ``c``'s stat block from the parameters."""
    s[st.PRESENT + c] = present
    s[st.TIER + c] = p.tier[c]
    for k in range(st.NUM_ATTRIBUTES):
        s[st.ATTRIBUTES + st.NUM_ATTRIBUTES * c + k] = p.attributes[st.NUM_ATTRIBUTES * c + k]
        s[st.DEPARTMENTS + st.NUM_ATTRIBUTES * c + k] = p.departments[st.NUM_ATTRIBUTES * c + k]
    s[st.FOCUS + c] = p.focus[c]
    s[st.WEAPON + c] = p.weapon[c]
    s[st.PROTECTION + c] = p.protection[c]
    s[st.DRAWN + c] = p.weapons_drawn
    s[st.ASSIST_FOR + c] = -1
    s[st.READY_AT + c] = -1
    if c < st.MAX_PCS:
        s[st.STRESS_MAX + c] = s[st.ATTRIBUTES + st.NUM_ATTRIBUTES * c + st.FITNESS]
        s[st.DETERMINATION + c] = p.determination_start
        s[st.ZONE + c] = 0
    else:
        s[st.ZONE + c] = s[st.ZONES] - 1


@njit(cache=True)
def begin(s, p, dice, log, i):
    """Set the battlefield and the two sides; the GM may spend Threat for an NPC to go first."""
    s[HEADER_SIZE:] = 0
    if p.social:
        s[st.ZONES] = 1  # talk has no battlefield: everyone stands together
    else:
        build_battlefield(s, p, dice, log, i)
    for c in range(st.MAX_CHARS):
        here = c < p.pcs if c < st.MAX_PCS else c - st.MAX_PCS < p.npcs
        place_character(s, p, c, 1 if here else 0)
        s[st.RESERVE + c] = c >= st.MAX_PCS + p.npcs and c < st.MAX_PCS + p.npcs + p.reserves
    s[st.MOMENTUM] = p.momentum_start
    s[st.THREAT] = p.threat_start
    s[st.ROUND] = 1
    s[st.ACTOR] = -1
    s[st.TARGET] = -1
    s[st.ROLLER] = -1
    s[st.VICTIM] = -1
    s[st.DIRECTOR] = -1
    s[st.INTERRUPTED] = -1
    s[st.SPRINT_TO] = -1
    pick_leaders(s, p)
    if p.social:
        begin_social(s, p)
    record(log, i, NOTE, st.NOTE_ROUND, 1, 0)
    choose_first(s, p, log, i)


@njit(cache=True)
def choose_first(s, p, log, i):
    """The first turn [first_turn]: the NPCs' when they have an obvious reason (an ambush), a
    PC's when it is the obvious choice; in doubt the GM may spend Threat for an NPC."""
    if p.first_turn == st.FIRST_NPCS:
        record(log, i, NOTE, st.NOTE_FIRST, GM, 0)
        hand_turn(s, p, log, i, GM)
    elif p.first_turn == st.FIRST_DOUBT and s[st.THREAT] >= p.npc_first_cost:
        await_decision(s, st.FIRST, GM)
    else:
        hand_turn(s, p, log, i, CREW)


# ---------------------------------------------------------------------------------------------
# Decisions


@njit(cache=True)
def pick(s, p, c, log, i):
    """``c`` takes its turn this round (a readied attack may interrupt it first)."""
    s[st.ACTED + c] = 1
    open_turn(s, p, log, i, c)


@njit(cache=True)
def major_action(s, p, dice, log, i, action):
    """Declare the major action: an attack, First Aid or Guard is a task; Assist, Withdraw
    and Pass end the turn."""
    c = s[st.ACTOR]
    record(log, i, NOTE, st.NOTE_MAJOR, c, action)
    if action != st.A_PASS:
        s[st.MAJORS + c] += 1
    if action >= st.A_SPRINT:
        more_major(s, p, dice, log, i, action)
    elif action < st.A_FIRST_AID:
        s[st.TASK] = st.TASK_ATTACK
        s[st.DEADLY] = 1 if action >= st.A_ATTACK_DEADLY else 0
        s[st.TARGET] = action - (st.A_ATTACK_DEADLY if s[st.DEADLY] else st.A_ATTACK_STUN)
        if s[st.DEADLY]:
            escalate(s, log, i, c, p.deadly_threat)
        start_task(s, p, dice, log, i)
    elif action < st.A_ASSIST:
        s[st.TASK] = st.TASK_FIRST_AID
        s[st.TARGET] = action - st.A_FIRST_AID
        start_task(s, p, dice, log, i)
    elif action < st.A_GUARD:
        s[st.ASSIST_FOR + c] = action - st.A_ASSIST
        end_turn(s, p, log, i)
    elif action == st.A_GUARD:
        s[st.TASK] = st.TASK_GUARD
        s[st.TARGET] = c
        start_task(s, p, dice, log, i)
    elif action == st.A_WITHDRAW:
        s[st.WITHDRAWN + c] = 1
        leave_reach(s, c)
        record(log, i, NOTE, st.NOTE_WITHDRAW, c, 0)
        if not check_end(s, p, log, i):
            end_turn(s, p, log, i)
    elif s[st.DIRECTOR] >= 0:  # a directed ally's Pass hands back to its leader
        end_turn(s, p, log, i)
    else:  # Pass: every minor action was open before it, so the turn ends
        finish_turn(s, p, log, i)


@njit(cache=True)
def more_major(s, p, dice, log, i, action):
    """Sprint, Direct, Ready, Create Trait, treating an Injury, Guard for an ally."""
    if action < st.A_DIRECT:
        sprint(s, p, dice, log, i, action - st.A_SPRINT)
    elif action < st.A_READY:
        direct(s, p, log, i, action - st.A_DIRECT)
    elif action < st.A_CREATE_TRAIT:
        ready(s, p, log, i, action - st.A_READY)
    elif action < st.A_TREAT:
        task_on(s, p, dice, log, i, st.TASK_CREATE_TRAIT, action - st.A_CREATE_TRAIT)
    elif action < st.A_GUARD_ALLY:
        task_on(s, p, dice, log, i, st.TASK_TREAT, action - st.A_TREAT)
    else:
        task_on(s, p, dice, log, i, st.TASK_GUARD, action - st.A_GUARD_ALLY)


@njit(cache=True)
def build_pool(s, p, dice, log, i, action):
    """Buy a d20 (own pool, the rest of a PC's by adding Threat; or all by adding Threat),
    spend Determination, roll, or take a Difficulty 0 task unrolled."""
    r = s[st.ROLLER]
    if st.A_ASSIST <= action < st.A_GUARD:
        assist_now(s, log, i, action - st.A_ASSIST)
        return
    if action == st.A_ROLL:
        if p.social:
            social_roll(s, p, dice, log, i)
        else:
            roll_task(s, p, dice, log, i)
        return
    if action == st.A_DETERMINATION:
        s[st.PERFECT] = 1
        set_pool(s, log, i, st.DETERMINATION + r, st.POOL_DETERMINATION,
                 s[st.DETERMINATION + r] - 1, r)
        return
    if action == st.A_DONE:  # a Difficulty 0 task taken unrolled
        s[st.COMPLICATIONS + r] = 0
        task_succeeded(s, p, dice, log, i, False)
        return
    cost = next_die_cost(p, s[st.BOUGHT], s[st.PERFECT])
    if action == st.A_BUY_THREAT:
        escalate(s, log, i, r, cost)
    else:
        pay(s, log, i, r, cost, True)  # Immediate: a PC adds Threat for what the pool lacks
    s[st.BOUGHT] += 1


@njit(cache=True)
def spend(s, p, log, i, action):
    """Added Severity (or an Intense weapon's), until done or nothing more is affordable."""
    c, t = s[st.ACTOR], s[st.TARGET]
    if action == st.A_ALTER_TRAIT:
        pay(s, log, i, c, p.alter_trait_cost, False)
        s[st.SPENT] |= 1
        create_trait(s, p, log, i, c, t)
    elif action == st.A_DISARM:
        pay(s, log, i, c, disarm_cost(s, p, t), False)
        s[st.SPENT] |= 2
        disarm(s, log, i, t)
    elif action != st.A_DONE:
        pay(s, log, i, c, p.added_severity_cost if action == st.A_SEVERITY else p.intense_cost,
            False)
        s[st.SEVERITY] += 1
        s[st.ADDED] += 1
    if action != st.A_DONE and any_spend(s, p):
        return
    inflict(s, p, log, i, s[st.TARGET], s[st.SEVERITY], s[st.DEADLY])


@njit(cache=True)
def counterattack(s, p, log, i, action):
    """The target who won an opposed attack strikes back (2 Momentum), Stun or Deadly."""
    t = s[st.TARGET]
    if action == st.A_STEP_BACK:
        leave_reach(s, t)
        record(log, i, NOTE, st.NOTE_STEP_BACK, t, s[st.ACTOR])
    if action == st.A_NO_COUNTER or action == st.A_STEP_BACK:
        end_turn(s, p, log, i)
        return
    pay(s, log, i, t, p.counter_cost, False)
    deadly = 1 if action == st.A_COUNTER_DEADLY else 0
    if deadly:
        escalate(s, log, i, t, p.deadly_threat)
    record(log, i, NOTE, st.NOTE_COUNTER, t, deadly)
    inflict(s, p, log, i, s[st.ACTOR], p.weapon_severity[weapon_in_hand(s, t)], deadly)


@njit(cache=True)
def keep_initiative(s, p, log, i, action):
    """Keep the Initiative: an ally takes the next turn; otherwise the opposition does."""
    side = side_of(s[st.ACTOR])
    if action == st.A_EXTRA_MAJOR:
        pay(s, log, i, s[st.ACTOR], p.extra_major_cost, False)
        s[st.EXTRA] = 1
        record(log, i, NOTE, st.NOTE_EXTRA_MAJOR, s[st.ACTOR], 0)
        await_decision(s, st.MAJOR, side)
    elif action == st.A_KEEP:
        pay(s, log, i, s[st.ACTOR], p.keep_cost, True)
        s[st.KEPT] = 1
        record(log, i, NOTE, st.NOTE_KEEP, s[st.ACTOR], 0)
        await_decision(s, st.PICK, side)
    else:
        s[st.KEPT] = 0
        hand_turn(s, p, log, i, 1 - side)


@njit(cache=True)
def first_turn(s, p, log, i, action):
    """The GM spends Threat for an NPC to take the first turn, or a PC goes first."""
    if action == st.A_NPC_FIRST:
        set_pool(s, log, i, st.THREAT, st.POOL_THREAT, s[st.THREAT] - p.npc_first_cost, -1)
        record(log, i, NOTE, st.NOTE_FIRST, GM, 0)
        hand_turn(s, p, log, i, GM)
    else:
        hand_turn(s, p, log, i, CREW)


@njit(cache=True)
def before_major(s, p, log, i, action):
    """A minor action before the major action, or on to the major action (at once when the
    turn's minor actions are used up)."""
    if action != st.A_END_MINOR:
        minor_action(s, p, log, i, action)
    if action == st.A_END_MINOR or s[st.MINORS] >= p.max_minors:
        await_decision(s, st.MAJOR, side_of(s[st.ACTOR]))


@njit(cache=True)
def after_major(s, p, log, i, action):
    """A minor action after the major action, or the end of the turn (at once when no minor
    action is left)."""
    if action != st.A_END_MINOR:
        minor_action(s, p, log, i, action)
    if action == st.A_END_MINOR or not may_act_after_major(s, p):
        finish_turn(s, p, log, i)


@njit(cache=True)
def apply(s, p, dice, log, i, action):
    """Take the pending decision ``action`` and resolve until the next decision."""
    record(log, i, DECISION, s[SEAT], s[PHASE], action, 0)
    s[DECISIONS] += 1
    phase = s[PHASE]
    if phase == st.PICK:
        if action >= st.A_REINFORCE:  # the GM brings in a reinforcement, then picks
            reinforce(s, p, log, i, action - st.A_REINFORCE)
        else:
            pick(s, p, action - st.A_PICK, log, i)
    elif phase == st.MINOR:
        before_major(s, p, log, i, action)
    elif phase == st.AFTER:
        after_major(s, p, log, i, action)
    elif phase == st.MAJOR:
        if p.social:
            social_major(s, p, dice, log, i, action)
        else:
            major_action(s, p, dice, log, i, action)
    elif phase == st.BUY:
        build_pool(s, p, dice, log, i, action)
    elif phase == st.SPEND:
        if p.social:
            social_spend(s, p, log, i, action)
        else:
            spend(s, p, log, i, action)
    elif phase == st.AVOID:
        if action == st.A_AVOID:
            avoid_injury(s, p, log, i)
        else:
            take_injury(s, p, log, i)
    elif phase == st.COUNTER:
        counterattack(s, p, log, i, action)
    elif phase == st.KEEP:
        keep_initiative(s, p, log, i, action)
    elif phase == st.FIRST:
        first_turn(s, p, log, i, action)
    elif phase == st.YIELD:
        yield_or_resist(s, p, log, i, action)
    elif phase == st.GIVE:
        give_or_suffer(s, p, log, i, action)
    elif phase == st.SHUT_DOWN:
        shut_down(s, p, log, i, action)
    elif phase == st.SPRING:
        spring(s, p, dice, log, i, action)


# ---------------------------------------------------------------------------------------------
# Legal actions


@njit(cache=True)
def may_withdraw(s, c):
    """Withdraw, a movement-related major action: not prone, and no enemy within Reach."""
    return s[st.PRONE + c] == 0 and not enemy_in_reach(s, c)


@njit(cache=True)
def legal_major(s, p, m):
    c = s[st.ACTOR]
    m[st.A_PASS] = True
    if s[st.MAJORS + c] >= p.max_majors:  # "not more than two major actions during any round"
        return
    legal_more_majors(s, p, m, c)
    m[st.A_GUARD] = True
    m[st.A_WITHDRAW] = s[st.ZONE + c] == exit_zone(s, c) and may_withdraw(s, c)


@njit(cache=True)
def sprint_reserve(s, r):
    """An NPC sprinting keeps back the Threat its path will cost (it is paid after the roll)."""
    if s[st.TASK] != st.TASK_SPRINT or side_of(r) == CREW:
        return 0
    return path_cost(s, s[st.ZONE + r], s[st.SPRINT_TO])


@njit(cache=True)
def unrolled_success_open(s, p, r):
    """A Difficulty 0 task that is being rolled for Momentum may be taken as an unrolled
    success instead (not a Sprint, which rolls to pay its way; no social task)."""
    return (p.social == 0 and s[st.OPPOSED] == 0 and s[st.DIFFICULTY] == 0 and r == s[st.ACTOR]
            and s[st.TASK] != st.TASK_SPRINT and s[st.TASK] != st.TASK_NONE)


@njit(cache=True)
def legal_buy(s, p, m):
    r = s[st.ROLLER]
    m[st.A_ROLL] = True
    cost = next_die_cost(p, s[st.BOUGHT], s[st.PERFECT])
    if cost >= 0:
        crew = side_of(r) == CREW
        m[st.A_BUY] = (s[st.MOMENTUM] > 0 if crew
                       else can_pay(s, r, cost + sprint_reserve(s, r), False))
        m[st.A_BUY_THREAT] = crew
    m[st.A_DETERMINATION] = (s[st.DETERMINATION + r] > 0 and s[st.PERFECT] == 0
                             and p.base_dice + s[st.BOUGHT] + perfect_die(p, True)
                             <= p.max_dice)
    m[st.A_DONE] = unrolled_success_open(s, p, r)
    legal_assist_now(s, p, m)


@njit(cache=True)
def legal(s, p, m):
    """The legal actions of the pending decision (none once the scene is over)."""
    m[:] = False
    if s[SEAT] < 0:
        return
    phase = s[PHASE]
    if p.social and phase in (st.MAJOR, st.SPEND, st.YIELD, st.GIVE, st.SHUT_DOWN):
        legal_social(s, p, m, phase)
    elif phase == st.PICK:
        for c in range(st.MAX_CHARS):
            m[st.A_PICK + c] = side_of(c) == s[st.SIDE] and able(s, c)
        legal_reinforce(s, p, m)
    elif phase == st.MINOR:
        legal_minor(s, p, m, True)
    elif phase == st.AFTER:
        legal_minor(s, p, m, may_take_extra_major(s, p, s[st.ACTOR]))
    elif phase == st.MAJOR:
        legal_major(s, p, m)
    elif phase == st.BUY:
        legal_buy(s, p, m)
    elif phase == st.SPEND:
        m[st.A_DONE] = True
        m[st.A_SEVERITY] = can_add_severity(s, p, p.added_severity_cost)
        m[st.A_INTENSE] = intense(s, p) and can_add_severity(s, p, p.intense_cost)
        m[st.A_ALTER_TRAIT] = may_alter_trait(s, p)
        m[st.A_DISARM] = may_disarm(s, p)
    elif phase == st.AVOID:
        m[st.A_AVOID] = True
        m[st.A_TAKE] = True
    elif phase == st.COUNTER:
        options = counter_options(s, p)
        m[st.A_NO_COUNTER] = True
        m[st.A_COUNTER_STUN] = (options & 1) == 1
        m[st.A_COUNTER_DEADLY] = (options & 2) == 2
        m[st.A_STEP_BACK] = may_step_back(s, p)
    elif phase == st.KEEP:
        m[st.A_EXTRA_MAJOR] = may_take_extra_major(s, p, s[st.ACTOR])
        m[st.A_KEEP] = may_keep(s, p, s[st.ACTOR])
        m[st.A_HAND_OVER] = True
    elif phase == st.SPRING:
        legal_spring(s, p, m)
    elif phase == st.FIRST:
        m[st.A_NPC_FIRST] = True
        m[st.A_CREW_FIRST] = True


__all__ = ["apply", "begin", "legal"]
