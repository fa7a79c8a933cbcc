"""Downtime: recovery between encounters (the rules an expedition will call).

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1), "Downtime Recovery" ("For
each uninterrupted hour of Downtime: Regain 1 Energy. Remove either 1 Wound or 1
Fatigue."), "Unconscious State" ("Regaining eligibility to act immediately ends the
Unconscious state": a participant knocked out by Fatigue wakes once Downtime brings its
Fatigue below the maximum), "Extended Downtime" ("at least 3 uninterrupted hours: ... recover 1/2 of their
maximum HP"), and Edge-Case Rulings 11 ("Downtime recovery cannot occur while structured
timing is active") and 12 ("Effects with duration measured in Rounds immediately expire").
"""

from __future__ import annotations

from scenegym.envs.core.header import OVER
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.condition import end_effect, heal, set_char, wake_if_able
from scenegym.envs.frontiers.state import (
    BETWEEN,
    DEAD,
    DOWN,
    EFFECT_KIND,
    ENERGY,
    ENERGY_MAX,
    FATIGUE,
    HP_MAX,
    MAX_CHARS,
    MAX_EFFECTS,
    NO_EFFECT,
    POOL_ENERGY,
    POOL_FATIGUE,
    POOL_WOUNDS,
    PRESENT,
    PRONE,
    WOUNDS,
)


@njit(cache=True)
def recover_hour(s, p, log, i, c):
    """One hour: +1 Energy (not past the maximum); a Wound removed, else a Fatigue
    (interpretation: Wounds first; never both in the same hour)."""
    set_char(s, log, i, ENERGY, POOL_ENERGY, c,
             min(s[ENERGY_MAX + c], s[ENERGY + c] + p.downtime_energy))
    if s[WOUNDS + c] > 0:
        set_char(s, log, i, WOUNDS, POOL_WOUNDS, c, s[WOUNDS + c] - 1)
    elif s[FATIGUE + c] > 0:
        set_char(s, log, i, FATIGUE, POOL_FATIGUE, c, s[FATIGUE + c] - 1)


@njit(cache=True)
def rest(s, p, log, i, hours):
    """``hours`` uninterrupted hours of Downtime for every living participant. Returns
    False (and changes nothing) while the encounter is still running."""
    if s[OVER] == 0 and s[BETWEEN] == 0:
        return False
    recover(s, p, log, i, hours)
    return True


@njit(cache=True)
def recover(s, p, log, i, hours):
    """``hours`` hours of Downtime recovery for every living participant."""
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 0 or s[DEAD + c] == 1:
            continue
        for e in range(MAX_EFFECTS):  # every effect of the catalogue is measured in Rounds
            if s[EFFECT_KIND + c * MAX_EFFECTS + e] != NO_EFFECT:
                end_effect(s, log, i, c, e)
        for h in range(hours):
            recover_hour(s, p, log, i, c)
            if (h + 1) % p.extended_hours == 0:
                heal(s, p, log, i, c, s[HP_MAX + c] // p.extended_divisor)
        wake_if_able(s, log, i, c)  # Fatigue below its maximum again, with HP: awake
        if s[DOWN + c] == 0:
            s[PRONE + c] = 0  # a conscious participant gets up while it rests: no MP to pay
