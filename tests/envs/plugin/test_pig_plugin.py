"""A ruleset defined in the tests plugs in without editing any file of the package: it
registers, runs through gym.make, make_vec, playtest and both checkers, and NUMBA_BOUNDSCHECK
reaches its rules."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from scripted import scripted_scene
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from scenegym.agents.registry import agent_names, make_agent
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.rulesets import env_ids, get_ruleset
from scenegym.evaluation.playtest import playtest

PIG_FILE = Path(__file__).resolve().parents[3] / "examples" / "pig" / "pig.py"
ENV_ID = "scenegym-examples/Pig-v0"


def load_pig():
    """The plug-in module, imported by path under a fixed name (as a user's package would be)."""
    if "scenegym_test_pig" not in sys.modules:
        spec = importlib.util.spec_from_file_location("scenegym_test_pig", PIG_FILE)
        module = importlib.util.module_from_spec(spec)
        sys.modules["scenegym_test_pig"] = module
        spec.loader.exec_module(module)
    return sys.modules["scenegym_test_pig"]


@pytest.fixture(scope="module")
def pig():
    module = load_pig()
    module.register()
    return module


def test_it_registers_by_name_and_env_id(pig):
    assert get_ruleset("pig_test") is pig.PIG
    assert ENV_ID in env_ids() and ENV_ID in gym.registry
    assert "heuristic" in agent_names("pig_test")


def test_registering_another_ruleset_under_its_name_is_refused(pig):
    from dataclasses import replace

    from scenegym.envs.rulesets import register_ruleset

    with pytest.raises(ValueError, match="already registered as 'pig_test'"):
        register_ruleset(replace(pig.PIG, env_ids=()))


def test_a_gm_style_that_is_not_among_its_agents_is_refused_by_name(pig):
    from dataclasses import replace

    with pytest.raises(ValueError, match=r"gm_styles \['heuristic-harsh'\] are not among "
                                         r"its agents \['heuristic'\]"):
        replace(pig.PIG, gm_styles=("heuristic-harsh",))


def test_gym_make_plays_a_whole_episode_with_config_sized_actions(pig):
    env = gym.make(ENV_ID, seat="crew", opponent="random", max_dice=3)
    assert env.action_space.n == 4  # hold, roll 1..3: the layout follows the config
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    done, steps, reward = False, 0, 0.0
    while not done:
        obs, reward, term, trunc, info = env.step(1 if obs[2] < 0.5 else 0)
        done, steps = term or trunc, steps + 1
    assert reward in (-1.0, 0.0, 1.0) and steps > 1


def test_make_vec_gives_the_native_batch(pig):
    envs = gym.make_vec(ENV_ID, num_envs=8, vectorization_mode="vector_entry_point",
                        opponent="heuristic")
    obs, info = envs.reset(seed=3)
    assert obs.shape == (8, 4) and info["action_mask"].shape == (8, 3)
    ended = 0
    for _ in range(200):
        obs, reward, term, trunc, info = envs.step(np.ones(8, np.int64))
        ended += int((term | trunc).sum())
    assert ended > 0


@pytest.mark.parametrize("seat", ["crew", "gm"])
def test_the_checkers_pass(pig, seat):
    gym_check_env(gym.make(ENV_ID, seat=seat, illegal_action="lose").unwrapped)
    sb3_check_env(gym.make(ENV_ID, seat=seat, illegal_action="lose"))


def test_playtest_runs_its_heuristic_against_random(pig):
    report = playtest("pig_test", 400, crew="heuristic", gm="random", seed=1)
    assert report["scenes"] == 400
    assert isinstance(make_agent("heuristic", "pig_test"), pig.HoldAtTwenty)


def _peek_past_the_row(cache_dir: Path, boundscheck: str) -> subprocess.CompletedProcess:
    """A fresh process that plays one roll whose rule reads past the end of the state row."""
    code = (
        "import importlib.util, sys; import numpy as np; import scenegym\n"
        f"spec = importlib.util.spec_from_file_location('scenegym_test_pig', {str(PIG_FILE)!r})\n"
        "m = importlib.util.module_from_spec(spec); sys.modules[spec.name] = m\n"
        "spec.loader.exec_module(m)\n"
        "from scenegym.envs.core.batch import SceneBatch\n"
        "cfg = m.PigConfig(peek_column=m.STATE_SIZE + 2)\n"
        "b = SceneBatch(m.PIG, cfg, 1); b.reset(1); b.step(np.array([1]))\n"
        "print('read past the row without an error')\n")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_dir), "NUMBA_BOUNDSCHECK": boundscheck}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def test_boundscheck_reaches_the_rules_even_after_an_unchecked_run_warmed_the_cache(tmp_path):
    unchecked = _peek_past_the_row(tmp_path, "0")
    assert unchecked.returncode == 0, unchecked.stderr
    assert "read past the row" in unchecked.stdout
    checked = _peek_past_the_row(tmp_path, "1")
    assert checked.returncode != 0
    assert "IndexError" in checked.stderr


def test_a_scripted_scene_of_the_plug_in_reads_its_columns_by_name(pig):
    """tests/scripted.py serves any ruleset, its columns named by the module of its rules.
    Pig: the faces "add to the turn's total"; "Holding banks the turn's total and passes the
    turn"; "A roll with any 1 loses the turn's total and passes the turn"."""
    s = scripted_scene("pig_test", dice=[4, 5, 3, 1], target=10)
    s.play(2)  # the crew rolls 4 and 5
    assert s.fields("turn_total", "crew_bank", "seat") == {"turn_total": 9, "crew_bank": 0,
                                                           "seat": CREW}
    s.play(pig.HOLD)
    assert s.fields("turn_total", "crew_bank", "seat") == {"turn_total": 0, "crew_bank": 9,
                                                           "seat": GM}
    assert s.play(2) == (0.0, False, False)  # the GM rolls 3 and 1: bust
    assert s.fields("turn_total", "gm_bank", "seat") == {"turn_total": 0, "gm_bank": 0,
                                                         "seat": CREW}
    with pytest.raises(KeyError, match="no state field 'bank'.*scenegym_test_pig"):
        s.get("bank")


def test_the_soak_searches_it_with_random_rollouts_its_python_heuristic_cannot_play(pig):
    """The search's rollouts are compiled: a ruleset whose heuristic is a Python agent is
    soaked with the search rolled out by the random player; a built-in one, by its heuristic
    (``mcts``'s default)."""
    from scenegym.evaluation import soak

    searched = {env_id: {p.crew for p in soak.soak_plan([env_id], 1000) if "mcts" in p.crew}
                for env_id in (ENV_ID, "scenegym/MomentumScene-v1")}
    assert searched == {ENV_ID: {soak.SEARCH_RANDOM},
                        "scenegym/MomentumScene-v1": {soak.SEARCH}}
