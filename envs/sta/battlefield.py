"""The battlefield: a line of zones with cover, difficult terrain and obstacles.

Star Trek Adventures 2nd edition core rulebook, "The Battlefield", p. 285: "A simple
battlefield may consist of three to five significant zones"; zones carry "terrain effects
defined when the gamemaster creates them, like cover or difficult terrain"; obstacles "exist
between zones". Ranges count zones: Close is the same zone, Medium adjacent, Long two away,
Extreme three or more. Here the zones form a line and a scene's battlefield is either fixed
by the config or generated from the scene's own dice.
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DIE, record
from scenegym.envs.core.jit import njit
from scenegym.envs.sta.state import DIE_BATTLEFIELD, OBSTACLE, ZONE_COVER, ZONE_TERRAIN, ZONES

PERCENT = 100


@njit(cache=True)
def chance(p, dice, log, i, percent):
    """A d100 at or under ``percent``."""
    face = roll(dice, i, PERCENT)
    record(log, i, DIE, PERCENT, face, DIE_BATTLEFIELD, 0)
    return face <= percent


@njit(cache=True)
def cost_die(p, dice, log, i):
    """A terrain or obstacle cost, 1..terrain_cost_max."""
    face = roll(dice, i, p.terrain_cost_max)
    record(log, i, DIE, p.terrain_cost_max, face, DIE_BATTLEFIELD, 0)
    return face


@njit(cache=True)
def build_battlefield(s, p, dice, log, i):
    """Lay out this scene's zones: the config's fixed battlefield, or a generated one."""
    if p.fixed_zones > 0:
        s[ZONES] = p.fixed_zones
        for z in range(p.fixed_zones):
            s[ZONE_COVER + z] = p.cover[z]
            s[ZONE_TERRAIN + z] = p.terrain[z]
            s[OBSTACLE + z] = p.obstacles[z]
        return
    span = p.zones_max - p.zones_min + 1
    n = p.zones_min + (roll(dice, i, span) - 1 if span > 1 else 0)
    s[ZONES] = n
    for z in range(n):
        s[ZONE_COVER + z] = chance(p, dice, log, i, p.cover_percent)
        if chance(p, dice, log, i, p.terrain_percent):
            s[ZONE_TERRAIN + z] = cost_die(p, dice, log, i)
        if z < n - 1 and chance(p, dice, log, i, p.obstacle_percent):
            s[OBSTACLE + z] = cost_die(p, dice, log, i)


@njit(cache=True)
def distance(a, b):
    """Zones between two zones: 0 Close, 1 Medium, 2 Long, 3+ Extreme."""
    return abs(a - b)


@njit(cache=True)
def move_cost(s, a, b):
    """Momentum to move from zone ``a`` to adjacent (or the same) zone ``b``: leaving
    difficult terrain, plus any obstacle crossed."""
    if a == b:
        return 0
    return s[ZONE_TERRAIN + a] + s[OBSTACLE + min(a, b)]
