"""A compiled Monte-Carlo tree search, written once against the four rules of every ruleset.

Like :mod:`scenegym.envs.core.loops`, this file is a template:
:func:`scenegym.envs.core.kernels.bound_copy` loads one copy of it per ruleset and pair of
rollout policies, and binds ``rule_apply``, ``rule_legal``, ``rule_observe`` (the ruleset's
rules) and ``policy_a``, ``policy_b`` (the compiled rollout policies, in slot order) before
anything compiles; each copy's kernels are cached on disk like any module-level function.

The search (:func:`search_rows`), for each row that waits on the searching agent:

- *Open loop.* A node of the tree is a sequence of decisions from the root, not a state:
  every simulation copies the row into a scratch row and rolls its own dice, so the same
  node meets different rolls (and sometimes another phase or seat) from one simulation to
  the next, and its statistics average over chance. Why open loop and not determinized: the
  games' chance is many dice per decision (hundreds of outcomes), so a tree that branched on
  chance (or one tree per determinization) would split its simulations among outcomes it
  meets once; an open-loop tree shares every simulation at each decision, which is what
  a budget of hundreds of simulations can afford.
- *Closed loop*, as an option (``closed``): an action's node has, as children, one node per
  distinct state row it led to (its digest, :func:`row_digest`, looked up in an
  open-addressing table: :func:`outcome_node`), met at the next decision in the tree; so a
  node below the root is a state, and the decision there (the other seat's too) can answer
  the dice that led to it, where an open-loop node's choice is one for every roll. Where
  an action has few outcomes (Starforged's rolls: a handful), the split costs little.
- *Fresh chance, common to the root's actions.* The ``n``-th simulation through each of
  the root's actions rolls the dice of the key ``mix64(search key ^ mix64(n))``, the search
  key being the agent's own ``episode_key(seed, env, episode)`` mixed with the decision's
  index. It never reads the row's own dice key, so it cannot see the real future dice;
  decision ``n`` of episode ``k`` of env ``i`` depends only on ``(seed, i, k, n)`` (not on
  the batch); and the root's actions meet the same dice sample by sample (common random
  numbers), so their difference is measured with far less noise than their values (in
  Starforged the GM's options differ by a few hundredths of a point, under the noise of
  hundreds of unpaired samples).
- *Selection* (UCT): in a node, the seat pending *in this simulation* picks among the
  actions legal *in this simulation*: an action it never tried (one drawn at random from
  the simulation's key), else the highest ``q + c * sqrt(ln N / n)``, where ``q`` is the
  mean crew result below that child as the pending seat sees it (the crew's for the crew,
  its negative for the GM), ``N`` the node's visits and ``n`` the child's. One new node per
  simulation (the first untried action); the node cap is the budget plus one. A node below
  the root branches only once it has ``expand`` visits (until then the rollout plays from
  it). At the root, by default (``paired``), the legal actions take turns instead, in whole
  rounds on the same dice (see :func:`search_row`).
- *Rollout*: from the new node, both seats play their compiled rollout policy (the
  ruleset's heuristic, or the random legal player) until the episode ends or the depth cap
  (decisions from the root, tree and rollout together) is reached.
- *Value*: the episode's crew result (header ``RESULT``); at the depth cap, what the crew
  was paid so far in the episode (header ``PAID``: 0 in a one-scene episode, a mission's
  scenes won so far). Every node on the path adds it.
- *Choice*: with ``paired``, the rollout policy's own choice unless another action beat it
  round by round (on the same dice) by more than ``z`` standard errors of the paired
  difference, then the one with the highest such margin (``z`` 0: the best mean): the best
  of a few noisy means is otherwise often a worse action than the rollout policy's (the
  winner's curse); with UCT at the root, its most visited legal action. Among equals the
  rollout policy's own choice, else the lower id. A decision with one legal action is
  taken unsearched.

The search reads the whole state row, so it may play only where the seat's observation hides
nothing of the state (:attr:`scenegym.envs.core.ruleset.Ruleset.hidden`): the agent refuses
the rest.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from scenegym.envs.core.borrow import borrow, rule_row
from scenegym.envs.core.byref import by_ref
from scenegym.envs.core.dice import episode_key, mix64, uniform_below
from scenegym.envs.core.header import CREW, DECISIONS, EPISODE, OVER, PAID, RESULT, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.core.loops import borrowed_dice, borrowed_log
from scenegym.envs.core.policy import READS_ALL, READS_VIEW


def _unbound(*args):
    raise RuntimeError("search used before bound_copy bound the ruleset's rules")


# The ruleset's rules and the two compiled rollout policies, bound per copy (kernels.py).
rule_begin = rule_apply = rule_legal = rule_observe = _unbound
policy_a = policy_b = view_a = view_b = _unbound

UNTRIED = -1  # a child not expanded yet
ROW = np.int64(0)  # the scratch dice and log have one row
TREE, ROLLOUT = np.uint64(0x5EA4C7), np.uint64(0x7011B0)  # streams of a simulation's key

# Every helper below is inlined into :func:`search_rows` (``inline="always"``), the copy's one
# entry point, so none is compiled (or cached) on its own. Numba optimizes and generates
# machine code for a callee's whole tree again inside each caller: the chain search_rows,
# search_row, simulate, step_rules did so for the ruleset's apply and legal four times a
# copy; inlined, once (an STA search copy's first compile 16-19% shorter, CHANGELOG 0.2.0).
# Inlining does the same at every call site, so :func:`simulate` steps the rules and asks
# the rollout policies at one site each, and the root's mask is computed once a row.


@njit(inline="always")
def simulation_key(search_key, j):
    """The dice and tie-break key of simulation ``j`` of a search."""
    return mix64(search_key ^ mix64(uint64(j)))


@njit(inline="always")
def rollout_action(s, p, o, m, policy, key):
    """The rollout policy's choice for the seat pending in ``s``, its randomness drawn from
    the simulation's ``key`` (``policy`` as in ``loops.policy_action``). The observation
    ``o`` is rendered here, and only what the policy reads of it (nothing else reads it)."""
    slot = policy[3][0] if s[SEAT] == CREW else policy[3][1]
    reads = policy[3][2 + slot]
    if reads == READS_ALL:
        rule_observe(s, p, o)
    elif reads == READS_VIEW:
        if slot == 0:
            view_a(s, p, o)
        else:
            view_b(s, p, o)
    if slot == 0:
        return policy_a(o, m, policy[0][0], key, s[DECISIONS])
    return policy_b(o, m, policy[1][0], key, s[DECISIONS])


@njit(inline="always")
def untried_action(m, children, node, key, n):
    """A legal action of ``node`` never tried (drawn from ``(key, n)``), or -1."""
    count = 0
    for a in range(m.shape[0]):
        count += m[a] and children[node, a] == UNTRIED
    if count == 0:
        return -1
    k = uniform_below(key, n, count)
    for a in range(m.shape[0]):
        if m[a] and children[node, a] == UNTRIED:
            if k == 0:
                return a
            k -= 1
    return -1


@njit(inline="always")
def best_child(m, children, visits, totals, node, sign, c):
    """The legal action of ``node`` with the highest UCT score for the seat whose sign
    (``+1`` crew, ``-1`` GM) is ``sign``."""
    log_n = np.log(max(visits[node], 1))
    best, best_score = -1, -np.inf
    for a in range(m.shape[0]):
        if m[a]:
            child = children[node, a]
            n = visits[child]
            score = sign * totals[child] / n + c * np.sqrt(log_n / n)
            if score > best_score:
                best, best_score = a, score
    return best


@njit(inline="always")
def episode_value(s):
    """The crew's value of a simulation: the result once over, else what it was paid."""
    return np.float64(s[RESULT] if s[OVER] == 1 else s[PAID])


@njit(inline="always")
def step_rules(s, p, dice, log, m, a):
    """Apply ``a`` in the scratch row, then fill its mask."""
    rule_apply(s, p, dice, log, ROW, a)
    rule_legal(s, p, m)


@njit(inline="always")
def row_digest(s):
    """A 64-bit digest of the state row ``s`` (equal rows, equal digests)."""
    h = uint64(0)
    for v in s:
        h = mix64(h ^ uint64(np.uint32(v)))
    return h


@njit(inline="always")
def outcome_node(outcomes, chance, digest, used):
    """The node of the state of ``digest`` that action node ``chance`` led to (closed
    loop), and whether it is new: looked up in the open-addressing table ``outcomes``
    (keys, nodes; -1: an empty slot), or made there as the next unused node."""
    keys, nodes = outcomes
    key = mix64(digest ^ mix64(uint64(chance)))
    mask = uint64(keys.shape[0] - 1)
    i = np.int64(key & mask)
    while nodes[i] >= 0:
        if keys[i] == key:
            return nodes[i], False
        i = np.int64((uint64(i) + uint64(1)) & mask)
    keys[i], nodes[i] = key, used[0]
    used[0] += 1
    return nodes[i], True


@njit(inline="always")
def tree_action(m, children, visits, totals, node, seat, c, tree_key, depth, first, used):
    """The tree's action at ``node`` (mask ``m``, ``seat`` pending), the node it leads to,
    and whether the simulation stays in the tree: an untried action expands a new node
    (the last in the tree), else UCT's best child; at the root (``depth`` 0) the given
    root action ``first`` if any (-1: UCT's)."""
    a = untried_action(m, children, node, tree_key, depth) if depth > 0 or first < 0 \
        else (first if children[0, first] == UNTRIED else -1)
    if depth == 0 and first >= 0 and a < 0:  # the given root action, tried before
        return first, children[0, first], True
    if a >= 0:
        children[node, a] = used[0]
        used[0] += 1
        return a, children[node, a], False
    sign = 1.0 if seat == CREW else -1.0
    a = best_child(m, children, visits, totals, node, sign, c)
    return a, children[node, a], True


@njit(inline="always")
def simulate(root, root_m, s, p, dice, log, m, o, tree, path, policy, key, j, settings,
             first):
    """Simulation ``j`` of the search of key ``key`` from ``root`` (a state row, its mask
    ``root_m``) in the scratch row ``s`` (mask ``m``): select, expand one node, roll out,
    back up (``tree``: children, visits, totals, nodes used, the value of each round of each
    root action, the decisions simulated, the closed loop's table of outcomes; ``settings``:
    ``c``, the depth cap, the visits a node needs before its decisions branch, the seat
    whose decisions branch the tree or -1: both, paired, ``z``, closed; ``first``: the
    root's action to take, or -1: UCT's). The ``n``-th simulation through each root action
    rolls the dice of ``simulation_key(key, n)``: the root's actions are compared on common
    random numbers.

    Open loop, the child of an action is the next decision's node, whatever the dice did;
    closed loop, it is the action's node, whose children are the states it led to
    (:func:`outcome_node`), one decision node per distinct state met at the next decision in
    the tree."""
    children, visits, totals, used, rounds, steps, outcomes = tree
    c, depth_cap, expand, branching, _, _, closed = settings
    s[:] = root
    m[:] = root_m
    dice.counts[0] = 0
    tree_key = mix64(simulation_key(key, j) ^ TREE)  # apart from the dice
    rollout_key = tree_key
    node, length, depth = 0, 1, 0
    path[0] = 0
    in_tree = True  # until a node is expanded or a leaf met; then the rollout plays on
    round_ = 0
    chance = -1  # closed loop: the action node whose outcome is not looked up yet
    while s[OVER] == 0 and depth < depth_cap:
        # the other seat's decisions in the tree are the rollout's (branching >= 0)
        branches = in_tree and (branching < 0 or s[SEAT] == branching)
        if branches and chance >= 0:  # the state the action and the dice led to
            node, expanded = outcome_node(outcomes, chance, row_digest(s), used)
            chance = -1
            path[length] = node
            length += 1
            in_tree = branches = not expanded
        if branches and node != 0 and visits[node] < expand:  # a leaf not yet expanded
            in_tree = branches = False
        if branches:
            a, node, in_tree = tree_action(m, children, visits, totals, node, s[SEAT], c,
                                           tree_key, depth, first, used)
            path[length] = node
            length += 1
            if depth == 0:  # the root's action chosen: its visits pick the dice
                round_ = visits[node]
                dice.keys[0] = simulation_key(key, round_)
                rollout_key = mix64(dice.keys[0] ^ ROLLOUT)
            if closed == 1:
                chance = node
        else:
            a = rollout_action(s, p, o, m, policy, rollout_key)
        # one call site of the rules and the policies: numba inlines each site's whole tree
        step_rules(s, p, dice, log, m, a)
        depth += 1
    value = episode_value(s)
    steps[0] += depth
    if first >= 0 and round_ < rounds.shape[0]:
        rounds[round_, first] = value
    for k in range(length):
        visits[path[k]] += 1
        totals[path[k]] += value


@njit(inline="always")
def root_choice(m, children, visits, totals, sign, by_mean, default):
    """The root's most visited legal action (ties: the better mean for ``sign``'s seat),
    or with ``by_mean`` its best mean; among equals, the rollout policy's choice
    ``default`` (the search found nothing better), else the lower id."""
    best, best_n, best_q = -1, -1, -np.inf
    if children[0, default] != UNTRIED:
        best = default
        best_n = 0 if by_mean else visits[children[0, default]]
        best_q = sign * totals[children[0, default]] / max(visits[children[0, default]], 1)
    for a in range(m.shape[0]):
        if m[a] and children[0, a] != UNTRIED:
            child = children[0, a]
            n, q = visits[child], sign * totals[child] / max(visits[child], 1)
            if by_mean:
                n = 0
            if n > best_n or (n == best_n and q > best_q):
                best, best_n, best_q = a, n, q
    return best


@njit(inline="always")
def paired_gain(rounds, count, a, default, sign, z):
    """How much better action ``a`` did than ``default`` for ``sign``'s seat over the
    ``count`` rounds of a paired root, round by round on the same dice: the mean difference
    less ``z`` standard errors (``z`` 0: the mean difference; one round: no error known,
    so -inf unless ``z`` is 0)."""
    d = sign * (rounds[:count, a] - rounds[:count, default])
    mean = d.mean()
    if z == 0.0:
        return mean
    if count < 2:
        return -np.inf
    return mean - z * np.sqrt(d.var() * count / (count - 1) / count)


@njit(inline="always")
def paired_choice(m, rounds, count, default, sign, z):
    """The legal action whose paired gain over the rollout policy's choice ``default``
    (:func:`paired_gain`) is the highest and above 0; else ``default`` (among equals, the
    lower id)."""
    best, best_gain = default, 0.0
    for a in range(m.shape[0]):
        if m[a] and a != default:
            g = paired_gain(rounds, count, a, default, sign, z)
            if g > best_gain:
                best, best_gain = a, g
    return best


@njit(inline="always")
def only_action(m):
    """The legal action of ``m`` if there is exactly one, else -1 (-2: none)."""
    found = -2
    for a in range(m.shape[0]):
        if m[a]:
            if found >= 0:
                return -1
            found = a
    return found


@njit(inline="always")
def search_row(root, root_m, p, dice, log, m, o, s, tree, path, policy, key, sims, settings):
    """The searched action of the state row ``root`` (``root_m``: its mask, filled here;
    ``s`` and ``m``: the simulations' scratch row and mask).

    With ``settings[4]`` (paired), the root's legal actions take turns (simulation ``j``
    tries the ``j mod L``-th of the ``L``), in whole rounds (``sims // L``, at least one;
    fewer than ``L`` simulations try the first ``sims``), so that every action meets the
    same dice; the choice is then the rollout policy's unless another action beat it round
    by round by more than ``settings[5]`` standard errors (:func:`paired_choice`; with
    fewer than ``L`` simulations, the best mean)."""
    rule_legal(root, p, root_m)
    a = only_action(root_m)
    if a != -1:
        if a == -2:
            raise ValueError("the search was asked to act with no legal action")
        return a
    children, visits, totals, used, _, _, outcomes = tree
    if settings[6] == 1:
        outcomes[1][:] = -1
    children[: sims + 1, :] = UNTRIED
    visits[: sims + 1] = 0
    totals[: sims + 1] = 0.0
    used[0] = 1
    paired = settings[4] == 1
    legal = np.flatnonzero(root_m)
    total = sims
    if paired and sims >= legal.shape[0]:
        total = sims // legal.shape[0] * legal.shape[0]
    for j in range(total):
        first = legal[j % legal.shape[0]] if paired else -1
        simulate(root, root_m, s, p, dice, log, m, o, tree, path, policy, key, j, settings,
                 first)
    default = rollout_action(root, p, o, root_m, policy, key)
    sign = 1.0 if root[SEAT] == CREW else -1.0
    if paired and total >= legal.shape[0]:
        return paired_choice(root_m, tree[4], total // legal.shape[0], default, sign,
                             settings[5])
    return root_choice(root_m, children, visits, totals, sign, paired, default)


@njit(cache=True)
def search_rows(rows, params, env_ids, seed, sims, c, depth_cap, expand, other, paired,
                z, closed, policy, work, out):
    """Into ``out``, the searched action of each state row of ``rows`` (env ``env_ids[r]``).

    Args:
        rows: int32[B, F], the rows waiting on the searching agent (read only).
        params: the ruleset's kernel parameters, one record.
        seed: uint64, the agent's seed.
        sims: simulations per decision; ``c``: the exploration constant; ``depth_cap``:
            decisions per simulation at most; ``expand``: the visits a node below the root
            needs before its own decisions branch (until then the rollout plays from it).
        other: 1: the other seat than the row's pending one plays the rollout policy in the
            tree too (a best response to it); 0: its decisions branch the tree as well.
        paired: 1: the root's actions take turns on the same dice (see :func:`search_row`);
            0: UCT chooses at the root too.
        z: with ``paired``, the standard errors of its paired gain by which an action must
            beat the rollout policy's choice to be chosen instead.
        closed: 1: closed loop, an action's child node is the state it led to (the dice
            branch the tree, so a node below can answer them); 0: open loop.
        policy: the rollout policies' arguments (``kernels.policy_args``).
        work: the scratch arrays of :func:`scenegym.envs.core.kernels.search_work`.
    """
    p = params[0]
    scratch, mask, obs, keys, counts, script, records, lengths, kinds, children, visits, \
        totals, used, path, rounds, steps, outcome_keys, outcome_nodes = work
    dice = by_ref(borrowed_dice((keys, counts, script)))
    log = by_ref(borrowed_log((records, lengths, kinds)))
    s, m, o = rule_row(scratch[0]), rule_row(mask[0]), rule_row(obs[0])
    root_m = rule_row(mask[1])  # the root's mask, computed once a row
    tree = (borrow(children), borrow(visits), borrow(totals), borrow(used), borrow(rounds),
            borrow(steps), (borrow(outcome_keys), borrow(outcome_nodes)))
    policy = borrow(policy)  # read at every simulated decision: no reference counted
    for r in range(rows.shape[0]):
        root = rule_row(scratch[1])
        root[:] = rows[r]
        key = mix64(episode_key(seed, env_ids[r], root[EPISODE]) ^ uint64(root[DECISIONS]))
        branching = root[SEAT] if other == 1 else -1
        settings = (c, depth_cap, expand, branching, paired, z, closed)
        out[r] = search_row(root, root_m, p, dice, log, m, o, s, tree, borrow(path), policy,
                            key, sims, settings)
    return out
