"""Ending a scene on an illegal action (the ``illegal="lose"`` option)."""


from scenegym.envs.core.header import CREW, FORFEITED, SEAT, end_episode
from scenegym.envs.core.jit import njit

FORFEIT_REASON = 99


@njit(cache=True)
def forfeit(state, log, i):
    """End env ``i``'s scene as a loss for the seat whose decision was pending."""
    s = state[i]
    result = -1 if s[SEAT] == CREW else 1
    s[FORFEITED] = 1
    end_episode(s, log, i, result, FORFEIT_REASON, 0)
