"""Dependencies point one way: rules know nothing of Gymnasium, agents or training.

Read from the source (every ``import`` statement of every module), so a forbidden import is
caught even on a code path no test runs, and checked at run time for the heavy stack.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEARNING_STACK = ("torch", "stable_baselines3", "sb3_contrib", "onnxruntime", "ray")
UPPER_LAYERS = ("scenegym.agents", "scenegym.evaluation", "scenegym.training")
GYM_ADAPTERS = {"env.py", "gym_env.py", "registration.py", "aec.py"}  # Gymnasium, PettingZoo


def imported_modules(path: Path) -> set[str]:
    """Every module named by an import statement of the file at ``path``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def engine_modules() -> list[Path]:
    """The engine and the rulesets: every module of envs/ but the Gymnasium adapters."""
    return [p for p in sorted((ROOT / "envs").rglob("*.py")) if p.name not in GYM_ADAPTERS]


def under(name: str, packages) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_and_rules_import_no_upper_layer(path):
    bad = {m for m in imported_modules(path)
           if under(m, UPPER_LAYERS + LEARNING_STACK + ("gymnasium",))}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_every_folder_has_its_layering_checked():
    checked = {p.parent for p in engine_modules()}
    assert ROOT / "envs" / "core" in checked
    assert {p.parent for p in (ROOT / "envs").glob("*/rules.py")} <= checked


def test_engine_at_run_time_loads_no_learning_stack_nor_upper_layer():
    code = ("import sys, scenegym.envs.core.batch, scenegym.envs.rulesets as r; "
            "[r.get_ruleset(n) for n in r.ruleset_names()]; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {LEARNING_STACK!r} "
            f"or m.startswith({UPPER_LAYERS!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
