"""The Momentum observation: a float32 vector, every slot scaled into [-1, 1].

Both seats see the same vector (a structured scene hides nothing). :data:`SLOTS` declares
every slot once, by name and scale (:mod:`scenegym.envs.core.slots`): a slot holds its
quantity divided by the scale, so ``o[SLOT.full_over_40] * SCALE.full_over_40`` is Full
Momentum under any config. Slots of scale ``AS_IS`` are flags, one-hots and shares.
Per-character blocks repeat for PCs 0..5 and NPCs 0..5 (slots of characters not in the
scene are 0).
"""

from __future__ import annotations

from scenegym.envs.core.header import PHASE
from scenegym.envs.core.jit import njit
from scenegym.envs.core.slots import (
    AS_IS,
    observation_slots,
    one_hot,
    per_character,
    write_one_hot,
)
from scenegym.envs.momentum.rules import every_pc_has_acted, social
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

_PC = [("present", AS_IS), ("wounds_share", AS_IS), ("willpower_share", AS_IS), ("out", AS_IS),
       ("acted", AS_IS), ("ever_acted", AS_IS), ("ground_lost", COUNT_SCALE),
       ("pool", DICE_SCALE)]
_NPC = [("present", AS_IS), ("acted", AS_IS), ("risk_min", RISK_SCALE),
        ("risk_max", RISK_SCALE), ("pool", DICE_SCALE)]
SLOTS = observation_slots(
    one_hot(f"phase_{PHASE_NAMES[k]}" for k in range(NUM_PHASES))
    + [("momentum_share", AS_IS), ("full_over_40", MAX_FULL), ("crew_has_initiative", AS_IS),
       ("crew_leads_round", AS_IS), ("crew_side_acting", AS_IS), ("round_share", AS_IS),
       ("gm_seized_next_round", AS_IS), ("crew_seized_this_round", AS_IS),
       ("risk_next", RISK_SCALE), ("fiat_left_share", AS_IS), ("complications", COUNT_SCALE),
       ("carried_complications", COUNT_SCALE), ("exchange_tally", COUNT_SCALE),
       ("goal_crew_share", AS_IS), ("goal_gm_share", AS_IS), ("scene_share", AS_IS),
       ("act_share", AS_IS), ("wins_share", AS_IS), ("losses_share", AS_IS),
       ("turn_is_npc", AS_IS)]
    + one_hot(f"actor_{c}" for c in range(MAX_PCS))
    + one_hot(f"npc_{k}" for k in range(MAX_NPCS))
    + [("risk", RISK_SCALE), ("pool", DICE_SCALE), ("pressed", AS_IS), ("braced", AS_IS),
       ("upgraded", AS_IS), ("corrected", AS_IS), ("successes", DICE_SCALE),
       ("criticals", DICE_SCALE), ("hits", RISK_SCALE), ("opponent_successes", DICE_SCALE),
       ("opponent_criticals", DICE_SCALE)]
    + one_hot(f"result_{key}" for key in RESULT_KEYS)
    + [("thresholds_armed", AS_IS), ("social", AS_IS), ("pcs_share", MAX_PCS),
       ("npcs_share", MAX_NPCS)]
    + per_character("pc", MAX_PCS, _PC)
    + per_character("npc", MAX_NPCS, _NPC)
)
OBSERVATION_NAMES = SLOTS.names
OBS_SIZE = len(OBSERVATION_NAMES)
SLOT, SCALE = SLOTS.index, SLOTS.scale
# one character's block: PC c's pool is slot SLOT.pc0_present + c * PC_SLOTS + PC_SLOT.pool
PC_SLOT, PC_SCALE = observation_slots(_PC)[1:]
NPC_SLOT, NPC_SCALE = observation_slots(_NPC)[1:]
PC_SLOTS, NPC_SLOTS = len(_PC), len(_NPC)
NUM_RESULTS = len(RESULT_KEYS)  # the result's one-hot slots


@njit(cache=True)
def clip(x):
    """Clip into [-1, 1]."""
    return max(-1.0, min(1.0, x))


@njit(cache=True)
def observe(s, p, o):
    """Write env row ``s``'s observation into ``o`` (float32[OBS_SIZE])."""
    o[:] = 0.0
    observe_phase(s, o)
    observe_momentum(s, o)
    observe_round(s, p, o)
    observe_mission(s, p, o)
    observe_roller(s, o)
    observe_stakes(s, o)
    observe_dice(s, o)
    observe_result(s, o)
    observe_cast(s, p, o)
    observe_wounds(s, p, o)
    observe_characters(s, p, o)


@njit(cache=True)
def heuristic_view(s, p, o):
    """The slots the heuristic reads (``scenegym.envs.momentum.heuristic``), as
    :func:`observe` writes them: the phase, Momentum and Full, the round's share and whose
    turn it is, the roll's Risk and spends and its result, and the PCs' Wounds."""
    observe_phase(s, o)
    observe_momentum(s, o)
    observe_round(s, p, o)
    observe_stakes(s, o)
    observe_result(s, o)
    observe_wounds(s, p, o)


@njit(cache=True)
def observe_phase(s, o):
    """The pending decision's phase, one-hot."""
    write_one_hot(o, SLOT.phase_pick, NUM_PHASES, s[PHASE])


@njit(cache=True)
def observe_momentum(s, o):
    """The Momentum track: Momentum as a share of Full, Full, and who has the initiative."""
    o[SLOT.momentum_share] = s[MOMENTUM] / s[FULL]
    o[SLOT.full_over_40] = s[FULL] / SCALE.full_over_40
    o[SLOT.crew_has_initiative] = 1.0 if 2 * s[MOMENTUM] >= s[FULL] else 0.0


@njit(cache=True)
def observe_round(s, p, o):
    """The round: who leads it and acts, how far it is, seizes, fiat and whose turn it is."""
    o[SLOT.crew_leads_round] = 1.0 if s[LEADER] == CREW_SIDE else 0.0
    o[SLOT.crew_side_acting] = 1.0 if s[SIDE] == CREW_SIDE else 0.0
    o[SLOT.round_share] = clip(s[ROUND] / p.max_rounds)
    o[SLOT.gm_seized_next_round] = s[GM_SEIZE_NEXT]
    o[SLOT.crew_seized_this_round] = s[CREW_SEIZED]
    o[SLOT.risk_next] = clip(s[RISK_NEXT] / SCALE.risk_next)
    o[SLOT.fiat_left_share] = s[FIAT_LEFT] / max(p.fiat_uses, 1)
    o[SLOT.turn_is_npc] = 1.0 if s[TURN] == NPC_TURN else 0.0


@njit(cache=True)
def observe_mission(s, p, o):
    """The scene's complications and exchanges, the goals, and the mission's scenes."""
    o[SLOT.complications] = clip(s[COMPLICATIONS] / SCALE.complications)
    o[SLOT.carried_complications] = clip(s[CARRIED] / SCALE.carried_complications)
    o[SLOT.exchange_tally] = clip(s[EXCHANGES] / SCALE.exchange_tally)
    o[SLOT.goal_crew_share] = clip(s[GOAL_CREW] / p.goal_crew)
    o[SLOT.goal_gm_share] = clip(s[GOAL_GM] / p.goal_gm)
    o[SLOT.scene_share] = s[STORY_SCENE] / p.scenes
    o[SLOT.act_share] = clip(s[ACT] * p.scenes_per_act / p.scenes)
    o[SLOT.wins_share] = s[WINS] / p.scenes
    o[SLOT.losses_share] = s[LOSSES] / p.scenes


@njit(cache=True)
def observe_roller(s, o):
    """Who rolls: the acting PC and the NPC, each one-hot."""
    write_one_hot(o, SLOT.actor_0, MAX_PCS, s[ACTOR])
    write_one_hot(o, SLOT.npc_0, MAX_NPCS, s[NPC])


@njit(cache=True)
def observe_stakes(s, o):
    """The roll being declared: its Risk, its pool and the spends on it."""
    o[SLOT.risk] = s[RISK] / SCALE.risk
    o[SLOT.pool] = clip(s[POOL] / SCALE.pool)
    o[SLOT.pressed] = s[PRESSED]
    o[SLOT.braced] = s[BRACED]
    o[SLOT.upgraded] = s[UPGRADED]
    o[SLOT.corrected] = s[CORRECTED]


@njit(cache=True)
def observe_dice(s, o):
    """The roll's dice: both sides' successes and criticals, and the hits."""
    o[SLOT.successes] = clip(s[SUCCESSES] / SCALE.successes)
    o[SLOT.criticals] = clip(s[SIXES] / SCALE.criticals)
    o[SLOT.hits] = s[HITS] / SCALE.hits
    o[SLOT.opponent_successes] = clip(s[OPP_SUCCESSES] / SCALE.opponent_successes)
    o[SLOT.opponent_criticals] = clip(s[OPP_SIXES] / SCALE.opponent_criticals)


@njit(cache=True)
def observe_result(s, o):
    """The roll's result, one-hot (all 0 before the roll)."""
    write_one_hot(o, SLOT.result_critical_failure, NUM_RESULTS, s[ROLL_RESULT])


@njit(cache=True)
def observe_cast(s, p, o):
    """The scene's cast and rules: whether the thresholds are armed, social, how many
    PCs and NPCs."""
    o[SLOT.thresholds_armed] = 1.0 if every_pc_has_acted(s, p) else 0.0
    o[SLOT.social] = 1.0 if social(p) else 0.0
    o[SLOT.pcs_share] = p.pcs / SCALE.pcs_share
    o[SLOT.npcs_share] = p.npcs / SCALE.npcs_share


@njit(cache=True)
def observe_wounds(s, p, o):
    """Each PC's Wounds, as a share of its capacity (the slots of PCs not in the scene
    are left as they are: the full observation's are 0)."""
    for c in range(p.pcs):
        o[SLOT.pc0_wounds_share + c * PC_SLOTS] = s[WOUNDS + c] / p.pc_capacity[c]


@njit(cache=True)
def observe_characters(s, p, o):
    """Per-PC (but their Wounds: :func:`observe_wounds`) and per-NPC blocks."""
    for c in range(p.pcs):
        b = SLOT.pc0_present + c * PC_SLOTS
        o[b + PC_SLOT.present] = 1.0
        o[b + PC_SLOT.willpower_share] = s[WILLPOWER + c] / max(p.pc_will[c], 1)
        o[b + PC_SLOT.out] = s[OUT + c]
        o[b + PC_SLOT.acted] = s[ACTED + c]
        o[b + PC_SLOT.ever_acted] = s[EVER + c]
        o[b + PC_SLOT.ground_lost] = clip(s[GROUND + c] / PC_SCALE.ground_lost)
        o[b + PC_SLOT.pool] = clip(p.pc_pool[c] / PC_SCALE.pool)
    for k in range(p.npcs):
        b = SLOT.npc0_present + k * NPC_SLOTS
        o[b + NPC_SLOT.present] = 1.0
        o[b + NPC_SLOT.acted] = s[NPC_ACTED + k]
        o[b + NPC_SLOT.risk_min] = p.npc_risk_min[k] / NPC_SCALE.risk_min
        o[b + NPC_SLOT.risk_max] = p.npc_risk_max[k] / NPC_SCALE.risk_max
        o[b + NPC_SLOT.pool] = clip(p.npc_pool[k] / NPC_SCALE.pool)
