"""The Gymnasium ids of the ``sta`` and ``sta_social`` rulesets, importable without their rules
(``import scenegym`` registers them without loading numba; each ruleset's value names its
tuple)."""

from scenegym.envs.core.envid import EnvId

ENV = "scenegym.envs.sta.env:STA"


def sta_env_id(env_id: str, kind: str) -> EnvId:
    """The id ``env_id`` with the env classes ``STA<kind>Env`` / ``STA<kind>VectorEnv``."""
    return EnvId(env_id, f"{ENV}{kind}Env", f"{ENV}{kind}VectorEnv")


PERSONAL_ENV_IDS = (sta_env_id("scenegym/STAPersonalConflict-v1", "PersonalConflict"),)
SOCIAL_ENV_IDS = (sta_env_id("scenegym/STASocialConflict-v1", "SocialConflict"),)
