"""Frontiers plays the same trajectories after a speed-up: a digest of long runs, committed.

Each run is a batch of encounters under one config (the default, each Variant and
Alternative of :data:`~scenegym.envs.frontiers.config.VARIANTS`, an expedition), both seats
random or both heuristic, stepped decision by decision with autoreset. The digest covers every
state row, legal mask and observation (each seat's, rendered by the ruleset's ``observe``)
after every step, and the actions taken. ``trajectory_digests.json`` beside this file is the
committed table; a change that is meant to change play (a rule mended) records the new table
with ``python tests/envs/frontiers/test_trajectory_digest.py --write`` and says so; a speed-up
never does.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from scenegym.agents import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, SEAT
from scenegym.envs.core.policy import ask
from scenegym.envs.frontiers.config import VARIANTS, FrontiersConfig
from scenegym.envs.frontiers.ruleset import FRONTIERS

TABLE = Path(__file__).with_name("trajectory_digests.json")
ENVS = 24
DECISIONS = 1200
SEED = 20261203
CONFIGS = {"default": {}, **VARIANTS, "expedition": {"encounters": 3}}
AGENTS = ("random", "heuristic")


def run_name(config: str, agent: str) -> str:
    """The table's key of one run."""
    return f"{config}/{agent}"


def trajectory_digest(changes: dict, agent: str) -> str:
    """The sha256 of a run of ``DECISIONS`` steps of ``ENVS`` encounters under the default
    config with ``changes``, both seats played by ``agent``."""
    config = FrontiersConfig(**changes)
    batch = SceneBatch(FRONTIERS, config, ENVS)
    agents = {seat: make_agent(agent, "frontiers", SEED + seat, config, seat=seat)
              for seat in (CREW, GM)}
    # every row's observation by the ruleset's observe (the loops' refresh: one compiled call
    # a step, not one call from Python a row), into arrays of the test's own
    refresh = FRONTIERS.kernels.refresh
    seen, masks = np.zeros_like(batch.obs), np.zeros_like(batch.masks)
    digest = hashlib.sha256()
    batch.reset(SEED)
    for _ in range(DECISIONS):
        actions = np.zeros(ENVS, np.int64)
        for seat, who in agents.items():
            idx = np.flatnonzero(batch.state[:, SEAT] == seat)
            if len(idx):
                actions[idx] = ask(who, batch, idx)
        _, over, _ = batch.step(actions)
        digest.update(actions.tobytes())
        digest.update(batch.state.tobytes())
        digest.update(batch.masks.tobytes())
        refresh(batch.state, batch.params, masks, seen)
        digest.update(seen.tobytes())  # the rows' bytes in order: as one update per row
        if over.any():
            batch.next_episode(over.copy())
    return digest.hexdigest()


def all_digests() -> dict:
    """Every run's digest, by :func:`run_name`."""
    return {run_name(c, a): trajectory_digest(changes, a)
            for c, changes in CONFIGS.items() for a in AGENTS}


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_trajectory_is_the_recorded_one(config, agent):
    """A speed-up of the rules, the mask or the observation leaves every run bit-identical."""
    table = json.loads(TABLE.read_text())
    assert trajectory_digest(CONFIGS[config], agent) == table[run_name(config, agent)]


def test_the_table_holds_every_run_and_no_other():
    table = json.loads(TABLE.read_text())
    assert set(table) == {run_name(c, a) for c in CONFIGS for a in AGENTS}


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    TABLE.write_text(json.dumps(all_digests(), indent=2) + "\n")
