"""The stalling baseline: an agent that plays for time, in either seat of every ruleset.

Each ruleset declares its *delaying* actions (``Ruleset.stall_actions``), by name, most
delaying first: the actions that let a turn go by without moving the scene towards its end
(STA's Pass and Guard, Frontiers' ending the Turn unspent, Starforged's Secure an Advantage
instead of Face Danger and never Finish the Scene early, Momentum's pass and Risk 0). At
each decision the agent takes the first of them that is legal, and the first legal action
(the lowest id) when none is. It reads no observation and draws no randomness.

It is what a learner drifts into when a cut-off pays more than playing: ``scenegym
baselines`` reports it in every seat, and it must never be a seat's best player (a cut-off
is worth ``cutoff_result``, a loss by default, to each seat).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from scenegym.envs.core.params import as_record
from scenegym.envs.core.policy import CompiledPolicy, first_legal

StallParams = namedtuple("StallParams", ["order"])


@njit(cache=True)
def stall_row(m, order):
    """The first legal action of ``order`` (action ids, most delaying first), else the first
    legal action of the mask ``m``."""
    for k in range(order.shape[0]):
        a = order[k]
        if a >= 0 and m[a]:
            return a
    return first_legal(m)


@njit(cache=True)
def stall_act(o, m, ap, key, n):
    """The compiled policy (:mod:`scenegym.envs.core.policy`): :func:`stall_row`."""
    return stall_row(m, ap.order)


@njit(cache=True)
def stall_rows(masks, order, out):
    """:func:`stall_row` of every row of ``masks``."""
    for i in range(masks.shape[0]):
        out[i] = stall_row(masks[i], order)
    return out


def stall_order(ruleset, config) -> np.ndarray:
    """int64[k]: the ids of the ruleset's delaying actions under ``config``, in its order.

    Raises:
        ValueError: A delaying action the ruleset names is none of its actions.
    """
    names = ruleset.layout(config).action_names
    unknown = [n for n in ruleset.stall_actions if n not in names]
    if unknown:
        raise ValueError(f"ruleset {ruleset.name!r}: stall_actions {unknown} are none of its "
                         "actions")
    order = [names.index(n) for n in ruleset.stall_actions]
    return np.array(order or [-1], np.int64)  # -1: no preference (a record needs an entry)


class StallAgent:
    """The stalling baseline of a ruleset under a config (see module docstring)."""

    def __init__(self, ruleset, config=None):
        config = ruleset.default_config() if config is None else config
        self.order = stall_order(ruleset, config)

    @property
    def compiled(self) -> CompiledPolicy:
        """The compiled policy, played inside the step."""
        return CompiledPolicy("stall", stall_act, as_record(StallParams(tuple(self.order))),
                              reads_obs=False)

    def act(self, obs, masks, env_ids=None, **_):
        """The stalling choice of each row."""
        masks = np.ascontiguousarray(masks, np.bool_)
        if not masks.any(axis=1).all():
            raise ValueError("stall agent asked to act with no legal action")
        return stall_rows(masks, self.order, np.zeros(masks.shape[0], np.int64))
