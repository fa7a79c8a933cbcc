"""The compiled loops of ``scenegym bench --breakdown`` (:mod:`scenegym.evaluation.breakdown`):
each runs one pass of a decision (the rules taking actions, the next masks, the next
observations) over every env of a batch, the rules given as arguments.

They are compiled in each run, not cached: they take the rules as arguments, and a cached
loop would name the rules of whichever tree ran it first.
"""

from __future__ import annotations

from scenegym.envs.core.borrow import rule_row
from scenegym.envs.core.byref import by_ref
from scenegym.envs.core.header import OVER
from scenegym.envs.core.jit import njit
from scenegym.envs.core.loops import borrowed_dice, borrowed_log


@njit
def legal_pass(legal, state, params, masks):
    """Every env's mask, from its state."""
    p = params[0]
    for i in range(state.shape[0]):
        legal(rule_row(state[i]), p, rule_row(masks[i]))


@njit
def observe_pass(observe, state, params, obs):
    """Every env's observation, from its state."""
    p = params[0]
    for i in range(state.shape[0]):
        observe(rule_row(state[i]), p, rule_row(obs[i]))


@njit
def apply_pass(apply, state, params, dice_arrays, log_arrays, actions):
    """Every running env takes its action."""
    p = params[0]
    dice, log = by_ref(borrowed_dice(dice_arrays)), by_ref(borrowed_log(log_arrays))
    for i in range(state.shape[0]):
        if state[i, OVER] == 0:
            apply(rule_row(state[i]), p, dice, log, i, actions[i])
