"""``scenegym bench [IDS...]``: env-steps per second of the engine and the Gymnasium adapters.

For each registered id and batch size, in one run:

- **raw**: the engine (:class:`scenegym.envs.core.batch.SceneBatch`), both seats played by a compiled
  uniform-random legal picker, autoreset by ``next_episode``; counts decisions (either seat).
- **native**: ``gym.make_vec(id, num_envs=B, vectorization_mode="vector_entry_point")``;
  counts learner steps (the opponent's decisions happen inside each step).
- **sync**: ``gymnasium.vector.SyncVectorEnv`` over ``B`` copies of ``gym.make(id)``; counts
  learner steps.

And once per id, **single**: ``gym.make(id)`` stepped one step at a time. Actions are uniform
among the legal ones (``info["action_mask"]``). Every figure is measured after warm-up steps
(numba compile and Gymnasium's checker excluded), for about ``--seconds`` each (the median
of five equal parts of that time box).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

from scenegym.agents.random_agent import pick_uniform_legal
from scenegym.evaluation.text import summary

DEFAULT_BATCHES = (1, 64, 1024, 4096)
DEFAULT_SECONDS = 2.0
WARMUP_STEPS = 3
CHUNKS = 5


def add_parser(subparsers) -> None:
    """Add the ``bench`` command."""
    p = subparsers.add_parser("bench", help="steps per second: engine, native vector env, "
                              "SyncVectorEnv, single env", description=summary(__doc__))
    p.add_argument("ids", nargs="*", metavar="ID", help="registered ids (default: all)")
    p.add_argument("--batches", type=int, nargs="+", default=list(DEFAULT_BATCHES),
                   help="batch sizes (1 64 1024 4096)")
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help=f"time box of each measurement ({DEFAULT_SECONDS} s)")
    p.add_argument("--seed", type=int, default=None, help="seed (default: fresh entropy)")
    p.add_argument("--first-step", action="store_true",
                   help="instead: seconds from a new process to its first step, cold and warm "
                        "kernel cache (scenegym.evaluation.first_step)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args) -> int:
    """Measure and print the table (or JSON)."""
    from scenegym.envs.core.batch import fresh_seed
    from scenegym.envs.rulesets import env_ids

    ids = args.ids or env_ids()
    try:
        check_args(ids, args.batches, args.seconds, env_ids())
    except ValueError as err:
        print(f"scenegym bench: error: {err}", file=sys.stderr)
        return 2
    if args.first_step:
        from scenegym.evaluation.first_step import first_step_times, format_first_step

        times = first_step_times(ids)
        print(json.dumps(times, indent=2) if args.json else "\n".join(format_first_step(times)))
        return 0
    seed = fresh_seed() if args.seed is None else args.seed
    report = bench(ids, args.batches, args.seconds, seed)
    print(json.dumps(report, indent=2) if args.json else "\n".join(format_report(report)))
    return 0


def check_args(ids, batches, seconds, known) -> None:
    """Refuse unknown ids, batch sizes below 1 and time boxes outside 0.01..600 s."""
    for env_id in ids:
        if env_id not in known:
            raise ValueError(f"unknown id {env_id!r}; registered: {', '.join(known)}")
    for b in batches:
        if b < 1:
            raise ValueError(f"--batches has {b}; allowed: integers of at least 1")
    if not 0.01 <= seconds <= 600:
        raise ValueError(f"--seconds is {seconds}; allowed: 0.01..600")


def bench(ids, batches, seconds: float, seed: int) -> dict:
    """Every measurement for ``ids`` x ``batches``, plus the single env per id."""
    rows, single = [], {}
    for env_id in ids:
        for b in batches:
            raw = measure(raw_engine_stepper(env_id, b, seed), b, seconds)
            native = measure(native_stepper(env_id, b, seed), b, seconds)
            sync = measure(sync_stepper(env_id, b, seed), b, seconds)
            rows.append({"id": env_id, "batch": b, "raw_decisions_per_s": raw,
                         "native_steps_per_s": native, "sync_steps_per_s": sync,
                         "native_over_sync": native / sync, "raw_over_sync": raw / sync})
        single[env_id] = measure(single_stepper(env_id, seed), 1, seconds)
    return {"seconds": seconds, "seed": seed, "results": rows, "single_env_steps_per_s": single}


def measure(stepper, per_step: int, seconds: float) -> float:
    """Units per second of ``stepper`` (a ``(step, close)`` pair), warmed up first.

    The time box is cut into :data:`CHUNKS` equal parts and the median part's rate is
    returned, so a burst of load on a shared machine moves the figure less.
    """
    step, close = stepper
    try:
        for _ in range(WARMUP_STEPS):
            step()
        return float(np.median([timed_rate(step, per_step, seconds / CHUNKS)
                                for _ in range(CHUNKS)]))
    finally:
        close()


def timed_rate(step, per_step: int, seconds: float) -> float:
    """Step until ``seconds`` have passed (at least once); units per second."""
    steps, start = 0, time.perf_counter()
    while True:
        step()
        steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps * per_step / elapsed


# ---------------------------------------------------------------------------------------------
# What is stepped


def raw_engine_stepper(env_id: str, num_envs: int, seed: int):
    """The scene batch, both seats random legal, autoreset by ``next_episode``."""
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.rulesets import ruleset_of_env

    rs = ruleset_of_env(env_id)
    engine = SceneBatch(rs, rs.config_type(), num_envs)
    engine.reset(seed)
    counts, actions = np.zeros(num_envs, np.int64), np.zeros(num_envs, np.int64)
    key = np.uint64(seed)

    def step():
        pick_uniform_legal(engine.masks, engine.env_ids, counts, key, actions)
        _, over, _ = engine.step(actions)
        if over.any():
            engine.next_episode(over)

    return step, lambda: None


def masked_random(agent, masks, ids):
    """A legal random action per row; 0 for rows with no legal action (an ended sub-env)."""
    actions = np.zeros(masks.shape[0], np.int64)
    legal = masks.any(axis=1)
    if legal.any():
        actions[legal] = agent.act(None, masks[legal], ids[legal])
    return actions


def vector_stepper(env, num_envs: int, seed: int):
    """Step a Gymnasium vector env with random legal actions from ``infos["action_mask"]``."""
    from scenegym.agents.random_agent import RandomAgent

    agent, ids = RandomAgent(seed), np.arange(num_envs)
    _, info = env.reset(seed=seed)
    masks = [info["action_mask"]]

    def step():
        actions = masked_random(agent, np.asarray(masks[0], np.bool_), ids)
        masks[0] = env.step(actions)[4]["action_mask"]

    return step, env.close


def native_stepper(env_id: str, num_envs: int, seed: int):
    """The native vector env."""
    import gymnasium as gym

    import scenegym  # noqa: F401  (registers the ids)

    env = gym.make_vec(env_id, num_envs=num_envs, vectorization_mode="vector_entry_point")
    return vector_stepper(env, num_envs, seed)


def sync_stepper(env_id: str, num_envs: int, seed: int):
    """Gymnasium's SyncVectorEnv over ``num_envs`` single envs from ``gym.make``."""
    import gymnasium as gym

    import scenegym  # noqa: F401  (registers the ids)

    env = gym.vector.SyncVectorEnv([lambda: gym.make(env_id) for _ in range(num_envs)])
    return vector_stepper(env, num_envs, seed)


def single_stepper(env_id: str, seed: int):
    """The single env from ``gym.make``, one step at a time, reset when a scene ends."""
    import gymnasium as gym

    import scenegym  # noqa: F401  (registers the ids)
    from scenegym.agents.random_agent import RandomAgent

    env, agent, ids = gym.make(env_id), RandomAgent(seed), np.zeros(1, np.int64)
    _, info = env.reset(seed=seed)
    masks = [info["action_mask"][None]]

    def step():
        action = int(agent.act(None, masks[0], ids)[0])
        _, _, term, trunc, info = env.step(action)
        if term or trunc:
            _, info = env.reset()
        masks[0] = info["action_mask"][None]

    return step, env.close


# ---------------------------------------------------------------------------------------------
# Report


def format_report(report: dict) -> list[str]:
    """The table: steps/s per id and batch, with the ratios, then the single env."""
    lines = [(f"time box {report['seconds']} s per figure; raw counts decisions of both seats, "
             "native/sync/single count learner steps"),
             (f"{'id':<40} {'batch':>6} {'raw/s':>12} {'native/s':>12} {'sync/s':>12} "
             f"{'native/sync':>11} {'raw/sync':>9}")]
    for r in report["results"]:
        lines.append(f"{r['id']:<40} {r['batch']:>6} {r['raw_decisions_per_s']:>12,.0f} "
                     f"{r['native_steps_per_s']:>12,.0f} {r['sync_steps_per_s']:>12,.0f} "
                     f"{r['native_over_sync']:>11.1f} {r['raw_over_sync']:>9.1f}")
    for env_id, rate in report["single_env_steps_per_s"].items():
        lines.append(f"single env (gym.make) {env_id}: {rate:,.0f} steps/s")
    return lines
