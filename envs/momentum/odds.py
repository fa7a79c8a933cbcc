"""Momentum roll: exact odds by enumeration, and the engine's own sampling.

The roll and the options of ``scenegym odds momentum``: :mod:`scenegym.envs.momentum.odds_options`
(imported without numba, so the command's help compiles nothing), whose text this module's
figures follow.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.dice import make_dice, start_episode
from scenegym.envs.core.events import make_log
from scenegym.envs.core.jit import njit
from scenegym.envs.core.params import rule_record
from scenegym.envs.core.stats import z_score
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig, kernel_params
from scenegym.envs.momentum.odds_options import DEFAULT_SAMPLES as DEFAULT_SAMPLES
from scenegym.envs.momentum.odds_options import add_arguments as add_arguments  # the contract's
from scenegym.envs.momentum.roll import contest_result, roll_crew, roll_opponent, roll_result

KEYS = ("critical_success", "success", "costly_success", "failure", "critical_failure")
CODE_OF = {"critical_success": st.CRITICAL_SUCCESS, "success": st.SUCCESS,
           "costly_success": st.COSTLY_SUCCESS, "failure": st.FAILURE,
           "critical_failure": st.CRITICAL_FAILURE}
MAX_SAMPLES = 10**9
MAX_DICE = 40


def compute(args) -> dict:
    """Exact and sampled odds of the roll ``args`` describes (see :func:`add_arguments`)."""
    config = roll_config(args)
    if getattr(args, "spends", False):
        return spends(config, args)
    if args.pool is None or args.risk is None:
        raise ValueError("--pool and --risk are needed (or --spends for the table of spends)")
    pool, risk, opponent = check_dice(args)
    upgraded = int(bool(args.upgrade))
    if upgraded and pool < 1:
        raise ValueError("--upgrade needs at least one pool die")
    pressed = config.press_risk if getattr(args, "press", False) else 0
    samples = check_samples(args.samples)
    seed = fresh_seed() if args.seed is None else int(args.seed)
    exact = {k: float(v) for k, v in
             exact_odds(config, pool, risk + pressed, upgraded, opponent, pressed).items()}
    sampled = sample_odds(config, pool, risk + pressed, upgraded, opponent, samples, seed, pressed)
    z = {k: z_score(sampled[k], exact[k], samples) for k in KEYS}
    return {"roll": describe(config, pool, risk, upgraded, opponent, pressed), "exact": exact,
            "sampled": sampled, "samples": samples, "z": z, "seed": seed}


# ---------------------------------------------------------------------------------------------
# Arguments


def roll_config(args) -> MomentumConfig:
    """The default config, with ``--difficulty``, ``--press-hit-momentum`` and
    ``--press-ruin-risk`` applied (and validated by the config)."""
    changes = {field: getattr(args, field)
               for field in ("difficulty", "press_hit_momentum", "press_ruin_risk")
               if getattr(args, field, None) is not None}
    try:
        return MomentumConfig(**changes)
    except (TypeError, ValueError) as err:
        flags = ", ".join(f"--{k.replace('_', '-')} {v}" for k, v in changes.items())
        raise ValueError(f"{flags}: the config refuses it: {err}") from None


def check_dice(args) -> tuple[int, int, int | None]:
    """``--pool``, ``--risk`` (and ``--opponent-dice``) must be in 0..MAX_DICE."""
    for flag, value in (("--pool", args.pool), ("--risk", args.risk),
                        ("--opponent-dice", args.opponent_dice)):
        if value is not None and not 0 <= value <= MAX_DICE:
            raise ValueError(f"{flag} is {value}; allowed: 0..{MAX_DICE}")
    return args.pool, args.risk, args.opponent_dice


def check_samples(samples: int) -> int:
    """``--samples`` must be in 1..MAX_SAMPLES."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"--samples is {samples}; allowed: 1..{MAX_SAMPLES}")
    return int(samples)


def describe(config, pool, risk, upgraded, opponent, pressed=0) -> str:
    """One line naming the roll."""
    up = " (one upgraded to 6)" if upgraded else ""
    press = (f" + a Press ({pressed} Press dice, a hit at {config.press_hit_face} or less)"
             if pressed else "")
    against = (f" in a contest against {opponent} dice" if opponent is not None
               else f", difficulty {config.difficulty}")
    return f"Momentum roll: {pool} pool dice{up} + Risk {risk}{press}{against}"


# ---------------------------------------------------------------------------------------------
# Exact odds: counts by category


def face_chances(config: MomentumConfig) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Chances of a pool die being a miss, a plain success, a critical face; of a risk hit."""
    sides = config.die_sides
    crit = Fraction(sides - config.critical_face + 1, sides)
    plain = Fraction(config.critical_face - config.success_face, sides)
    return 1 - plain - crit, plain, crit, Fraction(config.hit_face, sides)


def pool_distribution(config, dice: int) -> dict[tuple[int, int], Fraction]:
    """Chance of each ``(successes, criticals)`` over ``dice`` pool dice (multinomial)."""
    miss, plain, crit, _ = face_chances(config)
    out = {}
    for c in range(dice + 1):
        for s in range(dice - c + 1):
            ways = math.comb(dice, c) * math.comb(dice - c, s)
            out[(s + c, c)] = ways * crit**c * plain**s * miss**(dice - c - s)
    return out


def binomial(dice: int, hit: Fraction) -> dict[int, Fraction]:
    """Chance of each number of hits over ``dice`` dice, each a hit with chance ``hit``."""
    return {h: math.comb(dice, h) * hit**h * (1 - hit)**(dice - h) for h in range(dice + 1)}


def press_hit_chance(config) -> Fraction:
    """Chance of a Press die being a hit."""
    return Fraction(config.press_hit_face, config.die_sides)


def hit_distribution(config, risk: int, pressed: int = 0) -> dict[int, Fraction]:
    """Chance of each number of hits over ``risk`` risk dice, the last ``pressed`` of them
    the Press's (a sum of two binomials)."""
    plain = binomial(risk - pressed, face_chances(config)[3])
    press = binomial(pressed, press_hit_chance(config))
    out: dict[int, Fraction] = {}
    for h, p_plain in plain.items():
        for g, p_press in press.items():
            out[h + g] = out.get(h + g, Fraction(0)) + p_plain * p_press
    return out


def read_table(config, successes: int, criticals: int, hits: int) -> str:
    """The rules page's result table, row by row."""
    met = successes >= config.difficulty
    if hits >= 2 or (hits == 1 and not met):
        return "critical_failure"
    if hits == 1:
        return "costly_success"
    if not met:
        return "failure"
    return "critical_success" if criticals >= config.critical_count else "success"


def read_contest(config, net: int, criticals: int, opp_criticals: int, hits: int) -> str:
    """A contest for the roller: net 1+ wins, 0 is Costly, below 0 loses; hits worsen a step."""
    if net >= 1:
        base = "critical_success" if criticals >= config.critical_count else "success"
    elif net == 0:
        base = "costly_success"
    elif config.opponent_criticals and opp_criticals >= config.critical_count:
        base = "critical_failure"
    else:
        base = "failure"
    if hits >= 2:
        return "critical_failure"
    if hits == 1:
        worse = {"critical_success": "costly_success", "success": "costly_success",
                 "costly_success": "failure", "failure": "critical_failure"}
        return worse.get(base, "critical_failure")
    return base


def exact_odds(config, pool: int, risk: int, upgraded: int = 0,
               opponent: int | None = None, pressed: int = 0) -> dict[str, Fraction]:
    """Probability of each result of :data:`KEYS`, exactly (``risk`` counts the ``pressed``
    Press dice)."""
    own = pool_distribution(config, pool - upgraded)
    hits = hit_distribution(config, risk, pressed)
    opp = pool_distribution(config, opponent) if opponent is not None else {(0, 0): Fraction(1)}
    odds = dict.fromkeys(KEYS, Fraction(0))
    for (succ, crit), p_own in own.items():
        succ, crit = succ + upgraded, crit + upgraded
        for (o_succ, o_crit), p_opp in opp.items():
            for h, p_hit in hits.items():
                if opponent is None:
                    key = read_table(config, succ, crit, h)
                else:
                    key = read_contest(config, succ - o_succ, crit, o_crit, h)
                odds[key] += p_own * p_opp * p_hit
    return odds


# ---------------------------------------------------------------------------------------------
# Sampled odds: the engine's dice and roll functions


@njit(cache=True)
def sample_rolls(p, dice, log, seed, samples, pool, risk, upgraded, opponent, pressed):
    """Roll ``samples`` rolls with the engine; counts by result code (int64[5])."""
    counts = np.zeros(5, np.int64)
    start_episode(dice, 0, seed, 0, 0)
    for _ in range(samples):
        succ, crit, hits, _ = roll_crew(p, dice, log, 0, pool, upgraded, risk, pressed)
        if opponent >= 0:
            opp, opp_crit = roll_opponent(p, dice, log, 0, opponent)
            counts[contest_result(p, succ - opp, crit, opp_crit, hits)] += 1
        else:
            counts[roll_result(p, succ, crit, hits)] += 1
    return counts


def sample_odds(config, pool, risk, upgraded, opponent, samples, seed,
                pressed=0) -> dict[str, float]:
    """Frequencies of each key of :data:`KEYS` over ``samples`` engine rolls."""
    params = kernel_params(config)
    opponent_dice = -1 if opponent is None else opponent
    counts = sample_rolls(rule_record(params), make_dice(1), make_log(1, 0), np.uint64(seed),
                          samples, pool, risk, upgraded, opponent_dice, pressed)
    return {k: float(counts[CODE_OF[k]] / samples) for k in KEYS}




# ---------------------------------------------------------------------------------------------
# The spends table: what a Press and a Brace buy, exactly

SPEND_RISKS = range(7)
SPEND_POOLS = range(1, 9)
BAD = ("costly_success", "failure", "critical_failure")


def momentum_change(config, odds: dict[str, Fraction], pressed: int) -> Fraction:
    """Expected Momentum change of a roll with these odds, before any spend: the criticals'
    swings and the Momentum its ``pressed`` Press dice lose when they hit."""
    return (odds["critical_success"] * config.critical_success_momentum
            - odds["critical_failure"] * config.critical_failure_momentum
            - pressed * press_hit_chance(config) * config.press_hit_momentum)


def ruin_chance(config, risk: int, pressed: int) -> Fraction:
    """Chance that a roll at ``risk`` (its Press dice included) loses all Momentum: one of its
    ``pressed`` Press dice hits at ``press_ruin_risk`` or above."""
    if not pressed or not 0 < config.press_ruin_risk <= risk:
        return Fraction(0)
    return 1 - (1 - press_hit_chance(config)) ** pressed


def spend_figures(config, pool: int, risk: int, spend: str) -> dict | None:
    """One roll's figures as it stands (``spend="none"``), with a Press or with a Brace: the
    expected Momentum change (the spend's own Momentum included; a ruin's loss of all
    Momentum is not in it, but its chance is), the chance of a ruin, of a Critical Failure
    and of a bad result (Costly Success or worse). None where the spend is not legal (a
    Press above ``risk_cap``, a Brace at Risk 0)."""
    pressed, delta = 0, Fraction(0)
    if spend == "press":
        if risk + config.press_risk > config.risk_cap:
            return None
        pressed, delta = config.press_risk, Fraction(config.press_momentum)
    elif spend == "brace":
        if risk == 0:
            return None
        risk, delta = max(0, risk - config.brace_risk), Fraction(-config.brace_cost)
    odds = exact_odds(config, pool, risk + pressed, pressed=pressed)
    ruin = ruin_chance(config, risk + pressed, pressed)
    falls = 0 if ruin else pressed
    return {"momentum": float(delta + momentum_change(config, odds, falls)),
            "ruin": float(ruin),
            "critical_failure": float(odds["critical_failure"]),
            "bad": float(sum(odds[k] for k in BAD))}


def spend_rows(config, pools) -> list[dict]:
    """Per Risk 0..6 and pool: the figures of :func:`spend_figures` without a spend, with a
    Press and with a Brace."""
    return [{"risk": risk, "pool": pool,
             **{spend: spend_figures(config, pool, risk, spend)
                for spend in ("none", "press", "brace")}}
            for risk in SPEND_RISKS for pool in pools]


def spends(config, args) -> dict:
    """``--spends``: the table of :func:`spend_rows` (``--pool`` shows one pool only)."""
    if args.pool is not None:
        check_dice(args)
    pools = SPEND_POOLS if args.pool is None else [args.pool]
    rows = spend_rows(config, pools)
    roll = (f"Momentum roll, difficulty {config.difficulty}: expected Momentum change (criticals, "
            "the spend, Press dice hits) and bad results (Costly Success or worse), exact")
    return {"roll": roll, "rows": rows, "lines": [roll, *format_spends(rows)]}


def format_spends(rows: list[dict]) -> list[str]:
    """The spends table as text: a row per Risk and pool, '-' where a spend is not legal."""
    def cell(figures, key, form, width=7):
        return f"{'-':>{width}}" if figures is None else format(figures[key], form)

    lines = ["Risk pool | dMomentum: none   press   brace | P(ruin) | P(crit fail): none  press"
             "  brace | P(bad): none  press  brace"]
    for row in rows:
        parts = [f"{row['risk']:>4} {row['pool']:>4} |"]
        for key, form in (("momentum", "+7.3f"), ("ruin", None), ("critical_failure", "7.3f"),
                          ("bad", "7.3f")):
            if form is None:
                parts.append(cell(row["press"], "ruin", "7.3f") + " |")
                continue
            parts.append(" ".join(cell(row[s], key, form) for s in ("none", "press", "brace"))
                         + " |")
        lines.append(" ".join(parts).rstrip(" |"))
    return lines
