"""Encounter content as a designer's scenario file: the encounter, the catalogue, the archetypes.

A TOML (``.toml``) or JSON (``.json``) file with up to four parts, each optional::

    [encounter]                 # who fights whom, and where (ENCOUNTER_FIELDS)
    party = ["vanguard", "mystic"]
    enemy_pool = ["brute"]
    line_length = 14

    [config]                    # any FrontiersConfig field (rules numbers, variants)
    max_rounds = 10

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
names the file, the part and row, the field, the value and what is allowed.

The env takes a file as ``gym.make("scenegym/FrontiersEncounter-v0", scenario=PATH)``, the
commands as ``--set scenario=PATH`` (``scenegym playtest`` also ``--scenario PATH``). A name
without a suffix is one of the scenarios shipped with scenegym (:data:`BUNDLED`).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import fields
from importlib import resources
from pathlib import Path

from scenegym.envs.frontiers.catalogue import Ability, Archetype

ROWS = {"abilities": Ability, "archetypes": Archetype}
ENCOUNTER_FIELDS = ("party", "enemy_pool", "enemies_min", "enemies_max", "placement",
                    "line_length", "start_spread", "pc_units", "enemy_units", "max_rounds",
                    "encounters", "downtime_hours")
PARTS = ("encounter", "config", *ROWS)
BUNDLED = ("ambush",)  # scenarios shipped in scenegym/envs/frontiers/scenarios/


def frozen(value):
    """Lists (at any depth) as tuples, as the frozen config wants them."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def build_rows(part: str, rows) -> tuple:
    """The ``Ability`` or ``Archetype`` values of one part of the file."""
    kind = ROWS[part]
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError(f"{part!r} must be a list of tables ([[{part}]] in TOML)")
    allowed = [f.name for f in fields(kind)]
    out = []
    for k, row in enumerate(rows):
        unknown = sorted(set(row) - set(allowed))
        if unknown:
            raise ValueError(f"{part}[{k}] has unknown field(s) {unknown}; allowed: "
                             f"{', '.join(allowed)}")
        try:
            out.append(kind(**{key: frozen(v) for key, v in row.items()}))
        except TypeError as err:
            raise ValueError(f"{part}[{k}]: {err}") from None
    return tuple(out)


def table(data: dict, part: str, allowed) -> dict:
    """The fields of a ``[part]`` table, refusing any not in ``allowed``."""
    values = data.get(part, {})
    if not isinstance(values, dict):
        raise ValueError(f"{part!r} must be a table ([{part}] in TOML)")
    unknown = sorted(set(values) - set(allowed))
    if unknown:
        raise ValueError(f"[{part}] has unknown field(s) {unknown}; allowed: "
                         f"{', '.join(allowed)}")
    return {key: frozen(v) for key, v in values.items()}


def read(path: Path) -> dict:
    """The file's parsed content (TOML or JSON by its suffix)."""
    if path.suffix not in (".toml", ".json"):
        raise ValueError(f"suffix {path.suffix!r}; allowed: .toml, .json")
    text = path.read_text()
    data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the file must hold a table (a JSON object) of parts")
    return data


def changes_of(data: dict, field_names) -> dict:
    """The config fields the parsed file sets."""
    unknown = sorted(set(data) - set(PARTS))
    if unknown:
        raise ValueError(f"unknown part(s) {unknown}; allowed: {', '.join(PARTS)}")
    scalar = [f for f in field_names if f not in ROWS]
    changes = {**table(data, "config", scalar), **table(data, "encounter", ENCOUNTER_FIELDS)}
    for part in ROWS:
        if part in data:
            changes[part] = build_rows(part, data[part])
    return changes


def scenario_path(scenario) -> Path:
    """The file a ``scenario`` names: a path, or the name of a bundled scenario."""
    path = Path(scenario)
    if not path.suffix and str(scenario) in BUNDLED:
        return Path(str(resources.files("scenegym.envs.frontiers") / "scenarios"
                        / f"{scenario}.toml"))
    if not path.is_file():
        raise FileNotFoundError(f"scenario file {str(path)!r} not found; give a .toml or "
                                f".json file, or a bundled scenario: {', '.join(BUNDLED)}")
    return path


def apply_scenario(base, scenario):
    """``base`` (a :class:`~scenegym.envs.frontiers.config.FrontiersConfig`) with every field
    the scenario file sets, validated; errors name the file."""
    path = scenario_path(scenario)
    try:
        return base.replace(**changes_of(read(path), base.field_names()))
    except (ValueError, TypeError) as err:
        raise ValueError(f"scenario file {str(path)!r}: {err}") from None


def load_config(path, **overrides):
    """The config a scenario file describes (defaults for what it leaves out), then
    ``overrides``, validated."""
    from scenegym.envs.frontiers.config import FrontiersConfig

    return apply_scenario(FrontiersConfig(), path).replace(**overrides)
