"""A benchmark (not a test) of one step of the single env, piece by piece, beside CartPole's.

Each piece is the difference of two loops over the same states, in microseconds of CPU time
per step (``time.process_time``: the least of ``--repeats`` runs of ``--steps`` steps, so a
loaded machine's waits count less than in wall time):

- **arguments**: calling a compiled no-op with the seated step's two arguments (its arrays
  packed in one StructRef, and the observations; numba unboxes them at each call), less the
  loop's own action pick;
- **rules**: the compiled seated step (``loops.seated_advance``: the learner's action, the
  opponent's compiled answers, the observation) less that no-op;
- **seated**: the Python of ``SeatedBatch.step`` around the compiled call;
- **env**: the Python of ``SceneEnv.step`` around it (checks, the fresh observation and mask
  Gymnasium hands out, the info, the reset of an ended scene);
- **wrappers**: what ``gym.make`` adds (the passive checker; the ids ask for no order
  enforcing, which the env does itself).

And CartPole-v1 through ``gym.make``, its ``action_space.sample()`` apart::

    python examples/single_step.py scenegym/StarforgedSceneChallenge-v1

Run it from the repository root with its parent on ``PYTHONPATH`` (or with the package
installed), and say the load (``uptime``) beside the figures.
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
from numba import njit

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.core.kernels import entry_point


@njit
def no_op(packed, obs):
    """What the seated step returns (no refusal), doing nothing with its arguments."""
    return -1


def microseconds(loop, steps: int, repeats: int) -> float:
    """The least CPU time of ``repeats`` runs of ``steps`` calls of ``loop``, per call."""
    for _ in range(steps // 10):
        loop()
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(steps):
            loop()
        best = min(best, (time.process_time() - start) / steps)
    return best * 1e6


def scenegym_loops(env_id: str) -> dict:
    """The loops whose differences are the pieces: each picks the first legal action."""
    env = gym.make(env_id)
    env.reset(seed=1)
    single, seated = env.unwrapped, env.unwrapped.seated
    mask, action = seated.masks[0], seated.action_buffer  # the batch's own row and buffer

    def pick():
        action[0] = mask.argmax()

    def wrapped():
        if env.step(int(mask.argmax()))[2]:
            env.reset()

    def unwrapped():
        if single.step(int(mask.argmax()))[2]:
            single.reset()

    def seated_step():
        pick()
        seated.step(action)

    seated_step()  # its arguments prepared
    args = seated._packed[1], seated._obs
    call, nothing = seated._entry, entry_point(no_op, args)

    def compiled():
        pick()
        call(*args)  # (a new step: each call leaves its flag set)

    def arguments():
        pick()
        nothing(*args)

    return {"pick": pick, "arguments": arguments, "compiled": compiled,
            "seated": seated_step, "unwrapped": unwrapped, "wrapped": wrapped}


def cartpole_loops() -> dict:
    """CartPole-v1 through ``gym.make`` and its sampler alone."""
    env = gym.make("CartPole-v1")
    env.reset(seed=1)
    env.action_space.seed(1)

    def step():
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()

    return {"sample": env.action_space.sample, "step": step}


def pieces(times: dict) -> dict:
    """The pieces of a step (see the module docstring) from the loops' times."""
    return {"arguments": times["arguments"] - times["pick"],
            "rules": times["compiled"] - times["arguments"],
            "seated": times["seated"] - times["compiled"],
            "env": times["unwrapped"] - times["seated"],
            "wrappers": times["wrapped"] - times["unwrapped"],
            "step": times["wrapped"] - times["pick"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_ids", nargs="+", help="scenegym ids")
    parser.add_argument("--steps", type=int, default=3000, help="steps per run")
    parser.add_argument("--repeats", type=int, default=40, help="runs per figure")
    args = parser.parse_args()
    cart = {k: microseconds(f, args.steps, args.repeats) for k, f in cartpole_loops().items()}
    print(f"CartPole-v1: step {cart['step'] - cart['sample']:.2f} us, sample "
          f"{cart['sample']:.2f} us, both {cart['step']:.2f} us")
    for env_id in args.env_ids:
        times = {k: microseconds(f, args.steps, args.repeats)
                 for k, f in scenegym_loops(env_id).items()}
        row = pieces(times)
        print(f"{env_id}: " + ", ".join(f"{k} {v:.2f}" for k, v in row.items())
              + f" us; CartPole's step over this one: "
              f"{(cart['step'] - cart['sample']) / row['step']:.2f}x")


if __name__ == "__main__":
    main()
