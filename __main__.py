"""``python -m scenegym ARGS...``: the ``scenegym`` command (:func:`scenegym.cli.main`), for
an environment whose scripts folder is not on the ``PATH``."""

import sys

from scenegym.cli import main

sys.exit(main())
