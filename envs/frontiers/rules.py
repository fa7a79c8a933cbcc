"""A Frontiers encounter, as per-env numba rules over one state row.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1), Encounter Play ("Transitioning
Into Encounter Play": "All participants determine Momentum. A new Round begins immediately.
No participant begins with expended AP or MP."). The rules themselves live in
:mod:`~scenegym.envs.frontiers.turns` (Rounds and Turns), :mod:`~scenegym.envs.frontiers.actions`
(Actions, movement, Reactions), :mod:`~scenegym.envs.frontiers.condition` (Energy, harm) and
:mod:`~scenegym.envs.frontiers.order` (Momentum). Every number comes from the kernel
parameters ``p`` (:func:`scenegym.envs.frontiers.config.kernel_params`).

Dice, in the order rolled at the start of an encounter: the generator's
(:mod:`~scenegym.envs.frontiers.setup`), then, under Rolled Momentum, 1d20 per participant in
slot order. An expedition (``encounters > 1``) runs its encounters in one episode, with
Downtime (:mod:`~scenegym.envs.frontiers.downtime`) between them.
"""

from __future__ import annotations

from scenegym.envs.core.events import DECISION, record
from scenegym.envs.core.header import DECISIONS, PHASE, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.actions import (
    continue_move,
    declare,
    pick_ability,
    react,
    resolve_chain,
)
from scenegym.envs.frontiers.condition import seat_of
from scenegym.envs.frontiers.downtime import recover
from scenegym.envs.frontiers.options import legal_abilities, move_span, target_legal
from scenegym.envs.frontiers.order import adjust_range, next_adjuster, roll_momentum
from scenegym.envs.frontiers.setup import place_party, set_up_encounter
from scenegym.envs.frontiers.simultaneous import (
    declare_ability,
    declare_move,
    done_declaring,
    sim_advance,
)
from scenegym.envs.frontiers.state import (
    A_ABILITY,
    A_ADJUST,
    A_END,
    A_MOVE,
    A_PASS,
    A_REACT,
    A_TARGET,
    ABILITY,
    ACT,
    ACTIVE,
    ADJUST,
    ADJUSTING,
    BETWEEN,
    ELIGIBLE,
    ENCOUNTER,
    KIND_BOOST,
    MAX_ABILITIES,
    MAX_ADJUST,
    MAX_CHARS,
    MOVE_DEST,
    MV,
    MV_NEXT,
    POS,
    REACT,
    TARGET_PICK,
)
from scenegym.envs.frontiers.turns import advance, end_turn

# ---------------------------------------------------------------------------------------------
# Setting up the encounter


@njit(cache=True)
def begin(s, p, dice, log, i):
    """Enter Encounter Play (the first encounter of the expedition): place the party."""
    s[ENCOUNTER:] = 0
    place_party(s, p)
    start_encounter(s, p, dice, log, i)
    between_encounters(s, p, dice, log, i)


@njit(cache=True)
def start_encounter(s, p, dice, log, i):
    """An encounter: generate and place, establish Momentum, begin Round 1."""
    set_up_encounter(s, p, dice, log, i)
    if p.rolled_momentum == 1:
        roll_momentum(s, p, dice, log, i)
    elif p.fixed_momentum == 0 and p.no_momentum == 0:
        c = next_adjuster(s, p, -1, MAX_ADJUST)
        if c >= 0:
            await_adjust(s, c)
            return
    proceed(s, p, dice, log, i)


@njit(cache=True)
def between_encounters(s, p, dice, log, i):
    """While an encounter of an expedition has ended: Downtime, then the next encounter."""
    while s[BETWEEN] == 1:
        s[BETWEEN] = 0
        s[ENCOUNTER] += 1
        recover(s, p, log, i, p.downtime_hours)
        start_encounter(s, p, dice, log, i)


@njit(cache=True)
def proceed(s, p, dice, log, i):
    """Run the encounter to its next decision: Turns, or Simultaneous Turns' declarations."""
    if p.simultaneous_turns == 1:
        sim_advance(s, p, dice, log, i)
    else:
        advance(s, p, log, i)


@njit(cache=True)
def await_adjust(s, c):
    """``c``'s seat chooses its Momentum adjustment."""
    s[ADJUSTING] = c
    s[PHASE] = ADJUST
    s[SEAT] = seat_of(c)


@njit(cache=True)
def adjust(s, p, dice, log, i, delta):
    """Establishing Momentum: "adjust MV by adding or subtracting up to their Finesse
    Modifier"; the next participant chooses, then Round 1 begins."""
    c = s[ADJUSTING]
    s[MV + c] += delta
    s[MV_NEXT + c] = s[MV + c]
    nxt = next_adjuster(s, p, c, MAX_ADJUST)
    if nxt >= 0:
        await_adjust(s, nxt)
        return
    s[ADJUSTING] = -1
    proceed(s, p, dice, log, i)


# ---------------------------------------------------------------------------------------------
# Decisions


@njit(cache=True)
def act(s, p, dice, log, i, action):
    """ACT: an ability, a move, or the end of the Turn."""
    if action < A_MOVE:
        pick_ability(s, p, dice, log, i, action - A_ABILITY)
    elif action < A_END:
        s[MOVE_DEST] = action - A_MOVE
        continue_move(s, p, dice, log, i)
    else:
        end_turn(s, p, log, i, s[ACTIVE])
        advance(s, p, log, i)


@njit(cache=True)
def declare_simultaneous(s, p, dice, log, i, action):
    """ACT and TARGET under Simultaneous Turns: entries are declared, not resolved."""
    if s[PHASE] == TARGET_PICK:
        declare_ability(s, p, log, i, s[ABILITY], action - A_TARGET)
        s[ABILITY] = -1
    elif action < A_MOVE:
        k = action - A_ABILITY
        if p.ab_kind[k] != KIND_BOOST:
            s[ABILITY] = k
            s[PHASE] = TARGET_PICK
            return
        declare_ability(s, p, log, i, k, s[ACTIVE])
    elif action < A_END:
        declare_move(s, p, log, i, action - A_MOVE)
    else:
        sim_advance(s, p, dice, log, i)
        return
    done_declaring(s, p, dice, log, i)


@njit(cache=True)
def apply(s, p, dice, log, i, action):
    """Take the pending decision ``action`` and resolve until the next decision."""
    record(log, i, DECISION, s[SEAT], s[PHASE], action, 0)
    s[DECISIONS] += 1
    phase = s[PHASE]
    if p.simultaneous_turns == 1 and (phase == ACT or phase == TARGET_PICK):
        declare_simultaneous(s, p, dice, log, i, action)
    elif phase == ACT:
        act(s, p, dice, log, i, action)
    elif phase == TARGET_PICK:
        declare(s, p, dice, log, i, action - A_TARGET)
    elif phase == REACT:
        if action == A_PASS:
            resolve_chain(s, p, dice, log, i)
        else:
            react(s, p, dice, log, i, action - A_REACT)
    elif phase == ADJUST:
        adjust(s, p, dice, log, i, action - A_ADJUST - MAX_ADJUST)
    between_encounters(s, p, dice, log, i)


@njit(cache=True)
def legal(s, p, m):
    """The legal actions of the pending decision (none once the encounter is over)."""
    m[:] = False
    if s[SEAT] < 0:
        return
    phase = s[PHASE]
    c = s[ACTIVE]
    if phase == ACT:
        abilities = legal_abilities(s, p, c)
        for k in range(MAX_ABILITIES):
            m[A_ABILITY + k] = (abilities >> k) & 1 == 1
        first, last = move_span(s, p, c)
        for dest in range(first, last + 1):
            m[A_MOVE + dest] = dest != s[POS + c]
        m[A_END] = True
    elif phase == TARGET_PICK:
        for t in range(MAX_CHARS):
            m[A_TARGET + t] = target_legal(s, p, c, s[ABILITY], t)
    elif phase == REACT:
        for r in range(MAX_CHARS):
            m[A_REACT + r] = (s[ELIGIBLE] >> r) & 1 == 1
        m[A_PASS] = True
    elif phase == ADJUST:
        reach = adjust_range(s, p, s[ADJUSTING], MAX_ADJUST)
        m[A_ADJUST + MAX_ADJUST - reach: A_ADJUST + MAX_ADJUST + reach + 1] = True
