"""The whole suite: scenes play in the test's own process unless a test asks for workers
(``--workers``), as the suite itself runs on every core (``pytest -n``)."""

import os
from pathlib import Path

os.environ["SCENEGYM_WORKERS"] = "1"  # scenegym.common.workers: the default worker count

TESTS = Path(__file__).resolve().parent

# The files that take longest, longest first (measured with a kernel cache empty and warm,
# issue 25 item 7; at 1c45fb7 the Starforged benchmark reproduction took 87 s cold and 97 s
# warm, the export tests 106 s cold and 12 s warm), collected before the others. The suite's
# workers (``pytest -n 2 --dist loadfile``) take whole files in collection order (see
# :func:`pytest_configure`), so a long file collected late ran alone while the other worker
# sat idle.
LONGEST_FIRST = (
    "envs/test_benchmarks.py",
    "training/test_export.py",
    "agents/test_mcts.py",
    "evaluation/test_baselines.py",
    "envs/sta/test_rules.py",
    "evaluation/test_soak.py",
    "common/test_seeds.py",
    "envs/test_cache.py",
    "training/test_train_resume.py",
    "test_readme.py",
    "envs/frontiers/test_variants.py",
    "envs/test_gym_env.py",
    "common/test_workers.py",
    "test_cli.py",
    "evaluation/test_serve.py",
)


def pytest_configure(config):
    """Under pytest-xdist, hand out the files in collection order: its ``loadfile``
    scheduler otherwise sorts them by their number of tests (``--loadscope-reorder``, the
    default since pytest-xdist 3.8, and before it unconditionally), which put the longest
    files (few tests each) last."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


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
