"""Conflict structure: rounds, turns, Keep the Initiative, and the end of the scene.

Star Trek Adventures 2nd edition core rulebook, "Conflict Structure" and "Turn Order",
p. 276: "In a round, each character takes a single turn"; "Once you have completed your
turn ... the action passes to the opposing side ... who chooses a single NPC to act next";
"Keeping the Initiative": "you can spend 2 Momentum (Immediate) to Keep the Initiative,
handing the action to another player character instead. A character who takes a turn due
to keeping the initiative must hand the next turn over to the opposition."
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.header import CREW, GM, PHASE, SEAT, end_episode, set_lead
from scenegym.envs.sta.characters import (
    able_count,
    bank_npc_momentum,
    can_pay,
    side_of,
    standing_count,
)
from scenegym.envs.sta.state import (
    ACTED,
    ACTOR,
    ASSIST_FOR,
    DEFEATED,
    END_CREW_OUT,
    END_CUT_OFF,
    END_NPCS_OUT,
    INJURIES,
    KEEP,
    KEPT,
    MAX_CHARS,
    NOTE_ROUND,
    PICK,
    PRESENT,
    ROLLER,
    ROUND,
    SIDE,
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
        end_episode(s, log, i, 0, END_CUT_OFF, 1)
        return
    for c in range(MAX_CHARS):
        s[ACTED + c] = 0
        s[ASSIST_FOR + c] = -1
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
    for c in range(MAX_CHARS):
        gone += side_of(c) == side and s[PRESENT + c] == 1 and s[WITHDRAWN + c] == 1
    if gone > 0:
        return withdraw_result
    return -1 if side == CREW else 1


@njit(cache=True)
def update_lead(s, p):
    """The side with the larger share of its characters still standing leads."""
    crew = standing_count(s, CREW) * 100 // p.pcs
    npcs = standing_count(s, GM) * 100 // p.npcs
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
    s[TASK] = TASK_NONE
    s[TARGET] = -1
    s[ROLLER] = -1
    s[VICTIM] = -1


@njit(cache=True)
def end_turn(s, p, log, i):
    """Close the actor's turn: a Stun Injury is shaken off by a character who is no longer
    Defeated, NPC Momentum becomes Threat; then Keep the Initiative or hand over."""
    c = s[ACTOR]
    if s[DEFEATED + c] == 0 and s[STUN_INJURIES + c] > 0:
        s[INJURIES + c] -= s[STUN_INJURIES + c]
        s[STUN_INJURIES + c] = 0
    bank_npc_momentum(s, log, i)
    clear_task(s)
    side = side_of(c)
    if s[KEPT] == 0 and able_count(s, side) > 0 and can_pay(s, c, p.keep_cost, True):
        await_decision(s, KEEP, side)
        return
    s[KEPT] = 0
    hand_turn(s, p, log, i, 1 - side)
