"""Setting up an encounter: the party, the generated enemies, their Units.

Dice, in the order rolled: with ``placement="random"``, the enemy count (a die of
``enemies_max - enemies_min + 1`` sides, skipped when equal), each enemy's archetype (a die
of the pool's size, skipped for a pool of one), then each participant's starting Unit in slot
order (a die of ``start_spread`` sides: Units from its side's end of the line).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, record
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.state import (
    ABILITIES,
    ABILITY,
    ACTIVE,
    ADJUSTING,
    AP,
    ARCHETYPE,
    CHAIN_LEN,
    CHAR_FIELDS,
    COMMITTED,
    DIE_SETUP,
    EFFECT_AMOUNT,
    EFFECT_KIND,
    EFFECT_OWNER,
    ELIGIBLE,
    ENERGY,
    ENERGY_MAX,
    FATIGUE_MAX,
    FINESSE,
    FINESSE_SCORE,
    HP,
    HP_MAX,
    MAX_CHARS,
    MAX_EFFECTS,
    MAX_PCS,
    MDEF,
    MODS,
    MOVE_CREDIT,
    MOVE_DEST,
    MP,
    MV,
    MV_NEXT,
    NO_EFFECT,
    NO_WINDOW,
    NUM_ATTRS,
    ORDER,
    PDEF,
    POS,
    PRESENT,
    RESOLVE,
    ROUND,
    TARGET,
    TURN_POS,
    VIGOR,
    WINDOW,
    WOUNDS_MAX,
)
from scenegym.envs.frontiers.turns import max_mp

# The per-participant fields as an array: a compiled loop over a global array costs a third
# of one over the same global tuple (examples/rule_passes.py: begin -100 ns).
CHAR_COLUMNS = np.array(CHAR_FIELDS, np.int64)


@njit(cache=True)
def place(s, p, c, arch):
    """Put a fresh participant of archetype ``arch`` in slot ``c``."""
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
    s[ABILITIES + c] = p.arch_abilities[arch]


@njit(cache=True)
def ready(s, p, c):
    """Ready a participant for a new encounter: base MV, full AP and MP, no effects."""
    arch = s[ARCHETYPE + c]
    s[MV + c] = p.arch_mv[arch]
    s[MV_NEXT + c] = p.arch_mv[arch]
    s[AP + c] = 0 if p.unified_resource == 1 else p.ap_per_turn
    s[MP + c] = max_mp(s, p, c)
    clear_effects(s, c)


@njit(cache=True)
def clear_effects(s, c):
    """No timed effect on ``c``."""
    for e in range(MAX_EFFECTS):
        s[EFFECT_KIND + c * MAX_EFFECTS + e] = NO_EFFECT
        s[EFFECT_OWNER + c * MAX_EFFECTS + e] = -1
        s[EFFECT_AMOUNT + c * MAX_EFFECTS + e] = 0


@njit(cache=True)
def clear_slot(s, c):
    """Empty slot ``c`` (an enemy of the last encounter leaves)."""
    for j in range(CHAR_COLUMNS.shape[0]):
        s[CHAR_COLUMNS[j] + c] = 0
    clear_effects(s, c)


@njit(cache=True)
def setup_die(dice, log, i, sides):
    """A generator die (1..sides)."""
    face = roll(dice, i, sides)
    record(log, i, DIE, sides, face, DIE_SETUP, 0)
    return face


@njit(cache=True)
def place_party(s, p):
    """The PCs of the config's party, fresh."""
    for c in range(p.pcs):
        place(s, p, c, p.party[c])


@njit(cache=True)
def place_enemies(s, p, dice, log, i):
    """The encounter generator: the enemy count and archetypes (fixed: from the pool in
    order); the last encounter's enemies leave."""
    for c in range(MAX_PCS, MAX_CHARS):
        clear_slot(s, c)
    enemies = p.enemies_max
    if p.random_placement == 1 and p.enemies_max > p.enemies_min:
        enemies = p.enemies_min + setup_die(dice, log, i, p.enemies_max - p.enemies_min + 1) - 1
    for e in range(enemies):
        arch = p.enemy_pool[e % p.pool_size]
        if p.random_placement == 1 and p.pool_size > 1:
            arch = p.enemy_pool[setup_die(dice, log, i, p.pool_size) - 1]
        place(s, p, MAX_PCS + e, arch)


@njit(cache=True)
def set_units(s, p, dice, log, i):
    """Every participant's starting Unit: fixed, or rolled near its side's end."""
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 0:
            continue
        s[POS + c] = p.pc_units[c] if c < MAX_PCS else p.enemy_units[c - MAX_PCS]
        if p.random_placement == 1:
            back = setup_die(dice, log, i, p.start_spread) - 1
            s[POS + c] = back if c < MAX_PCS else p.line_length - 1 - back


@njit(cache=True)
def reset_encounter(s):
    """The encounter's own columns: before its first Round, nothing pending."""
    s[ROUND] = 0
    s[TURN_POS] = -1
    for k in range(MAX_CHARS):
        s[ORDER + k] = -1
    s[ACTIVE] = s[ADJUSTING] = s[ABILITY] = s[TARGET] = s[MOVE_DEST] = -1
    s[WINDOW] = NO_WINDOW
    s[ELIGIBLE] = 0
    s[CHAIN_LEN] = 0
    s[COMMITTED] = 0
    s[MOVE_CREDIT] = 0


@njit(cache=True)
def set_up_encounter(s, p, dice, log, i):
    """Generate the enemies, place everyone, ready everyone."""
    reset_encounter(s)
    place_enemies(s, p, dice, log, i)
    set_units(s, p, dice, log, i)
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 1:
            ready(s, p, c)
