"""The memory guard (envs/core/memory.py): every path's estimate lies within 20% of the bytes
it allocates, and a refusal names the largest batch that fits.

Each case plays a small batch of an id through the public API with ``tracemalloc`` on (NumPy's
allocations are traced), then sets the machine's memory to twice 120% of the peak it measured
(the path must accept the batch) and to twice 80% of it (the path must refuse it): the guard
allows half the memory, so its estimate lies within 20% of what the batch took.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import re
import tracemalloc
from unittest import mock

import gymnasium as gym
import numpy as np
import pytest

from scenegym.cli import main
from scenegym.common import workers
from scenegym.envs.core import memory
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.rulesets import env_ids
from scenegym.envs.twoseat import TwoSeatBatch, game_config
from scenegym.evaluation.playtest import playtest_scenes

NUM_ENVS = 1024
STEPS = 8  # legal steps before and after the steps in which every env forfeits
TOLERANCE = 0.2
FITS = re.compile(r"(?:num_envs=|batch=)(\d+) fits")


def _raw(env_id, n, steps=True):
    rs, config = game_config(env_id, None, {})
    batch = SceneBatch(rs, config, n)
    if steps:
        actions = np.zeros(n, np.int64)
        batch.reset(1)
        for _ in range(2 * STEPS):
            np.argmax(batch.masks, axis=1, out=actions)
            _, over, _ = batch.step(actions)
            batch.next_episode(over)
    return batch


def _two_seat(env_id, n, steps=True):
    game = TwoSeatBatch(env_id, n, illegal_action="lose")
    if steps:
        actions = np.zeros(n, np.int64)
        game.reset(1)
        for pick in _picks():
            pick(game.masks, axis=1, out=actions)
            game.step(actions)
            game.next_episode()
    return game


def _vector(env_id, n, steps=True):
    env = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point",
                       illegal_action="lose")
    if steps:
        actions = np.zeros(n, np.int64)
        obs, info = env.reset(seed=1)  # kept while the next step runs, as a learner does
        for pick in _picks():
            pick(info["action_mask"], axis=1, out=actions)
            obs, _, _, _, info = env.step(actions)
    return env


def _sb3(env_id, n, steps=True):
    env = pytest.importorskip("scenegym.training.vec_env").SceneVecEnv(env_id, n, illegal_action="lose")
    if steps:
        actions = np.zeros(n, np.int64)
        env.seed(1)
        obs = env.reset()  # kept while the next step runs, as SB3's rollout does
        for pick in _picks():
            pick(env.action_masks(), axis=1, out=actions)
            env.step_async(actions)
            obs, _, _, infos = env.step_wait()
    return env


class _Built(Exception):
    """The playtest allocated its engine: the scenes are not played."""


def _playtest(env_id, n, steps=True, scenes=None):
    rs, config = game_config(env_id, None, {})
    scenes = 2 * n if scenes is None else scenes
    if steps:
        return playtest_scenes(rs.name, scenes, seed=1, batch=n, config=config)
    with mock.patch.object(workers, "play_scenes", side_effect=_Built), \
            contextlib.suppress(_Built):
        playtest_scenes(rs.name, scenes, seed=1, batch=n, config=config)


def _picks():
    """Legal actions (the first legal one), then two steps in which every env that has an
    illegal action forfeits (its scene ends: the largest infos), then legal ones again."""
    return [np.argmax] * STEPS + [np.argmin] * 2 + [np.argmax] * STEPS


PATHS = {"raw batch": _raw, "two-seat batch": _two_seat, "vector env": _vector, "SB3 VecEnv": _sb3, "playtest": _playtest}


def _peak(play, env_id) -> int:
    """Bytes allocated at the peak of ``play`` on ``NUM_ENVS`` envs (compiled beforehand)."""
    play(env_id, 8)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        kept = play(env_id, NUM_ENVS)
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    del kept
    return peak


def _with_memory(monkeypatch, allowed: float) -> None:
    """The machine's memory such that a batch may take ``allowed`` bytes."""
    monkeypatch.setattr(memory, "memory_bytes", lambda: int(memory.SHARE * allowed))


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("env_id", env_ids())
def test_the_estimate_lies_within_20_percent_of_the_bytes_a_batch_allocates(
        env_id, path, monkeypatch):
    play = PATHS[path]
    peak = _peak(play, env_id)
    _with_memory(monkeypatch, (1 + TOLERANCE) * peak)
    play(env_id, NUM_ENVS, steps=False)  # accepted: the estimate is at most 120% of the peak
    _with_memory(monkeypatch, (1 - TOLERANCE) * peak)
    with pytest.raises(ValueError, match=FITS):  # refused: it is at least 80%
        play(env_id, NUM_ENVS, steps=False)


@pytest.mark.parametrize("path", list(PATHS))
def test_the_refusal_names_the_largest_batch_that_fits(path, monkeypatch):
    env_id, play = "scenegym/StarforgedSceneChallenge-v1", PATHS[path]
    if play is _playtest:  # the same scenes whatever the batch: a row per scene is not per env
        play = functools.partial(_playtest, scenes=10**5)
    _with_memory(monkeypatch, 2**24)
    with pytest.raises(ValueError) as refused:
        play(env_id, 10**5, steps=False)
    message = str(refused.value)
    assert "\n" not in message
    assert re.search(r"needs about [\d.]+ GiB \([\d,]+ bytes per env\); this machine has "
                     r"[\d.]+ GiB", message)
    most = int(FITS.search(message).group(1))
    assert most > 0
    play(env_id, most, steps=False)
    with pytest.raises(ValueError, match=FITS):
        play(env_id, most + 1, steps=False)


def test_a_playtest_too_large_is_refused_in_one_line_naming_the_batch_that_fits(
        monkeypatch, capsys):
    _with_memory(monkeypatch, 2**24)
    code = main(["playtest", "starforged", "--scenes", "100000", "--batch", "100000"])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert re.fullmatch(r"scenegym playtest: error: batch=100000 of starforged needs about "
                        r"[\d.]+ GiB .* batch=\d+ fits", err)


def test_a_playtest_of_more_scenes_than_fit_at_any_batch_says_so(monkeypatch):
    _with_memory(monkeypatch, 2**24)
    with pytest.raises(ValueError, match=r"no batch fits: [\d.]+ GiB of it does not grow with "
                                         r"the batch"):
        _playtest("scenegym/StarforgedSceneChallenge-v1", 8, steps=False, scenes=10**6)


def estimates(env_id) -> dict:
    """Each path's estimate for ``NUM_ENVS`` envs of ``env_id`` (and the playtest's
    ``2 * NUM_ENVS`` scenes), from the functions the paths call."""
    from scenegym.common.scenes import scene_columns, scene_loop_bytes, scene_rows_bytes
    from scenegym.envs.core.batch import engine_bytes
    from scenegym.envs.gym_env import vector_bytes
    from scenegym.envs.rulesets import make_rulestats
    from scenegym.envs.twoseat import two_seat_bytes
    from scenegym.evaluation.playtest import LOG_CAPACITY
    from scenegym.training.vec_env import sb3_bytes

    rs, config = game_config(env_id, None, {})
    layout, n = rs.layout_of(config), NUM_ENVS
    own = len(scene_columns(make_rulestats(rs.name, config)))
    return {"raw batch": engine_bytes(layout) * n,
            "two-seat batch": two_seat_bytes(layout, 0, rs.default_gm_reward) * n,
            "vector env": vector_bytes(layout) * n,
            "SB3 VecEnv": sb3_bytes(layout) * n,
            "playtest": (engine_bytes(layout, LOG_CAPACITY) + scene_loop_bytes(layout, own)) * n
            + scene_rows_bytes(2 * n, own)}


def print_table() -> None:
    """Print the table of docs/batch.md: per id and path, the bytes per env measured at the
    peak and estimated, and how far apart."""
    print("| id | " + " | ".join(PATHS) + " |")
    print("|---" * (len(PATHS) + 1) + "|")
    for env_id in env_ids():
        estimate = estimates(env_id)
        cells = []
        for path, play in PATHS.items():
            peak = _peak(play, env_id)
            cells.append(f"{peak / NUM_ENVS:,.0f} / {estimate[path] / NUM_ENVS:,.0f} "
                         f"({estimate[path] / peak - 1:+.0%})")
        print(f"| {env_id.split('/')[1]} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    print_table()

