"""The docs site builds with ``mkdocs build --strict``, and every registered env id has its
generated page with its action table and observation table (docs/hooks.py)."""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scenegym.envs.gym_env import env_config
from scenegym.envs.rulesets import env_ids

ROOT = Path(__file__).resolve().parents[2]
MISSING = "mkdocs-material is not installed (pip install -e \".[docs]\")"


def page_name(env_id: str) -> str:
    namespace, _, name = env_id.rpartition("/")
    return name if namespace in ("", "scenegym") else f"{namespace}-{name}"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("mkdocs", reason=MISSING)
    pytest.importorskip("material", reason=MISSING)
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    yield out
    shutil.rmtree(out, ignore_errors=True)


def test_the_site_has_every_page_of_the_nav(site):
    for page in ("index.html", "results/index.html", "contributing/index.html",
                 "changelog/index.html", "envs/index.html", "guides/designers/index.html",
                 "guides/npc-builders/index.html", "guides/researchers/index.html",
                 "rules/starforged/index.html", "rules/momentum/index.html",
                 "rules/frontiers/index.html", "rules/sta/index.html"):
        assert (site / page).is_file(), f"{page} is missing from the built site"


@pytest.mark.parametrize("env_id", env_ids())
def test_each_env_id_has_its_page_with_its_tables(site, env_id):
    page = site / "envs" / page_name(env_id) / "index.html"
    assert page.is_file(), f"{env_id} has no page ({page.relative_to(site)})"
    text = page.read_text(encoding="utf-8")
    ruleset, config = env_config(env_id)
    layout = ruleset.layout_of(config)
    assert html.escape(env_id) in text
    assert f"Discrete({layout.num_actions})" in text
    assert f"({layout.obs_size},), float32)" in text
    for k, name in enumerate(layout.action_names):
        assert f"<td style=\"text-align: right;\">{k}</td>" in text or f"<td>{k}</td>" in text
        assert html.escape(name, quote=False) in text, f"{env_id}: action {k} {name!r} missing"
    for name in layout.observation_names:
        assert f"<code>{name}</code>" in text, f"{env_id}: observation slot {name!r} missing"
    index = (site / "envs" / "index.html").read_text(encoding="utf-8")
    assert f"{page_name(env_id)}/" in index, f"the environments index does not link {env_id}"
