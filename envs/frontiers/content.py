"""Encounter content as a designer's scenario file: the encounter, the catalogue, the archetypes.

A TOML (``.toml``) or JSON (``.json``) file with up to four parts, each optional::

    [encounter]                 # who fights whom, and where (ENCOUNTER_FIELDS)
    party = ["vanguard", "mystic"]
    enemy_pool = ["brute"]
    line_length = 14

    [config]                    # any other FrontiersConfig field (rules numbers, variants)
    max_rounds = 10             # (a field set in both [encounter] and [config] is refused)

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
:class:`~scenegym.envs.frontiers.config.FrontiersConfig`; lists become tuples. Every error
names the file, the part and row, the field, the value and what is allowed
(:class:`~scenegym.envs.core.content.ContentError`).

The env takes a file as ``gym.make("scenegym/FrontiersEncounter-v1", scenario=PATH)``, the
commands as ``--set scenario=PATH`` (``scenegym playtest`` and ``report`` also ``--scenario
PATH``), all through :meth:`scenegym.envs.core.ruleset.Ruleset.make_config`. A name without a
suffix is one of the scenarios shipped in ``scenegym/envs/frontiers/scenarios/`` (``ambush``).
"""

from __future__ import annotations

from pathlib import Path

from scenegym.envs.core.content import (
    ContentError,
    build_rows,
    check_keys,
    find,
    frozen,
    read,
    refused,
)
from scenegym.envs.frontiers.catalogue import Ability, Archetype
from scenegym.envs.frontiers.config import FrontiersConfig

ROWS = {"abilities": Ability, "archetypes": Archetype}
ENCOUNTER_FIELDS = ("party", "enemy_pool", "enemies_min", "enemies_max", "placement",
                    "line_length", "start_spread", "pc_units", "enemy_units", "max_rounds",
                    "encounters", "downtime_hours")
PARTS = ("encounter", "config", *ROWS)
PACKAGE, FOLDER = "scenegym.envs.frontiers", "scenarios"  # the shipped scenarios


def load_config(path, **overrides) -> FrontiersConfig:
    """The config a content file describes (defaults for what it leaves out), then
    ``overrides``, validated.

    Raises:
        ContentError: The file is malformed or a value is refused (the message names the
            file, the field, the value and what is allowed).
    """
    path = Path(path)
    data = read(path)
    unknown = sorted(set(data) - set(PARTS))
    if unknown:
        raise ContentError(path, f"unknown part(s) {unknown}; allowed: {', '.join(PARTS)}")
    scalar = [name for name in FrontiersConfig.field_names() if name not in ROWS]
    changes = {}
    for part, allowed in (("config", scalar), ("encounter", ENCOUNTER_FIELDS)):
        table = check_keys(path, part, data.get(part, {}), allowed)
        twice = sorted(set(table) & set(changes))
        if twice:
            raise ContentError(path, f"[encounter] and [config] both set {twice}: set each "
                                     "field in one part only ([encounter] is its place)")
        changes.update({key: frozen(v) for key, v in table.items()})
    for part, kind in ROWS.items():
        if part in data:
            changes[part] = build_rows(path, part, data[part], kind)
    try:
        return FrontiersConfig(**{**changes, **overrides})
    except (ValueError, TypeError) as err:
        raise refused(path, err) from None


def load(path_or_name, config_type: type = FrontiersConfig) -> FrontiersConfig:
    """The ``scenario=PATH`` option of the frontiers env and commands: the config of a
    content file (see :meth:`scenegym.envs.core.ruleset.Ruleset.make_config`)."""
    return load_config(find(path_or_name, PACKAGE, FOLDER))
