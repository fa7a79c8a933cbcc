"""The Momentum observation: a float32 vector, every slot scaled into [-1, 1].

Both seats see the same vector (a structured scene hides nothing). Slots, in order, are
named by :data:`OBSERVATION_NAMES`; per-character blocks repeat for PCs 0..5 and NPCs 0..5
(slots of characters not in the scene are 0).
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.core.header import PHASE
from scenegym.envs.momentum.rules import every_pc_has_acted
from scenegym.envs.momentum.state import (
    ACT,
    ACTED,
    ACTOR,
    BRACED,
    CARRIED,
    COMPLICATIONS,
    CORRECTED,
    CREW_SEIZED,
    CREW_SIDE,
    EVER,
    EXCHANGES,
    FIAT_LEFT,
    FULL,
    GM_SEIZE_NEXT,
    GOAL_CREW,
    GOAL_GM,
    GROUND,
    HITS,
    LEADER,
    LOSSES,
    MAX_FULL,
    MAX_NPCS,
    MAX_PCS,
    MOMENTUM,
    NPC,
    NPC_ACTED,
    NPC_TURN,
    NUM_PHASES,
    OPP_SIXES,
    OPP_SUCCESSES,
    OUT,
    PHASE_NAMES,
    POOL,
    PRESSED,
    RESULT_KEYS,
    RISK,
    RISK_ACTIONS,
    RISK_NEXT,
    ROLL_RESULT,
    ROUND,
    SIDE,
    SIXES,
    STORY_SCENE,
    SUCCESSES,
    TURN,
    UPGRADED,
    WILLPOWER,
    WINS,
    WOUNDS,
)

DICE_SCALE = 20.0  # pools, successes and criticals are divided by this (and clipped)
COUNT_SCALE = 10.0  # complications, tallies
RISK_SCALE = float(RISK_ACTIONS - 1)  # Risk and hits are divided by the highest Risk action

_SCENE = (
    "momentum_share", "full_over_40", "crew_has_initiative", "crew_leads_round",
    "crew_side_acting", "round_share", "gm_seized_next_round", "crew_seized_this_round",
    "risk_next", "fiat_left_share", "complications", "carried_complications",
    "exchange_tally", "goal_crew_share", "goal_gm_share", "scene_share", "act_share",
    "wins_share", "losses_share", "turn_is_npc",
)
_ROLL = ("risk", "pool", "pressed", "braced", "upgraded", "corrected", "successes",
         "criticals", "hits", "opponent_successes", "opponent_criticals")
_MISC = ("thresholds_armed", "social", "pcs_share", "npcs_share")
_PC = ("present", "wounds_share", "willpower_share", "out", "acted", "ever_acted",
       "ground_lost", "pool")
_NPC = ("present", "acted", "risk_min", "risk_max", "pool")

O_SCENE = NUM_PHASES
O_ACTOR = O_SCENE + len(_SCENE)
O_NPC_ONE = O_ACTOR + MAX_PCS
O_ROLL = O_NPC_ONE + MAX_NPCS
O_RESULT = O_ROLL + len(_ROLL)
O_MISC = O_RESULT + len(RESULT_KEYS)
O_PC = O_MISC + len(_MISC)
PC_SLOTS = len(_PC)
O_NPC = O_PC + MAX_PCS * PC_SLOTS
NPC_SLOTS = len(_NPC)

OBSERVATION_NAMES = (
    tuple(f"phase_{PHASE_NAMES[k]}" for k in range(NUM_PHASES)) + _SCENE
    + tuple(f"actor_{c}" for c in range(MAX_PCS)) + tuple(f"npc_{k}" for k in range(MAX_NPCS))
    + _ROLL + tuple(f"result_{key}" for key in RESULT_KEYS) + _MISC
    + tuple(f"pc{c}_{name}" for c in range(MAX_PCS) for name in _PC)
    + tuple(f"npc{k}_{name}" for k in range(MAX_NPCS) for name in _NPC)
)
OBS_SIZE = len(OBSERVATION_NAMES)
assert OBS_SIZE == O_NPC + MAX_NPCS * NPC_SLOTS


@njit(cache=True)
def clip(x):
    """Clip into [-1, 1]."""
    return max(-1.0, min(1.0, x))


@njit(cache=True)
def observe_scene(s, p, o):
    """The scene, round and mission slots."""
    o[O_SCENE + 0] = s[MOMENTUM] / s[FULL]
    o[O_SCENE + 1] = s[FULL] / MAX_FULL
    o[O_SCENE + 2] = 1.0 if 2 * s[MOMENTUM] >= s[FULL] else 0.0
    o[O_SCENE + 3] = 1.0 if s[LEADER] == CREW_SIDE else 0.0
    o[O_SCENE + 4] = 1.0 if s[SIDE] == CREW_SIDE else 0.0
    o[O_SCENE + 5] = clip(s[ROUND] / p.max_rounds)
    o[O_SCENE + 6] = s[GM_SEIZE_NEXT]
    o[O_SCENE + 7] = s[CREW_SEIZED]
    o[O_SCENE + 8] = clip(s[RISK_NEXT] / RISK_SCALE)
    o[O_SCENE + 9] = s[FIAT_LEFT] / max(p.fiat_uses, 1)
    o[O_SCENE + 10] = clip(s[COMPLICATIONS] / COUNT_SCALE)
    o[O_SCENE + 11] = clip(s[CARRIED] / COUNT_SCALE)
    o[O_SCENE + 12] = clip(s[EXCHANGES] / COUNT_SCALE)
    o[O_SCENE + 13] = clip(s[GOAL_CREW] / p.goal_crew)
    o[O_SCENE + 14] = clip(s[GOAL_GM] / p.goal_gm)
    o[O_SCENE + 15] = s[STORY_SCENE] / p.scenes
    o[O_SCENE + 16] = clip(s[ACT] * p.scenes_per_act / p.scenes)
    o[O_SCENE + 17] = s[WINS] / p.scenes
    o[O_SCENE + 18] = s[LOSSES] / p.scenes
    o[O_SCENE + 19] = 1.0 if s[TURN] == NPC_TURN else 0.0


@njit(cache=True)
def observe_roll(s, p, o):
    """The roll being declared or resolved: who, at what Risk, with which spends, its dice."""
    if 0 <= s[ACTOR] < MAX_PCS:
        o[O_ACTOR + s[ACTOR]] = 1.0
    if 0 <= s[NPC] < MAX_NPCS:
        o[O_NPC_ONE + s[NPC]] = 1.0
    o[O_ROLL + 0] = s[RISK] / RISK_SCALE
    o[O_ROLL + 1] = clip(s[POOL] / DICE_SCALE)
    o[O_ROLL + 2] = s[PRESSED]
    o[O_ROLL + 3] = s[BRACED]
    o[O_ROLL + 4] = s[UPGRADED]
    o[O_ROLL + 5] = s[CORRECTED]
    o[O_ROLL + 6] = clip(s[SUCCESSES] / DICE_SCALE)
    o[O_ROLL + 7] = clip(s[SIXES] / DICE_SCALE)
    o[O_ROLL + 8] = s[HITS] / RISK_SCALE
    o[O_ROLL + 9] = clip(s[OPP_SUCCESSES] / DICE_SCALE)
    o[O_ROLL + 10] = clip(s[OPP_SIXES] / DICE_SCALE)
    if s[ROLL_RESULT] >= 0:
        o[O_RESULT + s[ROLL_RESULT]] = 1.0


@njit(cache=True)
def observe_characters(s, p, o):
    """Per-PC and per-NPC blocks."""
    for c in range(p.pcs):
        b = O_PC + c * PC_SLOTS
        o[b + 0] = 1.0
        o[b + 1] = s[WOUNDS + c] / p.pc_capacity[c]
        o[b + 2] = s[WILLPOWER + c] / max(p.pc_will[c], 1)
        o[b + 3] = s[OUT + c]
        o[b + 4] = s[ACTED + c]
        o[b + 5] = s[EVER + c]
        o[b + 6] = clip(s[GROUND + c] / COUNT_SCALE)
        o[b + 7] = clip(p.pc_pool[c] / DICE_SCALE)
    for k in range(p.npcs):
        b = O_NPC + k * NPC_SLOTS
        o[b + 0] = 1.0
        o[b + 1] = s[NPC_ACTED + k]
        o[b + 2] = p.npc_risk_min[k] / RISK_SCALE
        o[b + 3] = p.npc_risk_max[k] / RISK_SCALE
        o[b + 4] = clip(p.npc_pool[k] / DICE_SCALE)


@njit(cache=True)
def observe(s, p, o):
    """Write env row ``s``'s observation into ``o`` (float32[OBS_SIZE])."""
    o[:] = 0.0
    if 0 <= s[PHASE] < NUM_PHASES:
        o[s[PHASE]] = 1.0
    observe_scene(s, p, o)
    observe_roll(s, p, o)
    o[O_MISC + 0] = 1.0 if every_pc_has_acted(s, p) else 0.0
    o[O_MISC + 1] = p.social
    o[O_MISC + 2] = p.pcs / MAX_PCS
    o[O_MISC + 3] = p.npcs / MAX_NPCS
    observe_characters(s, p, o)
