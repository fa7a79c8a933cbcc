"""scenegym environments: the batched engine, the rulesets and their Gymnasium adapters.

Importing ``envs`` loads nothing heavy (numba loads with the first ruleset, and its kernel
cache is pointed at this version's folder as it loads: :mod:`scenegym.envs.cache`); importing
a ruleset loads numpy and numba only. The Gymnasium ids are
registered by importing :mod:`scenegym.envs.registration`::

    import gymnasium as gym
    import scenegym  # noqa: F401  (registers the ids)
    env = gym.make("scenegym/StarforgedSceneChallenge-v1", seat="crew")
"""

from scenegym.envs.cache import use_versioned_cache_when_numba_loads

use_versioned_cache_when_numba_loads()  # before any kernel is defined: see envs/cache.py
