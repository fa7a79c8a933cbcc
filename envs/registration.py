"""Registers the scenegym Gymnasium ids (``import scenegym`` does it)."""

from __future__ import annotations

import gymnasium as gym

ENV_IDS = {
    "scenegym/StarforgedSceneChallenge-v0": "scenegym.envs.starforged.env:StarforgedSceneChallenge",
    "scenegym/MomentumScene-v0": "scenegym.envs.momentum.env:MomentumScene",
}
RULESET_OF = {"scenegym/StarforgedSceneChallenge-v0": "starforged",
              "scenegym/MomentumScene-v0": "momentum"}


def register_all() -> None:
    """Register every id not registered yet."""
    for _id, _base in ENV_IDS.items():
        if _id not in gym.registry:
            gym.register(id=_id, entry_point=_base + "Env", vector_entry_point=_base + "VectorEnv",
                         disable_env_checker=False)


register_all()
