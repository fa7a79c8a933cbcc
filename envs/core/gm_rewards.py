"""The GM seat's reward modes, as plain data: the CLI lists them without loading numba.

``adversarial``: the negative of the crew's reward. ``director``: a good scene, not a win
(:mod:`scenegym.envs.core.reward` defines it and computes both).
"""

GM_REWARDS = ("adversarial", "director")
