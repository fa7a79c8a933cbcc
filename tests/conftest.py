"""The whole suite: scenes play in the test's own process unless a test asks for workers
(``--workers``), as the suite itself runs on every core (``pytest -n``)."""

import os
from pathlib import Path

os.environ["SCENEGYM_WORKERS"] = "1"  # scenegym.common.workers: the default worker count

TESTS = Path(__file__).resolve().parent

# The files that take longest, longest first (measured, issue 25 item 7: a kernel cache
# empty or warm), collected before the others. The suite's workers (``pytest -n 2 --dist
# loadfile``) take whole files in collection order, so a long file collected late ran alone
# while the other worker sat idle.
LONGEST_FIRST = (
    "training/test_export.py",
    "envs/test_benchmarks.py",
    "evaluation/test_baselines.py",
    "evaluation/test_soak.py",
    "agents/test_mcts.py",
    "common/test_seeds.py",
    "envs/sta/test_rules.py",
    "envs/frontiers/test_variants.py",
    "envs/test_cache.py",
    "training/test_train_resume.py",
    "test_readme.py",
)


def pytest_collection_modifyitems(items):
    """Run the files of :data:`LONGEST_FIRST` first, in its order; every file's own tests,
    and the other files, keep the order pytest collected them in."""
    missing = [name for name in LONGEST_FIRST if not (TESTS / name).is_file()]
    if missing:
        raise RuntimeError(f"tests/conftest.py: LONGEST_FIRST names no file {missing}")

    def rank(item):
        path = Path(item.path).resolve().relative_to(TESTS).as_posix()
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)
