"""A constant player: always the first legal action (the lowest action id).

A trivial baseline for every ruleset, in either seat: what a policy that ignores the game
achieves (in Starforged the crew then always Faces Danger with edge, keeps its momentum and
takes +momentum on a weak Secure an Advantage; the GM asks the first price).
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.policy import FIRST_LEGAL, blind_policy


class ConstantAgent:
    """Always the first legal action (see module docstring)."""

    compiled = blind_policy(FIRST_LEGAL)

    def act(self, obs, masks, env_ids=None, **_):
        masks = np.asarray(masks, np.bool_)
        if not masks.any(axis=1).all():
            raise ValueError("constant agent asked to act with no legal action")
        return masks.argmax(axis=1).astype(np.int64)
