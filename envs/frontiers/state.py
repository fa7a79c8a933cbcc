"""State layout of a Frontiers encounter: the columns of one env's int32 row.

The header (``scenegym.envs.core.header``) comes first; every field below is a scalar per env
unless its comment gives a shape. Per-character fields are ``MAX_CHARS`` columns: character
``c``'s HP is at ``HP + c``. Slots ``0 .. MAX_PCS-1`` hold the party (the crew seat),
slots ``MAX_PCS .. MAX_CHARS-1`` the enemies (the GM seat). Each character carries up to
``MAX_EFFECTS`` timed effects: effect ``k`` of character ``c`` is at ``EFFECT_KIND + c *
MAX_EFFECTS + k`` (and the same offset of ``EFFECT_OWNER``, ``EFFECT_AMOUNT``).
"""

from scenegym.envs.core.header_columns import HEADER_SIZE

MAX_PCS = 4
MAX_ENEMIES = 4
MAX_CHARS = MAX_PCS + MAX_ENEMIES
MAX_EFFECTS = 8
MAX_LINE = 16       # longest line of Units a config may lay out
MAX_ABILITIES = 10  # catalogue size the action space has room for
MAX_ARCHETYPES = 8  # stat blocks a config may hold
MAX_POOL = 8        # archetype names in the enemy pool
MAX_DECLARED = 6    # entries one participant may declare in a Round (Simultaneous Turns)
MAX_ADJUST = 10     # largest Momentum adjustment offered: the largest Finesse modifier
NUM_ATTRS = 6
VIGOR, FINESSE, ACUITY, RESOLVE, AWARENESS, INTUITION = range(NUM_ATTRS)
ATTR_NAMES = ("vigor", "finesse", "acuity", "resolve", "awareness", "intuition")

_f = iter(range(HEADER_SIZE, HEADER_SIZE + 1024))


def _block(size):
    """Reserve ``size`` consecutive columns; returns the first."""
    first = next(_f)
    for _ in range(size - 1):
        next(_f)
    return first


# The expedition (``encounters`` encounters with Downtime between them).
ENCOUNTER = next(_f)     # () index of the encounter within the expedition, 0..
TOTAL = next(_f)         # () the crew's results so far: +1 per encounter won, -1 lost
BETWEEN = next(_f)       # () 1: an encounter ended and the expedition goes on to the next

# The encounter.
ROUND = next(_f)         # () round number, 1.. (0 while Momentum is established)
TURN_POS = next(_f)      # () index into ORDER of the participant whose Turn it is
ACTIVE = next(_f)        # () the participant whose Turn it is, -1 none
ADJUSTING = next(_f)     # () the participant choosing its Momentum adjustment, -1 none
ABILITY = next(_f)       # () the ability declared and awaiting its target / resolution, -1
TARGET = next(_f)        # () the declared ability's target, -1 none
COMMITTED = next(_f)     # () 1: the declared action spent all remaining AP (Committed Action)
MOVE_DEST = next(_f)     # () the Unit the active participant is moving to, -1 none
MOVE_CREDIT = next(_f)   # () Units paid for and not yet moved (Action-Based Movement)
LAST_ROLL = next(_f)     # () the last resolution roll's total (observation)
LAST_HIT = next(_f)      # () 1 hit / 0 miss of the last resolution roll

# The reaction window (a chain of declared Reactions, resolved last declared first).
WINDOW = next(_f)        # () trigger kind (TRIGGER_*), NO_WINDOW when closed
WINDOW_SOURCE = next(_f)  # () the participant whose act triggered the window
WINDOW_TARGET = next(_f)  # () the attacked participant (attack) / Unit left (movement)
ELIGIBLE = next(_f)      # () bitmask of participants who may still declare a Reaction
CHAIN_LEN = next(_f)     # () Reactions declared in the window
CHAIN = _block(MAX_CHARS)  # (8,) the declaring participants, in order of declaration

# Turn order of the current round.
ORDER = _block(MAX_CHARS)  # (8,) participants in Turn order; -1 past the last

# Per character (MAX_CHARS columns each).
PRESENT = _block(MAX_CHARS)   # (8,) 1: this slot holds a participant
ARCHETYPE = _block(MAX_CHARS)  # (8,) index of its archetype in the config
HP = _block(MAX_CHARS)        # (8,) current HP, 0..HP_MAX
HP_MAX = _block(MAX_CHARS)    # (8,)
WOUNDS = _block(MAX_CHARS)    # (8,) Wounds, 0..WOUNDS_MAX+1 (above the maximum: dead)
WOUNDS_MAX = _block(MAX_CHARS)  # (8,) 1 + Vigor modifier
FATIGUE = _block(MAX_CHARS)   # (8,) Fatigue, 0..FATIGUE_MAX
FATIGUE_MAX = _block(MAX_CHARS)  # (8,) 1 + Resolve modifier
ENERGY = _block(MAX_CHARS)    # (8,) Energy, -(ENERGY_MAX // 2)..ENERGY_MAX
ENERGY_MAX = _block(MAX_CHARS)  # (8,)
PDEF = _block(MAX_CHARS)      # (8,) Physical Defense before Wounds and Guard
MDEF = _block(MAX_CHARS)      # (8,) Mental Defense before Wounds
FINESSE_SCORE = _block(MAX_CHARS)  # (8,) the Finesse score (Momentum ties)
MODS = _block(MAX_CHARS * NUM_ATTRS)  # (8, 6) attribute modifiers at MODS + c * 6 + attr
MV = _block(MAX_CHARS)        # (8,) Momentum Value in force this round
MV_NEXT = _block(MAX_CHARS)   # (8,) Momentum Value from the start of the next round
ABILITIES = _block(MAX_CHARS)  # (8,) bitmask of the catalogue abilities it has
AP = _block(MAX_CHARS)        # (8,) Action Points left, 0..ap_per_turn
MP = _block(MAX_CHARS)        # (8,) Movement Points left this Turn
POS = _block(MAX_CHARS)       # (8,) Unit on the line, 0..line_length-1
DOWN = _block(MAX_CHARS)      # (8,) 1: Unconscious (prone, cannot act, move or react)
DEAD = _block(MAX_CHARS)      # (8,) 1: dead
PRONE = _block(MAX_CHARS)     # (8,) 1: prone (fell Unconscious; stands at its next Turn)
AT_ZERO = _block(MAX_CHARS)   # (8,) 1: was at 0 HP when last settled (Conscious at 0 HP)
PENDING_WOUNDS = _block(MAX_CHARS)   # (8,) Wounds owed, applied when the step resolves
PENDING_FATIGUE = _block(MAX_CHARS)  # (8,) Fatigue owed, applied when the step resolves
FREE_USED = _block(MAX_CHARS)  # (8,) bitmask of Free Action abilities used this round
REACTIONS = _block(MAX_CHARS)  # (8,) Reactions used this round
EFFECT_KIND = _block(MAX_CHARS * MAX_EFFECTS)    # (8, 8) EFFECT_* code, NO_EFFECT when free
EFFECT_OWNER = _block(MAX_CHARS * MAX_EFFECTS)   # (8, 8) participant the effect belongs to
EFFECT_AMOUNT = _block(MAX_CHARS * MAX_EFFECTS)  # (8, 8) its size (Defense, MP)

# Simultaneous Turns: declarations, and each participant's pools before it declared.
DECLARED = _block(MAX_CHARS)  # (8,) entries declared this Round
DECL_ACTION = _block(MAX_CHARS * MAX_DECLARED)  # (8, 6) catalogue ability, or DECL_MOVE
DECL_ARG = _block(MAX_CHARS * MAX_DECLARED)     # (8, 6) its target, or the Unit to move to
SNAP_AP = _block(MAX_CHARS)      # (8,) AP before declaring
SNAP_MP = _block(MAX_CHARS)      # (8,) MP before declaring
SNAP_ENERGY = _block(MAX_CHARS)  # (8,) Energy before declaring
SNAP_POS = _block(MAX_CHARS)     # (8,) Unit before declaring
SNAP_FREE = _block(MAX_CHARS)    # (8,) Free Actions used before declaring

STATE_SIZE = next(_f)

# What a participant carries from one encounter of an expedition to the next.
CARRIED = (PRESENT, ARCHETYPE, HP, HP_MAX, WOUNDS, WOUNDS_MAX, FATIGUE, FATIGUE_MAX, ENERGY,
           ENERGY_MAX, PDEF, MDEF, FINESSE_SCORE, ABILITIES, DOWN, DEAD, PRONE, AT_ZERO)
# Every per-participant field (MODS and the effect and declaration blocks are wider).
CHAR_FIELDS = CARRIED + (MV, MV_NEXT, AP, MP, POS, PENDING_WOUNDS, PENDING_FATIGUE, FREE_USED,
                         REACTIONS, DECLARED, SNAP_AP, SNAP_MP, SNAP_ENERGY, SNAP_POS,
                         SNAP_FREE)

# Phases (the pending decision).
ADJUST, ACT, TARGET_PICK, REACT = range(4)
NUM_PHASES = 4
PHASE_NAMES = {ADJUST: "momentum", ACT: "act", TARGET_PICK: "target", REACT: "react",
               -1: "over"}

DECL_MOVE = -1  # a declared move (DECL_ACTION), to the Unit in DECL_ARG

# Ability kinds (the catalogue's ``kind`` field).
KIND_ATTACK, KIND_HEAL, KIND_BOOST, KIND_GUARD, KIND_OPPORTUNITY = range(5)
KIND_NAMES = ("attack", "heal", "boost", "guard", "opportunity")
REACTION_KINDS = ("guard", "opportunity")  # declared in a reaction window
ACTION_KINDS = tuple(k for k in KIND_NAMES if k not in REACTION_KINDS)  # declared in a Turn
PHYSICAL, MENTAL = 0, 1
DEFENSE_NAMES = ("physical", "mental")

# Reaction windows.
NO_WINDOW, TRIGGER_ATTACK, TRIGGER_LEAVE = 0, 1, 2

# Timed effects.
NO_EFFECT, EFFECT_GUARD, EFFECT_IMPAIR, EFFECT_IMMOBILE = 0, 1, 2, 3
EFFECT_NAMES = ("none", "guarded", "impaired", "immobilised")

# Flat action ids.
A_ABILITY = 0                      # + catalogue index: declare that ability (act)
A_MOVE = A_ABILITY + MAX_ABILITIES  # + Unit: move there (act)
A_END = A_MOVE + MAX_LINE          # end the Turn (act)
A_TARGET = A_END + 1               # + participant: the declared ability's target
A_REACT = A_TARGET + MAX_CHARS     # + participant: it declares its Reaction (react)
A_PASS = A_REACT + MAX_CHARS       # declare no more Reactions: the chain resolves (react)
A_ADJUST = A_PASS + 1              # + (delta + MAX_ADJUST): Momentum adjustment (momentum)
NUM_ACTIONS = A_ADJUST + 2 * MAX_ADJUST + 1

# Event-log codes.
POOL_HP, POOL_WOUNDS, POOL_FATIGUE, POOL_ENERGY, POOL_AP, POOL_MP, POOL_MV, POOL_POS = range(8)
POOL_NAMES = ("HP", "Wounds", "Fatigue", "Energy", "AP", "MP", "MV", "position")
DIE_MOMENTUM, DIE_ATTACK, DIE_DAMAGE, DIE_HEAL, DIE_OVERSPEND, DIE_STRAIN, DIE_SETUP = range(7)
ROLL_ATTACK = 0
(NOTE_ROUND, NOTE_TURN, NOTE_TURN_END, NOTE_DECLARE, NOTE_REACT, NOTE_RESOLVE_REACTION,
 NOTE_UNCONSCIOUS, NOTE_DEAD, NOTE_EFFECT_START, NOTE_EFFECT_END, NOTE_PUSH, NOTE_WAKE,
 NOTE_SKIPPED, NOTE_OVERSPEND, NOTE_ORDER, NOTE_REVIVE, NOTE_FIZZLE, NOTE_ENCOUNTER,
 NOTE_STAND) = range(19)
END_ENEMIES_DOWN, END_PARTY_DOWN, END_ROUND_LIMIT = range(3)
END_NAMES = ("all enemies down", "all PCs down", "round limit")
