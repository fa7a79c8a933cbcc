"""``scenegym playtest momentum``: how scenes end and how often each spend is used (issue 3)."""

from scenegym.evaluation.playtest import playtest


def test_playtest_reports_scene_ends_and_spends():
    report = playtest("momentum", 64, "heuristic", "heuristic", seed=2, batch=32)
    stats = report["ruleset_stats"]
    ends = stats["scene_ends"]
    assert sum(row["count"] for row in ends.values()) == 64
    assert set(ends) >= {"full", "zero", "round_limit"}
    assert stats["crew_spends"]["press"]["count"] > 0 and stats["press_per_roll"] > 0


def test_playtest_counts_every_scene_of_a_mission():
    from scenegym.envs.momentum.config import MomentumConfig

    config = MomentumConfig(episode="mission", acts=2, scenes_per_act=2)
    report = playtest("momentum", 8, "heuristic", "random", seed=3, batch=8, config=config)
    stats = report["ruleset_stats"]
    assert sum(row["count"] for row in stats["scene_ends"].values()) == 8 * 4
