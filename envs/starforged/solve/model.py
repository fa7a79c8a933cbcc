"""The Starforged scene challenge as a finite game for dynamic programming.

A crew decision of the scene challenge (the MOVE phase) is the tuple
``(moves made, momentum, health, spirit, supply, bonus, progress marks, clock)``: every
other column of the state is fixed by the config or by those (impacts, max momentum, the
momentum reset). A meter is ``0..meter_max``, or ``meter_max + 1`` for *0 with its impact
marked* (wounded, shaken, unprepared: a marked meter never rises again). Progress is the
count of marks, ``ticks = min(marks * mark_ticks, track_ticks)``; bonus is 0 or 1 (the
Secure an Advantage bonus pending or not).

The table ``A[m, momentum - momentum_min, health, spirit, supply, bonus, marks, clock]``
holds the crew's value *after a scene move* that left ``m`` moves made: the Finish the Scene
value when the clock or track is full, the cut-off payoff at the move limit, else the value
of the crew's next move before its approach is named (``open_value``: the GM names the
stat, the situation rolls it, or the crew picks it, by the config's ``approach``). Everything between two such points (the dice, burns, advantage
choices, Pay the Price and the Endure roll at 0) is computed here from ``A`` with the dice
probabilities enumerated exactly, by the same functions for the solver and for the
compiled ``optimal`` policy (:mod:`scenegym.envs.starforged.optimal`).

``q`` is one record of :func:`solver_record`: the config's numbers and the probability tables.
The rules these functions follow are those of :mod:`scenegym.envs.starforged.rules` (Ironsworn:
Starforged, "Begin the Scene", "Face Danger", "Secure an Advantage", "Finish the Scene",
"Pay the Price", "Endure Harm", "Endure Stress", "Sacrifice Resources"); the tests check the
solver against the engine by play.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.jit import njit
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import APPROACH_CREW, APPROACH_GM, APPROACHES

# GM price modes of a miss
GM_OPTIMAL, GM_TABLE, GM_UNIFORM = 0, 1, 2
NUM_OUTCOMES = 3
PRICES = st.NUM_PRICES


@njit(cache=True)
def marked(q, meter):
    return 1 if meter == q.meter_max + 1 else 0


@njit(cache=True)
def level(q, meter):
    """A meter's value (0 when its impact is marked)."""
    return 0 if meter == q.meter_max + 1 else meter


@njit(cache=True)
def clamp(q, momentum, health, spirit, supply):
    """Momentum within momentum_min .. momentum_max less the impacts marked."""
    top = q.momentum_max - marked(q, health) - marked(q, spirit) - marked(q, supply)
    return max(q.momentum_min, min(momentum, top))


@njit(cache=True)
def lose(q, momentum, amount, health, spirit, supply, marks):
    """``(momentum, marks)`` after suffering ``-amount`` momentum: a loss reaching below
    momentum_min clears one progress mark when ``floor_clears_progress`` (Lose Momentum at
    its minimum), as the engine's ``add_momentum``."""
    if momentum - amount < q.momentum_min and q.floor_clears_progress:
        marks = max(marks - 1, 0)
    return clamp(q, momentum - amount, health, spirit, supply), marks


@njit(cache=True)
def after(q, A, m, momentum, health, spirit, supply, bonus, marks, clock):
    """The value after a move, from the table (momentum as a value, not an index)."""
    return A[m, momentum - q.momentum_min, health, spirit, supply, bonus, marks, clock]


@njit(cache=True)
def endure(q, A, m, which, amount, momentum, health, spirit, supply, marks, clock):
    """Endure Harm (which 0) or Endure Stress (which 1): suffer, and at 0 roll the Endure."""
    meter = health if which == 0 else spirit
    value = level(q, meter) - amount
    if value < 0:
        momentum, marks = lose(q, momentum, -value, health, spirit, supply, marks)
        value = 0
    if value > 0:
        if which == 0:
            return after(q, A, m, momentum, value, spirit, supply, 0, marks, clock)
        return after(q, A, m, momentum, health, value, supply, 0, marks, clock)
    hit = marked(q, meter) == 1
    zero = q.meter_max + 1 if hit else 0
    stat = q.stats[st.IRON if which == 0 else st.HEART]
    total = 0.0
    for a in range(1, q.action_die + 1):
        die = 0 if momentum < 0 and -momentum == a else a
        score = min(die + stat, q.score_cap)
        for outcome in range(NUM_OUTCOMES):
            p = q.p_endure[score, outcome]
            if p == 0.0:
                continue
            mom, new, k = momentum, zero, marks
            if outcome == st.STRONG_HIT:
                if hit:
                    mom = momentum + 1
                else:
                    new = 1
            elif outcome == st.MISS:
                mom, k = lose(q, momentum, q.endure_miss_momentum, health, spirit, supply, marks)
                new = q.meter_max + 1
            h, s = (new, spirit) if which == 0 else (health, new)
            total += p * after(q, A, m, clamp(q, mom, h, s, supply), h, s, supply, 0, k, clock)
    return total / q.action_die


@njit(cache=True)
def price_value(q, A, m, kind, momentum, health, spirit, supply, marks, clock):
    """The crew's value after paying a price of ``kind`` (a miss's price, full size)."""
    amount = q.price_size[kind]
    if kind == st.ENDURE_HARM:
        return endure(q, A, m, 0, amount, momentum, health, spirit, supply, marks, clock)
    if kind == st.ENDURE_STRESS:
        return endure(q, A, m, 1, amount, momentum, health, spirit, supply, marks, clock)
    if kind == st.SACRIFICE_RESOURCES:
        value = level(q, supply) - amount
        if value < 0:
            momentum, marks = lose(q, momentum, -value, health, spirit, supply, marks)
            value = 0
        new = q.meter_max + 1 if value == 0 else value
        return after(q, A, m, clamp(q, momentum, health, spirit, new), health, spirit, new, 0,
                     marks, clock)
    momentum, marks = lose(q, momentum, amount, health, spirit, supply, marks)
    return after(q, A, m, momentum, health, spirit, supply, 0, marks, clock)


@njit(cache=True)
def best_price(q, A, m, momentum, health, spirit, supply, marks, clock):
    """``(kind, value)``: the price that leaves the crew the least (first such kind)."""
    best, worst = 0, 2.0
    for kind in range(PRICES):
        v = price_value(q, A, m, kind, momentum, health, spirit, supply, marks, clock)
        if v < worst:
            best, worst = kind, v
    return best, worst


@njit(cache=True)
def miss_value(q, A, m, mode, kinds, momentum, health, spirit, supply, marks, clock):
    """The value after a miss's price: the GM's best (``GM_OPTIMAL``), the agent's tabulated
    choice ``kinds[...]`` (``GM_TABLE``) or the mean of the five (``GM_UNIFORM``)."""
    if mode == GM_OPTIMAL:
        return best_price(q, A, m, momentum, health, spirit, supply, marks, clock)[1]
    if mode == GM_TABLE:
        kind = kinds[momentum - q.momentum_min, health, spirit, supply, marks, clock]
        return price_value(q, A, m, kind, momentum, health, spirit, supply, marks, clock)
    total = 0.0
    for kind in range(PRICES):
        total += price_value(q, A, m, kind, momentum, health, spirit, supply, marks, clock)
    return total / PRICES


@njit(cache=True)
def miss_lookup(q, A, M, m, momentum, health, spirit, supply, marks, clock):
    """A miss's value: from the layer's miss table ``M`` if given (solver), else the GM's
    best price computed from ``A`` (the compiled policy)."""
    if M.shape[0] > 0:
        return M[momentum - q.momentum_min, health, spirit, supply, marks, clock]
    return best_price(q, A, m, momentum, health, spirit, supply, marks, clock)[1]


@njit(cache=True)
def advantage_value(q, A, m, momentum, health, spirit, supply, marks, clock):
    """``(take momentum, take the bonus)`` after a weak-hit Secure an Advantage."""
    take = after(q, A, m, clamp(q, momentum + q.advantage_momentum, health, spirit, supply),
                 health, spirit, supply, 0, marks, clock)
    return take, after(q, A, m, momentum, health, spirit, supply, 1, marks, clock)


@njit(cache=True)
def resolve(q, A, M, m, secure, outcome, match, momentum, health, spirit, supply, marks, clock):
    """The value of a scene move's outcome (``m``: moves made, this one included), the crew
    choosing on a weak Secure an Advantage."""
    if outcome == st.MISS:
        clock = min(clock + (2 if match else 1), q.segments)
        return miss_lookup(q, A, M, m, momentum, health, spirit, supply, marks, clock)
    if not secure:
        if outcome == st.STRONG_HIT:
            return after(q, A, m, momentum, health, spirit, supply, 0,
                         min(marks + (2 if match else 1), q.full_marks), clock)
        return after(q, A, m, momentum, health, spirit, supply, 0,
                     min(marks + 1, q.full_marks), min(clock + 1, q.segments))
    if outcome == st.STRONG_HIT:
        return after(q, A, m, clamp(q, momentum + q.advantage_momentum, health, spirit, supply),
                     health, spirit, supply, 1, min(marks + (1 if match else 0), q.full_marks),
                     clock)
    take, bonus = advantage_value(q, A, m, momentum, health, spirit, supply, marks, clock)
    return max(take, bonus)


@njit(cache=True)
def burn_choice(q, A, M, m, secure, keep, burn, match, momentum, health, spirit, supply,
                marks, clock):
    """``(keep value, burn value)`` of a roll whose burn would give ``burn`` over ``keep``."""
    v_keep = resolve(q, A, M, m, secure, keep, match, momentum, health, spirit, supply, marks,
                     clock)
    if burn <= keep:
        return v_keep, -2.0
    return v_keep, resolve(q, A, M, m, secure, burn, match, burn_reset(q, health, spirit, supply),
                           health, spirit, supply, marks, clock)


@njit(cache=True)
def burn_reset(q, health, spirit, supply):
    """Momentum after it is burned: the reset by the impacts marked."""
    imp = marked(q, health) + marked(q, spirit) + marked(q, supply)
    return q.momentum_reset[min(imp, 2)]


@njit(cache=True)
def roll_values(q, A, M, m, momentum, health, spirit, supply, marks, clock, V):
    """Into ``V[secure, keep, burn, match]``, the value of a scene move's roll (``m``: moves
    made, this one included) whose outcome is ``keep`` and would be ``burn`` with momentum
    burned, the crew burning when that is better (a ``burn`` not above ``keep``: kept, as
    :func:`burn_choice`). It depends on neither the stat nor the pending bonus, so every
    scene move of a position shares it."""
    reset = burn_reset(q, health, spirit, supply)
    for secure in range(2):
        for match in range(2):
            for keep in range(NUM_OUTCOMES):
                v = resolve(q, A, M, m, secure, keep, match, momentum, health, spirit, supply,
                            marks, clock)
                for burn in range(NUM_OUTCOMES):
                    V[secure, keep, burn, match] = v
            if momentum <= 0:
                continue  # nothing to burn
            for burn in range(1, NUM_OUTCOMES):
                v = resolve(q, A, M, m, secure, burn, match, reset, health, spirit, supply,
                            marks, clock)
                for keep in range(burn):
                    V[secure, keep, burn, match] = max(V[secure, keep, burn, match], v)


@njit(cache=True)
def roll_mean(q, V, secure, stat, momentum, bonus):
    """A scene move's value with ``stat``: :func:`roll_values` ``V`` over the dice."""
    adds = q.advantage_bonus * bonus
    burnable = momentum if momentum > 0 else 0
    total = 0.0
    for a in range(1, q.action_die + 1):
        die = 0 if momentum < 0 and -momentum == a else a
        score = min(die + stat + adds, q.score_cap)
        for keep in range(NUM_OUTCOMES):
            for burn in range(NUM_OUTCOMES):
                for match in range(2):
                    p = q.p_move[score, burnable, keep, burn, match]
                    if p == 0.0:
                        continue
                    total += p * V[secure, keep, burn, match]
    return total / q.action_die


@njit(cache=True)
def move_value(q, A, M, m, secure, stat, momentum, health, spirit, supply, bonus, marks, clock):
    """The value of a scene move with ``stat`` at ``m`` moves made (before this one)."""
    V = np.empty((2, NUM_OUTCOMES, NUM_OUTCOMES, 2))
    roll_values(q, A, M, m + 1, momentum, health, spirit, supply, marks, clock, V)
    return roll_mean(q, V, secure, stat, momentum, bonus)


@njit(cache=True)
def best_move_of(q, V, named, momentum, bonus, marks):
    """``(action, value)``: the crew's best scene move with the stat ``named`` (``-1``: any
    stat) or Finish the Scene (lowest action id among equals), its rolls' values ``V``
    (:func:`roll_values`)."""
    best, value = -1, -2.0
    for k in range(st.NUM_STATS):
        if k != named and (named >= 0 or not q.stat_new[k]):
            continue  # not the stat named, or equal to an earlier one (it moves alike)
        for secure in range(2):
            v = roll_mean(q, V, secure, q.stats[k], momentum, bonus)
            action = (st.A_SECURE_ADVANTAGE if secure else st.A_FACE_DANGER) + k
            if v > value or (v == value and action < best):
                best, value = action, v
    if q.finish_early and q.finish_value[marks] > value:
        best, value = st.A_FINISH, q.finish_value[marks]
    return best, value


@njit(cache=True)
def best_approach_of(q, V, momentum, bonus, marks):
    """``(stat, value)``: the approach the GM names that leaves the crew the least (first
    such stat), the rolls' values ``V``."""
    best, worst = 0, 2.0
    for k in range(st.NUM_STATS):
        if q.stat_new[k]:
            v = best_move_of(q, V, k, momentum, bonus, marks)[1]
            if v < worst:
                best, worst = k, v
    return best, worst


@njit(cache=True)
def best_move(q, A, M, m, named, momentum, health, spirit, supply, bonus, marks, clock):
    """``(action, value)`` of :func:`best_move_of` at ``m`` moves made (before this one)."""
    V = np.empty((2, NUM_OUTCOMES, NUM_OUTCOMES, 2))
    roll_values(q, A, M, m + 1, momentum, health, spirit, supply, marks, clock, V)
    return best_move_of(q, V, named, momentum, bonus, marks)


@njit(cache=True)
def best_approach(q, A, M, m, momentum, health, spirit, supply, bonus, marks, clock):
    """``(stat, value)`` of :func:`best_approach_of` at ``m`` moves made."""
    V = np.empty((2, NUM_OUTCOMES, NUM_OUTCOMES, 2))
    roll_values(q, A, M, m + 1, momentum, health, spirit, supply, marks, clock, V)
    return best_approach_of(q, V, momentum, bonus, marks)


@njit(cache=True)
def open_value(q, V, mode, named, momentum, bonus, marks):
    """The crew's value before its next move (its rolls' values ``V``), by who names the
    approach: the GM (the least of the stats' values with ``mode`` ``GM_OPTIMAL``, the stat
    ``named`` with ``GM_TABLE``, each stat equally likely with ``GM_UNIFORM``), the situation
    (each stat equally likely) or the crew (the best)."""
    if q.approach == APPROACH_CREW:
        return best_move_of(q, V, -1, momentum, bonus, marks)[1]
    if q.approach == APPROACH_GM and mode == GM_OPTIMAL:
        return best_approach_of(q, V, momentum, bonus, marks)[1]
    if q.approach == APPROACH_GM and mode == GM_TABLE:
        return best_move_of(q, V, named, momentum, bonus, marks)[1]
    total = 0.0
    for k in range(st.NUM_STATS):
        if q.stat_new[k]:
            total += q.stat_count[k] * best_move_of(q, V, k, momentum, bonus, marks)[1]
    return total / st.NUM_STATS


def enumerate_tables(config) -> dict:
    """Exact probabilities of the rolls, by enumerating every face of every die.

    Returns:
        ``p_move[score, burnable momentum, keep outcome, burn outcome, match]`` of the two
        challenge dice (the burn outcome is the momentum's, 0 when momentum is not positive);
        ``p_endure[score, outcome]``; ``p_finish[marks]``: a Finish the Scene hit.
    """
    c = np.arange(1, config.challenge_die + 1)
    c1, c2 = np.meshgrid(c, c, indexing="ij")
    cells = 1.0 / c1.size
    scores = np.arange(config.score_cap + 1)

    def outcome(score):
        return (score > c1).astype(int) + (score > c2).astype(int)

    p_move = np.zeros((scores.size, config.momentum_max + 1, NUM_OUTCOMES, NUM_OUTCOMES, 2))
    match = (c1 == c2).astype(int)
    for s in scores:
        for b in range(config.momentum_max + 1):
            np.add.at(p_move[s, b], (outcome(s), outcome(b), match), cells)
    p_endure = p_move[:, 0].sum(axis=(1, 3))
    track = config.boxes * config.ticks_per_box
    mark = config.ticks_by_rank[["troublesome", "dangerous", "formidable", "extreme",
                                 "epic"].index(config.rank)]
    full = -(-track // mark)
    boxes = np.minimum(np.arange(full + 1) * mark, track) // config.ticks_per_box
    p_finish = np.array([(outcome(b) > 0).mean() for b in boxes])
    return {"p_move": p_move, "p_endure": p_endure, "p_finish": p_finish, "mark": mark,
            "full_marks": full, "track": track}


def solver_record(config, objective: str = "win", table_shape=(1,) * 8) -> np.ndarray:
    """The one-record array ``q`` the model reads (and the table ``A`` of the policy).

    Args:
        config: A ``StarforgedConfig`` with ``price_by="gm"`` and a fixed situation.
        objective: ``"win"``: the crew's win probability (a loss and a cut-off count 0);
            ``"result"``: its expected result (+1 win, -1 loss, ``cutoff_result`` cut off),
            the reward the env pays (``2 * win - 1`` under the default ``cutoff_result=-1``).
        table_shape: Shape of the ``A`` field (the policy's table; the solver passes its own).
    """
    t = enumerate_tables(config)
    loss = {"win": 0.0, "result": -1.0}[objective]
    cutoff = {"win": 0.0, "result": float(config.cutoff_result)}[objective]
    situation = ("disadvantaged", "equal", "advantage").index(config.situation)
    fields = {
        "momentum_min": config.momentum_min, "momentum_max": config.momentum_max,
        "momentum_reset": np.array(config.momentum_reset), "action_die": config.action_die,
        "floor_clears_progress": int(config.momentum_floor == "progress"),
        "score_cap": config.score_cap, "stats": np.array(config.stats),
        "stat_new": np.array([v not in config.stats[:k] for k, v in enumerate(config.stats)],
                             np.int64),
        "stat_count": np.array([config.stats.count(v) for v in config.stats], np.int64),
        "approach": APPROACHES.index(config.approach),
        "meter_max": config.meter_max, "segments": config.clock_by_situation[situation],
        "full_marks": t["full_marks"], "mark_ticks": t["mark"], "track_ticks": t["track"],
        "max_moves": config.max_moves, "finish_early": int(config.finish_early),
        "advantage_momentum": config.advantage_momentum, "advantage_bonus": config.advantage_bonus,
        "price_size": np.array([config.narrative_momentum, config.price_momentum,
                                config.price_harm, config.price_stress, config.price_supply]),
        "endure_miss_momentum": config.endure_miss_momentum,
        "p_move": t["p_move"], "p_endure": t["p_endure"],
        "finish_value": t["p_finish"] + (1 - t["p_finish"]) * loss, "loss": loss,
        "cutoff": cutoff,
    }
    dtype = [(k, np.asarray(v).dtype if np.ndim(v) else (np.float64 if isinstance(v, float)
                                                         else np.int64), np.shape(v))
             for k, v in fields.items()]
    dtype.append(("A", np.float32, tuple(table_shape)))
    record = np.zeros(1, dtype=dtype)
    for k, v in fields.items():
        record[0][k] = v
    return record
