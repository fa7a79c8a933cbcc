"""The Gymnasium ids of the ``frontiers`` ruleset, importable without its rules (``import scenegym``
registers them without loading numba; the ruleset's value names the same tuple)."""

from scenegym.envs.core.envid import EnvId

ENV = "scenegym.envs.frontiers.env:FrontiersEncounter"

ENV_IDS = (EnvId("scenegym/FrontiersEncounter-v1", ENV + "Env", ENV + "VectorEnv"),)
