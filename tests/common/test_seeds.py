"""One rule for seeds (envs/core/seeds.py): 0 to 2**64-1 in every command, env and learner.

Every command that takes ``--seed`` (or ``--agent-seed``) refuses -1, 2**64 and 2**70 with one
line naming the flag and the range (exit status 2, no traceback), and ``reset(seed=...)`` of
every env refuses them with a ``ValueError`` naming the range.
"""

import argparse

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.cli import build_parser, main
from scenegym.envs.core.seeds import SEED_RANGE, check_seed, learner_seed

BAD_SEEDS = (-1, 2**64, 2**70, "x")
SEED_FLAGS = ("--seed", "--agent-seed")


def commands(parser, words=()):
    """``(command words, parser)`` of every command (``odds RULESET`` for odds)."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield list(words), parser
    seen = set()  # an alias (an odds ruleset's env id) names the same parser
    for name, sub in (item for action in subs for item in action.choices.items()):
        if id(sub) not in seen:
            seen.add(id(sub))
            yield from commands(sub, (*words, name))


def seeded_commands():
    """``(command words, flag)`` of every command that takes a seed."""
    return [(words, flag) for words, parser in commands(build_parser())
            for flag in SEED_FLAGS if flag in parser._option_string_actions]


def test_every_seeded_command_is_found():
    commands = {" ".join(words) for words, _ in seeded_commands()}
    assert {"playtest", "report", "sweep", "replay", "soak", "baselines", "train", "play",
            "selfplay", "bench", "variants", "solve", "odds starforged"} <= commands


@pytest.mark.parametrize("bad", BAD_SEEDS)
@pytest.mark.parametrize(("words", "flag"), seeded_commands(),
                         ids=lambda x: " ".join(x) if isinstance(x, list) else x)
def test_a_seed_out_of_range_is_refused_in_one_line_naming_the_flag(words, flag, bad, capsys):
    with pytest.raises(SystemExit) as ended:
        main([*words, f"{flag}={bad}"])
    err = capsys.readouterr().err.strip()
    assert ended.value.code == 2 and "Traceback" not in err
    last = err.splitlines()[-1]
    assert f"argument {flag}: must be {SEED_RANGE}, got" in last, last


@pytest.mark.parametrize("good", [0, 2**32, 2**64 - 1])
def test_every_seed_of_the_range_plays(good, capsys):
    assert main(["playtest", "momentum", "--scenes", "4", "--batch", "2", f"--seed={good}"]) == 0
    assert "crew win rate" in capsys.readouterr().out


@pytest.mark.parametrize("bad", BAD_SEEDS[:3])
@pytest.mark.parametrize("vector", [False, True])
def test_reset_refuses_a_seed_out_of_range_naming_the_range(bad, vector):
    env = (gym.make_vec("scenegym/MomentumScene-v1", num_envs=2, vectorization_mode="vector_entry_point")
           if vector else gym.make("scenegym/MomentumScene-v1"))
    with pytest.raises(ValueError, match=r"seed must be an integer from 0 to 2\*\*64-1"):
        env.reset(seed=bad)
    env.reset(seed=2**64 - 1)  # the largest seed plays


def test_a_learner_seed_is_the_runs_below_2_32_and_mixed_down_above():
    assert learner_seed(0) == 0 and learner_seed(2**32 - 1) == 2**32 - 1
    high = [learner_seed(s) for s in (2**32, 2**64 - 1, 2**70 % 2**64 + 5)]
    assert all(0 <= s < 2**32 for s in high) and len(set(high)) == 3
    with pytest.raises(ValueError, match="seed must be"):
        learner_seed(-1)


def test_numpy_integers_are_seeds_and_bools_are_not():
    assert check_seed(np.uint64(2**64 - 1)) == 2**64 - 1
    with pytest.raises(ValueError, match="--seed must be"):
        check_seed(True, "--seed")
