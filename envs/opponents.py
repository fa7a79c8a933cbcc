"""Opponents by name: the agent maker that the layer above the engine registers.

A Gymnasium env plays the seat its learner does not play with an agent named by a string
(``"heuristic"``, ``"random"``, a policy file). Making one is the agents layer's job, and the
adapters never import or name a layer above them: the package root (``import scenegym``)
registers the maker with :func:`register_agent_maker`, by a lazy ``"module:function"``
reference so that nothing is imported before an opponent is made.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

_MAKER: list = []  # the registered maker: a callable, or a "module:function" reference


def register_agent_maker(maker: Callable | str) -> None:
    """Make opponents with ``maker(spec, ruleset, seed, config, seat)`` from now on."""
    if not (callable(maker) or (isinstance(maker, str) and ":" in maker)):
        raise TypeError(f"an agent maker is a callable or a 'module:function' string, got {maker!r}")
    _MAKER[:] = [maker]


def make_agent(spec, ruleset: str, seed: int | None, config, seat: str):
    """The agent ``spec`` names, made by the registered maker.

    Raises:
        RuntimeError: No maker is registered (the package root was not imported).
    """
    if not _MAKER:
        raise RuntimeError(f"no agent maker is registered to make opponent {spec!r}: "
                           "import scenegym (the package root registers the agent maker)")
    maker = _MAKER[0]
    if isinstance(maker, str):
        module, _, attr = maker.partition(":")
        maker = _MAKER[0] = getattr(importlib.import_module(module), attr)
    return maker(spec, ruleset, seed, config, seat)
