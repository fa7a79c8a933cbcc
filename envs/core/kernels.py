"""Batch loops shared by every ruleset, compiled around the ruleset's per-env rules.

A ruleset writes four per-env ``@njit`` functions over one state row ``s`` (int32[F]):

- ``begin(s, p, dice, log, i)``: set up a new scene and advance to its first decision.
- ``apply(s, p, dice, log, i, action)``: take the pending decision, then resolve everything
  automatic (rolls, outcomes, prices) until the next decision is pending or the scene ends.
- ``legal(s, p, m)``: fill the bool mask ``m`` of the pending decision (all False when over).
- ``observe(s, p, o)``: fill the float32 observation ``o``.

The batch loops take the dice and the event log as plain tuples of arrays and rebuild the
namedtuples inside the compiled code: passing a namedtuple from Python costs more than the
whole step of a single env. Inside the loops every array the rules see (the state row, the
dice, the log, the mask and observation rows) is a borrowed view (:mod:`scenegym.envs.core.borrow`):
without it, numba's reference counting of those arrays at every helper call costs more
than the rules themselves.

``p`` is the ruleset's kernel parameters: a record with the fields of the namedtuple the
ruleset makes from its validated config (:mod:`scenegym.envs.core.params`).
:func:`make_batch_kernels` wraps them in loops over the batch; the loops touch only the envs
selected by ``which``, so envs never read each other's rows.
"""

from __future__ import annotations

from collections import namedtuple

from numba import njit

from scenegym.envs.core.borrow import borrow
from scenegym.envs.core.dice import Dice, start_scene
from scenegym.envs.core.events import EventLog
from scenegym.envs.core.forfeit import forfeit
from scenegym.envs.core.header import OVER, SCENE, SEAT, TRUNCATED, clear_header, crew_reward

BatchKernels = namedtuple("BatchKernels", ["begin", "apply", "refresh"])

RAISE, LOSE = 0, 1  # what an illegal action does


@njit(cache=True)
def first_illegal(state, masks, actions, which):
    """The first selected running env whose action is out of range or not legal, or -1."""
    for i in range(masks.shape[0]):
        if which[i] and state[i, OVER] == 0:
            a = actions[i]
            if a < 0 or a >= masks.shape[1] or not masks[i, a]:
                return i
    return -1


@njit(cache=True)
def pending(state, seat, out):
    """Fill ``out`` with the running envs whose pending decision is ``seat``'s; count them."""
    n = 0
    for i in range(state.shape[0]):
        out[i] = state[i, SEAT] == seat and state[i, OVER] == 0
        n += out[i]
    return n


@njit(cache=True)
def borrowed_dice(dice_arrays):
    """The dice from their tuple of arrays, as borrowed views (:mod:`scenegym.envs.core.borrow`)."""
    keys, counts, script = dice_arrays
    return Dice(borrow(keys), borrow(counts), borrow(script))


@njit(cache=True)
def borrowed_log(log_arrays):
    """The event log from its tuple of arrays, as borrowed views (:mod:`scenegym.envs.core.borrow`)."""
    records, lengths = log_arrays
    return EventLog(borrow(records), borrow(lengths))


def make_batch_kernels(begin, apply, legal, observe) -> BatchKernels:
    """Compile the batch loops for one ruleset's per-env rules."""

    @njit(cache=True)
    def begin_batch(state, params, dice_arrays, log_arrays, seed, env_ids, which, masks, obs):
        p = params[0]
        dice, log = borrowed_dice(dice_arrays), borrowed_log(log_arrays)
        for i in range(state.shape[0]):
            if which[i]:
                s = borrow(state[i])
                start_scene(dice, i, seed, env_ids[i], s[SCENE])
                clear_header(s, s[SCENE])
                begin(s, p, dice, log, i)
                legal(s, p, borrow(masks[i]))
                observe(s, p, borrow(obs[i]))

    @njit(cache=True)
    def apply_batch(state, params, dice_arrays, log_arrays, actions, which, masks, obs,
                    illegal_mode, reward, over, truncated):
        """Check, apply and collect: returns (first illegal env or -1, scenes ended, envs
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
                apply(s, p, dice, log, i, a)
            legal(s, p, borrow(masks[i]))
            observe(s, p, borrow(obs[i]))
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
        p = params[0]
        for i in range(state.shape[0]):
            s = borrow(state[i])
            legal(s, p, borrow(masks[i]))
            observe(s, p, borrow(obs[i]))

    return BatchKernels(begin_batch, apply_batch, refresh_batch)


__all__ = ["LOSE", "RAISE", "first_illegal", "make_batch_kernels", "pending"]
