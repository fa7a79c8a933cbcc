"""What ``scenegym bench`` steps: each a ``Stepper`` whose ``step()`` advances by ``per_step``
units (decisions, learner steps or scenes)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from scenegym.agents.random_agent import RandomAgent, random_rows
from scenegym.envs.core.header import DECISIONS, EPISODE


@dataclass
class Stepper:
    """``step()`` does ``per_step`` units of work; ``close()`` frees it; ``decisions()``
    (where known) counts the decisions of both seats taken so far; ``engine``: the batch
    it steps (a raw batch's)."""

    step: Callable[[], None]
    per_step: int
    close: Callable[[], None] = lambda: None
    decisions: Callable[[], int] | None = field(default=None)
    engine: object = None


class AskedInPython:
    """An agent's ``act`` without its compiled policy: the env asks it in Python."""

    def __init__(self, agent):
        self._agent = agent

    def act(self, obs, masks, env_ids):
        return self._agent.act(obs, masks, env_ids)


def raw_engine(env_id: str, num_envs: int, seed: int) -> Stepper:
    """The engine alone: both seats random legal (compiled, common random numbers), autoreset
    by ``next_episode``; a unit is a decision."""
    from scenegym.envs.rulesets import ruleset_of_env

    rs = ruleset_of_env(env_id)
    return raw_batch(rs, rs.default_config(), num_envs, seed)


def floor(env_id: str, num_envs: int, seed: int) -> Stepper:
    """The floor at ``env_id``'s mask width (:mod:`scenegym.evaluation.floor`), stepped as
    :func:`raw_engine` steps a game; a unit is a decision."""
    from scenegym.envs.rulesets import ruleset_of_env
    from scenegym.evaluation.floor import FLOOR, FloorConfig

    rs = ruleset_of_env(env_id)
    width = rs.layout(rs.default_config()).num_actions
    return raw_batch(FLOOR, FloorConfig(actions=width), num_envs, seed)


def raw_batch(rs, config, num_envs: int, seed: int) -> Stepper:
    """A :class:`SceneBatch` of ``rs`` under ``config``, both seats the compiled random
    picker, autoreset by ``next_episode``; a unit is a decision. The picker reads no
    observation, so the steps render none (``step(observe=False)``)."""
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.core.kernels import entry_point

    engine = SceneBatch(rs, config, num_envs)
    engine.reset(seed)
    actions, rows = engine.action_buffer, engine.state
    args = (engine.obs, engine.masks, engine.env_ids, rows[:, EPISODE], rows[:, DECISIONS],
            np.uint64(seed), actions)  # views that follow the state: prepared once
    choose = entry_point(random_rows, args)

    def step():
        choose(*args)
        _, over, _ = engine.step(actions, observe=False)  # the random picker reads none
        if engine.ended:
            engine.next_episode(over)

    return Stepper(step, num_envs, engine=engine)


def cartpole_single(seed: int) -> Stepper:
    """Gymnasium's ``CartPole-v1`` through ``gym.make``, one random step at a time, reset when
    an episode ends: the yardstick of a single env's cost."""
    import gymnasium as gym

    env = gym.make("CartPole-v1")
    env.reset(seed=seed)
    env.action_space.seed(seed)

    def step():
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()

    return Stepper(step, 1, env.close)


def cartpole_vector(num_envs: int, seed: int) -> Stepper:
    """Gymnasium's native ``CartPoleVectorEnv`` (``gym.make_vec``, vector entry point) at
    ``num_envs``, random actions; a unit is an env step."""
    import gymnasium as gym

    env = gym.make_vec("CartPole-v1", num_envs=num_envs, vectorization_mode="vector_entry_point")
    env.reset(seed=seed)
    env.action_space.seed(seed)
    return Stepper(lambda: env.step(env.action_space.sample()), num_envs, env.close)


def masked_random(agent, masks, ids):
    """A legal random action per row; 0 for rows with no legal action (an ended sub-env).
    The random agent reads no observation: it gets an empty one (no conversion to pay)."""
    legal = masks.any(axis=1)
    if legal.all():  # the usual case: no copies
        return agent.act(np.empty((masks.shape[0], 0), np.float32), masks, ids)
    actions = np.zeros(masks.shape[0], np.int64)
    if legal.any():
        no_obs = np.empty((int(legal.sum()), 0), np.float32)
        actions[legal] = agent.act(no_obs, masks[legal], ids[legal])
    return actions


def vector_env(env, num_envs: int, seed: int, decisions=None) -> Stepper:
    """A Gymnasium vector env stepped with random legal actions from ``infos["action_mask"]``;
    a unit is a learner step."""
    agent, ids = RandomAgent(seed), np.arange(num_envs, dtype=np.uint64)
    _, info = env.reset(seed=seed)
    masks = [info["action_mask"]]

    def step():
        actions = masked_random(agent, np.asarray(masks[0], np.bool_), ids)
        masks[0] = env.step(actions)[4]["action_mask"]

    return Stepper(step, num_envs, env.close, decisions)


def native(env_id: str, num_envs: int, seed: int, python_opponent: bool = False) -> Stepper:
    """The native vector env with its default opponent: compiled inside the step, or the same
    agent asked in Python (``python_opponent``)."""
    import gymnasium as gym

    from scenegym.agents.registry import make_agent
    from scenegym.envs.rulesets import ruleset_of_env

    opponent = "heuristic"
    if python_opponent:
        opponent = AskedInPython(make_agent("heuristic", ruleset_of_env(env_id).name))
    env = gym.make_vec(env_id, num_envs=num_envs, vectorization_mode="vector_entry_point",
                       opponent=opponent)
    return vector_env(env, num_envs, seed, lambda: env.seated.decisions_taken)


def sync(env_id: str, num_envs: int, seed: int) -> Stepper:
    """Gymnasium's SyncVectorEnv over ``num_envs`` single envs from ``gym.make``."""
    import gymnasium as gym

    env = gym.vector.SyncVectorEnv([lambda: gym.make(env_id) for _ in range(num_envs)])
    return vector_env(env, num_envs, seed)


def legal_picker(seed: int):
    """A function of a mask (bool[num_actions]) that picks one of its legal actions
    uniformly, from a stream of ``seed``: as cheap as ``action_space.sample()`` is for
    CartPole, so the single env's figure measures the env (``RandomAgent.act`` types its
    arguments and makes its arrays at every call, which for one env costs more than the
    env's step)."""
    draw = random.Random(seed).random

    def pick(mask: np.ndarray) -> int:
        legal = mask.nonzero()[0]
        return int(legal[int(draw() * len(legal))])

    return pick


def single(env_id: str, seed: int) -> Stepper:
    """The single env from ``gym.make``, one step at a time with a random legal action
    (:func:`legal_picker`), reset when an episode ends."""
    import gymnasium as gym

    env, pick = gym.make(env_id), legal_picker(seed)
    _, info = env.reset(seed=seed)
    masks = [info["action_mask"]]

    def step():
        _, _, term, trunc, info = env.step(pick(masks[0]))
        if term or trunc:
            _, info = env.reset()
        masks[0] = info["action_mask"]

    return Stepper(step, 1, env.close)


def playtest_scenes(env_id: str, num_envs: int, seed: int) -> Stepper:
    """``scenegym playtest`` with the heuristic in both seats; a unit is a whole scene (each
    step plays ``num_envs`` scenes, event log and statistics included)."""
    from scenegym.envs.rulesets import ruleset_of_env
    from scenegym.evaluation.playtest import playtest

    name = ruleset_of_env(env_id).name
    counter = [seed]

    def step():
        counter[0] += 1
        playtest(name, num_envs, "heuristic", "heuristic", seed=counter[0], batch=num_envs)

    return Stepper(step, num_envs)
