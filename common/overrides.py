"""Config overrides written as text: ``FIELD=VALUE`` pairs.

``scenegym report`` arms (``--arm "name=crew=heuristic,rank=dangerous"``) and the training
commands (``--set rank=dangerous``) read config fields this way, as ``gym.make(id,
field=value)`` takes them: a value is a Python literal (``4``, ``False``, ``(4, 4, 4)``)
or else the text itself (``dangerous``); a bool field also takes ``true`` and ``false`` in
any case. ``scenario=PATH`` names a content file (or a
shipped scenario) for the rulesets that read them; its text is kept as it is.
"""

from __future__ import annotations

import ast

from scenegym.envs.core.envid import SCENARIO


def split_items(spec: str) -> list[str]:
    """Split on commas that are not inside brackets (tuples stay whole)."""
    items, depth, current = [], 0, ""
    for ch in spec:
        depth += ch in "(["
        depth -= ch in ")]"
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += ch
    return [i for i in items + [current] if i]


def parse_value(value: str):
    """A Python literal (int, bool, tuple) if it is one, else the string itself."""
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return value


def parse_overrides(items, config_type, option: str = "--set") -> dict:
    """``["field=value", ...]`` as ``{field: value}``.

    Args:
        items: ``FIELD=VALUE`` texts.
        config_type: The ruleset's config class (its fields are the allowed keys).
        option: The command-line option named in errors.

    Raises:
        ValueError: An item is not ``FIELD=VALUE`` or names no field of ``config_type``
            (the message lists the fields).
    """
    overrides = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"{option} {item!r}: expected FIELD=VALUE (e.g. max_moves=20)")
        overrides[key] = parse_item(option, item, key, value, config_type)
    return overrides


def parse_item(option: str, item: str, key: str, value: str, config_type):
    """The value of one ``key=value`` item: a config field's parsed value, or the scenario
    path as written.

    Raises:
        ValueError: ``key`` names no config field (the message lists them).
    """
    if key == SCENARIO:
        return value
    if key not in config_type.field_names():
        raise ValueError(f"{option} {item!r}: {key!r} is not a config field; allowed: "
                         f"{', '.join(config_type.field_names())}, {SCENARIO}")
    if field_type(config_type, key) == "bool" and value.lower() in BOOLS:
        return BOOLS[value.lower()]
    return parse_value(value)


BOOLS = {"true": True, "false": False}  # a bool field's value in any case, as shells write it


def field_type(config_type, key: str) -> str:
    """The annotation of config field ``key`` as written (``"bool"``, ``"int"``, ...)."""
    from dataclasses import fields

    return next((str(f.type) for f in fields(config_type) if f.name == key), "")


def from_json(value):
    """A value read back from JSON: lists become tuples again (config fields hold tuples)."""
    if isinstance(value, dict):
        return {k: from_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(from_json(v) for v in value)
    return value
