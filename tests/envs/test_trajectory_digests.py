"""Every id's trajectories are pinned: the loops may skip work (an observation nobody reads, a
prefetch) but never change what the rules do or what a reader sees.

``trajectory_digests.json`` beside this file is the committed table: per ruleset and named
variant, and per way of playing it (both seats asked in Python through the engine's step; both
seats compiled, played to the end in one call; a learner seat stepped by the seated batch
against the compiled heuristic, the compiled random player, and the heuristic asked in Python),
a digest of every state row, mask, observation (where a reader gets one), reward and end over a
fixed number of decisions. It was recorded before the loops learned to render observations
only when read; a change of a digest is a change of the rules' trajectories. Record it again
only for a deliberate change of the rules, with ``python tests/envs/test_trajectory_digests.py
--write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.policy import policy_of
from scenegym.envs.rulesets import get_ruleset, ruleset_names
from scenegym.envs.seated import SeatedBatch
from scenegym.evaluation.playtest import playtest_config
from scenegym.evaluation.variants import has_variants, variant_names

TABLE = Path(__file__).with_name("trajectory_digests.json")
ENVS, SEED, STEPS, CALLS = 5, 2026, 60, 3


def cases() -> list[tuple[str, str]]:
    """Every (ruleset, variant) pinned: the default config (``"default"``) and each named
    variant."""
    out = []
    for name in ruleset_names():
        if name not in ("frontiers", "momentum", "sta", "sta_social", "starforged"):
            continue  # a plug-in registered by another test
        out.append((name, "default"))
        out += [(name, v) for v in (variant_names(name) if has_variants(name) else ())]
    return out


def config_of(ruleset: str, variant: str):
    return playtest_config(ruleset, () if variant == "default" else [variant])


def digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:16]


def legal_random(rng, masks) -> np.ndarray:
    """A uniform legal action per row (0 for a row with none), from ``rng``."""
    u = rng.random(masks.shape)
    return np.where(masks.any(1), np.argmax(np.where(masks, u, -1.0), axis=1), 0)


def python_seats(ruleset: str, config) -> str:
    """Both seats random, asked in Python through :meth:`SceneBatch.step` (a reader of the
    observation at every decision)."""
    batch, rng, h = SceneBatch(get_ruleset(ruleset), config, ENVS), np.random.default_rng(1), []
    batch.reset(SEED)
    h.append(digest(batch.state, batch.masks, batch.obs))
    for _ in range(STEPS):
        reward, over, truncated = batch.step(legal_random(rng, batch.masks))
        h.append(digest(batch.state, batch.masks, batch.obs, reward, over, truncated,
                        batch.gm_extra))
        if over.any():
            batch.next_episode(over.copy())
            h.append(digest(batch.state, batch.masks, batch.obs))
    return digest(np.array(h))


def compiled_seats(ruleset: str, config, crew, gm) -> str:
    """Both seats by compiled policies, each episode played to its end in one call."""
    batch = SceneBatch(get_ruleset(ruleset), config, ENVS)
    batch.reset(SEED)
    kernel = batch.ruleset.kernels_with(policy_of(crew), policy_of(gm)).play
    from scenegym.envs.core.kernels import policy_args

    over, h = np.zeros(ENVS, np.bool_), []
    for _ in range(CALLS):
        kernel(batch.state, batch.params, batch.dice_arrays, batch.log_arrays, batch.env_ids,
               batch.masks, batch.obs, ~batch.over, policy_args(policy_of(crew), policy_of(gm)),
               over)
        h.append(digest(batch.state, batch.masks, batch.obs, over))
        batch.next_episode(batch.over.copy())
        h.append(digest(batch.state, batch.masks, batch.obs))
    return digest(np.array(h))


def seated_seat(ruleset: str, config, seat: str, opponent, inline: bool = True) -> str:
    """A learner seat (random, from its mask) against ``opponent`` in the seated batch."""
    batch = SceneBatch(get_ruleset(ruleset), config, ENVS)
    seated = SeatedBatch(batch, seat, opponent, inline_opponent=inline)
    rng, h = np.random.default_rng(2), []
    seated.reset(SEED)
    h.append(digest(batch.state, batch.masks, batch.obs))
    for _ in range(STEPS):
        reward, terminated, cut_off, final_obs = seated.step(legal_random(rng, batch.masks))
        ended = seated._flags[:, 1]
        h.append(digest(batch.state, batch.masks, batch.obs, reward, terminated, cut_off,
                        final_obs[ended], ended))
    h.append(digest(np.array(seated.decisions_taken)))
    return digest(np.array(h))


def row_of(ruleset: str, variant: str) -> dict:
    """The digests of every way of playing (ruleset, variant)."""
    config = config_of(ruleset, variant)
    heuristic = make_agent("heuristic", ruleset, config=config)
    row = {"python": python_seats(ruleset, config),
           "heuristic": compiled_seats(ruleset, config, heuristic, heuristic),
           "random": compiled_seats(ruleset, config, RandomAgent(3), RandomAgent(4)),
           "mixed": compiled_seats(ruleset, config, heuristic, RandomAgent(5)),
           "seated_heuristic": seated_seat(ruleset, config, "crew", heuristic),
           "seated_random": seated_seat(ruleset, config, "crew", RandomAgent(6)),
           "seated_python": seated_seat(ruleset, config, "crew", heuristic, inline=False)}
    if GM in get_ruleset(ruleset).seats_with_decisions(config):
        row["seated_gm"] = seated_seat(ruleset, config, "gm", heuristic)
    assert CREW in get_ruleset(ruleset).seats_with_decisions(config)
    return row


@pytest.mark.parametrize(("ruleset", "variant"), cases())
def test_the_trajectories_match_the_recorded_digests(ruleset, variant):
    table = json.loads(TABLE.read_text())
    key = f"{ruleset}/{variant}"
    assert key in table, f"{key} has no row in {TABLE.name}"
    assert row_of(ruleset, variant) == table[key]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    TABLE.write_text(json.dumps({f"{r}/{v}": row_of(r, v) for r, v in cases()}, indent=2)
                     + "\n")
    print(f"wrote {TABLE}")
