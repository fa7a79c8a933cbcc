"""The whole suite: scenes play in the test's own process unless a test asks for workers
(``--workers``), as the suite itself runs on every core (``pytest -n``)."""

import os

os.environ["SCENEGYM_WORKERS"] = "1"  # scenegym.common.workers: the default worker count
