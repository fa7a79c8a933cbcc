"""Agents that act on batches: random, a heuristic per ruleset, trained policies.

Use :func:`make_agent` to get one by name.
"""

from __future__ import annotations

from scenegym.agents.registry import AGENT_NAMES, make_agent

__all__ = ["AGENT_NAMES", "make_agent"]
