"""What a participant may do now: costs, affordability, legal abilities, targets and moves.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1): Actions ("A participant may
not declare an Action if they do not have sufficient AP available"; multiple AP costs "must
be available at declaration"), Free Actions ("once per Round", "only during the
participant's Turn"), Movement (1 MP = 1 Unit; "If immobilized: The participant cannot spend
MP"), Reactions, and the Action-Based Movement and Unified Resource alternatives.
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.frontiers.condition import can_pay_energy, can_spend, immobile
from scenegym.envs.frontiers.state import (
    ABILITIES,
    AP,
    DEAD,
    FREE_USED,
    HP,
    HP_MAX,
    KIND_ATTACK,
    KIND_BOOST,
    KIND_HEAL,
    MAX_CHARS,
    MAX_LINE,
    MAX_PCS,
    MOVE_CREDIT,
    MP,
    POS,
    PRESENT,
    REACTIONS,
)


@njit(cache=True)
def same_side(a, b):
    """Whether participants ``a`` and ``b`` are on the same side."""
    return (a < MAX_PCS) == (b < MAX_PCS)


@njit(cache=True)
def distance(s, a, b):
    """Units between two participants on the line."""
    return abs(s[POS + a] - s[POS + b])


@njit(cache=True)
def has_ability(s, c, k):
    """Whether participant ``c``'s archetype has catalogue ability ``k``."""
    return (s[ABILITIES + c] >> k) & 1 == 1


@njit(cache=True)
def ap_cost(p, k):
    """AP ability ``k`` costs (none for a Free Action, none without AP)."""
    if p.ab_free[k] == 1 or p.unified_resource == 1:
        return 0
    return p.ab_ap[k]


@njit(cache=True)
def energy_cost(p, k, reaction):
    """Energy ability ``k`` costs; under Unified Resource its AP are paid in Energy, and a
    Reaction costs ``unified_reaction_energy`` more ("Reactions cost additional Energy")."""
    cost = p.ab_energy[k]
    if p.unified_resource == 1 and p.ab_free[k] == 0:
        cost += p.ab_ap[k] * p.unified_energy_per_ap
        if reaction:
            cost += p.unified_reaction_energy
    return cost


@njit(cache=True)
def can_afford(s, p, c, k, reaction):
    """Enough AP and Energy for ability ``k``, and (Reactions) within the Reaction Limit."""
    if reaction and p.reaction_limit > 0 and s[REACTIONS + c] >= p.reaction_limit:
        return False
    return s[AP + c] >= ap_cost(p, k) and can_pay_energy(s, p, c, energy_cost(p, k, reaction))


@njit(cache=True)
def target_legal(s, p, c, k, t):
    """Whether ``t`` is a legal target of ``c``'s ability ``k``: an enemy for attacks (the
    Unconscious "may still be targeted normally"), a wounded ally or itself for heals, in
    range."""
    if s[PRESENT + t] == 0 or s[DEAD + t] == 1:
        return False
    d = distance(s, c, t)
    if d < p.ab_range_min[k] or d > p.ab_range_max[k]:
        return False
    if p.ab_kind[k] == KIND_ATTACK:
        return not same_side(c, t)
    return same_side(c, t) and s[HP + t] < s[HP_MAX + t]


@njit(cache=True)
def any_target(s, p, c, k):
    """Whether ability ``k`` of ``c`` has a legal target."""
    for t in range(MAX_CHARS):
        if target_legal(s, p, c, k, t):
            return True
    return False


@njit(cache=True)
def action_legal(s, p, c, k):
    """Whether ``c`` may declare catalogue ability ``k`` now, in its own Turn."""
    if k >= p.num_abilities or not has_ability(s, c, k) or not can_spend(s, p, c):
        return False
    kind = p.ab_kind[k]
    if kind != KIND_ATTACK and kind != KIND_HEAL and kind != KIND_BOOST:
        return False  # Reactions are declared in a reaction window, not as Actions
    if p.ab_free[k] == 1 and (s[FREE_USED + c] >> k) & 1 == 1:
        return False
    if not can_afford(s, p, c, k, False):
        return False
    return kind == KIND_BOOST or any_target(s, p, c, k)


@njit(cache=True)
def movement_left(s, p, c):
    """Units ``c`` can still move this Turn: its MP, or (Action-Based Movement) the Units
    already paid for plus ``units_per_ap`` per AP left."""
    if not can_spend(s, p, c) or immobile(s, c):
        return 0
    if p.action_movement == 1:
        return s[MOVE_CREDIT] + s[AP + c] * p.units_per_ap
    return s[MP + c]


@njit(cache=True)
def move_legal(s, p, c, dest):
    """Whether ``c`` may move to Unit ``dest`` now."""
    if dest >= p.line_length or dest == s[POS + c]:
        return False
    return abs(dest - s[POS + c]) <= movement_left(s, p, c)


@njit(cache=True)
def has_choice(s, p, c):
    """Whether ``c`` has anything to do in its Turn besides ending it."""
    for k in range(p.num_abilities):
        if action_legal(s, p, c, k):
            return True
    for dest in range(MAX_LINE):
        if move_legal(s, p, c, dest):
            return True
    return False
