"""Agents that act on batches: random, a heuristic per ruleset, trained policies.

Use :func:`make_agent` to get one by name.
"""

from __future__ import annotations

from scenegym.agents import registry
from scenegym.agents.registry import make_agent

__all__ = ["AGENT_NAMES", "make_agent"]


def __getattr__(name: str):
    """``AGENT_NAMES`` (:mod:`scenegym.agents.registry`), made on first use."""
    return getattr(registry, name)
