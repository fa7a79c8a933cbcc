"""Rounds and Turns: refresh and loss of AP and MP, start- and end-of-Turn effects, the end.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1): "Encounter Structure",
"Rounds", "Turns" ("At the start of a participant's Turn: AP refreshes to maximum. MP
refreshes to maximum." / "At the end of a participant's Turn: Unspent AP is lost. Unspent
MP is lost."), "Movement Points" ("3 + Finesse Modifier"), "Impaired or Reduced Movement",
and Edge-Case Rulings 1, 2, 3, 8, 14 and 15.
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.header import (
    NOBODY,
    OVER,
    OVER_PHASE,
    PHASE,
    SEAT,
    count_cut_off,
    end_episode,
    pay,
    set_lead,
)
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.condition import (
    can_spend,
    end_effect,
    has_effect,
    heal,
    seat_of,
    set_char,
    settle_all,
    standing,
)
from scenegym.envs.frontiers.options import has_choice
from scenegym.envs.frontiers.order import apply_momentum_changes, build_order, finesse_mod
from scenegym.envs.frontiers.state import (
    ACT,
    ACTIVE,
    AP,
    BETWEEN,
    DEAD,
    EFFECT_AMOUNT,
    EFFECT_GUARD,
    EFFECT_IMMOBILE,
    EFFECT_IMPAIR,
    EFFECT_KIND,
    EFFECT_OWNER,
    ENCOUNTER,
    END_ENEMIES_DOWN,
    END_PARTY_DOWN,
    END_ROUND_LIMIT,
    ENERGY,
    ENERGY_MAX,
    FREE_USED,
    HP,
    HP_MAX,
    MAX_CHARS,
    MAX_EFFECTS,
    MAX_PCS,
    MOVE_CREDIT,
    MOVE_DEST,
    MP,
    NOTE_ENCOUNTER,
    NOTE_REVIVE,
    NOTE_ROUND,
    NOTE_SKIPPED,
    NOTE_STAND,
    NOTE_TURN,
    NOTE_TURN_END,
    ORDER,
    POOL_AP,
    POOL_ENERGY,
    POOL_MP,
    PRESENT,
    PRONE,
    REACTIONS,
    ROUND,
    TOTAL,
    TURN_POS,
)

# ---------------------------------------------------------------------------------------------
# Effects at the start and the end of a Turn (Rulings 2 and 3)


@njit(cache=True)
def owners_in_order(s, c, k):
    """The ``k``-th owner whose effects resolve at ``c``'s Turn: ``c`` first ("resolve the
    active participant's effects first"), then the others in this round's Momentum order."""
    if k == 0:
        return c
    n = 0
    for pos in range(MAX_CHARS):
        o = s[ORDER + pos]
        if o >= 0 and o != c:
            n += 1
            if n == k:
                return o
    return -1


@njit(cache=True)
def start_owners(s, c):
    """Bitmask of the owners of the effects that resolve at the start of ``c``'s Turn: ``c``
    for its Guards (on anyone), and the owners of the impairments on ``c``."""
    owners = 0
    for col in range(MAX_CHARS * MAX_EFFECTS):
        kind = s[EFFECT_KIND + col]
        if kind == EFFECT_GUARD and s[EFFECT_OWNER + col] == c:
            owners |= 1 << c
        elif kind == EFFECT_IMPAIR and col // MAX_EFFECTS == c:
            owners |= 1 << s[EFFECT_OWNER + col]
    return owners


@njit(cache=True)
def turn_start_effects(s, p, log, i, c):
    """Guards owned by ``c`` expire ("until the start of your next Turn"); effects on ``c``
    that impair its movement reduce this Turn's MP (not below 0) and end."""
    owners = start_owners(s, c)
    for k in range(MAX_CHARS):
        if owners == 0:
            break
        owner = owners_in_order(s, c, k)
        if owner < 0:
            break
        if (owners >> owner) & 1 == 0:
            continue
        owners &= ~(1 << owner)
        for t in range(MAX_CHARS):
            for e in range(MAX_EFFECTS):
                col = t * MAX_EFFECTS + e
                if s[EFFECT_OWNER + col] != owner:
                    continue
                kind = s[EFFECT_KIND + col]
                if kind == EFFECT_GUARD and owner == c:
                    end_effect(s, log, i, t, e)
                elif kind == EFFECT_IMPAIR and t == c:
                    impair(s, p, log, i, c, s[EFFECT_AMOUNT + col])
                    end_effect(s, log, i, t, e)


@njit(cache=True)
def impair(s, p, log, i, c, units):
    """"The reduction applies to the participant's total available MP for that Turn": its
    MP (not below 0), or under Action-Based Movement ("if an effect reduces movement ... the
    reduction applies") the Units its AP buy this Turn, as a debt the first AP spent on
    movement pay off (not below 0 Units)."""
    if p.action_movement == 1:
        s[MOVE_CREDIT] -= units
    else:
        set_char(s, log, i, MP, POOL_MP, c, max(0, s[MP + c] - units))


@njit(cache=True)
def expire_own_guards(s, log, i, c):
    """The Guards ``c`` owns end: "until the start of your next Turn" (a dead owner's end
    where its Turn would have begun)."""
    for col in range(MAX_CHARS * MAX_EFFECTS):
        if s[EFFECT_KIND + col] == EFFECT_GUARD and s[EFFECT_OWNER + col] == c:
            end_effect(s, log, i, col // MAX_EFFECTS, col % MAX_EFFECTS)


@njit(cache=True)
def turn_end_effects(s, log, i, c):
    """Immobilisation of ``c`` ("until the end of its next Turn") ends, owners in order."""
    if not has_effect(s, c, EFFECT_IMMOBILE):
        return
    for k in range(MAX_CHARS):
        owner = owners_in_order(s, c, k)
        if owner < 0:
            break
        for e in range(MAX_EFFECTS):
            col = c * MAX_EFFECTS + e
            if s[EFFECT_OWNER + col] == owner and s[EFFECT_KIND + col] == EFFECT_IMMOBILE:
                end_effect(s, log, i, c, e)


# ---------------------------------------------------------------------------------------------
# The end of the encounter


@njit(cache=True)
def side_standing(s, first, last):
    """Whether any participant in slots ``first .. last-1`` is standing."""
    for c in range(first, last):
        if standing(s, c):
            return True
    return False


@njit(cache=True)
def update_lead(s):
    """The side with the larger share of its HP leads; the margin is the gap, in percent."""
    party_hp = party_top = enemy_hp = enemy_top = 0
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 1 and c < MAX_PCS:
            party_hp += s[HP + c]
            party_top += s[HP_MAX + c]
        elif s[PRESENT + c] == 1:
            enemy_hp += s[HP + c]
            enemy_top += s[HP_MAX + c]
    crew = party_hp * max(enemy_top, 1)
    gm = enemy_hp * max(party_top, 1)
    margin = abs(crew - gm) * 100 // max(party_top * enemy_top, 1)
    set_lead(s, 1 if crew > gm else (-1 if crew < gm else 0), margin)


@njit(cache=True)
def revive_party(s, p, log, i):
    """"If the Encounter concludes and an ally can reach them, they automatically regain 1
    HP": every living PC at 0 HP regains 1 HP when a PC is standing, and wakes unless its
    Fatigue keeps it down ("They remain Unconscious until they regain at least 1 HP")."""
    if p.revive_after == 0 or not side_standing(s, 0, MAX_PCS):
        return
    for c in range(MAX_PCS):
        if s[PRESENT + c] == 1 and s[DEAD + c] == 0 and s[HP + c] == 0:
            heal(s, p, log, i, c, 1)
            record(log, i, NOTE, NOTE_REVIVE, c, 0, 0)


@njit(cache=True)
def stopped(s):
    """The expedition is over, or an encounter ended and the next is still to be set up."""
    return s[OVER] == 1 or s[BETWEEN] == 1


@njit(cache=True)
def finish_encounter(s, p, log, i, result, reason, truncated):
    """An encounter ends with ``result`` for the crew. The episode ends after the last
    encounter or a loss (nobody is left; a cut-off, whatever it is worth, is no loss of the
    party); otherwise the crew is paid now and the next
    encounter follows Downtime (set up by the rules' top level). However it ends (won, or
    cut off by the round limit), the party's fallen are revived (:func:`revive_party`)."""
    revive_party(s, p, log, i)
    s[TOTAL] += result
    if truncated:
        count_cut_off(s, result)  # worth the same to the GM
    record(log, i, NOTE, NOTE_ENCOUNTER, s[ENCOUNTER], result, reason)
    if (result < 0 and not truncated) or s[ENCOUNTER] + 1 >= p.encounters:
        end_episode(s, log, i, s[TOTAL], reason, truncated)
        return
    pay(s, result)
    s[BETWEEN] = 1
    s[PHASE] = OVER_PHASE
    s[SEAT] = NOBODY


@njit(cache=True)
def check_end(s, p, log, i):
    """End the encounter when a side is all down: the current Turn ends and its unspent AP
    and MP are lost (Ruling 8). Returns True if it ended."""
    party = side_standing(s, 0, MAX_PCS)
    enemies = side_standing(s, MAX_PCS, MAX_CHARS)
    if party and enemies:
        return False
    c = s[ACTIVE]
    if c >= 0:
        set_char(s, log, i, AP, POOL_AP, c, 0)
        set_char(s, log, i, MP, POOL_MP, c, 0)
        record(log, i, NOTE, NOTE_TURN_END, c, 0, 0)
    if enemies:
        finish_encounter(s, p, log, i, -1, END_PARTY_DOWN, 0)
    else:
        finish_encounter(s, p, log, i, 1, END_ENEMIES_DOWN, 0)
    return True


# ---------------------------------------------------------------------------------------------
# Rounds and Turns


@njit(cache=True)
def refresh_ap(s, p, log, i, c):
    """AP to the Turn's maximum (there are none under Unified Resource)."""
    if p.unified_resource == 0:
        set_char(s, log, i, AP, POOL_AP, c, p.ap_per_turn)


@njit(cache=True)
def start_round(s, p, log, i):
    """A new Round: MV changes take effect, the order is set, Free Actions and Reactions
    renew; AP refresh (the first Round: "No participant begins with expended AP or MP";
    later Rounds when ``round_refresh``); Unified Resource restores Energy. Returns False
    when the round limit cuts the encounter off."""
    if s[ROUND] >= p.max_rounds:
        finish_encounter(s, p, log, i, p.cutoff_result, END_ROUND_LIMIT, 1)
        return False
    s[ROUND] += 1
    record(log, i, NOTE, NOTE_ROUND, s[ROUND], 0, 0)
    apply_momentum_changes(s, log, i)
    build_order(s, p, log, i)
    for c in range(MAX_CHARS):
        s[FREE_USED + c] = 0
        s[REACTIONS + c] = 0
        if not standing(s, c):
            continue
        if s[ROUND] == 1 or p.round_refresh == 1:
            refresh_ap(s, p, log, i, c)
        if p.unified_resource == 1:
            set_char(s, log, i, ENERGY, POOL_ENERGY, c,
                     min(s[ENERGY_MAX + c], s[ENERGY + c] + p.unified_regain))
    s[TURN_POS] = -1
    return True


@njit(cache=True)
def max_mp(s, p, c):
    """MP at the start of a Turn: 3 + Finesse modifier, at least 0 (none under Action-Based
    Movement, which removes MP)."""
    if p.action_movement == 1:
        return 0
    return max(0, p.mp_base + finesse_mod(s, c))


@njit(cache=True)
def end_turn(s, p, log, i, c):
    """The end of ``c``'s Turn: unspent AP and MP are lost, end-of-Turn effects resolve."""
    if p.unified_resource == 0:
        set_char(s, log, i, AP, POOL_AP, c, 0)
    set_char(s, log, i, MP, POOL_MP, c, 0)
    turn_end_effects(s, log, i, c)
    record(log, i, NOTE, NOTE_TURN_END, c, 0, 0)
    s[ACTIVE] = -1
    s[MOVE_DEST] = -1
    s[MOVE_CREDIT] = 0


@njit(cache=True)
def await_act(s, c):
    """``c``'s seat picks its next Action, move or the end of its Turn."""
    s[PHASE] = ACT
    s[SEAT] = seat_of(c)


@njit(cache=True)
def stand_up(s, p, log, i, c):
    """A prone participant that can act stands up at the start of its Turn, paying
    ``prone_stand_mp`` MP of this Turn (not below 0)."""
    if s[PRONE + c] == 0 or not can_spend(s, p, c):
        return
    s[PRONE + c] = 0
    set_char(s, log, i, MP, POOL_MP, c, max(0, s[MP + c] - p.prone_stand_mp))
    record(log, i, NOTE, NOTE_STAND, c, 0, 0)


@njit(cache=True)
def begin_turn(s, p, log, i, c):
    """The start of ``c``'s Turn: AP and MP refresh and start-of-Turn effects resolve even
    when ``c`` cannot act (Ruling 1); if it has nothing it may do (Unconscious, or held at 0
    HP with no Free Action), its Turn ends at once (Rulings 1 and 15). Returns True when a
    decision of ``c`` is pending."""
    s[ACTIVE] = c
    s[MOVE_CREDIT] = 0
    record(log, i, NOTE, NOTE_TURN, c, s[ROUND], 0)
    if p.turn_refresh == 1:
        refresh_ap(s, p, log, i, c)
    set_char(s, log, i, MP, POOL_MP, c, max_mp(s, p, c))
    turn_start_effects(s, p, log, i, c)
    stand_up(s, p, log, i, c)
    if standing(s, c) and has_choice(s, p, c):
        await_act(s, c)
        return True
    if not can_spend(s, p, c):
        record(log, i, NOTE, NOTE_SKIPPED, c, 0, 0)
    end_turn(s, p, log, i, c)
    return False


@njit(cache=True)
def advance(s, p, log, i):
    """Run Turns (and Rounds) until a decision is pending or the encounter ends."""
    while not stopped(s):
        pos = s[TURN_POS] + 1
        if pos >= MAX_CHARS or s[ORDER + pos] < 0:
            if not start_round(s, p, log, i):
                return
            continue
        s[TURN_POS] = pos
        c = s[ORDER + pos]
        if s[DEAD + c] == 1:
            expire_own_guards(s, log, i, c)
            continue
        if begin_turn(s, p, log, i, c):
            return


@njit(cache=True)
def after_step(s, p, log, i):
    """After an Action, move or Reaction chain resolves: settle what it owes, check the
    end, then the active participant goes on (its Turn ends if it fell, Ruling 6, or has
    nothing left to do)."""
    settle_all(s, p, log, i)
    update_lead(s)
    if check_end(s, p, log, i):
        return
    c = s[ACTIVE]
    if standing(s, c) and has_choice(s, p, c):
        await_act(s, c)
        return
    end_turn(s, p, log, i, c)
    advance(s, p, log, i)

