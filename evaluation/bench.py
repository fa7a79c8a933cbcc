"""``scenegym bench [TARGET ...]``: env-steps per second of the engine and the Gymnasium adapters.

For each registered id and batch size, in one run (:mod:`scenegym.evaluation.steppers`):

- **raw**: the engine (:class:`scenegym.envs.core.batch.SceneBatch`), both seats played by the
  compiled random policy, autoreset by ``next_episode``; counts decisions (either seat).
- **native**: ``gym.make_vec(id, num_envs=B, vectorization_mode="vector_entry_point")`` with
  the default (heuristic) opponent, whose compiled policy plays inside the step; counts
  learner steps. Also the decisions (both seats) per learner step, the native rate over
  the engine's bound (raw decisions/s divided by decisions per learner step), and that bound
  over sync: the largest native/sync ratio the rules' own cost allows.
- **native, Python opponent**: the same heuristic asked in Python, as a trained policy is.
- **sync**: ``gymnasium.vector.SyncVectorEnv`` over ``B`` copies of ``gym.make(id)``; counts
  learner steps.
- **playtest**: ``scenegym playtest`` heuristic against heuristic, ``B`` scenes per call in
  a batch of ``B``; counts scenes.

- **floor**: the trivial ruleset (:mod:`scenegym.evaluation.floor`) stepped as the raw row
  steps a game, at the id's mask width; ``raw_over_floor`` is the raw rate over the floor's
  (1.0: the rules cost nothing; 0.1: a decision takes ten times the floor's).
- **CartPole**: Gymnasium's ``CartPoleVectorEnv`` at the same batch size, random actions;
  ``native_over_cartpole`` is the native rate over it.

With ``--breakdown``, each row also times the four passes of the raw row's decision alone
(pick, apply, legal, observe: :mod:`scenegym.evaluation.breakdown`), in nanoseconds per
decision.

And once per id, **single**: ``gym.make(id)`` stepped one step at a time, beside
``gym.make("CartPole-v1")`` stepped the same way (``single_over_cartpole``). Actions are uniform
among the legal ones (``info["action_mask"]``); the single env's are drawn in Python
(:func:`scenegym.evaluation.steppers.legal_picker`), as cheap as CartPole's
``action_space.sample()``. Every figure is measured after warm-up steps
(numba compile and Gymnasium's checker excluded), for about ``--seconds`` each (the median
of five equal parts of that time box).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

from scenegym.common import options
from scenegym.common.text import summary

DEFAULT_BATCHES = (1, 64, 1024, 4096)
DEFAULT_SECONDS = 2.0
WARMUP_STEPS = 3
CHUNKS = 5


def add_parser(subparsers) -> None:
    """Add the ``bench`` command."""
    p = subparsers.add_parser("bench", help="steps per second: engine, native vector env, "
                              "SyncVectorEnv, single env", description=summary(__doc__))
    options.add(p, "seed", "first_step", "breakdown", "json", target={"nargs": "*"},
                batch={"nargs": "+", "default": list(DEFAULT_BATCHES)},
                seconds={"default": DEFAULT_SECONDS})
    p.set_defaults(run=run)


def run(args) -> int:
    """Measure and print the table (or JSON)."""
    from scenegym.envs.core.batch import fresh_seed

    try:
        ids = options.all_env_ids(args.target)
        check_args(ids, args.batch, args.seconds, ids)
    except ValueError as err:
        print(f"scenegym bench: error: {err}", file=sys.stderr)
        return 2
    if args.first_step:
        from scenegym.evaluation.first_step import first_step_times, format_first_step

        times = first_step_times(ids)
        print(json.dumps(times, indent=2) if args.json else "\n".join(format_first_step(times)))
        return 0
    seed = fresh_seed() if args.seed is None else args.seed
    report = bench(ids, args.batch, args.seconds, seed, args.breakdown)
    print(json.dumps(report, indent=2) if args.json else "\n".join(format_report(report)))
    return 0


def check_args(ids, batches, seconds, known) -> None:
    """Refuse unknown ids, batch sizes below 1 and time boxes outside 0.01..600 s."""
    for env_id in ids:
        if env_id not in known:
            raise ValueError(f"unknown id {env_id!r}; registered: {', '.join(known)}")
    for b in batches:
        if b < 1:
            raise ValueError(f"--batch has {b}; allowed: integers of at least 1")
    if not 0.01 <= seconds <= 600:
        raise ValueError(f"--seconds is {seconds}; allowed: 0.01..600")


FIGURES = ("raw_decisions_per_s", "native_steps_per_s", "native_python_opponent_steps_per_s",
           "sync_steps_per_s", "playtest_scenes_per_s")


def bench(ids, batches, seconds: float, seed: int, breakdown: bool = False) -> dict:
    """Every measurement for ``ids`` x ``batches``, plus the single env per id (a progress
    bar on stderr when it is a terminal); with ``breakdown``, each row's passes too."""
    from tqdm import tqdm

    from scenegym.evaluation import steppers  # the engine (numba): loaded by a run only

    rows, single = [], {}
    with tqdm(total=len(ids) * (len(batches) + 1) + len(batches) + 1, unit="figure set",
              file=sys.stderr, disable=not sys.stderr.isatty()) as bar:
        bar.set_description_str("CartPole-v1")
        cartpole = {"single_steps_per_s": measure(steppers.cartpole_single(seed), seconds),
                    "vector_steps_per_s": {}}
        bar.update()
        for b in batches:
            cartpole["vector_steps_per_s"][str(b)] = measure(steppers.cartpole_vector(b, seed),
                                                             seconds)
            bar.update()
        for env_id in ids:
            for b in batches:
                bar.set_description_str(f"{env_id} batch {b}")
                row = bench_row(env_id, b, seconds, seed)
                if breakdown:
                    row["pass_ns_per_decision"] = pass_ns(env_id, b, seed, seconds)
                row["native_over_cartpole"] = (row["native_steps_per_s"]
                                               / cartpole["vector_steps_per_s"][str(b)])
                rows.append(row)
                bar.update()
            bar.set_description_str(f"{env_id} single env")
            single[env_id] = measure(steppers.single(env_id, seed), seconds)
            bar.update()
    over_cartpole = {i: rate / cartpole["single_steps_per_s"] for i, rate in single.items()}
    return {"seconds": seconds, "seed": seed, "results": rows, "single_env_steps_per_s": single,
            "cartpole": cartpole, "single_over_cartpole": over_cartpole}


def bench_row(env_id: str, b: int, seconds: float, seed: int) -> dict:
    """One id at batch size ``b``: every figure, the ratios, and how many decisions (both
    seats) a learner step takes."""
    from scenegym.evaluation import steppers

    native = steppers.native(env_id, b, seed)
    row = {"id": env_id, "batch": b,
           "raw_decisions_per_s": measure(steppers.raw_engine(env_id, b, seed), seconds),
           "floor_decisions_per_s": measure(steppers.floor(env_id, b, seed), seconds)}
    row["raw_over_floor"] = row["raw_decisions_per_s"] / row["floor_decisions_per_s"]
    steps_before = [0]

    def count_steps():
        steps_before[0] += 1
        native_step()

    native_step, native.step = native.step, count_steps
    decisions_before = native.decisions()
    row["native_steps_per_s"] = measure(native, seconds, close=False)
    learner_steps = steps_before[0] * b
    row["decisions_per_learner_step"] = (native.decisions() - decisions_before) / learner_steps
    native.close()
    row["native_python_opponent_steps_per_s"] = measure(
        steppers.native(env_id, b, seed, python_opponent=True), seconds)
    row["sync_steps_per_s"] = measure(steppers.sync(env_id, b, seed), seconds)
    row["playtest_scenes_per_s"] = measure(steppers.playtest_scenes(env_id, b, seed), seconds)
    row["native_over_sync"] = row["native_steps_per_s"] / row["sync_steps_per_s"]
    engine_bound = row["raw_decisions_per_s"] / row["decisions_per_learner_step"]
    row["native_over_engine_bound"] = row["native_steps_per_s"] / engine_bound
    row["engine_bound_over_sync"] = engine_bound / row["sync_steps_per_s"]
    return row


def pass_ns(env_id: str, b: int, seed: int, seconds: float) -> dict:
    """Nanoseconds per decision of each pass, timed alone (see
    :mod:`scenegym.evaluation.breakdown`), with the time box shared among them."""
    from scenegym.evaluation.breakdown import PASSES, pass_times

    times = pass_times(env_id, b, seed, seconds / len(PASSES))
    return {name: t * 1e9 for name, t in times.items()}


def measure(stepper, seconds: float, close: bool = True) -> float:
    """Units per second of ``stepper`` (:class:`steppers.Stepper`), warmed up first.

    The time box is cut into :data:`CHUNKS` equal parts and the median part's rate is
    returned, so a burst of load on a shared machine moves the figure less.
    """
    try:
        for _ in range(WARMUP_STEPS):
            stepper.step()
        return float(np.median([timed_rate(stepper.step, stepper.per_step, seconds / CHUNKS)
                                for _ in range(CHUNKS)]))
    finally:
        if close:
            stepper.close()


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
# Report


def format_report(report: dict) -> list[str]:
    """The table: per id and batch, each figure and the ratios; then the single env."""
    lines = [f"time box {report['seconds']} s per figure; raw, floor: decisions of both seats/s; "
             "native, native (Python opponent), sync: learner steps/s; playtest: scenes/s",
             f"{'id':<30} {'batch':>5} {'raw/s':>11} {'floor/s':>11} {'raw/flr':>7} "
             f"{'native/s':>11} {'nat/cart':>8} {'py-opp/s':>10} {'sync/s':>9} {'play/s':>10} "
             f"{'nat/sync':>8} {'dec/step':>8} {'nat/bound':>9} {'bound/sync':>10}"]
    for r in report["results"]:
        lines.append(
            f"{r['id'].removeprefix('scenegym/'):<30} {r['batch']:>5} "
            f"{r['raw_decisions_per_s']:>11,.0f} {r['floor_decisions_per_s']:>11,.0f} "
            f"{r['raw_over_floor']:>7.2f} {r['native_steps_per_s']:>11,.0f} "
            f"{r['native_over_cartpole']:>7.2f}x "
            f"{r['native_python_opponent_steps_per_s']:>10,.0f} {r['sync_steps_per_s']:>9,.0f} "
            f"{r['playtest_scenes_per_s']:>10,.0f} {r['native_over_sync']:>7.1f}x "
            f"{r['decisions_per_learner_step']:>8.2f} {r['native_over_engine_bound']:>9.2f} "
            f"{r['engine_bound_over_sync']:>9.1f}x")
    lines += format_breakdown(report["results"])
    cartpole = report["cartpole"]
    lines.append("CartPoleVectorEnv (gym.make_vec): " + ", ".join(
        f"batch {b} {rate:,.0f} steps/s" for b, rate in cartpole["vector_steps_per_s"].items()))
    lines.append(f"CartPole-v1 (gym.make): {cartpole['single_steps_per_s']:,.0f} steps/s")
    for env_id, rate in report["single_env_steps_per_s"].items():
        lines.append(f"single env (gym.make) {env_id}: {rate:,.0f} steps/s, "
                     f"{report['single_over_cartpole'][env_id]:.2f}x CartPole-v1")
    lines.append("raw/flr: raw over the floor (a trivial ruleset, the same picker and loops, the "
                 "same mask width; 1.0 = rules cost nothing); nat/cart: native over "
                 "CartPoleVectorEnv at the batch; nat/bound: native steps/s over the engine's "
                 "bound (raw decisions/s / decisions per learner step); bound/sync: that bound "
                 "over sync, the largest nat/sync the rules' cost allows")
    return lines


def format_breakdown(rows: list[dict]) -> list[str]:
    """The passes of each row that has them (``--breakdown``), ns per decision."""
    timed = [r for r in rows if "pass_ns_per_decision" in r]
    if not timed:
        return []
    from scenegym.evaluation.breakdown import PASSES

    lines = ["breakdown: ns per decision of each pass alone (pick: the random picker; apply: "
             "the rules take it; legal: the next mask; observe: the next observation)",
             f"{'id':<30} {'batch':>5} " + " ".join(f"{p:>8}" for p in PASSES)]
    for r in timed:
        ns = r["pass_ns_per_decision"]
        lines.append(f"{r['id'].removeprefix('scenegym/'):<30} {r['batch']:>5} "
                     + " ".join(f"{ns[p]:>8.1f}" for p in PASSES))
    return lines
