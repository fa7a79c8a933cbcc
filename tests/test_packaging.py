"""One installed package, scenegym: every folder with Python files is in the wheel, nothing
else installs at top level, and both ways of naming an id reach the envs."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import gymnasium as gym

ROOT = Path(__file__).resolve().parent.parent
TOP_FOLDERS = ("envs", "agents", "training", "evaluation")


def declared_packages() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]


def test_the_package_list_covers_every_folder_with_python_files():
    folders = {p.parent for top in TOP_FOLDERS for p in (ROOT / top).rglob("*.py")}
    wanted = {"scenegym." + ".".join(f.relative_to(ROOT).parts) for f in folders}
    missing = wanted - set(declared_packages())
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"
    for folder in folders:
        assert (folder / "__init__.py").exists(), f"{folder.relative_to(ROOT)} has no __init__.py"


def test_only_scenegym_installs_at_top_level():
    assert {name.split(".")[0] for name in declared_packages()} == {"scenegym"}
    assert (ROOT / "__init__.py").exists()  # the package's own module: scenegym/__init__.py


def test_outside_the_checkout_bare_folder_names_are_not_importable(tmp_path):
    code = ("import importlib.util, scenegym; "
            "print([n for n in ('envs', 'agents', 'training', 'evaluation') "
            "if importlib.util.find_spec(n)])")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_import_scenegym_registers_and_the_module_prefix_form_works():
    import scenegym  # noqa: F401

    assert "scenegym/MomentumScene-v1" in gym.registry
    env = gym.make("scenegym:scenegym/StarforgedSceneChallenge-v1")
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)


def test_the_package_data_covers_every_content_file():
    """Scenario files a user loads by name, and the pages of ``scenegym serve``, must be in
    the wheel (``package-data``), each folder of them a package of its own: setuptools warns
    at every install about a folder it could import but was not told of."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = data.get("package-data", {})
    for top in TOP_FOLDERS:
        for path in (ROOT / top).rglob("*"):
            if (path.suffix not in (".toml", ".json", ".html", ".css")
                    or "__pycache__" in path.parts):
                continue
            folder = path.parent.relative_to(ROOT)
            package = "scenegym." + ".".join(folder.parts)
            assert package in declared_packages(), (
                f"add {package!r} to [tool.setuptools] packages in pyproject.toml ({folder} "
                "holds content files)")
            assert any(path.relative_to(ROOT / folder).match(p)
                       for p in patterns.get(package, ())), (
                f"add {path.relative_to(ROOT)} to [tool.setuptools.package-data] in pyproject.toml")
