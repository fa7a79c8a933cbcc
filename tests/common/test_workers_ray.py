"""Scenes split over Ray tasks (``--ray``, common/ray_cells.py ``play_ranges_on_ray``): the
figures of one process. Needs the ``ray`` extra (CI runs it in the Ray venv)."""

import json

import pytest
from clirun import run_json

from scenegym.common.where import OnRay
from scenegym.evaluation.playtest import playtest_scenes

pytest.importorskip("ray")


def test_a_playtest_on_ray_prints_the_playtest_of_one_process(capsys):
    """Issue 25, item 5: "split their scenes over worker processes (--workers N, default all
    cores; Ray when --ray), with figures identical to one worker": the JSON, every ruleset
    statistic included, of three Ray tasks against one process."""
    command = ["playtest", "sta", "--scenes", "301", "--seed", "11", "--batch", "64", "--json"]
    one = run_json(capsys, [*command, "--workers", "1"])
    on_ray = run_json(capsys, [*command, "--ray", "--workers", "3"])
    assert json.dumps(one, sort_keys=True) == json.dumps(on_ray, sort_keys=True)
    assert one["ruleset_stats"]


def test_ray_tasks_keep_every_scene_in_its_row():
    """Scene ``j`` is row ``j`` on Ray as in one process (paired comparisons rely on it)."""
    one = playtest_scenes("starforged", 257, "random", "heuristic", seed=3, batch=16,
                          workers=1)[1]
    on_ray = playtest_scenes("starforged", 257, "random", "heuristic", seed=3, batch=16,
                             workers=OnRay(tasks=2))[1]
    assert (one == on_ray).all() and one.shape == on_ray.shape
