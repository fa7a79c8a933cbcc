"""Every ruleset by name: the built-in ones, loaded on first use, and any registered later.

A built-in ruleset is named once, in :data:`BUILTIN`. A ruleset defined elsewhere (a
designer's own game, a test fixture) joins with :func:`register_ruleset`; its Gymnasium ids
are registered by :func:`scenegym.envs.registration.register_ruleset_ids`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the contract loads numba: imported where a ruleset is first loaded
    from scenegym.envs.core.ruleset import Ruleset


class Builtin(NamedTuple):
    """A built-in ruleset by reference: its name, its ``Ruleset`` value and its env ids (a
    light module's tuple, which the value names too), each as ``"module:attribute"``, and
    the light module of its ``scenegym odds`` options (help text and ``add_arguments``, which
    the value's ``odds`` module re-exports), or None: the command's parser loads no rules,
    nor numba."""

    name: str
    ruleset: str
    env_ids: str
    odds_options: str | None = None


BUILTIN = (
    Builtin("starforged", "scenegym.envs.starforged.ruleset:STARFORGED",
            "scenegym.envs.starforged.ids:ENV_IDS", "scenegym.envs.starforged.odds_options"),
    Builtin("momentum", "scenegym.envs.momentum.ruleset:MOMENTUM",
            "scenegym.envs.momentum.ids:ENV_IDS", "scenegym.envs.momentum.odds_options"),
    Builtin("frontiers", "scenegym.envs.frontiers.ruleset:FRONTIERS",
            "scenegym.envs.frontiers.ids:ENV_IDS", "scenegym.envs.frontiers.odds_options"),
    Builtin("sta", "scenegym.envs.sta.ruleset:STA", "scenegym.envs.sta.ids:PERSONAL_ENV_IDS",
            "scenegym.envs.sta.odds_options"),
    Builtin("sta_social", "scenegym.envs.sta.ruleset:STA_SOCIAL",
            "scenegym.envs.sta.ids:SOCIAL_ENV_IDS"),
)

_RULESETS: dict[str, Ruleset] = {}


def load(reference: str):
    """The object a ``"module:attribute"`` reference names."""
    module, _, attr = reference.partition(":")
    return getattr(importlib.import_module(module), attr)


def _load(builtin: Builtin) -> Ruleset:
    """The built-in ruleset ``builtin`` names, loaded (its rules imported) on first use."""
    if builtin.name not in _RULESETS:
        ruleset = load(builtin.ruleset)
        if ruleset.name != builtin.name:
            raise ValueError(f"BUILTIN entry {builtin.name!r} names the ruleset "
                             f"{ruleset.name!r}: an entry's name is its ruleset's")
        _RULESETS[builtin.name] = ruleset
    return _RULESETS[builtin.name]


def _load_builtin() -> None:
    for builtin in BUILTIN:
        _load(builtin)


def registered_rulesets() -> list[Ruleset]:
    """The rulesets loaded or registered so far (none are loaded for this)."""
    return list(_RULESETS.values())


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Add ``ruleset`` by its name (registering the same value again is a no-op)."""
    from scenegym.envs.core.ruleset import Ruleset

    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"register_ruleset takes a Ruleset, got {type(ruleset).__name__}")
    _load_builtin()
    known = _RULESETS.get(ruleset.name)
    if known is not None and known is not ruleset:
        raise ValueError(f"a different ruleset is already registered as {ruleset.name!r}")
    taken = {e.id: rs.name for rs in _RULESETS.values() for e in rs.env_ids if rs is not ruleset}
    clash = [e.id for e in ruleset.env_ids if e.id in taken]
    if clash:
        raise ValueError(f"env id {clash[0]!r} already belongs to ruleset {taken[clash[0]]!r}")
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def get_ruleset(name: str) -> Ruleset:
    """The :class:`Ruleset` called ``name`` (a built-in's rules are imported for it alone:
    making one game's env loads no other game's modules)."""
    if name in _RULESETS:
        return _RULESETS[name]
    builtin = next((b for b in BUILTIN if b.name == name), None)
    if builtin is None:
        raise ValueError(f"unknown ruleset {name!r}; have: {', '.join(ruleset_names())}")
    return _load(builtin)


def ruleset_names() -> list[str]:
    """Every ruleset's name, sorted (the built-ins by their entries: none is loaded)."""
    return sorted({b.name for b in BUILTIN} | set(_RULESETS))


def env_ids() -> list[str]:
    """Every ruleset's Gymnasium ids, sorted (the built-ins' from their light id modules:
    no rules are loaded, nor numba)."""
    ids = {e.id for b in BUILTIN for e in load(b.env_ids)}
    return sorted(ids | {e.id for rs in _RULESETS.values() for e in rs.env_ids})


def odds_options() -> dict[str, tuple[str, list[str]]]:
    """Each ruleset with odds, by name (sorted): the module of its ``scenegym odds`` options
    (help text and ``add_arguments``) and its env ids. A built-in's come from its entry in
    :data:`BUILTIN` (no rules are loaded, nor numba); a registered ruleset's options are
    its ``odds`` module's."""
    found = {b.name: (b.odds_options, [e.id for e in load(b.env_ids)])
             for b in BUILTIN if b.odds_options}
    for rs in _RULESETS.values():
        if rs.odds is not None and rs.name not in found:
            found[rs.name] = (rs.odds, [e.id for e in rs.env_ids])
    return dict(sorted(found.items()))


def ruleset_of_env(env_id: str) -> Ruleset:
    """The ruleset that registers ``env_id`` (a built-in found by its light id module, and
    loaded alone)."""
    for builtin in BUILTIN:
        if any(e.id == env_id for e in load(builtin.env_ids)):
            return _load(builtin)
    for rs in _RULESETS.values():
        if any(e.id == env_id for e in rs.env_ids):
            return rs
    raise ValueError(f"unknown env id {env_id!r}; registered: {', '.join(env_ids())}")


def make_rulestats(ruleset: str, config):
    """The playtest statistics collector of ``ruleset`` under ``config``
    (:mod:`scenegym.envs.core.rulestats`)."""
    from scenegym.envs.core.rulestats import NoRuleStats

    module = get_ruleset(ruleset).rulestats
    if module is None:
        return NoRuleStats()
    return importlib.import_module(module).make(config)
