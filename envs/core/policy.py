"""Compiled policies: an agent's per-env choice, played inside the compiled step.

An agent (see :mod:`scenegym.envs.core.heuristic`) may offer a :class:`CompiledPolicy` as its
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
one compiled call (:mod:`scenegym.envs.core.loops`). There the observation is rendered only
for a decider that reads it (a policy's ``reads_obs``; the learner and a Python agent always
do): a policy that declares ``reads_obs=False`` gets a stale ``o``. A policy that reads only a
few slots may declare a ``view``: an ``@njit`` function ``view(s, p, o)`` of the ruleset's
observation module that writes, from the state row ``s``, every slot ``act`` reads, with the
values the full observation gives them (the rest of ``o`` is left stale); the loops call it
instead of the full render. :data:`PYTHON` stands for an agent
without one: the compiled step stops and the env waits for that agent's ``act``.

The policies that read no observation (:data:`PYTHON`, the random, the constant and the
stalling player) are one compiled function, :func:`blind_act`, told apart by their parameters:
the loops are compiled once per pair of policy functions, and every pair of these shares one
copy (a copy of the loops costs seconds to compile, the ruleset's rules again at every entry).
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any, NamedTuple

import numpy as np

from scenegym.envs.core.dice import uniform_below
from scenegym.envs.core.header import DECISIONS, EPISODE
from scenegym.envs.core.jit import njit
from scenegym.envs.core.params import as_record

Blind = namedtuple("Blind", ["kind", "order"])  # the parameters of blind_act
ASK_PYTHON, RANDOM_LEGAL, FIRST_LEGAL, FIRST_OF_ORDER = 0, 1, 2, 3  # its kinds
KINDS = {ASK_PYTHON: "ASK_PYTHON", RANDOM_LEGAL: "RANDOM_LEGAL", FIRST_LEGAL: "FIRST_LEGAL",
         FIRST_OF_ORDER: "FIRST_OF_ORDER"}
ORDER_SLOTS = 16  # the action ids a FIRST_OF_ORDER policy may prefer (one record type for all)
READS_NONE, READS_ALL, READS_VIEW = 0, 1, 2  # what a policy reads of the observation


@njit(cache=True)
def no_view(s, p, o):
    """The view of a policy that declares none: renders nothing."""


class CompiledPolicy(NamedTuple):
    """A compiled per-env policy (see module docstring).

    Attributes:
        name: Names the policy function: compiled steps are built per pair of names (the
            same copy whichever seat plays which).
        act: The ``@njit`` function ``act(o, m, ap, key, n) -> action``.
        params: Its parameters, a one-record structured array.
        seed: Seed of its stream of randomness (0 for a deterministic policy).
        reads_obs: Whether ``act`` reads ``o``: the loops render an observation only for
            a reader (a policy that reads none gets a stale row).
        view: ``None`` (a reader gets the whole observation), or the ``@njit`` function
            ``view(s, p, o)`` that renders every slot ``act`` reads (see module docstring);
            it must be a module-level function, as the loops are compiled per pair of
            policy names.
    """

    name: str
    act: Any
    params: np.ndarray
    seed: int = 0
    reads_obs: bool = True
    view: Any = None

    @property
    def reads(self) -> int:
        """What the loops render for it: :data:`READS_NONE`, :data:`READS_ALL` or
        :data:`READS_VIEW`."""
        if not self.reads_obs:
            return READS_NONE
        return READS_ALL if self.view is None else READS_VIEW

    @property
    def view_function(self):
        """Its view, or :func:`no_view` (what the loops bind in its slot)."""
        return no_view if self.view is None else self.view


@njit(cache=True)
def random_legal(m, key, n):
    """A legal action of the mask ``m`` drawn from ``(key, n)``: counts the legal actions,
    walks to the k-th."""
    legal = 0
    for a in range(m.shape[0]):
        legal += m[a]
    if legal == 0:
        raise ValueError("random agent asked to act with no legal action")
    k = uniform_below(key, n, legal)
    for a in range(m.shape[0]):
        if m[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@njit(cache=True)
def first_legal(m):
    """The first legal action of the mask ``m``."""
    for a in range(m.shape[0]):
        if m[a]:
            return a
    raise ValueError("constant agent asked to act with no legal action")


@njit(cache=True)
def first_of_order(m, order):
    """The first legal action of ``order`` (action ids, preferred first; -1 fills unused
    slots), else the first legal action of the mask ``m``."""
    for k in range(order.shape[0]):
        a = order[k]
        if a >= 0 and m[a]:
            return a
    return first_legal(m)


@njit(cache=True)
def blind_act(o, m, ap, key, n):
    """A choice that reads no observation, by ``ap.kind``: :data:`RANDOM_LEGAL`,
    :data:`FIRST_LEGAL`, :data:`FIRST_OF_ORDER` (of ``ap.order``), or :data:`ASK_PYTHON`
    (-1: the env waits for the agent's ``act``)."""
    if ap.kind == RANDOM_LEGAL:
        return random_legal(m, key, n)
    if ap.kind == FIRST_LEGAL:
        return first_legal(m)
    if ap.kind == FIRST_OF_ORDER:
        return first_of_order(m, ap.order)
    return -1


def blind_policy(kind: int, seed: int = 0, order=()) -> CompiledPolicy:
    """The compiled policy :func:`blind_act` of ``kind`` with stream ``seed`` (and, for
    :data:`FIRST_OF_ORDER`, the preferred action ids ``order``, at most :data:`ORDER_SLOTS`).

    Raises:
        ValueError: An unknown ``kind``, or an ``order`` longer than :data:`ORDER_SLOTS`.
    """
    if kind not in KINDS:
        allowed = ", ".join(f"{name} ({k})" for k, name in KINDS.items())
        raise ValueError(f"blind policy kind must be one of {allowed}, got {kind!r}")
    order = [int(a) for a in order]
    if len(order) > ORDER_SLOTS:
        raise ValueError(f"a blind policy prefers at most {ORDER_SLOTS} actions (ORDER_SLOTS), "
                         f"got {len(order)}")
    padded = tuple(order + [-1] * (ORDER_SLOTS - len(order)))
    return CompiledPolicy("blind", blind_act, as_record(Blind(kind, padded)), seed,
                          reads_obs=False)


PYTHON = blind_policy(ASK_PYTHON)


def policy_of(agent) -> CompiledPolicy:
    """The agent's compiled policy, or :data:`PYTHON`."""
    policy = getattr(agent, "compiled", None)
    return policy if isinstance(policy, CompiledPolicy) else PYTHON


def ask(agent, batch, idx: np.ndarray) -> np.ndarray:
    """The agent's actions for the envs ``idx`` of ``batch``. An agent with a compiled policy
    is also told each env's episode and decision index (its randomness depends on them); an
    agent that reads the state (the search: ``act_in(batch, idx)``) gets the batch."""
    if hasattr(agent, "act_in"):
        return agent.act_in(batch, idx)
    obs, masks, ids = batch.obs[idx], batch.masks[idx], batch.env_ids[idx]
    if policy_of(agent) is PYTHON:
        return agent.act(obs, masks, ids)
    rows = batch.state[idx]
    return agent.act(obs, masks, ids, episodes=rows[:, EPISODE], decisions=rows[:, DECISIONS])
