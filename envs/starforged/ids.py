"""The Gymnasium ids of the ``starforged`` ruleset, importable without its rules (``import scenegym``
registers them without loading numba; the ruleset's value names the same tuple)."""

from scenegym.envs.core.envid import EnvId

ENV = "scenegym.envs.starforged.env:StarforgedSceneChallenge"

ENV_IDS = (EnvId("scenegym/StarforgedSceneChallenge-v1", ENV + "Env", ENV + "VectorEnv"),)
