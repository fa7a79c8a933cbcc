"""A Gymnasium id a ruleset registers, as plain data: its module imports nothing heavy, so the
package registers every id without loading a ruleset's rules (nor numba)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

SCENARIO = "scenario"  # the option naming a content file, beside the config fields


class EnvId(NamedTuple):
    """A Gymnasium id a ruleset registers.

    Attributes:
        id: The id (``"scenegym/StarforgedSceneChallenge-v1"``).
        entry_point: ``"module:Class"`` of its single env (its docstring is the spec), or
            ``None`` for the generic :class:`scenegym.envs.gym_env.SceneEnv`.
        vector_entry_point: ``"module:Class"`` of its native vector env, or ``None``.
        kwargs: Defaults this id passes to the env (config fields, ``seat``, ...).
    """

    id: str
    entry_point: str | None = None
    vector_entry_point: str | None = None
    kwargs: Mapping[str, Any] = {}
