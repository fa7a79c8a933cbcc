"""``scenegym play``: a person at the table, driven in a real terminal (a pty, via pexpect)."""

import io
import os
import re
import shlex
import sys

import pexpect
import pytest
from clirun import assert_refused, full_disk_for, scenegym

from scenegym.cli import build_parser, main
from scenegym.common.overrides import parse_overrides
from scenegym.envs.core.header import CREW, GM
from scenegym.evaluation.play import Table, Terminal, parse_choice, play_human

STARFORGED = "scenegym/StarforgedSceneChallenge-v1"
MOMENTUM = "scenegym/MomentumScene-v1"
LEGAL = re.compile(r"^\s+(\d+)  \S", re.M)
CLI = [sys.executable, "-m", "scenegym.cli", "play"]


def spawn(*args):
    return pexpect.spawn(CLI[0], CLI[1:] + list(args), env=dict(os.environ), encoding="utf-8",
                         timeout=120, dimensions=(50, 200))


def test_a_scene_played_to_its_end_by_numbers_and_undo(tmp_path):
    """Type the first legal number each time, undo twice on the way; the saved transcript is
    the scene the kept choices make, replayed alone (undo is exact)."""
    save = tmp_path / "play-7.txt"
    child = spawn(STARFORGED, "--seat", "crew", "--opponent", "heuristic", "--seed", "7",
                  "--out", str(tmp_path))
    kept, typed, undone = [], 0, 0
    while True:
        if child.expect(["\n> ", "The scene "]) == 1:
            break
        first = int(LEGAL.findall(child.before)[0])
        if typed in (1, 4) and kept:
            child.sendline("undo")
            kept.pop()
            undone += 1
            child.expect("your last choice is undone")
        else:
            child.sendline(str(first))
            kept.append(first)
        typed += 1
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and undone == 2
    replay = Table(STARFORGED, 7, {GM: "heuristic"}, {})
    for action in kept:
        replay.choose(action)
    assert replay.over
    assert save.read_text() == replay.record({0: "you", GM: "heuristic"}).replace(
        "(undos: 0)", "(undos: 2)")


def test_choice_by_name_refusals_and_ctrl_c_in_the_terminal():
    # the crew's free choice of stat (approach=crew): every move is open to type by name
    child = spawn(STARFORGED, "--seed", "1", "--opponent", "random", "--set", "approach=crew")
    child.expect("\n> ")
    child.sendline("face danger +EDGE")
    child.expect("\n> ")
    child.sendline("dance")
    child.expect("not taken: 'dance' is neither")
    child.sendline("undo")
    child.expect("your last choice is undone")
    child.sendline("undo")
    child.expect("nothing to undo")
    child.expect("\n> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_quit_leaves_the_table_before_the_end():
    table = Table(STARFORGED, 1, {GM: "heuristic"}, {"approach": "crew"})  # action 0 open
    answers = iter(["0", "quit"])
    out = io.StringIO()
    assert not play_human(table, "crew", Terminal(table, out), read=lambda _: next(answers))
    assert table.choices == [0] and not table.over and "legal actions:" in out.getvalue()


def test_watch_two_agents_play_the_scene_to_its_end(tmp_path, capsys):
    save = tmp_path / "watched" / "play-4.txt"
    assert main(["play", MOMENTUM, "--watch", "--delay", "0", "--seed", "4",
                 "--gm", "random", "--out", str(save.parent)]) == 0
    assert "The scene " in capsys.readouterr().out
    text = save.read_text()
    assert text.startswith(f"scenegym play {MOMENTUM} --seed 4 --watch --crew heuristic --gm "
                           "random\nseats: crew=heuristic, gm=random")
    assert "choices: [] (undos: 0)" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["--set", "nope=1"], "'nope' is not a config field"),
    (["--opponent", "wizard"], "unknown agent 'wizard'"),
    (["--delay", "-1", "--watch"], "--delay is -1.0"),
    (["--seat", "gm", "--set", "price_by=oracle", "--set", "approach=crew"],
     "the gm seat never decides"),
    (["--watch", "--opponent", "random"], "--watch plays --crew against --gm"),
    (["--gm", "random"], "--crew and --gm name the agents of --watch"),
    (["scenegym/Nope-v0"], "unknown ruleset or env id 'scenegym/Nope-v0'"),
])
def test_bad_input_is_one_error_line_and_status_2(argv, message, capsys):
    target = [] if argv[0].startswith("scenegym/") else [STARFORGED]
    assert main(["play", *target, "--seed", "1"] + argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_saved_command_sets_the_same_scene_again():
    """The transcript's first line is the command that replays the scene (issue 27, item 3:
    "the transcript can be saved with its replay command"): seats and config changes too."""
    table = Table(STARFORGED, 1, {GM: "random"},
                  {"approach": "crew", "clock_by_situation": (4, 4, 4)})
    line = table.command({CREW: "you", GM: "random"})
    assert line == (f"scenegym play {STARFORGED} --seed 1 --seat crew --opponent random "
                    "--set approach=crew --set 'clock_by_situation=(4, 4, 4)'")
    args = build_parser().parse_args(shlex.split(line)[1:])
    again = Table(args.target, args.seed, {GM: args.opponent},
                  parse_overrides(args.set, table.ruleset.config_type))
    assert again.config == table.config and again.transcript() == table.transcript()
    assert table.record({CREW: "you", GM: "random"}).startswith(line + "\n")


def test_parse_choice_reads_numbers_names_and_commands():
    layout = Table(STARFORGED, 0, {GM: "heuristic"}, {}).layout
    assert parse_choice(" 3 ", layout) == 3
    assert parse_choice("finish the scene", layout) == layout.action_names.index(
        "Finish the Scene")
    assert parse_choice("UNDO", layout) == "undo"
    with pytest.raises(ValueError, match="neither an action number"):
        parse_choice("dance", layout)


def test_with_standard_input_closed_play_is_refused_before_the_scene():
    """Issue 26, item 5: "With stdin closed (<&-), play dies with a RuntimeError traceback"."""
    done = scenegym("play", MOMENTUM, "--seed", "1", preexec_fn=lambda: os.close(0))
    assert_refused(done, "standard input is closed", "--watch")
    assert "Your move" not in done.stdout and "you are the crew" not in done.stdout


def test_a_transcript_that_cannot_be_written_after_the_scene_is_kept(tmp_path, monkeypatch,
                                                                      capsys):
    """Issue 26, item 5: "an unwritable path loses the transcript just played": a write that
    fails after the scene (a full disk) keeps it beside, says where, and exits 1."""
    full_disk_for(monkeypatch, "play-4.txt")
    monkeypatch.chdir(tmp_path)
    assert main(["play", MOMENTUM, "--watch", "--delay", "0", "--seed", "4", "--gm", "random",
                 "--out", str(tmp_path / "out")]) == 1
    kept = tmp_path / "scenegym-kept-play-4.txt"
    assert f"kept the results in {str(kept)!r}" in capsys.readouterr().out
    assert kept.read_text().startswith(f"scenegym play {MOMENTUM} --seed 4 --watch ")
