"""The state header every ruleset shares: the first columns of each env's state row.

A ruleset's state is one ``int32[n, F]`` array, a row per env (batch-first). Columns
``0 .. HEADER_SIZE-1`` are this header; the ruleset's own fields follow, named by constants
in its ``state.py`` so a kernel reads ``s[MOMENTUM] += 1`` like the rulebook.
"""

from __future__ import annotations

from numba import njit

from scenegym.envs.core.events import SCENE_END, record

# Seats.
CREW = 0
GM = 1
NOBODY = -1
SEAT_NAMES = {CREW: "crew", GM: "gm"}

# Header columns (each a scalar per env).
PHASE = 0       # pending decision, a ruleset phase code; OVER_PHASE when the scene is over
SEAT = 1        # seat whose decision is pending: CREW, GM or NOBODY
OVER = 2        # 1 once the scene has ended (won, lost or cut off)
RESULT = 3      # +1 crew won, -1 crew lost, 0 cut off or still running
TRUNCATED = 4   # 1 if the scene was cut off by the decision limit
SCENE = 5       # index k of the scene within the env's stream
DECISIONS = 6   # decisions taken in this scene
LEAD = 7        # who leads now by the ruleset's measure: +1 crew, -1 GM, 0 level
LEAD_CHANGES = 8  # times the lead changed hands this scene
MARGIN = 9      # size of the current lead, 0..100 (percent of the ruleset's scale)
FORFEITED = 10  # 1 if the scene ended on an illegal action (illegal="lose")
PAYOUT = 11     # crew reward due at this step before the end (paid and cleared by the batch)
PAID = 12       # crew reward paid before the end of this episode
HEADER_SIZE = 13

OVER_PHASE = -1


@njit(cache=True)
def end_scene(s, log, i, result, reason, truncated):
    """Close the scene of state row ``s`` (env ``i``) with ``result`` for the crew."""
    s[OVER] = 1
    s[RESULT] = result
    s[TRUNCATED] = truncated
    s[PHASE] = OVER_PHASE
    s[SEAT] = NOBODY
    record(log, i, SCENE_END, result, reason, truncated, 0)


@njit(cache=True)
def pay(s, amount):
    """Pay the crew ``amount`` now, before the episode ends (a mission's scene won or lost).

    The crew's reward at the end is then ``RESULT`` less what was paid before, so an
    episode's return is always its ``RESULT``.
    """
    s[PAYOUT] += amount
    s[PAID] += amount


@njit(cache=True)
def crew_reward(s):
    """The crew's reward for the step just taken; clears the payout."""
    r = s[PAYOUT]
    s[PAYOUT] = 0
    if s[OVER] == 1:
        r += s[RESULT] - s[PAID]
    return r


@njit(cache=True)
def set_lead(s, lead, margin):
    """Record who leads now (+1 crew, -1 GM, 0 level) and by how much (0..100).

    A change of hands counts when the side in front differs from the last side in front.
    """
    if lead != 0 and s[LEAD] != 0 and lead != s[LEAD]:
        s[LEAD_CHANGES] += 1
    if lead != 0:
        s[LEAD] = lead
    s[MARGIN] = margin


@njit(cache=True)
def clear_header(s, scene):
    """Reset the header at the start of scene ``scene``."""
    s[OVER] = 0
    s[RESULT] = 0
    s[TRUNCATED] = 0
    s[SCENE] = scene
    s[DECISIONS] = 0
    s[LEAD] = 0
    s[LEAD_CHANGES] = 0
    s[MARGIN] = 0
    s[FORFEITED] = 0
    s[PAYOUT] = 0
    s[PAID] = 0
