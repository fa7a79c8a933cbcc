"""The benchmark tasks (issue 24, item 4): "A table a program reads ... per id the benchmark
seat(s), opponent, config, evaluation protocol (seeds, scenes, interval), and the reference
figures ... with their command. ``scenegym baselines --benchmark`` reproduces the table"."""

import json

import pytest
from clirun import assert_refused, scenegym

from scenegym.agents.mcts_agent import is_mcts
from scenegym.agents.registry import BLIND
from scenegym.cli import main
from scenegym.envs import benchmarks
from scenegym.envs.benchmarks import TASKS, recorded, task_named
from scenegym.envs.rulesets import env_ids, ruleset_of_env
from scenegym.evaluation import benchmark


def test_every_id_has_a_task_for_each_seat_with_agents_the_ruleset_has():
    own = [i for i in env_ids() if i.startswith("scenegym/")]  # a test may register a plug-in
    assert {(t.env_id, t.seat) for t in TASKS} == {(i, s) for i in own for s in ("crew", "gm")}
    assert len({t.name for t in TASKS}) == len(TASKS)
    for task in TASKS:
        known = {*BLIND, *ruleset_of_env(task.env_id).agents}
        assert task.opponent in known, task.name
        assert all(a in known or is_mcts(a) for a in task.agents), task.name
        assert task.scenes >= 1000 and "heuristic" in task.agents


def test_every_task_and_agent_has_recorded_figures_with_their_interval():
    table = recorded()
    assert table["commit"]
    for task in TASKS:
        rows = table["tasks"][task.name]
        assert list(rows) == list(task.agents), task.name
        for row in rows.values():
            lo, hi = row["crew_win_ci"]
            assert row["scenes"] == task.scenes
            assert row["crew_win_rate"] == pytest.approx(row["crew_wins"] / task.scenes, abs=1e-4)
            assert lo <= row["crew_win_rate"] <= hi


def test_the_exact_task_s_optimal_agents_lie_within_their_interval_of_the_value():
    """Starforged is solved: the optimal agents' recorded rate is within its 95% interval of
    the exact value (0.4157 under the v1 rules)."""
    for name in ("starforged-crew", "starforged-gm"):
        task = task_named(name)
        row = recorded()["tasks"][name]["optimal"]
        lo, hi = row["crew_win_ci"]
        assert lo <= task.exact <= hi


@pytest.mark.parametrize("env_id", ["scenegym/MomentumScene-v1",
                                    "scenegym/StarforgedSceneChallenge-v1"])
def test_the_command_reproduces_the_recorded_rows_to_the_scene(env_id, capsys):
    """Same tree, same protocol: every row agrees (exit 0), at any batch."""
    assert main(["baselines", "--benchmark", env_id, "--batch", "333"]) == 0
    out = capsys.readouterr().out
    assert "| differs |" not in out and out.count("| same |") == sum(
        len(t.agents) for t in TASKS if t.env_id == env_id)


def test_a_row_that_differs_fails_the_run(monkeypatch, capsys):
    """A rules change that moves a figure shows as ``differs`` and exit status 1."""
    table = recorded()
    table["tasks"]["momentum-crew"]["heuristic"]["crew_wins"] += 1
    monkeypatch.setattr(benchmarks, "recorded", lambda: table)
    monkeypatch.setattr(benchmark, "recorded", lambda: table)
    assert main(["baselines", "--benchmark", "scenegym/MomentumScene-v1"]) == 1
    assert "| heuristic |" in capsys.readouterr().out


def test_write_records_the_figures_atomically(monkeypatch, tmp_path, capsys):
    target = tmp_path / "benchmarks.json"
    monkeypatch.setattr(benchmark, "REFERENCES", target)
    assert main(["baselines", "--benchmark", "scenegym/MomentumScene-v1", "--write"]) == 0
    written = json.loads(target.read_text())
    assert set(written["tasks"]) == {"momentum-crew", "momentum-gm"}
    assert written["tasks"]["momentum-crew"] == recorded()["tasks"]["momentum-crew"]
    assert not list(tmp_path.glob("*.tmp*"))


def test_write_without_benchmark_is_refused():
    assert_refused(scenegym("baselines", "--write", timeout=60), "--write", "--benchmark")


def test_an_unknown_task_name_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown benchmark task 'chess'.*starforged-crew"):
        task_named("chess")
