"""Batch loops shared by every ruleset, compiled around the ruleset's per-env rules.

A ruleset writes four per-env ``@njit`` functions over one state row ``s`` (int32[F]):

- ``begin(s, p, dice, log, i)``: set up a new scene and advance to its first decision.
- ``apply(s, p, dice, log, i, action)``: take the pending decision, then resolve everything
  automatic (rolls, outcomes, prices) until the next decision is pending or the scene ends.
- ``legal(s, p, m)``: fill the bool mask ``m`` of the pending decision (all False when over).
- ``observe(s, p, o)``: fill the float32 observation ``o``.

``p`` is the ruleset's kernel parameters (a namedtuple made from its validated config).
:func:`make_batch_kernels` wraps them in loops over the batch; the loops touch only the envs
selected by ``which``, so envs never read each other's rows.
"""

from __future__ import annotations

from collections import namedtuple

from numba import njit

from envs.core.dice import start_scene
from envs.core.header import SCENE, clear_header

BatchKernels = namedtuple("BatchKernels", ["begin", "apply", "refresh"])


def make_batch_kernels(begin, apply, legal, observe) -> BatchKernels:
    """Compile the batch loops for one ruleset's per-env rules."""

    @njit(cache=True)
    def begin_batch(state, p, dice, log, seed, env_ids, which, masks, obs):
        for i in range(state.shape[0]):
            if which[i]:
                s = state[i]
                start_scene(dice, i, seed, env_ids[i], s[SCENE])
                clear_header(s, s[SCENE])
                begin(s, p, dice, log, i)
                legal(s, p, masks[i])
                observe(s, p, obs[i])

    @njit(cache=True)
    def apply_batch(state, p, dice, log, actions, which, masks, obs):
        for i in range(state.shape[0]):
            if which[i]:
                s = state[i]
                apply(s, p, dice, log, i, actions[i])
                legal(s, p, masks[i])
                observe(s, p, obs[i])

    @njit(cache=True)
    def refresh_batch(state, p, masks, obs):
        for i in range(state.shape[0]):
            legal(state[i], p, masks[i])
            observe(state[i], p, obs[i])

    return BatchKernels(begin_batch, apply_batch, refresh_batch)
