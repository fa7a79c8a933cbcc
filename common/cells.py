"""Cells of a long run (a sweep's points, a league's pairings), each kept in a file as it ends.

A cell is one call ``job(**params)`` that returns ``(figures, arrays)``: a JSON-ready dict
and named numpy arrays. Its file, ``<folder>/<digest>.npz``, is named by a digest of the
cell's key (the job's name and every parameter, seed included) and holds the key, the
figures and the arrays; it is written atomically when the cell ends. A run started again
over the same folder reads the cells it finds there and plays only the others, so a stopped
run resumes where it was, and the merged result does not depend on which run played a cell.

The cells run one after another in this process (:func:`run_serial`), or as Ray tasks
(:func:`scenegym.common.ray_cells.run_on_ray`, the ``ray`` extra).
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from scenegym.envs.core.files import atomic_write

CELLS_FOLDER = "cells"


@dataclass(frozen=True)
class Cell:
    """One job, its parameters, and what else decides its result (``tags``, e.g. the
    digest of a policy file it loads); all JSON-ready, all in the key of its file. The
    job's ``settings`` change its speed, never its result (``workers``): not in the key."""

    job: object
    params: dict = field(default_factory=dict)
    tags: dict = field(default_factory=dict)
    settings: dict = field(default_factory=dict)  # speed alone (workers): not in the key

    @property
    def key(self) -> dict:
        return {"job": f"{self.job.__module__}.{self.job.__qualname__}", "params": self.params,
                "tags": self.tags}

    def file_in(self, folder: Path) -> Path:
        """The cell's file in ``folder``: named by a digest of its key."""
        text = json.dumps(self.key, sort_keys=True)
        return Path(folder) / f"{hashlib.sha256(text.encode()).hexdigest()[:20]}.npz"


def file_tags(**specs: str) -> dict:
    """The SHA-256 digest of each spec that names a file (a policy an agent loads), so a
    retrained policy is a new cell."""
    return {name: hashlib.sha256(Path(spec).read_bytes()).hexdigest()
            for name, spec in specs.items() if Path(spec).is_file()}


def save_cell(path: Path, cell: Cell, figures: dict, arrays: dict) -> None:
    """Write a finished cell's key, figures and arrays to ``path``, atomically."""
    meta = json.dumps({"key": cell.key, "figures": figures}, sort_keys=True)
    buf = io.BytesIO()
    np.savez(buf, __meta__=np.array(meta), **arrays)
    atomic_write(path, lambda f: f.write(buf.getvalue()))


def load_cell(path: Path, cell: Cell):
    """``(figures, arrays)`` of a cell kept in ``path``, or ``None`` if it has no file yet.

    Raises:
        ValueError: The file holds another cell (a digest collision or an edited file).
    """
    if not path.exists():
        return None
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["__meta__"]))
        arrays = {k: data[k] for k in data.files if k != "__meta__"}
    if meta["key"] != json.loads(json.dumps(cell.key)):
        raise ValueError(f"cell file {str(path)!r} holds another cell; move it away to replay it")
    return meta["figures"], arrays


def pending(cells: list[Cell], folder: Path) -> tuple[dict, list[int]]:
    """The cells already kept in ``folder`` (``{index: (figures, arrays)}``) and the others."""
    done, todo = {}, []
    for i, cell in enumerate(cells):
        kept = load_cell(cell.file_in(folder), cell)
        if kept is None:
            todo.append(i)
        else:
            done[i] = kept
    return done, todo


def run_serial(cells: list[Cell], folder: Path, progress=None) -> list:
    """Play the cells not yet kept in ``folder``, one after another; every cell's results.

    Args:
        cells: The cells, in the order of the results.
        folder: Where each cell's file is kept (created if missing).
        progress: Called with ``(cells kept, cells)`` after each cell, if given.
    """
    done, todo = pending(cells, folder)
    for i in todo:
        done[i] = finish(cells[i], folder, *cells[i].job(**cells[i].params,
                                                          **cells[i].settings))
        if progress is not None:
            progress(len(done), len(cells))
    return [done[i] for i in range(len(cells))]


def check_runner(args) -> None:
    """Before any work: Ray is installed if ``args`` asks for it.

    Raises:
        ModuleNotFoundError: ``--ray`` or ``--address`` without the ``ray`` extra.
    """
    if args.ray or args.address:
        import ray  # noqa: F401


def run_cells(cells: list[Cell], folder: Path, args, progress=None) -> list:
    """Play the cells serially, or on Ray if ``args`` asks (``--ray``, ``--address``)."""
    if not (args.ray or args.address):
        return run_serial(cells, folder, progress)
    from scenegym.common.ray_cells import run_on_ray

    return run_on_ray(cells, folder, args.address, progress=progress)


def finish(cell: Cell, folder: Path, figures: dict, arrays: dict):
    """Keep a cell's results in its file and return them as a later run would read them."""
    path = cell.file_in(folder)
    save_cell(path, cell, figures, arrays)
    return load_cell(path, cell)
