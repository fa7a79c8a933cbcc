"""Long work is never silent (common/progress.py, issue 26 item 8).

"``scenegym solve starforged`` ran 23 minutes on a loaded machine with no output [...];
``bench --first-step`` printed nothing for over 5 minutes. Progress on a terminal, and a line
saying what is being computed and roughly how long." The heavy parts are replaced by quick
stand-ins: what is checked is what the user sees before and while they run.
"""

from types import SimpleNamespace

import pytest

from scenegym.cli import main
from scenegym.common.progress import long_work


@pytest.mark.parametrize("terminal", [False, True])
def test_long_work_says_what_and_how_long_and_shows_a_bar_on_a_terminal_only(
        terminal, monkeypatch, capsys):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal)
    with long_work("solve", "solving the game", "about 6 CPU-minutes", 3) as bar:
        assert bar.disable is not terminal
        bar.update(3)
    first = capsys.readouterr().err.splitlines()[0]
    assert first == "scenegym solve: solving the game (about 6 CPU-minutes)"


def test_bench_first_step_says_what_it_times_before_the_first_process(monkeypatch, capsys):
    from scenegym.evaluation import first_step

    said = []

    def probe(env_id, cache):
        said.append(capsys.readouterr().err)  # what the user has seen when a process starts
        return {"import_s": 1.0, "first_step_s": 2.0}

    monkeypatch.setattr(first_step, "probe", probe)
    assert main(["bench", "momentum", "--first-step"]) == 0
    assert said[0].startswith("scenegym bench: timing the first step of 1 env id(s) in fresh "
                              "processes, cold then warm (a cold process compiles")
    assert "scenegym/MomentumScene-v1" in capsys.readouterr().out


def test_solve_says_what_it_solves_and_how_long_before_the_first_solve(monkeypatch, capsys):
    import scenegym.agents
    from scenegym.envs.starforged.solve import crew_response, induction

    said = []

    def value_table(config):
        said.append(capsys.readouterr().err)
        return [0.5]

    monkeypatch.setattr(induction, "solved_table", value_table)
    monkeypatch.setattr(induction, "start_index", lambda config, _: 0)
    monkeypatch.setattr(induction, "solve", lambda config, gm: SimpleNamespace(value=0.6))
    monkeypatch.setattr(crew_response, "crew_response",
                        lambda config, crew: SimpleNamespace(value=0.4))
    monkeypatch.setattr(scenegym.agents, "make_agent", lambda *a, **k: None)
    assert main(["solve", "starforged", "--scenes", "0"]) == 0
    assert said[0].startswith("scenegym solve: solving the game exactly: its value, then a "
                              "best response to each of 9 agents (about 6 CPU-minutes")
    assert "value (optimal crew vs adversarial GM, win probability): 0.5000" in (
        capsys.readouterr().out)
