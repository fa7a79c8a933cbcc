"""Where a command's scenes play: worker processes on this machine (``--workers N``,
:mod:`scenegym.common.workers`) or Ray tasks (``--ray``, ``--address ADDR``,
:mod:`scenegym.common.ray_cells`). Light: a command's parser and its checks import it before
any engine loads.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OnRay:
    """Scenes split over Ray tasks instead of local processes (``--ray``, ``--address``).

    Attributes:
        address: The Ray cluster's address; ``None`` starts a local Ray for the run.
        tasks: Ranges of scenes (one task each); ``None``: one per CPU of the Ray.
    """

    address: str | None = None
    tasks: int | None = None


def workers_option(args):
    """Where a command's scenes play, from its options: :class:`OnRay` when ``--ray`` or
    ``--address`` is given (``--workers`` then counts the tasks), else ``--workers``.

    Raises:
        ValueError: ``--workers`` is not a number of workers.
        ModuleNotFoundError: ``--ray`` or ``--address`` without the ``ray`` extra.
    """
    workers = getattr(args, "workers", None)
    if getattr(args, "ray", False) or getattr(args, "address", None):
        import ray  # noqa: F401  (the ray extra: refused before any scene)

        from scenegym.common.workers import check_workers

        return OnRay(getattr(args, "address", None),
                     None if workers is None else check_workers(workers))
    return workers
