"""Invariants of a Frontiers encounter, checked after every decision by ``scenegym soak``.

From the seed's Flow of Play ("Frontiers" rules, docs/rules/frontiers.md) and the state's
declared ranges: each present participant's HP within 0..maximum HP, Wounds within
0..maximum Wounds (one more only when dead), Fatigue within 0..maximum Fatigue, Energy within
its negative limit ("half ... rounded down", none under No Overspend or Strain on Use)
..maximum Energy, AP within 0..AP per Turn (none under Unified Resource), MP within 0..its
Turn's MP ("3 + Finesse modifier", none under Action-Based Movement) plus its boosts, its
Unit on the line (or Zone); the Turn order lists present participants once each, the
participant whose Turn it is holds the Turn order's current place, and the pending decision
belongs to its seat. The event log's pool changes agree with the state (:data:`POOLS`).

``VARIANTS``: the default rules, each Variant and Alternative of the seed alone, and every
pair of them that may combine (pairs the config refuses, ``EXCLUSIVE``, are left out).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from scenegym.envs.core.header import CREW, GM, OVER, PHASE, SEAT
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import EXCLUSIVE
from scenegym.envs.frontiers.config import VARIANTS as SEED_VARIANTS

# pool code of the event log -> (column, per participant)
POOLS = {st.POOL_HP: (st.HP, True), st.POOL_WOUNDS: (st.WOUNDS, True),
         st.POOL_FATIGUE: (st.FATIGUE, True), st.POOL_ENERGY: (st.ENERGY, True),
         st.POOL_AP: (st.AP, True), st.POOL_MP: (st.MP, True), st.POOL_POS: (st.POS, True)}
# (Momentum Values are not among them: an adjustment or a rolled MV is logged as a decision
# or a die, and only the change that takes effect at a Round's start as a pool change.)


def _combine(a: str, b: str) -> dict | None:
    changes = {**SEED_VARIANTS[a], **SEED_VARIANTS[b]}
    refused = any(changes.get(x) and changes.get(y) for x, y, _ in EXCLUSIVE)
    return None if refused else changes


VARIANTS = {"default": {}, **SEED_VARIANTS}
VARIANTS.update({f"{a} + {b}": c for a, b in combinations(SEED_VARIANTS, 2)
                 if (c := _combine(a, b)) is not None})


def per_char(state: np.ndarray, column: int) -> np.ndarray:
    """int[rows, MAX_CHARS]: one field of every participant slot."""
    return state[:, column:column + st.MAX_CHARS].astype(np.int64)


def boosts(state: np.ndarray, config) -> np.ndarray:
    """MP each participant's own boost abilities can add in a Turn."""
    bonus = np.zeros(st.MAX_ABILITIES, np.int64)
    bonus[:len(config.abilities)] = [a.bonus_mp for a in config.abilities]
    bits = (per_char(state, st.ABILITIES)[..., None] >> np.arange(st.MAX_ABILITIES)) & 1
    return bits @ bonus


def turn_mp(state: np.ndarray, config) -> np.ndarray:
    """The most MP each participant may hold: its Turn's MP plus its boosts."""
    if config.action_movement:
        base = np.zeros((state.shape[0], st.MAX_CHARS), np.int64)
    else:
        finesse = state[:, st.MODS + st.FINESSE:st.MODS + st.MAX_CHARS * st.NUM_ATTRS:st.NUM_ATTRS]
        base = np.maximum(0, config.mp_base + finesse.astype(np.int64))
    return base + boosts(state, config)


def pool_checks(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """Each present participant's pools within their ranges."""
    present = per_char(state, st.PRESENT) == 1
    hp, wounds, energy = (per_char(state, c) for c in (st.HP, st.WOUNDS, st.ENERGY))
    energy_max, wounds_max = per_char(state, st.ENERGY_MAX), per_char(state, st.WOUNDS_MAX)
    negative = 0 if (config.no_overspend or config.strain_on_use) else 1
    ap_max = 0 if config.unified_resource else config.ap_per_turn
    line = config.zones if config.zone_movement else config.line_length
    ranges = [
        ((hp < 0) | (hp > per_char(state, st.HP_MAX)), "HP within 0..maximum HP"),
        ((wounds < 0) | (wounds > wounds_max + 1), "Wounds within 0..maximum Wounds + 1"),
        ((wounds > wounds_max) & (per_char(state, st.DEAD) == 0),
         "Wounds above the maximum only when dead"),
        ((per_char(state, st.FATIGUE) < 0)
         | (per_char(state, st.FATIGUE) > per_char(state, st.FATIGUE_MAX)),
         "Fatigue within 0..maximum Fatigue"),
        ((energy < -negative * (energy_max // config.negative_divisor)) | (energy > energy_max),
         "Energy within its negative limit..maximum Energy"),
        ((per_char(state, st.AP) < 0) | (per_char(state, st.AP) > ap_max),
         f"AP within 0..{ap_max}"),
        ((per_char(state, st.MP) < 0) | (per_char(state, st.MP) > turn_mp(state, config)),
         "MP within 0..the Turn's MP plus boosts"),
        ((per_char(state, st.POS) < 0) | (per_char(state, st.POS) >= line),
         f"position within the line's 0..{line - 1}"),
    ]
    flags = [(~np.isin(per_char(state, c), (0, 1)), f"{name} flag 0 or 1")
             for c, name in ((st.DOWN, "Unconscious"), (st.DEAD, "dead"), (st.PRONE, "prone"))]
    return [((bad & present).any(axis=1), words) for bad, words in ranges + flags]


def order_checks(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """The Turn order, the participant whose Turn it is, and the seat of the decision."""
    running = state[:, OVER] == 0
    order = per_char(state, st.ORDER)
    listed = order >= 0
    present = per_char(state, st.PRESENT) == 1
    rows = np.arange(state.shape[0])[:, None]
    slot_present = present[rows, np.where(listed, order, 0)]
    counts = np.stack([(order == c).sum(axis=1) for c in range(st.MAX_CHARS)], axis=1)
    active, pos = state[:, st.ACTIVE].astype(np.int64), state[:, st.TURN_POS].astype(np.int64)
    at_pos = order[np.arange(len(state)), np.clip(pos, 0, st.MAX_CHARS - 1)]
    chooser = np.where(state[:, PHASE] == st.ADJUST, state[:, st.ADJUSTING], active)
    seat = np.where(chooser < st.MAX_PCS, CREW, GM)
    deciding = running & np.isin(state[:, PHASE], (st.ACT, st.TARGET_PICK, st.ADJUST))
    return [
        ((listed[:, 1:] & ~listed[:, :-1]).any(axis=1), "the Turn order has no gap"),
        ((listed & ~slot_present).any(axis=1), "the Turn order lists present participants"),
        ((counts > 1).any(axis=1), "the Turn order lists each participant once"),
        (running & (active >= 0) & (at_pos != active),
         "the participant whose Turn it is holds the Turn order's current place"),
        (deciding & (chooser >= 0) & (state[:, SEAT] != seat),
         "the pending decision belongs to the deciding participant's seat"),
        (~present[:, :len(config.party)].all(axis=1), "every PC of the party is present"),
    ]


def check(state: np.ndarray, config) -> list[tuple[np.ndarray, str]]:
    """``[(bad rows, what the rule says)]`` over the state rows."""
    return pool_checks(state, config) + order_checks(state, config)
