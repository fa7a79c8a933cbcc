"""``scenegym playtest frontiers``: the heuristic crew beats a random crew."""

from scenegym.evaluation.playtest import playtest


def test_heuristic_crew_beats_random_crew_against_the_heuristic_gm():
    heuristic = playtest("frontiers", 64, "heuristic", "heuristic", seed=2, batch=64)
    random = playtest("frontiers", 64, "random", "heuristic", seed=2, batch=64)
    lo, _ = heuristic["crew_win_rate_ci"]
    _, hi = random["crew_win_rate_ci"]
    assert lo > hi
