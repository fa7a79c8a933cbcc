"""The engine and rulesets load neither gymnasium, torch nor stable_baselines3 (DESIGN.md)."""

import subprocess
import sys


def test_engine_and_rulesets_do_not_import_learning_stack():
    code = ("import sys, envs.core.batch, envs.starforged.ruleset, envs.starforged.rules; "
            "print(sorted(m for m in ('gymnasium', 'torch', 'stable_baselines3') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
