"""``kill -9`` during ``scenegym train``, then ``--resume`` (training/train.py).

Issue 4, done when: "Kill -9 during training, then --resume: the run completes and its step
count and checkpoints show no lost interval beyond the last checkpoint".
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from clirun import assert_refused, interrupted_on_a_terminal, scenegym

STEPS, EVERY = 4096, 256


def train_cmd(out, *extra):
    return [sys.executable, "-m", "scenegym.cli", "train", "scenegym/MomentumScene-v1", "--steps",
            str(STEPS), "--checkpoint-every", str(EVERY), "--out", str(out), "--batch", "8",
            "--n-steps", "32", "--minibatch", "128", "--n-epochs", "1", "--net", "16",
            "--eval-scenes", "64", "--seed", "1", *extra]


def wait_for(path, proc, timeout=120.0):
    end = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            pytest.fail(f"training exited with {proc.returncode} before {path.name} appeared")
        if time.monotonic() > end:
            proc.kill()
            pytest.fail(f"no {path.name} after {timeout} s")
        time.sleep(0.02)


@pytest.mark.slow
def test_kill_9_then_resume_completes_from_the_last_checkpoint(tmp_path):
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(train_cmd(out), env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    wait_for(out / "checkpoint.json", proc)
    proc.send_signal(signal.SIGKILL)
    assert proc.wait(timeout=30) == -signal.SIGKILL
    at_kill = json.loads((out / "checkpoint.json").read_text())
    assert not (out / "eval.json").exists()  # killed before the end
    last = at_kill["steps"]
    assert 0 < last < STEPS and at_kill["history"][-1] == last
    assert (out / at_kill["model"]).is_file()

    done = subprocess.run(train_cmd(out, "--resume"), env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    final = json.loads((out / "checkpoint.json").read_text())
    assert final["steps"] == STEPS
    assert final["starts"] == [0, last]  # the resumed segment began at the last checkpoint
    history = final["history"]
    assert history[: len(at_kill["history"])] == at_kill["history"]
    assert history == sorted(set(history))
    gaps = [b - a for a, b in zip([0] + history, history)]
    assert max(gaps) <= EVERY  # no interval lost: a checkpoint every rollout of 256 steps
    assert json.loads((out / "eval.json").read_text())["steps"] == STEPS


# -- runs that refuse contradictions, Ctrl-C that keeps the work ------------------------------
def tiny_cmd(out, steps, *extra):
    return ["train", "scenegym/MomentumScene-v1", "--steps", steps, "--out", out, "--batch", 8,
            "--n-steps", 32, "--minibatch", 128, "--n-epochs", 1, "--net", 16,
            "--eval-scenes", 16, "--seed", 1, *extra]


def test_resume_refuses_settings_that_differ_from_the_run_and_a_folder_with_no_run(tmp_path):
    out = tmp_path / "run"
    first = scenegym(*tiny_cmd(out, 256))
    assert first.returncode == 0, first.stderr[-2000:]
    assert "step" not in first.stderr  # no progress bar in a pipe or a log file
    before = (out / "checkpoint.json").read_text()
    line = assert_refused(scenegym(*tiny_cmd(out, 512, "--resume", "--seat", "gm", "--batch", 4,
                                            "--opponent", "random")),
                          "--resume", "other settings")
    for difference in ("--seat 'gm', the run has 'crew'", "--batch 4, the run has 8",
                       "--opponent 'random', the run has 'heuristic'"):
        assert difference in line
    assert (out / "checkpoint.json").read_text() == before  # nothing trained
    assert_refused(scenegym(*tiny_cmd(tmp_path / "empty", 512, "--resume")),
                   "holds no run to resume")
    assert not (tmp_path / "empty").exists()


@pytest.mark.slow
def test_ctrl_c_during_train_writes_a_checkpoint_and_ends_with_one_line(tmp_path):
    """A real SIGINT once the bar (stderr on a terminal) counts steps; no periodic checkpoint
    is due (--checkpoint-every beyond the run), so the one on disk is Ctrl-C's."""
    out = tmp_path / "run"
    done, stderr = interrupted_on_a_terminal(
        tiny_cmd(out, 10**7, "--checkpoint-every", 10**7), r"\dstep/s")
    assert done.returncode == 130, done
    assert "Traceback" not in stderr, done
    assert stderr.rstrip().splitlines()[-1].endswith("scenegym train: interrupted"), done
    manifest = json.loads((out / "checkpoint.json").read_text())
    assert manifest["steps"] > 0 and (out / manifest["model"]).is_file()
    assert f"checkpoint at step {manifest['steps']}" in stderr
    assert not (out / "eval.json").exists()
