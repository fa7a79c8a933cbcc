"""The batched agent interface: observations and masks in, actions out."""

from __future__ import annotations

from typing import ClassVar, Protocol

import numpy as np

from scenegym.envs.core.policy import CompiledPolicy


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


class CompiledHeuristic:
    """What every rules-of-thumb agent shares: its compiled policy and its batched ``act``.

    A subclass names its policy (``policy_name``), gives its compiled per-row choice
    (``act_row(o, m, ap, key, n)``) and its batch loop (``act_rows(obs, masks, ap, out)``) as
    static methods, and its rules of thumb as one record (``params()``).
    """

    policy_name: ClassVar[str]

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record."""
        raise NotImplementedError

    @property
    def compiled(self) -> CompiledPolicy:
        """The compiled policy (:mod:`scenegym.envs.core.policy`), played inside the step."""
        return CompiledPolicy(self.policy_name, self.act_row, self.params())

    def act(self, obs, masks, env_ids=None, **_):
        """One action per row, by the pending decision."""
        out = np.zeros(np.shape(obs)[0], np.int64)
        return self.act_rows(np.ascontiguousarray(obs, np.float32),
                             np.ascontiguousarray(masks, np.bool_), self.params()[0], out)
