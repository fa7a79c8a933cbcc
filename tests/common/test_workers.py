"""Scenes split over worker processes (common/workers.py): the same figures whatever the
number of workers, the worker count refused by name, Ctrl-C stops every worker."""

import json
import multiprocessing
import re
import subprocess
import sys
import threading

import numpy as np
import pytest
from clirun import assert_refused, interrupted_on_a_terminal, run_json, scenegym

from scenegym.common import workers as pool
from scenegym.common.workers import (
    SCENES_PER_WORKER,
    meeting_ranges,
    scene_ranges,
    workers_for,
)
from scenegym.evaluation.playtest import playtest_scenes


@pytest.mark.parametrize("ruleset", ["starforged", "momentum", "sta", "sta_social",
                                     "frontiers"])
def test_two_workers_print_the_playtest_of_one(capsys, ruleset):
    """Issue 25, item 5: "split their scenes over worker processes (--workers N ...), with
    figures identical to one worker (test)": the JSON (every ruleset's own statistics too)."""
    outs = [run_json(capsys, ["playtest", ruleset, "--scenes", "301", "--seed", "11",
                              "--batch", "64", "--workers", workers, "--json"])
            for workers in ("1", "2")]
    assert json.dumps(outs[0], sort_keys=True) == json.dumps(outs[1], sort_keys=True)
    assert outs[0]["ruleset_stats"]


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_two_workers_keep_every_scene_in_its_row(monkeypatch, start):
    """Scene ``j`` is row ``j`` whatever the workers (paired comparisons rely on it), and
    whether they are forked or spawned."""
    monkeypatch.setattr(pool, "worker_context", lambda: multiprocessing.get_context(start))
    ended = [playtest_scenes("starforged", 257, "random", "heuristic", seed=3, batch=16,
                             workers=w)[1] for w in (1, 2, 3)]
    assert np.array_equal(ended[0], ended[1]) and np.array_equal(ended[0], ended[2])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork: Linux only")
def test_workers_are_forked_unless_a_library_or_a_thread_forbids(monkeypatch):
    """Workers start by fork on Linux (milliseconds, the kernels inherited), but by spawn in
    a process that imported torch (its thread pool does not survive a fork) or runs another
    thread."""
    for name in pool.NOT_FORK_SAFE:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert pool.worker_context().get_start_method() == "fork"
    monkeypatch.setitem(sys.modules, "torch", object())
    assert pool.worker_context().get_start_method() == "spawn"
    monkeypatch.delitem(sys.modules, "torch")
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert pool.worker_context().get_start_method() == "spawn"


def test_tqdm_monitor_is_stopped_rather_than_let_it_force_spawn(monkeypatch):
    """tqdm's monitor thread (it only tunes how often a slow bar redraws) is stopped before
    workers start, and kept from starting again."""
    from tqdm import tqdm

    monkeypatch.setattr(tqdm, "monitor_interval", 10)  # tqdm's default
    monkeypatch.setattr(tqdm, "monitor", None)
    with tqdm(total=1, disable=True):
        monitor = tqdm.monitor
        assert monitor is not None and monitor.is_alive()
        pool.stop_tqdm_monitor()
        assert tqdm.monitor is None and not monitor.is_alive()
        assert tqdm.monitor_interval == 0


def test_two_workers_write_the_report_of_one(tmp_path):
    """Issue 25, item 5: ``report`` with --workers 2 writes the JSON of one worker (its
    paired differences included)."""
    texts = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        done = scenegym("report", "starforged", "--arm", "base=crew=heuristic",
                        "--arm", "rnd=crew=random", "--scenes", 240, "--seed", 5,
                        "--no-plots", "--workers", workers, "--out", out)
        assert done.returncode == 0, done.stderr
        texts.append((out / "report.json").read_text())
    assert texts[0] == texts[1]


def test_this_process_plays_the_last_ranges_while_its_worker_starts(monkeypatch):
    """Issue 25, item 5: "with `--workers 2` on two quiet cores >= 1.7x one worker": of two
    processes, this one plays too (the ranges from the last on, while its one worker starts
    and takes them from the first on), and every scene keeps its row."""
    played = []

    def recorded(run, first, scenes, *args, **kwargs):  # this process's ranges alone
        played.append((first, scenes))
        return play_range(run, first, scenes, *args, **kwargs)

    play_range = pool.play_range
    monkeypatch.setattr(pool, "play_range", recorded)
    pool.load_figures()  # SciPy imported first: else a fresh process starts a second late
    # 20,000 scenes: the worker's first range, 5,000, outlasts this process's start
    split = playtest_scenes("starforged", 20_000, "random", "heuristic", seed=3, batch=16,
                            workers=2)[1]
    ranges = meeting_ranges(20_000, 2, 16)
    assert played and played == ranges[::-1][:len(played)]
    monkeypatch.setattr(pool, "play_range", play_range)
    alone = playtest_scenes("starforged", 20_000, "random", "heuristic", seed=3, batch=16,
                            workers=1)[1]
    assert np.array_equal(split, alone)


# Run in a fresh process: a test process that imported torch (another test file) starts its
# workers by spawn (workers.NOT_FORK_SAFE), whose rows come back through the pipe.
SHARED_ROWS_RUN = """
import numpy as np
from scenegym.common import workers as pool
from scenegym.evaluation.playtest import playtest_scenes

seen, joined = {}, pool.joined
pool.joined = lambda parts, rows=None: seen.update(parts=parts, rows=rows) or joined(parts, rows)
split = playtest_scenes("starforged", 1000, "random", "heuristic", seed=3, batch=16,
                        workers=2)[1]
rows, parts = seen["rows"], seen["parts"]
alone = playtest_scenes("starforged", 1000, "random", "heuristic", seed=3, batch=16,
                        workers=1)[1]
print(pool.worker_context().get_start_method(), rows is not None and split is rows,
      len(parts), all(np.shares_memory(part[0], rows) for part in parts),
      np.array_equal(split, alone))
"""


def test_forked_workers_write_their_rows_into_the_run_s_shared_rows():
    """Issue 25, item 5: a forked worker writes its scenes' rows where this process reads
    them (nothing sent back, nothing joined): every range's rows are the run's rows, which
    the run hands back, the same as one process's."""
    done = subprocess.run([sys.executable, "-c", SHARED_ROWS_RUN], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    context, handed_back, ranges, shared, same = done.stdout.split()
    assert context == "fork" and handed_back == "True" and int(ranges) > 2
    assert shared == "True" and same == "True"


def test_ranges_shrink_to_a_batch_where_the_processes_meet():
    """Issue 25, item 5 (">= 1.7x one worker"): large ranges first, then smaller ones towards
    where this process (from the last range down) meets its workers (from the first up), so
    neither waits more than a batch's worth for the other; none under a batch; every scene
    once, in order."""
    ranges = meeting_ranges(600_000, 2, 4096)
    firsts, sizes = [f for f, _ in ranges], [s for _, s in ranges]
    assert firsts == np.cumsum([0, *sizes[:-1]]).tolist() and sum(sizes) == 600_000
    meet = firsts.index(300_000)  # this process's share: half, from the last scene down
    front, back = sizes[:meet], sizes[meet:]
    assert front == sorted(front, reverse=True) and back == sorted(back)
    assert front[0] == back[-1] == 150_000  # half of each side's scenes
    assert min(sizes) >= 4096 and max(front[-1], back[0]) < 2 * 4096


def test_three_processes_meet_at_this_process_s_third():
    """Two workers share the front two thirds (each range a quarter of what they have left),
    this process the last third."""
    ranges = meeting_ranges(300_000, 3, 1000)
    assert ranges[0] == (0, 50_000) and ranges[-2:] == [(225_000, 25_000), (250_000, 50_000)]
    assert 200_000 in [first for first, _ in ranges] and min(s for _, s in ranges) >= 1000


def test_a_short_run_is_cut_into_fewer_ranges_never_under_a_batch():
    assert meeting_ranges(5000, 2, 4096) == [(0, 2500), (2500, 2500)]
    assert meeting_ranges(12_000, 2, 4096) == [(0, 6000), (6000, 6000)]
    assert meeting_ranges(1, 2, 4096) == [(0, 1)]  # this process finds none of its own


def test_scene_ranges_cover_the_scenes_in_order():
    ranges = scene_ranges(10, 3)
    assert ranges == [(0, 3), (3, 4), (7, 3)]
    assert scene_ranges(2, 4) == [(0, 1), (1, 1)]


def test_a_short_run_plays_in_one_process_unless_told(monkeypatch):
    """By default every core, but not for a run too short to win the workers' start back."""
    monkeypatch.setenv("SCENEGYM_WORKERS", "8")
    assert workers_for(SCENES_PER_WORKER - 1, per_worker=SCENES_PER_WORKER) == 1
    assert workers_for(3 * SCENES_PER_WORKER, per_worker=SCENES_PER_WORKER) == 3
    assert workers_for(100 * SCENES_PER_WORKER, per_worker=SCENES_PER_WORKER) == 8
    assert workers_for(10, asked=2) == 2
    assert workers_for(1, asked=2) == 1  # never more workers than scenes


@pytest.mark.parametrize("start, per_worker", [("fork", pool.SCENES_PER_FORKED_WORKER),
                                               ("spawn", SCENES_PER_WORKER)])
def test_forked_workers_split_shorter_runs(monkeypatch, start, per_worker):
    """A forked worker starts in milliseconds, a spawned one in seconds: by default a run is
    split at fewer scenes a worker when they are forked."""
    monkeypatch.setenv("SCENEGYM_WORKERS", "8")
    monkeypatch.setattr(pool, "worker_context", lambda: multiprocessing.get_context(start))
    assert workers_for(2 * per_worker - 1) == 1
    assert workers_for(2 * per_worker) == 2


@pytest.mark.parametrize("value", ["0", "-2", "1.5", "all"])
def test_workers_refused_by_name(value):
    """``--workers`` takes an integer of at least 1; anything else is refused by name."""
    done = scenegym("playtest", "starforged", "--scenes", 10, "--workers", value)
    assert_refused(done, "--workers")


def test_a_bad_workers_variable_is_refused_by_name():
    done = scenegym("playtest", "starforged", "--scenes", 10, env={"SCENEGYM_WORKERS": "many"})
    assert_refused(done, "SCENEGYM_WORKERS", "allowed")


def test_ctrl_c_stops_every_worker_and_prints_what_they_finished():
    """Ctrl-C with two workers: the report of the scenes they finished, exit status 130."""
    done, bar = interrupted_on_a_terminal(
        ["playtest", "starforged", "--scenes", 20_000_000, "--batch", 64, "--crew", "random",
         "--gm", "random", "--seed", 4, "--workers", 2], r"\dscene/s")
    assert done.returncode == 130, done
    assert "Traceback" not in bar, done
    finished = re.search(r"interrupted: (\d+) of 20000000 scenes finished", done.stdout)
    assert finished and int(finished.group(1)) > 0, done


@pytest.mark.parametrize("command", [
    ["playtest", "starforged", "--scenes", "10"],
    ["report", "starforged", "--arm", "base=crew=heuristic", "--scenes", "10"],
    ["variants", "momentum", "--scenes", "10"],
    ["baselines", "scenegym/StarforgedSceneChallenge-v1", "--scenes", "10"]])
def test_ray_asked_without_ray_names_the_extra_before_any_scene(tmp_path, monkeypatch, capsys,
                                                                 command):
    """``--ray`` splits a run over Ray tasks (the ``ray`` extra): without it, the command
    names the extra and writes nothing."""
    from scenegym.cli import main

    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    assert main([*command, "--ray", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert 'pip install "scenegym[ray]"' in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def add_scenes(count, times: int) -> None:
    """A stand-in worker: ``times`` ranges of 3 scenes each, added to ``count``."""
    for _ in range(times):
        count.add(3)


def test_the_workers_count_adds_up_and_the_parent_reads_only_what_is_new():
    """The workers' ended scenes go on one shared count. They went on a queue, whose pipe a
    Ctrl-C landing in the parent's read could cut mid-message: the next read failed with
    ``EOFError`` and the run ended in a traceback, exit status 1, instead of its report."""
    context = pool.worker_context()
    count = pool.SceneCount(context)
    workers = [context.Process(target=add_scenes, args=(count, 500)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert count.new() == 3000
    assert count.new() == 0  # read once
    add_scenes(count, 1)
    assert count.new() == 3
