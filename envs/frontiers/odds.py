"""Frontiers Engine attack roll: exact odds by enumeration, and the engine's own sampling.

The roll and the options of ``scenegym odds frontiers``: :mod:`scenegym.envs.frontiers.odds_options`
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
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.actions import attack
from scenegym.envs.frontiers.config import FrontiersConfig, kernel_params
from scenegym.envs.frontiers.odds_options import DEFAULT_SAMPLES as DEFAULT_SAMPLES
from scenegym.envs.frontiers.odds_options import add_arguments as add_arguments  # the contract's

MAX_SAMPLES = 10**9
MAX_MODIFIER = 40  # beyond it every roll hits any Defense the tables give
ATTACKER, TARGET = 0, st.MAX_PCS  # a PC attacks the first enemy slot
UNHURT = 1 << 20  # the target's HP: no hit takes it to 0, so every hit's damage shows


def check_args(args) -> None:
    """Refuse values outside the rules' ranges, naming the flag and what is allowed."""
    for flag, value, low, high in (("--modifier", args.modifier, -MAX_MODIFIER, MAX_MODIFIER),
                                   ("--defense", args.defense, 0, 2 * MAX_MODIFIER),
                                   ("--samples", args.samples, 1, MAX_SAMPLES)):
        if not low <= value <= high:
            raise ValueError(f"{flag} is {value}; allowed: {low}..{high}")


def exact_odds(config: FrontiersConfig, ability: int, modifier: int, defense: int) -> dict:
    """Exact chances: a hit, and each damage one attack deals (fractions)."""
    a = config.abilities[ability]
    hits = sum(1 for face in range(1, config.die + 1) if face + modifier >= defense)
    p_hit = Fraction(hits, config.die)
    rolled = {0: Fraction(1)}
    for _ in range(a.dice):
        rolled = _add_die(rolled, a.sides)
    damage = [Fraction(0)] * (a.dice * a.sides + a.bonus + 1)
    damage[0] = 1 - p_hit
    for total, p in rolled.items():
        damage[max(0, total + a.bonus)] += p_hit * p
    mean = sum((n * p for n, p in enumerate(damage)), Fraction(0))
    return {"p_hit": p_hit, "damage": damage, "mean_damage": mean}


def _add_die(rolled: dict, sides: int) -> dict:
    """The distribution of a total after one more die of ``sides`` faces."""
    out: dict = {}
    for total, p in rolled.items():
        for face in range(1, sides + 1):
            out[total + face] = out.get(total + face, 0) + p / sides
    return out


@njit(cache=True)
def sample_attacks(s, p, dice, log, seed, samples, ability, attribute, kind, modifier,
                   defense, most):
    """Play ``samples`` attacks with the engine's own attack: counts of each damage dealt
    (0 on a miss, up to ``most``), and of hits (last entry)."""
    counts = np.zeros(most + 2, np.int64)
    start_episode(dice, 0, seed, 0, 0)
    s[st.MODS + ATTACKER * st.NUM_ATTRS + attribute] = modifier
    s[(st.PDEF if kind == st.PHYSICAL else st.MDEF) + TARGET] = defense
    for _ in range(samples):
        s[st.HP + TARGET] = UNHURT
        hit = attack(s, p, dice, log, 0, ATTACKER, TARGET, ability, 0)
        counts[UNHURT - s[st.HP + TARGET]] += 1
        counts[most + 1] += hit
    return counts


def sample_odds(config: FrontiersConfig, ability: int, modifier: int, defense: int,
                samples: int, seed: int) -> dict:
    """Frequencies of the same figures over ``samples`` attacks played by the engine."""
    params = kernel_params(config)
    row = np.zeros(st.STATE_SIZE, np.int32)
    row[st.PRESENT + ATTACKER] = row[st.PRESENT + TARGET] = 1
    row[st.POS + TARGET] = 1
    a = config.abilities[ability]
    most = a.dice * a.sides + a.bonus
    counts = sample_attacks(row, rule_record(params), make_dice(1), make_log(1, 0),
                            np.uint64(seed), samples, ability, params.ab_attribute[ability],
                            params.ab_defense[ability], modifier, defense, most)
    damage = [float(c / samples) for c in counts[:most + 1]]
    return {"p_hit": float(counts[-1] / samples), "damage": damage,
            "mean_damage": float(sum(n * q for n, q in enumerate(damage)))}


def compute(args) -> dict:
    """Exact and sampled odds of the attack ``args`` describes (see :func:`add_arguments`)."""
    check_args(args)
    config = FrontiersConfig()
    ability = [a.name for a in config.abilities].index(args.ability)
    seed = fresh_seed() if args.seed is None else int(args.seed)
    exact = exact_odds(config, ability, args.modifier, args.defense)
    sampled = sample_odds(config, ability, args.modifier, args.defense, args.samples, seed)
    z = {"p_hit": z_score(sampled["p_hit"], float(exact["p_hit"]), args.samples)}
    for n, (s, e) in enumerate(zip(sampled["damage"], exact["damage"])):
        z[f"damage[{n}]"] = z_score(s, float(e), args.samples)
    exact = {"p_hit": float(exact["p_hit"]), "damage": [float(q) for q in exact["damage"]],
             "mean_damage": float(exact["mean_damage"])}
    return {"roll": f"Frontiers attack: {args.ability}, d{config.die} {args.modifier:+d} vs "
                    f"Defense {args.defense}",
            "exact": exact, "sampled": sampled, "samples": args.samples, "z": z, "seed": seed}
