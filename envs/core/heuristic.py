"""The base of every game's compiled rules-of-thumb agents (``envs/<game>/heuristic.py``).

The agent interface they meet is :class:`scenegym.agents.base.Agent`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import ClassVar

import numpy as np

from scenegym.envs.core.policy import CompiledPolicy


class CompiledHeuristic:
    """What every rules-of-thumb agent shares: its compiled policy and its batched ``act``.

    A subclass names its policy (``policy_name``), gives its compiled per-row choice
    (``act_row(o, m, ap, key, n)``) and its batch loop (``act_rows(obs, masks, ap, out)``) as
    static methods, and its rules of thumb as one record (``params()``). It may name the
    view of the observation its choice reads (``view_row(s, p, o)``, a static method of the
    ruleset's observation module, see :mod:`scenegym.envs.core.policy`): the compiled step
    then renders that view instead of the whole observation.
    """

    policy_name: ClassVar[str]
    act_row: Callable[..., int]  # a subclass's compiled per-row choice (a static method)
    view_row: ClassVar[Callable[..., None] | None] = None  # the slots act_row reads

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record."""
        raise NotImplementedError

    @property
    def compiled(self) -> CompiledPolicy:
        """The compiled policy (:mod:`scenegym.envs.core.policy`), played inside the step."""
        return CompiledPolicy(self.policy_name, self.act_row, self.params_now(),
                              view=self.view_row)

    def params_now(self) -> np.ndarray:
        """``params()`` for the agent's fields as they are now, built once for them (a
        Frontiers record reads the whole catalogue: building it at every decision took half
        of a Python-asked step)."""
        values = tuple(getattr(self, f.name)
                       for f in dataclasses.fields(self))  # type: ignore[arg-type]
        memo = self.__dict__.get("_params_memo")
        if memo is None or memo[0] != values:
            memo = self.__dict__["_params_memo"] = (values, self.params())
        return memo[1]

    def act(self, obs, masks, env_ids=None, **_):
        """One action per row, by the pending decision."""
        out = np.zeros(np.shape(obs)[0], np.int64)
        return self.act_rows(np.ascontiguousarray(obs, np.float32),
                             np.ascontiguousarray(masks, np.bool_), self.params_now()[0], out)
