"""The 2d20 task: target number, dice pool, successes, complications, Momentum and Threat.

Star Trek Adventures 2nd edition core rulebook, task rules (as used by the "Conflict"
chapter, pp. 276-293): "Target number = attribute + department"; each d20 that rolls at or
under it is a success; with a focus a die at or under the department is a critical worth two
successes, without one only a natural 1 is; a die in the complication range causes a
complication whether or not the task succeeds. Successes above the Difficulty become
Momentum. Each function here is a plain numba function of numbers (and the dice), so the
odds command, the conflict rules and the tests share one implementation.
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, record
from scenegym.envs.core.jit import njit


@njit(cache=True)
def target_number(attribute, department):
    """Target number = attribute + department."""
    return attribute + department


@njit(cache=True)
def die_successes(face, tn, department, focus):
    """Successes of one die: 0, 1, or 2 for a critical.

    A critical is a die at or under the department when a focus applies, else a natural 1.
    """
    if face > tn:
        return 0
    if face == 1 or (focus and face <= department):
        return 2
    return 1


@njit(cache=True)
def is_complication(face, complication_range, sides):
    """A die in the complication range: range 1 is a 20, range 2 is 19-20, and so on."""
    return face >= sides + 1 - complication_range


@njit(cache=True)
def next_die_cost(p, bought, perfect):
    """Momentum (or Threat) for the next bought die: 1, then 2 more, then 3 more; -1 when the
    pool would pass the most dice (``perfect``: Determination's bonus die is in it)."""
    if bought >= len(p.die_costs) or p.base_dice + bought + perfect_die(p, perfect) >= p.max_dice:
        return -1
    return p.die_costs[bought]


@njit(cache=True)
def perfect_die(p, perfect):
    """Dice Determination adds to the pool: Perfect Opportunity's bonus d20
    [perfect_opportunity_adds], or none when it sets a pool die to 1 instead."""
    return 1 if perfect and p.perfect_adds == 1 else 0


@njit(cache=True)
def roll_pool(p, dice, log, i, n, tn, department, focus, perfect, rerolls, purpose,
              complication_range):
    """Roll ``n`` d20 and, with ``perfect``, one more counted as a 1 (or, when Perfect
    Opportunity does not add a die, one of the ``n`` set to 1); returns (successes,
    complications).

    ``rerolls`` dice that are not successes are rolled again (Aim: 1; Aim with an Accurate
    weapon: "any number"), the highest faces first, so a complication is re-rolled before a
    plain failure. A die at or above ``sides + 1 - complication_range`` is a complication.
    """
    total = 0
    complications = 0
    failed = 0
    failed_complications = 0
    first = 0
    if perfect:
        total += die_successes(1, tn, department, focus)
        record(log, i, DIE, p.die_sides, 1, purpose, 1)
        first = 1 - perfect_die(p, perfect)
    for _ in range(first, n):
        face = roll(dice, i, p.die_sides)
        record(log, i, DIE, p.die_sides, face, purpose, 0)
        total += die_successes(face, tn, department, focus)
        complication = is_complication(face, complication_range, p.die_sides)
        complications += complication
        if face > tn:
            failed += 1
            failed_complications += complication
    again = min(rerolls, failed)
    complications -= min(again, failed_complications)
    for _ in range(again):
        face = roll(dice, i, p.die_sides)
        record(log, i, DIE, p.die_sides, face, purpose, 2)
        total += die_successes(face, tn, department, focus)
        complications += is_complication(face, complication_range, p.die_sides)
    return total, complications


@njit(cache=True)
def assisted(leader_successes, assist_successes):
    """An assistant's successes count only if the leader scored at least one."""
    if leader_successes > 0:
        return leader_successes + assist_successes
    return leader_successes


@njit(cache=True)
def succeeds(successes, difficulty):
    """A task succeeds when its successes reach the Difficulty (ties to the active side)."""
    return successes >= difficulty


@njit(cache=True)
def momentum_generated(successes, difficulty):
    """Successes above the Difficulty become Momentum (none on a failure)."""
    return max(0, successes - difficulty)


@njit(cache=True)
def shortfall(successes, difficulty):
    """Opposed task the active side failed: the reactive side gains this Momentum."""
    return max(0, difficulty - successes)


@njit(cache=True)
def add_to_pool(pool, amount, most):
    """Crew pool after adding ``amount``: capped at ``most`` (the excess is lost)."""
    return min(pool + amount, most)


@njit(cache=True)
def pay_immediate(pool, threat, cost):
    """A PC pays an Immediate cost: from the pool first, the rest by adding Threat.

    Returns (pool, threat) afterwards.
    """
    from_pool = min(pool, cost)
    return pool - from_pool, threat + cost - from_pool
