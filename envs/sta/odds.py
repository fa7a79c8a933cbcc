"""Star Trek Adventures task roll: exact odds by enumeration, and the engine's own sampling.

The roll and the options of ``scenegym odds sta``: :mod:`scenegym.envs.sta.odds_options`
(imported without numba, so the command's help compiles nothing), whose text this module's
figures follow.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.dice import make_dice, start_episode
from scenegym.envs.core.events import make_log
from scenegym.envs.core.jit import njit
from scenegym.envs.core.params import rule_record
from scenegym.envs.core.stats import z_score
from scenegym.envs.sta.config import StaConfig, kernel_params
from scenegym.envs.sta.odds_options import DEFAULT_SAMPLES as DEFAULT_SAMPLES
from scenegym.envs.sta.odds_options import add_arguments as add_arguments  # the contract's
from scenegym.envs.sta.task import roll_pool

MAX_SAMPLES = 10**9
MAX_TARGET = 40


def check_args(args, config: StaConfig) -> None:
    """Refuse values outside the rules' ranges, naming the flag and what is allowed."""
    limits = (("--target", args.target, 0, MAX_TARGET),
              ("--dice", args.dice, config.base_dice, config.max_dice),
              ("--difficulty", args.difficulty, 0, 5),
              ("--complication-range", args.complication_range, 1, 5),
              ("--samples", args.samples, 1, MAX_SAMPLES))
    if args.focus is not None:
        limits += (("--focus", args.focus, 0, 5),)
    for flag, value, low, high in limits:
        if not low <= value <= high:
            raise ValueError(f"{flag} is {value}; allowed: {low}..{high}")


def die_table(config: StaConfig, target: int, focus, complication_range: int) -> dict:
    """{(successes, complication): faces} for one die, every face counted."""
    table: dict = {}
    for face in range(1, config.die_sides + 1):
        if face > target:
            n = 0
        elif face == 1 or (focus is not None and face <= focus):
            n = 2
        else:
            n = 1
        key = (n, face >= config.die_sides + 1 - complication_range)
        table[key] = table.get(key, 0) + 1
    return table


def exact_odds(config: StaConfig, target, dice, focus, difficulty, complication_range) -> dict:
    """Exact chances: success, complication, and each number of successes (fractions)."""
    one = {k: Fraction(v, config.die_sides)
           for k, v in die_table(config, target, focus, complication_range).items()}
    pool = {(0, False): Fraction(1)}
    for _ in range(dice):
        nxt: dict = {}
        for (n, c), p in pool.items():
            for (dn, dc), q in one.items():
                key = (n + dn, c or dc)
                nxt[key] = nxt.get(key, 0) + p * q
        pool = nxt
    successes = [Fraction(0)] * (2 * dice + 1)
    for (n, _), p in pool.items():
        successes[n] += p
    return {"p_success": sum(successes[difficulty:], Fraction(0)),
            "p_complication": sum((p for (_, c), p in pool.items() if c), Fraction(0)),
            "successes": successes}


@njit(cache=True)
def sample_rolls(p, dice, log, seed, samples, n, target, department, focus):
    """Roll ``samples`` pools with the engine: counts of each success total, and of pools
    with a complication (last entry)."""
    counts = np.zeros(2 * n + 2, np.int64)
    start_episode(dice, 0, seed, 0, 0)
    for _ in range(samples):
        successes, complications = roll_pool(p, dice, log, 0, n, target, department, focus,
                                             False, 0, 0, p.complication_range)
        counts[successes] += 1
        counts[2 * n + 1] += complications > 0
    return counts


def sample_odds(config: StaConfig, target, dice, focus, difficulty, samples, seed) -> dict:
    """Frequencies of the same figures over ``samples`` engine rolls."""
    params = kernel_params(config)
    counts = sample_rolls(rule_record(params), make_dice(1), make_log(1, 0), np.uint64(seed),
                          samples, dice, target, 0 if focus is None else focus,
                          focus is not None)
    successes = [float(c / samples) for c in counts[:2 * dice + 1]]
    return {"p_success": float(sum(successes[difficulty:])),
            "p_complication": float(counts[-1] / samples), "successes": successes}


def compute(args) -> dict:
    """Exact and sampled odds of the task ``args`` describes (see :func:`add_arguments`)."""
    config = StaConfig()
    check_args(args, config)
    config = config.replace(complication_range=args.complication_range)
    seed = fresh_seed() if args.seed is None else int(args.seed)
    exact = exact_odds(config, args.target, args.dice, args.focus, args.difficulty,
                       args.complication_range)
    exact = {"p_success": float(exact["p_success"]),
             "p_complication": float(exact["p_complication"]),
             "successes": [float(p) for p in exact["successes"]]}
    sampled = sample_odds(config, args.target, args.dice, args.focus, args.difficulty,
                          args.samples, seed)
    z = {k: z_score(sampled[k], exact[k], args.samples) for k in ("p_success", "p_complication")}
    for k, (s, e) in enumerate(zip(sampled["successes"], exact["successes"])):
        z[f"successes[{k}]"] = z_score(s, e, args.samples)
    focus = "no focus" if args.focus is None else f"focus, department {args.focus}"
    return {"roll": f"STA task: {args.dice}d20 vs target {args.target} ({focus}), Difficulty "
                    f"{args.difficulty}, complication range {args.complication_range}",
            "exact": exact, "sampled": sampled, "samples": args.samples, "z": z, "seed": seed}
