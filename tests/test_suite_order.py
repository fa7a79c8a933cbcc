"""The suite's own scheduling (``tests/conftest.py``): the longest files go first."""

import pytest
from conftest import LONGEST_FIRST


def test_xdist_hands_out_the_files_in_collection_order(pytestconfig):
    """pytest-xdist's ``loadfile`` would sort the files by their number of tests, which put
    the longest files (few, long tests) last and left one worker alone at the end."""
    pytest.importorskip("xdist")
    assert pytestconfig.option.loadscopereorder is False


def test_the_longest_files_are_collected_first(request):
    """The files of ``LONGEST_FIRST`` that this run collects come before any other file,
    in its order."""
    files = []
    for item in request.session.items:
        name = item.path.relative_to(request.config.rootpath / "tests").as_posix()
        if not files or files[-1] != name:
            files.append(name)
    longest = [name for name in LONGEST_FIRST if name in files]
    assert files[:len(longest)] == longest
