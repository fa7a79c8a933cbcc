"""Momentum playtest statistics (envs/momentum/stats.py): how scenes end and how often
each spend is used (issue 3)."""

from scenegym.envs.momentum.config import MomentumConfig
from scenegym.evaluation.playtest import playtest


def scene_ends_agreeing_with_results(report) -> dict:
    """The scene-end counts of action scenes, checked against the results the engine scored.

    Seed: at Full the crew may "end the scene in their favor"; at 0 the GM may "end the
    scene against them"; this project scores a scene cut off at the round limit 0 and one
    whose PCs are all out -1.
    """
    ends = {k: row["count"] for k, row in report["ruleset_stats"]["scene_ends"].items()}
    results = {k: row["count"] for k, row in report["results"].items()}
    assert ends["full"] == results["crew_won"]
    assert ends["zero"] + ends["crew_out"] + ends["forfeit"] == results["crew_lost"]
    assert ends["round_limit"] == results["cut_off"]
    assert sum(ends.values()) == report["scenes"]
    return ends


def test_playtest_reports_scene_ends_and_spends():
    won = playtest("momentum", 64, "heuristic", "heuristic", seed=2, batch=32)
    short = playtest("momentum", 64, "random", "random", seed=2, batch=32,
                     config=MomentumConfig(max_rounds=1))
    won_ends, short_ends = (scene_ends_agreeing_with_results(r) for r in (won, short))
    assert won_ends["full"] > 0 and short_ends["zero"] > 0 and short_ends["round_limit"] > 0
    stats = won["ruleset_stats"]
    press = stats["crew_spends"]["press"]["count"]
    assert press > 0 and stats["press_per_roll"] == press / stats["rolls"]


def test_playtest_counts_every_scene_of_a_mission():
    config = MomentumConfig(episode="mission", acts=2, scenes_per_act=2)
    report = playtest("momentum", 8, "heuristic", "random", seed=3, batch=8, config=config)
    stats = report["ruleset_stats"]
    assert sum(row["count"] for row in stats["scene_ends"].values()) == 8 * 4
