"""The roll: a pool of d6 plus Risk dice, read against the result table.

This project's decision (``docs/rules/momentum.md``, "The roll"; no published source).

Pool dice showing ``success_face`` or more are successes, those showing ``critical_face`` or
more are also critical faces; risk dice never score, and one showing ``hit_face`` or less is
a hit. Reading (every number from the kernel parameters ``p``):

| successes vs difficulty | risk hits | result |
| --- | --- | --- |
| met | 0 | Critical Success with ``critical_count``+ critical faces, else Success |
| met | 1 | Costly Success |
| any | 2+ | Critical Failure |
| not met | 1 | Critical Failure |
| not met | 0 | Failure |

Equivalently: read the successes, then a single hit worsens the result one step (any success
becomes Costly, Costly becomes Failure, Failure becomes Critical Failure) and two or more
hits make it a Critical Failure. Contests read the net successes the same way (see
:func:`contest_result`). The functions here are pure, so the odds command reuses them.
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, record
from scenegym.envs.core.jit import njit
from scenegym.envs.momentum.state import (
    COSTLY_SUCCESS,
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DIE_OPPONENT,
    DIE_POOL,
    DIE_PRESS,
    DIE_RISK,
    DIE_UPGRADED,
    FAILURE,
    SUCCESS,
)


@njit(cache=True)
def with_hits(result, hits):
    """A result after its risk hits: one worsens it a step, two or more make it critical."""
    if hits >= 2:
        return CRITICAL_FAILURE
    if hits == 1:
        if result >= SUCCESS:
            return COSTLY_SUCCESS
        return max(result - 1, CRITICAL_FAILURE)
    return result


@njit(cache=True)
def roll_result(p, successes, criticals, hits):
    """The result of a roll against ``p.difficulty`` (the table in the module docstring)."""
    if successes >= p.difficulty:
        base = CRITICAL_SUCCESS if criticals >= p.critical_count else SUCCESS
    else:
        base = FAILURE
    return with_hits(base, hits)


@njit(cache=True)
def contest_result(p, net, criticals, opp_criticals, hits):
    """An active contest read for the PC: net = own successes - the opponent's.

    Net 1+: the PC wins (Critical with ``critical_count`` critical faces); net 0: Costly
    Success; net below 0: the opponent wins, a Critical Failure when the opponent rolled a
    critical and ``p.opponent_criticals`` is on. Risk hits then apply as in a plain roll.
    """
    if net >= 1:
        base = CRITICAL_SUCCESS if criticals >= p.critical_count else SUCCESS
    elif net == 0:
        base = COSTLY_SUCCESS
    elif p.opponent_criticals and opp_criticals >= p.critical_count:
        base = CRITICAL_FAILURE
    else:
        base = FAILURE
    return with_hits(base, hits)


@njit(cache=True)
def roll_pool(p, dice, log, i, pool, upgraded, purpose):
    """Roll ``pool`` dice; an ``upgraded`` die is set to the top face without rolling.

    Returns ``(successes, critical faces)``.
    """
    successes = 0
    criticals = 0
    for k in range(pool):
        if k < upgraded:
            face = p.die_sides
            record(log, i, DIE, p.die_sides, face, DIE_UPGRADED, 0)
        else:
            face = roll(dice, i, p.die_sides)
            record(log, i, DIE, p.die_sides, face, purpose, 0)
        successes += face >= p.success_face
        criticals += face >= p.critical_face
    return successes, criticals


@njit(cache=True)
def roll_risk(p, dice, log, i, risk, hit_face, purpose):
    """Roll ``risk`` risk dice, each a hit at ``hit_face`` or less; returns the hits."""
    hits = 0
    for _ in range(risk):
        face = roll(dice, i, p.die_sides)
        record(log, i, DIE, p.die_sides, face, purpose, 0)
        hits += face <= hit_face
    return hits


@njit(cache=True)
def roll_crew(p, dice, log, i, pool, upgraded, risk, pressed):
    """The crew's roll: pool dice, then the risk dice; the last ``pressed`` of them are the
    Press's dice, a hit at ``p.press_hit_face`` or less.

    Returns ``(successes, criticals, hits, press hits)``; ``hits`` counts every risk die's.
    """
    successes, criticals = roll_pool(p, dice, log, i, pool, upgraded, DIE_POOL)
    hits = roll_risk(p, dice, log, i, risk - pressed, p.hit_face, DIE_RISK)
    press_hits = roll_risk(p, dice, log, i, pressed, p.press_hit_face, DIE_PRESS)
    return successes, criticals, hits + press_hits, press_hits


@njit(cache=True)
def roll_opponent(p, dice, log, i, pool):
    """The opponent's side of a contest. Returns ``(successes, criticals)``."""
    return roll_pool(p, dice, log, i, pool, 0, DIE_OPPONENT)
