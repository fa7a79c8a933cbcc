"""Questions about characters and the pools that pay for their choices.

Characters ``0 .. MAX_PCS-1`` are the crew's PCs, the rest the GM's NPCs. A PC pays Momentum
from the crew pool, and an Immediate cost may be paid by adding Threat instead; an NPC has no
pool: it pays from the Momentum of its own task, then from Threat ("where a PC would add
Threat an NPC spends it"), and what it leaves unspent becomes Threat.
"""

from __future__ import annotations

from scenegym.envs.core.events import POOL, record
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.jit import njit
from scenegym.envs.sta.state import (
    ACTED,
    ATTRIBUTES,
    BONUS,
    DEADLY_INJURIES,
    DEFEATED,
    DEPARTMENTS,
    DRAWN,
    FOCUS,
    LIES,
    MAX_CHARS,
    MAX_PCS,
    MINOR_NPC,
    MOMENTUM,
    NUM_ATTRIBUTES,
    POOL_MOMENTUM,
    POOL_THREAT,
    PRESENT,
    REACH,
    STRESS,
    STRESS_MAX,
    TASK_MOMENTUM,
    THREAT,
    TIER,
    WEAPON,
    WITHDRAWN,
    ZONE,
    ZONES,
)
from scenegym.envs.sta.task import add_to_pool, pay_immediate


@njit(cache=True)
def side_of(c):
    """CREW for a PC, GM for an NPC."""
    return CREW if c < MAX_PCS else GM


@njit(cache=True)
def side_slots(side):
    """The character slots of ``side`` as ``range``'s bounds: PCs first, then NPCs."""
    return (0, MAX_PCS) if side == CREW else (MAX_PCS, MAX_CHARS)


@njit(cache=True)
def enemy_slots(c):
    """The character slots of ``c``'s enemies (the other side) as ``range``'s bounds."""
    return side_slots(GM if side_of(c) == CREW else CREW)


@njit(cache=True)
def standing(s, c):
    """In the scene, not Defeated, not withdrawn."""
    return s[PRESENT + c] == 1 and s[DEFEATED + c] == 0 and s[WITHDRAWN + c] == 0


@njit(cache=True)
def killed(s, c):
    """A Minor NPC struck by a Deadly attack: "Deadly attacks kill them instantly", beyond
    First Aid."""
    return s[TIER + c] == MINOR_NPC and s[DEADLY_INJURIES + c] > 0


@njit(cache=True)
def able(s, c):
    """Standing and has not taken its turn this round."""
    return standing(s, c) and s[ACTED + c] == 0


@njit(cache=True)
def count_side(s, side, waiting):
    """Characters of ``side`` still standing (``waiting``: and yet to act this round)."""
    n = 0
    lo, hi = side_slots(side)
    for c in range(lo, hi):
        n += able(s, c) if waiting else standing(s, c)
    return n


@njit(cache=True)
def able_count(s, side):
    """Characters of ``side`` who may still take a turn this round."""
    return count_side(s, side, True)


@njit(cache=True)
def standing_count(s, side):
    """Characters of ``side`` still standing."""
    return count_side(s, side, False)


@njit(cache=True)
def attribute(s, c, k):
    return s[ATTRIBUTES + NUM_ATTRIBUTES * c + k]


@njit(cache=True)
def department(s, c, k):
    return s[DEPARTMENTS + NUM_ATTRIBUTES * c + k]


@njit(cache=True)
def has_focus(s, c, k):
    return (s[FOCUS + c] >> k) & 1


@njit(cache=True)
def fatigued(s, c):
    """At maximum Stress (only characters with a Stress track)."""
    return s[STRESS_MAX + c] > 0 and s[STRESS + c] >= s[STRESS_MAX + c]


@njit(cache=True)
def weapon_in_hand(s, c):
    """The weapon used: the character's own when drawn, else unarmed (weapon 0)."""
    return s[WEAPON + c] if s[DRAWN + c] == 1 else 0


@njit(cache=True)
def in_reach(s, c, j):
    return (s[REACH + c] >> j) & 1


@njit(cache=True)
def enemy_in_reach(s, c):
    """Some standing enemy is within Reach of ``c``."""
    lo, hi = enemy_slots(c)
    for j in range(lo, hi):
        if in_reach(s, c, j) and standing(s, j):
            return True
    return False


@njit(cache=True)
def leave_reach(s, c):
    """``c`` moves out of Reach of everyone."""
    for j in range(MAX_CHARS):
        s[REACH + j] &= ~(1 << c)
    s[REACH + c] = 0


@njit(cache=True)
def enter_reach(s, c, j):
    """``c`` and ``j`` are within Reach of each other."""
    s[REACH + c] |= 1 << j
    s[REACH + j] |= 1 << c


@njit(cache=True)
def exit_zone(s, c):
    """The zone a side withdraws from: the crew's first zone, the NPCs' last."""
    return 0 if side_of(c) == CREW else s[ZONES] - 1


@njit(cache=True)
def same_zone(s, c, j):
    return s[ZONE + c] == s[ZONE + j]


# ---------------------------------------------------------------------------------------------
# Pools


@njit(cache=True)
def set_pool(s, log, i, col, code, value, who):
    """Set a pool column, logging the change."""
    if s[col] != value:
        record(log, i, POOL, code, s[col], value, who)
        s[col] = value


@njit(cache=True)
def can_pay(s, c, cost, immediate):
    """Whether ``c``'s side can pay ``cost`` now (a PC: Immediate costs may add Threat)."""
    cost -= s[BONUS]
    if side_of(c) == CREW:
        return immediate or s[MOMENTUM] >= cost
    return s[TASK_MOMENTUM] + s[THREAT] >= cost


@njit(cache=True)
def pay(s, log, i, c, cost, immediate):
    """``c``'s side pays ``cost`` (see module docstring for who pays how), the task's bonus
    Momentum first."""
    from_bonus = min(s[BONUS], cost)
    s[BONUS] -= from_bonus
    cost -= from_bonus
    if side_of(c) == CREW:
        pool, threat = s[MOMENTUM] - cost, s[THREAT]
        if immediate:
            pool, threat = pay_immediate(s[MOMENTUM], s[THREAT], cost)
        set_pool(s, log, i, MOMENTUM, POOL_MOMENTUM, pool, c)
        set_pool(s, log, i, THREAT, POOL_THREAT, threat, c)
        return
    from_task = min(s[TASK_MOMENTUM], cost)
    s[TASK_MOMENTUM] -= from_task
    set_pool(s, log, i, THREAT, POOL_THREAT, s[THREAT] - (cost - from_task), c)


@njit(cache=True)
def escalate(s, log, i, c, amount):
    """A PC adds Threat; an NPC spends it instead (a Deadly attack)."""
    if side_of(c) == CREW:
        set_pool(s, log, i, THREAT, POOL_THREAT, s[THREAT] + amount, c)
    else:
        pay(s, log, i, c, amount, True)


@njit(cache=True)
def can_escalate(s, c, amount):
    """A PC can always add Threat; an NPC needs the Threat to spend."""
    return side_of(c) == CREW or s[TASK_MOMENTUM] + s[THREAT] >= amount


@njit(cache=True)
def gain_momentum(s, p, log, i, c, amount):
    """Momentum from a task: into the crew pool (capped, the excess lost) for a PC; held
    as the NPC's task Momentum (spent this turn or turned into Threat) for an NPC."""
    if side_of(c) == CREW:
        pool = add_to_pool(s[MOMENTUM], amount, p.momentum_max)
        set_pool(s, log, i, MOMENTUM, POOL_MOMENTUM, pool, c)
    else:
        s[TASK_MOMENTUM] += amount


@njit(cache=True)
def bank_npc_momentum(s, log, i):
    """An NPC's unspent Momentum becomes Threat."""
    if s[TASK_MOMENTUM] > 0:
        set_pool(s, log, i, THREAT, POOL_THREAT, s[THREAT] + s[TASK_MOMENTUM], -1)
        s[TASK_MOMENTUM] = 0


# ---------------------------------------------------------------------------------------------
# Lies (social conflict): "creates a trait that represents the lie they now believe"


@njit(cache=True)
def lies_told(s, c):
    """Lies ``c`` has established, in anyone (each widens its complication range)."""
    n = 0
    for t in range(MAX_CHARS):
        n += s[LIES + MAX_CHARS * c + t]
    return n


@njit(cache=True)
def lies_believed(s, t, side):
    """Lies ``t`` believes that characters of ``side`` told it."""
    n = 0
    for c in range(MAX_CHARS):
        if side_of(c) == side:
            n += s[LIES + MAX_CHARS * c + t]
    return n
