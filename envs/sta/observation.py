"""The personal-conflict observation: a float32 vector, every slot scaled into [-1, 1].

Both seats see the same vector (nothing is hidden in a personal conflict). Layout: the
pending decision (one-hot), the scene, the zones, the task being resolved, then a block per
character slot (PCs first, then NPCs); ``OBSERVATION_NAMES`` names every slot.
"""

from __future__ import annotations

from scenegym.envs.core.header import CREW, PHASE
from scenegym.envs.core.jit import njit
from scenegym.envs.sta import state as st
from scenegym.envs.sta.characters import (
    attribute,
    department,
    fatigued,
    in_reach,
    lies_told,
    weapon_in_hand,
)

THREAT_SCALE = 24.0  # Threat is unbounded: divided by this and clipped at 1
COUNT_SCALE = 10.0   # difficulties, successes, severities

_SCENE = ("momentum", "threat", "round_share", "kept", "zones", "side_is_crew")
_ZONE = ("exists", "cover", "terrain", "obstacle_next")
_TASK = ("attack", "first_aid", "guard", "deadly", "opposed", "difficulty", "reaction",
         "successes", "bought", "perfect", "severity", "added", "own_momentum", "minors",
         "aimed", "prone_toggled", "roller_is_actor", "sprint", "create_trait", "treat",
         "moved", "extra_major", "directed", "interrupting", "altered", "disarmed",
         "sprinted")
_CHAR = ("present", "npc_tier", "zone", "stress_share", "fatigued", "injuries", "dying",
         "defeated", "withdrawn", "acted", "prone", "drawn", "guard", "complications",
         "determination", "melee_weapon", "severity", "attack_tn", "is_actor", "is_target",
         "is_victim", "in_reach_of_actor", "assists_actor", "avoided", "majors", "readied",
         "readied_at_actor", "hindered", "helped", "untreated", "worst_injury", "reserve",
         "leader", "accurate", "two_handed")
O_SCENE = st.NUM_PHASES
O_ZONE = O_SCENE + len(_SCENE)
O_TASK = O_ZONE + st.MAX_ZONES * len(_ZONE)
O_CHAR = O_TASK + len(_TASK)
CHAR_SLOTS = len(_CHAR)

OBSERVATION_NAMES = (
    tuple(f"phase_{st.PHASE_NAMES[k].replace(' ', '_')}" for k in range(st.NUM_PHASES))
    + _SCENE
    + tuple(f"zone{z}_{n}" for z in range(st.MAX_ZONES) for n in _ZONE)
    + tuple(f"task_{n}" for n in _TASK)
    + tuple(f"char{c}_{n}" for c in range(st.MAX_CHARS) for n in _CHAR)
)
OBS_SIZE = len(OBSERVATION_NAMES)

# A social conflict appends these slots.
_SOCIAL_SCENE = ("request", "deception", "intimidation", "second_roll", "first_successes",
                 "hostile")
_SOCIAL_CHAR = ("lies_told", "evidence_left", "evidence_shown", "fear", "offers", "may_be_asked",
                "intimidations_withstood", "shut_down", "is_spender")
O_SOCIAL = OBS_SIZE
O_SOCIAL_CHAR = O_SOCIAL + len(_SOCIAL_SCENE)
SOCIAL_SLOTS = len(_SOCIAL_CHAR)
SOCIAL_OBSERVATION_NAMES = OBSERVATION_NAMES + tuple(f"social_{n}" for n in _SOCIAL_SCENE) + tuple(
    f"char{c}_{n}" for c in range(st.MAX_CHARS) for n in _SOCIAL_CHAR)


@njit(cache=True)
def share(x, scale):
    """``x / scale`` clipped into [0, 1]."""
    return min(max(x / scale, 0.0), 1.0)


@njit(cache=True)
def observe_phase(s, o):
    """The pending decision, one-hot."""
    for k in range(st.NUM_PHASES):
        o[k] = s[PHASE] == k


@njit(cache=True)
def observe_scene(s, p, o):
    """The pools, the round, the kept initiative, the zones' count and the side acting."""
    o[O_SCENE] = share(s[st.MOMENTUM], max(p.momentum_max, 1))
    o[O_SCENE + 1] = share(s[st.THREAT], THREAT_SCALE)
    o[O_SCENE + 2] = share(s[st.ROUND], p.max_rounds)
    o[O_SCENE + 3] = s[st.KEPT]
    o[O_SCENE + 4] = s[st.ZONES] / st.MAX_ZONES
    o[O_SCENE + 5] = s[st.SIDE] == CREW


@njit(cache=True)
def observe_zones(s, o):
    """Each zone: whether it exists, its cover, its terrain and the obstacle beyond it."""
    for z in range(st.MAX_ZONES):
        k = O_ZONE + z * len(_ZONE)
        o[k] = z < s[st.ZONES]
        o[k + 1] = s[st.ZONE_COVER + z]
        o[k + 2] = s[st.ZONE_TERRAIN + z] / 3.0
        o[k + 3] = s[st.OBSTACLE + z] / 3.0


@njit(cache=True)
def observe_task(s, p, o):
    """The task being resolved and the acting character's turn so far."""
    k = O_TASK
    for t in range(st.TASK_GUARD):  # the kind of task, one-hot
        o[k + t] = s[st.TASK] == t + 1
    o[k + 3] = s[st.DEADLY]
    o[k + 4] = s[st.OPPOSED]
    o[k + 5] = share(s[st.DIFFICULTY], COUNT_SCALE)
    o[k + 6] = share(s[st.REACTION], COUNT_SCALE)
    o[k + 7] = share(s[st.SUCCESSES], COUNT_SCALE)
    o[k + 8] = share(s[st.BOUGHT], 3.0)
    o[k + 9] = s[st.PERFECT]
    o[k + 10] = share(s[st.SEVERITY], COUNT_SCALE)
    o[k + 11] = share(s[st.ADDED], max(p.added_severity_max, 1))
    o[k + 12] = share(s[st.TASK_MOMENTUM] + s[st.BONUS], COUNT_SCALE)  # bonus: never saved
    o[k + 13] = share(s[st.MINORS], p.max_minors)
    o[k + 14] = s[st.AIMED]
    o[k + 15] = s[st.PRONE_TOGGLED]
    o[k + 16] = s[st.ROLLER] >= 0 and s[st.ROLLER] == s[st.ACTOR]
    o[k + 17] = s[st.TASK] == st.TASK_SPRINT
    o[k + 18] = s[st.TASK] == st.TASK_CREATE_TRAIT
    o[k + 19] = s[st.TASK] == st.TASK_TREAT
    o[k + 20] = s[st.MOVED]
    o[k + 21] = s[st.EXTRA]
    o[k + 22] = s[st.DIRECTOR] >= 0
    o[k + 23] = s[st.INTERRUPTED] >= 0
    o[k + 24] = s[st.SPENT] & 1
    o[k + 25] = (s[st.SPENT] >> 1) & 1
    o[k + 26] = s[st.SPRINTED]


@njit(cache=True, inline="always")
def observe_footing(s, o, c, k, actor, melee):
    """Present character ``c``'s place in the fight (its block at ``k``): present, its zone,
    Defeated, withdrawn, prone, a melee weapon (``melee``) in hand, the actor (``actor``),
    in the actor's Reach. Inlined: :func:`heuristic_view`'s loop over the characters then
    compiles as fast as when it was written out."""
    o[k] = 1.0
    o[k + 2] = s[st.ZONE + c] / (st.MAX_ZONES - 1)
    o[k + 7] = s[st.DEFEATED + c]
    o[k + 8] = s[st.WITHDRAWN + c]
    o[k + 10] = s[st.PRONE + c]
    o[k + 15] = melee
    o[k + 18] = c == actor
    o[k + 21] = actor >= 0 and in_reach(s, actor, c) == 1


@njit(cache=True, inline="always")
def observe_character(s, p, o, c):
    """Character slot ``c``'s whole block, over zeros (an absent one's is 0 but for its
    reserve flag): its footing, then its condition and its further actions' slots.

    One function, inlined into :func:`observe` (``inline="always"``), that reads the weapon
    in hand and the actor once: the compiled code calls each numba function it does not
    inline, so a block split over three writers (footing, condition, actions) cost three
    calls per character, each reading the state again, and made the full observation
    1.3-1.6x slower (issue 25)."""
    k = O_CHAR + c * CHAR_SLOTS
    if s[st.PRESENT + c] == 0:
        o[k + 31] = s[st.RESERVE + c]
        return
    actor = s[st.ACTOR]
    w = weapon_in_hand(s, c)
    melee = p.weapon_melee[w]
    observe_footing(s, o, c, k, actor, melee)
    o[k + 1] = s[st.TIER + c] / 3.0
    o[k + 3] = share(s[st.STRESS + c], max(s[st.STRESS_MAX + c], 1))
    o[k + 4] = fatigued(s, c)
    o[k + 5] = share(s[st.INJURIES + c], 3.0)
    o[k + 6] = s[st.UNTREATED + c] > 0 and s[st.DEFEATED + c] == 1
    o[k + 9] = s[st.ACTED + c]
    o[k + 11] = s[st.DRAWN + c]
    o[k + 12] = s[st.GUARD + c]
    o[k + 13] = share(s[st.COMPLICATIONS + c], 3.0)
    o[k + 14] = share(s[st.DETERMINATION + c], 3.0)
    o[k + 16] = share(p.weapon_severity[w], COUNT_SCALE)
    attr = st.DARING if melee == 1 else st.CONTROL
    o[k + 17] = share(attribute(s, c, attr) + department(s, c, st.SECURITY), p.die_sides)
    o[k + 19] = c == s[st.TARGET]
    o[k + 20] = c == s[st.VICTIM]
    o[k + 22] = actor >= 0 and s[st.ASSIST_FOR + c] == actor
    o[k + 23] = share(s[st.AVOIDED + c], 3.0)
    o[k + 24] = share(s[st.MAJORS + c], 2.0)
    o[k + 25] = s[st.READY_AT + c] >= 0
    o[k + 26] = actor >= 0 and s[st.READY_AT + c] == actor
    o[k + 27] = share(s[st.HINDER + c], max(p.trait_max, 1))
    o[k + 28] = share(s[st.BOON + c], max(p.trait_max, 1))
    o[k + 29] = share(s[st.UNTREATED + c], 3.0)
    o[k + 30] = share(s[st.WORST + c], COUNT_SCALE)
    o[k + 31] = s[st.RESERVE + c]
    o[k + 32] = c == s[st.CREW_LEADER] or c == s[st.NPC_LEADER]
    o[k + 33] = p.weapon_accurate[w]
    o[k + 34] = p.weapon_hands[w] == 2


@njit(cache=True)
def observe(s, p, o):
    """Write env row ``s``'s observation into ``o`` (float32[OBS_SIZE])."""
    o[:] = 0.0
    observe_phase(s, o)
    observe_scene(s, p, o)
    observe_zones(s, o)
    observe_task(s, p, o)
    for c in range(st.MAX_CHARS):
        observe_character(s, p, o, c)
    if p.social:
        observe_social(s, p, o)


@njit(cache=True)
def heuristic_view(s, p, o):
    """The slots the heuristic reads (``scenegym.envs.sta.heuristic``, personal and social
    conflicts alike), as :func:`observe` writes them: the pending decision, the scene, the
    task and each character's place in the fight (all 0 for an absent one)."""
    observe_phase(s, o)
    observe_scene(s, p, o)
    observe_task(s, p, o)
    actor = s[st.ACTOR]
    for c in range(st.MAX_CHARS):
        k = O_CHAR + c * CHAR_SLOTS
        if s[st.PRESENT + c] == 0:
            o[k] = o[k + 2] = o[k + 7] = o[k + 8] = o[k + 10] = o[k + 15] = o[k + 18] = 0.0
            o[k + 21] = 0.0
        else:
            observe_footing(s, o, c, k, actor, p.weapon_melee[weapon_in_hand(s, c)])


@njit(cache=True)
def observe_social(s, p, o):
    """The social conflict's slots: the task, and each character's traits and tools."""
    task = s[st.TASK]
    o[O_SOCIAL] = task == st.TASK_REQUEST
    o[O_SOCIAL + 1] = task == st.TASK_DECEIVE
    o[O_SOCIAL + 2] = task == st.TASK_INTIMIDATE
    o[O_SOCIAL + 3] = s[st.SOCIAL_STEP]
    o[O_SOCIAL + 4] = share(s[st.FIRST_SUCCESSES], COUNT_SCALE)
    o[O_SOCIAL + 5] = s[st.HOSTILE]
    for c in range(st.MAX_CHARS):
        if s[st.PRESENT + c] == 0:
            continue
        k = O_SOCIAL_CHAR + c * SOCIAL_SLOTS
        o[k] = share(lies_told(s, c), 3.0)
        o[k + 1] = share(s[st.EVIDENCE + c], 3.0)
        o[k + 2] = share(s[st.SHOWN + c], 3.0)
        o[k + 3] = share(s[st.FEAR + c], 3.0)
        o[k + 4] = share(s[st.OFFERS + c], 3.0)
        o[k + 5] = s[st.FRESH + c]
        o[k + 6] = share(s[st.BULLY_FAILS + c], 3.0)
        o[k + 7] = (s[st.SHUT + c] + 1) / st.NUM_ATTRIBUTES
        o[k + 8] = c == s[st.SPENDER]
