"""Conflict structure: rounds, turns, Keep the Initiative, and the end of the scene.

Star Trek Adventures 2nd edition core rulebook, "Conflict Structure" and "Turn Order",
p. 276: "In a round, each character takes a single turn"; "Once you have completed your
turn ... the action passes to the opposing side ... who chooses a single NPC to act next";
"Keeping the Initiative": "you can spend 2 Momentum (Immediate) to Keep the Initiative,
handing the action to another player character instead. A character who takes a turn due
to keeping the initiative must hand the next turn over to the opposition."
A turn may also be interrupted by a readied attack (Ready, p. 289), lend its character to the
leader's Direct, or go on with a second major action (2 Momentum, p. 289). After its major
action the character may take the minor actions it has left (phase AFTER,
[minors_after_major]): "attempted a single major action and any minor actions".
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.header import CREW, GM, PHASE, SEAT, cut_off, end_episode, set_lead
from scenegym.envs.core.jit import njit
from scenegym.envs.sta.characters import (
    able_count,
    bank_npc_momentum,
    can_pay,
    in_reach,
    side_of,
    side_slots,
    standing,
    standing_count,
    weapon_in_hand,
)
from scenegym.envs.sta.minors import minor_open
from scenegym.envs.sta.state import (
    ACTED,
    ACTOR,
    AFTER,
    AIMED,
    ASSIST_FOR,
    BONUS,
    DEFEATED,
    DIRECTOR,
    END_CREW_OUT,
    END_CUT_OFF,
    END_NPCS_OUT,
    EXTRA,
    GUARD,
    INJURIES,
    INTERRUPTED,
    KEEP,
    KEPT,
    MAJOR,
    MAJORS,
    MAX_CHARS,
    MINOR,
    MINORS,
    MOVED,
    NOTE_ROUND,
    NOTE_TURN,
    PICK,
    PRESENT,
    PRONE_TOGGLED,
    READY_AT,
    ROLLER,
    ROUND,
    SIDE,
    SPENT,
    SPRING,
    SPRINTED,
    STUN_INJURIES,
    TARGET,
    TASK,
    TASK_NONE,
    VICTIM,
    WITHDRAWN,
)


@njit(cache=True)
def await_decision(s, phase, seat):
    """The next decision: ``phase`` for ``seat``."""
    s[PHASE] = phase
    s[SEAT] = seat


@njit(cache=True)
def new_round(s, p, log, i):
    """Everyone may act again; the round limit cuts the scene off."""
    s[ROUND] += 1
    if s[ROUND] > p.max_rounds:
        cut_off(s, log, i, p.cutoff_result, END_CUT_OFF)
        return
    for c in range(MAX_CHARS):
        s[ACTED + c] = 0
        s[ASSIST_FOR + c] = -1
        s[MAJORS + c] = 0
    record(log, i, NOTE, NOTE_ROUND, s[ROUND], 0)


@njit(cache=True)
def hand_turn(s, p, log, i, side):
    """Give the next turn to ``side``, or to the other side when ``side`` has nobody left;
    when nobody may act, a new round begins with ``side`` preferred."""
    for _ in range(2):
        if able_count(s, side) > 0:
            s[SIDE] = side
            await_decision(s, PICK, side)
            return
        side = 1 - side
    new_round(s, p, log, i)
    if s[PHASE] < 0:
        return
    if able_count(s, side) == 0:
        side = 1 - side
    s[SIDE] = side
    await_decision(s, PICK, side)


@njit(cache=True)
def side_out_result(s, side, withdraw_result):
    """+1 for the crew if ``side`` is out... expressed as the crew's result: a side that is
    all Defeated loses; a side with someone withdrawn gives ``withdraw_result``."""
    gone = 0
    lo, hi = side_slots(side)
    for c in range(lo, hi):
        gone += s[PRESENT + c] == 1 and s[WITHDRAWN + c] == 1
    if gone > 0:
        return withdraw_result
    return -1 if side == CREW else 1


@njit(cache=True)
def present_count(s, side):
    """Characters of ``side`` in the scene (reinforcements once they arrive)."""
    n = 0
    lo, hi = side_slots(side)
    for c in range(lo, hi):
        n += s[PRESENT + c] == 1
    return n


@njit(cache=True)
def update_lead(s, p):
    """The side with the larger share of its characters still standing leads."""
    crew = standing_count(s, CREW) * 100 // max(present_count(s, CREW), 1)
    npcs = standing_count(s, GM) * 100 // max(present_count(s, GM), 1)
    set_lead(s, 1 if crew > npcs else (-1 if crew < npcs else 0), abs(crew - npcs))


@njit(cache=True)
def check_end(s, p, log, i):
    """End the scene when one side is all Defeated or gone; returns True when it ended."""
    update_lead(s, p)
    if standing_count(s, GM) == 0:
        end_episode(s, log, i, side_out_result(s, GM, p.npc_withdraw_result), END_NPCS_OUT, 0)
        return True
    if standing_count(s, CREW) == 0:
        end_episode(s, log, i, side_out_result(s, CREW, p.crew_withdraw_result), END_CREW_OUT, 0)
        return True
    return False


@njit(cache=True)
def clear_task(s):
    s[BONUS] = 0  # unspent bonus Momentum is lost
    s[TASK] = TASK_NONE
    s[TARGET] = -1
    s[ROLLER] = -1
    s[VICTIM] = -1


@njit(cache=True)
def end_turn(s, p, log, i):
    """The actor's major action is over: an interrupted turn resumes; a directed ally hands
    back to its leader; the actor may take the minor actions it has left; else the turn
    ends."""
    if s[INTERRUPTED] >= 0:
        resume_interrupted(s, p, log, i)
        return
    if s[DIRECTOR] >= 0:
        s[ACTOR] = s[DIRECTOR]
        s[DIRECTOR] = -1
    if may_act_after_major(s, p):
        clear_task(s)
        bank_npc_momentum(s, log, i)
        await_decision(s, AFTER, side_of(s[ACTOR]))
        return
    finish_turn(s, p, log, i)


@njit(cache=True)
def may_act_after_major(s, p):
    """A minor action is left to the actor after its major action [minors_after_major]
    (Aim only if a second major action may still follow)."""
    c = s[ACTOR]
    return (p.minors_after_major == 1 and p.social == 0 and standing(s, c)
            and minor_open(s, p, may_take_extra_major(s, p, c)))


@njit(cache=True)
def may_take_extra_major(s, p, c):
    """A second major action: once per turn, in a personal conflict, for 2 Momentum (an
    NPC: Threat), never a third major action in a round."""
    return (p.social == 0 and s[EXTRA] == 0 and standing(s, c)
            and s[MAJORS + c] < p.max_majors and can_pay(s, c, p.extra_major_cost, False))


@njit(cache=True)
def may_keep(s, p, c):
    """Keep the Initiative: not twice running, with an ally left to act, paid (Immediate)."""
    return s[KEPT] == 0 and able_count(s, side_of(c)) > 0 and can_pay(s, c, p.keep_cost, True)


@njit(cache=True)
def finish_turn(s, p, log, i):
    """Close the actor's turn: a Stun Injury is shaken off by a character who is no longer
    Defeated, NPC Momentum becomes Threat; then a second major action, Keep the Initiative,
    or hand over."""
    c = s[ACTOR]
    if s[DEFEATED + c] == 0 and s[STUN_INJURIES + c] > 0:
        s[INJURIES + c] -= s[STUN_INJURIES + c]
        s[STUN_INJURIES + c] = 0
    bank_npc_momentum(s, log, i)
    clear_task(s)
    side = side_of(c)
    if may_take_extra_major(s, p, c) or may_keep(s, p, c):
        await_decision(s, KEEP, side)
        return
    s[KEPT] = 0
    hand_turn(s, p, log, i, 1 - side)


# ---------------------------------------------------------------------------------------------
# Opening a turn, and the readied attacks that may interrupt it


@njit(cache=True)
def can_strike(s, p, r, t):
    """``r``'s weapon in hand reaches ``t`` (a melee weapon needs Reach)."""
    return p.weapon_melee[weapon_in_hand(s, r)] == 0 or in_reach(s, r, t) == 1


@njit(cache=True)
def readied_against(s, p, t):
    """The first standing enemy whose readied attack ``t``'s turn springs, or -1."""
    for r in range(MAX_CHARS):
        if s[READY_AT + r] == t and standing(s, r) and can_strike(s, p, r, t):
            return r
    return -1


@njit(cache=True)
def open_turn(s, p, log, i, c):
    """``c``'s turn begins, unless a readied attack interrupts it first; a character
    Defeated before its turn hands the turn back to its side."""
    if not standing(s, c):
        hand_turn(s, p, log, i, side_of(c))
        return
    r = readied_against(s, p, c)
    if r >= 0:
        s[INTERRUPTED] = c
        s[ACTOR] = r
        s[AIMED] = 0
        s[EXTRA] = 0
        s[SPENT] = 0
        await_decision(s, SPRING, side_of(r))
        return
    start_turn(s, p, log, i, c)


@njit(cache=True)
def start_turn(s, p, log, i, c):
    """``c`` takes its turn: its Guard and its own readied action lapse, its minor actions
    begin (a social conflict has none: its major action is pending)."""
    s[ACTOR] = c
    s[GUARD + c] = 0
    s[READY_AT + c] = -1
    s[MINORS] = 0
    s[AIMED] = 0
    s[PRONE_TOGGLED] = 0
    s[MOVED] = 0
    s[SPRINTED] = 0
    s[EXTRA] = 0
    s[SPENT] = 0
    s[TARGET] = -1
    record(log, i, NOTE, NOTE_TURN, c, s[KEPT])
    await_decision(s, MAJOR if p.social else MINOR, side_of(c))


@njit(cache=True)
def resume_interrupted(s, p, log, i):
    """The readied attack is resolved: the interrupted character's turn begins (or another
    readied attack interrupts it)."""
    t = s[INTERRUPTED]
    s[INTERRUPTED] = -1
    clear_task(s)
    bank_npc_momentum(s, log, i)
    open_turn(s, p, log, i, t)
