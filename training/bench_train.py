"""``scenegym bench-train``: PPO training throughput, native VecEnv against DummyVecEnv.

A benchmark, not a test. In one process it trains MaskablePPO for the same number of steps on
the same env id and seat twice: over :class:`scenegym.training.vec_env.SceneVecEnv` (the native batch)
and over SB3's ``DummyVecEnv`` of ``gym.make`` single envs (a Python loop, what SB3 builds
from a plain env). For each it prints steps per second and the share of wall time spent in
the env (``step_wait``, ``reset`` and the ``action_masks`` calls) against the learner.
"""

from __future__ import annotations

import time

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnvWrapper

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.seeds import learner_seed
from scenegym.training.vec_env import SceneVecEnv


class TimedVecEnv(VecEnvWrapper):
    """Adds up the seconds spent inside the wrapped env."""

    def __init__(self, venv):
        super().__init__(venv)
        self.env_seconds = 0.0

    def _timed(self, call, *args, **kwargs):
        t = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            self.env_seconds += time.perf_counter() - t

    def reset(self):
        return self._timed(self.venv.reset)

    def step_wait(self):
        return self._timed(self.venv.step_wait)

    def step_async(self, actions):
        self._timed(self.venv.step_async, actions)

    def env_method(self, method_name, *args, indices=None, **kwargs):
        return self._timed(self.venv.env_method, method_name, *args, indices=indices, **kwargs)


def dummy_vec_env(env_id: str, n: int, seat: str) -> DummyVecEnv:
    """SB3's loop over ``n`` single envs (env ``i`` plays the dice of global env id ``i``)."""
    return DummyVecEnv([lambda i=i: gym.make(env_id, seat=seat, env_index=i) for i in range(n)])


def warm_up(venv, decisions: int = 200) -> None:
    """Load every compiled kernel before timing (first calls read numba's cache)."""
    venv.reset()
    for _ in range(decisions):
        masks = np.stack(venv.env_method("action_masks"))
        venv.step(masks.argmax(axis=1))


def measure(venv, steps: int, seed: int) -> dict:
    """Train MaskablePPO for ``steps`` on ``venv``; wall time and the env's share of it."""
    warm_up(venv)
    timed = TimedVecEnv(venv)
    model = MaskablePPO("MlpPolicy", timed, n_steps=128, batch_size=256, seed=learner_seed(seed),
                        device="cpu", verbose=0)
    t = time.perf_counter()
    model.learn(total_timesteps=steps)
    wall = time.perf_counter() - t
    return {"steps": int(model.num_timesteps), "seconds": wall,
            "steps_per_s": model.num_timesteps / wall, "env_share": timed.env_seconds / wall}


def bench(env_id: str, seat: str, envs: int, steps: int, seed: int) -> dict:
    """Both measurements, native first."""
    torch.set_num_threads(1)
    native = measure(SceneVecEnv(env_id, envs, seat=seat), steps, seed)
    dummy = measure(dummy_vec_env(env_id, envs, seat), steps, seed)
    return {"native": native, "dummy": dummy, "speedup": native["steps_per_s"]
            / dummy["steps_per_s"]}


def run(args) -> int:
    """Entry point of ``scenegym bench-train``."""
    seed = fresh_seed() if args.seed is None else args.seed
    r = bench(args.env_id, args.seat, args.batch, args.steps, seed)
    print(f"{args.env_id} seat={args.seat} batch={args.batch} steps={args.steps} "
          "(MaskablePPO, 1 torch thread)")
    for name in ("native", "dummy"):
        m = r[name]
        print(f"  {name:>6}: {m['steps_per_s']:8.0f} steps/s  {m['seconds']:6.1f} s  "
              f"env share {100 * m['env_share']:5.1f}%")
    print(f"  native / dummy: {r['speedup']:.2f}x")
    return 0
