"""Momentum and Turn order.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1), "Momentum (Turn Order)":
"Participants then act in ascending order of MV"; "Ties in Momentum": "The participant
with higher Finesse Score acts first. If still tied, the Player goes first, or GM
decides"; "Changing Momentum Mid-Encounter": "The new MV takes effect at the start of the
next Round". The Rolled Momentum Variant ("1d20 + Finesse Modifier") and the No Momentum
Alternative ("Turn order rotates clockwise around the table, with the GM inserting NPCs
logically": PCs and enemies alternate, by slot).
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, NOTE, record
from scenegym.envs.core.jit import njit
from scenegym.envs.frontiers.condition import set_char
from scenegym.envs.frontiers.state import (
    DIE_MOMENTUM,
    FINESSE,
    FINESSE_SCORE,
    MAX_CHARS,
    MAX_PCS,
    MODS,
    MV,
    MV_NEXT,
    NOTE_ORDER,
    NUM_ATTRS,
    ORDER,
    POOL_MV,
    PRESENT,
)


@njit(cache=True)
def finesse_mod(s, c):
    """Participant ``c``'s Finesse modifier."""
    return s[MODS + c * NUM_ATTRS + FINESSE]


@njit(cache=True)
def acts_before(s, a, b):
    """Whether ``a`` acts before ``b``: lower MV; then higher Finesse score; then the
    Player; then the lower slot."""
    if s[MV + a] != s[MV + b]:
        return s[MV + a] < s[MV + b]
    if s[FINESSE_SCORE + a] != s[FINESSE_SCORE + b]:
        return s[FINESSE_SCORE + a] > s[FINESSE_SCORE + b]
    if (a < MAX_PCS) != (b < MAX_PCS):
        return a < MAX_PCS
    return a < b


@njit(cache=True)
def alternate_order(s):
    """No Momentum: PC 0, enemy 0, PC 1, enemy 1, ... (absent slots skipped)."""
    n = 0
    for k in range(MAX_PCS):
        for c in (k, MAX_PCS + k):
            if s[PRESENT + c] == 1:
                s[ORDER + n] = c
                n += 1
    return n


@njit(cache=True)
def momentum_order(s):
    """Every participant, sorted by :func:`acts_before` (insertion sort)."""
    n = 0
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 0:
            continue
        j = n
        while j > 0 and acts_before(s, c, s[ORDER + j - 1]):
            s[ORDER + j] = s[ORDER + j - 1]
            j -= 1
        s[ORDER + j] = c
        n += 1
    return n


@njit(cache=True)
def build_order(s, p, log, i):
    """This round's Turn order into ``ORDER`` (-1 past the last participant)."""
    n = alternate_order(s) if p.no_momentum == 1 else momentum_order(s)
    for k in range(n, MAX_CHARS):
        s[ORDER + k] = -1
    for k in range(n):
        record(log, i, NOTE, NOTE_ORDER, k, s[ORDER + k], s[MV + s[ORDER + k]])


@njit(cache=True)
def apply_momentum_changes(s, log, i):
    """Momentum changes made last round take effect now."""
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 1:
            set_char(s, log, i, MV, POOL_MV, c, s[MV_NEXT + c])


@njit(cache=True)
def roll_momentum(s, p, dice, log, i):
    """Rolled Momentum: every participant's MV is 1d20 + its Finesse modifier (slot order)."""
    for c in range(MAX_CHARS):
        if s[PRESENT + c] == 1:
            face = roll(dice, i, p.die)
            record(log, i, DIE, p.die, face, DIE_MOMENTUM, c)
            s[MV + c] = face + finesse_mod(s, c)
            s[MV_NEXT + c] = s[MV + c]


@njit(cache=True)
def adjust_range(s, p, c, cap):
    """How far ``c`` may adjust its MV: "adding or subtracting up to their Finesse
    Modifier". A negative modifier allows none (reading: "up to" a bound below 0 allows no
    adjustment), or, with ``negative_finesse_adjusts``, up to its size."""
    mod = finesse_mod(s, c)
    if p.negative_finesse_adjusts == 1:
        mod = abs(mod)
    return min(max(mod, 0), cap)


@njit(cache=True)
def next_adjuster(s, p, after, cap):
    """The next participant after slot ``after`` who may adjust its MV, or -1."""
    for c in range(after + 1, MAX_CHARS):
        if s[PRESENT + c] == 1 and adjust_range(s, p, c, cap) > 0:
            return c
    return -1
