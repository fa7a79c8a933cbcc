"""A participant's condition: Energy, HP, Wounds, Fatigue, Unconsciousness, death, effects.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1): Energy, Overspending Energy,
Negative Energy Limits, Wounds, Fatigue, Unconscious State, and Edge-Case Rulings 6, 7 and
13. Damage lowers HP at once; the Wounds and Fatigue it causes are owed and applied by
:func:`settle` when the step resolving it is complete ("The Action finishes resolving. The
character then gains a Wound and falls Unconscious."), in the order of Ruling 13.
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, NOTE, POOL, record
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.state import (
    AP,
    AT_ZERO,
    AWARENESS,
    DEAD,
    DIE_OVERSPEND,
    DIE_STRAIN,
    DOWN,
    EFFECT_AMOUNT,
    EFFECT_GUARD,
    EFFECT_IMMOBILE,
    EFFECT_IMPAIR,
    EFFECT_KIND,
    EFFECT_OWNER,
    ENERGY,
    ENERGY_MAX,
    FATIGUE,
    FATIGUE_MAX,
    HP,
    HP_MAX,
    INTUITION,
    MAX_CHARS,
    MAX_EFFECTS,
    MAX_PCS,
    MDEF,
    MODS,
    MP,
    NO_EFFECT,
    NOTE_DEAD,
    NOTE_EFFECT_END,
    NOTE_EFFECT_START,
    NOTE_OVERSPEND,
    NOTE_UNCONSCIOUS,
    NOTE_WAKE,
    NUM_ATTRS,
    PDEF,
    PENDING_FATIGUE,
    PENDING_WOUNDS,
    PHYSICAL,
    POOL_AP,
    POOL_ENERGY,
    POOL_FATIGUE,
    POOL_HP,
    POOL_MP,
    POOL_WOUNDS,
    PRESENT,
    PRONE,
    WOUNDS,
    WOUNDS_MAX,
)

# ---------------------------------------------------------------------------------------------
# Reading a participant


@njit(cache=True)
def seat_of(c):
    """The seat that decides for participant ``c``: the crew for PCs, the GM for enemies."""
    return CREW if c < MAX_PCS else GM


@njit(cache=True)
def set_char(s, log, i, col, code, c, value):
    """Set participant ``c``'s field ``col`` to ``value``, logging the change (one compile
    serves every caller: ``scenegym.envs.core.jit``)."""
    if s[col + c] != value:
        record(log, i, POOL, code, s[col + c], value, c)
        s[col + c] = value


@njit(cache=True)
def is_down(s, c):
    """Unconscious or dead."""
    return s[DOWN + c] == 1 or s[DEAD + c] == 1


@njit(cache=True)
def standing(s, c):
    """Present, conscious and alive."""
    return s[PRESENT + c] == 1 and not is_down(s, c)


@njit(cache=True)
def can_spend(s, p, c):
    """May spend AP and MP: standing, and not held at 0 HP (Conscious at 0 HP Variant)."""
    return standing(s, c) and not (p.conscious_at_zero == 1 and s[HP + c] == 0)


@njit(cache=True)
def modifier(s, p, c, attr):
    """An attribute modifier as rolled: less ``fatigue_penalty`` per Fatigue for Awareness
    and Intuition ("-2 to Awareness, -2 to Intuition"), less ``zero_hp_penalty`` at 0 HP
    under Conscious at 0 HP ("Suffers -4 to all Resolution Rolls")."""
    m = s[MODS + c * NUM_ATTRS + attr]
    if attr == AWARENESS or attr == INTUITION:
        m -= s[FATIGUE + c] * p.fatigue_penalty
    if p.conscious_at_zero == 1 and s[HP + c] == 0:
        m -= p.zero_hp_penalty
    return m


@njit(cache=True)
def wound_penalty(s, p, c):
    """Defense lost to Wounds: ``wound_penalty`` each, or 1 + 2 + ... + w (Gradual)."""
    w = s[WOUNDS + c]
    if p.gradual_wounds == 1:
        return w * (w + 1) // 2
    return w * p.wound_penalty


@njit(cache=True)
def effect_total(s, c, kind):
    """Sum of the amounts of participant ``c``'s effects of ``kind``."""
    total = 0
    for k in range(MAX_EFFECTS):
        if s[EFFECT_KIND + c * MAX_EFFECTS + k] == kind:
            total += s[EFFECT_AMOUNT + c * MAX_EFFECTS + k]
    return total


@njit(cache=True)
def has_effect(s, c, kind):
    """Whether participant ``c`` has an effect of ``kind``."""
    for k in range(MAX_EFFECTS):
        if s[EFFECT_KIND + c * MAX_EFFECTS + k] == kind:
            return True
    return False


@njit(cache=True)
def effect_totals(s, c):
    """``(guard, impairment, immobilisation)``: :func:`effect_total` of each kind, in one
    pass over ``c``'s effects."""
    guard = impair = immobilise = 0
    for k in range(MAX_EFFECTS):
        kind = s[EFFECT_KIND + c * MAX_EFFECTS + k]
        if kind == EFFECT_GUARD:
            guard += s[EFFECT_AMOUNT + c * MAX_EFFECTS + k]
        elif kind == EFFECT_IMPAIR:
            impair += s[EFFECT_AMOUNT + c * MAX_EFFECTS + k]
        elif kind == EFFECT_IMMOBILE:
            immobilise += s[EFFECT_AMOUNT + c * MAX_EFFECTS + k]
    return guard, impair, immobilise


@njit(cache=True)
def immobile(s, c):
    """Immobilised: cannot spend MP."""
    return effect_total(s, c, EFFECT_IMMOBILE) > 0


@njit(cache=True)
def defense(s, p, c, kind):
    """Physical or Mental Defense now: less the Wound penalty; Guard raises Physical."""
    guard = effect_total(s, c, EFFECT_GUARD) if kind == PHYSICAL else 0
    return guarded_defense(s, p, c, kind, guard)


@njit(cache=True)
def guarded_defense(s, p, c, kind, guard):
    """:func:`defense` given ``guard``, the total of ``c``'s Guard effects; a prone
    participant's Physical Defense changes by ``prone_defense_change``."""
    if kind == PHYSICAL:
        prone = p.prone_defense_change if s[PRONE + c] == 1 else 0
        return s[PDEF + c] - wound_penalty(s, p, c) + guard + prone
    return s[MDEF + c] - wound_penalty(s, p, c)


# ---------------------------------------------------------------------------------------------
# Timed effects


@njit(cache=True)
def add_effect(s, log, i, c, kind, owner, amount):
    """Give ``c`` an effect; the same kind from the same owner is renewed, not stacked."""
    free = -1
    for k in range(MAX_EFFECTS):
        col = c * MAX_EFFECTS + k
        if s[EFFECT_KIND + col] == kind and s[EFFECT_OWNER + col] == owner:
            s[EFFECT_AMOUNT + col] = max(s[EFFECT_AMOUNT + col], amount)
            return
        if free < 0 and s[EFFECT_KIND + col] == NO_EFFECT:
            free = col
    if free >= 0:
        s[EFFECT_KIND + free] = kind
        s[EFFECT_OWNER + free] = owner
        s[EFFECT_AMOUNT + free] = amount
        record(log, i, NOTE, NOTE_EFFECT_START, kind, owner, c)


@njit(cache=True)
def end_effect(s, log, i, c, k):
    """Remove effect slot ``k`` of participant ``c``."""
    col = c * MAX_EFFECTS + k
    record(log, i, NOTE, NOTE_EFFECT_END, s[EFFECT_KIND + col], s[EFFECT_OWNER + col], c)
    s[EFFECT_KIND + col] = NO_EFFECT
    s[EFFECT_OWNER + col] = -1
    s[EFFECT_AMOUNT + col] = 0


# ---------------------------------------------------------------------------------------------
# Energy


@njit(cache=True)
def energy_floor(s, p, c):
    """Lowest Energy allowed: minus half the maximum, rounded down (0 under No Overspend
    and Strain on Use: "Negative Energy does not exist" / "is removed")."""
    if p.no_overspend == 1 or p.strain_on_use == 1:
        return 0
    return -(s[ENERGY_MAX + c] // p.negative_divisor)


@njit(cache=True)
def fatigue_roll(s, dice, log, i, c, sides, purpose):
    """Roll the die; an odd face owes 1 Fatigue."""
    face = roll(dice, i, sides)
    record(log, i, DIE, sides, face, purpose, c)
    if face % 2 == 1:
        s[PENDING_FATIGUE + c] += 1


@njit(cache=True)
def spend_energy(s, p, dice, log, i, c, cost):
    """Spend Energy at declaration: an Overspend roll when short (each spend its own), or
    the strain roll on every spend (Strain on Use)."""
    if cost == 0:
        return
    short = s[ENERGY + c] < cost
    set_char(s, log, i, ENERGY, POOL_ENERGY, c, s[ENERGY + c] - cost)
    if p.strain_on_use == 1:
        fatigue_roll(s, dice, log, i, c, p.strain_die, DIE_STRAIN)
    elif short:
        record(log, i, NOTE, NOTE_OVERSPEND, c, s[ENERGY + c], 0)
        fatigue_roll(s, dice, log, i, c, p.overspend_die, DIE_OVERSPEND)


# ---------------------------------------------------------------------------------------------
# Harm, healing and settling


@njit(cache=True)
def damage(s, log, i, c, amount):
    """Lower HP; reaching 0, or damage taken at 0, owes a Wound (applied by :func:`settle`)."""
    if s[DEAD + c] == 1 or amount <= 0:
        return
    if s[HP + c] == 0:
        s[PENDING_WOUNDS + c] += 1  # "Taking Damage While Unconscious": no HP loss tracked
        return
    set_char(s, log, i, HP, POOL_HP, c, max(0, s[HP + c] - amount))
    if s[HP + c] == 0:
        s[PENDING_WOUNDS + c] += 1


@njit(cache=True)
def heal(s, p, log, i, c, amount):
    """Restore HP up to the maximum; 1 HP or more wakes an Unconscious participant whose
    Fatigue is below its maximum (:func:`wake_if_able`)."""
    if s[DEAD + c] == 1:
        return
    set_char(s, log, i, HP, POOL_HP, c, min(s[HP_MAX + c], s[HP + c] + amount))
    if s[HP + c] > 0:
        s[AT_ZERO + c] = 0
    wake_if_able(s, log, i, c)


@njit(cache=True)
def wake_if_able(s, log, i, c):
    """An Unconscious, living participant with 1 HP or more and Fatigue below its maximum
    wakes: "Regaining eligibility to act immediately ends the Unconscious state" (Wounds:
    "until they regain at least 1 HP"; Fatigue: "until their Fatigue is reduced below
    maximum")."""
    if (s[DOWN + c] == 1 and s[DEAD + c] == 0 and s[HP + c] > 0
            and s[FATIGUE + c] < s[FATIGUE_MAX + c]):
        s[DOWN + c] = 0
        record(log, i, NOTE, NOTE_WAKE, c, 0, 0)


@njit(cache=True)
def knock_out(s, log, i, c):
    """Fall Unconscious and prone; unspent AP and MP are lost."""
    s[DOWN + c] = 1
    s[PRONE + c] = 1
    set_char(s, log, i, AP, POOL_AP, c, 0)
    set_char(s, log, i, MP, POOL_MP, c, 0)
    record(log, i, NOTE, NOTE_UNCONSCIOUS, c, 0, 0)


@njit(cache=True)
def settle(s, p, log, i, c):
    """Apply what a resolved step owes ``c``, in Ruling 13's order: (HP already reduced)
    Wounds, then Fatigue, then death (Wounds above the maximum) or Unconsciousness (0 HP,
    or Fatigue at its maximum). Death needs 0 HP ("If a character at 0 HP would gain a Wound
    that exceeds their maximum: The character dies"): a participant healed before its Wounds
    settle (Simultaneous Turns: "Apply all results before the next Round begins") keeps them
    at the maximum and lives."""
    wounds, fatigue = s[PENDING_WOUNDS + c], s[PENDING_FATIGUE + c]
    s[PENDING_WOUNDS + c] = 0
    s[PENDING_FATIGUE + c] = 0
    if s[DEAD + c] == 1 or s[PRESENT + c] == 0:
        return
    if wounds > 0:  # one Wound past the maximum kills (at 0 HP): more are not tracked
        past = 1 if s[HP + c] == 0 else 0
        set_char(s, log, i, WOUNDS, POOL_WOUNDS, c,
                 min(s[WOUNDS + c] + wounds, s[WOUNDS_MAX + c] + past))
    if fatigue > 0:
        set_char(s, log, i, FATIGUE, POOL_FATIGUE, c,
                 min(s[FATIGUE_MAX + c], s[FATIGUE + c] + fatigue))
    if s[WOUNDS + c] > s[WOUNDS_MAX + c]:
        s[DEAD + c] = 1
        if s[DOWN + c] == 0:
            knock_out(s, log, i, c)
        record(log, i, NOTE, NOTE_DEAD, c, 0, 0)
        return
    out = s[FATIGUE + c] >= s[FATIGUE_MAX + c]
    if s[HP + c] == 0 and wounds > 0:
        # Conscious at 0 HP: "They fall Unconscious only if they gain another Wound."
        out = out or p.conscious_at_zero == 0 or s[AT_ZERO + c] == 1 or wounds > 1
    if out and s[DOWN + c] == 0:
        knock_out(s, log, i, c)
    s[AT_ZERO + c] = 1 if s[HP + c] == 0 else 0


@njit(cache=True)
def settle_all(s, p, log, i):
    """Settle every participant (slot order); one that owes nothing and need not fall is
    settled here at once (its AT_ZERO alone follows its HP, as :func:`settle` has it)."""
    for c in range(MAX_CHARS):
        if owes_nothing(s, c):
            if s[PRESENT + c] == 1 and s[DEAD + c] == 0:
                s[AT_ZERO + c] = 1 if s[HP + c] == 0 else 0
        else:
            settle(s, p, log, i, c)


@njit(cache=True)
def owes_nothing(s, c):
    """Whether :func:`settle` would change nothing of ``c`` but its AT_ZERO: no Wounds or
    Fatigue owed, and not due to die or fall (absent, dead, Wounds within the maximum and
    Fatigue below it or already Unconscious)."""
    if s[PENDING_WOUNDS + c] != 0 or s[PENDING_FATIGUE + c] != 0:
        return False
    if s[PRESENT + c] == 0 or s[DEAD + c] == 1:
        return True
    return (s[WOUNDS + c] <= s[WOUNDS_MAX + c]
            and (s[FATIGUE + c] < s[FATIGUE_MAX + c] or s[DOWN + c] == 1))
