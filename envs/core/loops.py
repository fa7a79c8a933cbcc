"""The batch loops every ruleset runs in, around its four per-env rules.

This file is a template: :func:`scenegym.envs.core.kernels.compile_loops` loads one copy of
it per ruleset, as a module of that ruleset's own, and points the names ``rule_begin``,
``rule_apply``, ``rule_legal`` and ``rule_observe`` at the ruleset's rules before anything
compiles. Each copy is a plain module-level function, which numba caches on disk (a kernel
built inside a factory function, a closure, is compiled again in every process).

The per-env rules, over one state row ``s`` (int32[F]):

- ``begin(s, p, dice, log, i)``: set up a new episode and advance to its first decision.
- ``apply(s, p, dice, log, i, action)``: take the pending decision, then resolve everything
  automatic (rolls, outcomes, prices) until the next decision is pending or the episode ends.
- ``legal(s, p, m)``: fill the bool mask ``m`` of the pending decision (all False when over).
- ``observe(s, p, o)``: fill the float32 observation ``o`` as the *pending seat* sees it (hidden
  information, such as a simultaneous declaration, stays out of the other seat's view). Every
  element: ``o`` arrives holding anything (the native vector env writes each step into a
  reused array).

A rule indexes its rows ``s``, ``m`` and ``o`` from the start only: a row arrives as a rule
row (``rule_row``, :mod:`scenegym.envs.core.borrow`), which does not count a negative index
from the end (out of bounds under ``NUMBA_BOUNDSCHECK=1``, another row's memory otherwise).

``p`` is the ruleset's kernel parameters, one record (:mod:`scenegym.envs.core.params`). The
dice and the event log arrive as plain tuples of arrays (passing a namedtuple from Python
costs more than a single env's whole step). Inside the loops every array the rules see is a
borrowed view (:mod:`scenegym.envs.core.borrow`): numba's reference counting of those
arrays at every helper call would cost more than the rules. An env's state, mask and
observation rows are rule rows (``rule_row``), indexed without numba's wraparound of negative
indices; the helpers the loops call per env get borrowed views too (``prefetch_env``: handed
the batch's arrays as they are, it counted three references an env). The dice and the log reach the
rules by reference (:mod:`scenegym.envs.core.byref`): one pointer each, not their arrays'
48 words at every helper call. The loops touch only the envs selected by ``which``, so envs
never read each other's rows.
"""

from __future__ import annotations

from scenegym.envs.core.borrow import borrow, borrowed_fields, rule_row
from scenegym.envs.core.byref import by_ref
from scenegym.envs.core.dice import Dice, episode_key, start_episode
from scenegym.envs.core.events import EventLog
from scenegym.envs.core.forfeit import forfeit
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    EPISODE,
    OVER,
    SEAT,
    TRUNCATED,
    clear_header,
    crew_reward,
    gm_extra_due,
)
from scenegym.envs.core.jit import njit
from scenegym.envs.core.policy import READS_ALL, READS_NONE, READS_VIEW
from scenegym.envs.core.prefetch import prefetch_pays, prefetch_row
from scenegym.envs.core.reward import early_payment, final_payment

RAISE, LOSE = 0, 1  # what an illegal action does
# the seated step's counts (its ``counts`` array): episodes reported, episodes ended unseated,
# decisions taken, envs waiting on a Python agent
N_REPORTED, N_UNSEATED, N_DECISIONS, N_WAITING = range(4)
MAX_UNSEATED_IN_A_ROW = 10_000  # episodes an env may end without a learner decision


def _unbound(*args):
    raise RuntimeError("batch loops used before compile_loops bound the ruleset's rules")


# The ruleset's rules and two compiled policies (scenegym.envs.core.policy), in the order of
# their names: bound per copy of this module by compile_loops. Which seat plays which of the
# two is an argument (``policy``), so (A, B) and (B, A) share one copy.
rule_begin = rule_apply = rule_legal = rule_observe = _unbound
policy_a = policy_b = view_a = view_b = _unbound

# The helpers below that only the loops' entry points call are inlined into them
# (``inline="always"``): numba generates a callee's whole tree again inside each caller
# anyway, and a helper compiled as a function of its own cost its own compile on top (a cold
# copy's loops compiled about a quarter faster inlined, CHANGELOG 0.2.0). ``prefetch_env``
# stays a function: its borrowed arguments are checked by its signatures (test_prefetch.py);
# so do ``borrowed_dice`` and ``borrowed_log``, which the search's copies call too.


@njit(inline="always")
def first_illegal(state, masks, actions, which):
    """The first selected running env whose action is out of range or not legal, or -1."""
    for i in range(masks.shape[0]):
        if which[i] and state[i, OVER] == 0:
            a = actions[i]
            if a < 0 or a >= masks.shape[1] or not masks[i, a]:
                return i
    return -1


# callable from compiled code only (borrow.py)
@njit(cache=True, no_cpython_wrapper=True)
def borrowed_dice(dice_arrays):
    """The dice from their tuple of arrays, as borrowed views."""
    keys, counts, script = dice_arrays
    return Dice(borrow(keys), borrow(counts), borrow(script))


# callable from compiled code only (borrow.py)
@njit(cache=True, no_cpython_wrapper=True)
def borrowed_log(log_arrays):
    """The event log from its tuple of arrays, as borrowed views."""
    records, lengths, kinds = log_arrays
    return EventLog(borrow(records), borrow(lengths), borrow(kinds))


@njit(cache=True)
def prefetch_env(state, masks, obs, i, far):
    """Hint env ``i``'s rows into the cache while the env before it runs (prefetch.py), when
    the rows are ``far``: 0, they fit the caches (no hint); 1, the state and the mask;
    2, the observation too."""
    if far > 0:
        prefetch_row(state, i)
        prefetch_row(masks, i)
    if far > 1:
        prefetch_row(obs, i)


@njit(inline="always")
def rows_far(state, masks, obs, observing):
    """What :func:`prefetch_env` hints at in a loop that renders observations or not. A loop
    that renders them always hints (the native vector env hands the rules a fresh, cold
    observation array each step: at 4096 STA envs, no hint costs a third of its rate); one
    that renders none hints only beyond ``PREFETCH_BYTES``."""
    if observing:
        return 2
    return 1 if prefetch_pays(state, masks, obs, False) else 0


@njit(cache=True)
def begin_batch(state, params, dice_arrays, log_arrays, seed, env_ids, which, masks, obs,
                increment):
    """Start an episode of every env selected by ``which``: its next one (``increment``
    1: the episode counter moves on first) or the one its counter names (0); ``seed``:
    uint64[1], the batch's seed."""
    p = params[0]
    dice, log = by_ref(borrowed_dice(dice_arrays)), by_ref(borrowed_log(log_arrays))
    for i in range(state.shape[0]):
        if which[i]:
            s = rule_row(state[i])
            s[EPISODE] += increment
            start_episode(dice, i, seed[0], env_ids[i], s[EPISODE])
            clear_header(s, s[EPISODE])
            rule_begin(s, p, dice, log, i)
            rule_legal(s, p, rule_row(masks[i]))
            rule_observe(s, p, rule_row(obs[i]))


@njit(cache=True)
def apply_batch(state, params, dice_arrays, log_arrays, actions, which, masks, obs,
                illegal_mode, reward, gm_extra, over, truncated, stale, observing):
    """Check, apply and collect: returns (first illegal env or -1, episodes ended, envs
    paid a reward before their end). ``gm_extra[i]``: what the adversarial GM is paid beyond
    the negative of ``reward[i]`` (the crew's; header ``GM_EXTRA``).

    ``observing``: 1, every applied env's observation is rendered; any other value, none
    is, and ``stale[i]`` (bool[n]) is set for each applied env instead
    (:func:`observe_stale` renders them when they are read)."""
    p = params[0]
    dice, log = by_ref(borrowed_dice(dice_arrays)), by_ref(borrowed_log(log_arrays))
    bad = first_illegal(state, masks, actions, which)
    if bad >= 0 and illegal_mode == RAISE:
        return bad, 0, 0
    ended = paid = 0
    far = rows_far(state, masks, obs, observing == 1)
    for i in range(state.shape[0]):
        reward[i] = 0.0
        gm_extra[i] = 0.0
        over[i] = False
        truncated[i] = False
        if not which[i] or state[i, OVER] == 1:
            continue
        prefetch_env(borrow(state), borrow(masks), borrow(obs), i + 1, far)
        s = rule_row(state[i])
        a = actions[i]
        if a < 0 or a >= masks.shape[1] or not masks[i, a]:
            forfeit(state, log, i)
        else:
            rule_apply(s, p, dice, log, i, a)
        rule_legal(s, p, rule_row(masks[i]))
        if observing == 1:
            rule_observe(s, p, rule_row(obs[i]))
        else:
            stale[i] = True
        reward[i] = crew_reward(s)
        gm_extra[i] = gm_extra_due(s)
        if s[OVER] == 1:
            over[i] = True
            truncated[i] = s[TRUNCATED] == 1
            ended += 1
        elif reward[i] != 0:
            paid += 1
    return -1, ended, paid


@njit(cache=True)
def observe_stale(state, params, obs, stale):
    """Render the observation of every env marked ``stale``, and unmark it."""
    p = params[0]
    for i in range(state.shape[0]):
        if stale[i]:
            rule_observe(rule_row(state[i]), p, rule_row(obs[i]))
            stale[i] = False


@njit(cache=True)
def refresh_batch(state, params, masks, obs):
    """Recompute every env's mask and observation from its state."""
    p = params[0]
    for i in range(state.shape[0]):
        s = rule_row(state[i])
        rule_legal(s, p, rule_row(masks[i]))
        rule_observe(s, p, rule_row(obs[i]))


# ---------------------------------------------------------------------------------------------
# Agents inside the step: compiled policies (scenegym.envs.core.policy)


@njit(inline="always")
def pending_slot(s, policy):
    """The slot of the policy whose seat is pending in row ``s`` (0: ``policy_a``)."""
    return policy[3][0] if s[SEAT] == CREW else policy[3][1]


@njit(inline="always")
def observe_for(s, p, o, policy, stale):
    """Render what the policy pending in row ``s`` reads of its observation, if the row is
    ``stale``; returns whether it is still stale. A policy that reads none (the random
    player, the stand-in for a Python agent) is played on the stale row; one with a view
    gets its view, which leaves the rest of the row stale."""
    if not stale:
        return False
    slot = pending_slot(s, policy)
    reads = policy[3][2 + slot]
    if reads == READS_ALL:
        rule_observe(s, p, o)
        return False
    if reads == READS_VIEW:
        if slot == 0:
            view_a(s, p, o)
        else:
            view_b(s, p, o)
    return True


@njit(inline="always")
def policy_action(s, o, m, policy, env_id):
    """The compiled choice of the seat pending in row ``s`` (-1: its agent is Python's).

    ``policy`` starts ``(params of a, params of b, uint64[2] seeds of a and b, int64[4]
    crew's and GM's slot, then whether a and b read the observation)``: slot 0 is
    ``policy_a``, 1 ``policy_b``.
    """
    slot = pending_slot(s, policy)
    key = episode_key(policy[2][slot], env_id, s[EPISODE])
    if slot == 0:
        return policy_a(o, m, policy[0][0], key, s[DECISIONS])
    return policy_b(o, m, policy[1][0], key, s[DECISIONS])


@njit(inline="always")
def begin_next(s, p, dice, log, i, seed, env_id, m):
    """Autoreset: start the env's next episode (its observation left stale)."""
    s[EPISODE] += 1
    start_episode(dice, i, seed, env_id, s[EPISODE])
    clear_header(s, s[EPISODE])
    rule_begin(s, p, dice, log, i)
    rule_legal(s, p, m)


@njit(cache=True)
def seated_advance(packed, obs):
    """One learner step of a seated batch (scenegym.envs.seated), as far as compiled code can
    take it: the actions of the envs selected by ``which``, then, per env, the opponent's
    compiled policy until the learner's decision is pending again (ended episodes paid,
    reported and reset on the way), or until the opponent is a Python agent.

    ``packed``: the step's arrays in one argument (:mod:`scenegym.envs.core.packed`: one
    argument unboxes at a fraction of the cost of its fields passed one by one), ``obs``: the
    observations (the native vector env hands in a fresh array at every step). See
    :func:`seated_rows` for the fields. The fields are read borrowed (no reference counted per
    array: the packed arrays outlive the call).
    """
    (state, params, dice_arrays, log_arrays, seed, env_ids, masks, actions, which, illegal_mode,
     seat, policy, reward, final_obs, flags, counts) = borrowed_fields(packed)
    return seated_rows(state, params, dice_arrays, log_arrays, seed, env_ids, masks,
                       borrow(obs), actions, which, illegal_mode, seat, policy, reward,
                       final_obs, flags, counts)


@njit(inline="always")
def seated_rows(state, params, dice_arrays, log_arrays, seed, env_ids, masks, obs,
                actions, which, illegal_mode, seat, policy, reward, final_obs, flags, counts):
    """The seated step (:func:`seated_advance`) over its arrays.

    Args:
        seed: uint64[1], the batch's seed.
        seat: int64[3] ``(learner seat, payment code, new step)``: a new step clears the
            outputs and requires the learner pending in every env. The call sets it back to
            1 (a caller that continues a step sets it to 0 before each call).
        policy: the compiled policies' arguments (:func:`policy_action`), then the float64[5]
            director weights.
        reward: float32[n], the learner's reward of this step per env.
        final_obs: float32[n, obs_size], the last observation of a reported episode.
        flags: bool[n, 4] per env: the learner decided in this episode; an end was reported
            in this step; the rules ended it (every end the rules define, their round or
            move limit included: Gymnasium's ``terminated``); the rules' limit cut it off.
        counts: int64[4], the batch's episodes reported, episodes ended unseated and
            decisions taken (both seats), which the call adds to, then the envs left waiting
            on a Python agent, which it sets.

    Returns:
        The first env with an illegal action (or ``-2 - i`` for an env ``i`` whose learner
        was not pending at a new step), or -1: none (one int: a tuple costs more to hand to
        Python than a batch of one's rules).
    """
    p = params[0]
    dice, log = by_ref(borrowed_dice(dice_arrays)), by_ref(borrowed_log(log_arrays))
    learner, new_step = seat[0], seat[2] == 1
    seat[2] = 1
    counts[N_WAITING] = 0
    for i in range(state.shape[0]):
        if new_step and (state[i, SEAT] != learner or state[i, OVER] == 1):
            return -2 - i
    bad = first_illegal(state, masks, actions, which)
    if bad >= 0 and illegal_mode == RAISE:
        return bad
    waiting = reported = unseated = decisions = 0
    far = rows_far(state, masks, obs, True)  # the learner reads every row's
    for i in range(state.shape[0]):
        prefetch_env(borrow(state), borrow(masks), borrow(obs), i + 1, far)
        s, f = rule_row(state[i]), borrow(flags[i])
        m, o = rule_row(masks[i]), rule_row(obs[i])
        if new_step:
            reward[i] = 0.0
            f[1] = f[2] = f[3] = False
        given, in_a_row, stale = which[i] and s[OVER] == 0, 0, False
        while True:
            if given:
                a, given = actions[i], False
            elif s[SEAT] == learner:
                break
            else:
                stale = observe_for(s, p, o, policy, stale)
                a = policy_action(s, o, m, policy, env_ids[i])
                if a < 0:
                    waiting += 1
                    break
                if a >= m.shape[0] or not m[a]:
                    raise ValueError("a compiled agent chose an illegal action")
            if s[SEAT] == learner:
                f[0] = True
            decisions += 1
            if a < 0 or a >= m.shape[0] or not m[a]:
                forfeit(state, log, i)
            else:
                rule_apply(s, p, dice, log, i, a)
            rule_legal(s, p, m)
            stale = True
            r, extra = crew_reward(s), gm_extra_due(s)
            if s[OVER] == 0:
                if (r != 0 or extra != 0) and f[0] and not f[1]:
                    reward[i] += early_payment(seat[1], r, extra)
                continue
            if f[0] and not f[1]:
                reward[i] += final_payment(seat[1], r, extra, s, policy[4])
                f[2], f[3] = True, s[TRUNCATED] == 1
                rule_observe(s, p, o)
                final_obs[i, :] = o
                f[1] = True
                reported += 1
            else:
                unseated += 1
                in_a_row += 1
                if in_a_row > MAX_UNSEATED_IN_A_ROW:
                    raise ValueError("an env ended 10000 episodes in a row with no learner "
                                     "decision")
            f[0] = False
            begin_next(s, p, dice, log, i, seed[0], env_ids[i], m)
        if stale:  # the learner, or a Python agent, reads it next
            rule_observe(s, p, o)
    counts[N_REPORTED] += reported
    counts[N_UNSEATED] += unseated
    counts[N_DECISIONS] += decisions
    counts[N_WAITING] = waiting
    return -1


# nogil: while this process plays, its pool thread reads the ranges its workers finish
# (common/workers.py); holding the GIL, the play kept a worker waiting on its pipe.
@njit(cache=True, nogil=True)
def play_episodes(state, params, dice_arrays, log_arrays, env_ids, masks, obs, active, policy,
                  over):
    """Both seats by their compiled policies: play each active env's running episode until it
    ends, or until its event log is half full (drain it and call again).

    Args:
        policy: the compiled policies' arguments (:func:`policy_action`).
        over: bool[n], set for the envs whose episode ended in this call.

    Returns:
        Episodes ended.
    """
    p = params[0]
    dice, log = by_ref(borrowed_dice(dice_arrays)), by_ref(borrowed_log(log_arrays))
    half = log.records.shape[1] // 2
    ended = 0
    far = rows_far(state, masks, obs, policy[3][2] != READS_NONE or policy[3][3] != READS_NONE)
    for i in range(state.shape[0]):
        over[i] = False
        if not active[i]:
            continue
        prefetch_env(borrow(state), borrow(masks), borrow(obs), i + 1, far)
        s, m, o = rule_row(state[i]), rule_row(masks[i]), rule_row(obs[i])
        stale = False
        while s[OVER] == 0 and (half == 0 or log.lengths[i] < half):
            stale = observe_for(s, p, o, policy, stale)
            a = policy_action(s, o, m, policy, env_ids[i])
            if a < 0 or a >= m.shape[0] or not m[a]:
                raise ValueError("a compiled agent chose an illegal action")
            rule_apply(s, p, dice, log, i, a)
            rule_legal(s, p, m)
            stale = True
            crew_reward(s)
            gm_extra_due(s)
        if stale:  # the batch's observations match its state between calls
            rule_observe(s, p, o)
        if s[OVER] == 1:
            over[i] = True
            ended += 1
    return ended
