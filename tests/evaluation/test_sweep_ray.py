"""``scenegym sweep --ray`` (common/ray_cells.py) on a local Ray: the same report as the
serial sweep, and a sweep stopped by Ctrl-C resumes to that report. Needs the ``ray`` extra."""

import signal
import subprocess
import sys
import time

import pytest
from clirun import scenegym

from scenegym.cli import main

pytest.importorskip("ray")

POINTS = ["sweep", "starforged", "--field", "max_moves", "--values", "1", "4", "9", "30",
          "--field", "rank", "--values", "dangerous", "formidable", "--scenes", "400",
          "--seed", "11", "--no-plots"]


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    out = tmp_path_factory.mktemp("serial")
    assert main([*POINTS, "--out", str(out)]) == 0
    return out


def same_report(out, serial):
    for name in ("sweep.json", "sweep.md"):
        assert (out / name).read_text() == (serial / name).read_text(), name


def test_a_sweep_on_ray_reports_what_the_serial_sweep_does(tmp_path, serial):
    assert main([*POINTS, "--ray", "--out", str(tmp_path)]) == 0
    same_report(tmp_path, serial)
    assert len(list((tmp_path / "cells").glob("*.npz"))) == 8


def test_a_ray_sweep_stopped_by_ctrl_c_resumes_to_the_serial_report(tmp_path, serial):
    command = [sys.executable, "-m", "scenegym.cli", *POINTS, "--ray",
               "--out", str(tmp_path)]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 240
    while not list(tmp_path.glob("cells/*.npz")) and run.poll() is None:
        assert time.monotonic() < deadline, "no cell was kept in time"
        time.sleep(0.02)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=120)
    assert run.returncode == 130, err[-2000:]
    assert "interrupted" in err and "Traceback" not in err
    kept = {p: p.stat().st_mtime_ns for p in tmp_path.glob("cells/*.npz")}
    assert 1 <= len(kept) < 8 and not (tmp_path / "sweep.json").exists()

    assert main([*POINTS, "--ray", "--out", str(tmp_path)]) == 0
    same_report(tmp_path, serial)
    assert {p: p.stat().st_mtime_ns for p in kept} == kept  # kept cells were not played again


def test_a_sweep_on_a_running_ray_cluster_reports_what_the_serial_sweep_does(tmp_path, serial):
    """``--address``: the cells go to a Ray that was running before the command."""
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False)
    try:
        address = ray.get_runtime_context().gcs_address
        done = scenegym(*POINTS, "--address", address, "--out", tmp_path)
        assert done.returncode == 0, done.stderr[-2000:]
    finally:
        ray.shutdown()
    same_report(tmp_path, serial)
