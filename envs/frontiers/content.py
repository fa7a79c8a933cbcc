"""Encounter content as a data file: the ability catalogue, the archetypes, config fields.

A TOML (``.toml``) or JSON (``.json``) file with up to three parts, each optional::

    [config]                    # any FrontiersConfig field
    party = ["vanguard", "mystic"]

    [[abilities]]               # the whole catalogue (replaces the default one)
    name = "strike"
    kind = "attack"
    ...

    [[archetypes]]              # every stat block (replaces the default ones)
    name = "vanguard"
    scores = [16, 12, 10, 12, 10, 10]
    ...

Field names and meanings are those of :class:`~scenegym.envs.frontiers.catalogue.Ability`,
:class:`~scenegym.envs.frontiers.catalogue.Archetype` and
:class:`~scenegym.envs.frontiers.config.FrontiersConfig`; lists become tuples.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import fields
from pathlib import Path

from scenegym.envs.frontiers.catalogue import Ability, Archetype
from scenegym.envs.frontiers.config import FrontiersConfig

PARTS = {"abilities": Ability, "archetypes": Archetype}


def frozen(value):
    """Lists (at any depth) as tuples, as the frozen config wants them."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def build_rows(path: Path, part: str, rows) -> tuple:
    """The ``Ability`` or ``Archetype`` values of one part of the file."""
    kind = PARTS[part]
    if not isinstance(rows, list):
        raise ValueError(f"content file {path}: {part!r} must be a list of tables")
    allowed = [f.name for f in fields(kind)]
    out = []
    for k, row in enumerate(rows):
        unknown = sorted(set(row) - set(allowed))
        if unknown:
            raise ValueError(f"content file {path}: {part}[{k}] has unknown field(s) "
                             f"{unknown}; allowed: {', '.join(allowed)}")
        try:
            out.append(kind(**{key: frozen(v) for key, v in row.items()}))
        except TypeError as err:
            raise ValueError(f"content file {path}: {part}[{k}]: {err}") from None
    return tuple(out)


def read(path: Path) -> dict:
    """The file's parsed content (TOML or JSON by its suffix)."""
    if path.suffix == ".toml":
        return tomllib.loads(path.read_text())
    if path.suffix == ".json":
        return json.loads(path.read_text())
    raise ValueError(f"content file {path}: suffix {path.suffix!r}; allowed: .toml, .json")


def load_config(path, **overrides) -> FrontiersConfig:
    """The config a content file describes (defaults for what it leaves out), validated."""
    path = Path(path)
    data = read(path)
    unknown = sorted(set(data) - {"config", *PARTS})
    if unknown:
        raise ValueError(f"content file {path}: unknown part(s) {unknown}; allowed: "
                         "config, abilities, archetypes")
    changes = {key: frozen(v) for key, v in data.get("config", {}).items()}
    for part in PARTS:
        if part in data:
            changes[part] = build_rows(path, part, data[part])
    unknown = sorted(set(changes) - set(FrontiersConfig.field_names()))
    if unknown:
        raise ValueError(f"content file {path}: unknown config field(s) {unknown}")
    return FrontiersConfig(**{**changes, **overrides})
