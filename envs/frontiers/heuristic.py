"""Hand-written Frontiers players for both seats, one rule of thumb per decision.

For the active participant: Mend a badly hurt ally in reach; else the first attack in
``ATTACK_PREFERENCE`` that is legal with a standing enemy in its range; else Dash when the
nearest standing enemy is out of this Turn's movement; else move toward the nearest
standing enemy's Unit (or Zone); else end the Turn. Targets: the standing enemy (or the ally) with the
lowest HP share. Momentum: act as early as allowed. Reactions: always declare them.

The rules of thumb read only the observation (``scenegym.envs.frontiers.observation``) and
the action mask, and know the action ids of the default catalogue; they are compiled, one
row at a time, so that a heuristic opponent costs little per step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from numba import njit

from scenegym.envs.core.heuristic import CompiledHeuristic
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.catalogue import ABILITIES
from scenegym.envs.frontiers.observation import CHAR, CHAR_SLOTS, GLOBALS, SCALE

C_PRESENT, C_PC, C_HP, C_UNIT = CHAR.present, CHAR.is_pc, CHAR.hp_share, CHAR.unit
C_DOWN, C_DEAD, C_ACTIVE, C_MOVE = CHAR.unconscious, CHAR.dead, CHAR.active, CHAR.movement_left
_NAMES = [a.name for a in ABILITIES]
ATTACK_PREFERENCE = np.array([_NAMES.index(n) for n in
                              ("heavy blow", "mind spike", "strike", "shove", "shoot")])
RANGE_MIN = np.array([a.range_min for a in ABILITIES])
RANGE_MAX = np.array([a.range_max for a in ABILITIES])
MEND, DASH = _NAMES.index("mend"), _NAMES.index("dash")


@njit(cache=True)
def slot(o, c, field):
    """Participant ``c``'s observation slot ``field``."""
    return o[GLOBALS + c * CHAR_SLOTS + field]


@njit(cache=True)
def units(o, c):
    """Participant ``c``'s Unit on the line."""
    return round(slot(o, c, C_UNIT) * SCALE.c0_unit)


@njit(cache=True)
def standing(o, c):
    """Present, conscious and alive, as observed."""
    return slot(o, c, C_PRESENT) > 0.5 and slot(o, c, C_DOWN) < 0.5 and slot(o, c, C_DEAD) < 0.5


@njit(cache=True)
def nearest_enemy(o, c):
    """The standing enemy nearest to ``c`` and its distance (-1 and a large distance if none)."""
    best, best_d = -1, 1000
    for e in range(st.MAX_CHARS):
        if standing(o, e) and slot(o, e, C_PC) != slot(o, c, C_PC):
            d = abs(units(o, e) - units(o, c))
            if d < best_d:
                best, best_d = e, d
    return best, best_d


@njit(cache=True)
def enemy_in_range(o, c, k):
    """Whether a standing enemy of ``c`` is within ability ``k``'s range."""
    for e in range(st.MAX_CHARS):
        if standing(o, e) and slot(o, e, C_PC) != slot(o, c, C_PC):
            d = abs(units(o, e) - units(o, c))
            if RANGE_MIN[k] <= d <= RANGE_MAX[k]:
                return True
    return False


@njit(cache=True)
def ally_hurt(o, c, share):
    """Whether an ally of ``c`` (or ``c``) in reach of Mend is below ``share`` of its HP."""
    for a in range(st.MAX_CHARS):
        if (slot(o, a, C_PRESENT) > 0.5 and slot(o, a, C_DEAD) < 0.5
                and slot(o, a, C_PC) == slot(o, c, C_PC) and slot(o, a, C_HP) < share
                and abs(units(o, a) - units(o, c)) <= RANGE_MAX[MEND]):
            return True
    return False


@njit(cache=True)
def move_toward(o, m, c, e):
    """The legal move that ends nearest to ``e``'s Unit (-1 if none)."""
    goal = units(o, e)
    best, best_d = -1, 1000
    for dest in range(st.MAX_LINE):
        if m[st.A_MOVE + dest] and abs(dest - goal) < best_d:
            best, best_d = st.A_MOVE + dest, abs(dest - goal)
    return best


@njit(cache=True)
def act(o, m, heal_below):
    """The active participant's next Action, move or the end of its Turn."""
    c = 0
    for k in range(st.MAX_CHARS):
        if slot(o, k, C_ACTIVE) > 0.5:
            c = k
    if m[st.A_ABILITY + MEND] and ally_hurt(o, c, heal_below):
        return st.A_ABILITY + MEND
    for k in ATTACK_PREFERENCE:
        if m[st.A_ABILITY + k] and enemy_in_range(o, c, k):
            return st.A_ABILITY + k
    e, d = nearest_enemy(o, c)
    if e < 0 or d == 0:
        return st.A_END
    if m[st.A_ABILITY + DASH] and d > round(slot(o, c, C_MOVE) * SCALE.c0_movement_left):
        return st.A_ABILITY + DASH
    step = move_toward(o, m, c, e)
    if step >= 0 and abs(step - st.A_MOVE - units(o, e)) < d:
        return step
    return st.A_END


@njit(cache=True)
def pick_target(o, m):
    """The legal target with the lowest HP share, standing ones first."""
    best, best_key = st.A_TARGET, 1e9
    for t in range(st.MAX_CHARS):
        if m[st.A_TARGET + t]:
            key = slot(o, t, C_HP) + (0.0 if standing(o, t) else 10.0)
            if key < best_key:
                best, best_key = st.A_TARGET + t, key
    return best


@njit(cache=True)
def first_legal(m, first, count, fallback):
    """The first legal action in ``first .. first+count-1``, else ``fallback``."""
    for a in range(first, first + count):
        if m[a]:
            return a
    return fallback


@njit(cache=True)
def act_row(o, m, ap, key, n):
    """The action for whichever decision (crew or GM) is pending (the compiled policy):
    ``key`` and ``n`` are unused, the rules of thumb draw no randomness."""
    phase = np.argmax(o[:st.NUM_PHASES])
    if phase == st.ACT:
        return act(o, m, ap.heal_below)
    if phase == st.TARGET_PICK:
        return pick_target(o, m)
    if phase == st.REACT:
        return first_legal(m, st.A_REACT, st.MAX_CHARS, st.A_PASS)
    return first_legal(m, st.A_ADJUST, 2 * st.MAX_ADJUST + 1, st.A_ADJUST)


@njit(cache=True)
def act_rows(obs, masks, ap, out):
    """Into ``out``, each row's action."""
    for r in range(obs.shape[0]):
        out[r] = act_row(obs[r], masks[r], ap, 0, 0)
    return out


PARAMS = np.dtype([("heal_below", np.float64)], align=True)


@dataclass
class FrontiersHeuristic(CompiledHeuristic):
    """Plays whichever Frontiers decision is pending (crew or GM).

    Attributes:
        heal_below: Mend an ally in reach whose HP share is below this.
    """

    policy_name: ClassVar[str] = "frontiers_heuristic"
    act_row = staticmethod(act_row)
    act_rows = staticmethod(act_rows)

    heal_below: float = 0.5

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record."""
        rec = np.zeros(1, PARAMS)
        rec[0] = (self.heal_below,)
        return rec


def heuristic(config=None) -> FrontiersHeuristic:
    """The Frontiers heuristic for either seat (the ruleset's ``"heuristic"`` agent)."""
    return FrontiersHeuristic()
