"""The kernel cache (envs/cache.py, envs/core/kernels.py): keyed by what changes the machine
code, loaded by a second process without compiling, pruned."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import time
import tokenize
import tomllib
from pathlib import Path

import numba
import pytest

from scenegym.envs.cache import (
    NUMBA_NAMES,
    ROOT,
    cache_dir,
    cache_parent,
    kernel_cache_folder,
    kernel_modules,
    package_modules,
    prune,
    source_digest,
)

KERNEL = ("from numba import njit\n"
          "from scenegym.envs.header import PAYOUT\n\n"
          "@njit(cache=True)\ndef pay():\n    return PAYOUT\n")


def _tree(root, rules_text):
    """A package with a kernel module that compiles in the header's constant."""
    (root / "envs").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "envs" / "__init__.py").write_text("")
    (root / "envs" / "kernel.py").write_text(KERNEL)
    (root / "envs" / "header.py").write_text(rules_text)


def test_a_code_change_gives_a_new_folder_but_a_docstring_or_comment_does_not(tmp_path):
    _tree(tmp_path, '"""Header."""\nPAYOUT = 11\n')
    before = source_digest(tmp_path, boundscheck=False)
    assert source_digest(tmp_path, boundscheck=False) == before
    (tmp_path / "envs" / "header.py").write_text('"""The header, reworded."""\nPAYOUT = 11  # why\n')
    assert source_digest(tmp_path, boundscheck=False) == before
    (tmp_path / "envs" / "header.py").write_text('"""Header."""\nPAYOUT = 12\n')
    assert source_digest(tmp_path, boundscheck=False) != before


def test_the_digest_covers_numba_modules_and_what_they_import_only(tmp_path):
    """A module no kernel imports (a report, a CLI) changes no kernel: editing it keeps
    them; a module imported by one, relatively or in a function, does change them."""
    _tree(tmp_path, "PAYOUT = 11\n")
    (tmp_path / "envs" / "rows.py").write_text("ROWS = 3\n")
    (tmp_path / "envs" / "lazy.py").write_text(
        "import numba\n\ndef size():\n    from .rows import ROWS\n    return ROWS\n")
    (tmp_path / "report.py").write_text("from scenegym.envs.header import PAYOUT\nWIDTH = 80\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_kernel.py").write_text("from numba import njit\n")
    names = {p.relative_to(tmp_path).as_posix() for p in kernel_modules(tmp_path)}
    assert names == {"envs/kernel.py", "envs/header.py", "envs/lazy.py", "envs/rows.py"}
    before = source_digest(tmp_path, boundscheck=False)
    (tmp_path / "report.py").write_text("from scenegym.envs.header import PAYOUT\nWIDTH = 99\n")
    assert source_digest(tmp_path, boundscheck=False) == before
    (tmp_path / "envs" / "rows.py").write_text("ROWS = 4\n")
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
        assert kernel_modules(tmp_path / "src", memo) == kernel_modules(tmp_path / "src")


def test_the_bounds_check_flag_gives_its_own_folder(tmp_path):
    _tree(tmp_path, "PAYOUT = 11\n")
    assert source_digest(tmp_path, boundscheck=True) != source_digest(tmp_path, boundscheck=False)


def installed_files() -> set[Path]:
    """Every module file setuptools installs, read from pyproject.toml's package list (not
    from envs/cache.py's own walk of the folders)."""
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"]
    folders = [ROOT.joinpath(*p.split(".")[1:]) for p in packages]
    return {p.resolve() for folder in folders for p in folder.glob("*.py")}


def uses_numba(path: Path) -> bool:
    """The file names numba or one of its compilers in its code (its tokens, so not in a
    comment nor a string)."""
    text = path.read_text()
    if not any(name in text for name in NUMBA_NAMES | {"numba"}):
        return False
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return any(t.type == tokenize.NAME and (t.string == "numba" or t.string in NUMBA_NAMES)
               for t in tokens)


def test_every_module_that_uses_numba_is_in_the_digest():
    """Found by a second reading (tokens of every installed module), so a compiled function
    anywhere in the package, in a folder of its own or a module of a new layer, is covered;
    and so are the modules kernels compile constants from."""
    assert {Path(p).resolve() for p in package_modules(ROOT).values()} == installed_files()
    parent, prefix = cache_parent()
    covered = {p.resolve() for p in kernel_modules(ROOT, parent / f"{prefix}module-facts.json")}
    numba_files = {p for p in installed_files() if uses_numba(p)}
    assert ROOT / "envs" / "starforged" / "solve" / "crew_response.py" in numba_files
    missing = sorted(str(p.relative_to(ROOT)) for p in numba_files - covered)
    assert not missing, f"modules using numba outside the kernel cache's digest: {missing}"
    for constants in ("envs/core/header.py", "envs/starforged/state.py",
                      "envs/starforged/solve/crew_tables.py"):
        assert ROOT / constants in covered, constants


def test_the_commands_around_the_kernels_are_not_in_their_digest():
    """Issue 25, item 7 (the suite's time): an edit to the worker pool, a command or the CLI
    compiles no kernel again (every kernel is compiled afresh when the digest changes, five
    minutes of the suite); the modules the kernels are compiled from stay covered."""
    parent, prefix = cache_parent()
    covered = {p.resolve().relative_to(ROOT).as_posix()
               for p in kernel_modules(ROOT, parent / f"{prefix}module-facts.json")}
    assert {"envs/core/loops.py", "envs/frontiers/rules.py", "evaluation/floor.py",
            "evaluation/pass_loops.py"} <= covered
    around = {"cli.py", "common/workers.py", "common/scenes.py", "evaluation/playtest.py",
              "evaluation/breakdown.py", "evaluation/steppers.py", "training/train.py"}
    assert not around & covered, sorted(around & covered)


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
    "from scenegym.envs.cache import kernel_cache_folder\n"
    "from scenegym.envs.rulesets import get_ruleset\n"
    "from scenegym.envs.core.packed import pack_seated\n"
    "for env_id, name in (('scenegym/StarforgedSceneChallenge-v1', 'starforged'),):\n"
    "    env = gym.make(env_id)\n"
    "    obs, info = env.reset(seed=1)\n"
    "    env.step(int(info['action_mask'].argmax()))\n"
    "    for f in (get_ruleset(name).kernels.begin, env.unwrapped.seated._seated,\n"
    "              pack_seated):\n"
    "        print(name, sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()),\n"
    "              f.__name__, kernel_cache_folder())\n")


def _first_steps_here() -> list[list[str]]:
    """The first step in this process (its kernels compiled into, or loaded from, the
    suite's own cache folder): FIRST_STEP's printed rows, split."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(FIRST_STEP, {})
    return [line.split() for line in out.getvalue().splitlines()]


def _first_steps_in_a_new_process() -> list[list[str]]:
    """The same in a fresh process with this one's environment (same cache folder)."""
    out = subprocess.run([sys.executable, "-c", FIRST_STEP], capture_output=True, text=True,
                         check=True)
    return [line.split() for line in out.stdout.splitlines()]


def test_a_second_process_loads_the_kernels_from_the_cache():
    """One ruleset here (compiling momentum cold takes half a minute); ``scenegym bench
    --first-step`` measures every ruleset. This process compiles (or, the suite's cache
    being warm, loads) the kernels into its folder; a new process finds every one there:
    hits, not one compile. (Issue 25, item 7: the first process is this one, not a fresh
    one with a cache of its own, which compiled Starforged again on every run of the suite.)"""
    folder = str(kernel_cache_folder())
    first = _first_steps_here()
    assert [row[3] for row in first] == ["begin_batch", "seated_advance", "pack_seated"]
    assert all(int(hits) + int(misses) > 0 and where == folder
               for _, hits, misses, _, where in first), first  # looked up in this folder
    for _, _, _, kernel, _ in first:
        assert list(Path(folder).rglob(f"*.{kernel}-*.nbi")), f"{kernel} is not cached"
    second = _first_steps_in_a_new_process()
    assert len(second) == 3  # the rules, the seated step, the packing of its arrays
    assert all(where == folder for *_, where in second), (second, folder)
    assert all(int(hits) > 0 and int(misses) == 0 for _, hits, misses, *_ in second), second


NOT_COPIED = shutil.ignore_patterns(".*", "__pycache__", "tests", "build", "dist", "docs",
                                    "examples", "*.egg-info")
MIX = ("import scenegym\n"
       "from scenegym.envs.cache import kernel_cache_folder\n"
       "from {solve}.crew_response import mix\n"
       "from {solve}.crew_tables import UNIFORM\n"
       "print(scenegym.__file__)\n"
       "print(mix(UNIFORM, 0.0, 1.0), sum(mix.stats.cache_hits.values()), "
       "kernel_cache_folder().name)\n")


def copy_package(tmp_path: Path, root: Path = ROOT) -> Path:
    """A copy of the package at ``root`` that imports as ``scenegym`` with
    ``PYTHONPATH=tmp_path`` (the editable install's finder comes after the path)."""
    shutil.copytree(root, tmp_path / "scenegym", ignore=NOT_COPIED)
    return tmp_path / "scenegym"


def mix_runs(package: Path, cache: Path, solve: str = "scenegym.envs.starforged.solve",
             tables: str = "envs/starforged/solve/crew_tables.py") -> list:
    """In the copy ``package``, ``mix(UNIFORM, 0, 1)`` in a fresh process, then in another
    after ``UNIFORM = -1`` is changed to ``-2`` (same cache): the value, the cache hits and
    the cache folder of each run. ``mix`` compiles ``UNIFORM`` in but lives in another
    module than it."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(package.parent)}
    runs = []
    for uniform in (-1, -2):
        path = package / tables
        path.write_text(path.read_text().replace("UNIFORM = -1", f"UNIFORM = {uniform}"))
        assert f"UNIFORM = {uniform}  #" in path.read_text()
        out = subprocess.run([sys.executable, "-c", MIX.format(solve=solve)], cwd=package.parent,
                             capture_output=True, text=True, env=env, check=True)
        where, result = out.stdout.splitlines()[-2:]
        assert Path(where) == package / "__init__.py", where  # the copy, not the install
        value, hits, folder = result.split()
        runs.append((float(value), int(hits), folder))
        assert list(cache.glob(f"{folder}/*/crew_response.mix-*.nbi")), "mix was not cached"
    return runs


@pytest.mark.slow  # two processes that import scenegym and compile one kernel: 6-12 s
def test_a_constant_changed_in_another_module_recompiles_the_kernel(tmp_path):
    """The stale kernel: ``mix`` compiled ``UNIFORM = -1`` in; after ``UNIFORM = -2`` the
    kernel numba's cache holds for ``crew_response.py`` (its file unchanged) is stale, and
    ``mix(-2, 0, 1)`` would answer 0.0 (loaded: one hit). A new folder: compiled again."""
    package, memo = copy_package(tmp_path), tmp_path / "memo.json"
    before = source_digest(package, boundscheck=False, memo_file=memo)
    (first, _, old_folder), (second, hits, new_folder) = runs = mix_runs(package, tmp_path / "c")
    assert source_digest(package, boundscheck=False, memo_file=memo) != before
    assert (first, second, hits) == (0.5, 0.5, 0) and new_folder != old_folder, runs


PLAYTEST = ("playtest", "starforged", "--scenes", "4", "--batch", "2", "--seed", "1")
ODDS = ("odds", "starforged", "--stat", "3", "--samples", "2000", "--seed", "1")


@pytest.mark.parametrize(("others", "command", "shown"), [(False, PLAYTEST, "crew win rate"),
                                                          (True, ODDS, "strong_hit")])
def test_an_unwritable_cache_folder_falls_back_with_one_warning_line(others, command, shown,
                                                                     tmp_path):
    """Issue 26, item 3: "With a read-only HOME or NUMBA_CACHE_DIR, even
    gym.make(...).reset() dies with an OSError traceback [...] Fall back to compiling in
    memory with one warning line naming the folder and the variable that moves it." An
    immutable folder, empty or holding another version's folder (made before it was
    locked); the command runs, and the folder is left as it was. A playtest (the rules and
    the loops compiled in memory: half a minute) in the empty folder, the odds command (one
    small kernel) in the other (issue 25, item 7: the suite's time)."""
    from clirun import scenegym, unwritable

    cache = tmp_path / "cache"
    if others:
        (cache / "scenegym-0123456789abcdef").mkdir(parents=True)
    with unwritable(cache) as locked:
        before = sorted(p.name for p in locked.iterdir())
        done = scenegym(*command, env={"NUMBA_CACHE_DIR": str(locked)}, timeout=900)
        assert sorted(p.name for p in locked.iterdir()) == before
    assert done.returncode == 0, done.stderr[-2000:]
    assert shown in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert lines[0].startswith(f"scenegym {command[0]}: warning: the kernel cache folder "
                               f"'{locked}/scenegym-")
    assert "cannot be written" in lines[0] and "set NUMBA_CACHE_DIR" in lines[0]
