"""Personal-conflict minor actions: Movement, Aim, Draw Item, Stand / Drop Prone.

Star Trek Adventures 2nd edition core rulebook, "Conflict Structure" (p. 276): "each
character can attempt a single major action and several minor actions"; "Once you have
completed your turn—attempted a single major action and any minor actions"; "Minor Actions"
(p. 288): "You can take 1 minor action on each of your turns, and may take an additional
minor action per turn by spending 1 Momentum"; Movement: "You cannot take this minor action
in the same turn as a Movement major action. If there are any enemies within Reach of you,
you cannot perform this action"; "You cannot Stand and Drop Prone in the same turn".
The minor actions of a turn may come before its major action (phase MINOR) and, when
[minors_after_major], after it (phase AFTER), within the same limits for the whole turn.
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.header import CREW
from scenegym.envs.core.jit import njit
from scenegym.envs.sta import state as st
from scenegym.envs.sta.battlefield import distance, move_cost
from scenegym.envs.sta.characters import (
    can_pay,
    enemy_in_reach,
    enter_reach,
    leave_reach,
    pay,
    side_of,
    standing,
)


@njit(cache=True)
def extra_minor_cost(s, p):
    """The first minor action is free; the extra one costs Momentum."""
    return p.extra_minor_cost if s[st.MINORS] >= 1 else 0


@njit(cache=True)
def can_afford_move(s, p, c, cost):
    """The extra minor's cost (not Immediate) and the terrain's (Immediate)."""
    extra = extra_minor_cost(s, p)
    if side_of(c) == CREW:
        return s[st.MOMENTUM] >= extra
    return can_pay(s, c, extra + cost, True)


@njit(cache=True)
def may_move(s, c):
    """The Movement minor action: not with an enemy within Reach (prone bars only
    movement-related major actions), not in a turn with a Sprint (a Movement major action)."""
    return not enemy_in_reach(s, c) and s[st.SPRINTED] == 0


@njit(cache=True)
def may_move_to(s, p, c, here, z):
    """Movement to zone ``z`` (adjacent to ``here``), paid."""
    return z != here and can_afford_move(s, p, c, move_cost(s, here, z))


@njit(cache=True)
def may_approach(s, p, c, here, t):
    """Movement into Reach of enemy ``t`` in this or an adjacent zone, paid."""
    return (side_of(t) != side_of(c) and standing(s, t)
            and distance(here, s[st.ZONE + t]) <= 1
            and can_afford_move(s, p, c, move_cost(s, here, s[st.ZONE + t])))


@njit(cache=True)
def legal_movement(s, p, m, c):
    """Movement to an adjacent zone, or into Reach of an enemy in this or an adjacent zone."""
    here = s[st.ZONE + c]
    for z in range(max(0, here - 1), min(s[st.ZONES], here + 2)):
        m[st.A_MOVE + z] = may_move_to(s, p, c, here, z)
    for t in range(st.MAX_CHARS):
        m[st.A_APPROACH + t] = may_approach(s, p, c, here, t)


@njit(cache=True)
def movement_open(s, p, c):
    """Whether some Movement of :func:`legal_movement` is open to ``c``."""
    here = s[st.ZONE + c]
    for z in range(max(0, here - 1), min(s[st.ZONES], here + 2)):
        if may_move_to(s, p, c, here, z):
            return True
    for t in range(st.MAX_CHARS):
        if may_approach(s, p, c, here, t):
            return True
    return False


@njit(cache=True)
def may_take_minor(s, p, c):
    """A minor action is left this turn and its cost (the first is free) can be paid."""
    return s[st.MINORS] < p.max_minors and can_pay(s, c, extra_minor_cost(s, p), False)


@njit(cache=True)
def aim_draw_prone(s, c, aim_open):
    """Aim (once a turn, when an attack may still follow), Draw Item (once a turn) and
    Stand / Drop Prone (not both in one turn), each open or not."""
    return aim_open and s[st.AIMED] == 0, s[st.DRAWN + c] == 0, s[st.PRONE_TOGGLED] == 0


@njit(cache=True)
def legal_minor(s, p, m, aim_open):
    """The actor's minor actions, and the end of them (always open). ``aim_open``: an
    attack may still follow this turn (else Aim would change nothing)."""
    c = s[st.ACTOR]
    m[st.A_END_MINOR] = True
    if not may_take_minor(s, p, c):
        return
    if may_move(s, c):
        legal_movement(s, p, m, c)
    m[st.A_AIM], m[st.A_DRAW], m[st.A_PRONE] = aim_draw_prone(s, c, aim_open)


@njit(cache=True)
def minor_open(s, p, aim_open):
    """Whether the actor has a minor action of :func:`legal_minor` left to take (besides
    ending them). Asked after every major action, so it stops at the first one open, cheap
    ones first, rather than filling a mask."""
    c = s[st.ACTOR]
    if not may_take_minor(s, p, c):
        return False
    aim, draw, prone = aim_draw_prone(s, c, aim_open)
    if aim or draw or prone:
        return True
    return may_move(s, c) and movement_open(s, p, c)


@njit(cache=True)
def minor_action(s, p, log, i, action):
    """Take one minor action (Movement, Aim, Draw Item, Stand / Drop Prone)."""
    c = s[st.ACTOR]
    pay(s, log, i, c, extra_minor_cost(s, p), False)
    s[st.MINORS] += 1
    record(log, i, NOTE, st.NOTE_MINOR, c, action)
    if action < st.A_APPROACH:
        z = action - st.A_MOVE
        pay(s, log, i, c, move_cost(s, s[st.ZONE + c], z), True)
        s[st.ZONE + c] = z
        s[st.MOVED] = 1
        leave_reach(s, c)
    elif action < st.A_AIM:
        t = action - st.A_APPROACH
        pay(s, log, i, c, move_cost(s, s[st.ZONE + c], s[st.ZONE + t]), True)
        s[st.ZONE + c] = s[st.ZONE + t]
        s[st.MOVED] = 1
        leave_reach(s, c)
        enter_reach(s, c, t)
    elif action == st.A_AIM:
        s[st.AIMED] = 1
    elif action == st.A_DRAW:
        s[st.DRAWN + c] = 1
    else:
        s[st.PRONE + c] = 1 - s[st.PRONE + c]
        s[st.PRONE_TOGGLED] = 1
