"""State layout of a Star Trek Adventures personal conflict: the columns of one env's int32 row.

The header (``scenegym.envs.core.header``) comes first; every field below is a scalar per env
unless its comment gives a shape. Characters ``0 .. MAX_PCS-1`` are player characters (the
crew side), ``MAX_PCS .. MAX_CHARS-1`` are NPCs (the GM side): character ``c``'s Stress is at
``STRESS + c``. Zones form a line: zone ``z`` is adjacent to ``z-1`` and ``z+1``.
"""

from scenegym.envs.core.header_columns import HEADER_SIZE

MAX_PCS = 4
MAX_NPCS = 4
MAX_CHARS = MAX_PCS + MAX_NPCS
MAX_ZONES = 6
NUM_ATTRIBUTES = 6
NUM_DEPARTMENTS = 6

_f = iter(range(HEADER_SIZE, HEADER_SIZE + 1024))


def _block(size):
    """Reserve ``size`` consecutive columns; returns the first."""
    first = next(_f)
    for _ in range(size - 1):
        next(_f)
    return first


# The scene.
MOMENTUM = next(_f)      # () crew Momentum pool, 0..momentum_max
THREAT = next(_f)        # () GM Threat pool, 0..
ROUND = next(_f)         # () round number, 1..max_rounds
SIDE = next(_f)          # () CREW or GM: the side whose turn it is (or whose pick is pending)
KEPT = next(_f)          # () 1: the current turn was handed over by Keep the Initiative
ZONES = next(_f)         # () zones of the battlefield, 3..MAX_ZONES
ZONE_COVER = _block(MAX_ZONES)    # (6,) 1: the zone gives cover to everyone in it
ZONE_TERRAIN = _block(MAX_ZONES)  # (6,) Momentum to move out of the zone (difficult terrain)
OBSTACLE = _block(MAX_ZONES)      # (6,) Momentum to cross from zone z to z+1 (obstacle)

# The turn and the task being resolved.
ACTOR = next(_f)         # () the character taking the turn, -1 none
TARGET = next(_f)        # () target of the major action, -1 none
TASK = next(_f)          # () task kind: TASK_ATTACK, TASK_FIRST_AID, TASK_GUARD
DEADLY = next(_f)        # () 1: the attack inflicts a Deadly Injury
MINORS = next(_f)        # () minor actions taken this turn
AIMED = next(_f)         # () 1: Aim was taken this turn (re-roll one d20 on the attack)
PRONE_TOGGLED = next(_f)  # () 1: Stand or Drop Prone was taken this turn
ROLLER = next(_f)        # () the character rolling now (reactive side first), -1 none
BOUGHT = next(_f)        # () d20s bought for the roll being built
PERFECT = next(_f)       # () 1: Determination (Perfect Opportunity) spent on this roll
OPPOSED = next(_f)       # () 1: the task is opposed
DIFFICULTY = next(_f)    # () Difficulty of the active task (after the reaction in an opposed task)
REACTION = next(_f)      # () successes of the reactive side's roll
SUCCESSES = next(_f)     # () successes of the active roll
TASK_MOMENTUM = next(_f)  # () an NPC's Momentum from its task, unspent (becomes Threat)
BONUS = next(_f)         # () bonus Momentum of the task (prone target): spent first, never saved
SEVERITY = next(_f)      # () severity of the pending Injury
ADDED = next(_f)         # () severity added by Momentum on this attack (at most added_max)
VICTIM = next(_f)        # () character facing the pending Injury, -1 none
VICTIM_DEADLY = next(_f)  # () 1: the pending Injury is Deadly
MOVED = next(_f)         # () 1: a Movement minor action was taken this turn (no Sprint after it)
SPRINTED = next(_f)      # () 1: the actor Sprinted this turn (no Movement minor action after it)
EXTRA = next(_f)         # () 1: the second major action of this turn is under way
DIRECTOR = next(_f)      # () the character whose Direct lets ACTOR act now, -1 none
INTERRUPTED = next(_f)   # () the character whose turn a readied attack interrupts, -1 none
SPRINT_TO = next(_f)     # () the zone a Sprint is headed for, -1 none
SPENT = next(_f)         # () once-per-turn spends taken: bit 0 Alter Trait, bit 1 Disarm
CREW_LEADER = next(_f)   # () the PC who may Direct, -1 none
NPC_LEADER = next(_f)    # () the NPC who may Direct, -1 none

# Per character (MAX_CHARS columns each).
PRESENT = _block(MAX_CHARS)     # (8,) 1: the character is in the scene
TIER = _block(MAX_CHARS)        # (8,) PC, MINOR, NOTABLE or MAJOR
ATTRIBUTES = _block(MAX_CHARS * NUM_ATTRIBUTES)    # (8*6,) character c: ATTRIBUTES + 6c + k
DEPARTMENTS = _block(MAX_CHARS * NUM_DEPARTMENTS)  # (8*6,) character c: DEPARTMENTS + 6c + k
FOCUS = _block(MAX_CHARS)       # (8,) bit k set: a focus applies to tasks with department k
WEAPON = _block(MAX_CHARS)      # (8,) weapon index into the config's weapon table
PROTECTION = _block(MAX_CHARS)  # (8,) Protection
ZONE = _block(MAX_CHARS)        # (8,) zone the character stands in
REACH = _block(MAX_CHARS)       # (8,) bit j set: character j is within Reach
STRESS = _block(MAX_CHARS)      # (8,) Stress suffered (PCs)
STRESS_MAX = _block(MAX_CHARS)  # (8,) maximum Stress (Fitness for PCs, 0 for NPCs)
INJURIES = _block(MAX_CHARS)    # (8,) Injuries suffered
DEADLY_INJURIES = _block(MAX_CHARS)  # (8,) of which Deadly
STUN_INJURIES = _block(MAX_CHARS)    # (8,) of which Stun (removed after a turn undefeated)
DEFEATED = _block(MAX_CHARS)    # (8,) 1: Defeated (prone, no actions)
WITHDRAWN = _block(MAX_CHARS)   # (8,) 1: has left the battlefield
ACTED = _block(MAX_CHARS)       # (8,) 1: has taken (or given up) its turn this round
PRONE = _block(MAX_CHARS)       # (8,) 1: has the Prone trait
DRAWN = _block(MAX_CHARS)       # (8,) 1: its weapon is drawn
GUARD = _block(MAX_CHARS)       # (8,) 1: Guard (attacks against it +1 Difficulty)
AVOIDED = _block(MAX_CHARS)     # (8,) Injuries avoided with Threat this scene (Notable NPCs)
COMPLICATIONS = _block(MAX_CHARS)  # (8,) complications raising its next task's Difficulty
ASSIST_FOR = _block(MAX_CHARS)  # (8,) the ally it will Assist this round, -1 none
DETERMINATION = _block(MAX_CHARS)  # (8,) Determination points (PCs)
MAJORS = _block(MAX_CHARS)      # (8,) major actions attempted this round (at most max_majors)
READY_AT = _block(MAX_CHARS)    # (8,) the enemy whose turn springs this character's readied attack
HINDER = _block(MAX_CHARS)      # (8,) hindering traits on the character (+Difficulty each)
BOON = _block(MAX_CHARS)        # (8,) helpful traits on the character (-Difficulty each)
UNTREATED = _block(MAX_CHARS)   # (8,) Deadly Injuries not yet treated
WORST = _block(MAX_CHARS)       # (8,) severity of its worst untreated Deadly Injury
RESERVE = _block(MAX_CHARS)     # (8,) 1: an NPC the GM may bring in as a reinforcement

# Social conflict (conflict="social").
SOCIAL_STEP = next(_f)   # () 0: the first roller (the actor) rolls; 1: the second (the target)
FIRST_SUCCESSES = next(_f)  # () successes of the first roll of a social opposed task
HOSTILE = next(_f)       # () 1: Intimidation has been used this scene
SPENDER = next(_f)       # () the character spending Momentum after a social task, -1 none
RECOVERED = next(_f)     # () Stress removed with Momentum after the current task
LIES = _block(MAX_CHARS * MAX_CHARS)  # (8*8,) lies character c told t, believed: LIES + 8c + t
EVIDENCE = _block(MAX_CHARS)    # (8,) pieces of Evidence this character can still offer
SHOWN = _block(MAX_CHARS)       # (8,) pieces of Evidence this character has offered
FEAR = _block(MAX_CHARS)        # (8,) Intimidation traits imposed on this character
OFFERS = _block(MAX_CHARS)      # (8,) Negotiation offers this character has made
FRESH = _block(MAX_CHARS)       # (8,) 1: a request of this character may be made (not resisted
                                #      since the context last changed), whoever asks
BULLY_FAILS = _block(MAX_CHARS)  # (8,) failed attempts to intimidate this character
SHUT = _block(MAX_CHARS)        # (8,) attribute shut down by Fatigue, -1 none
PROOF = _block(MAX_CHARS)       # (8,) of SHOWN, the pieces that lower the Difficulty of its requests

STATE_SIZE = next(_f)

# Tiers.
PC, MINOR_NPC, NOTABLE_NPC, MAJOR_NPC = 0, 1, 2, 3
TIER_NAMES = ("PC", "Minor NPC", "Notable NPC", "Major NPC")

# Attributes and departments (index order of every 6-tuple).
CONTROL, DARING, FITNESS, INSIGHT, PRESENCE, REASON = range(6)
ATTRIBUTE_NAMES = ("Control", "Daring", "Fitness", "Insight", "Presence", "Reason")
COMMAND, CONN, ENGINEERING, MEDICINE, SCIENCE, SECURITY = range(6)
DEPARTMENT_NAMES = ("Command", "Conn", "Engineering", "Medicine", "Science", "Security")

# Weapon injury kinds.
STUN_ONLY, DEADLY_ONLY, STUN_OR_DEADLY = 1, 2, 3

# Tasks.
TASK_NONE, TASK_ATTACK, TASK_FIRST_AID, TASK_GUARD, TASK_REQUEST, TASK_DECEIVE, \
    TASK_INTIMIDATE, TASK_SPRINT, TASK_CREATE_TRAIT, TASK_TREAT = range(10)
TASK_NAMES = ("none", "Attack", "First Aid", "Guard", "Persuade", "Deception", "Intimidation",
              "Sprint", "Create Trait", "First Aid (treat an Injury)")
PERSONAL, SOCIAL = 0, 1  # the conflict kinds
FIRST_DOUBT, FIRST_NPCS, FIRST_CREW = range(3)  # who takes the first turn (config.FIRST_TURNS)
# Social skills: index into the config's skill pairs (params.skills[2k], [2k+1]).
SKILL_PERSUADE, SKILL_RESIST, SKILL_DECEIVE, SKILL_SEE_THROUGH, SKILL_INTIMIDATE, \
    SKILL_STAND_FIRM = range(6)

# Phases (the pending decision).
FIRST, PICK, MINOR, MAJOR, BUY, SPEND, AVOID, COUNTER, KEEP, YIELD, GIVE, SHUT_DOWN, \
    SPRING, AFTER = range(14)
NUM_PHASES = 14
PHASE_NAMES = {FIRST: "first turn", PICK: "pick", MINOR: "minor action", MAJOR: "major action",
               BUY: "build the dice pool", SPEND: "spend Momentum", AVOID: "avoid injury",
               COUNTER: "counterattack", KEEP: "keep the initiative", YIELD: "yield or resist",
               GIVE: "give in or suffer Stress", SHUT_DOWN: "shut down an attribute",
               SPRING: "spring the readied attack", AFTER: "minor action after the major",
               -1: "over"}

# Flat action ids.
A_PICK = 0                          # + character (0..7)
A_MOVE = A_PICK + MAX_CHARS         # + zone (0..5): Movement minor action
A_APPROACH = A_MOVE + MAX_ZONES     # + character: move into Reach of an enemy
A_AIM = A_APPROACH + MAX_CHARS
A_DRAW = A_AIM + 1
A_PRONE = A_DRAW + 1                # Stand / Drop Prone
A_END_MINOR = A_PRONE + 1           # no more minor actions (after the major action: end the turn)
A_ATTACK_STUN = A_END_MINOR + 1     # + target
A_ATTACK_DEADLY = A_ATTACK_STUN + MAX_CHARS  # + target
A_FIRST_AID = A_ATTACK_DEADLY + MAX_CHARS    # + ally
A_ASSIST = A_FIRST_AID + MAX_CHARS           # + ally
A_GUARD = A_ASSIST + MAX_CHARS
A_WITHDRAW = A_GUARD + 1
A_PASS = A_WITHDRAW + 1             # no major action
A_BUY = A_PASS + 1                  # buy a d20 from the own pool (crew Momentum / NPC Threat)
A_BUY_THREAT = A_BUY + 1            # a PC buys a d20 by adding Threat
A_DETERMINATION = A_BUY_THREAT + 1  # Perfect Opportunity: a bonus d20 counted as a 1
A_ROLL = A_DETERMINATION + 1
A_SEVERITY = A_ROLL + 1             # Added Severity (2 Momentum)
A_INTENSE = A_SEVERITY + 1          # Intense weapon: +1 severity for 1 Momentum
A_DONE = A_INTENSE + 1              # no more spends (pool building: Difficulty 0 unrolled)
A_AVOID = A_DONE + 1                # Avoid Injury (Stress / Threat)
A_TAKE = A_AVOID + 1                # take the Injury
A_COUNTER_STUN = A_TAKE + 1
A_COUNTER_DEADLY = A_COUNTER_STUN + 1
A_NO_COUNTER = A_COUNTER_DEADLY + 1
A_KEEP = A_NO_COUNTER + 1           # Keep the Initiative (2 Momentum)
A_HAND_OVER = A_KEEP + 1
A_NPC_FIRST = A_HAND_OVER + 1       # GM spends Threat: an NPC takes the first turn
A_CREW_FIRST = A_NPC_FIRST + 1
A_SPRINT = A_CREW_FIRST + 1         # + zone: Sprint (a major action: up to two zones)
A_DIRECT = A_SPRINT + MAX_ZONES     # + ally: Direct (the ally acts now, the leader assists)
A_READY = A_DIRECT + MAX_CHARS      # + enemy: Ready an attack for that enemy's turn
A_CREATE_TRAIT = A_READY + MAX_CHARS  # + character: Create Trait (hinder an enemy, help an ally)
A_TREAT = A_CREATE_TRAIT + MAX_CHARS  # + ally: First Aid on an Injury (treat it)
A_GUARD_ALLY = A_TREAT + MAX_CHARS  # + ally: Guard conferred on an ally
A_SPRING_STUN = A_GUARD_ALLY + MAX_CHARS  # the readied attack, Stun
A_SPRING_DEADLY = A_SPRING_STUN + 1       # the readied attack, Deadly
A_HOLD = A_SPRING_DEADLY + 1        # let the trigger pass (the readied action is lost)
A_ALTER_TRAIT = A_HOLD + 1          # Momentum spend: a hindering trait on the target
A_DISARM = A_ALTER_TRAIT + 1        # Momentum spend: the target drops its weapon
A_STEP_BACK = A_DISARM + 1          # the target who won an opposed melee attack moves out of Reach
A_EXTRA_MAJOR = A_STEP_BACK + 1     # at the end of a turn: a second major action (2 Momentum)
A_REINFORCE = A_EXTRA_MAJOR + 1     # + NPC index (0..3): the GM brings in a reinforcement
NUM_PERSONAL_ACTIONS = A_REINFORCE + MAX_NPCS  # the personal conflict's action space
# In the BUY phase of an active roll, A_ASSIST + ally is the out-of-turn Assist.
A_REQUEST = NUM_PERSONAL_ACTIONS             # + character: make a request of it
A_DECEIVE = A_REQUEST + MAX_CHARS            # + character: Deception
A_INTIMIDATE = A_DECEIVE + MAX_CHARS         # + character: Intimidation
A_EVIDENCE = A_INTIMIDATE + MAX_CHARS        # offer a piece of Evidence
A_NEGOTIATE = A_EVIDENCE + 1                 # make an offer (Negotiation)
A_YIELD = A_NEGOTIATE + 1                    # grant the request
A_RESIST = A_YIELD + 1                       # refuse it: an opposed task
A_GIVE_IN = A_RESIST + 1                     # lost the opposed task: grant the request
A_SUFFER = A_GIVE_IN + 1                     # lost it: resist by suffering Stress (NPC: Threat)
A_RECOVER = A_SUFFER + 1                     # spend 2 Momentum: remove 1 Stress
A_SHUT = A_RECOVER + 1                       # + attribute: shut down by Fatigue
NUM_ACTIONS = A_SHUT + NUM_ATTRIBUTES        # the social conflict's action space (all)

# Event-log codes.
POOL_MOMENTUM, POOL_THREAT, POOL_STRESS, POOL_DETERMINATION = range(4)
POOL_NAMES = ("Momentum", "Threat", "Stress", "Determination")
DIE_TASK, DIE_ASSIST, DIE_BATTLEFIELD = range(3)
ROLL_ACTIVE, ROLL_REACTION = range(2)
NOTE_ROUND, NOTE_TURN, NOTE_INJURY, NOTE_DEFEATED, NOTE_AVOID, NOTE_REVIVED, NOTE_WITHDRAW, \
    NOTE_MINOR, NOTE_MAJOR, NOTE_COMPLICATION, NOTE_KEEP, NOTE_COUNTER, NOTE_FIRST, \
    NOTE_GRANTED, NOTE_RESISTED, NOTE_LIE, NOTE_LIES_DISCOVERED, NOTE_FEAR, NOTE_EVIDENCE, \
    NOTE_OFFER, NOTE_FATIGUED, NOTE_RECOVER, NOTE_SPRINT, NOTE_DIRECT, NOTE_READY, \
    NOTE_SPRING, NOTE_TRAIT, NOTE_DISARM, NOTE_TREATED, NOTE_REINFORCE, NOTE_ASSIST_NOW, \
    NOTE_EXTRA_MAJOR, NOTE_STEP_BACK = range(33)
END_CREW_OUT, END_NPCS_OUT, END_CUT_OFF, END_CREW_GRANTED, END_NPC_GRANTED = range(5)
