"""``scenegym bench --breakdown``: what a decision costs, pass by pass.

The raw row's decision is four passes over the batch: the compiled random picker chooses an
action among the legal ones (**pick**), the rules take it and resolve what follows
(**apply**), then fill the next mask (**legal**) and observation (**observe**). Each pass is
timed alone here, over the same states: a raw batch is stepped a while (its envs at every
point of their episodes), its states are kept, and each pass runs over them again and again,
the states put back before each apply (outside the clock). The four per-decision times add
up to about the raw row's, and show which pass to speed up.

The passes call the ruleset's own rules and the engine's picker; the loops around them are
the few lines below (the engine's batch loops, ``scenegym.envs.core.loops``, run the same
rules over the same borrowed rows).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from scenegym.agents.random_agent import random_rows
from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.header import DECISIONS, EPISODE, OVER
from scenegym.envs.core.loops import borrowed_dice, borrowed_log

PASSES = ("pick", "apply", "legal", "observe")
SETTLE_STEPS = 50  # raw steps before the states are kept: envs spread over their episodes


@njit
def legal_pass(legal, state, params, masks):
    """Every env's mask, from its state."""
    p = params[0]
    for i in range(state.shape[0]):
        legal(borrow(state[i]), p, borrow(masks[i]))


@njit
def observe_pass(observe, state, params, obs):
    """Every env's observation, from its state."""
    p = params[0]
    for i in range(state.shape[0]):
        observe(borrow(state[i]), p, borrow(obs[i]))


@njit
def apply_pass(apply, state, params, dice_arrays, log_arrays, actions):
    """Every running env takes its action."""
    p = params[0]
    dice, log = borrowed_dice(dice_arrays), borrowed_log(log_arrays)
    for i in range(state.shape[0]):
        if state[i, OVER] == 0:
            apply(borrow(state[i]), p, dice, log, i, actions[i])


def settled_batch(env_id: str, num_envs: int, seed: int):
    """A raw batch of ``env_id`` stepped :data:`SETTLE_STEPS` times (both seats random),
    and the picker's arguments over it."""
    from scenegym.evaluation.steppers import raw_engine

    stepper = raw_engine(env_id, num_envs, seed)
    for _ in range(SETTLE_STEPS):
        stepper.step()
    return stepper.engine


def pass_times(env_id: str, num_envs: int, seed: int, seconds: float) -> dict:
    """Seconds per decision of each pass (:data:`PASSES`) at batch ``num_envs``, each timed
    for about ``seconds``."""
    engine = settled_batch(env_id, num_envs, seed)
    rules, state, params = engine.ruleset.rules, engine.state, engine.params
    kept = state.copy()
    actions = engine.action_buffer
    pick_args = (engine.obs, engine.masks, engine.env_ids, state[:, EPISODE],
                 state[:, DECISIONS], np.uint64(seed), actions)
    random_rows(*pick_args)

    def apply():
        state[:] = kept  # the same states every time, put back off the clock
        start = time.perf_counter()
        apply_pass(rules.apply, state, params, engine.dice_arrays, engine.log_arrays, actions)
        return time.perf_counter() - start

    passes = {"pick": lambda: random_rows(*pick_args),
              "legal": lambda: legal_pass(rules.legal, kept, params, engine.masks),
              "observe": lambda: observe_pass(rules.observe, kept, params, engine.obs)}
    times = {name: per_decision(timed(run), seconds, num_envs) for name, run in passes.items()}
    times["apply"] = per_decision(apply, seconds, num_envs)
    return {name: times[name] for name in PASSES}


def timed(run):
    """``run`` as a function returning the seconds it took."""
    def clocked():
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    return clocked


def per_decision(clocked, seconds: float, num_envs: int) -> float:
    """The median seconds per env of ``clocked()`` (seconds of one pass over the batch),
    repeated for about ``seconds`` after one warm-up call (the compile)."""
    clocked()
    took, spent = [], 0.0
    while spent < seconds or len(took) < 3:
        took.append(clocked())
        spent += took[-1]
    return float(np.median(took)) / num_envs
