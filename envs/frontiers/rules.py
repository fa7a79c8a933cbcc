"""A Frontiers encounter, as per-env numba rules over one state row.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1), Encounter Play ("Transitioning
Into Encounter Play": "All participants determine Momentum. A new Round begins immediately.
No participant begins with expended AP or MP."). The rules themselves live in
:mod:`~scenegym.envs.frontiers.turns` (Rounds and Turns), :mod:`~scenegym.envs.frontiers.actions`
(Actions, movement, Reactions), :mod:`~scenegym.envs.frontiers.condition` (Energy, harm) and
:mod:`~scenegym.envs.frontiers.order` (Momentum). Every number comes from the kernel
parameters ``p`` (:func:`scenegym.envs.frontiers.config.kernel_params`).

Dice, in the order rolled at the start: with ``placement="random"``, the enemy count
(a die of ``enemies_max - enemies_min + 1`` sides, skipped when equal), each enemy's
archetype (a die of the pool's size, skipped for a pool of one), then each PC's and each
enemy's starting Unit (a die of ``start_spread`` sides); then, under Rolled Momentum, 1d20
per participant in slot order.
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DECISION, DIE, record
from scenegym.envs.core.header import DECISIONS, PHASE, SEAT
from scenegym.envs.frontiers.actions import (
    continue_move,
    declare,
    pick_ability,
    react,
    resolve_chain,
)
from scenegym.envs.frontiers.condition import seat_of
from scenegym.envs.frontiers.options import action_legal, move_legal, target_legal
from scenegym.envs.frontiers.order import adjust_range, next_adjuster, roll_momentum
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
    ABILITIES,
    ABILITY,
    ACT,
    ACTIVE,
    ADJUST,
    ADJUSTING,
    AP,
    ARCHETYPE,
    DIE_SETUP,
    EFFECT_OWNER,
    ELIGIBLE,
    ENERGY,
    ENERGY_MAX,
    FATIGUE_MAX,
    FINESSE,
    FINESSE_SCORE,
    HP,
    HP_MAX,
    KIND_BOOST,
    MAX_ABILITIES,
    MAX_ADJUST,
    MAX_CHARS,
    MAX_EFFECTS,
    MAX_LINE,
    MAX_PCS,
    MDEF,
    MODS,
    MOVE_DEST,
    MP,
    MV,
    MV_NEXT,
    NUM_ATTRS,
    ORDER,
    PDEF,
    POS,
    PRESENT,
    REACT,
    RESOLVE,
    ROUND,
    TARGET,
    TARGET_PICK,
    TURN_POS,
    VIGOR,
    WOUNDS_MAX,
)
from scenegym.envs.frontiers.turns import advance, end_turn, max_mp

# ---------------------------------------------------------------------------------------------
# Setting up the encounter


@njit(cache=True)
def place(s, p, c, arch, unit):
    """Put a participant of archetype ``arch`` in slot ``c`` at ``unit``, fresh."""
    s[PRESENT + c] = 1
    s[ARCHETYPE + c] = arch
    for a in range(NUM_ATTRS):
        s[MODS + c * NUM_ATTRS + a] = p.arch_mods[arch * NUM_ATTRS + a]
    s[FINESSE_SCORE + c] = p.arch_scores[arch * NUM_ATTRS + FINESSE]
    s[HP + c] = p.arch_hp[arch]
    s[HP_MAX + c] = p.arch_hp[arch]
    s[WOUNDS_MAX + c] = p.wounds_base + s[MODS + c * NUM_ATTRS + VIGOR]
    s[FATIGUE_MAX + c] = p.fatigue_base + s[MODS + c * NUM_ATTRS + RESOLVE]
    s[ENERGY + c] = p.arch_energy[arch]
    s[ENERGY_MAX + c] = p.arch_energy[arch]
    s[PDEF + c] = p.arch_pdef[arch]
    s[MDEF + c] = p.arch_mdef[arch]
    s[MV + c] = p.arch_mv[arch]
    s[MV_NEXT + c] = p.arch_mv[arch]
    s[ABILITIES + c] = p.arch_abilities[arch]
    s[POS + c] = unit
    s[AP + c] = 0 if p.unified_resource == 1 else p.ap_per_turn
    s[MP + c] = max_mp(s, p, c)


@njit(cache=True)
def setup_die(dice, log, i, sides):
    """A generator die (1..sides)."""
    face = roll(dice, i, sides)
    record(log, i, DIE, sides, face, DIE_SETUP, 0)
    return face


@njit(cache=True)
def generate(s, p, dice, log, i):
    """The encounter generator: the party, then the enemies (count, archetypes, Units)."""
    enemies = p.enemies_max
    if p.random_placement == 1 and p.enemies_max > p.enemies_min:
        enemies = p.enemies_min + setup_die(dice, log, i, p.enemies_max - p.enemies_min + 1) - 1
    for e in range(enemies):
        arch = p.enemy_pool[e % p.pool_size]
        if p.random_placement == 1 and p.pool_size > 1:
            arch = p.enemy_pool[setup_die(dice, log, i, p.pool_size) - 1]
        place(s, p, MAX_PCS + e, arch, p.enemy_units[e])
    for c in range(p.pcs):
        place(s, p, c, p.party[c], p.pc_units[c])
    if p.random_placement == 1:
        for c in range(MAX_CHARS):
            if s[PRESENT + c] == 1:
                back = setup_die(dice, log, i, p.start_spread) - 1
                s[POS + c] = back if c < MAX_PCS else p.line_length - 1 - back


@njit(cache=True)
def begin(s, p, dice, log, i):
    """Enter Encounter Play: place everyone, establish Momentum, begin Round 1."""
    s[ROUND:] = 0
    s[TURN_POS] = -1
    for c in range(MAX_CHARS):
        s[ORDER + c] = -1
        for e in range(MAX_EFFECTS):
            s[EFFECT_OWNER + c * MAX_EFFECTS + e] = -1
    s[ACTIVE] = -1
    s[ADJUSTING] = -1
    s[ABILITY] = -1
    s[TARGET] = -1
    s[MOVE_DEST] = -1
    generate(s, p, dice, log, i)
    if p.rolled_momentum == 1:
        roll_momentum(s, p, dice, log, i)
    elif p.fixed_momentum == 0 and p.no_momentum == 0:
        c = next_adjuster(s, -1, MAX_ADJUST)
        if c >= 0:
            await_adjust(s, c)
            return
    proceed(s, p, dice, log, i)


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
    nxt = next_adjuster(s, c, MAX_ADJUST)
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


@njit(cache=True)
def legal(s, p, m):
    """The legal actions of the pending decision (none once the encounter is over)."""
    m[:] = False
    if s[SEAT] < 0:
        return
    phase = s[PHASE]
    c = s[ACTIVE]
    if phase == ACT:
        for k in range(MAX_ABILITIES):
            m[A_ABILITY + k] = action_legal(s, p, c, k)
        for dest in range(MAX_LINE):
            m[A_MOVE + dest] = move_legal(s, p, c, dest)
        m[A_END] = True
    elif phase == TARGET_PICK:
        for t in range(MAX_CHARS):
            m[A_TARGET + t] = target_legal(s, p, c, s[ABILITY], t)
    elif phase == REACT:
        for r in range(MAX_CHARS):
            m[A_REACT + r] = (s[ELIGIBLE] >> r) & 1 == 1
        m[A_PASS] = True
    elif phase == ADJUST:
        reach = adjust_range(s, s[ADJUSTING], MAX_ADJUST)
        m[A_ADJUST + MAX_ADJUST - reach: A_ADJUST + MAX_ADJUST + reach + 1] = True
