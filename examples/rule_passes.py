"""A benchmark (not a test) of a ruleset's four rules, pass by pass: ns per call of ``begin``,
``apply``, ``legal`` and ``observe``.

The benchmark plays a batch of episodes of the ruleset under its default config (both seats
random legal, autoreset) and keeps the state row and action of every decision of every tenth
step. It then times each rule alone over those inputs in a compiled loop: ``apply`` on a
copy of each kept row (the copy's own cost, timed alone, is taken off), ``legal`` and
``observe`` on each kept row, a few times in a row (a row in the cache, as the engine's loop
has it after ``apply``), ``begin`` (with the engine's start of an episode and header
clear) on fresh rows. ``apply`` is also timed by the phase of the decision it takes. Each figure is the fastest
of ``--repeats`` timed loops, in the thread's CPU time::

    python examples/rule_passes.py frontiers starforged --batch 4096 --steps 8

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed). Compare two trees by running it from each in turn (interleaved), on an idle
machine, and say the load (``uptime``) beside the figures.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.borrow import rule_row
from scenegym.envs.core.byref import by_ref
from scenegym.envs.core.dice import start_episode
from scenegym.envs.core.header import EPISODE, OVER, PHASE, clear_header
from scenegym.envs.core.loops import borrowed_dice, borrowed_log
from scenegym.envs.rulesets import get_ruleset, ruleset_names

# The timing loops are compiled in each run, not cached: they take the rules as arguments, and
# a cached loop would name the rules of whichever tree ran it first.
BLOCK = 32  # rows that stay in the cache together
SPREAD = 10  # steps played per step kept
MIN_PHASE_ROWS = 256  # kept decisions of a phase to time its apply alone
WARM = 8  # calls per row of legal and observe: the first finds the row out of the cache


@njit
def copies(rows, scratch):
    """Copy each kept row into ``scratch``: the part of :func:`applies` that is not the rule."""
    s = rule_row(scratch)
    total = 0
    for n in range(rows.shape[0]):
        s[:] = rows[n]
        total += s[0]
    return total


@njit
def applies(apply, rows, actions, p, dice, log, scratch, num_envs):
    """``apply`` each kept action to a copy of its row."""
    dice, log = by_ref(borrowed_dice(dice)), by_ref(borrowed_log(log))
    s = rule_row(scratch)
    total = 0
    for n in range(rows.shape[0]):
        s[:] = rows[n]
        apply(s, p, dice, log, n % num_envs, actions[n])
        total += scratch[0]
    return total


@njit
def asks(rule, rows, p, out):
    """``rule(row, p, out)`` (``legal`` or ``observe``) of each kept row, ``WARM`` times per
    block of ``BLOCK`` rows (the engine asks them of a row its ``apply`` has just brought
    into the cache)."""
    total = 0.0
    for first in range(0, rows.shape[0], BLOCK):
        for _ in range(WARM):
            for n in range(first, min(first + BLOCK, rows.shape[0])):
                rule(rule_row(rows[n]), p, rule_row(out))
                total += out[0]
    return total


@njit
def begins(begin, rows, p, dice, log, seed, episodes):
    """Start episode ``episodes + n`` of each row, as the engine's ``begin_batch`` does."""
    dice, log = by_ref(borrowed_dice(dice)), by_ref(borrowed_log(log))
    total = 0
    for n in range(rows.shape[0]):
        s = rule_row(rows[n])
        i = n % dice.keys.shape[0]
        start_episode(dice, i, seed, i, episodes + n)
        clear_header(s, episodes + n)
        begin(s, p, dice, log, i)
        total += s[0]
    return total


def kept_decisions(rs, num_envs: int, steps: int, seed: int):
    """The batch and the state rows and actions of ``steps`` random legal steps of it, every
    ``SPREAD``-th step played (the kept decisions spread over the episodes' course)."""
    engine = SceneBatch(rs, rs.default_config(), num_envs)
    engine.reset(seed)
    rng = np.random.default_rng(seed)
    rows, actions = [], []
    for step in range(steps * SPREAD):
        running = engine.state[:, OVER] == 0
        weights = rng.random(engine.masks.shape) * engine.masks
        chosen = weights.argmax(axis=1)
        if step % SPREAD == SPREAD - 1:
            rows.append(engine.state[running].copy())
            actions.append(chosen[running])
        _, over, _ = engine.step(chosen)
        if over.any():
            engine.next_episode(over.copy())
    return engine, np.concatenate(rows), np.concatenate(actions).astype(np.int64)


def fastest_ns(run, calls: int, repeats: int) -> float:
    """The fastest of ``repeats`` timed calls of ``run()`` in the CPU time of this thread
    (the least disturbed by other processes on a shared machine), in ns per rule call."""
    run()  # compile or load
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return min(times) / calls * 1e9


def rule_passes(name: str, num_envs: int, steps: int, repeats: int, seed: int) -> dict:
    """ns per call of each rule of the ruleset ``name``."""
    rs = get_ruleset(name)
    begin, apply, legal, observe = rs.rules
    engine, rows, actions = kept_decisions(rs, num_envs, steps, seed)
    p, dice, log = engine.params[0], engine.dice_arrays, engine.log_arrays
    scratch = np.zeros(rows.shape[1], rows.dtype)
    n = len(rows)
    copy_ns = fastest_ns(lambda: copies(rows, scratch), n, repeats)
    fresh = np.zeros((num_envs, rows.shape[1]), rows.dtype)
    episode = int(engine.state[:, EPISODE].max()) + 1
    by_phase = {}
    for phase, phase_name in rs.phase_names.items():
        chosen = rows[:, PHASE] == phase
        if phase >= 0 and chosen.sum() >= MIN_PHASE_ROWS:
            kept, acts = rows[chosen], actions[chosen]
            by_phase[phase_name] = fastest_ns(
                lambda: applies(apply, kept, acts, p, dice, log, scratch, num_envs),
                len(kept), repeats) - copy_ns
    return {
        "decisions": n,
        "apply_by_phase": by_phase,
        "begin": fastest_ns(lambda: begins(begin, fresh, p, dice, log, np.uint64(seed), episode),
                           num_envs, repeats),
        "apply": fastest_ns(lambda: applies(apply, rows, actions, p, dice, log, scratch,
                                           num_envs), n, repeats) - copy_ns,
        "legal": fastest_ns(lambda: asks(legal, rows, p, engine.masks[0].copy()), n * WARM,
                           repeats),
        "observe": fastest_ns(lambda: asks(observe, rows, p, engine.obs[0].copy()),
                             n * WARM, repeats),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help=f"any of {', '.join(ruleset_names())}")
    parser.add_argument("--batch", type=int, default=4096, help="envs played together")
    parser.add_argument("--steps", type=int, default=8, help="steps whose decisions are kept")
    parser.add_argument("--repeats", type=int, default=9, help="timed loops per rule")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'ruleset':<12} {'decisions':>9} {'begin':>9} {'apply':>9} {'legal':>9} "
          f"{'observe':>9}  (ns per call)")
    for name in args.rulesets or ruleset_names():
        t = rule_passes(name, args.batch, args.steps, args.repeats, args.seed)
        print(f"{name:<12} {t['decisions']:>9} {t['begin']:>9.0f} {t['apply']:>9.0f} "
              f"{t['legal']:>9.0f} {t['observe']:>9.0f}")
        print("  apply by phase: " + ", ".join(f"{k} {v:.0f}" for k, v in
                                               t["apply_by_phase"].items()))


if __name__ == "__main__":
    main()
