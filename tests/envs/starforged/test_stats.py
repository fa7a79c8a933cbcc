"""Starforged playtest statistics (envs/starforged/stats.py).

Ironsworn: Starforged (Shawn Tomkin, 2022), Scene Challenge, Finish the Scene: "On a strong
hit, you achieve your objective unconditionally. On a weak hit, you succeed, but not without
cost. [...] On a miss, you fail". Each scene that is not cut off ends with exactly one Finish
the Scene progress roll.
"""

from scenegym.evaluation.playtest import playtest


def test_wins_and_losses_are_the_finish_rolls():
    """Crew wins = strong + weak Finish the Scene hits; losses = Finish misses."""
    out = playtest("starforged", 300, "random", "random", seed=9, batch=32)
    finish = out["ruleset_stats"]["finish_outcomes"]
    results = out["results"]
    assert results["crew_won"]["count"] == finish["strong_hit"]["count"] + finish["weak_hit"]["count"]
    assert results["crew_lost"]["count"] == finish["miss"]["count"]
    ends = out["ruleset_stats"]["scene_ends"]
    assert ends["cut_off"]["count"] == results["cut_off"]["count"]
