"""What a successful Sprint, Create Trait, treatment or Disarm does to the scene.

Star Trek Adventures 2nd edition core rulebook, pp. 287-293: "Sprint: You run forward ... You
move two zones, to any point within Long range"; "Create Trait ... If successful, you create,
change, or remove an existing trait"; First Aid: "you may tend to an Injury ... If successful,
one Injury is treated"; "A treated Injury no longer imposes any penalty"; "Disarm (1-2
Momentum): Target drops one weapon they are holding to within their Reach. This costs 1
Momentum if the weapon is held in one hand. If the weapon is two-handed, the cost increases
to 2 Momentum." Traits are counted per character: hindering ones raise its tasks'
Difficulty, helpful ones lower it (``trait_difficulty`` each, at most ``trait_max``).
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.jit import njit
from scenegym.envs.sta.battlefield import move_cost
from scenegym.envs.sta.characters import leave_reach, pay, side_of
from scenegym.envs.sta.state import (
    ACTOR,
    BOON,
    DIRECTOR,
    DRAWN,
    HINDER,
    MOVED,
    NOTE_DISARM,
    NOTE_SPRINT,
    NOTE_TRAIT,
    NOTE_TREATED,
    SPRINT_TO,
    SPRINTED,
    UNTREATED,
    WEAPON,
    WORST,
    ZONE,
)


@njit(cache=True)
def path_cost(s, a, b):
    """Momentum to go from zone ``a`` to zone ``b`` one zone at a time: each difficult zone
    left and each obstacle crossed."""
    step = 1 if b > a else -1
    cost = 0
    z = a
    while z != b:
        cost += move_cost(s, z, z + step)
        z += step
    return cost


@njit(cache=True)
def sprint_move(s, p, log, i):
    """The sprinter pays the path's Momentum (Immediate) and arrives, out of everyone's
    Reach."""
    c, z = s[ACTOR], s[SPRINT_TO]
    pay(s, log, i, c, path_cost(s, s[ZONE + c], z), True)
    s[ZONE + c] = z
    s[MOVED] = 1
    if s[DIRECTOR] < 0:  # a directed ally's Sprint is not its leader's Movement
        s[SPRINTED] = 1
    s[SPRINT_TO] = -1
    leave_reach(s, c)
    record(log, i, NOTE, NOTE_SPRINT, c, z)


@njit(cache=True)
def trait_open(s, p, c, t):
    """Whether a trait ``c`` creates on ``t`` would change anything: a hindering trait on an
    enemy, or on an ally the removal of a hindering trait or a helpful one."""
    if side_of(t) != side_of(c):
        return s[HINDER + t] < p.trait_max
    return s[HINDER + t] > 0 or s[BOON + t] < p.trait_max


@njit(cache=True)
def create_trait(s, p, log, i, c, t):
    """``c``'s trait on ``t``: hinder an enemy; for an ally, remove a hindering trait, or
    else add a helpful one. The NOTE's third field is +1 created hindering, -1 removed
    hindering, 2 created helpful."""
    if side_of(t) != side_of(c):
        s[HINDER + t] += 1
        record(log, i, NOTE, NOTE_TRAIT, t, 1)
    elif s[HINDER + t] > 0:
        s[HINDER + t] -= 1
        record(log, i, NOTE, NOTE_TRAIT, t, -1)
    else:
        s[BOON + t] += 1
        record(log, i, NOTE, NOTE_TRAIT, t, 2)


@njit(cache=True)
def treat(s, log, i, t, c):
    """One of ``t``'s untreated Deadly Injuries is treated by ``c``."""
    s[UNTREATED + t] -= 1
    if s[UNTREATED + t] == 0:
        s[WORST + t] = 0
    record(log, i, NOTE, NOTE_TREATED, t, c)


@njit(cache=True)
def disarm_cost(s, p, t):
    """Momentum to make ``t`` drop its weapon (by its hands), -1 when it holds none."""
    if s[DRAWN + t] == 0 or s[WEAPON + t] == 0:
        return -1
    return p.disarm_costs[p.weapon_hands[s[WEAPON + t]] - 1]


@njit(cache=True)
def disarm(s, log, i, t):
    """``t`` drops its weapon within its Reach: a Draw Item minor action picks it up."""
    s[DRAWN + t] = 0
    record(log, i, NOTE, NOTE_DISARM, t, 0)
