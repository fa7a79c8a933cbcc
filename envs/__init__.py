"""scenegym environments: the batched engine, the rulesets and their Gymnasium adapters.

Importing ``envs`` or any ruleset loads numpy and numba only. The Gymnasium ids are
registered by importing :mod:`scenegym.envs.registration`::

    import gymnasium as gym
    import scenegym  # noqa: F401  (registers the ids)
    env = gym.make("scenegym/StarforgedSceneChallenge-v1", seat="crew")
"""

from scenegym.envs.cache import use_versioned_cache

NUMBA_CACHE = use_versioned_cache()  # before any kernel is defined: see envs/cache.py
