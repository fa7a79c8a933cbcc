"""A sweep's points kept as cells (common/cells.py): a stopped sweep resumes, playing only
the points not kept, and its report is the uninterrupted run's; ``--ray`` without Ray names
the extra."""

import sys

import pytest

from scenegym.cli import main
from scenegym.evaluation import sweep

SWEEP = ["sweep", "starforged", "--field", "max_moves", "--values", "1", "4", "9", "30",
         "--crew", "random", "--gm", "random", "--scenes", "60", "--seed", "5", "--no-plots"]


def cell_files(out):
    return sorted((out / "cells").glob("*.npz"))


def test_a_sweep_stopped_after_two_points_resumes_with_the_other_two_and_the_same_report(
        tmp_path, monkeypatch):
    assert main([*SWEEP, "--out", str(tmp_path / "whole")]) == 0
    played, real = [], sweep.playtest_scenes

    def stop_at_third_point(*args, **kwargs):
        played.append(kwargs["config"].max_moves)
        if len(played) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sweep, "playtest_scenes", stop_at_third_point)
    out = tmp_path / "stopped"
    assert main([*SWEEP, "--out", str(out)]) == 130
    kept = {p: p.stat().st_mtime_ns for p in cell_files(out)}
    assert len(kept) == 2 and not (out / "sweep.json").exists()

    played.clear()
    monkeypatch.setattr(sweep, "playtest_scenes", lambda *a, **k: played.append(
        k["config"].max_moves) or real(*a, **k))
    assert main([*SWEEP, "--out", str(out)]) == 0
    assert played == [9, 30]  # the points not kept, and only those
    assert {p: p.stat().st_mtime_ns for p in kept} == kept  # kept cells were not rewritten
    assert len(cell_files(out)) == 4
    for name in ("sweep.json", "sweep.md"):
        assert (out / name).read_text() == (tmp_path / "whole" / name).read_text()


def test_another_seed_is_another_cell(tmp_path):
    out = tmp_path / "s"
    for seed, files in (("5", 2), ("6", 4), ("5", 4)):
        assert main(["sweep", "starforged", "--field", "max_moves", "--values", "1", "30",
                     "--scenes", "20", "--seed", seed, "--no-plots", "--out", str(out)]) == 0
        assert len(cell_files(out)) == files


@pytest.mark.parametrize("command", [
    [*SWEEP, "--ray"],
    ["selfplay", "scenegym/StarforgedSceneChallenge-v1", "--rounds", "1",
     "--steps-per-round", "64", "--address", "127.0.0.1:6379"]])
def test_ray_asked_without_ray_names_the_extra_before_any_work(tmp_path, monkeypatch, capsys,
                                                               command):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    assert main([*command, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert 'pip install "scenegym[ray]"' in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("edit", ["seed", "scenes"])
def test_a_cell_file_of_another_cell_is_refused_by_name(tmp_path, edit):
    cells = sweep.sweep_cells("starforged", [{"max_moves": 1}], "random", "random", 10, 1)
    other = sweep.sweep_cells("starforged", [{"max_moves": 1}], "random", "random",
                              10 + (edit == "scenes"), 1 + (edit == "seed"))
    folder = tmp_path / "cells"
    sweep.cells.run_serial(other, folder)
    other[0].file_in(folder).rename(cells[0].file_in(folder))
    with pytest.raises(ValueError, match="holds another cell"):
        sweep.cells.run_serial(cells, folder)
