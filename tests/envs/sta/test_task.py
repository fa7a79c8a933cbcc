"""The 2d20 task engine (envs/sta/task.py), rule by rule, with scripted d20s.

Star Trek Adventures 2nd edition core rulebook, task rules: "Target number = attribute +
department"; each d20 "at or under" the target number is a success; with a focus, a die at
or under the department is a critical worth two successes, without one only a natural 1;
"a die in the complication range" causes a complication; "successes above the Difficulty
become Momentum"; buying dice: "The first bonus die costs 1, the second costs 2 more, and
the third costs 3 more. You can't roll more than 5d20 on any task attempt" (Conflict,
"Buy D20s", p. 293).
"""

import numpy as np
import pytest

from scenegym.envs.core.dice import make_dice
from scenegym.envs.core.events import make_log
from scenegym.envs.core.params import rule_record
from scenegym.envs.sta.config import StaConfig, kernel_params
from scenegym.envs.sta.task import (
    add_to_pool,
    assisted,
    die_successes,
    is_complication,
    momentum_generated,
    next_die_cost,
    pay_immediate,
    roll_pool,
    shortfall,
    succeeds,
    target_number,
)

P = rule_record(kernel_params(StaConfig()))  # the rules' own type, as the loops hand it


def test_target_number_is_attribute_plus_department():
    assert target_number(10, 4) == 14


@pytest.mark.parametrize(("face", "focus", "expected"), [
    (14, False, 1), (15, False, 0), (1, False, 2), (4, False, 1), (2, False, 1),
    (4, True, 2), (5, True, 1), (1, True, 2), (15, True, 0)])
def test_successes_per_die(face, focus, expected):
    """Target 14, department 4: at or under 14 succeeds; a critical at or under 4 with a
    focus, else only a natural 1."""
    assert die_successes(face, 14, 4, focus) == expected


@pytest.mark.parametrize(("face", "rng", "expected"), [
    (20, 1, True), (19, 1, False), (18, 3, True), (17, 3, False), (16, 5, True)])
def test_complication_range(face, rng, expected):
    """"Range 1..5 means 20, 19-20, ... 16-20"."""
    assert bool(is_complication(face, rng, 20)) == expected


def test_bought_dice_cost_1_then_2_then_3_never_over_5():
    assert [next_die_cost(P, k, False) for k in range(4)] == [1, 2, 3, -1]
    four_dice = rule_record(kernel_params(StaConfig(max_dice=4)))
    assert next_die_cost(four_dice, 2, False) == -1
    assert next_die_cost(P, 2, True) == -1  # Determination's bonus die is the fifth


def test_momentum_is_successes_above_difficulty_and_ties_succeed():
    assert succeeds(2, 2) and not succeeds(1, 2)
    assert momentum_generated(4, 2) == 2 and momentum_generated(1, 2) == 0
    assert shortfall(1, 3) == 2 and shortfall(3, 3) == 0


def test_assistance_counts_only_if_the_leader_scored():
    """"its successes count only if the leader scored at least one"."""
    assert assisted(1, 2) == 3
    assert assisted(0, 2) == 0


def test_crew_pool_is_capped_and_immediate_costs_add_threat():
    """"crew pool max 6 ... excess is lost"; "Immediate spends can be paid by adding Threat"."""
    assert add_to_pool(5, 3, 6) == 6
    assert pay_immediate(1, 4, 3) == (0, 6)
    assert pay_immediate(5, 4, 3) == (2, 4)


def roll(faces, n, tn=14, dept=4, focus=True, perfect=False, rerolls=0):
    dice = make_dice(1, np.array([list(faces) + [0]], np.int32))
    return roll_pool(P, dice, make_log(1, 0), 0, n, tn, dept, focus, perfect, rerolls, 0, 1)


def test_roll_pool_counts_successes_criticals_and_complications():
    assert roll([3, 14, 20], 3) == (3, 1)
    assert roll([3, 14, 20], 3, focus=False) == (2, 1)


def test_perfect_opportunity_adds_a_die_counted_as_a_1():
    """Determination, Perfect Opportunity (Star Trek Adventures 2nd edition core rulebook,
    core task rules): a bonus d20 counted as a 1 (a critical) beside the pool's own dice,
    which all roll [perfect_opportunity_adds]; switched off, one pool die is set to 1."""
    assert roll([20, 5], 2, perfect=True) == (2 + 0 + 1, 1)
    replace = rule_record(kernel_params(StaConfig(perfect_opportunity_adds=False)))
    dice = make_dice(1, np.array([[20, 5, 0]], np.int32))
    assert roll_pool(replace, dice, make_log(1, 0), 0, 2, 14, 4, True, True, 0, 0, 1) == (2, 1)


def test_aim_rerolls_the_highest_failed_die():
    """Aim: "you may re-roll a single d20": the 20 (a complication) is re-rolled into a 2."""
    assert roll([20, 10, 2], 2, rerolls=1) == (3, 0)
    assert roll([10, 12, 2], 2, rerolls=1) == (2, 0)  # nothing failed: no re-roll


def test_accurate_aim_rerolls_any_number_of_failed_dice():
    """Accurate (a weapon quality; RULES: the disruptor rifle is "Deadly Intense Accurate"):
    with Aim, "re-roll any number of d20s": the 20 and the 16 (both failed, the 20 a
    complication) are rolled again into a 3 and a 15; the 5 stands."""
    assert roll([20, 5, 16, 3, 15], 3, rerolls=5) == (1 + 2 + 0, 0)
    assert roll([20, 5, 16, 3], 3, rerolls=1) == (1 + 0 + 2, 0)  # plain Aim: only the 20
