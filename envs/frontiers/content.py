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

from pathlib import Path

from scenegym.envs.core.content import ContentError, build_rows, find, frozen, read, refused
from scenegym.envs.frontiers.catalogue import Ability, Archetype
from scenegym.envs.frontiers.config import FrontiersConfig

PARTS = {"abilities": Ability, "archetypes": Archetype}


def load_config(path, **overrides) -> FrontiersConfig:
    """The config a content file describes (defaults for what it leaves out), validated."""
    path = Path(path)
    data = read(path)
    unknown = sorted(set(data) - {"config", *PARTS})
    if unknown:
        raise ContentError(path, f"unknown part(s) {unknown}; allowed: config, abilities, "
                                 "archetypes")
    changes = {key: frozen(v) for key, v in data.get("config", {}).items()}
    for part, kind in PARTS.items():
        if part in data:
            changes[part] = build_rows(path, part, data[part], kind)
    unknown = sorted(set(changes) - set(FrontiersConfig.field_names()))
    if unknown:
        raise ContentError(path, f"unknown config field(s) {unknown}")
    try:
        return FrontiersConfig(**{**changes, **overrides})
    except (ValueError, TypeError) as err:
        raise refused(path, err) from None


def load(path_or_name, config_type: type = FrontiersConfig) -> FrontiersConfig:
    """The ``scenario=PATH`` option of the frontiers env and commands: the config of a
    content file (see :meth:`scenegym.envs.core.ruleset.Ruleset.make_config`)."""
    return load_config(find(path_or_name, "scenegym.envs.frontiers", "scenarios"))
