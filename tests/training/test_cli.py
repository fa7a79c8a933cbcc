"""The training subcommands of ``scenegym`` (training/cli.py)."""

import subprocess
import sys


def test_cli_module_loads_no_learning_stack():
    """evaluation/cli.py: heavy dependencies load inside ``run`` only (fast ``--help``)."""
    code = ("import sys, scenegym.training.cli; "
            "print([m for m in ('torch', 'stable_baselines3', 'sb3_contrib') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
