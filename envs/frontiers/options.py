"""What a participant may do now: costs, affordability, legal abilities, targets and moves.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1): Actions ("A participant may
not declare an Action if they do not have sufficient AP available"; multiple AP costs "must
be available at declaration"), Free Actions ("once per Round", "only during the
participant's Turn"), Movement (1 MP = 1 Unit; "If immobilized: The participant cannot spend
MP"), Reactions, and the Action-Based Movement and Unified Resource alternatives.
"""

from __future__ import annotations

from numba.cpython.unsafe.numbers import trailing_zeros

from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.condition import can_spend, energy_floor, immobile, standing
from scenegym.envs.frontiers.state import (
    ABILITIES,
    AP,
    DEAD,
    ENERGY,
    FREE_USED,
    HP,
    HP_MAX,
    KIND_ATTACK,
    KIND_BOOST,
    MAX_CHARS,
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
    return within_means(p, k, reaction, s[AP + c], s[ENERGY + c], energy_floor(s, p, c))


@njit(cache=True)
def within_means(p, k, reaction, ap, energy, floor):
    """Whether ``ap`` AP and ``energy`` Energy pay for ability ``k`` (the Energy left not
    below ``floor``, :func:`~scenegym.envs.frontiers.condition.energy_floor`)."""
    if ap < ap_cost(p, k):
        return False
    cost = energy_cost(p, k, reaction)
    return cost == 0 or energy - cost >= floor


@njit(cache=True)
def target_legal(s, p, c, k, t):
    """Whether ``t`` is a legal target of ``c``'s ability ``k``: an enemy for attacks (the
    Unconscious "may still be targeted normally"), a wounded ally or itself for heals, in
    range."""
    if not fits_ability(s, p, c, k, t):
        return False
    d = distance(s, c, t)
    return p.ab_range_min[k] <= d <= p.ab_range_max[k]


@njit(cache=True)
def fits_ability(s, p, c, k, t):
    """Whether ``t`` is the kind of target ability ``k`` of ``c`` takes, at any range: a
    present, living enemy for attacks, a hurt ally (or ``c``) for the others."""
    if s[PRESENT + t] == 0 or s[DEAD + t] == 1:
        return False
    if p.ab_kind[k] == KIND_ATTACK:
        return not same_side(c, t)
    return same_side(c, t) and s[HP + t] < s[HP_MAX + t]


@njit(cache=True)
def target_distances(s, c):
    """``(foes, hurt)``: bitmasks of the distances (bit ``d``: ``d`` Units) from ``c`` of the
    targets of an attack and of a heal (:func:`fits_ability`), in one pass over the
    participants."""
    foes = hurt = 0
    for t in range(MAX_CHARS):
        if s[PRESENT + t] == 0 or s[DEAD + t] == 1:
            continue
        bit = 1 << distance(s, c, t)
        if not same_side(c, t):
            foes |= bit
        elif s[HP + t] < s[HP_MAX + t]:
            hurt |= bit
    return foes, hurt


@njit(cache=True)
def in_reach(p, k, bits):
    """Whether a distance of ``bits`` (:func:`target_distances`) is within ``k``'s range."""
    span = p.ab_range_max[k] - p.ab_range_min[k] + 1
    return (bits >> p.ab_range_min[k]) & ((1 << span) - 1) != 0


@njit(cache=True)
def lowest_bit(bits):
    """The index of the lowest set bit of ``bits`` (-1 for none): the first catalogue
    ability of a bitmask."""
    if bits == 0:
        return -1
    return trailing_zeros(bits)


@njit(cache=True)
def legal_abilities(s, p, c):
    """Bitmask of the catalogue abilities ``c`` may declare now, in its own Turn (bit ``k``:
    ability ``k``): it has it, it is an Action, a Free Action not yet used this Round, ``c``
    can pay for it and has a target in range (a boost targets its user). A participant held
    at 0 HP (Conscious at 0 HP: it "Cannot spend AP") may still declare abilities that cost
    no AP, its Free Actions. The first tests are on bitmasks of the catalogue
    (:func:`~scenegym.envs.frontiers.config.ability_masks`); ``c``'s own figures are read
    once, the targets' distances on first need."""
    if not standing(s, c):
        return 0
    candidates = s[ABILITIES + c] & p.action_abilities & ~(s[FREE_USED + c] & p.free_abilities)
    if not can_spend(s, p, c):
        candidates &= ~p.ap_abilities
    if candidates == 0:
        return 0
    ap, energy, floor = s[AP + c], s[ENERGY + c], energy_floor(s, p, c)
    foes = hurt = -1  # distances of targets, found on first need
    legal = 0
    while candidates != 0:
        k = lowest_bit(candidates)
        candidates &= candidates - 1
        if not within_means(p, k, False, ap, energy, floor):
            continue
        kind = p.ab_kind[k]
        if kind != KIND_BOOST and foes < 0:
            foes, hurt = target_distances(s, c)
        if kind == KIND_BOOST or in_reach(p, k, foes if kind == KIND_ATTACK else hurt):
            legal |= 1 << k
    return legal


@njit(cache=True)
def action_legal(s, p, c, k):
    """Whether ``c`` may declare catalogue ability ``k`` now, in its own Turn."""
    return (legal_abilities(s, p, c) >> k) & 1 == 1


@njit(cache=True)
def movement_left(s, p, c):
    """Units ``c`` can still move this Turn: its MP, or (Action-Based Movement) the Units
    already paid for plus ``units_per_ap`` per AP left."""
    return movement_within(s, p, c, immobile(s, c))


@njit(cache=True)
def movement_within(s, p, c, immobilised):
    """:func:`movement_left`, given whether ``c`` is immobilised."""
    if immobilised or not can_spend(s, p, c):
        return 0
    if p.action_movement == 1:
        return max(0, s[MOVE_CREDIT] + s[AP + c] * p.units_per_ap)
    return s[MP + c]


@njit(cache=True)
def move_span(s, p, c):
    """The Units ``c`` may move to now: ``(first, last)``, its own Unit excepted (empty when
    ``first > last``)."""
    left = movement_left(s, p, c)
    if left == 0:
        return 1, 0
    pos = s[POS + c]
    return max(0, pos - left), min(p.line_length - 1, pos + left)


@njit(cache=True)
def has_choice(s, p, c):
    """Whether ``c`` has anything to do in its Turn besides ending it."""
    first, last = move_span(s, p, c)
    if first < last:  # a span of two Units or more holds one besides its own
        return True
    return legal_abilities(s, p, c) != 0
