"""CLI smoke runs of ``scenegym odds`` and ``scenegym bench`` on tiny budgets."""

import json

from scenegym.evaluation.cli import main


def run_json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_odds_json(capsys):
    out = run_json(capsys, ["odds", "starforged", "--stat", "3", "--samples", "5000",
                            "--seed", "1", "--json"])
    keys = {"strong_hit", "weak_hit", "miss", "match"}
    assert set(out["exact"]) == keys and set(out["sampled"]) == keys
    assert out["samples"] == 5000
    assert abs(sum(out["exact"][k] for k in ("strong_hit", "weak_hit", "miss")) - 1) < 1e-12
    assert all(0 <= p <= 1 for p in out["sampled"].values())


def test_odds_table_and_progress(capsys):
    assert main(["odds", "starforged", "--progress", "6", "--samples", "2000", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "progress roll: 6 full boxes" in text and "strong_hit" in text


def test_odds_bad_stat_exits_2(capsys):
    assert main(["odds", "starforged", "--stat", "9"]) == 2
    assert "--stat is 9" in capsys.readouterr().err


STARFORGED_ID = "scenegym/StarforgedSceneChallenge-v0"


def test_bench_tiny_budget(capsys):
    out = run_json(capsys, ["bench", STARFORGED_ID, "--batches", "1", "8", "--seconds", "0.2",
                            "--seed", "4", "--json"])
    assert [(r["id"], r["batch"]) for r in out["results"]] == [(STARFORGED_ID, 1),
                                                               (STARFORGED_ID, 8)]
    for r in out["results"]:
        for k in ("raw_decisions_per_s", "native_steps_per_s", "sync_steps_per_s"):
            assert r[k] > 0
        assert r["native_over_sync"] == r["native_steps_per_s"] / r["sync_steps_per_s"]
    assert set(out["single_env_steps_per_s"]) == {STARFORGED_ID}


def test_bench_unknown_id_exits_2(capsys):
    assert main(["bench", "nope-v0"]) == 2
    err = capsys.readouterr().err
    assert "unknown id 'nope-v0'" in err and STARFORGED_ID in err


def test_random_agent_picks_each_legal_action_about_equally_often():
    """The random agent is uniform over the legal actions and never picks an illegal one."""
    import numpy as np
    from scipy.stats import chisquare

    from scenegym.agents.random_agent import RandomAgent

    masks = np.zeros((4000, 23), np.bool_)
    masks[:, [2, 5, 11, 20]] = True
    ids = np.arange(4000, dtype=np.uint64)
    got = RandomAgent(seed=8).act(np.zeros((4000, 1)), masks, ids)
    assert masks[np.arange(4000), got].all()
    counts = np.bincount(got, minlength=23)[[2, 5, 11, 20]]
    assert chisquare(counts).pvalue > 1e-4
