"""The state header every ruleset shares: the first columns of each env's state row.

The engine's unit of play is the *episode*: what one Gymnasium episode covers (a scene in
starforged, a scene or a whole mission in momentum). A ruleset's scenes, rounds and acts are
its own columns.

A ruleset's state is one ``int32[n, F]`` array, a row per env (batch-first). Columns
``0 .. HEADER_SIZE-1`` are this header; the ruleset's own fields follow, named by constants
in its ``state.py`` so a kernel reads ``s[MOMENTUM] += 1`` like the rulebook. The columns'
names are defined in :mod:`scenegym.envs.core.header_columns` (no numba) and re-exported here.
"""

from __future__ import annotations

from scenegym.envs.core.events import EPISODE_END, record

# the header's names, defined without numba and re-exported
from scenegym.envs.core.header_columns import CREW as CREW
from scenegym.envs.core.header_columns import DECISIONS as DECISIONS
from scenegym.envs.core.header_columns import EPISODE as EPISODE
from scenegym.envs.core.header_columns import FORFEITED as FORFEITED
from scenegym.envs.core.header_columns import GM as GM
from scenegym.envs.core.header_columns import GM_EXTRA as GM_EXTRA
from scenegym.envs.core.header_columns import HEADER_SIZE as HEADER_SIZE
from scenegym.envs.core.header_columns import LEAD as LEAD
from scenegym.envs.core.header_columns import LEAD_CHANGES as LEAD_CHANGES
from scenegym.envs.core.header_columns import MARGIN as MARGIN
from scenegym.envs.core.header_columns import NOBODY as NOBODY
from scenegym.envs.core.header_columns import OVER as OVER
from scenegym.envs.core.header_columns import OVER_PHASE as OVER_PHASE
from scenegym.envs.core.header_columns import PAID as PAID
from scenegym.envs.core.header_columns import PAYOUT as PAYOUT
from scenegym.envs.core.header_columns import PHASE as PHASE
from scenegym.envs.core.header_columns import RESULT as RESULT
from scenegym.envs.core.header_columns import SEAT as SEAT
from scenegym.envs.core.header_columns import SEAT_NAMES as SEAT_NAMES
from scenegym.envs.core.header_columns import TRUNCATED as TRUNCATED
from scenegym.envs.core.jit import njit


@njit(cache=True)
def end_episode(s, log, i, result, reason, truncated):
    """Close the scene of state row ``s`` (env ``i``) with ``result`` for the crew."""
    s[OVER] = 1
    s[RESULT] = result
    s[TRUNCATED] = truncated
    s[PHASE] = OVER_PHASE
    s[SEAT] = NOBODY
    record(log, i, EPISODE_END, result, reason, truncated, 0)


@njit(cache=True)
def cut_off(s, log, i, value, reason):
    """Close the scene of row ``s`` (env ``i``) as cut off by the rules' own limit: the crew's
    result is the ruleset's ``cutoff_result`` ``value``, and so is the GM's
    (:func:`count_cut_off`)."""
    count_cut_off(s, value)
    end_episode(s, log, i, value, reason, 1)


@njit(cache=True)
def count_cut_off(s, value):
    """Record that a cut-off paid to the crew this step (a scene's, or a mission's or an
    expedition's encounter's) is worth ``value`` to the GM too: the GM, paid the negative of
    the crew's reward, is owed ``2 * value`` more."""
    pay_gm_extra(s, 2 * value)


@njit(cache=True)
def pay_gm_extra(s, amount):
    """Pay the adversarial GM ``amount`` beyond the negative of the crew's reward this step."""
    s[GM_EXTRA] += amount


@njit(cache=True)
def gm_extra_due(s):
    """What the adversarial GM is owed this step beyond the negative of the crew's reward
    just paid (:func:`crew_reward`); clears it."""
    v = s[GM_EXTRA]
    s[GM_EXTRA] = 0
    return v


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
    s[EPISODE] = scene
    s[DECISIONS] = 0
    s[LEAD] = 0
    s[LEAD_CHANGES] = 0
    s[MARGIN] = 0
    s[FORFEITED] = 0
    s[PAYOUT] = 0
    s[PAID] = 0
    s[GM_EXTRA] = 0
