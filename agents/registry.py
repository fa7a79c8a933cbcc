"""Agents by name: ``random``, ``heuristic``, or a path to a trained policy file."""

from __future__ import annotations

from pathlib import Path

from agents.momentum_heuristic import MomentumHeuristic
from agents.random_agent import RandomAgent
from agents.starforged_heuristic import StarforgedHeuristic

HEURISTICS = {"starforged": StarforgedHeuristic, "momentum": MomentumHeuristic}
AGENT_NAMES = ("random", "heuristic")


def make_agent(spec, ruleset: str, seed: int | None = None):
    """An agent from ``spec``: an agent object (returned as is), a name, or a policy path.

    Args:
        spec: ``"random"``, ``"heuristic"``, a path to a trained policy (``.zip`` or
            ``.onnx``), or any object with an ``act(obs, masks, env_ids)`` method.
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
    if isinstance(spec, (str, Path)) and Path(spec).suffix in (".zip", ".onnx"):
        from agents.policy import load_policy_agent  # trained policies need the train extra

        return load_policy_agent(Path(spec))
    raise ValueError(f"unknown agent {spec!r}: use 'random', 'heuristic', a .zip or .onnx policy "
                     "file, or an object with act(obs, masks, env_ids)")
