"""``import scenegym`` registers every id without loading a ruleset's rules or numba; the
first env made loads them, with numba's kernel cache pointed at this version's folder."""

from __future__ import annotations

import json
import subprocess
import sys

from scenegym.envs.rulesets import env_ids

PROBE = """
import json, sys
import gymnasium as gym
import scenegym
before = {"numba": "numba" in sys.modules,
          "rules": sorted(m for m in sys.modules if m.endswith(".rules")),
          "ids": sorted(i for i in gym.registry if i.startswith("scenegym/"))}
import numba
from scenegym.envs.cache import kernel_cache_folder
env = gym.make("scenegym/StarforgedSceneChallenge-v1")
env.reset(seed=1)
after = {"cache": numba.config.CACHE_DIR == str(kernel_cache_folder()),
         "cache_named": kernel_cache_folder().name,
         "rules": sorted(m for m in sys.modules
                         if m.startswith("scenegym.") and m.endswith(".rules"))}
print(json.dumps([before, after]))
"""


def test_import_registers_every_id_without_numba_and_the_first_env_loads_it():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          check=True)
    before, after = json.loads(done.stdout.strip().splitlines()[-1])
    assert before["numba"] is False and before["rules"] == []
    assert before["ids"] == sorted(i for i in env_ids() if i.startswith("scenegym/"))  # not a plug-in another test registered
    assert after["cache"] is True and after["cache_named"].startswith(("numba-", "scenegym-"))
    # issue 25, item 6: one game's env loads that game's rules alone (the other three games'
    # modules took 0.1-0.2 s of a warm first step)
    assert after["rules"] == ["scenegym.envs.starforged.rules"]
