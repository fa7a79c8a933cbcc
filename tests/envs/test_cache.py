"""The kernel cache (envs/cache.py, envs/core/kernels.py): keyed by what changes the machine
code, loaded by a second process without compiling, pruned."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import numba

from scenegym.envs.cache import (
    KERNEL_PACKAGES,
    cache_dir,
    kernel_cache_folder,
    prune,
    source_digest,
)


def _tree(root, rules_text):
    for package in KERNEL_PACKAGES:
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("")
    (root / "envs" / "header.py").write_text(rules_text)


def test_a_code_change_gives_a_new_folder_but_a_docstring_or_comment_does_not(tmp_path):
    _tree(tmp_path, '"""Header."""\nPAYOUT = 11\n')
    before = source_digest(tmp_path, boundscheck=False)
    assert source_digest(tmp_path, boundscheck=False) == before
    (tmp_path / "envs" / "header.py").write_text('"""The header, reworded."""\nPAYOUT = 11  # why\n')
    assert source_digest(tmp_path, boundscheck=False) == before
    (tmp_path / "envs" / "header.py").write_text('"""Header."""\nPAYOUT = 12\n')
    assert source_digest(tmp_path, boundscheck=False) != before


def test_the_remembered_code_digests_give_the_same_folder(tmp_path):
    _tree(tmp_path / "src", "PAYOUT = 11\n")
    memo = tmp_path / "memo.json"
    for text in ("PAYOUT = 11\n", "PAYOUT = 12\n"):
        (tmp_path / "src" / "envs" / "header.py").write_text(text)
        plain = source_digest(tmp_path / "src", boundscheck=False)
        assert source_digest(tmp_path / "src", boundscheck=False, memo_file=memo) == plain
        assert source_digest(tmp_path / "src", boundscheck=False, memo_file=memo) == plain
        assert memo.exists()


def test_the_bounds_check_flag_gives_its_own_folder(tmp_path):
    _tree(tmp_path, "PAYOUT = 11\n")
    assert source_digest(tmp_path, boundscheck=True) != source_digest(tmp_path, boundscheck=False)


def test_importing_scenegym_points_numba_at_the_folder(monkeypatch, tmp_path):
    assert numba.config.CACHE_DIR == str(kernel_cache_folder())
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert cache_dir("abc") == tmp_path / "scenegym-abc"


def test_old_folders_are_pruned_recent_ones_kept(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    month_ago = time.time() - 30 * 86400
    old = [cache_dir(f"old{k}") for k in range(5)]
    for k, folder in enumerate(old):
        folder.mkdir()
        os.utime(folder, (month_ago + k, month_ago + k))
    recent = cache_dir("recent")
    recent.mkdir()
    current = cache_dir("current")
    current.mkdir()
    removed = prune(current, keep_recent=3, keep_days=7)
    survivors = {p.name for p in tmp_path.iterdir()}
    assert {"scenegym-current", "scenegym-recent", "scenegym-old4"} <= survivors
    assert set(removed) == set(old[:4]) and not any(p.exists() for p in old[:4])


FIRST_STEP = (
    "import scenegym, gymnasium as gym\n"
    "from scenegym.envs.rulesets import get_ruleset\n"
    "for env_id, name in (('scenegym/StarforgedSceneChallenge-v0', 'starforged'),):\n"
    "    env = gym.make(env_id)\n"
    "    obs, info = env.reset(seed=1)\n"
    "    env.step(int(info['action_mask'].argmax()))\n"
    "    for f in (get_ruleset(name).kernels.begin, env.unwrapped.seated._seated):\n"
    "        print(name, sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))\n")


def _first_steps(cache):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", FIRST_STEP], capture_output=True, text=True,
                         env=env, check=True)
    return [line.split() for line in out.stdout.splitlines()]


def test_a_second_process_loads_the_kernels_from_the_cache(tmp_path):
    """One ruleset here (compiling momentum cold takes half a minute); ``scenegym bench
    --first-step`` measures every ruleset."""
    first = _first_steps(tmp_path)
    assert all(int(misses) > 0 for _, _, misses in first)  # compiled in the first process
    second = _first_steps(tmp_path)
    assert len(second) == 2
    assert all(int(hits) > 0 and int(misses) == 0 for _, hits, misses in second), second
