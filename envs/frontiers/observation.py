"""The Frontiers observation: a float32 vector, every slot scaled into [-1, 1].

Both seats see the same vector, except under Simultaneous Turns: while a seat declares,
the other side's AP, MP, Energy, Unit and Free Actions show as they were before it
declared, so its plans stay hidden. Global slots come first, then ``CHAR_SLOTS`` slots per
participant slot (``MAX_CHARS`` of them, absent ones all 0).
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.core.header import PHASE, SEAT
from scenegym.envs.frontiers.condition import defense, effect_total, immobile, seat_of
from scenegym.envs.frontiers.options import movement_left
from scenegym.envs.frontiers.state import (
    ABILITY,
    ACT,
    ACTIVE,
    ADJUSTING,
    AP,
    COMMITTED,
    DEAD,
    DOWN,
    EFFECT_GUARD,
    EFFECT_IMPAIR,
    ELIGIBLE,
    ENCOUNTER,
    ENERGY,
    ENERGY_MAX,
    FATIGUE,
    FATIGUE_MAX,
    FREE_USED,
    HP,
    HP_MAX,
    LAST_HIT,
    LAST_ROLL,
    MAX_ABILITIES,
    MAX_CHARS,
    MAX_LINE,
    MAX_PCS,
    MENTAL,
    MP,
    MV,
    NUM_PHASES,
    PHYSICAL,
    POS,
    PRESENT,
    REACTIONS,
    ROUND,
    SNAP_AP,
    SNAP_ENERGY,
    SNAP_FREE,
    SNAP_MP,
    SNAP_POS,
    TARGET,
    TARGET_PICK,
    TRIGGER_ATTACK,
    TRIGGER_LEAVE,
    WINDOW,
    WOUNDS,
    WOUNDS_MAX,
)

GLOBAL_NAMES = (
    ("phase_momentum", "phase_act", "phase_target", "phase_react")
    + ("seat_is_gm", "round_share", "window_attack", "window_leave", "committed",
       "last_roll", "last_hit", "line_length", "encounter_share")
    + tuple(f"declared_ability_{k}" for k in range(MAX_ABILITIES))
)
CHAR_NAMES = (
    "present", "is_pc", "hp_share", "hp_max", "wounds_share", "fatigue_share", "energy_share",
    "ap", "mp", "movement_left", "unit", "mv", "unconscious", "dead", "active", "target",
    "adjusting", "may_react", "physical_defense", "mental_defense", "guard", "impaired",
    "immobilised", "free_used", "reactions_used",
)
GLOBALS = len(GLOBAL_NAMES)
CHAR_SLOTS = len(CHAR_NAMES)
OBSERVATION_NAMES = GLOBAL_NAMES + tuple(
    f"c{c}_{name}" for c in range(MAX_CHARS) for name in CHAR_NAMES)
OBS_SIZE = len(OBSERVATION_NAMES)


@njit(cache=True)
def clip(x):
    """``x`` clipped into [-1, 1]."""
    return min(1.0, max(-1.0, x))


@njit(cache=True)
def hidden(s, p, c):
    """Whether ``c``'s declared plans are hidden from the pending seat."""
    declaring = s[PHASE] == ACT or s[PHASE] == TARGET_PICK
    return p.simultaneous_turns == 1 and declaring and seat_of(c) != s[SEAT]


@njit(cache=True)
def shown(s, p, c, live, kept):
    """Participant ``c``'s field as the pending seat may see it."""
    return s[kept + c] if hidden(s, p, c) else s[live + c]


@njit(cache=True)
def observe_char(s, p, o, c):
    """Participant ``c``'s slots into ``o`` (float32[CHAR_SLOTS])."""
    o[:] = 0.0
    if s[PRESENT + c] == 0:
        return
    o[0] = 1.0
    o[1] = 1.0 if c < MAX_PCS else 0.0
    o[2] = s[HP + c] / max(s[HP_MAX + c], 1)
    o[3] = clip(s[HP_MAX + c] / 100.0)
    o[4] = s[WOUNDS + c] / (s[WOUNDS_MAX + c] + 1)
    o[5] = s[FATIGUE + c] / max(s[FATIGUE_MAX + c], 1)
    o[6] = clip(shown(s, p, c, ENERGY, SNAP_ENERGY) / max(s[ENERGY_MAX + c], 1))
    o[7] = shown(s, p, c, AP, SNAP_AP) / 3.0
    o[8] = clip(shown(s, p, c, MP, SNAP_MP) / 20.0)
    o[9] = 0.0 if hidden(s, p, c) else clip(movement_left(s, p, c) / 20.0)
    o[10] = shown(s, p, c, POS, SNAP_POS) / max(p.line_length - 1, 1)
    o[11] = clip(s[MV + c] / 40.0)
    o[12] = s[DOWN + c]
    o[13] = s[DEAD + c]
    o[14] = 1.0 if s[ACTIVE] == c else 0.0
    o[15] = 1.0 if s[TARGET] == c else 0.0
    o[16] = 1.0 if s[ADJUSTING] == c else 0.0
    o[17] = (s[ELIGIBLE] >> c) & 1
    o[18] = clip(defense(s, p, c, PHYSICAL) / 40.0)
    o[19] = clip(defense(s, p, c, MENTAL) / 40.0)
    o[20] = clip(effect_total(s, c, EFFECT_GUARD) / 10.0)
    o[21] = clip(effect_total(s, c, EFFECT_IMPAIR) / 10.0)
    o[22] = 1.0 if immobile(s, c) else 0.0
    o[23] = 1.0 if shown(s, p, c, FREE_USED, SNAP_FREE) != 0 else 0.0
    o[24] = clip(s[REACTIONS + c] / 3.0)


@njit(cache=True)
def observe(s, p, o):
    """Write env row ``s``'s observation into ``o`` (float32[OBS_SIZE])."""
    o[:GLOBALS] = 0.0
    if 0 <= s[PHASE] < NUM_PHASES:
        o[s[PHASE]] = 1.0
    o[4] = 1.0 if s[SEAT] == 1 else 0.0
    o[5] = min(s[ROUND] / p.max_rounds, 1.0)
    o[6] = 1.0 if s[WINDOW] == TRIGGER_ATTACK else 0.0
    o[7] = 1.0 if s[WINDOW] == TRIGGER_LEAVE else 0.0
    o[8] = s[COMMITTED]
    o[9] = clip(s[LAST_ROLL] / 40.0)
    o[10] = s[LAST_HIT]
    o[11] = p.line_length / MAX_LINE
    o[12] = s[ENCOUNTER] / p.encounters
    if s[ABILITY] >= 0:
        o[13 + s[ABILITY]] = 1.0
    for c in range(MAX_CHARS):
        first = GLOBALS + c * CHAR_SLOTS
        observe_char(s, p, o[first:first + CHAR_SLOTS], c)
