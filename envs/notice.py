"""What scenegym tells its user without stopping: one warning category for all of it.

A :class:`SceneGymWarning` says something the user should know and may not expect (a content
file that sets nothing, a kernel cache that cannot be written). Through the API it is an
ordinary Python warning; the ``scenegym`` command prints it as one line,
``scenegym COMMAND: warning: ...``.
"""

from __future__ import annotations

import warnings


class SceneGymWarning(UserWarning):
    """A notice to the user of scenegym: the work goes on, but not as they may expect."""


def notice(message: str) -> None:
    """Warn the user once per message (a :class:`SceneGymWarning`)."""
    warnings.warn(message, SceneGymWarning, stacklevel=3)
