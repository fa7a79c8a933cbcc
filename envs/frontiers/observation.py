"""The Frontiers observation: a float32 vector, every slot scaled into [-1, 1].

Both seats see the same vector, except under Simultaneous Turns: while a seat declares,
the other side's AP, MP, Energy, Unit and Free Actions show as they were before it
declared, so its plans stay hidden. :data:`SLOTS` declares every slot once, by name and
scale (:mod:`scenegym.envs.core.slots`): global slots first, then ``CHAR_SLOTS`` slots per
participant slot (``c0_hp_share`` ... ``c7_reactions_used``; absent participants all 0), so
``o[SLOT.c0_unit + c * CHAR_SLOTS] * SCALE.c0_unit`` is participant ``c``'s Unit under any
config. Slots of scale ``AS_IS`` are flags, one-hots and shares.
"""

from __future__ import annotations

from numba import uint64

from scenegym.envs.core.header import PHASE, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.core.slots import (
    AS_IS,
    observation_slots,
    one_hot,
    per_character,
    write_one_hot,
)
from scenegym.envs.frontiers.condition import effect_totals, guarded_defense, seat_of
from scenegym.envs.frontiers.options import movement_within
from scenegym.envs.frontiers.state import (
    ABILITY,
    ACT,
    ACTIVE,
    ADJUSTING,
    AP,
    COMMITTED,
    DEAD,
    DOWN,
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
    PHASE_NAMES,
    PHYSICAL,
    POS,
    PRESENT,
    PRONE,
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

MAX_HP = 100       # scale of maximum HP
MAX_MV = 40        # scale of Momentum Values (rolled: up to 1d20 + Finesse; shifts add)
MAX_POINTS = 20    # scale of MP and movement left
MAX_DEFENSE = 40   # scale of Defenses
MAX_BONUS = 10     # scale of effect sizes (Guard, impairment)
MAX_REACTIONS = 3  # scale of Reactions used in a Round

GLOBAL_ENTRIES = (
    one_hot(f"phase_{PHASE_NAMES[k]}" for k in range(NUM_PHASES))
    + [("seat_is_gm", AS_IS), ("round_share", AS_IS), ("window_attack", AS_IS),
       ("window_leave", AS_IS), ("committed", AS_IS), ("last_roll", MAX_MV),
       ("last_hit", AS_IS), ("line_length", MAX_LINE), ("encounter_share", AS_IS)]
    + one_hot(f"declared_ability_{k}" for k in range(MAX_ABILITIES))
)
CHAR_ENTRIES = (
    [("present", AS_IS), ("is_pc", AS_IS), ("hp_share", AS_IS), ("hp_max", MAX_HP),
     ("wounds_share", AS_IS), ("fatigue_share", AS_IS), ("energy_share", AS_IS), ("ap", 3),
     ("mp", MAX_POINTS), ("movement_left", MAX_POINTS), ("unit", MAX_LINE), ("mv", MAX_MV)]
    + one_hot(("unconscious", "dead", "prone", "active", "target", "adjusting", "may_react"))
    + [("physical_defense", MAX_DEFENSE), ("mental_defense", MAX_DEFENSE),
       ("guard", MAX_BONUS), ("impaired", MAX_BONUS), ("immobilised", AS_IS),
       ("free_used", AS_IS), ("reactions_used", MAX_REACTIONS)]
)
SLOTS = observation_slots(list(GLOBAL_ENTRIES) + per_character("c", MAX_CHARS, CHAR_ENTRIES))
OBSERVATION_NAMES = SLOTS.names
OBS_SIZE = len(OBSERVATION_NAMES)
SLOT, SCALE = SLOTS.index, SLOTS.scale
CHAR = observation_slots(CHAR_ENTRIES).index  # a slot's offset within a participant's block
CHAR_SLOTS = len(CHAR_ENTRIES)
GLOBALS = len(GLOBAL_ENTRIES)


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
def shown(s, c, live, kept, hide):
    """Participant ``c``'s field as the pending seat may see it (``hide``: :func:`hidden`)."""
    return s[kept + c] if hide else s[live + c]


@njit(cache=True)
def observe_char(s, p, o, c):
    """Participant ``c``'s slots into its block of ``o`` (float32[OBS_SIZE]; each slot written
    once, by its offset: no view of the block is made)."""
    b = char_base(c)
    if absent(s, o, c, b):
        return
    sc = SCALE  # participant 0's scales are every participant's
    hide = hidden(s, p, c)
    guard, impair, immobilise = effect_totals(s, c)
    observe_standing(s, o, c, b, hide)
    observe_movement(s, p, o, c, b, hide, immobilise)
    put(o, b, CHAR.hp_max, clip(s[HP_MAX + c] / sc.c0_hp_max))
    put(o, b, CHAR.wounds_share, s[WOUNDS + c] / (s[WOUNDS_MAX + c] + 1))
    put(o, b, CHAR.fatigue_share, s[FATIGUE + c] / max(s[FATIGUE_MAX + c], 1))
    put(o, b, CHAR.energy_share, clip(shown(s, c, ENERGY, SNAP_ENERGY, hide)
                                      / max(s[ENERGY_MAX + c], 1)))
    put(o, b, CHAR.ap, shown(s, c, AP, SNAP_AP, hide) / sc.c0_ap)
    put(o, b, CHAR.mp, clip(shown(s, c, MP, SNAP_MP, hide) / sc.c0_mp))
    put(o, b, CHAR.mv, clip(s[MV + c] / sc.c0_mv))
    put(o, b, CHAR.prone, s[PRONE + c])
    put(o, b, CHAR.target, 1.0 if s[TARGET] == c else 0.0)
    put(o, b, CHAR.adjusting, 1.0 if s[ADJUSTING] == c else 0.0)
    put(o, b, CHAR.may_react, (s[ELIGIBLE] >> c) & 1)
    physical = guarded_defense(s, p, c, PHYSICAL, guard)
    put(o, b, CHAR.physical_defense, clip(physical / sc.c0_physical_defense))
    mental = guarded_defense(s, p, c, MENTAL, guard)
    put(o, b, CHAR.mental_defense, clip(mental / sc.c0_mental_defense))
    put(o, b, CHAR.guard, clip(guard / sc.c0_guard))
    put(o, b, CHAR.impaired, clip(impair / sc.c0_impaired))
    put(o, b, CHAR.immobilised, 1.0 if immobilise > 0 else 0.0)
    put(o, b, CHAR.free_used, 1.0 if shown(s, c, FREE_USED, SNAP_FREE, hide) != 0 else 0.0)
    put(o, b, CHAR.reactions_used, clip(s[REACTIONS + c] / sc.c0_reactions_used))


@njit(inline="always")
def put(o, b, k, x):
    """``o[b + k] = x``, indexed as unsigned: no check for a negative index (a block's slot
    ``k`` from its first slot ``b``)."""
    o[uint64(b) + uint64(k)] = x


@njit(inline="always")
def char_base(c):
    """The slot of ``o`` where participant ``c``'s block begins."""
    return GLOBALS + c * CHAR_SLOTS


@njit(cache=True)
def absent(s, o, c, b):
    """Whether participant ``c`` is absent; an absent participant's slots (its block of
    ``o`` from slot ``b``) are all 0, written here."""
    if s[PRESENT + c] == 0:
        for k in range(CHAR_SLOTS):
            put(o, b, k, 0.0)
        return True
    return False


@njit(cache=True)
def observe_standing(s, o, c, b, hide):
    """Present participant ``c``'s side, HP share, Unit, whether it is Unconscious, dead or
    active, into its block of ``o`` from slot ``b`` (``hide``: :func:`hidden`)."""
    put(o, b, CHAR.present, 1.0)
    put(o, b, CHAR.is_pc, 1.0 if c < MAX_PCS else 0.0)
    put(o, b, CHAR.hp_share, s[HP + c] / max(s[HP_MAX + c], 1))
    put(o, b, CHAR.unit, shown(s, c, POS, SNAP_POS, hide) / SCALE.c0_unit)
    put(o, b, CHAR.unconscious, s[DOWN + c])
    put(o, b, CHAR.dead, s[DEAD + c])
    put(o, b, CHAR.active, 1.0 if s[ACTIVE] == c else 0.0)


@njit(cache=True)
def observe_movement(s, p, o, c, b, hide, immobilise):
    """Present participant ``c``'s movement left into its block of ``o`` from slot ``b``
    (``hide``: :func:`hidden`; ``immobilise``: the total of its immobilisation effects)."""
    put(o, b, CHAR.movement_left, 0.0 if hide else clip(
        movement_within(s, p, c, immobilise > 0) / SCALE.c0_movement_left))


@njit(cache=True)
def observe_phase(s, o):
    """The pending decision's phase, one-hot."""
    write_one_hot(o, SLOT.phase_momentum, NUM_PHASES, s[PHASE])


@njit(cache=True)
def observe(s, p, o):
    """Write env row ``s``'s observation into ``o`` (float32[OBS_SIZE])."""
    for k in range(GLOBALS):
        o[k] = 0.0
    observe_phase(s, o)
    o[SLOT.seat_is_gm] = 1.0 if s[SEAT] == 1 else 0.0
    o[SLOT.round_share] = min(s[ROUND] / p.max_rounds, 1.0)
    o[SLOT.window_attack] = 1.0 if s[WINDOW] == TRIGGER_ATTACK else 0.0
    o[SLOT.window_leave] = 1.0 if s[WINDOW] == TRIGGER_LEAVE else 0.0
    o[SLOT.committed] = s[COMMITTED]
    o[SLOT.last_roll] = clip(s[LAST_ROLL] / SCALE.last_roll)
    o[SLOT.last_hit] = s[LAST_HIT]
    o[SLOT.line_length] = p.line_length / SCALE.line_length
    o[SLOT.encounter_share] = s[ENCOUNTER] / p.encounters
    if s[ABILITY] >= 0:
        o[SLOT.declared_ability_0 + s[ABILITY]] = 1.0
    for c in range(MAX_CHARS):
        observe_char(s, p, o, c)


@njit(cache=True)
def heuristic_view(s, p, o):
    """The slots the heuristic reads (``scenegym.envs.frontiers.heuristic``), as
    :func:`observe` writes them: the phase; in the choice of an Action or of a target, every
    participant's standing (:func:`observe_standing`; an absent one's slots all 0); in the
    choice of an Action, the active participant's movement left. (In the other choices,
    Momentum adjustments and Reactions, it reads the action mask alone.)"""
    observe_phase(s, o)
    if s[PHASE] != ACT and s[PHASE] != TARGET_PICK:
        return
    for c in range(MAX_CHARS):
        b = char_base(c)
        if not absent(s, o, c, b):
            observe_standing(s, o, c, b, hidden(s, p, c))
    c = s[ACTIVE]
    if s[PHASE] == ACT and 0 <= c < MAX_CHARS and s[PRESENT + c] == 1:
        observe_movement(s, p, o, c, char_base(c), hidden(s, p, c), effect_totals(s, c)[2])
