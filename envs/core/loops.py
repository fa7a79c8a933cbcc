"""The batch loops every ruleset runs in, around its four per-env rules.

This file is a template: :func:`scenegym.envs.core.kernels.compile_loops` loads one copy of
it per ruleset, as a module of that ruleset's own, and points the names ``rule_begin``,
``rule_apply``, ``rule_legal`` and ``rule_observe`` at the ruleset's rules before anything
compiles. Each copy is a plain module-level function, which numba caches on disk (a kernel
built inside a factory function, a closure, is compiled again in every process).

The per-env rules, over one state row ``s`` (int32[F]):

- ``begin(s, p, dice, log, i)``: set up a new episode and advance to its first decision.
- ``apply(s, p, dice, log, i, action)``: take the pending decision, then resolve everything
  automatic (rolls, outcomes, prices) until the next decision is pending or the episode ends.
- ``legal(s, p, m)``: fill the bool mask ``m`` of the pending decision (all False when over).
- ``observe(s, p, o)``: fill the float32 observation ``o`` as the *pending seat* sees it (hidden
  information, such as a simultaneous declaration, stays out of the other seat's view).

``p`` is the ruleset's kernel parameters, one record (:mod:`scenegym.envs.core.params`). The
dice and the event log arrive as plain tuples of arrays (passing a namedtuple from Python
costs more than a single env's whole step). Inside the loops every array the rules see is a
borrowed view (:mod:`scenegym.envs.core.borrow`): numba's reference counting of those
arrays at every helper call would cost more than the rules. The loops touch only the envs
selected by ``which``, so envs never read each other's rows.
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.dice import Dice, start_episode
from scenegym.envs.core.events import EventLog
from scenegym.envs.core.forfeit import forfeit
from scenegym.envs.core.header import EPISODE, OVER, TRUNCATED, clear_header, crew_reward

RAISE, LOSE = 0, 1  # what an illegal action does


def _unbound(*args):
    raise RuntimeError("batch loops used before compile_loops bound the ruleset's rules")


# The ruleset's rules: bound per copy of this module by compile_loops.
rule_begin = rule_apply = rule_legal = rule_observe = _unbound


@njit(cache=True)
def first_illegal(state, masks, actions, which):
    """The first selected running env whose action is out of range or not legal, or -1."""
    for i in range(masks.shape[0]):
        if which[i] and state[i, OVER] == 0:
            a = actions[i]
            if a < 0 or a >= masks.shape[1] or not masks[i, a]:
                return i
    return -1


@njit(cache=True, no_cpython_wrapper=True)  # callable from compiled code only (borrow.py)
def borrowed_dice(dice_arrays):
    """The dice from their tuple of arrays, as borrowed views."""
    keys, counts, script = dice_arrays
    return Dice(borrow(keys), borrow(counts), borrow(script))


@njit(cache=True, no_cpython_wrapper=True)  # callable from compiled code only (borrow.py)
def borrowed_log(log_arrays):
    """The event log from its tuple of arrays, as borrowed views."""
    records, lengths = log_arrays
    return EventLog(borrow(records), borrow(lengths))


@njit(cache=True)
def begin_batch(state, params, dice_arrays, log_arrays, seed, env_ids, which, masks, obs):
    """Start the next episode of every env selected by ``which``."""
    p = params[0]
    dice, log = borrowed_dice(dice_arrays), borrowed_log(log_arrays)
    for i in range(state.shape[0]):
        if which[i]:
            s = borrow(state[i])
            start_episode(dice, i, seed, env_ids[i], s[EPISODE])
            clear_header(s, s[EPISODE])
            rule_begin(s, p, dice, log, i)
            rule_legal(s, p, borrow(masks[i]))
            rule_observe(s, p, borrow(obs[i]))


@njit(cache=True)
def apply_batch(state, params, dice_arrays, log_arrays, actions, which, masks, obs,
                illegal_mode, reward, over, truncated):
    """Check, apply and collect: returns (first illegal env or -1, episodes ended, envs
    paid a reward before their end)."""
    p = params[0]
    dice, log = borrowed_dice(dice_arrays), borrowed_log(log_arrays)
    bad = first_illegal(state, masks, actions, which)
    if bad >= 0 and illegal_mode == RAISE:
        return bad, 0, 0
    ended = paid = 0
    for i in range(state.shape[0]):
        reward[i] = 0.0
        over[i] = False
        truncated[i] = False
        if not which[i] or state[i, OVER] == 1:
            continue
        s = borrow(state[i])
        a = actions[i]
        if a < 0 or a >= masks.shape[1] or not masks[i, a]:
            forfeit(state, log, i)
        else:
            rule_apply(s, p, dice, log, i, a)
        rule_legal(s, p, borrow(masks[i]))
        rule_observe(s, p, borrow(obs[i]))
        reward[i] = crew_reward(s)
        if s[OVER] == 1:
            over[i] = True
            truncated[i] = s[TRUNCATED] == 1
            ended += 1
        elif reward[i] != 0:
            paid += 1
    return -1, ended, paid


@njit(cache=True)
def refresh_batch(state, params, masks, obs):
    """Recompute every env's mask and observation from its state."""
    p = params[0]
    for i in range(state.shape[0]):
        s = borrow(state[i])
        rule_legal(s, p, borrow(masks[i]))
        rule_observe(s, p, borrow(obs[i]))
