"""scenegym: tabletop role-playing rules as two-sided Gymnasium environments.

Importing ``scenegym`` registers every env id of every ruleset with Gymnasium::

    import gymnasium as gym
    import scenegym

    env = gym.make("scenegym/StarforgedSceneChallenge-v0", seat="crew")

``gym.make("scenegym:scenegym/StarforgedSceneChallenge-v0")`` imports it for you.
"""

from scenegym.envs.registration import register_all

__version__ = "0.1.0"

register_all()
