"""Starforged action and progress rolls: exact odds by enumeration, and the engine's own sampling.

The roll and the options of ``scenegym odds starforged``: :mod:`scenegym.envs.starforged.odds_options`
(imported without numba, so the command's help compiles nothing), whose text this module's
figures follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import numpy as np

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.dice import make_dice, roll, start_episode
from scenegym.envs.core.jit import njit
from scenegym.envs.core.params import rule_record
from scenegym.envs.core.stats import z_score
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig, kernel_params
from scenegym.envs.starforged.odds_options import DEFAULT_SAMPLES as DEFAULT_SAMPLES
from scenegym.envs.starforged.odds_options import add_arguments as add_arguments  # the contract's
from scenegym.envs.starforged.rules import action_score, burn_improves, challenge_outcome

KEYS = ("strong_hit", "weak_hit", "miss", "match")
OUTCOME_KEYS = {st.STRONG_HIT: "strong_hit", st.WEAK_HIT: "weak_hit", st.MISS: "miss"}
MAX_SAMPLES = 10**9


@dataclass(frozen=True)
class RollSpec:
    """One roll to evaluate.

    Attributes:
        progress: True for a progress roll, False for an action roll.
        base: The stat (action roll) or the full boxes (progress roll).
        adds: Adds of an action roll.
        momentum: Momentum at the roll (cancels when negative, burns with ``burn``).
        burn: Burn momentum whenever it improves the result.
    """

    progress: bool
    base: int
    adds: int = 0
    momentum: int = 0
    burn: bool = False

    def describe(self) -> str:
        """One line naming the roll."""
        if self.progress:
            return f"Starforged progress roll: {self.base} full boxes vs two challenge dice"
        burn = ", burn when it improves the result" if self.burn else ""
        return (f"Starforged action roll: stat {self.base} + adds {self.adds}, "
                f"momentum {self.momentum}{burn}")


def compute(args) -> dict:
    """Exact and sampled odds of the roll ``args`` describes (see :func:`add_arguments`)."""
    config = StarforgedConfig()
    spec = roll_spec(args, config)
    samples = check_samples(args.samples)
    seed = fresh_seed() if args.seed is None else int(args.seed)
    exact = {k: float(v) for k, v in exact_odds(spec, config).items()}
    sampled = sample_odds(spec, config, samples, seed)
    z = {k: z_score(sampled[k], exact[k], samples) for k in KEYS}
    return {"roll": spec.describe(), "exact": exact, "sampled": sampled, "samples": samples,
            "z": z, "seed": seed}


# ---------------------------------------------------------------------------------------------
# Arguments


def roll_spec(args, config: StarforgedConfig) -> RollSpec:
    """Check the arguments against the config's limits and build the roll."""
    if args.progress is not None:
        if args.adds is not None or args.momentum is not None or args.burn:
            raise ValueError("--progress is a progress roll: no adds apply and momentum neither "
                             "burns nor cancels; drop --adds, --momentum and --burn")
        if not 0 <= args.progress <= config.boxes:
            raise ValueError(f"--progress is {args.progress}; allowed: 0..{config.boxes} "
                             "full boxes")
        return RollSpec(progress=True, base=args.progress)
    _config_allows("--stat", args.stat, stats=(args.stat,) * st.NUM_STATS)
    adds = 0 if args.adds is None else args.adds
    if not 0 <= adds <= config.score_cap:
        raise ValueError(f"--adds is {adds}; allowed: 0..{config.score_cap} (the score cap)")
    momentum = config.momentum_start if args.momentum is None else args.momentum
    _config_allows("--momentum", momentum, momentum_start=momentum)
    return RollSpec(progress=False, base=args.stat, adds=adds, momentum=momentum, burn=args.burn)


def _config_allows(flag: str, value, **fields) -> None:
    """Refuse ``value`` of ``flag`` when the config refuses it in ``fields``."""
    try:
        StarforgedConfig(**fields)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{flag} is {value}; the config refuses it: {err}") from None


def check_samples(samples: int) -> int:
    """``--samples`` must be in 1..MAX_SAMPLES."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"--samples is {samples}; allowed: 1..{MAX_SAMPLES}")
    return int(samples)


# ---------------------------------------------------------------------------------------------
# Exact odds: every face, counted


def hits(score: int, c1: int, c2: int) -> int:
    """Challenge dice beaten (strictly): 2 strong hit, 1 weak hit, 0 miss."""
    return int(score > c1) + int(score > c2)


def score_of(spec: RollSpec, config: StarforgedConfig, die: int | None) -> int:
    """The roll's score for action die ``die`` (``None`` on a progress roll)."""
    if spec.progress:
        return spec.base
    if spec.momentum < 0 and -spec.momentum == die:
        die = 0  # negative momentum cancels the action die
    return min(die + spec.base + spec.adds, config.score_cap)


def exact_odds(spec: RollSpec, config: StarforgedConfig) -> dict[str, Fraction]:
    """Probability of each key of :data:`KEYS`, by enumerating every face."""
    dies = [None] if spec.progress else range(1, config.action_die + 1)
    faces = range(1, config.challenge_die + 1)
    counts = dict.fromkeys(KEYS, 0)
    total = 0
    for die, c1, c2 in product(dies, faces, faces):
        result = hits(score_of(spec, config, die), c1, c2)
        if spec.burn and spec.momentum > 0:
            result = max(result, hits(spec.momentum, c1, c2))
        counts[OUTCOME_KEYS[result]] += 1
        counts["match"] += c1 == c2
        total += 1
    return {k: Fraction(c, total) for k, c in counts.items()}


# ---------------------------------------------------------------------------------------------
# Sampled odds: the engine's dice and rule functions


@njit(cache=True)
def sample_rolls(p, dice, seed, samples, progress, base, adds, momentum, burn):
    """Roll ``samples`` rolls with the engine; counts by outcome code, then matches (int64[4])."""
    counts = np.zeros(4, np.int64)
    start_episode(dice, 0, seed, 0, 0)
    die = 0
    for _ in range(samples):
        if not progress:
            die = roll(dice, 0, p.action_die)
        c1 = roll(dice, 0, p.challenge_die)
        c2 = roll(dice, 0, p.challenge_die)
        score = base if progress else action_score(p, die, base, adds, momentum)
        outcome = challenge_outcome(score, c1, c2)
        if burn and burn_improves(score, momentum, c1, c2):
            outcome = challenge_outcome(momentum, c1, c2)
        counts[outcome] += 1
        if c1 == c2:
            counts[3] += 1
    return counts


def sample_odds(spec: RollSpec, config: StarforgedConfig, samples: int, seed: int) -> dict:
    """Frequencies of each key of :data:`KEYS` over ``samples`` engine rolls."""
    counts = sample_rolls(rule_record(kernel_params(config)), make_dice(1), np.uint64(seed),
                          samples, spec.progress, spec.base, spec.adds, spec.momentum,
                          spec.burn)
    freq = {key: counts[code] / samples for code, key in OUTCOME_KEYS.items()}
    freq["match"] = counts[3] / samples
    return {k: float(freq[k]) for k in KEYS}


