"""The batched agent interface: observations and masks in, actions out."""

from __future__ import annotations

from typing import Protocol

import numpy as np


class Agent(Protocol):
    """Anything that chooses actions for a batch of pending decisions.

    ``act`` receives only the envs whose decision this agent must take now, so an agent never
    sees (or is influenced by) envs it does not act for: this keeps runs batch-invariant.
    """

    def act(self, obs: np.ndarray, masks: np.ndarray, env_ids: np.ndarray) -> np.ndarray:
        """Choose one legal action per row.

        Args:
            obs: float32[B, obs_size] observations.
            masks: bool[B, num_actions] legal actions.
            env_ids: uint64[B] global env ids (for per-env reproducible randomness).

        Returns:
            int64[B] actions, each legal under its row's mask.
        """
        ...
