"""``scenegym soak [TARGET ...]``: long random and heuristic play, every invariant checked after every decision.

For each env id (default: every registered one), each config variant its ruleset declares
(``Ruleset.invariants``: a module with ``VARIANTS`` and ``check(state, config)``) and each
pairing of random, heuristic and stall agents (and the search, ``mcts`` on a small budget
rolled out by the heuristic, or by the random player where the heuristic is not compiled, in
either seat against the heuristic, where no seat's view hides state: on an eighth of a
pairing's decisions), a batch plays until its share of ``--decisions`` is made. After every decision it checks the generic invariants (a pending decision has a seat
and a legal action; the observation is finite and inside its space; an episode's crew
rewards add up to its result) and the ruleset's own (pools and meters in range, turn order);
where the module declares ``POOLS`` (pool code of the event log -> state column), the event
log is on and its pool changes must agree with the state: each change starts from the
value the last one left (or the state before the decision) and the last one leaves the
state's value (what a transcript shows is what the state holds). It stops
at the first violation and prints the seed, env and episode, with the ``scenegym replay``
command that plays that scene alone. Exit status 0: no violation; 1: a violation.

The pairings (an env id, a variant and the agents in the seats, each with its share of the
decisions) are independent runs from the same seed, so ``--workers N`` splits them over
worker processes (:func:`scenegym.common.workers.results_in_order`): their lines are printed
in the plan's order and the first violation in that order is the one reported, so every
figure but the rates is that of one worker. (A pairing is not split over scenes: its batch
plays episode after episode in each row until all its rows together have made the pairing's
decisions, so which scenes it plays depends on every row.) By default every core plays
(``SCENEGYM_WORKERS``), but never fewer than :data:`DECISIONS_PER_WORKER` decisions a worker.
Ctrl-C cancels the pairings not begun; the workers finish those they play.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from scenegym.agents import make_agent
from scenegym.common import options
from scenegym.common.scenes import seat_seed
from scenegym.common.text import summary
from scenegym.common.workers import results_in_order, workers_for
from scenegym.envs.core.header_columns import CREW, DECISIONS, EPISODE, GM, OVER, RESULT, SEAT
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.evaluation.replay import replay_command

if TYPE_CHECKING:  # the engine loads numba: imported where the pairings are played
    from scenegym.envs.core.batch import SceneBatch

PAIRS = (("random", "random"), ("heuristic", "heuristic"), ("random", "heuristic"),
         ("heuristic", "random"), ("stall", "heuristic"), ("heuristic", "stall"))
# the search in either seat, on a small budget, wherever no seat's view hides state; it plays
# SEARCH_SHARE of a pairing's decisions (a search decision costs hundreds of a heuristic's)
SEARCH = "mcts:sims=8,depth=60"  # rolled out by the ruleset's heuristic, as mcts plays by default
SEARCH_RANDOM = SEARCH + ",rollout=random"  # where the heuristic is not compiled (a plug-in's)
SEARCH_SHARE = 0.125
DEFAULT_BATCH = 256
LOG_CAPACITY = 4096  # event records per env and decision, when the pools are checked
# Decisions a worker must have before a soak is split by default. Measured on this project's
# 2-core machine (load 7 to 8, other jobs running; warm bounds-checked kernel cache):
# Starforged and Momentum soaked 40,000, 200,000 and 1,000,000 decisions in 13, 16 and 36 s
# with one worker, 23, 23 and 54 s with two: starting a worker and loading its kernels costs
# seconds, and a loaded machine has no core to spare.
DECISIONS_PER_WORKER = 1_000_000


class Violation(NamedTuple):
    """The first broken invariant of a soak run, and how to replay it."""

    ruleset: str
    seed: int
    env: int
    episode: int
    decision: int
    crew: str
    gm: str
    overrides: dict
    rule: str

    def replay_command(self) -> str:
        return replay_command(self.ruleset, self.seed, self.env, self.crew, self.gm,
                              self.overrides, episode=self.episode)

    def describe(self) -> str:
        return (f"{self.ruleset}: {self.rule} broken at decision {self.decision} of episode "
                f"{self.episode} of env {self.env} (seed {self.seed}, crew {self.crew}, GM "
                f"{self.gm}, config changes {self.overrides or 'none'})\n"
                f"replay it: {self.replay_command()}")


def generic_checks(engine: SceneBatch, returns: np.ndarray, ended: np.ndarray):
    """``[(bad rows, invariant)]`` every ruleset keeps."""
    state, layout = engine.state, engine.layout
    running = state[:, OVER] == 0
    obs = engine.obs
    return [
        (running & ~np.isin(state[:, SEAT], (CREW, GM)), "a pending decision has a seat"),
        (running & ~engine.masks.any(axis=1), "a pending decision has a legal action"),
        (running & ~np.isfinite(obs).all(axis=1), "the observation is finite"),
        (running & ((obs < layout.observation_low) | (obs > layout.observation_high)).any(axis=1),
         f"the observation is inside {layout.observation_low}..{layout.observation_high}"),
        (ended & (returns != state[:, RESULT]), "an episode's crew rewards add up to its result"),
    ]


def pool_log_checks(before: np.ndarray, after: np.ndarray, log, pools: dict):
    """``[(bad rows, invariant)]``: the log's pool changes of one decision chain from the
    state ``before`` it to the state ``after`` it (see module docstring)."""
    from scenegym.envs.core.events import POOL, drain_arrays

    envs, records = drain_arrays(log)
    mine = (records[:, 0] == POOL) & np.isin(records[:, 1], list(pools))
    envs, records = envs[mine], records[mine].astype(np.int64)
    column = np.zeros(len(records), np.int64)
    for code, (base, per_character) in pools.items():
        at = records[:, 1] == code
        column[at] = base + (records[at, 4] if per_character else 0)
    key = envs * after.shape[1] + column
    order = np.argsort(key, kind="stable")  # each key's changes in the order written
    key, envs, column, old, new = (a[order] for a in (key, envs, column, records[:, 2],
                                                      records[:, 3]))
    first = np.r_[True, key[1:] != key[:-1]]
    last = np.r_[key[1:] != key[:-1], True]
    bad_start, bad_end = np.zeros(len(after), np.bool_), np.zeros(len(after), np.bool_)
    np.logical_or.at(bad_start, envs, np.where(first, old != before[envs, column],
                                               old != np.r_[0, new[:-1]]))
    np.logical_or.at(bad_end, envs, last & (new != after[envs, column]))
    return [(bad_start, "each logged pool change starts from the value before it"),
            (bad_end, "the last logged pool change leaves the state's value")]


def first_violation(checks) -> tuple[int, str] | None:
    """The lowest env index that breaks a check, and the check's words."""
    found = None
    for bad, rule in checks:
        rows = np.flatnonzero(bad)
        if rows.size and (found is None or rows[0] < found[0]):
            found = (int(rows[0]), rule)
    return found


def soak_run(ruleset, config, overrides: dict, crew: str, gm: str, decisions: int, seed: int,
             batch: int = DEFAULT_BATCH, check=None,
             pools: dict | None = None) -> tuple[Violation | None, int]:
    """Play ``decisions`` decisions; ``(first violation or None, decisions made)``.

    Agents are made as ``scenegym playtest`` and ``replay`` make them (random agents seeded
    by :func:`scenegym.evaluation.playtest.seat_seed`), so the violation replays alone.
    ``check`` adds the ruleset's invariants, ``pools`` its pool columns by log code.
    """
    from scenegym.agents.seats import choose_actions
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.core.events import drain_arrays

    agents = {seat: make_agent(spec, ruleset.name, seat_seed(seed, seat), config)
              for seat, spec in ((CREW, crew), (GM, gm))}
    engine = SceneBatch(ruleset, config, batch, log_capacity=LOG_CAPACITY if pools else 0)
    engine.reset(seed)
    returns = np.zeros(batch, np.float64)
    actions = np.zeros(batch, np.int64)
    nothing = np.zeros(batch, np.bool_)
    made = 0
    while True:
        found = first_violation(generic_checks(engine, returns, nothing)
                                + (check(engine.state, config) if check else []))
        if found or made >= decisions:
            break
        active = engine.state[:, OVER] == 0
        choose_actions(engine, agents, actions, active)
        if pools:
            drain_arrays(engine.log)  # Begin the Scene's records: no state before them
            before = engine.state.copy()
        reward, over, _ = engine.step(actions, active)
        made += int(active.sum())
        returns += reward
        found = first_violation(generic_checks(engine, returns, over)
                                + (check(engine.state, config) if check else [])
                                + (pool_log_checks(before, engine.state, engine.log, pools)
                                   if pools else []))
        if found:
            break
        returns[over] = 0
        engine.next_episode(over.copy())
    if not found:
        return None, made
    i, rule = found
    return Violation(ruleset.name, seed, i, int(engine.state[i, EPISODE]),
                     int(engine.state[i, DECISIONS]), crew, gm, overrides, rule), made


def variants_of(ruleset) -> tuple[dict, object, dict | None]:
    """The ruleset's ``(VARIANTS, check, POOLS)``: its declared ones, or the default config
    alone with the generic invariants."""
    if ruleset.invariants is None:
        return {"default": {}}, None, None
    module = importlib.import_module(ruleset.invariants)
    return module.VARIANTS, module.check, getattr(module, "POOLS", None)


class Pairing(NamedTuple):
    """One run of a soak's plan: an env id, a config variant, the agents in the seats and the
    decisions they make."""

    env_id: str
    variant: str
    overrides: dict  # the env id's config fields and the variant's
    crew: str
    gm: str
    decisions: int


def soak_plan(ids, decisions: int) -> list[Pairing]:
    """Every id's variants and agent pairings (random, heuristic, stall; the search where no
    seat's view hides state, on a smaller share), with their shares of ``decisions``."""
    plan = []
    for env_id in ids:
        rs = ruleset_of_env(env_id)
        variants = variants_of(rs)[0]
        kwargs = {k: v for e in rs.env_ids if e.id == env_id for k, v in e.kwargs.items()
                  if k in rs.config_type.field_names()}
        for name, overrides in variants.items():
            config = {**kwargs, **overrides}
            made = rs.make_config(**config)
            searched = () if rs.hidden_reason(made) else search_pairs(rs, made)
            for crew, gm in PAIRS + searched:
                weight = SEARCH_SHARE if (crew, gm) in searched else 1.0
                plan.append((Pairing(env_id, name, config, crew, gm, 0), weight))
    share = decisions / sum(weight for _, weight in plan)
    return [p._replace(decisions=max(1, int(share * weight))) for p, weight in plan]


def search_pairs(rs, config) -> tuple[tuple[str, str], ...]:
    """The search in either seat against the heuristic: rolled out by the ruleset's heuristic
    where ``mcts`` can roll out by it (a compiled agent: the search as it plays by default),
    else by the random player."""
    from scenegym.agents.mcts_agent import rollout_policy

    try:
        rollout_policy(rs, config, "heuristic")
        search = SEARCH
    except ValueError:  # a Python heuristic, such as a plug-in's
        search = SEARCH_RANDOM
    return (search, "heuristic"), ("heuristic", search)


def soak_pairing(pairing: Pairing, seed: int, batch: int) -> tuple[Violation | None, int, float]:
    """Play one pairing (in this process or a worker's): ``(first violation or None,
    decisions made, seconds)``."""
    start = time.perf_counter()
    rs = ruleset_of_env(pairing.env_id)
    _, check, pools = variants_of(rs)
    violation, made = soak_run(rs, rs.make_config(**pairing.overrides), pairing.overrides,
                               pairing.crew, pairing.gm, pairing.decisions, seed,
                               min(batch, pairing.decisions), check, pools)
    return violation, made, time.perf_counter() - start


def soak(ids, decisions: int, seed: int, batch: int = DEFAULT_BATCH, out=print,
         workers: int = 1):
    """Soak every id, variant and agent pairing (:func:`soak_plan`) on ``workers``
    processes; ``(the first Violation in the plan's order or None, decisions made up to
    it)``, the same whatever ``workers``."""
    plan = soak_plan(ids, decisions)
    results = results_in_order(partial(soak_pairing, seed=seed, batch=batch), plan, workers)
    total = 0
    try:
        for p, (violation, made, seconds) in zip(plan, results):
            total += made
            out(f"{p.env_id} [{p.variant}] crew {p.crew} vs GM {p.gm}: {made} decisions, "
                f"{made / max(seconds, 1e-9):,.0f}/s"
                + ("" if violation is None else "  VIOLATION"))
            if violation is not None:
                return violation, total
    finally:
        results.close()
    return None, total


def add_parser(sub) -> None:
    """Add ``scenegym soak``."""
    p = sub.add_parser("soak", help="long random/heuristic play, invariants after every decision",
                       description=summary(__doc__))
    options.add(p, "seed", "workers", target={"nargs": "*"}, decisions={"default": 1_000_000},
                batch={"default": DEFAULT_BATCH})
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Soak and report; exit 1 at the first violation."""
    ids = options.all_env_ids(args.target)
    if args.decisions < 1 or args.batch < 1:
        raise ValueError(f"--decisions is {args.decisions} and --batch is {args.batch}; "
                         "allowed: 1 or more")
    seed = fresh_seed() if args.seed is None else args.seed
    workers = workers_for(args.decisions, args.workers, DECISIONS_PER_WORKER)
    start = time.perf_counter()
    violation, total = soak(ids, args.decisions, seed, args.batch, workers=workers)
    took = time.perf_counter() - start
    if violation is not None:
        print(violation.describe(), file=sys.stderr)
        return 1
    print(f"soak: {total:,} decisions, seed {seed}, no invariant broken ({took:.0f} s)")
    return 0
