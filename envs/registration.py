"""Registers every ruleset's Gymnasium ids (``import scenegym`` does it for the built-ins)."""

from __future__ import annotations

import gymnasium as gym

from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.rulesets import get_ruleset, register_ruleset, ruleset_names

GENERIC_ENV = "scenegym.envs.gym_env:SceneEnv"
GENERIC_VECTOR_ENV = "scenegym.envs.gym_env:SceneVectorEnv"


def register_ruleset_ids(ruleset: Ruleset) -> None:
    """Register ``ruleset`` (if new) and each of its env ids not registered yet.

    An id without entry points of its own uses the generic env classes with
    ``ruleset=<name>``.
    """
    register_ruleset(ruleset)
    for env in ruleset.env_ids:
        if env.id in gym.registry:
            continue
        kwargs = dict(env.kwargs)
        if env.entry_point is None:
            kwargs["ruleset"] = ruleset.name
        gym.register(id=env.id, entry_point=env.entry_point or GENERIC_ENV,
                     vector_entry_point=env.vector_entry_point or GENERIC_VECTOR_ENV,
                     kwargs=kwargs, disable_env_checker=False)


def register_all() -> None:
    """Register the ids of every known ruleset."""
    for name in ruleset_names():
        register_ruleset_ids(get_ruleset(name))
