"""The training subcommands of ``scenegym``: one module per command (train_command.py, ...)."""

import subprocess
import sys

COMMANDS = ("train_command", "selfplay_command", "export_command", "bench_train_command")


def test_command_modules_load_no_learning_stack():
    """Heavy dependencies load inside ``run`` only (fast ``--help``, help without torch)."""
    code = ("import sys, importlib; "
            f"[importlib.import_module('scenegym.training.' + m) for m in {COMMANDS!r}]; "
            "print([m for m in ('torch', 'stable_baselines3', 'sb3_contrib') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_each_training_command_is_its_own_module():
    from scenegym.cli import COMMAND_MODULES

    assert all(f"scenegym.training.{m}" in COMMAND_MODULES for m in COMMANDS)
