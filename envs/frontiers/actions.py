"""Actions, movement and Reactions of the active participant's Turn.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1): "Declaring and Resolving an
Action" ("Declare the intended Action. Spend the required AP. Resolve the Action fully.
Apply any resulting effects."), "Spending Energy" ("Energy is spent immediately upon
declaration"), "Splitting Movement", "Forced Movement" ("does not cost MP", "occurs
immediately when the effect resolves"), "Reactions", the Committed Action and Escalating
Rounds variants, and Edge-Case Rulings 4, 5, 7 and 10. The resolution roll (RULES.md
decision): d20 + the ability's attribute modifier >= the target's Defense.
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, NOTE, OUTCOME, record
from scenegym.envs.core.header import PHASE, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.condition import (
    add_effect,
    can_spend,
    damage,
    defense,
    heal,
    modifier,
    seat_of,
    set_char,
    settle_all,
    spend_energy,
)
from scenegym.envs.frontiers.options import (
    ap_cost,
    can_afford,
    distance,
    energy_cost,
    lowest_bit,
    movement_left,
)
from scenegym.envs.frontiers.state import (
    ABILITIES,
    ABILITY,
    ACTIVE,
    AP,
    CHAIN,
    CHAIN_LEN,
    COMMITTED,
    DIE_ATTACK,
    DIE_DAMAGE,
    DIE_HEAL,
    EFFECT_GUARD,
    EFFECT_IMMOBILE,
    EFFECT_IMPAIR,
    ELIGIBLE,
    FREE_USED,
    KIND_ATTACK,
    KIND_BOOST,
    KIND_GUARD,
    KIND_HEAL,
    KIND_OPPORTUNITY,
    LAST_HIT,
    LAST_ROLL,
    MAX_CHARS,
    MAX_PCS,
    MOVE_CREDIT,
    MOVE_DEST,
    MP,
    MV_NEXT,
    NO_WINDOW,
    NOTE_DECLARE,
    NOTE_PUSH,
    NOTE_REACT,
    NOTE_RESOLVE_REACTION,
    PHYSICAL,
    POOL_AP,
    POOL_MP,
    POOL_POS,
    POS,
    REACT,
    REACTIONS,
    ROLL_ATTACK,
    ROUND,
    TARGET,
    TARGET_PICK,
    TRIGGER_ATTACK,
    TRIGGER_LEAVE,
    WINDOW,
    WINDOW_SOURCE,
    WINDOW_TARGET,
)
from scenegym.envs.frontiers.turns import after_step

# ---------------------------------------------------------------------------------------------
# Paying


@njit(cache=True)
def pay(s, p, dice, log, i, c, k, reaction):
    """Spend ability ``k``'s AP and Energy (Overspend or strain rolls now, at declaration)."""
    cost = ap_cost(p, k)
    if cost > 0:
        set_char(s, log, i, AP, POOL_AP, c, s[AP + c] - cost)
    spend_energy(s, p, dice, log, i, c, energy_cost(p, k, reaction))
    if p.ab_free[k] == 1:
        s[FREE_USED + c] |= 1 << k


# ---------------------------------------------------------------------------------------------
# Resolving abilities


@njit(cache=True)
def escalation(s, p):
    """Escalating Rounds: "Beginning at Round 4: All damage increases by +1. Increase this
    bonus by +1 each additional Round." (0 before, or with the variant off)."""
    if p.escalation_from == 0 or s[ROUND] < p.escalation_from:
        return 0
    return s[ROUND] - p.escalation_from + 1


@njit(cache=True)
def roll_amount(s, p, dice, log, i, k, purpose, c):
    """Ability ``k``'s damage or healing: its dice plus its bonus."""
    total = p.ab_bonus[k]
    for _ in range(p.ab_dice[k]):
        face = roll(dice, i, p.ab_sides[k])
        record(log, i, DIE, p.ab_sides[k], face, purpose, c)
        total += face
    return total


@njit(cache=True)
def push(s, p, log, i, a, t, units):
    """Forced movement: ``t`` moves ``units`` away from ``a`` at once, at no MP cost and
    triggering nothing; the line's end is the nearest valid position."""
    away = s[POS + t] - s[POS + a]
    if away == 0:
        away = -1 if t < MAX_PCS else 1  # same Unit: back toward its own side's end
    step = 1 if away > 0 else -1
    dest = min(max(s[POS + t] + step * units, 0), p.line_length - 1)
    record(log, i, NOTE, NOTE_PUSH, t, s[POS + t], dest)
    set_char(s, log, i, POS, POOL_POS, t, dest)


@njit(cache=True)
def attack(s, p, dice, log, i, a, t, k, bonus):
    """``a`` attacks ``t`` with ability ``k``: d20 + modifier + ``bonus`` >= Defense hits;
    a hit deals damage (Escalating Rounds added) and the ability's push, impairment and
    immobilisation. Returns whether it hit."""
    face = roll(dice, i, p.die)
    record(log, i, DIE, p.die, face, DIE_ATTACK, a)
    total = face + modifier(s, p, a, p.ab_attribute[k]) + bonus
    hit = total >= defense(s, p, t, p.ab_defense[k])
    s[LAST_ROLL] = total
    s[LAST_HIT] = 1 if hit else 0
    record(log, i, OUTCOME, 1 if hit else 0, total, ROLL_ATTACK, a * MAX_CHARS + t)
    if not hit:
        return False
    amount = roll_amount(s, p, dice, log, i, k, DIE_DAMAGE, a) + escalation(s, p)
    damage(s, log, i, t, amount)
    if p.ab_push[k] > 0:
        push(s, p, log, i, a, t, p.ab_push[k])
    if p.ab_impair[k] > 0:
        add_effect(s, log, i, t, EFFECT_IMPAIR, a, p.ab_impair[k])
    if p.ab_immobilise[k] == 1:
        add_effect(s, log, i, t, EFFECT_IMMOBILE, a, 1)
    return True


@njit(cache=True)
def perform(s, p, dice, log, i, c, k, t):
    """``c``'s ability ``k`` on ``t`` takes effect (the Committed Action bonus if due)."""
    if p.ab_kind[k] == KIND_ATTACK:
        bonus = p.committed_bonus if s[COMMITTED] == 1 else 0
        attack(s, p, dice, log, i, c, t, k, bonus)
    elif p.ab_kind[k] == KIND_HEAL:
        heal(s, p, log, i, t, roll_amount(s, p, dice, log, i, k, DIE_HEAL, c))
    elif p.ab_kind[k] == KIND_BOOST:
        if p.action_movement == 1:
            s[MOVE_CREDIT] += p.ab_bonus_mp[k]
        else:
            set_char(s, log, i, MP, POOL_MP, c, s[MP + c] + p.ab_bonus_mp[k])
    if p.ab_mv_shift[k] != 0:
        s[MV_NEXT + c] += p.ab_mv_shift[k]


@njit(cache=True)
def resolve_ability(s, p, dice, log, i):
    """The declared ability resolves fully, then what it owes is settled (Ruling 7)."""
    perform(s, p, dice, log, i, s[ACTIVE], s[ABILITY], s[TARGET])
    s[ABILITY] = -1
    s[TARGET] = -1
    s[COMMITTED] = 0
    after_step(s, p, log, i)


@njit(cache=True)
def declare(s, p, dice, log, i, t):
    """The active participant declares its ability on ``t`` and pays for it; a physical
    attack opens a window for Guard Reactions, which interrupt (they resolve before the
    attack), else the ability resolves now."""
    c, k = s[ACTIVE], s[ABILITY]
    s[TARGET] = t
    record(log, i, NOTE, NOTE_DECLARE, c, k, t)
    cost = ap_cost(p, k)
    pay(s, p, dice, log, i, c, k, False)
    s[COMMITTED] = 1 if p.committed_action == 1 and cost > 0 and s[AP + c] == 0 else 0
    if p.ab_kind[k] == KIND_ATTACK and p.ab_defense[k] == PHYSICAL:
        eligible = reactors(s, p, KIND_GUARD, c, t, 0)
        if eligible != 0:
            open_window(s, TRIGGER_ATTACK, c, t, eligible)
            return
    resolve_ability(s, p, dice, log, i)


@njit(cache=True)
def pick_ability(s, p, dice, log, i, k):
    """ACT: declare ability ``k``: a boost is paid for (its AP and Energy, as every Action:
    "If a rule does not specify an Action cost, it defaults to 1 AP"; "Energy is spent
    immediately upon declaration") and resolves now; others await their target."""
    c = s[ACTIVE]
    if p.ab_kind[k] == KIND_BOOST:
        record(log, i, NOTE, NOTE_DECLARE, c, k, c)
        pay(s, p, dice, log, i, c, k, False)
        perform(s, p, dice, log, i, c, k, c)
        after_step(s, p, log, i)
        return
    s[ABILITY] = k
    s[PHASE] = TARGET_PICK


# ---------------------------------------------------------------------------------------------
# Movement


@njit(cache=True)
def step_once(s, p, log, i, c, direction):
    """Move ``c`` one Unit, paying 1 MP (or, Action-Based Movement, Units bought with AP)."""
    if p.action_movement == 1:
        while s[MOVE_CREDIT] <= 0:  # below 0: an impairment's debt (see turns.impair)
            set_char(s, log, i, AP, POOL_AP, c, s[AP + c] - 1)
            s[MOVE_CREDIT] += p.units_per_ap
        s[MOVE_CREDIT] -= 1
    else:
        set_char(s, log, i, MP, POOL_MP, c, s[MP + c] - 1)
    set_char(s, log, i, POS, POOL_POS, c, s[POS + c] + direction)


@njit(cache=True)
def continue_move(s, p, dice, log, i):
    """Move the active participant a Unit at a time toward ``MOVE_DEST``; leaving an
    enemy's reach opens a window for its opportunity strike, after which the move goes on
    if the mover still can."""
    c = s[ACTIVE]
    while s[POS + c] != s[MOVE_DEST] and movement_left(s, p, c) > 0:
        before = s[POS + c]
        step_once(s, p, log, i, c, 1 if s[MOVE_DEST] > before else -1)
        eligible = reactors(s, p, KIND_OPPORTUNITY, c, before, s[POS + c])
        if eligible != 0:
            open_window(s, TRIGGER_LEAVE, c, before, eligible)
            return
    s[MOVE_DEST] = -1
    after_step(s, p, log, i)


# ---------------------------------------------------------------------------------------------
# Reactions


@njit(cache=True)
def reaction_ability(s, p, r, kind):
    """The first catalogue ability of ``kind`` participant ``r`` has, or -1."""
    return lowest_bit(s[ABILITIES + r] & p.kind_abilities[kind])


@njit(cache=True)
def may_react(s, p, r, k, kind, near, far):
    """Whether ``r`` may declare its Reaction ``k`` of ``kind``: a guard for ``near`` (the
    attacked) within its reach, an opportunity strike when the mover left its reach (from
    Unit ``near`` to ``far``); conscious and able to pay (AP, Energy, the Reaction Limit).
    Where ``r`` stands goes first: it rules most out."""
    if not in_position(s, p, r, k, kind, near, far) or not can_spend(s, p, r):
        return False
    return can_afford(s, p, r, k, True)


@njit(cache=True)
def in_position(s, p, r, k, kind, near, far):
    """Whether ``r`` stands where its Reaction ``k`` of ``kind`` may be declared (see
    :func:`may_react`)."""
    reach = p.ab_range_max[k]
    if kind == KIND_GUARD:
        return distance(s, r, near) <= reach
    return abs(s[POS + r] - near) <= reach and abs(s[POS + r] - far) > reach


@njit(cache=True)
def reactors(s, p, kind, src, near, far):
    """Bitmask of the participants who may react (see :func:`may_react`): only the side
    ``src`` is not on is asked, and of it only those who have a Reaction of ``kind``."""
    mask = 0
    first, last = (MAX_PCS, MAX_CHARS) if src < MAX_PCS else (0, MAX_PCS)
    for r in range(first, last):
        k = reaction_ability(s, p, r, kind)
        if k >= 0 and may_react(s, p, r, k, kind, near, far):
            mask |= 1 << r
    return mask


@njit(cache=True)
def open_window(s, kind, src, target, eligible):
    """A trigger: the reacting side may declare Reactions, one participant at a time."""
    s[WINDOW] = kind
    s[WINDOW_SOURCE] = src
    s[WINDOW_TARGET] = target
    s[ELIGIBLE] = eligible
    s[CHAIN_LEN] = 0
    s[PHASE] = REACT
    s[SEAT] = seat_of(src) ^ 1


@njit(cache=True)
def window_kind(s):
    """The Reaction kind the open window takes."""
    return KIND_GUARD if s[WINDOW] == TRIGGER_ATTACK else KIND_OPPORTUNITY


@njit(cache=True)
def react(s, p, dice, log, i, r):
    """``r`` declares its Reaction and pays for it; the chain resolves when no one else can
    declare."""
    k = reaction_ability(s, p, r, window_kind(s))
    record(log, i, NOTE, NOTE_REACT, r, k, s[CHAIN_LEN])
    pay(s, p, dice, log, i, r, k, True)
    s[REACTIONS + r] += 1
    s[CHAIN + s[CHAIN_LEN]] = r
    s[CHAIN_LEN] += 1
    s[ELIGIBLE] &= ~(1 << r)
    if s[ELIGIBLE] == 0:
        resolve_chain(s, p, dice, log, i)


@njit(cache=True)
def resolve_reaction(s, p, dice, log, i, r):
    """A guard raises the attacked's Physical Defense until the start of ``r``'s next Turn;
    an opportunity strike attacks the mover."""
    kind = window_kind(s)
    k = reaction_ability(s, p, r, kind)
    if kind == KIND_GUARD:
        add_effect(s, log, i, s[TARGET], EFFECT_GUARD, r, p.ab_bonus[k])
    else:
        attack(s, p, dice, log, i, r, s[WINDOW_SOURCE], k, 0)


@njit(cache=True)
def resolve_chain(s, p, dice, log, i):
    """Ruling 4: "The most recently declared Reaction resolves first", each settled in
    turn; the triggering Action resolves (or the move goes on) last."""
    for j in range(s[CHAIN_LEN] - 1, -1, -1):
        r = s[CHAIN + j]
        record(log, i, NOTE, NOTE_RESOLVE_REACTION, r, j, 0)
        resolve_reaction(s, p, dice, log, i, r)
        settle_all(s, p, log, i)
    kind = s[WINDOW]
    s[WINDOW] = NO_WINDOW
    s[ELIGIBLE] = 0
    s[CHAIN_LEN] = 0
    s[SEAT] = seat_of(s[ACTIVE])
    if kind == TRIGGER_ATTACK:
        resolve_ability(s, p, dice, log, i)
    else:
        continue_move(s, p, dice, log, i)
