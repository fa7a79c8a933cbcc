"""Output folders are checked before the work (common/files.py, issue 26 item 6).

"Every output path checked before the work, including one whose parent folder cannot be
created; today one such case runs the whole playtest, then exits 1": every command's
``--out`` is made, written in and removed again before the command starts
(``cli.main`` -> ``check_out``), so a folder that cannot be made or written is refused in
one line (exit status 2) before any scene, and a refused command leaves nothing behind.
"""

import pytest
from clirun import unwritable

from scenegym.cli import main
from scenegym.common.files import check_writable_folder

ARGV = {  # each command that writes an --out folder, as a user gives it
    "playtest": ["playtest", "momentum", "--scenes", "5"],
    "report": ["report", "momentum", "--scenes", "5", "--arm", "a=crew=random"],
    "variants": ["variants", "frontiers", "--scenes", "5"],
    "sweep": ["sweep", "momentum", "--field", "max_moves", "--values", "5", "--scenes", "5"],
    "baselines": ["baselines", "momentum", "--scenes", "5"],
    "play": ["play", "momentum"],
    "train": ["train", "scenegym/MomentumScene-v1", "--steps", "64"],
    "selfplay": ["selfplay", "scenegym/MomentumScene-v1", "--rounds", "1",
                 "--steps-per-round", "64"],
    "export": ["export", "no-such-run.zip"],
}


def cases(tmp_path):
    """``(--out, what the error line says)``: folders no command can write."""
    return {
        "under a file": (tmp_path / "a-file" / "out", "is a file, not a folder"),
        "name too long": (tmp_path / ("n" * 300) / "out", "cannot make"),
    }


@pytest.mark.parametrize("case", ["under a file", "name too long", "unwritable",
                                  "under an unwritable folder"])
@pytest.mark.parametrize("command", sorted(ARGV))
def test_an_out_folder_that_cannot_be_written_is_refused_before_the_work(command, case,
                                                                         tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    if case in ("unwritable", "under an unwritable folder"):
        with unwritable(tmp_path / "locked") as locked:
            out = locked if case == "unwritable" else locked / "new" / "out"
            code = main([*ARGV[command], "--out", str(out)])
            words = "cannot write in" if case == "unwritable" else "cannot make"
    else:
        out, words = cases(tmp_path)[case]
        code = main([*ARGV[command], "--out", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1, err
    assert f"error: --out {str(out)!r}" in err and words in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) <= ["a-file", "locked"]


def test_the_check_leaves_nothing_behind_and_the_write_makes_the_folders(tmp_path):
    out = tmp_path / "a" / "b"
    assert check_writable_folder(out) == out
    assert list(tmp_path.iterdir()) == []
    assert main(["playtest", "momentum", "--scenes", "4", "--batch", "2", "--seed", "1",
                 "--out", str(out)]) == 0
    assert (out / "playtest.json").exists()
