"""Invariants of a Star Trek Adventures conflict, checked after every decision by ``scenegym soak``.

Star Trek Adventures 2nd edition core rulebook: the group's Momentum pool holds at most
``momentum_max`` ("Momentum", "the group can have a maximum of 6 Momentum"), Threat is never
negative, a PC's Stress within 0..its maximum (Fitness), Determination within 0..its start
(it is only spent), Injuries at least those that are Deadly or Stun; every character stands
in a zone of the battlefield (personal conflict); minor actions within ``max_minors``; the round within
``max_rounds``; while a character takes a minor or major action, it is present, of the side
whose turn it is, and neither Defeated nor withdrawn. The event log's pool changes agree with the state (:data:`POOLS`).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.header import CREW, GM, OVER, PHASE
from scenegym.envs.sta import state as st

# pool code of the event log -> (column, per character)
POOLS = {st.POOL_MOMENTUM: (st.MOMENTUM, False), st.POOL_THREAT: (st.THREAT, False),
         st.POOL_STRESS: (st.STRESS, True), st.POOL_DETERMINATION: (st.DETERMINATION, True)}

VARIANTS = {
    "default": {},
    "one PC": {"pcs": 1},
    "four PCs, success at cost": {"pcs": 4, "success_at_cost": True},
    "unaware targets, holstered": {"targets_aware": False, "weapons_drawn": False},
    "free extra minors and initiative": {"extra_minor_cost": 0, "keep_cost": 0},
    "short scene, rich pools": {"max_rounds": 3, "momentum_start": 6, "threat_per_pc": 5},
}


def per_char(state: np.ndarray, column: int) -> np.ndarray:
    """int[rows, MAX_CHARS]: one field of every character slot."""
    return state[:, column:column + st.MAX_CHARS].astype(np.int64)


def character_checks(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """Each present character's pools and place."""
    present = per_char(state, st.PRESENT) == 1
    stress, stress_max = per_char(state, st.STRESS), per_char(state, st.STRESS_MAX)
    injuries = per_char(state, st.INJURIES)
    determination = per_char(state, st.DETERMINATION)
    zones = state[:, st.ZONES:st.ZONES + 1].astype(np.int64)
    bad = [
        ((stress < 0) | (stress > np.maximum(stress_max, 0)), "Stress within 0..maximum Stress"),
        ((determination < 0) | (determination > config.determination_start),
         f"Determination within 0..{config.determination_start}"),
        ((per_char(state, st.DEADLY_INJURIES) < 0) | (per_char(state, st.STUN_INJURIES) < 0)
         | (injuries < per_char(state, st.DEADLY_INJURIES) + per_char(state, st.STUN_INJURIES)),
         "Injuries at least the Deadly and Stun ones"),
    ]
    if config.conflict != "social":  # a social conflict has no battlefield
        bad.append(((per_char(state, st.ZONE) < 0) | (per_char(state, st.ZONE) >= zones),
                    "every character stands in a zone"))
    flags = [(~np.isin(per_char(state, c), (0, 1)), f"{name} flag 0 or 1")
             for c, name in ((st.DEFEATED, "Defeated"), (st.WITHDRAWN, "withdrawn"),
                             (st.ACTED, "acted"), (st.PRONE, "Prone"))]
    return [((b & present).any(axis=1), words) for b, words in bad + flags]


def scene_checks(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """The pools of the scene, the round, the turn and the battlefield."""
    running = state[:, OVER] == 0
    actor = state[:, st.ACTOR].astype(np.int64)
    acting = running & (actor >= 0) & np.isin(state[:, PHASE], (st.MINOR, st.MAJOR, st.AFTER))
    rows = np.arange(state.shape[0])
    who = np.clip(actor, 0, st.MAX_CHARS - 1)
    out = (per_char(state, st.DEFEATED) + per_char(state, st.WITHDRAWN))[rows, who] > 0
    side = np.where(actor < st.MAX_PCS, CREW, GM)
    return [
        ((state[:, st.MOMENTUM] < 0) | (state[:, st.MOMENTUM] > config.momentum_max),
         f"Momentum within 0..{config.momentum_max}"),
        (state[:, st.THREAT] < 0, "Threat not negative"),
        (running & ((state[:, st.ROUND] < 1) | (state[:, st.ROUND] > config.max_rounds)),
         f"round within 1..{config.max_rounds}"),
        ((state[:, st.MINORS] < 0) | (state[:, st.MINORS] > config.max_minors),
         f"minor actions within 0..{config.max_minors}"),
        ((config.conflict != "social")
         & ((state[:, st.ZONES] < config.zones_min) | (state[:, st.ZONES] > config.zones_max)),
         f"zones within {config.zones_min}..{config.zones_max}"),
        (acting & (per_char(state, st.PRESENT)[rows, who] != 1),
         "the actor taking a minor or major action is present"),
        (acting & out, "the actor taking a minor or major action is neither Defeated nor "
         "withdrawn"),
        (acting & (state[:, st.SIDE] != side),
         "the actor taking a minor or major action is of the side whose turn it is"),
    ]


def check(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """``[(bad rows, what the rule says)]`` over the state rows."""
    return character_checks(state, config) + scene_checks(state, config)
