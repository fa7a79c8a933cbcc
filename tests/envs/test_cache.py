"""The kernel cache is keyed by the source (envs/cache.py): a changed module never loads a
kernel compiled against its old constants."""

import numba

import scenegym.envs as envs
from scenegym.envs.cache import PACKAGES, cache_dir, source_digest


def _tree(root, header_text):
    for package in PACKAGES:
        (root / package).mkdir()
        (root / package / "__init__.py").write_text("")
    (root / "envs" / "header.py").write_text(header_text)


def test_any_source_change_gives_a_new_cache_folder(tmp_path):
    _tree(tmp_path, "PAYOUT = 11\n")
    before = source_digest(tmp_path)
    assert source_digest(tmp_path) == before
    (tmp_path / "envs" / "header.py").write_text("PAYOUT = 12\n")
    assert source_digest(tmp_path) != before


def test_importing_envs_points_numba_at_the_versioned_folder(monkeypatch, tmp_path):
    assert numba.config.CACHE_DIR == str(envs.NUMBA_CACHE)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert cache_dir("abc") == tmp_path / "scenegym-abc"
