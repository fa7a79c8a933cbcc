"""Frontiers per-scene figures (envs/frontiers/stats.py): each ended encounter's
Rounds, knock-outs and deaths by side, kept with the scene they happened in."""

import numpy as np

from scenegym.common.scenes import ENDED_COLUMNS
from scenegym.envs.core.header import RESULT
from scenegym.envs.frontiers.config import FrontiersConfig
from scenegym.envs.frontiers.stats import SCENE_COLUMNS
from scenegym.evaluation.playtest import playtest_scenes

CFG = FrontiersConfig(enemies_min=2, enemies_max=3)  # three PCs against two or three enemies


def own(ended, name):
    return ended[:, len(ENDED_COLUMNS) + SCENE_COLUMNS.index(name)]


def test_each_scene_keeps_its_own_knock_outs_rounds_and_deaths():
    report, ended = playtest_scenes("frontiers", 96, seed=5, batch=32, config=CFG)
    result = ended[:, ENDED_COLUMNS.index(RESULT)]
    # "The Encounter ends when the conflict resolves": a side is all down, so every one of
    # its participants fell Unconscious in that very scene.
    assert (own(ended, "enemies_knocked_out")[result > 0] >= CFG.enemies_min).all()
    assert (own(ended, "pcs_knocked_out")[result < 0] >= len(CFG.party)).all()
    stats = report["ruleset_stats"]
    knocked = own(ended, "pcs_knocked_out") + own(ended, "enemies_knocked_out")
    assert knocked.sum() == stats["knocked_out"]
    assert (own(ended, "pcs_killed") + own(ended, "enemies_killed")).sum() == stats["deaths"]
    assert np.mean(own(ended, "rounds")) == stats["rounds_mean"]


def test_compiled_and_python_play_give_every_scene_the_same_figures():
    fast = playtest_scenes("frontiers", 24, seed=6, batch=8, config=CFG)[1]
    slow = playtest_scenes("frontiers", 24, seed=6, batch=8, config=CFG, inline=False)[1]
    assert np.array_equal(fast, slow)
