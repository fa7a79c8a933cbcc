"""Every id's spaces and default config are pinned by its version (CONTRIBUTING.md, "Versioning").

``env_versions.json`` beside this file is the committed table: per id, the sizes of its spaces
and the digest of its default config. A change of either without a new ``-vN`` fails here:
bump the id, add the "Version history" entry to its docstring and a CHANGELOG line, then
record the new row with ``python tests/envs/test_versions.py --write``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import gymnasium as gym
import pytest
from gymnasium.envs.registration import load_env_creator

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.core.config import config_digest
from scenegym.envs.gym_env import env_config
from scenegym.envs.rulesets import get_ruleset, ruleset_names

TABLE = Path(__file__).with_name("env_versions.json")


def builtin_ids() -> list[str]:
    """Every id the package's own rulesets register (plug-ins such as pig are not pinned)."""
    return sorted(e.id for name in ruleset_names() for e in get_ruleset(name).env_ids
                  if e.id.startswith("scenegym/"))


def row_of(env_id: str) -> dict:
    """The pinned facts of ``env_id``: its spaces' sizes and its default config's digest."""
    ruleset, config = env_config(env_id)
    layout = ruleset.layout_of(config)
    return {"actions": int(layout.num_actions), "observation": int(layout.obs_size),
            "config_digest": config_digest(config)}


def spec_text(env_id: str) -> str:
    """The docstring of the id's single env: its spec."""
    return load_env_creator(gym.spec(env_id).entry_point).__doc__


@pytest.mark.parametrize("env_id", builtin_ids())
def test_the_spaces_and_default_config_match_the_ids_version(env_id):
    table = json.loads(TABLE.read_text())
    assert env_id in table, (f"{env_id} has no row in {TABLE.name}: a new id or a new version; "
                             "record it with python tests/envs/test_versions.py --write")
    assert row_of(env_id) == table[env_id], (
        f"{env_id} changed ({table[env_id]} -> {row_of(env_id)}) without a new version: bump "
        "its -vN, add a Version history entry and a CHANGELOG line, then --write the table")


@pytest.mark.parametrize("env_id", builtin_ids())
def test_the_ids_version_has_a_version_history_entry(env_id):
    version = re.search(r"-v(\d+)$", env_id).group(1)
    history = spec_text(env_id).split("## Version history", 1)[1]
    assert re.search(rf"^\s*- v{version}\b", history, re.M), (
        f"{env_id}: its docstring's Version history has no '- v{version}' entry")


def test_the_table_names_no_id_that_is_gone():
    assert set(json.loads(TABLE.read_text())) <= set(builtin_ids())


def test_a_retired_version_names_its_successor():
    """``gym.make`` of a ``-v0`` id is refused by Gymnasium with the id to use instead."""
    with pytest.raises(gym.error.DeprecatedEnv, match="StarforgedSceneChallenge-v1"):
        gym.make("scenegym/StarforgedSceneChallenge-v0")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    TABLE.write_text(json.dumps({i: row_of(i) for i in builtin_ids()}, indent=2) + "\n")
    print(f"wrote {TABLE}")
