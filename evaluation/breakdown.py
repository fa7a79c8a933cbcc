"""``scenegym bench --breakdown``: what a decision costs, pass by pass.

The raw row's decision is four passes over the batch: the compiled random picker chooses an
action among the legal ones (**pick**), the rules take it and resolve what follows
(**apply**), then fill the next mask (**legal**) and observation (**observe**). Each pass is
timed alone here, over the same states: a raw batch is stepped a while (its envs at every
point of their episodes), its states are kept, and each pass runs over them again and again,
the states put back before each apply (outside the clock). The four per-decision times add
up to about the raw row's, and show which pass to speed up.

The passes call the ruleset's own rules and the engine's picker; the loops around them are
the few lines of :mod:`scenegym.evaluation.pass_loops` (the engine's batch loops,
``scenegym.envs.core.loops``, run the same rules over the same borrowed rows), a module of
their own so that this one, which drives them from the bench's steppers, uses no numba: the
kernel cache's digest (:mod:`scenegym.envs.cache`) covers every module that uses numba and
all it imports, and from here that would be the playtest command and the worker pool.
"""

from __future__ import annotations

import time

import numpy as np

from scenegym.agents.random_agent import random_rows
from scenegym.envs.core.header import DECISIONS, EPISODE
from scenegym.evaluation.pass_loops import apply_pass, legal_pass, observe_pass

PASSES = ("pick", "apply", "legal", "observe")
SETTLE_STEPS = 50  # raw steps before the states are kept: envs spread over their episodes


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
