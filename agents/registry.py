"""Agents by name: ``random``, ``heuristic`` (or ``heuristic-STYLE``), or a trained policy file.

``heuristic-STYLE`` picks a style of a heuristic that has several (``HEURISTIC_STYLES``):
``heuristic-director`` and ``heuristic-adversarial`` are the Momentum GM's two aims.
"""

from __future__ import annotations

from pathlib import Path

from scenegym.agents.momentum_heuristic import MomentumHeuristic
from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.starforged_heuristic import StarforgedHeuristic

HEURISTICS = {"starforged": StarforgedHeuristic, "momentum": MomentumHeuristic}
HEURISTIC_STYLES = {"momentum": MomentumHeuristic.STYLES}
AGENT_NAMES = ("random", "heuristic") + tuple(sorted(
    {f"heuristic-{style}" for styles in HEURISTIC_STYLES.values() for style in styles}))


def make_agent(spec, ruleset: str, seed: int | None = None):
    """An agent from ``spec``: an agent object (returned as is), a name, or a policy path.

    Args:
        spec: ``"random"``, ``"heuristic"``, ``"heuristic-STYLE"`` (a style of the
            ruleset's heuristic, see ``HEURISTIC_STYLES``), a path to a trained policy
            (``.zip`` or ``.onnx``), or any object with an ``act(obs, masks, env_ids)`` method.
        ruleset: Ruleset id, for the heuristic.
        seed: Seed of a random agent (``None``: fresh entropy).
    """
    if hasattr(spec, "act"):
        return spec
    if spec == "random":
        return RandomAgent(seed)
    if spec == "heuristic":
        if ruleset not in HEURISTICS:
            raise ValueError(f"no heuristic agent for ruleset {ruleset!r}; have: {sorted(HEURISTICS)}")
        return HEURISTICS[ruleset]()
    if isinstance(spec, str) and spec.startswith("heuristic-"):
        style = spec.removeprefix("heuristic-")
        styles = HEURISTIC_STYLES.get(ruleset, ())
        if style not in styles:
            allowed = ", ".join(f"heuristic-{s}" for s in styles) or "none"
            raise ValueError(f"unknown agent {spec!r} for ruleset {ruleset!r}; "
                             f"heuristic styles allowed: {allowed}")
        return HEURISTICS[ruleset](style=style)
    if isinstance(spec, (str, Path)) and Path(spec).suffix in (".zip", ".onnx"):
        from scenegym.agents.policy import (
            load_policy_agent,  # trained policies need the train extra
        )

        return load_policy_agent(Path(spec))
    raise ValueError(f"unknown agent {spec!r}: use 'random', 'heuristic', 'heuristic-STYLE', "
                     "a .zip or .onnx policy file, or an object with act(obs, masks, env_ids)")
