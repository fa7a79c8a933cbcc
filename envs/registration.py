"""Registers every ruleset's Gymnasium ids (``import scenegym`` does it for the built-ins)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import gymnasium as gym

from scenegym.envs.core.envid import EnvId
from scenegym.envs.rulesets import BUILTIN, load, register_ruleset, registered_rulesets

if TYPE_CHECKING:
    from scenegym.envs.core.ruleset import Ruleset

GENERIC_ENV = "scenegym.envs.gym_env:SceneEnv"
GENERIC_VECTOR_ENV = "scenegym.envs.gym_env:SceneVectorEnv"


def register_ruleset_ids(ruleset: Ruleset) -> None:
    """Register ``ruleset`` (if new) and each of its env ids not registered yet.

    An id without entry points of its own uses the generic env classes with
    ``ruleset=<name>``.
    """
    register_ruleset(ruleset)
    for env in ruleset.env_ids:
        register_env_id(ruleset.name, env)


def register_env_id(ruleset: str, env: EnvId) -> None:
    """Register ``env`` of the ruleset named ``ruleset`` unless its id is registered.

    Without Gymnasium's order-enforcing wrapper: the env refuses a step or a render before
    ``reset`` itself (``ResetNeeded``), so the wrapper would only add a call to every step.
    The passive env checker stays the user's choice (``gym.make(..., disable_env_checker=)``).
    """
    if env.id in gym.registry:
        return
    kwargs = dict(env.kwargs)
    if env.entry_point is None:
        kwargs["ruleset"] = ruleset
    gym.register(id=env.id, entry_point=env.entry_point or GENERIC_ENV,
                 vector_entry_point=env.vector_entry_point or GENERIC_VECTOR_ENV,
                 kwargs=kwargs, disable_env_checker=False, order_enforce=False)


def register_all() -> None:
    """Register the ids of every known ruleset: the built-ins from their light id modules
    (no rules are loaded, nor numba, until an env is made), then any registered since."""
    for builtin in BUILTIN:
        for env in load(builtin.env_ids):
            register_env_id(builtin.name, env)
    for ruleset in registered_rulesets():
        register_ruleset_ids(ruleset)
