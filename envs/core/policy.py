"""Compiled policies: an agent's per-env choice, played inside the compiled step.

An agent (see :mod:`scenegym.agents.base`) may offer a :class:`CompiledPolicy` as its
``compiled`` attribute. Its ``act`` is an ``@njit`` function of one env's decision::

    act(o, m, ap, key, n) -> action

- ``o``: float32[obs_size], the observation of the pending seat; ``m``: bool[num_actions],
  the legal actions;
- ``ap``: the agent's parameters, one record (:func:`scenegym.envs.core.params.as_record`);
- ``key``: uint64, the key of this env's episode in the agent's own stream,
  ``episode_key(seed, env_id, episode)``; ``n``: the decision's index in the episode (header
  ``DECISIONS``). Randomness drawn from ``(key, n)`` (:func:`scenegym.envs.core.dice.uniform_below`)
  depends only on ``(seed, env, episode, decision)``: two runs with the same seed share it
  episode by episode, whatever else differs (common random numbers).

When both seats' agents, or the opponent of a seated learner, have one, whole turns run in
one compiled call (:mod:`scenegym.envs.core.loops`). :data:`PYTHON` stands for an agent
without one: the compiled step stops and the env waits for that agent's ``act``.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from scenegym.envs.core.header import DECISIONS, EPISODE
from scenegym.envs.core.params import as_record

NoParams = namedtuple("NoParams", ["unused"])


class CompiledPolicy(NamedTuple):
    """A compiled per-env policy (see module docstring).

    Attributes:
        name: Names the policy function: compiled steps are built per pair of names (the
            same copy whichever seat plays which).
        act: The ``@njit`` function ``act(o, m, ap, key, n) -> action``.
        params: Its parameters, a one-record structured array.
        seed: Seed of its stream of randomness (0 for a deterministic policy).
    """

    name: str
    act: Any
    params: np.ndarray
    seed: int = 0


@njit(cache=True)
def ask_python(o, m, ap, key, n):
    """No compiled choice: the env waits for the agent's Python ``act``."""
    return -1


PYTHON = CompiledPolicy("python", ask_python, as_record(NoParams(0)))


def policy_of(agent) -> CompiledPolicy:
    """The agent's compiled policy, or :data:`PYTHON`."""
    policy = getattr(agent, "compiled", None)
    return policy if isinstance(policy, CompiledPolicy) else PYTHON


def ask(agent, batch, idx: np.ndarray) -> np.ndarray:
    """The agent's actions for the envs ``idx`` of ``batch``. An agent with a compiled policy
    is also told each env's episode and decision index (its randomness depends on them)."""
    obs, masks, ids = batch.obs[idx], batch.masks[idx], batch.env_ids[idx]
    if policy_of(agent) is PYTHON:
        return agent.act(obs, masks, ids)
    rows = batch.state[idx]
    return agent.act(obs, masks, ids, episodes=rows[:, EPISODE], decisions=rows[:, DECISIONS])
