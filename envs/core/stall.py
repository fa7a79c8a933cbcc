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

import numpy as np

from scenegym.envs.core.jit import njit
from scenegym.envs.core.policy import (
    FIRST_OF_ORDER,
    ORDER_SLOTS,
    CompiledPolicy,
    blind_policy,
    first_of_order,
)


@njit(cache=True)
def stall_rows(masks, order, out):
    """The stalling choice (:func:`~scenegym.envs.core.policy.first_of_order`) of every row
    of ``masks``."""
    for i in range(masks.shape[0]):
        out[i] = first_of_order(masks[i], order)
    return out


def stall_order(ruleset, config) -> np.ndarray:
    """int64[k]: the ids of the ruleset's delaying actions under ``config``, in its order.

    Raises:
        ValueError: A delaying action the ruleset names is none of its actions, or it names
            more than :data:`~scenegym.envs.core.policy.ORDER_SLOTS`.
    """
    names = ruleset.layout(config).action_names
    unknown = [n for n in ruleset.stall_actions if n not in names]
    if unknown:
        raise ValueError(f"ruleset {ruleset.name!r}: stall_actions {unknown} are none of its "
                         "actions")
    if len(ruleset.stall_actions) > ORDER_SLOTS:
        raise ValueError(f"ruleset {ruleset.name!r}: {len(ruleset.stall_actions)} "
                         f"stall_actions, at most {ORDER_SLOTS} allowed")
    order = [names.index(n) for n in ruleset.stall_actions]
    return np.array(order, np.int64)


class StallAgent:
    """The stalling baseline of a ruleset under a config (see module docstring)."""

    def __init__(self, ruleset, config=None):
        config = ruleset.default_config() if config is None else config
        self.order = stall_order(ruleset, config)

    @property
    def compiled(self) -> CompiledPolicy:
        """The compiled policy, played inside the step: the blind policy that prefers the
        delaying actions (every blind player shares one compiled copy of the loops)."""
        return blind_policy(FIRST_OF_ORDER, order=self.order)

    def act(self, obs, masks, env_ids=None, **_):
        """The stalling choice of each row."""
        masks = np.ascontiguousarray(masks, np.bool_)
        if not masks.any(axis=1).all():
            raise ValueError("stall agent asked to act with no legal action")
        return stall_rows(masks, self.order, np.zeros(masks.shape[0], np.int64))
