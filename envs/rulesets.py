"""Every ruleset by id, loaded on first use."""

from __future__ import annotations

import importlib

from scenegym.envs.core.ruleset import Ruleset

# ruleset id -> "module:attribute" of its Ruleset value
RULESET_PATHS = {
    "starforged": "scenegym.envs.starforged.ruleset:STARFORGED",
    "momentum": "scenegym.envs.momentum.ruleset:MOMENTUM",
}


def get_ruleset(name: str) -> Ruleset:
    """The :class:`Ruleset` called ``name``."""
    if name not in RULESET_PATHS:
        raise ValueError(f"unknown ruleset {name!r}; have: {', '.join(sorted(RULESET_PATHS))}")
    module, attr = RULESET_PATHS[name].split(":")
    return getattr(importlib.import_module(module), attr)


def ruleset_names() -> list[str]:
    """Every ruleset id."""
    return sorted(RULESET_PATHS)
