"""Every ruleset by id, loaded on first use."""

from __future__ import annotations

import importlib

from envs.core.ruleset import Ruleset

# ruleset id -> "module:attribute" of its Ruleset value
RULESET_PATHS = {
    "starforged": "envs.starforged.ruleset:STARFORGED",
    "momentum": "envs.momentum.ruleset:MOMENTUM",
}


def get_ruleset(name: str) -> Ruleset:
    """The :class:`Ruleset` called ``name``."""
    if name not in RULESET_PATHS:
        raise ValueError(f"unknown ruleset {name!r}; have: {', '.join(sorted(RULESET_PATHS))}")
    module, attr = RULESET_PATHS[name].split(":")
    return getattr(importlib.import_module(module), attr)
