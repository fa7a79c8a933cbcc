"""``scenegym baselines [TARGET ...]``: how much room each seat leaves, for every registered id.

For each id and each seat, every trivial agent (``random``, ``constant``, ``heuristic``, and
each other agent the ruleset names, such as ``optimal`` or a heuristic style) and every
trained policy file given with ``--crew PATH`` or ``--gm PATH`` plays that seat against the other
seat's heuristic and against its random agent. Every row meets the same dice and the same
opponent randomness scene by scene (common random numbers: one seed for the whole table,
each seat's agents seeded from it as in ``playtest``), so rows are paired: beside each row's
rate against the heuristic stands its difference from the heuristic in the same seat,
scene by scene, with its paired 95% interval.

The figure is always the crew's win rate (95% Wilson interval): what a crew player wins, or
what a GM player holds the crew to (lower is better for the GM). Scenes cut off by the
decision limit count as neither side's win. Beside it stands the seat's return, its mean
reward per scene (+1 won, -1 lost, ``cutoff_result``, a loss by default, to each seat for a
cut-off): the objective the env pays, by which a seat's best player is judged (a GM that
stalls may hold the crew to fewer wins, yet loses every scene it stalls to the limit).

The search agent (``--search mcts:sims=100``; by default none: a search costs a
thousand-fold a heuristic's decision) is a row of each seat, and a third opponent of every row: beside each row stands the *search
gain*, what the search opponent takes from that player over the heuristic opponent, scene by
scene with its paired 95% interval (the crew's rate against the heuristic less against the
search for a crew player, the reverse for a GM player): a lower bound of how exploitable the
player is. An id whose default config hides state from a seat gets no search (the search
reads the state).

Writes ``baselines.md`` and ``baselines.json`` to ``--out`` atomically (both checked before
the first scene; kept beside it if writing still fails). Every policy file is loaded and
checked (its file, ruleset, seat and sizes) before the first scene.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from pathlib import Path

import numpy as np

from scenegym.agents.registry import BLIND, distinct_agents, seat_players
from scenegym.common import options
from scenegym.common.files import check_writable_folder, write_or_keep
from scenegym.common.scenes import (
    ENDED_COLUMNS,
    MAX_BATCH,
    MAX_SCENES,
    scene_outcomes,
)
from scenegym.common.text import summary
from scenegym.common.where import workers_option
from scenegym.common.workers import SceneRun, play_run, workers_for
from scenegym.envs.core.header_columns import CREW, GM, RESULT
from scenegym.envs.core.seeds import fresh_seed
from scenegym.envs.core.stats import proportion_ci
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.evaluation.paired import paired_difference
from scenegym.evaluation.playtest import warn

OPPONENTS = ("heuristic", "random")
SEARCH = "search"  # the search opponent's key in a row
SEATS = {"crew": CREW, "gm": GM}
DEFAULT_SCENES = 20_000
DEFAULT_BATCH = 1024






def load_policies(seated: list[tuple[str, str]], ids: list[str]) -> dict:
    """``{(env id, seat): {name: agent}}`` of the ``(seat, path)`` of each ``--crew PATH`` and
    ``--gm PATH``, each loaded and checked against its seat before any scene is played.

    Raises:
        ValueError: An agent name (the agents are rows already: see ``--players``), a damaged
            or foreign file, a policy of the other seat, of an id not asked for, or a name
            given twice.
        FileNotFoundError: No such file.
    """
    from scenegym.agents.policy import load_policy_agent  # the train extra (onnx, torch)
    from scenegym.agents.policy_info import check_use

    policies: dict = {}
    for seat, path in seated:
        flag = f"--{seat} {path!r}"
        if not Path(path).suffix:
            raise ValueError(f"{flag}: baselines takes policy files here (.onnx or .zip); "
                             "the agents are rows already (choose them with "
                             "--players)")
        agent = load_policy_agent(path)
        info = agent.info
        if info.env_id not in ids:
            raise ValueError(f"{flag}: the policy was trained on {info.env_id}, "
                             f"which is not among the ids asked for ({', '.join(ids)})")
        rs = ruleset_of_env(info.env_id)
        check_use(info, path, rs.name, seat, rs.default_config())
        named = policies.setdefault((info.env_id, seat), {})
        name = Path(path).name
        if name in named or name in distinct_agents(rs):
            raise ValueError(f"{flag}: a player named {name!r} is already in the "
                             f"{seat} seat of {info.env_id}; give each file its own name")
        named[name] = agent
    return policies


def crew_wins(ended: np.ndarray) -> np.ndarray:
    """1.0 for each scene the crew won, else 0.0 (row ``j``: scene ``j``)."""
    return (ended[:, ENDED_COLUMNS.index(RESULT)] > 0).astype(np.float64)


def play(ruleset, config, specs: dict, scenes: int, seed: int, batch: int,
         workers: int | None = None) -> np.ndarray:
    """The ended scenes of ``{seat: agent spec or object}``, each seat's agent seeded from
    ``seed`` (the same in every row: common random numbers), split over ``workers``
    processes (see :func:`scenegym.common.workers.workers_for`; a loaded policy plays in
    this process alone)."""
    run = SceneRun(ruleset.name, config, specs, seed, batch, statistics=False)
    return play_run(run, scenes, workers_for(scenes, workers))[0]


def outcome(ended: np.ndarray, cutoff_result: int) -> dict:
    """Counts, the crew's win rate with its 95% Wilson interval, and each seat's mean
    reward under the adversarial reward (:func:`seat_returns`)."""
    won, lost, cut = scene_outcomes(ended)
    n, wins, losses = len(won), int(won.sum()), int(lost.sum())
    return {"scenes": n, "crew_wins": wins, "gm_wins": losses,
            "draws": n - wins - losses, "cut_offs": int(cut.sum()),
            "crew_win_rate": wins / n, "crew_win_ci": proportion_ci(wins, n),
            **seat_returns(wins, losses, int(cut.sum()), n, cutoff_result)}


def seat_returns(wins: int, losses: int, cut_offs: int, scenes: int, cutoff_result: int) -> dict:
    """Each seat's mean reward per scene, the objective the env pays: +1 won, -1 lost, and
    ``cutoff_result`` to *each* seat for a cut-off (the GM's adversarial reward is the
    negative of the crew's except there). A seat's best player is the one with the highest
    return: a GM that holds the crew to fewer wins by stalling pays for its cut-offs."""
    return {"crew_return": (wins - losses + cutoff_result * cut_offs) / scenes,
            "gm_return": (losses - wins + cutoff_result * cut_offs) / scenes}


def seat_rows(env_id: str, seat: str, players: dict, scenes: int, seed: int,
              batch: int, rows: list, search: str | None = None,
              workers: int | None = None) -> None:
    """Append one row per player of ``seat`` of ``env_id`` to ``rows`` (as each finishes),
    then each row's paired difference from the heuristic's row (and, with a ``search``
    opponent, each row's search gain)."""
    rs = ruleset_of_env(env_id)
    config = rs.default_config()
    other = GM if seat == "crew" else CREW
    opponents = {o: o for o in OPPONENTS}
    if search:
        opponents[SEARCH] = search
    wins = {}  # (player, opponent) -> per-scene crew wins
    first = len(rows)
    for name, spec in players.items():
        row = {"env_id": env_id, "ruleset": rs.name, "seat": seat, "player": name,
               "kind": "agent" if isinstance(spec, str) else "policy"}
        for key, opponent in opponents.items():
            ended = play(rs, config, {SEATS[seat]: spec, other: opponent}, scenes, seed, batch,
                         workers)
            row[key] = outcome(ended, config.cutoff_result)
            wins[name, key] = crew_wins(ended)
        rows.append(row)
    for row in rows[first:]:
        name = row["player"]
        if name != "heuristic":
            for opponent in OPPONENTS:
                row[opponent]["minus_heuristic"] = paired(wins[name, opponent],
                                                          wins["heuristic", opponent])
        if search:  # the crew's rate it lowers (a crew player) or raises (a GM player)
            ahead, behind = (SEARCH, "heuristic") if seat == "gm" else ("heuristic", SEARCH)
            row["search_gain"] = paired(wins[name, ahead], wins[name, behind])


def paired(a: np.ndarray, b: np.ndarray) -> dict:
    """The paired difference of ``a`` less ``b``, scene by scene (95% interval)."""
    with warnings.catch_warnings():  # scipy warns on rows without spread (handled)
        warnings.simplefilter("ignore", RuntimeWarning)
        return paired_difference(a, b)


def searchable(ruleset, search: str | None) -> str | None:
    """``search``, unless the ruleset's default config hides state from a seat."""
    return search if search and not ruleset.hidden_reason(ruleset.default_config()) else None


def chosen_agents(ruleset, names=None) -> tuple[str, ...]:
    """The agents of the table's rows: ``names`` where the ruleset has them (``heuristic``
    always, as the reference), or every distinct agent (:func:`distinct_agents`)."""
    if names is None:
        return distinct_agents(ruleset)
    allowed = (*BLIND, *ruleset.agents)
    return tuple(n for n in dict.fromkeys([*names, "heuristic"]) if n in allowed)


def check_agent_names(names, ids: list[str]) -> None:
    """Refuse a ``--players`` name that no ruleset of ``ids`` has."""
    known = set(BLIND).union(*(ruleset_of_env(i).agents for i in ids))
    for name in names or ():
        if name not in known:
            raise ValueError(f"--players: {name!r} is no agent of {', '.join(ids)}; allowed: "
                             f"{', '.join(sorted(known))}")


def baselines(ids: list[str], scenes: int, seed: int, policies: dict,
              batch: int = DEFAULT_BATCH, rows: list | None = None,
              agents=None, search: str | None = None, workers: int | None = None) -> list[dict]:
    """Every row of the table (see the module docstring); ``rows``, if given, is filled row
    by row, so a caller keeps the rows finished before an interrupt. ``agents`` limits the
    agent rows (see :func:`chosen_agents`); ``search`` (an ``mcts`` name, or None) is a row of
    each seat and every row's third opponent; ``workers``: the worker processes of each cell
    (see :func:`play`)."""
    rows = [] if rows is None else rows
    for env_id in ids:
        rs = ruleset_of_env(env_id)
        searching = searchable(rs, search)
        for seat in SEATS:
            players = {n: n for n in seat_players(rs, chosen_agents(rs, agents), seat)}
            if searching:
                players[searching] = searching
            players.update(policies.get((env_id, seat), {}))
            seat_rows(env_id, seat, players, scenes, seed, batch, rows, searching, workers)
    return rows


def check_search(spec: str) -> str | None:
    """The ``--search`` agent name, checked (``"none"``: None).

    Raises:
        ValueError: Not an mcts name, or a bad setting (named).
    """
    from scenegym.agents.mcts_agent import SearchSettings, is_mcts  # numba: not for --help

    if spec == "none":
        return None
    if not is_mcts(spec):
        raise ValueError(f"--search is {spec!r}; allowed: an mcts agent name "
                         f"(mcts:sims=100,...) or none")
    SearchSettings.parse(spec)
    return spec


def _rate(o: dict) -> str:
    lo, hi = o["crew_win_ci"]
    return f"{o['crew_win_rate']:.3f} [{lo:.3f}, {hi:.3f}]"


def _difference(o: dict) -> str:
    d = o.get("minus_heuristic")
    return "" if d is None else _interval(d)


def _interval(d: dict) -> str:
    lo, hi = d["paired_ci"]
    return f"{d['difference']:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def markdown(rows: list[dict], scenes: int, seed: int, search: str | None = None) -> str:
    """The table, one section per id."""
    lines = ["# Baselines", "",
             f"Crew win rate [95% CI] over {scenes} scenes per cell, seed {seed}, every row on "
             "the same dice. Crew seat: what the player wins; GM seat: what the player holds "
             "the crew to (lower is better for the GM). \"minus heuristic\": the row's rate "
             "less the heuristic's in the same seat against the heuristic, scene by scene "
             "(paired 95% CI). Cut off: scenes ended by the decision limit (no winner). "
             "Return: the seat's mean reward per scene against the heuristic (+1 won, -1 "
             "lost, the config's cutoff_result to each seat for a cut-off), what the env "
             "pays and a seat's best player maximises."]
    if search:
        lines[-1] += (f" \"vs search\": against {search}; \"search gain\": what that search "
                      "opponent takes from the player over the heuristic opponent, scene by "
                      "scene (paired 95% CI; a lower bound of how exploitable it is).")
    for env_id in dict.fromkeys(r["env_id"] for r in rows):
        searched = any("search_gain" in r for r in rows if r["env_id"] == env_id)
        extra = " vs search | search gain (paired) |" if searched else ""
        lines += ["", f"## {env_id}", "",
                  "| seat | player | vs heuristic | minus heuristic (paired) | cut off | "
                  f"return | vs random |{extra}", "|---" * (9 if searched else 7) + "|"]
        for r in (r for r in rows if r["env_id"] == env_id):
            h = r["heuristic"]
            line = (f"| {r['seat']} | {r['player']} | {_rate(h)} | {_difference(h)} | "
                    f"{h['cut_offs'] / h['scenes']:.3f} | "
                    f"{h[r['seat'] + '_return']:+.3f} | {_rate(r['random'])} |")
            if searched:
                line += f" {_rate(r[SEARCH])} | {_interval(r['search_gain'])} |"
            lines.append(line)
    return "\n".join(lines) + "\n"


def add_parser(sub) -> None:
    """Add ``scenegym baselines``."""
    p = sub.add_parser("baselines", help="every trivial agent and trained policy in each seat "
                       "of every id, on the same dice", description=summary(__doc__))
    options.add(p, "seed", "players", "json", "benchmark", "write", "policies", "search", "workers",
                "ray", "address", target={"nargs": "*"},
                scenes={"default": DEFAULT_SCENES}, crew={"action": "append"},
                gm={"action": "append"}, batch={"default": DEFAULT_BATCH},
                out={"default": None, "files": "baselines.md and baselines.json (none: no "
                                                "file)"})
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check everything, play the table, write and print it (what finished, on Ctrl-C)."""
    ids = options.all_env_ids(args.target)
    if args.write and not args.benchmark:
        raise ValueError("--write records the benchmark's figures; allowed only with "
                         "--benchmark")
    if args.policies is not None and not args.benchmark:
        raise ValueError("--policies plays the benchmark's trained policies; allowed only "
                         "with --benchmark (other policy files: --crew PATH, --gm PATH)")
    if args.benchmark:
        from scenegym.evaluation.benchmark import run_benchmark

        return run_benchmark(ids if args.target else [], args.batch, args.write,
                             policies=args.policies)
    for flag, value, high in (("--scenes", args.scenes, MAX_SCENES), ("--batch", args.batch,
                                                                     MAX_BATCH)):
        if not 2 <= value <= high:
            raise ValueError(f"{flag} is {value}; allowed: 2..{high}")
    workers = workers_option(args)
    if args.out is not None:
        check_writable_folder(args.out)
    agents = args.players
    check_agent_names(agents, ids)
    search = check_search(args.search)
    policies = load_policies([("crew", p) for p in args.crew] + [("gm", p) for p in args.gm],
                             ids)
    seed = fresh_seed() if args.seed is None else args.seed
    rows: list = []
    try:
        baselines(ids, args.scenes, seed, policies, args.batch, rows, agents, search, workers)
    except KeyboardInterrupt:
        if rows:
            warn(f"interrupted: {len(rows)} rows finished")
            write(args, rows, seed, search)
        raise
    return 0 if write(args, rows, seed, search) else 1


def write(args, rows: list[dict], seed: int, search: str | None = None) -> bool:
    """Print the table and write it to ``--out`` (kept elsewhere if that fails); True when
    both files went into ``--out`` (or none was asked for)."""
    data = {"scenes": args.scenes, "seed": seed, "batch": args.batch, "search": search,
            "rows": rows}
    text = markdown(rows, args.scenes, seed, search)
    as_json = json.dumps(data, indent=2) + "\n"
    print(as_json if args.json else text, end="", file=sys.stdout)
    if args.out is None:
        return True
    targets = (args.out / "baselines.md", args.out / "baselines.json")
    return (write_or_keep(targets[0], text, warn),
            write_or_keep(targets[1], as_json, warn)) == targets
