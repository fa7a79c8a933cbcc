"""The Simultaneous Turn Alternative: every participant declares, then all resolve.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1), "Simultaneous Turn
Alternative": "Remove individual Turns. Each Round: All participants declare Actions.
Resolve in Momentum order. Apply all results before the next Round begins. AP still
refreshes per Round."

Interpretations: participants declare in Momentum order, each a list of up to
``MAX_DECLARED`` entries (abilities with targets, Free boosts, moves), checked against its
own pools as they would be after the earlier entries (a dry run, undone before resolution);
the other seat does not see those plans (the observation shows the other side's pools as
they were). Resolution goes in Momentum order, each participant's entries in its order; an
entry no longer legal (a target out of range, not enough AP) fizzles. Wounds, Fatigue,
Unconsciousness and death apply when every declaration has resolved ("Apply all results
before the next Round"), so a participant dropped to 0 HP still carries out its own
declaration. There are no Reactions (there are no Turns to react outside of); Overspend and
strain rolls happen when the Energy is really spent, at resolution.
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, record
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.actions import pay, perform, step_once
from scenegym.envs.frontiers.condition import set_char, settle_all, standing
from scenegym.envs.frontiers.options import (
    action_legal,
    ap_cost,
    energy_cost,
    has_choice,
    movement_left,
    target_legal,
)
from scenegym.envs.frontiers.state import (
    ABILITY,
    ACTIVE,
    AP,
    COMMITTED,
    DEAD,
    DECL_ACTION,
    DECL_ARG,
    DECL_MOVE,
    DECLARED,
    ENERGY,
    FREE_USED,
    KIND_BOOST,
    MAX_CHARS,
    MAX_DECLARED,
    MOVE_CREDIT,
    MP,
    NOTE_FIZZLE,
    NOTE_TURN,
    ORDER,
    POOL_AP,
    POOL_ENERGY,
    POOL_MP,
    POOL_POS,
    POS,
    ROUND,
    SNAP_AP,
    SNAP_ENERGY,
    SNAP_FREE,
    SNAP_MP,
    SNAP_POS,
    TARGET,
    TURN_POS,
)
from scenegym.envs.frontiers.turns import (
    await_act,
    check_end,
    expire_own_guards,
    max_mp,
    refresh_ap,
    stand_up,
    start_round,
    stopped,
    turn_end_effects,
    turn_start_effects,
    update_lead,
)

SNAPSHOT = ((AP, SNAP_AP), (MP, SNAP_MP), (ENERGY, SNAP_ENERGY), (POS, SNAP_POS),
            (FREE_USED, SNAP_FREE))
# the pools a dry run changes, with their event-log codes (the undo is logged)
LOGGED_SNAPSHOT = ((AP, SNAP_AP, POOL_AP), (MP, SNAP_MP, POOL_MP),
                   (ENERGY, SNAP_ENERGY, POOL_ENERGY), (POS, SNAP_POS, POOL_POS))


@njit(cache=True)
def snapshot(s, c):
    """Keep ``c``'s pools before it declares."""
    for live, kept in SNAPSHOT:
        s[kept + c] = s[live + c]


@njit(cache=True)
def restore(s, log, i, c):
    """Undo ``c``'s dry run: its pools as they were before it declared (the undo is logged,
    so the transcript's pool changes agree with the state)."""
    for live, kept, code in LOGGED_SNAPSHOT:
        set_char(s, log, i, live, code, c, s[kept + c])
    s[FREE_USED + c] = s[SNAP_FREE + c]


@njit(cache=True)
def start_sim_round(s, p, log, i):
    """A Round: AP and MP refresh for everyone, start-of-Turn effects resolve in order, the
    Unconscious's included ("Start-of-Turn and End-of-Turn effects still resolve", Ruling
    1). Returns False when the round limit cut the encounter off."""
    if not start_round(s, p, log, i):
        return False
    for pos in range(MAX_CHARS):
        c = s[ORDER + pos]
        if c < 0:
            break
        if s[DEAD + c] == 1:
            expire_own_guards(s, log, i, c)
        else:  # Ruling 1: the Unconscious refresh too, and their effects still resolve
            refresh_ap(s, p, log, i, c)
            set_char(s, log, i, MP, POOL_MP, c, max_mp(s, p, c))
            turn_start_effects(s, p, log, i, c)
            stand_up(s, p, log, i, c)
        s[DECLARED + c] = 0
        snapshot(s, c)
    return True


@njit(cache=True)
def next_declarer(s, p, log, i):
    """The next participant in order with something to declare; True when one is pending."""
    while s[TURN_POS] + 1 < MAX_CHARS and s[ORDER + s[TURN_POS] + 1] >= 0:
        s[TURN_POS] += 1
        c = s[ORDER + s[TURN_POS]]
        if standing(s, c) and has_choice(s, p, c):
            s[ACTIVE] = c
            s[MOVE_CREDIT] = 0
            record(log, i, NOTE, NOTE_TURN, c, s[ROUND], 1)
            await_act(s, c)
            return True
    s[ACTIVE] = -1
    return False


@njit(cache=True)
def add_entry(s, c, action, arg):
    """Record one declared entry of ``c``."""
    col = c * MAX_DECLARED + s[DECLARED + c]
    s[DECL_ACTION + col] = action
    s[DECL_ARG + col] = arg
    s[DECLARED + c] += 1


@njit(cache=True)
def declare_ability(s, p, log, i, k, t):
    """Declare ability ``k`` on ``t``; its AP and Energy leave the dry-run pools (logged, as
    a declared move's MP is, and undone in :func:`restore`)."""
    c = s[ACTIVE]
    add_entry(s, c, k, t)
    set_char(s, log, i, AP, POOL_AP, c, s[AP + c] - ap_cost(p, k))
    set_char(s, log, i, ENERGY, POOL_ENERGY, c, s[ENERGY + c] - energy_cost(p, k, False))
    if p.ab_free[k] == 1:
        s[FREE_USED + c] |= 1 << k
    if p.ab_kind[k] == KIND_BOOST:
        set_char(s, log, i, MP, POOL_MP, c, s[MP + c] + p.ab_bonus_mp[k])


@njit(cache=True)
def declare_move(s, p, log, i, dest):
    """Declare a move to ``dest``; the dry run moves there and pays for it."""
    c = s[ACTIVE]
    add_entry(s, c, DECL_MOVE, dest)
    while s[POS + c] != dest:
        step_once(s, p, log, i, c, 1 if dest > s[POS + c] else -1)


@njit(cache=True)
def move_toward(s, p, log, i, c, dest):
    """Resolve a declared move: step toward ``dest`` while movement lasts (no Reactions)."""
    while s[POS + c] != dest and movement_left(s, p, c) > 0:
        step_once(s, p, log, i, c, 1 if dest > s[POS + c] else -1)


@njit(cache=True)
def resolve_entry(s, p, dice, log, i, c, action, arg):
    """Resolve one declared entry of ``c``, or let it fizzle if no longer legal."""
    if action == DECL_MOVE:
        move_toward(s, p, log, i, c, arg)
        return
    if not action_legal(s, p, c, action) or (
            p.ab_kind[action] != KIND_BOOST and not target_legal(s, p, c, action, arg)):
        record(log, i, NOTE, NOTE_FIZZLE, c, action, arg)
        return
    cost = ap_cost(p, action)
    pay(s, p, dice, log, i, c, action, False)
    s[COMMITTED] = 1 if p.committed_action == 1 and cost > 0 and s[AP + c] == 0 else 0
    s[ABILITY] = action
    s[TARGET] = arg
    perform(s, p, dice, log, i, c, action, arg)
    s[ABILITY] = -1
    s[TARGET] = -1
    s[COMMITTED] = 0


@njit(cache=True)
def resolve_round(s, p, dice, log, i):
    """Undo the dry runs, resolve every declaration in Momentum order, then apply all
    results; unspent AP and MP are lost and end-of-Turn effects resolve."""
    for c in range(MAX_CHARS):
        restore(s, log, i, c)
    for pos in range(MAX_CHARS):
        c = s[ORDER + pos]
        if c < 0:
            break
        s[ACTIVE] = c
        s[MOVE_CREDIT] = 0
        for j in range(s[DECLARED + c]):
            col = c * MAX_DECLARED + j
            resolve_entry(s, p, dice, log, i, c, s[DECL_ACTION + col], s[DECL_ARG + col])
        s[DECLARED + c] = 0
    s[ACTIVE] = -1
    settle_all(s, p, log, i)
    update_lead(s)
    if check_end(s, p, log, i):
        return
    for pos in range(MAX_CHARS):
        c = s[ORDER + pos]
        if c < 0:
            break
        if p.unified_resource == 0:
            set_char(s, log, i, AP, POOL_AP, c, 0)
        set_char(s, log, i, MP, POOL_MP, c, 0)
        turn_end_effects(s, log, i, c)


@njit(cache=True)
def sim_advance(s, p, dice, log, i):
    """Run Rounds until a declaration is pending or the encounter ends."""
    while not stopped(s):
        if s[ROUND] > 0:
            if next_declarer(s, p, log, i):
                return
            resolve_round(s, p, dice, log, i)
            if stopped(s):
                return
        if not start_sim_round(s, p, log, i):
            return


@njit(cache=True)
def done_declaring(s, p, dice, log, i):
    """After an entry: the declarer goes on while it can, else the next one declares."""
    c = s[ACTIVE]
    if s[DECLARED + c] < MAX_DECLARED and has_choice(s, p, c):
        await_act(s, c)
        return
    sim_advance(s, p, dice, log, i)

