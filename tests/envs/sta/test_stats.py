"""STA playtest statistics (envs/sta/stats.py) from heuristic and random play."""

from scenegym.envs.sta.config import StaConfig
from scenegym.evaluation.playtest import playtest


def test_playtest_reports_conflict_ends_and_tasks():
    report = playtest("sta", 32, "heuristic", "random", seed=2, batch=16)
    stats = report["ruleset_stats"]
    assert sum(row["count"] for row in stats["conflict_ends"].values()) == 32
    assert stats["crew_tasks"]["succeeded"]["count"] > 0 and stats["defeats"] > 0


def test_playtest_reports_social_conflict_ends_and_tools():
    config = StaConfig(conflict="social", npc_tiers=("notable",))
    report = playtest("sta", 32, "heuristic", "heuristic", seed=3, batch=16, config=config)
    stats = report["ruleset_stats"]
    ends = stats["conflict_ends"]
    assert sum(row["count"] for row in ends.values()) == 32
    assert ends["crew_request_granted"]["count"] + ends["npc_request_granted"]["count"] > 0
    assert stats["evidence_offered"] > 0 and stats["requests_resisted"] > 0


def test_playtest_and_report_show_threat_by_round_and_pool_changes(tmp_path):
    from scenegym.evaluation.playtest import format_report
    from scenegym.evaluation.report import markdown, run_arms

    report = playtest("sta", 16, "heuristic", "heuristic", seed=4, batch=8)
    stats = report["ruleset_stats"]
    assert stats["threat_by_round"]["round 1"]["n"] == 16
    assert sum(row["n"] for row in stats["rounds_to_end"].values()) <= 16
    text = "\n".join(format_report(report))
    assert "threat by round" in text and "pool changes per scene" in text
    results = run_arms("sta", ["a=gm=heuristic"], 8, seed=4)
    assert "## a: the ruleset's statistics" in markdown("sta", results)


def test_playtest_counts_the_further_actions_and_spends():
    """Random play against a GM with reserves: reinforcements, readied attacks, second major
    actions and Sprints all happen, and are counted."""
    config = StaConfig(npc_tiers=("minor", "notable"), npc_reserve=("minor",), threat_per_pc=6)
    report = playtest("sta", 32, "random", "random", seed=4, batch=16, config=config)
    stats = report["ruleset_stats"]
    for label in ("reinforcements", "readied", "second_major_actions", "sprints",
                  "extra_major_spends"):
        assert stats[label] > 0, label
