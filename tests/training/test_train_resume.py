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

STEPS, EVERY = 4096, 256


def train_cmd(out, *extra):
    return [sys.executable, "-m", "scenegym.evaluation.cli", "train", "scenegym/MomentumScene-v0", "--steps",
            str(STEPS), "--checkpoint-every", str(EVERY), "--out", str(out), "--envs", "8",
            "--n-steps", "32", "--batch-size", "128", "--n-epochs", "1", "--net", "16",
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
