"""State layout of a Momentum structured scene: the columns of one env's int32 row.

The header (``scenegym.envs.core.header``) comes first; every field below is a scalar per env
unless its comment gives a shape. Per-character fields are ``MAX_PCS`` (or ``MAX_NPCS``)
columns: PC ``c``'s wounds are at ``WOUNDS + c``. Ranges are those of the default config.
"""

from scenegym.envs.core.header_columns import HEADER_SIZE

MAX_PCS = 6
MAX_NPCS = 6
MAX_FULL = 40  # highest Full Momentum a config may give (the observation scales by it)

_f = iter(range(HEADER_SIZE, HEADER_SIZE + 256))


def _block(size):
    """Reserve ``size`` consecutive columns; returns the first."""
    first = next(_f)
    for _ in range(size - 1):
        next(_f)
    return first


# The scene.
MOMENTUM = next(_f)      # () crew Momentum, 0..FULL
FULL = next(_f)          # () Full Momentum of this scene (3 x PCs + 1)
START = next(_f)         # () starting Momentum of this scene
ROUND = next(_f)         # () round number, 1.. (0 before the first round)
LEADER = next(_f)        # () CREW or GM: the side that acts first this round
SIDE = next(_f)          # () CREW or GM: the side whose characters act now
GM_SEIZE_NEXT = next(_f)  # () 1: the GM seized initiative for the next round
CREW_SEIZED = next(_f)   # () 1: the crew used Seize this round
NEXT_PC = next(_f)       # () PC named by handoff to act next, -1 none
RISK_NEXT = next(_f)     # () +Risk on the next crew roll (a Costly Success cost)
FIAT_LEFT = next(_f)     # () GM fiat uses left this scene
COMPLICATIONS = next(_f)  # () lasting complications taken this scene
CARRIED = next(_f)       # () complications carried in from every earlier scene of the mission
RESUME = next(_f)        # () THEN_*: what follows when the crew / GM plays on at a threshold
EXCHANGES = next(_f)     # () social: exchanges won by the crew minus exchanges lost
GOAL_CREW = next(_f)     # () social goal counter: successes tallied by the crew
GOAL_GM = next(_f)       # () social goal counter: successes tallied by the GM side

# The mission (episode="mission"): fictional scenes inside one engine episode.
STORY_SCENE = next(_f)   # () index of the fictional scene within the mission, 0..
ACT = next(_f)           # () index of the act, 0..
WINS = next(_f)          # () fictional scenes the crew won this mission
LOSSES = next(_f)        # () fictional scenes the crew lost this mission
CUT_SCENES = next(_f)    # () fictional scenes cut off at the round limit this mission

# The turn and the roll being resolved.
TURN = next(_f)          # () CREW_TURN (a PC acts) or NPC_TURN (an NPC threatens a PC)
ACTOR = next(_f)         # () the PC who rolls, -1 none
NPC = next(_f)           # () the acting / opposing NPC, -1 none
RISK = next(_f)          # () Risk of the roll, 0..risk_cap
POOL = next(_f)          # () pool dice of the roll
PRESSED = next(_f)       # () 1: Press used on this roll
BRACED = next(_f)        # () 1: Brace used on this roll
UPGRADED = next(_f)      # () 1: a Willpower upgrade on this roll
CORRECTED = next(_f)     # () 1: Correct used on this roll
SUCCESSES = next(_f)     # () pool dice showing a success face
SIXES = next(_f)         # () pool dice showing a critical face
HITS = next(_f)          # () risk dice showing a hit face (the Press's among them)
PRESS_HITS = next(_f)    # () the Press's risk dice showing a hit face
OPP_SUCCESSES = next(_f)  # () social contest: the opponent's successes
OPP_SIXES = next(_f)     # () social contest: the opponent's critical faces
ROLL_RESULT = next(_f)   # () result code of the roll (CRITICAL_FAILURE .. CRITICAL_SUCCESS)

# Per PC (MAX_PCS columns each).
WOUNDS = _block(MAX_PCS)     # (6,) wounds taken, 0..Strength+Will
WILLPOWER = _block(MAX_PCS)  # (6,) Willpower left, 0..Will
OUT = _block(MAX_PCS)        # (6,) 1: at wound capacity, out of the mission (never acts)
ACTED = _block(MAX_PCS)      # (6,) 1: has taken its turn this round
EVER = _block(MAX_PCS)       # (6,) 1: has taken a turn this scene (thresholds wait for all)
GROUND = _block(MAX_PCS)     # (6,) social: pool dice lost on the next roll (lost ground)

# Per NPC (MAX_NPCS columns).
NPC_ACTED = _block(MAX_NPCS)  # (6,) 1: has taken its turn this round

STATE_SIZE = next(_f)

# Phases (the pending decision).
PICK, HANDOFF, NPC_PICK, TARGET, SET_RISK, SPEND, CORRECT, COST, GM_SEIZE, SEIZE, \
    AT_FULL, AT_ZERO, FIAT = range(13)
NUM_PHASES = 13
PHASE_NAMES = {PICK: "pick", HANDOFF: "handoff", NPC_PICK: "npc", TARGET: "target",
               SET_RISK: "risk", SPEND: "spend", CORRECT: "correct", COST: "cost",
               GM_SEIZE: "gm_seize", SEIZE: "seize", AT_FULL: "at_full", AT_ZERO: "at_zero",
               FIAT: "fiat", -1: "over"}

# What follows a threshold decision that plays on (RESUME): the end of the turn, or the
# step that moved Momentum onto the threshold (step 4 of the roll, Correct's reroll, Seize).
THEN_AFTER_TURN, THEN_SPEND, THEN_REROLL, THEN_NEXT_TURN = range(4)

# Sides (as header seats) and turns.
CREW_SIDE, GM_SIDE = 0, 1
CREW_TURN, NPC_TURN = 0, 1

# Roll results, worst to best.
CRITICAL_FAILURE, FAILURE, COSTLY_SUCCESS, SUCCESS, CRITICAL_SUCCESS = range(5)
RESULT_NAMES = ("Critical Failure", "Failure", "Costly Success", "Success", "Critical Success")
RESULT_KEYS = ("critical_failure", "failure", "costly_success", "success", "critical_success")

# Costs of a Costly Success (the GM's choice).
COST_WOUND, COST_WILLPOWER, COST_MOMENTUM, COST_RISK, COST_COMPLICATION = range(5)
NUM_COSTS = 5
COST_NAMES = ("a Wound", "-1 Willpower", "-1 Momentum", "+1 Risk on the next crew roll",
              "a lasting complication")

# Flat action ids.
A_PC = 0              # + PC index (0..5): pick / hand off to / target a PC
A_NPC = 6             # + NPC index (0..5): the GM picks the acting NPC
A_TARGET = 12         # + PC index (0..5): the GM picks the NPC's target
A_RISK = 18           # + Risk (0..RISK_ACTIONS-1): the GM sets the Risk
RISK_ACTIONS = 7
A_PRESS = 25
A_BRACE = 26
A_WILLPOWER = 27
A_ROLL = 28           # roll now (no more step-4 spends)
A_CORRECT = 29
A_KEEP = 30           # keep the roll (no Correct)
A_COST = 31           # + cost kind (0..4)
A_SEIZE = 36          # crew: Seize / GM: seize initiative after a crew Critical Failure
A_PASS = 37           # decline (Seize, ending at a threshold, GM seizing)
A_END = 38            # end the scene at a threshold (crew at Full, GM at 0)
A_FIAT = 39           # + (delta + FIAT_ACTIONS_MAX): GM fiat, delta in -3..+3 (0 = none)
FIAT_ACTIONS_MAX = 3
NUM_ACTIONS = A_FIAT + 2 * FIAT_ACTIONS_MAX + 1

# Event-log codes.
POOL_MOMENTUM, POOL_WOUNDS, POOL_WILLPOWER, POOL_RISK_NEXT, POOL_COMPLICATIONS, \
    POOL_GOAL_CREW, POOL_GOAL_GM = range(7)
POOL_NAMES = ("Momentum", "Wounds", "Willpower", "Risk on the next crew roll", "Complications",
              "crew goal", "GM goal")
DIE_POOL, DIE_RISK, DIE_OPPONENT, DIE_UPGRADED, DIE_PRESS = range(5)
NOTE_ROUND, NOTE_CREW_TURN, NOTE_NPC_TURN, NOTE_RISK, NOTE_PRESS, NOTE_BRACE, NOTE_UPGRADE, \
    NOTE_CORRECT, NOTE_SEIZE, NOTE_GM_SEIZE, NOTE_COST, NOTE_FIAT, NOTE_OUT, NOTE_SCENE_START, \
    NOTE_SCENE_OVER, NOTE_ACT_BREAK, NOTE_HANDOFF = range(17)
END_FULL, END_ZERO, END_ROUND_LIMIT, END_CREW_OUT, END_GOAL, END_NARRATIVE, END_MISSION = range(7)
END_NAMES = ("full", "zero", "round limit", "crew out", "goal", "narrative", "mission")
