"""scenegym: tabletop role-playing rules as two-sided Gymnasium environments.

Importing ``scenegym`` registers every env id of every ruleset with Gymnasium::

    import gymnasium as gym
    import scenegym

    env = gym.make("scenegym/StarforgedSceneChallenge-v1", seat="crew")

``gym.make("scenegym:scenegym/StarforgedSceneChallenge-v1")`` imports it for you.

``scenegym.pettingzoo`` is the PettingZoo AEC env of every id (the ``pettingzoo`` extra)::

    from scenegym import pettingzoo
    env = pettingzoo.env("scenegym/StarforgedSceneChallenge-v1")
"""

import importlib
import importlib.abc
import importlib.util
import sys

from scenegym.envs.core.version import __version__ as __version__
from scenegym.envs.opponents import register_agent_maker
from scenegym.envs.registration import register_all

# name -> module: ``scenegym.NAME`` loads the module on first use (optional dependencies)
ALIASES = {"pettingzoo": "scenegym.envs.aec"}

register_all()
register_agent_maker("scenegym.agents.registry:make_agent")  # the agents layer, above the envs


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Lets ``import scenegym.pettingzoo`` load the aliased module itself, not a copy."""

    def find_spec(self, name, path=None, target=None):
        prefix, _, short = name.partition("scenegym.")
        if prefix or short not in ALIASES:
            return None
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return importlib.import_module(ALIASES[spec.name.removeprefix("scenegym.")])

    def exec_module(self, module):
        """Nothing to run (the module ran under its own name); it keeps its own spec."""
        module.__spec__ = importlib.util.find_spec(module.__name__)


def __getattr__(name):
    """``scenegym.pettingzoo``: the aliased module, imported on first use."""
    if name in ALIASES:
        module = importlib.import_module(ALIASES[name])
        sys.modules[f"scenegym.{name}"] = module
        return module
    raise AttributeError(f"module 'scenegym' has no attribute {name!r}")


if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
    sys.meta_path.append(_AliasFinder())
