"""The benchmark tasks (issue 24, item 4): "A table a program reads ... per id the benchmark
seat(s), opponent, config, evaluation protocol (seeds, scenes, interval), and the reference
figures ... with their command. ``scenegym baselines --benchmark`` reproduces the table"."""

import copy
import json
from pathlib import Path

import pytest
from clirun import assert_refused, scenegym

from scenegym.agents.mcts_agent import is_mcts
from scenegym.agents.registry import BLIND
from scenegym.cli import build_parser, main
from scenegym.envs import benchmarks
from scenegym.envs.benchmarks import TASKS, recorded, task_named
from scenegym.envs.rulesets import env_ids, ruleset_of_env
from scenegym.evaluation import benchmark

ROOT = Path(__file__).resolve().parents[2]


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


PLAYED: dict[str, dict] = {}  # the rows of each task played in this module, by its name
PLAY = benchmark.measure


def played_once(task, batch: int) -> dict:
    """``benchmark.measure``, each task played once in this module: its rows are the same at
    any batch (as the reproduction test checks, to the scene), so the tests of what the
    command does with them share one play of the task's protocol."""
    if task.name not in PLAYED:
        PLAYED[task.name] = PLAY(task, batch)
    return copy.deepcopy(PLAYED[task.name])


@pytest.fixture
def play_once(monkeypatch):
    """The command plays each task's protocol once in this module (:func:`played_once`)."""
    monkeypatch.setattr(benchmark, "measure", played_once)


def test_each_task_says_why_in_a_sentence_in_the_command_and_on_the_page():
    """The protocol line of the command's table and of the docs page end with the task's
    reason as a sentence of its own: a capital first, a full stop last."""
    pytest.importorskip("mkdocs")
    page = load_file(ROOT / "docs" / "hooks.py", "docs_hooks").benchmarks_page()
    task = task_named("sta-personal-gm")
    assert task.why_sentence.startswith("Against the heuristic crew; no search row")
    assert task.why_sentence.endswith("minutes on one core.")
    protocol = benchmark.table_lines(task, {}, {})[2]
    assert protocol.endswith(f"5,000 scenes of seed 1. {task.why_sentence}"), protocol
    assert f"5,000 scenes of seed 1. {task.why_sentence}" in page
    assert task_named("sta-social-crew").why_sentence == ""


@pytest.mark.parametrize("env_id", ["scenegym/MomentumScene-v1",
                                    "scenegym/StarforgedSceneChallenge-v1"])
def test_the_command_reproduces_the_recorded_rows_to_the_scene(env_id, capsys, play_once):
    """Same tree, same protocol: every row agrees (exit 0), at any batch."""
    assert main(["baselines", "--benchmark", env_id, "--batch", "333"]) == 0
    out = capsys.readouterr().out
    assert "| differs |" not in out and out.count("| same |") == sum(
        len(t.agents) for t in TASKS if t.env_id == env_id)


def test_a_row_that_differs_fails_the_run(monkeypatch, capsys, play_once):
    """A rules change that moves a figure shows as ``differs`` and exit status 1."""
    table = recorded()
    table["tasks"]["momentum-crew"]["heuristic"]["crew_wins"] += 1
    monkeypatch.setattr(benchmarks, "recorded", lambda: table)
    monkeypatch.setattr(benchmark, "recorded", lambda: table)
    assert main(["baselines", "--benchmark", "scenegym/MomentumScene-v1"]) == 1
    assert "| heuristic |" in capsys.readouterr().out


def test_write_records_the_figures_atomically(monkeypatch, tmp_path, capsys, play_once):
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


# -- the trained rows ------------------------------------------------------------------------
MOMENTUM = "scenegym/MomentumScene-v1"


def fake_policy(path, env_id: str, seat: str, **config) -> None:
    """A policy file that carries only its metadata (what is checked before any scene)."""
    import zipfile

    from scenegym.agents.policy_info import ZIP_MEMBER, policy_info
    from scenegym.envs.gym_env import env_config

    path.parent.mkdir(parents=True, exist_ok=True)
    info = policy_info(env_id, seat, env_config(env_id, overrides=config)[1])
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(ZIP_MEMBER, json.dumps(info.to_dict()))


def test_every_task_has_a_trained_record_with_its_commands_budget_and_commit():
    """The issue's "trained" reference figure, "with their command", for every task."""
    import shlex

    rows = benchmarks.trained()
    assert list(rows) == [t.name for t in TASKS]
    for task in TASKS:
        row = rows[task.name]
        assert row["budget"] == benchmarks.BUDGET._asdict()
        assert shlex.split(row["train_command"]) == [
            "scenegym", *benchmarks.train_argv(task, "POLICIES")]
        assert shlex.split(row["eval_command"]) == [
            "scenegym", *benchmarks.eval_argv(task, "POLICIES")]
        for command in (row["train_command"], row["eval_command"]):  # today's options
            build_parser().parse_args(shlex.split(command)[1:])
        assert row["commit"] and row["train_cpu_minutes"] > 0
        lo, hi = row["crew_win_ci"]
        assert row["scenes"] == task.scenes and lo <= row["crew_win_rate"] <= hi
        assert row["crew_win_rate"] == pytest.approx(row["crew_wins"] / task.scenes, abs=1e-4)


def test_a_gm_task_trains_on_the_adversarial_reward_and_its_own_seat():
    argv = benchmarks.train_argv(task_named("momentum-gm"), "P")
    assert argv[argv.index("--gm-reward") + 1] == "adversarial"
    assert argv[argv.index("--seat") + 1] == "gm"
    assert argv[argv.index("--opponent") + 1] == "heuristic"
    assert argv[argv.index("--out") + 1] == "P/momentum-gm"
    assert "--gm-reward" not in benchmarks.train_argv(task_named("momentum-crew"), "P")


@pytest.mark.parametrize("env_id, seat, config, wrong", [
    ("scenegym/STASocialConflict-v1", "crew", {}, "env id"),
    (MOMENTUM, "gm", {}, "seat"),
    (MOMENTUM, "crew", {"full_bonus": 2}, "config digest"),
])
def test_a_policy_not_of_its_task_is_refused_by_name_before_any_scene(
        env_id, seat, config, wrong, tmp_path, monkeypatch, capsys):
    """A policy file whose metadata is not the task's (id, seat, config digest) is refused."""
    fake_policy(tmp_path / "momentum-crew" / "model.zip", env_id, seat, **config)
    monkeypatch.setattr(benchmark, "measure", lambda *a: pytest.fail("a scene was played"))
    assert main(["baselines", "--benchmark", MOMENTUM, "--policies", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "momentum-crew/model.zip" in err and "task momentum-crew" in err and wrong in err


def test_a_folder_without_a_task_s_policy_is_refused_naming_the_files_expected(tmp_path):
    with pytest.raises(FileNotFoundError, match="momentum-crew/model.zip, momentum-gm/model.zip"):
        benchmark.task_policies(benchmark.tasks_of([MOMENTUM]), tmp_path)


def test_policies_without_benchmark_is_refused():
    assert_refused(scenegym("baselines", "--policies", ".", timeout=60), "--policies",
                   "--benchmark")


@pytest.mark.parametrize("shift, verdict", [(0, "same"), (1, "within CI"), (900, "differs")])
def test_a_replayed_policy_says_whether_it_agrees_with_the_recorded_row(shift, verdict):
    row = recorded()["tasks"]["momentum-crew"]["heuristic"]  # any recorded row will do
    measured = {**row, "crew_wins": row["crew_wins"] + shift,
                "crew_win_rate": (row["crew_wins"] + shift) / row["scenes"]}
    assert benchmark.trained_agreement(measured, row) == verdict
    assert benchmark.trained_agreement(measured, None) == "new"


def test_the_command_replays_a_folder_s_policy_beside_the_recorded_trained_row(
        tmp_path, monkeypatch, capsys):
    """A real (tiny) policy in the folder is played by the task's protocol; recorded as it
    plays it agrees (exit 0); recorded otherwise it differs (exit 1)."""
    pytest.importorskip("sb3_contrib")
    task = task_named("momentum-crew")
    argv = benchmarks.train_argv(task, tmp_path)
    argv[argv.index("--steps") + 1] = "256"
    argv[argv.index("--batch") + 1] = "8"
    assert main([*argv, "--n-steps", "32", "--eval-scenes", "8"]) == 0
    row = benchmark.trained_row(task, benchmarks.policy_file(task, tmp_path), 1024)
    monkeypatch.setattr(benchmark, "measure",  # the reference rows are tested above
                        lambda t, batch: recorded()["tasks"][t.name])
    kept = {"momentum-crew": {**benchmarks.trained()["momentum-crew"], **row}}
    monkeypatch.setattr(benchmark, "trained", lambda: kept)
    assert main(["baselines", "--benchmark", MOMENTUM, "--policies", str(tmp_path)]) == 0
    [line] = trained_lines(capsys.readouterr().out)
    assert line.startswith(f"| trained | {row['crew_win_rate']:.4f}") and line.endswith("| same |")
    kept["momentum-crew"].update(crew_wins=row["crew_wins"] + 2500, crew_win_ci=[0.9, 1.0])
    assert main(["baselines", "--benchmark", MOMENTUM, "--policies", str(tmp_path)]) == 1
    [line] = trained_lines(capsys.readouterr().out)
    assert line.endswith("| differs |")


def trained_lines(out: str) -> list[str]:
    """The trained rows of a ``baselines --benchmark`` table."""
    return [line for line in out.splitlines() if line.startswith("| trained |")]


def test_the_benchmarks_page_shows_the_trained_row_of_every_task_and_how_to_reproduce_it():
    pytest.importorskip("mkdocs")
    page = load_file(ROOT / "docs" / "hooks.py", "docs_hooks").benchmarks_page()
    assert page.count("| trained | ") == len(TASKS)
    assert "python examples/train_benchmark.py --policies POLICIES" in page
    assert "not a ceiling" in page
    for row in benchmarks.trained().values():
        assert row["train_command"] in page


def test_the_script_keeps_finished_policies_and_resumes_an_interrupted_run(tmp_path,
                                                                           monkeypatch):
    """Resumable: a task whose policy is there is not trained again; a run cut short (its
    checkpoint manifest there, no policy) continues with ``--resume``."""
    script = load_file(ROOT / "examples" / "train_benchmark.py", "train_benchmark")
    calls = []
    monkeypatch.setattr(script, "scenegym", lambda argv: calls.append(argv) or 0)
    done, cut = task_named("momentum-crew"), task_named("momentum-gm")
    fake_policy(benchmarks.policy_file(done, tmp_path), MOMENTUM, "crew")
    benchmarks.run_folder(cut, tmp_path).mkdir(parents=True)
    (benchmarks.run_folder(cut, tmp_path) / "checkpoint.json").write_text("{}")
    assert script.train_task(done, tmp_path) is None and calls == []
    timing = script.train_task(cut, tmp_path)
    assert calls == [[*benchmarks.train_argv(cut, tmp_path), "--resume"]]
    assert set(timing) == {"train_minutes", "train_cpu_minutes", "load"}


def test_the_script_records_each_task_atomically_keeping_the_others(tmp_path, monkeypatch):
    script = load_file(ROOT / "examples" / "train_benchmark.py", "train_benchmark")
    target = tmp_path / "benchmarks_trained.json"
    target.write_text(json.dumps({"tasks": {"momentum-gm": {"crew_wins": 1}}}))
    monkeypatch.setattr(benchmarks, "TRAINED", target)
    monkeypatch.setattr(script, "TRAINED", target)
    script.write_record("momentum-crew", {"crew_wins": 2})
    assert json.loads(target.read_text())["tasks"] == {"momentum-crew": {"crew_wins": 2},
                                                       "momentum-gm": {"crew_wins": 1}}
    assert not list(tmp_path.glob("*.tmp*"))


def load_file(path, name: str):
    """The module of a file outside the package (the docs' hooks, an example)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
