"""How long a new process takes to its first step: import, make, reset and one step.

Measured per id in fresh processes: *cold* against an empty kernel cache (numba compiles
every kernel the step needs), then *warm* against the cache the cold process filled (the
kernels load from disk). ``scenegym bench --first-step`` prints both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

from scenegym.common.progress import long_work

HOW_LONG = ("a cold process compiles every kernel its step needs, a minute or more per id, "
            "several on a busy machine; a warm one takes seconds")

PROBE = """
import json, sys, time
start = time.perf_counter()
import gymnasium as gym
import scenegym
imported = time.perf_counter()
env = gym.make(sys.argv[1])
obs, info = env.reset(seed=1)
env.step(int(info["action_mask"].argmax()))
done = time.perf_counter()
print(json.dumps({"import_s": imported - start, "first_step_s": done - imported}))
"""


def probe(env_id: str, cache: str) -> dict:
    """One fresh process's import time and time to its first step of ``env_id``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    out = subprocess.run([sys.executable, "-c", PROBE, env_id], capture_output=True,
                         text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def first_step_times(ids) -> dict:
    """``{id: {"cold": {...}, "warm": {...}}}`` with seconds to import and to the first step."""
    times = {}
    bar = long_work("bench", f"timing the first step of {len(ids)} env id(s) in fresh "
                    "processes, cold then warm", HOW_LONG, 2 * len(ids), unit="process")
    with bar:
        for env_id in ids:
            with tempfile.TemporaryDirectory(prefix="scenegym-first-step-") as cache:
                cold = probe(env_id, cache)
                bar.update()
                times[env_id] = {"cold": cold, "warm": probe(env_id, cache)}
                bar.update()
    return times


def format_first_step(times: dict) -> list[str]:
    """A table: per id, import and first-step seconds, cold and warm."""
    lines = [f"{'id':<40} {'import':>7} {'cold step':>10} {'warm step':>10}"]
    for env_id, t in times.items():
        lines.append(f"{env_id:<40} {t['warm']['import_s']:6.2f}s "
                     f"{t['cold']['first_step_s']:9.2f}s {t['warm']['first_step_s']:9.2f}s")
    return lines
