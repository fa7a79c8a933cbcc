"""A conflict's content as a data file a designer edits: who fights, with what, where.

A scenario is a TOML (``.toml``) or JSON (``.json``) file with these parts, each optional (what
a file leaves out keeps the ruleset's default)::

    description = "An away team ambushed at a relay station"

    [rules]                     # any other config field: Threat, Momentum, costs, rounds...
    threat_per_pc = 2

    [[weapons]]                 # the whole weapon table (replaces the default one)
    name = "phaser type-2"
    severity = 4
    attack = "ranged"           # or "melee"
    injury = "stun or deadly"   # or "stun", "deadly"
    intense = false             # +1 severity per 1 Momentum

    [[characters]]              # the PCs; [rules] pcs = N takes the first N (default: all)
    name = "Lt. Sarek"
    attributes = { control = 10, daring = 10, fitness = 9, insight = 9, presence = 8, reason = 8 }
    departments = { command = 2, conn = 3, engineering = 1, medicine = 2, science = 4, security = 4 }
    focus = ["security"]        # departments whose focus applies in this conflict
    weapon = "phaser type-2"
    protection = 0

    [tiers.minor]               # stat blocks of Minor, Notable and Major NPCs
    attributes = { ... }
    departments = { ... }
    focus = []

    [[npcs]]                    # the NPCs, 1..4
    name = "Raider"
    tier = "minor"              # or "notable", "major"
    weapon = "disruptor pistol"
    protection = 0

    [battlefield]               # fixed zones, or the generator's numbers
    zones = [{ cover = false, terrain = 0 }, { cover = true, terrain = 1 }, ...]
    obstacles = [0, 1]          # between zone z and z+1 (one fewer than zones)
    zones_min = 3               # generator (used when no zones are given)
    zones_max = 6
    cover_percent = 50
    terrain_percent = 25
    obstacle_percent = 25
    terrain_cost_max = 2

A bad file is refused with a :class:`~scenegym.envs.core.content.ContentError` naming the file,
the field as the file spells it (``characters[1].attributes.fitness``), the value and what is
allowed. The defaults ship as ``scenarios/personal.toml`` and ``scenarios/social.toml`` inside
the package; ``scenario="personal"`` names a shipped file.
"""

from __future__ import annotations

import re
from pathlib import Path

from scenegym.envs.core.content import (
    ContentError,
    check_keys,
    check_rows,
    find,
    frozen,
    read,
    refused,
)
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import SKILLS, TIER_CODES, WEAPON_NAMES, StaConfig

PACKAGE, FOLDER = "scenegym.envs.sta", "scenarios"
PARTS = ("description", "rules", "weapons", "characters", "tiers", "npcs", "battlefield")
ATTRIBUTES = tuple(name.lower() for name in st.ATTRIBUTE_NAMES)
DEPARTMENTS = tuple(name.lower() for name in st.DEPARTMENT_NAMES)
TIERS = tuple(TIER_CODES)
ATTACKS = {"melee": 1, "ranged": 0}
INJURIES = {"stun": st.STUN_ONLY, "deadly": st.DEADLY_ONLY, "stun or deadly": st.STUN_OR_DEADLY}
WEAPON_KEYS = ("name", "severity", "attack", "injury", "intense", "hands", "accurate")
WEAPON_NEEDS = ("name", "severity", "attack", "injury")
CHARACTER_KEYS = ("name", "attributes", "departments", "focus", "weapon", "protection")
TIER_KEYS = ("attributes", "departments", "focus")
NPC_KEYS = ("name", "tier", "weapon", "protection")
ZONE_KEYS = ("cover", "terrain")
GENERATOR = ("zones_min", "zones_max", "cover_percent", "terrain_percent", "obstacle_percent",
             "terrain_cost_max")
BATTLEFIELD_KEYS = ("zones", "obstacles", *GENERATOR)
# config field -> (part, field in its rows); fields the parts own, never given in [rules]
ROW_FIELDS = {
    "pc_attributes": ("characters", "attributes"), "pc_departments": ("characters", "departments"),
    "pc_focus": ("characters", "focus"), "pc_weapon": ("characters", "weapon"),
    "pc_protection": ("characters", "protection"), "npc_tiers": ("npcs", "tier"),
    "npc_weapon": ("npcs", "weapon"), "npc_protection": ("npcs", "protection"),
    "tier_attributes": ("tiers", "attributes"), "tier_departments": ("tiers", "departments"),
    "tier_focus": ("tiers", "focus"), "weapon_severity": ("weapons", "severity"),
    "weapon_melee": ("weapons", "attack"), "weapon_injury": ("weapons", "injury"),
    "weapon_intense": ("weapons", "intense"), "weapon_hands": ("weapons", "hands"),
    "weapon_accurate": ("weapons", "accurate"), "battlefield_cover": ("battlefield.zones", "cover"),
    "battlefield_terrain": ("battlefield.zones", "terrain"),
}
OWNED = {**{name: "battlefield" for name in (*GENERATOR, "battlefield_obstacles")},
         **{name: part.split(".")[0] for name, (part, _) in ROW_FIELDS.items()}}


def load(path_or_name, config_type: type = StaConfig) -> StaConfig:
    """The config a scenario file (or a shipped scenario, by name) describes, validated.

    Args:
        path_or_name: A ``.toml`` or ``.json`` file, or the name of a shipped scenario
            (``personal``, ``social``, ...).
        config_type: The config class whose defaults fill what the file leaves out.

    Raises:
        ContentError: The file is malformed or a value is refused (the message names the
            file, the field, the value and what is allowed).
        FileNotFoundError: No such file nor shipped scenario.
    """
    path = find(path_or_name, PACKAGE, FOLDER)
    data = check_keys(path, "the file", read(path), PARTS)
    base = config_type()
    weapons = WEAPON_NAMES if "weapons" not in data else tuple(
        row.get("name") for row in check_rows(path, "weapons", data["weapons"]))
    reader = _Reader(path, weapons)
    changes = reader.rules(data.get("rules", {}))
    if "description" in data and not isinstance(data["description"], str):
        raise ContentError(path, f"description is {data['description']!r}; allowed: text")
    if "weapons" in data:
        changes.update(reader.weapons(data["weapons"]))
        changes.update(reader.default_weapons(base, data))
    if "characters" in data:
        changes.update(reader.characters(data["characters"], changes))
    if "tiers" in data:
        changes.update(reader.tiers(data["tiers"], base))
    if "npcs" in data:
        changes.update(reader.npcs(data["npcs"]))
    if "battlefield" in data:
        changes.update(reader.battlefield(data["battlefield"]))
    try:
        return base.replace(**changes)
    except (ValueError, TypeError) as err:
        raise refused(path, err, in_file_terms) from None


def shipped(name: str) -> Path:
    """The path of a shipped scenario (``personal``, ``social``, ...)."""
    return find(name, PACKAGE, FOLDER)


class _Reader:
    """Turns the parts of one file into config fields, refusing what is malformed."""

    def __init__(self, path: Path, weapon_names: tuple):
        self.path = path
        self.weapon_names = weapon_names

    def fail(self, message: str):
        raise ContentError(self.path, message)

    def choose(self, where: str, value, allowed):
        """The index of ``value`` among ``allowed``, or a refusal naming them."""
        if value not in allowed:
            self.fail(f"{where} is {value!r}; allowed: {', '.join(map(repr, allowed))}")
        return list(allowed).index(value)

    def rules(self, table) -> dict:
        owned = sorted(set(OWNED) & set(table)) if isinstance(table, dict) else []
        if owned:
            self.fail(f"rules.{owned[0]} is given in [rules]; it belongs in the file's "
                      f"{OWNED[owned[0]]!r} part")
        check_keys(self.path, "rules", table, [n for n in StaConfig.field_names()
                                               if n not in OWNED])
        out = {key: frozen(value) for key, value in table.items()}
        for key in set(SKILLS) & set(table):
            out[key] = self.skill(f"rules.{key}", table[key])
        return out

    def skill(self, where: str, value) -> tuple:
        """``["presence", "command"]``: the attribute and department of a roll."""
        if not isinstance(value, list) or len(value) != 2:
            self.fail(f"{where} is {value!r}; allowed: [attribute, department], e.g. "
                      '["presence", "command"]')
        return (self.choose(f"{where}[0]", value[0], ATTRIBUTES),
                self.choose(f"{where}[1]", value[1], DEPARTMENTS))

    def weapons(self, rows) -> dict:
        names = [row.get("name") for row in rows]
        for k, row in enumerate(rows):
            check_keys(self.path, f"weapons[{k}]", row, WEAPON_KEYS, WEAPON_NEEDS)
            if not isinstance(row["name"], str) or names.count(row["name"]) > 1:
                self.fail(f"weapons[{k}].name is {row['name']!r}; allowed: a name no other "
                          "weapon has")
        return {"weapon_severity": tuple(row["severity"] for row in rows),
                "weapon_melee": tuple(self.pick(f"weapons[{k}].attack", row, "attack", ATTACKS,
                                                "ranged") for k, row in enumerate(rows)),
                "weapon_injury": tuple(self.pick(f"weapons[{k}].injury", row, "injury",
                                                 INJURIES, "stun or deadly")
                                       for k, row in enumerate(rows)),
                "weapon_intense": tuple(self.pick(f"weapons[{k}].intense", row, "intense",
                                                  {False: 0, True: 1}, False)
                                        for k, row in enumerate(rows)),
                "weapon_hands": tuple(self.pick(f"weapons[{k}].hands", row, "hands",
                                                {1: 1, 2: 2}, 1) for k, row in enumerate(rows)),
                "weapon_accurate": tuple(self.pick(f"weapons[{k}].accurate", row, "accurate",
                                                   {False: 0, True: 1}, False)
                                         for k, row in enumerate(rows))}

    def default_weapons(self, base: StaConfig, data: dict) -> dict:
        """The default characters' and NPCs' weapons, by name, in the file's weapon table
        (for the parts the file leaves out)."""
        out = {}
        for part, name in (("characters", "pc_weapon"), ("npcs", "npc_weapon")):
            if part not in data:
                out[name] = tuple(self.choose(f"the default {part}' weapon", WEAPON_NAMES[w],
                                              self.weapon_names) for w in getattr(base, name))
        return out

    def pick(self, where: str, row: dict, key: str, codes: dict, default):
        """The code of a named choice (``attack = "melee"``)."""
        value = row.get(key, default)
        self.choose(where, value, tuple(codes))
        return codes[value]

    def scores(self, where: str, table, names: tuple) -> tuple:
        """Six numbers given by name (``{ control = 10, ... }``), in the rules' order."""
        check_keys(self.path, where, table, names, names)
        return tuple(table[name] for name in names)

    def focus(self, where: str, values) -> tuple:
        if not isinstance(values, list):
            self.fail(f"{where} is {values!r}; allowed: a list of department names "
                      f"({', '.join(DEPARTMENTS)})")
        return tuple(self.choose(f"{where}[{k}]", v, DEPARTMENTS) for k, v in enumerate(values))

    def stat_block(self, where: str, row: dict) -> tuple:
        """Attributes, departments and focus of a character or a tier."""
        return (self.scores(f"{where}.attributes", row["attributes"], ATTRIBUTES),
                self.scores(f"{where}.departments", row["departments"], DEPARTMENTS),
                self.focus(f"{where}.focus", row.get("focus", [])))

    def weapon(self, where: str, row: dict) -> int:
        return self.choose(f"{where}.weapon", row.get("weapon", "unarmed"), self.weapon_names)

    def characters(self, rows, changes: dict) -> dict:
        rows = check_rows(self.path, "characters", rows)
        if not 1 <= len(rows) <= st.MAX_PCS:
            self.fail(f"characters lists {len(rows)} PCs; allowed: 1..{st.MAX_PCS}")
        blocks, weapons, protection = [], [], []
        for k, row in enumerate(rows):
            where = f"characters[{k}]"
            check_keys(self.path, where, row, CHARACTER_KEYS, ("attributes", "departments"))
            blocks.append(self.stat_block(where, row))
            weapons.append(self.weapon(where, row))
            protection.append(row.get("protection", 0))
        attributes, departments, focus = zip(*blocks)
        return {"pcs": changes.get("pcs", len(rows)), "pc_attributes": attributes,
                "pc_departments": departments, "pc_focus": focus, "pc_weapon": tuple(weapons),
                "pc_protection": tuple(protection)}

    def tiers(self, table, base: StaConfig) -> dict:
        check_keys(self.path, "tiers", table, TIERS)
        blocks = list(zip(base.tier_attributes, base.tier_departments, base.tier_focus))
        for tier, row in table.items():
            where = f"tiers.{tier}"
            check_keys(self.path, where, row, TIER_KEYS, ("attributes", "departments"))
            blocks[TIERS.index(tier)] = self.stat_block(where, row)
        attributes, departments, focus = zip(*blocks)
        return {"tier_attributes": attributes, "tier_departments": departments,
                "tier_focus": focus}

    def npcs(self, rows) -> dict:
        rows = check_rows(self.path, "npcs", rows)
        if not 1 <= len(rows) <= st.MAX_NPCS:
            self.fail(f"npcs lists {len(rows)} NPCs; allowed: 1..{st.MAX_NPCS}")
        for k, row in enumerate(rows):
            check_keys(self.path, f"npcs[{k}]", row, NPC_KEYS, ("tier",))
            self.choose(f"npcs[{k}].tier", row["tier"], TIERS)
        return {"npc_tiers": tuple(row["tier"] for row in rows),
                "npc_weapon": tuple(self.weapon(f"npcs[{k}]", row) for k, row in enumerate(rows)),
                "npc_protection": tuple(row.get("protection", 0) for row in rows)}

    def battlefield(self, table) -> dict:
        check_keys(self.path, "battlefield", table, BATTLEFIELD_KEYS)
        out = {key: table[key] for key in GENERATOR if key in table}
        if "zones" not in table:
            if "obstacles" in table:
                self.fail("battlefield.obstacles needs battlefield.zones (a fixed battlefield)")
            return out
        zones = check_rows(self.path, "battlefield.zones", table["zones"])
        for z, zone in enumerate(zones):
            check_keys(self.path, f"battlefield.zones[{z}]", zone, ZONE_KEYS)
        out["battlefield_cover"] = tuple(self.pick(f"battlefield.zones[{z}].cover", zone,
                                                   "cover", {False: 0, True: 1}, False)
                                         for z, zone in enumerate(zones))
        out["battlefield_terrain"] = tuple(zone.get("terrain", 0) for zone in zones)
        out["battlefield_obstacles"] = frozen(table.get("obstacles", [0] * (len(zones) - 1)))
        return out


FIELD = re.compile(r"field '(?:len\((?P<count>[a-z_]+)\)|(?P<name>[a-z_]+)(?P<index>(?:\[\d+\])*))'")


def in_file_terms(message: str) -> str:
    """A config refusal with its field renamed as the scenario file spells it
    (``'pc_attributes[1][2]'`` -> ``'characters[1].attributes.fitness'``)."""
    return FIELD.sub(_rename, message, count=1)


def _rename(match: re.Match) -> str:
    if match["count"]:  # len(battlefield_cover): the number of zones
        return "field 'the number of battlefield.zones'"
    return f"field '{_label(match['name'], match['index'])}'"


def _label(name: str, suffix: str) -> str:
    """The file's spelling of config field ``name`` with index ``suffix`` (``[1][2]``)."""
    index = [int(k) for k in re.findall(r"\d+", suffix)]
    if name in GENERATOR or name == "battlefield_obstacles":
        return "battlefield." + ("obstacles" if name == "battlefield_obstacles" else name) + suffix
    if name not in ROW_FIELDS:
        return f"rules.{name}{suffix}"
    part, key = ROW_FIELDS[name]
    if not index:
        return f"{part}[...].{key}"
    row = f"{part}.{TIERS[index[0]]}" if part == "tiers" else f"{part}[{index[0]}]"
    label = f"{row}.{key}"
    if len(index) > 1:
        names = {"attributes": ATTRIBUTES, "departments": DEPARTMENTS}.get(key)
        label += f".{names[index[1]]}" if names else f"[{index[1]}]"
    return label
