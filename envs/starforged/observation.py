"""The Starforged observation: a float32 vector, every slot scaled into [-1, 1].

Both seats see the same vector (the scene challenge hides nothing). :data:`SLOTS` declares
every slot once, by name and scale (:mod:`scenegym.envs.core.slots`): a slot holds its
quantity divided by the scale, so ``o[SLOT.momentum] * SCALE.momentum`` is the momentum under
any config. Slots of scale ``AS_IS`` are flags, one-hots and shares.
"""

from __future__ import annotations

from scenegym.envs.core.header import PHASE
from scenegym.envs.core.jit import njit
from scenegym.envs.core.slots import AS_IS, observation_slots, one_hot, write_one_hot
from scenegym.envs.starforged.config import IMPACTS
from scenegym.envs.starforged.rules import impacts, max_momentum, momentum_reset
from scenegym.envs.starforged.state import (
    ACTION_DIE,
    APPROACH,
    BONUS,
    BURN_OUTCOME,
    CHALLENGE1,
    CHALLENGE2,
    CLOCK,
    HEALTH,
    MAX_BONUS,
    MAX_BOXES,
    MAX_METER,
    MAX_MOMENTUM,
    MAX_SEGMENTS,
    MAX_STAT,
    MOMENTUM,
    MOVE_KIND,
    MOVES,
    NUM_PHASES,
    NUM_STATS,
    PHASE_NAMES,
    PROGRESS,
    ROLL_OUTCOME,
    SCORE,
    SEGMENTS,
    SHAKEN,
    SPIRIT,
    STAT_NAMES,
    STATS,
    STRONG_HIT,
    SUPPLY,
    UNPREPARED,
    WOUNDED,
)

SLOTS = observation_slots(
    one_hot(f"phase_{PHASE_NAMES[k]}" for k in range(NUM_PHASES))
    + [("momentum", MAX_MOMENTUM), ("max_momentum", MAX_MOMENTUM),
       ("momentum_reset", MAX_MOMENTUM),
       ("health", MAX_METER), ("spirit", MAX_METER), ("supply", MAX_METER)]
    + one_hot(("wounded", "shaken", "unprepared"))
    + [(name, MAX_STAT) for name in STAT_NAMES]
    # how the crew must act at its move (the approach named), none when the stat is free
    + one_hot(f"approach_{name}" for name in STAT_NAMES)
    + [("progress_share", AS_IS), ("progress_boxes", MAX_BOXES), ("clock_filled_share", AS_IS),
       ("clock_segments", MAX_SEGMENTS), ("clock_segments_left", MAX_SEGMENTS),
       ("bonus", MAX_BONUS), ("moves_share", AS_IS)]
    # the roll being resolved: dice as shares of their sides
    + [("action_die", AS_IS), ("action_score", AS_IS), ("challenge_die_1", AS_IS),
       ("challenge_die_2", AS_IS), ("outcome", STRONG_HIT), ("match", AS_IS),
       ("burn_outcome", STRONG_HIT), ("move_is_secure_advantage", AS_IS),
       ("impacts", IMPACTS)]
)
OBSERVATION_NAMES = SLOTS.names
OBS_SIZE = len(OBSERVATION_NAMES)
SLOT, SCALE = SLOTS.index, SLOTS.scale


# ``arcp`` lets LLVM divide by a shared reciprocal: for the small integers divided here the
# float32 results equal true division's bit for bit (checked for |x| <= 1e5, 1 <= d <= 1000),
# and these functions run a third faster.
@njit(cache=True, fastmath={"arcp"})
def observe(s, p, o):
    """Write env row ``s``'s observation into ``o`` (float32[OBS_SIZE])."""
    o[:] = 0.0
    observe_phase(s, o)
    observe_crew(s, p, o)
    if s[APPROACH] > 0:
        o[SLOT.approach_edge + s[APPROACH] - 1] = 1.0
    observe_scene(s, p, o)
    observe_roll(s, p, o)


@njit(cache=True, fastmath={"arcp"})
def heuristic_view(s, p, o):
    """The slots the heuristic reads (``scenegym.envs.starforged.heuristic``), as
    :func:`observe` writes them: the phase, the crew's meters and edges, the scene."""
    observe_phase(s, o)
    observe_crew(s, p, o)
    observe_scene(s, p, o)


@njit(cache=True)
def observe_phase(s, o):
    """The pending decision's phase, one-hot."""
    write_one_hot(o, SLOT.phase_situation, NUM_PHASES, s[PHASE])


@njit(cache=True, fastmath={"arcp"})
def observe_crew(s, p, o):
    """The crew's momentum, meters, debilities and stats."""
    o[SLOT.momentum] = s[MOMENTUM] / SCALE.momentum
    o[SLOT.max_momentum] = max_momentum(s, p) / SCALE.max_momentum
    o[SLOT.momentum_reset] = momentum_reset(s, p) / SCALE.momentum_reset
    o[SLOT.health] = s[HEALTH] / SCALE.health
    o[SLOT.spirit] = s[SPIRIT] / SCALE.spirit
    o[SLOT.supply] = s[SUPPLY] / SCALE.supply
    o[SLOT.wounded] = s[WOUNDED]
    o[SLOT.shaken] = s[SHAKEN]
    o[SLOT.unprepared] = s[UNPREPARED]
    for k in range(NUM_STATS):
        o[SLOT.edge + k] = s[STATS + k] / SCALE.edge


@njit(cache=True, fastmath={"arcp"})
def observe_scene(s, p, o):
    """The progress track, the tension clock, the pending bonus and the moves made."""
    o[SLOT.progress_share] = s[PROGRESS] / p.track_ticks
    o[SLOT.progress_boxes] = (s[PROGRESS] // p.ticks_per_box) / SCALE.progress_boxes
    o[SLOT.clock_filled_share] = s[CLOCK] / max(s[SEGMENTS], 1)
    o[SLOT.clock_segments] = s[SEGMENTS] / SCALE.clock_segments
    o[SLOT.clock_segments_left] = (s[SEGMENTS] - s[CLOCK]) / SCALE.clock_segments_left
    o[SLOT.bonus] = min(s[BONUS], MAX_BONUS) / SCALE.bonus
    o[SLOT.moves_share] = min(s[MOVES] / p.max_moves, 1.0)


@njit(cache=True, fastmath={"arcp"})
def observe_roll(s, p, o):
    """The roll being resolved (and the price pending after it) and the impacts."""
    o[SLOT.action_die] = s[ACTION_DIE] / p.action_die
    o[SLOT.action_score] = min(s[SCORE], p.challenge_die) / p.challenge_die
    o[SLOT.challenge_die_1] = s[CHALLENGE1] / p.challenge_die
    o[SLOT.challenge_die_2] = s[CHALLENGE2] / p.challenge_die
    o[SLOT.outcome] = s[ROLL_OUTCOME] / SCALE.outcome
    o[SLOT.match] = 1.0 if s[CHALLENGE1] == s[CHALLENGE2] and s[CHALLENGE1] > 0 else 0.0
    o[SLOT.burn_outcome] = s[BURN_OUTCOME] / SCALE.burn_outcome
    o[SLOT.move_is_secure_advantage] = s[MOVE_KIND]
    o[SLOT.impacts] = impacts(s) / SCALE.impacts
