"""The Gymnasium ids of the ``momentum`` ruleset, importable without its rules (``import scenegym``
registers them without loading numba; the ruleset's value names the same tuple)."""

from scenegym.envs.core.envid import EnvId

ENV = "scenegym.envs.momentum.env:MomentumScene"

ENV_IDS = (EnvId("scenegym/MomentumScene-v1", ENV + "Env", ENV + "VectorEnv"),)
