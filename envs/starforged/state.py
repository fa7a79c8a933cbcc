"""State layout of a Starforged scene challenge: the columns of one env's int32 row.

The header (``scenegym.envs.core.header``) comes first; every field below is a scalar per env
unless its comment gives a shape. Ranges are those of the default config.
"""

from scenegym.envs.core.header_columns import HEADER_SIZE

# Ranges a config may give (the config refuses beyond them; the observation scales by them).
MAX_MOMENTUM = 20  # highest momentum_max and -momentum_min
MAX_METER = 10     # highest meter_max
MAX_STAT = 5       # highest stat
MAX_BOXES = 20     # most boxes of the progress track
MAX_SEGMENTS = 20  # most segments of a tension clock
MAX_BONUS = 10     # highest advantage_bonus

_f = iter(range(HEADER_SIZE, HEADER_SIZE + 64))

# The character.
MOMENTUM = next(_f)     # () momentum, momentum_min .. max momentum (10 - impacts)
HEALTH = next(_f)       # () condition meter, 0..5
SPIRIT = next(_f)       # () condition meter, 0..5
SUPPLY = next(_f)       # () condition meter, 0..5
WOUNDED = next(_f)      # () impact flag, 0/1 (health at 0)
SHAKEN = next(_f)       # () impact flag, 0/1 (spirit at 0)
UNPREPARED = next(_f)   # () impact flag, 0/1 (supply at 0)
STATS = next(_f)        # (5,) edge, heart, iron, shadow, wits: columns STATS .. STATS+4
for _ in range(4):
    next(_f)
BONUS = next(_f)        # () +N on the next scene move (Secure an Advantage), 0 when spent

# The scene challenge.
PROGRESS = next(_f)     # () progress ticks, 0..40 (a box is 4 ticks)
MARK_TICKS = next(_f)   # () ticks one "mark progress" fills (by rank: formidable 4)
CLOCK = next(_f)        # () tension clock segments filled
SEGMENTS = next(_f)     # () tension clock size (4/6/8 by situation)
MOVES = next(_f)        # () scene moves made (Face Danger / Secure an Advantage)
APPROACH = next(_f)     # () how the crew must act at its move: the stat's index + 1; 0: free

# The roll being resolved (context of the BURN, ADVANTAGE and PRICE decisions).
MOVE_KIND = next(_f)    # () FACE_DANGER or SECURE_ADVANTAGE
STAT_USED = next(_f)    # () index of the stat rolled, 0..4
ACTION_DIE = next(_f)   # () the action die, 1..6
SCORE = next(_f)        # () the action score, capped at 10
CHALLENGE1 = next(_f)   # () first challenge die, 1..10
CHALLENGE2 = next(_f)   # () second challenge die, 1..10
ROLL_OUTCOME = next(_f)      # () MISS / WEAK_HIT / STRONG_HIT of the roll being resolved
BURN_OUTCOME = next(_f)  # () the outcome burning momentum would give

STATE_SIZE = next(_f)

# Phases (the pending decision).
BEGIN, MOVE, BURN, ADVANTAGE, PRICE, APPROACH_PHASE = 0, 1, 2, 3, 4, 5
PHASE_NAMES = {BEGIN: "situation", MOVE: "move", BURN: "burn", ADVANTAGE: "advantage",
               PRICE: "price", APPROACH_PHASE: "approach", -1: "over"}
NUM_PHASES = 6

# Moves and outcomes.
FACE_DANGER, SECURE_ADVANTAGE = 0, 1
MISS, WEAK_HIT, STRONG_HIT = 0, 1, 2
OUTCOME_NAMES = {MISS: "Miss", WEAK_HIT: "Weak hit", STRONG_HIT: "Strong hit"}

# Prices (Pay the Price), as the GM chooses them or the oracle rows map to them.
NARRATIVE, LOSE_MOMENTUM, ENDURE_HARM, ENDURE_STRESS, SACRIFICE_RESOURCES, ROLL_TWICE = range(6)
NUM_PRICES = 5  # ROLL_TWICE is an oracle row only
PRICE_NAMES = ("narrative cost", "Lose Momentum", "Endure Harm", "Endure Stress",
               "Sacrifice Resources", "roll twice")

# Situations at Begin the Scene.
DISADVANTAGED, EQUAL_FOOTING, STRONG_ADVANTAGE = 0, 1, 2
NUM_SITUATIONS = 3
SITUATION_NAMES = ("severely disadvantaged", "equal footing", "strong advantage")
EDGE, HEART, IRON, SHADOW, WITS = range(5)
STAT_NAMES = ("edge", "heart", "iron", "shadow", "wits")
NUM_STATS = 5

# Flat action ids.
A_FACE_DANGER = 0           # + stat index (0..4)
A_SECURE_ADVANTAGE = 5      # + stat index (0..4)
A_FINISH = 10
A_KEEP = 11                 # do not burn momentum
A_BURN = 12
A_TAKE_MOMENTUM = 13        # Secure an Advantage weak hit: +2 momentum
A_TAKE_BONUS = 14           # Secure an Advantage weak hit: +1 on the next move
A_PRICE = 15                # + price kind (0..4)
A_SITUATION = 20            # + situation (0..2)
A_APPROACH = 23             # + stat index (0..4): how the crew must act at its next move
NUM_ACTIONS = 28

# Event-log codes.
POOL_MOMENTUM, POOL_HEALTH, POOL_SPIRIT, POOL_SUPPLY, POOL_PROGRESS, POOL_CLOCK, POOL_BONUS, \
    POOL_IMPACT = range(8)
POOL_NAMES = ("Momentum", "Health", "Spirit", "Supply", "Progress", "Clock", "Bonus", "Impact")
DIE_ACTION, DIE_CHALLENGE, DIE_ORACLE, DIE_SITUATION, DIE_APPROACH = range(5)
ROLL_MOVE, ROLL_PROGRESS, ROLL_ENDURE = range(3)
NOTE_BURN, NOTE_CANCEL, NOTE_PRICE, NOTE_SITUATION, NOTE_MATCH, NOTE_FINISH, NOTE_APPROACH = \
    range(7)
FINISH_CHOSEN, FINISH_CLOCK_FULL, FINISH_TRACK_FULL = range(3)
FINISH_REASONS = ("the crew ends the scene", "the tension clock is full", "the progress track is full")
END_FINISH, END_CUT_OFF = 0, 1
