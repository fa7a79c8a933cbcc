"""The Starforged scene challenge, as per-env numba rules over one state row.

Source: Ironsworn: Starforged (Shawn Tomkin, 2022): the Scene Challenge moves (Begin the
Scene, Face Danger, Secure an Advantage, Finish the Scene; Rulebook pp. 239-241), Pay the
Price (p. 232), the suffer moves (pp. 199-205) and the rulebook's action roll, momentum,
progress, meters and impacts; the project's rules page ``docs/rules/starforged.md`` states
what is implemented and every reading. Every number comes from the kernel parameters ``p``
(:func:`scenegym.envs.starforged.config.kernel_params`), none is written here.

A row ``s`` is one env's int32 state (layout in :mod:`scenegym.envs.starforged.state`).
"""

from __future__ import annotations

from scenegym.envs.core.dice import roll
from scenegym.envs.core.events import DECISION, DIE, NOTE, OUTCOME, POOL, record
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    GM,
    PHASE,
    SEAT,
    cut_off,
    end_episode,
    set_lead,
)
from scenegym.envs.core.jit import njit
from scenegym.envs.starforged.config import (
    APPROACH_GM,
    APPROACH_RANDOM,
    FLOOR_PROGRESS,
    PRICE_BY_GM,
    SITUATION_GM,
    SITUATION_RANDOM,
)
from scenegym.envs.starforged.state import (
    A_APPROACH,
    A_BURN,
    A_FACE_DANGER,
    A_FINISH,
    A_KEEP,
    A_PRICE,
    A_SECURE_ADVANTAGE,
    A_SITUATION,
    A_TAKE_BONUS,
    A_TAKE_MOMENTUM,
    ACTION_DIE,
    ADVANTAGE,
    APPROACH,
    APPROACH_PHASE,
    BEGIN,
    BONUS,
    BURN,
    BURN_OUTCOME,
    CHALLENGE1,
    CHALLENGE2,
    CLOCK,
    DIE_ACTION,
    DIE_APPROACH,
    DIE_CHALLENGE,
    DIE_ORACLE,
    DIE_SITUATION,
    END_CUT_OFF,
    END_FINISH,
    ENDURE_HARM,
    ENDURE_STRESS,
    FACE_DANGER,
    FINISH_CHOSEN,
    FINISH_CLOCK_FULL,
    FINISH_TRACK_FULL,
    HEALTH,
    HEART,
    IRON,
    MARK_TICKS,
    MISS,
    MOMENTUM,
    MOVE,
    MOVE_KIND,
    MOVES,
    NARRATIVE,
    NOTE_APPROACH,
    NOTE_BURN,
    NOTE_CANCEL,
    NOTE_FINISH,
    NOTE_PRICE,
    NOTE_SITUATION,
    NUM_SITUATIONS,
    NUM_STATS,
    POOL_BONUS,
    POOL_CLOCK,
    POOL_HEALTH,
    POOL_IMPACT,
    POOL_MOMENTUM,
    POOL_PROGRESS,
    POOL_SPIRIT,
    POOL_SUPPLY,
    PRICE,
    PROGRESS,
    ROLL_ENDURE,
    ROLL_MOVE,
    ROLL_OUTCOME,
    ROLL_PROGRESS,
    ROLL_TWICE,
    SACRIFICE_RESOURCES,
    SCORE,
    SECURE_ADVANTAGE,
    SEGMENTS,
    SHAKEN,
    SPIRIT,
    STAT_USED,
    STATS,
    STRONG_HIT,
    SUPPLY,
    UNPREPARED,
    WOUNDED,
)

# ---------------------------------------------------------------------------------------------
# Dice and the action roll


@njit(cache=True)
def challenge_outcome(score, c1, c2):
    """Beat both challenge dice (strictly): strong hit; one: weak hit; neither: miss."""
    return (score > c1) + (score > c2)


@njit(cache=True)
def action_score(p, die, stat, adds, momentum):
    """Action die + stat + adds, capped; negative momentum equal to the die cancels it."""
    if momentum < 0 and -momentum == die:
        die = 0
    return min(die + stat + adds, p.score_cap)


@njit(cache=True)
def burn_improves(score, momentum, c1, c2):
    """Whether burning (score := momentum) would improve the result; needs positive momentum."""
    return momentum > 0 and challenge_outcome(momentum, c1, c2) > challenge_outcome(score, c1, c2)


@njit(cache=True)
def roll_challenge_dice(s, p, dice, log, i):
    """Roll the two challenge dice into CHALLENGE1/CHALLENGE2."""
    s[CHALLENGE1] = roll(dice, i, p.challenge_die)
    s[CHALLENGE2] = roll(dice, i, p.challenge_die)
    record(log, i, DIE, p.challenge_die, s[CHALLENGE1], DIE_CHALLENGE, 0)
    record(log, i, DIE, p.challenge_die, s[CHALLENGE2], DIE_CHALLENGE, 0)


@njit(cache=True)
def roll_action(s, p, dice, log, i, stat_value, adds):
    """Make an action roll: fills ACTION_DIE, SCORE, the challenge dice and OUTCOME."""
    s[ACTION_DIE] = roll(dice, i, p.action_die)
    record(log, i, DIE, p.action_die, s[ACTION_DIE], DIE_ACTION, 0)
    roll_challenge_dice(s, p, dice, log, i)
    if s[MOMENTUM] < 0 and -s[MOMENTUM] == s[ACTION_DIE]:
        record(log, i, NOTE, NOTE_CANCEL, s[MOMENTUM], s[ACTION_DIE])
    s[SCORE] = action_score(p, s[ACTION_DIE], stat_value, adds, s[MOMENTUM])
    s[ROLL_OUTCOME] = challenge_outcome(s[SCORE], s[CHALLENGE1], s[CHALLENGE2])


# ---------------------------------------------------------------------------------------------
# Pools: momentum, meters, impacts, progress, clock


@njit(cache=True)
def impacts(s):
    """Impacts marked (wounded, shaken, unprepared)."""
    return s[WOUNDED] + s[SHAKEN] + s[UNPREPARED]


@njit(cache=True)
def max_momentum(s, p):
    """Max momentum: momentum_max less one per impact."""
    return p.momentum_max - impacts(s)


@njit(cache=True)
def momentum_reset(s, p):
    """Momentum after a burn: by impacts marked (0, 1, 2 or more)."""
    return p.momentum_reset[min(impacts(s), 2)]


@njit(cache=True)
def set_pool(s, log, i, col, code, value):
    """Set a pool column, logging the change."""
    if s[col] != value:
        record(log, i, POOL, code, s[col], value, -1)
        s[col] = value


@njit(cache=True)
def add_momentum(s, p, log, i, delta):
    """Move momentum by ``delta`` within momentum_min .. max momentum.

    A loss that momentum at its minimum cannot take (any part of it below momentum_min) is
    Lose Momentum's "at its minimum" case: with ``momentum_floor="progress"`` it clears one
    unit of the scene's progress instead.
    """
    value = s[MOMENTUM] + delta
    if value < p.momentum_min and p.momentum_floor == FLOOR_PROGRESS:
        clear_progress(s, p, log, i)
    set_pool(s, log, i, MOMENTUM, POOL_MOMENTUM,
             max(p.momentum_min, min(value, max_momentum(s, p))))


@njit(cache=True)
def mark_impact(s, p, log, i, col):
    """Mark an impact; max momentum drops, and momentum with it if above the new max."""
    if s[col] == 0:
        record(log, i, POOL, POOL_IMPACT, 0, 1, col)
        s[col] = 1
        add_momentum(s, p, log, i, 0)


@njit(cache=True)
def mark_progress(s, p, log, i, times):
    """Mark progress ``times`` times, each filling MARK_TICKS ticks, clamped at the track's end."""
    set_pool(s, log, i, PROGRESS, POOL_PROGRESS, min(s[PROGRESS] + times * s[MARK_TICKS],
                                                     p.track_ticks))


@njit(cache=True)
def clear_progress(s, p, log, i):
    """Clear one unit of progress: the ticks one mark fills at the objective's rank."""
    set_pool(s, log, i, PROGRESS, POOL_PROGRESS, max(s[PROGRESS] - s[MARK_TICKS], 0))


@njit(cache=True)
def fill_clock(s, log, i, segments):
    """Fill tension clock segments (at most to the clock's size)."""
    set_pool(s, log, i, CLOCK, POOL_CLOCK, min(s[CLOCK] + segments, s[SEGMENTS]))


@njit(cache=True)
def update_lead(s, p):
    """The crew leads while its share of the track is above the clock's share filled.

    The margin is the gap between the two shares, in percent.
    """
    crew = s[PROGRESS] * s[SEGMENTS]
    gm = s[CLOCK] * p.track_ticks
    margin = abs(crew - gm) * 100 // (p.track_ticks * s[SEGMENTS])
    set_lead(s, 1 if crew > gm else (-1 if crew < gm else 0), margin)


# ---------------------------------------------------------------------------------------------
# Suffer moves and Pay the Price


@njit(cache=True)
def suffer_meter(s, p, log, i, meter, code, amount):
    """Lower a meter; loss beyond 0 comes off momentum. Returns the meter's new value."""
    value = s[meter] - amount
    if value < 0:
        add_momentum(s, p, log, i, value)
        value = 0
    set_pool(s, log, i, meter, code, value)
    return value


@njit(cache=True)
def endure(s, p, dice, log, i, meter, code, impact, other_stat, amount):
    """Endure Harm / Endure Stress: suffer, and at 0 roll +max(meter, stat).

    Strong hit: +1 to the meter if no impact is marked, else +1 momentum. Weak hit: press
    on. Miss: lose momentum, and the impact is marked.
    """
    if suffer_meter(s, p, log, i, meter, code, amount) > 0:
        return
    stat = max(s[meter], s[STATS + other_stat])
    roll_action(s, p, dice, log, i, stat, 0)
    record(log, i, OUTCOME, s[ROLL_OUTCOME], s[SCORE], ROLL_ENDURE, 0)
    if s[ROLL_OUTCOME] == STRONG_HIT:
        if s[impact] == 0:
            set_pool(s, log, i, meter, code, 1)
        else:
            add_momentum(s, p, log, i, 1)
    elif s[ROLL_OUTCOME] == MISS:
        add_momentum(s, p, log, i, -p.endure_miss_momentum)
        mark_impact(s, p, log, i, impact)


@njit(cache=True)
def sacrifice_resources(s, p, log, i, amount):
    """Sacrifice Resources: lose supply; at 0 mark unprepared."""
    if suffer_meter(s, p, log, i, SUPPLY, POOL_SUPPLY, amount) == 0:
        mark_impact(s, p, log, i, UNPREPARED)


@njit(cache=True)
def pay_price(s, p, dice, log, i, kind, amount):
    """Apply one price of ``kind`` at magnitude ``amount``."""
    record(log, i, NOTE, NOTE_PRICE, kind, amount)
    if kind == ENDURE_HARM:
        endure(s, p, dice, log, i, HEALTH, POOL_HEALTH, WOUNDED, IRON, amount)
    elif kind == ENDURE_STRESS:
        endure(s, p, dice, log, i, SPIRIT, POOL_SPIRIT, SHAKEN, HEART, amount)
    elif kind == SACRIFICE_RESOURCES:
        sacrifice_resources(s, p, log, i, amount)
    else:  # LOSE_MOMENTUM or a narrative cost
        add_momentum(s, p, log, i, -amount)


@njit(cache=True)
def oracle_row(s, p, dice, log, i):
    """Roll the d100 once; returns the price kind of the row it lands on."""
    d = roll(dice, i, p.oracle_die)
    record(log, i, DIE, p.oracle_die, d, DIE_ORACLE, 0)
    row = 0
    while d > p.oracle_top[row]:
        row += 1
    return p.oracle_kind[row]


@njit(cache=True)
def oracle_price(s, p, dice, log, i):
    """Roll the d100 mapping. A "roll twice" row owes two prices, each rolled anew; a "roll
    twice" among those is rolled again (never dropped, never more prices). After
    ``oracle_max_rolls`` rolls, each price still owed is a narrative cost."""
    owed = 1
    rolled = 0
    while owed > 0:
        if rolled >= p.oracle_max_rolls:
            pay_price(s, p, dice, log, i, NARRATIVE, p.price_size[NARRATIVE])
            owed -= 1
            continue
        kind = oracle_row(s, p, dice, log, i)
        rolled += 1
        if kind != ROLL_TWICE:
            pay_price(s, p, dice, log, i, kind, p.price_size[kind])
            owed -= 1
        elif rolled == 1:
            owed = 2  # the first roll's "roll twice": two prices; nested ones roll again


@njit(cache=True)
def demand_price(s, p, dice, log, i):
    """Pay the Price: the GM seat chooses it (pending), or the oracle rolls it now.

    Returns True when the price was paid now and the caller continues the scene.
    """
    if p.price_by == PRICE_BY_GM:
        s[PHASE] = PRICE
        s[SEAT] = GM
        return False
    oracle_price(s, p, dice, log, i)
    return True


# ---------------------------------------------------------------------------------------------
# The scene


@njit(cache=True)
def await_crew_move(s, p, dice, log, i):
    """The crew's next scene move is pending, once how it must act is named (``approach``):
    the GM seat names it first (``gm``), the situation rolls it (``random``), or the crew
    picks the stat with the move (``crew``)."""
    if p.approach == APPROACH_GM:
        s[PHASE] = APPROACH_PHASE
        s[SEAT] = GM
        return
    if p.approach == APPROACH_RANDOM:
        stat = roll(dice, i, NUM_STATS) - 1
        record(log, i, DIE, NUM_STATS, stat + 1, DIE_APPROACH, 0)
        name_approach(s, log, i, stat)
    s[PHASE] = MOVE
    s[SEAT] = CREW


@njit(cache=True)
def name_approach(s, log, i, stat):
    """How the crew must act at its next move: "If you act... Roll +" that ``stat``."""
    s[APPROACH] = stat + 1
    record(log, i, NOTE, NOTE_APPROACH, stat, 0)


@njit(cache=True)
def set_clock(s, p, dice, log, i, situation):
    """Begin the Scene: the tension clock's size by the situation."""
    s[SEGMENTS] = p.clock_by_situation[situation]
    record(log, i, NOTE, NOTE_SITUATION, situation, s[SEGMENTS])
    await_crew_move(s, p, dice, log, i)


@njit(cache=True)
def begin(s, p, dice, log, i):
    """Begin the Scene: a fresh character and track; the situation sets the clock."""
    s[MOMENTUM:] = 0
    for k in range(NUM_STATS):
        s[STATS + k] = p.stats[k]
    s[MOMENTUM] = p.momentum_start
    s[HEALTH] = p.meter_start
    s[SPIRIT] = p.meter_start
    s[SUPPLY] = p.meter_start
    s[WOUNDED] = 0
    s[SHAKEN] = 0
    s[UNPREPARED] = 0
    s[BONUS] = 0
    s[PROGRESS] = 0
    s[CLOCK] = 0
    s[MOVES] = 0
    s[MARK_TICKS] = p.ticks_by_rank[p.rank]
    if p.situation == SITUATION_GM:
        s[PHASE] = BEGIN
        s[SEAT] = GM
    elif p.situation == SITUATION_RANDOM:
        situation = roll(dice, i, NUM_SITUATIONS) - 1
        record(log, i, DIE, NUM_SITUATIONS, situation + 1, DIE_SITUATION, 0)
        set_clock(s, p, dice, log, i, situation)
    else:
        set_clock(s, p, dice, log, i, p.situation)


@njit(cache=True)
def finish_scene(s, p, dice, log, i, reason):
    """Finish the Scene: progress roll (full boxes vs the challenge dice, no momentum).

    A hit meets the objective, a miss fails it, and the scene is over: the price of a weak hit
    or a miss lands in the story after the scene, so no price is asked (it could change
    nothing the scene decides)."""
    record(log, i, NOTE, NOTE_FINISH, reason, s[PROGRESS] // p.ticks_per_box)
    roll_challenge_dice(s, p, dice, log, i)
    s[SCORE] = s[PROGRESS] // p.ticks_per_box
    s[ROLL_OUTCOME] = challenge_outcome(s[SCORE], s[CHALLENGE1], s[CHALLENGE2])
    record(log, i, OUTCOME, s[ROLL_OUTCOME], s[SCORE], ROLL_PROGRESS, 0)
    end_episode(s, log, i, -1 if s[ROLL_OUTCOME] == MISS else 1, END_FINISH, 0)


@njit(cache=True)
def after_move(s, p, dice, log, i):
    """A full clock or track forces Finish the Scene; the move limit cuts the scene off."""
    update_lead(s, p)
    if s[CLOCK] >= s[SEGMENTS]:
        finish_scene(s, p, dice, log, i, FINISH_CLOCK_FULL)
    elif s[PROGRESS] >= p.track_ticks:
        finish_scene(s, p, dice, log, i, FINISH_TRACK_FULL)
    elif s[MOVES] >= p.max_moves:
        cut_off(s, log, i, p.cutoff_result, END_CUT_OFF)
    else:
        await_crew_move(s, p, dice, log, i)


@njit(cache=True)
def take_momentum(s, p, log, i):
    """Secure an Advantage: "Take +2 momentum"."""
    add_momentum(s, p, log, i, p.advantage_momentum)


@njit(cache=True)
def take_bonus(s, p, log, i):
    """Secure an Advantage: "Add +1 on your next move (not a progress move)"."""
    set_pool(s, log, i, BONUS, POOL_BONUS, p.advantage_bonus)


@njit(cache=True)
def resolve_move(s, p, dice, log, i):
    """Apply the outcome of Face Danger or Secure an Advantage (seed text, per outcome)."""
    outcome = s[ROLL_OUTCOME]
    match = s[CHALLENGE1] == s[CHALLENGE2]
    record(log, i, OUTCOME, outcome, s[SCORE], ROLL_MOVE, match)
    if outcome == MISS:
        fill_clock(s, log, i, 2 if match else 1)
        if demand_price(s, p, dice, log, i):
            after_move(s, p, dice, log, i)
    elif s[MOVE_KIND] == FACE_DANGER:
        if outcome == STRONG_HIT:
            mark_progress(s, p, log, i, 2 if match else 1)
        else:
            mark_progress(s, p, log, i, 1)
            fill_clock(s, log, i, 1)
        after_move(s, p, dice, log, i)
    elif outcome == STRONG_HIT:
        take_momentum(s, p, log, i)
        take_bonus(s, p, log, i)
        if match:
            mark_progress(s, p, log, i, 1)
        after_move(s, p, dice, log, i)
    else:
        s[PHASE] = ADVANTAGE
        s[SEAT] = CREW


@njit(cache=True)
def make_move(s, p, dice, log, i, kind, stat):
    """Roll a scene move with ``stat``; offer a burn when it would improve the result."""
    s[MOVES] += 1
    s[MOVE_KIND] = kind
    s[STAT_USED] = stat
    adds = s[BONUS]
    set_pool(s, log, i, BONUS, POOL_BONUS, 0)
    roll_action(s, p, dice, log, i, s[STATS + stat], adds)
    if burn_improves(s[SCORE], s[MOMENTUM], s[CHALLENGE1], s[CHALLENGE2]):
        s[BURN_OUTCOME] = challenge_outcome(s[MOMENTUM], s[CHALLENGE1], s[CHALLENGE2])
        s[PHASE] = BURN
        s[SEAT] = CREW
    else:
        resolve_move(s, p, dice, log, i)


@njit(cache=True)
def burn_momentum(s, p, log, i):
    """Burn: the score becomes momentum, momentum resets, then the outcome applies."""
    record(log, i, NOTE, NOTE_BURN, s[MOMENTUM], s[SCORE])
    s[SCORE] = s[MOMENTUM]
    s[ROLL_OUTCOME] = s[BURN_OUTCOME]
    set_pool(s, log, i, MOMENTUM, POOL_MOMENTUM, momentum_reset(s, p))


@njit(cache=True)
def apply(s, p, dice, log, i, action):
    """Take the pending decision ``action`` and resolve until the next decision."""
    record(log, i, DECISION, s[SEAT], s[PHASE], action, 0)
    s[DECISIONS] += 1
    phase = s[PHASE]
    if phase == MOVE:
        if action == A_FINISH:
            finish_scene(s, p, dice, log, i, FINISH_CHOSEN)
        elif action < A_SECURE_ADVANTAGE:
            make_move(s, p, dice, log, i, FACE_DANGER, action)
        else:
            make_move(s, p, dice, log, i, SECURE_ADVANTAGE, action - A_SECURE_ADVANTAGE)
    elif phase == BURN:
        if action == A_BURN:
            burn_momentum(s, p, log, i)
        resolve_move(s, p, dice, log, i)
    elif phase == ADVANTAGE:
        if action == A_TAKE_MOMENTUM:
            take_momentum(s, p, log, i)
        else:
            take_bonus(s, p, log, i)
        after_move(s, p, dice, log, i)
    elif phase == PRICE:
        kind = action - A_PRICE
        pay_price(s, p, dice, log, i, kind, p.price_size[kind])
        after_move(s, p, dice, log, i)
    elif phase == BEGIN:
        set_clock(s, p, dice, log, i, action - A_SITUATION)
    elif phase == APPROACH_PHASE:
        name_approach(s, log, i, action - A_APPROACH)
        s[PHASE] = MOVE
        s[SEAT] = CREW


@njit(cache=True)
def legal(s, p, m):
    """The legal actions of the pending decision (none once the scene is over)."""
    m[:] = False
    phase = s[PHASE]
    if s[SEAT] < 0:
        return
    if phase == MOVE:
        if s[APPROACH] > 0:  # the approach named fixes the stat
            m[A_FACE_DANGER + s[APPROACH] - 1] = True
            m[A_SECURE_ADVANTAGE + s[APPROACH] - 1] = True
        else:
            m[:A_FINISH] = True
        m[A_FINISH] = p.finish_early == 1
    elif phase == BURN:
        m[A_KEEP] = True
        m[A_BURN] = True
    elif phase == ADVANTAGE:
        m[A_TAKE_MOMENTUM] = True
        m[A_TAKE_BONUS] = True
    elif phase == PRICE:
        m[A_PRICE:A_SITUATION] = True
    elif phase == BEGIN:
        m[A_SITUATION:A_SITUATION + NUM_SITUATIONS] = True
    elif phase == APPROACH_PHASE:
        m[A_APPROACH:A_APPROACH + NUM_STATS] = True
