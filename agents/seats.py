"""Both seats played by agents on a scene batch (playtests, replays, tests)."""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import OVER, SEAT
from scenegym.envs.core.policy import ask


def choose_actions(batch: SceneBatch, agents: dict, actions: np.ndarray,
                   active: np.ndarray | None = None) -> np.ndarray:
    """Each seat's agent decides for the running envs where that seat is pending.

    Args:
        batch: The scenes.
        agents: ``{seat: agent}`` for the seats to play (``envs.core.header.CREW``, ``GM``).
        actions: int64[n], filled in place for the envs decided.
        active: bool[n] envs to decide for (default: every running env).

    Returns:
        ``actions``.
    """
    if active is None:
        active = batch.state[:, OVER] == 0
    seat = batch.state[:, SEAT]
    for s, agent in agents.items():
        idx = np.flatnonzero(active & (seat == s))
        if idx.size:
            actions[idx] = ask(agent, batch, idx)
    return actions
