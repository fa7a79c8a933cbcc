"""``scenegym report`` (evaluation/report.py): variant arms, errors that name what is allowed."""

import json

import pytest
from clirun import assert_refused, full_disk_for, on_a_terminal, scenegym

from scenegym.cli import main
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.evaluation.report import parse_arm


def test_arm_parses_agents_and_config_fields_with_tuples():
    name, agents, overrides = parse_arm("final=crew=random,clock_by_situation=(4,4,4),rank=dangerous",
                                        StarforgedConfig)
    assert name == "final"
    assert agents == {"crew": "random", "gm": "heuristic"}
    assert overrides == {"clock_by_situation": (4, 4, 4), "rank": "dangerous"}


def test_arm_with_unknown_key_names_the_allowed_keys():
    with pytest.raises(ValueError, match="unknown key 'clocks'.*clock_by_situation"):
        parse_arm("x=clocks=4", StarforgedConfig)


def test_arm_with_a_bad_config_value_names_the_field(tmp_path, capsys):
    status = main(["report", "starforged", "--scenes", "10", "--arm", "x=rank=legendary",
                   "--out", str(tmp_path), "--no-plots"])
    assert status == 2
    assert "config field 'rank' is 'legendary'; allowed:" in capsys.readouterr().err
    assert not (tmp_path / "report.json").exists()


def test_report_writes_markdown_and_json_per_arm(tmp_path):
    main(["report", "starforged", "--scenes", "200", "--arm", "a=crew=heuristic",
          "--arm", "b=crew=random", "--out", str(tmp_path), "--no-plots"])
    data = json.loads((tmp_path / "report.json").read_text())
    assert set(data) == {"a", "b"}
    for arm in data.values():
        lo, hi = arm["crew_win_rate_ci"]
        assert lo <= arm["crew_win_rate"] <= hi
    assert "| a | heuristic |" in (tmp_path / "report.md").read_text()


def test_report_table_has_a_column_per_figure_with_the_final_margin(tmp_path):
    main(["report", "starforged", "--scenes", "100", "--arm", "a=crew=random",
          "--out", str(tmp_path), "--no-plots"])
    header, rule, row = (tmp_path / "report.md").read_text().splitlines()[2:5]
    assert "final margin [95% CI]" in header
    assert header.count("|") == rule.count("|") == row.count("|")
    margin = json.loads((tmp_path / "report.json").read_text())["a"]["mean_final_margin"]
    assert f"{margin:.3f}" in row.split("|")[-2]


def test_two_arms_of_one_name_are_refused_before_any_scene(tmp_path):
    done = scenegym("report", "starforged", "--scenes", 10**9, "--out", tmp_path / "rep",
                    "--arm", "a=crew=random", "--arm", "a=crew=heuristic", timeout=60)
    assert_refused(done, "--arm 'a' is given twice")
    assert not (tmp_path / "rep").exists()


def test_an_out_that_is_a_file_is_refused_before_any_scene(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("")
    done = scenegym("report", "starforged", "--scenes", 10**9, "--out", taken,
                    "--arm", "a=crew=random", timeout=60)
    assert_refused(done, str(taken), "is a file, not a folder")


def test_a_report_that_cannot_be_written_is_printed_and_kept(tmp_path, monkeypatch, capsys):
    """A disk that fills during the run: the report is printed and kept beside."""
    full_disk_for(monkeypatch, "report.md", "report.json")
    monkeypatch.chdir(tmp_path)
    code = main(["report", "starforged", "--scenes", "20", "--seed", "1", "--no-plots",
                 "--out", str(tmp_path / "rep"), "--arm", "a=crew=random"])
    done = capsys.readouterr()
    assert code == 1 and "Traceback" not in done.err
    kept = tmp_path / "scenegym-kept-report.md"
    assert f"kept the results in {str(kept)!r}" in done.err
    assert kept.read_text().strip() == done.out.strip() and "| a |" in done.out
    assert json.loads((tmp_path / "scenegym-kept-report.json").read_text())["a"]["scenes"] == 20


def test_report_shows_progress_on_a_terminal_and_none_in_a_pipe(tmp_path):
    argv = ("report", "starforged", "--scenes", 300, "--no-plots", "--arm", "a=crew=random",
            "--arm", "b=crew=heuristic", "--seed", 2)
    done, terminal = on_a_terminal(*argv, "--out", tmp_path / "tty")
    assert done.returncode == 0 and "Traceback" not in terminal, done
    assert terminal.count("300/300") >= 2  # a bar per arm, counted to its end
    piped = scenegym(*argv, "--out", tmp_path / "pipe")
    assert piped.returncode == 0 and piped.stderr == ""


def test_an_arm_cut_short_by_ctrl_c_is_left_out_and_the_finished_arms_kept(monkeypatch):
    """A part-played arm has fewer scenes than the first: pairing them scene by scene would
    compare different dice, so it is dropped and the interrupt goes on."""
    from scenegym.evaluation import playtest as playtest_module
    from scenegym.evaluation import report as report_module

    real = playtest_module.playtest_scenes

    def second_arm_interrupted(*args, **kwargs):
        report, ended = real(*args, **kwargs)
        calls.append(1)
        if len(calls) == 2:
            report.update(interrupted=True, scenes=len(ended) // 2)
            ended = ended[:len(ended) // 2]
        return report, ended

    calls: list = []
    monkeypatch.setattr(playtest_module, "playtest_scenes", second_arm_interrupted)
    config = StarforgedConfig()
    arms = {name: ({"crew": "heuristic", "gm": "heuristic"}, config, {}) for name in ("a", "b")}
    results: dict = {}
    with pytest.raises(KeyboardInterrupt):
        report_module.play_arms("starforged", arms, 40, seed=3, results=results)
    assert list(results) == ["a"] and results["a"]["scenes"] == 40


# -- --agents: every arm under several pairings (issue 27, item 2) --------------------------

def under_pairings(classes: dict) -> dict:
    """Report results whose arm ``b`` differs from ``a`` in crew win rate by each pairing's
    class (and in nothing else)."""
    from scenegym.evaluation.paired import SCENE_VALUES

    spans = {"up": [0.1, 0.3], "down": [-0.3, -0.1], "none": [-0.1, 0.1]}

    def change(c):
        return {"difference": sum(spans[c]) / 2, "paired_ci": spans[c], "width_ratio": 1.0}

    return {p: {"arms": {"a": {}, "b": {"paired": {"against": "a", "statistics": {
        key: change(c if key == "crew_win_rate" else "none") for key in SCENE_VALUES}}}},
        "refused": {}} for p, c in classes.items()}


def test_a_difference_whose_sign_flips_between_pairings_is_flagged():
    """Issue 27: "a difference whose sign or significance changes between pairings is
    flagged in the table": up under one pairing, down under the other."""
    from scenegym.evaluation.report import paired_lines, pairing_flips

    results = under_pairings({"heuristic": "up", "mcts": "down"})
    flipped = pairing_flips(results)
    assert flipped == {("b", "crew_win_rate"): {"heuristic": "up", "mcts": "down"}}
    row = paired_lines(results["mcts"]["arms"], flipped)[-1]
    assert row.startswith("| b |") and row.count("⚑") == 1
    assert pairing_flips(under_pairings({"heuristic": "down", "mcts": "down"})) == {}


def test_agents_play_every_arm_under_each_pairing_and_flag_the_flips(tmp_path):
    out = tmp_path / "rep"
    assert main(["report", "starforged", "--scenes", "200", "--seed", "2", "--no-plots",
                 "--arm", "a=rank=troublesome", "--arm", "b=rank=extreme", "--agents",
                 "heuristic", "--agents", "random/heuristic", "--out", str(out)]) == 0
    data = json.loads((out / "report.json").read_text())
    assert list(data["pairings"]) == ["heuristic", "random/heuristic"]
    assert data["pairings"]["random/heuristic"]["arms"]["b"]["crew"] == "random"
    text = (out / "report.md").read_text()
    assert "## Changes that flip between pairings" in text
    assert text.count("⚑") == 2 * len(data["flips"])  # the cell under each pairing
    assert (out / "report.html").read_text().count("⚑") == text.count("⚑")


@pytest.mark.parametrize("arms, agents, words", [
    (["a=rank=troublesome"], ["heuristic", "wizard"], ["unknown agent 'wizard'"]),
    (["a=rank=troublesome"], ["heuristic/"], ["expected AGENT or CREW/GM"]),
    (["a=crew=random"], ["heuristic"], ["--arm a: crew= is not allowed with --agents"])])
def test_a_bad_pairing_or_an_arm_naming_its_agents_is_refused_before_any_scene(
        tmp_path, arms, agents, words):
    done = scenegym("report", "starforged", "--scenes", 10**9, "--out", tmp_path / "rep",
                    *[a for arm in arms for a in ("--arm", arm)],
                    *[a for spec in agents for a in ("--agents", spec)], timeout=120)
    assert_refused(done, *words)
    assert not (tmp_path / "rep").exists()
