"""Hand-written Frontiers players for both seats, one rule of thumb per decision.

For the active participant: heal a badly hurt ally in reach; else the first attack in the
attack preference that is legal with a standing enemy in its range; else a movement boost
when the nearest standing enemy is out of this Turn's movement; else move toward the nearest
standing enemy's Unit (or Zone); else end the Turn. Targets: the standing enemy (or the ally)
with the lowest HP share. Momentum: act as early as allowed. Reactions: always declare them.

The rules of thumb choose abilities by what they do, for any catalogue (a scenario's own
included): the attack preference ranks attacks by their expected damage plus their riders
(each Unit of push and of impairment counts 1, an immobilisation 2), then by expected damage;
the heal is the one that heals most, the boost the one that adds most MP; cheaper (AP, then
Energy) first among equals (:func:`preferences`). Renaming or reordering a catalogue does not
change their play. They read only the observation (``scenegym.envs.frontiers.observation``;
inside the compiled step, only the slots they read: ``heuristic_view``), the action mask and
that ranking of the config's catalogue; they are compiled, one row at a time, so that a
heuristic opponent costs little per step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from scenegym.envs.core.heuristic import CompiledHeuristic
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig, kernel_params
from scenegym.envs.frontiers.observation import CHAR, CHAR_SLOTS, GLOBALS, SCALE, heuristic_view

C_PRESENT, C_PC, C_HP, C_UNIT = CHAR.present, CHAR.is_pc, CHAR.hp_share, CHAR.unit
C_DOWN, C_DEAD, C_ACTIVE, C_MOVE = CHAR.unconscious, CHAR.dead, CHAR.active, CHAR.movement_left
NONE = -1  # pads a preference list


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
def enemy_in_range(o, ap, c, k):
    """Whether a standing enemy of ``c`` is within ability ``k``'s range."""
    for e in range(st.MAX_CHARS):
        if standing(o, e) and slot(o, e, C_PC) != slot(o, c, C_PC):
            d = abs(units(o, e) - units(o, c))
            if ap.range_min[k] <= d <= ap.range_max[k]:
                return True
    return False


@njit(cache=True)
def ally_hurt(o, ap, c, k):
    """Whether an ally of ``c`` (or ``c``) in reach of heal ``k`` is below ``heal_below`` of
    its HP."""
    for a in range(st.MAX_CHARS):
        if (slot(o, a, C_PRESENT) > 0.5 and slot(o, a, C_DEAD) < 0.5
                and slot(o, a, C_PC) == slot(o, c, C_PC) and slot(o, a, C_HP) < ap.heal_below
                and abs(units(o, a) - units(o, c)) <= ap.range_max[k]):
            return True
    return False


@njit(cache=True)
def first_fit(o, m, ap, c, order, hurt):
    """The first ability of the preference list ``order`` that is legal now and has a target
    in range (an enemy, or, with ``hurt``, a badly hurt ally); -1 if none."""
    for k in order:
        if k < 0:
            break
        if m[st.A_ABILITY + k] and (ally_hurt(o, ap, c, k) if hurt else enemy_in_range(o, ap, c, k)):
            return k
    return -1


@njit(cache=True)
def first_boost(m, ap):
    """The first movement boost of the preference that is legal now; -1 if none."""
    for k in ap.boosts:
        if k < 0:
            break
        if m[st.A_ABILITY + k]:
            return k
    return -1


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
def act(o, m, ap):
    """The active participant's next Action, move or the end of its Turn."""
    c = 0
    for k in range(st.MAX_CHARS):
        if slot(o, k, C_ACTIVE) > 0.5:
            c = k
    k = first_fit(o, m, ap, c, ap.heals, True)
    if k < 0:
        k = first_fit(o, m, ap, c, ap.attacks, False)
    if k >= 0:
        return st.A_ABILITY + k
    e, d = nearest_enemy(o, c)
    if e < 0 or d == 0:
        return st.A_END
    boost = first_boost(m, ap)
    if boost >= 0 and d > round(slot(o, c, C_MOVE) * SCALE.c0_movement_left):
        return st.A_ABILITY + boost
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
        return act(o, m, ap)
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


PARAMS = np.dtype([("heal_below", np.float64),
                   ("attacks", np.int64, (st.MAX_ABILITIES,)),
                   ("heals", np.int64, (st.MAX_ABILITIES,)),
                   ("boosts", np.int64, (st.MAX_ABILITIES,)),
                   ("range_min", np.int64, (st.MAX_ABILITIES,)),
                   ("range_max", np.int64, (st.MAX_ABILITIES,))], align=True)


def mean_amount(a) -> float:
    """An ability's expected damage (or healing): its dice's mean plus its bonus."""
    return a.dice * (a.sides + 1) / 2 + a.bonus


def attack_value(a) -> float:
    """An attack's expected damage plus its riders: a Unit of push or of impairment counts
    1, an immobilisation 2."""
    return mean_amount(a) + a.push + a.impair + (2 if a.immobilise else 0)


def preferences(abilities) -> dict[str, list[int]]:
    """The ids of the catalogue's attacks, heals and boosts, best first, by what each does
    (never by name or place): attacks by :func:`attack_value`, then expected damage; heals
    by expected healing; boosts by MP added; then the cheaper (AP, then Energy) first."""
    def ranked(kind, worth):
        ids = [k for k, a in enumerate(abilities) if a.kind == kind]
        return sorted(ids, key=lambda k: (*(-w for w in worth(abilities[k])),
                                          abilities[k].ap, abilities[k].energy, k))
    return {"attacks": ranked("attack", lambda a: (attack_value(a), mean_amount(a))),
            "heals": ranked("heal", lambda a: (mean_amount(a),)),
            "boosts": ranked("boost", lambda a: (a.bonus_mp,))}


def padded(ids) -> list[int]:
    """``ids`` padded with :data:`NONE` to the catalogue's room."""
    return list(ids) + [NONE] * (st.MAX_ABILITIES - len(ids))


@dataclass
class FrontiersHeuristic(CompiledHeuristic):
    """Plays whichever Frontiers decision is pending (crew or GM).

    Attributes:
        heal_below: Heal an ally in reach whose HP share is below this.
        config: The config whose catalogue it plays (None: the default catalogue).
    """

    policy_name: ClassVar[str] = "frontiers_heuristic"
    act_row = staticmethod(act_row)
    act_rows = staticmethod(act_rows)
    view_row = staticmethod(heuristic_view)

    heal_below: float = 0.5
    config: FrontiersConfig | None = None

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record (the ranges are
        the engine's, in Zones under Zone Movement)."""
        cfg = FrontiersConfig() if self.config is None else self.config
        kp = kernel_params(cfg)
        best = preferences(cfg.abilities)
        rec = np.zeros(1, PARAMS)
        rec[0] = (self.heal_below, padded(best["attacks"]), padded(best["heals"]),
                  padded(best["boosts"]), kp.ab_range_min, kp.ab_range_max)
        return rec


def heuristic(config=None) -> FrontiersHeuristic:
    """The Frontiers heuristic for either seat (the ruleset's ``"heuristic"`` agent), playing
    ``config``'s catalogue."""
    return FrontiersHeuristic(config=config)
