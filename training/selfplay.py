"""``scenegym selfplay``: crew and GM trained in turns against frozen snapshots of each other.

Round ``k``: the crew learner trains against the GM snapshot of round ``k-1`` (in round 1 the
heuristic GM that plays for the run's GM reward, see :func:`first_gm`), is frozen as
``snapshots/crew_r<k>.zip``; then the GM learner (the ruleset's GM reward unless
``--gm-reward`` says otherwise) trains against that crew snapshot and is frozen as
``snapshots/gm_r<k>.zip``. Training and the league play the run's variant (the config
changes of ``--set``); ``selfplay.json`` records it with the GM reward. The same command
started again keeps the snapshots it finished (``rounds.json``,
:mod:`scenegym.training.selfplay_rounds`) and trains only the rounds still missing, each
seat's learner going on from its last snapshot; ``--rounds`` may grow. It refuses a run
folder trained with other settings instead of overwriting its snapshots.
Snapshots are loaded as opponents through :func:`scenegym.agents.registry.make_agent`, like any
policy file.

The league: every crew player (random, heuristic, the ruleset's other agents such as
``optimal``, each crew snapshot) meets every GM player (the same, with the GM snapshots) for
``league_scenes`` scenes on the engine, every pairing on the same dice. Each scene is one
game (a cut-off scene is a draw). Two ratings come from the same games:

- Elo by maximum likelihood over all games at once, with its 95% interval
  (:mod:`scenegym.training.ratings`), which ranks the players: a crew player 400 points
  above a GM player wins 10 scenes to 1 against it; two players of the same seat 400 points
  apart have odds 10 times apart against the same opponent. The seat's own advantage is in
  the ratings (in a game the crew usually wins, crew players rate above GM players).
- TrueSkill, games fed in a seeded random order (so no pairing is rated last by
  construction), and its conservative rating ``mu - 3 sigma``. Its updates depend on the
  order of the games: two players with the same record against the same opponents can end
  a sigma or more apart, which is why the table is ranked by Elo, a fit that has no order.

``league.csv`` and ``league.md`` hold the ratings with each player's record;
``league_pairs.csv`` and the second table of ``league.md`` hold every pairing's scenes and
crew win rate (95% Wilson interval). ``--players`` chooses the fixed players;
``--league-only`` trains nothing and plays the league of the snapshots already in ``--out``
(more scenes, other players), recording its settings in ``selfplay.json``.

Each pairing is a cell kept in ``league_cells`` of the run folder as it ends (keyed by the
players, with a digest of each snapshot file, the variant, scenes and seed); ``--ray`` plays
the pairings as Ray tasks, one per CPU, with the same tables. The training rounds themselves
run in turn (each learns against the other seat's last snapshot), in this process.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import torch
import trueskill
from tqdm import tqdm

from scenegym.agents.policy import load_sb3_model
from scenegym.agents.registry import BLIND, distinct_agents, make_agent, seat_players
from scenegym.common import cells
from scenegym.common.files import check_writable_folder
from scenegym.common.overrides import from_json
from scenegym.envs.core.files import atomic_write_json, atomic_write_text
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.core.stats import proportion_ci
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.training.checkpoints import save_model
from scenegym.training.evaluate import play_match
from scenegym.training.ratings import elo_ratings, pair_records
from scenegym.training.selfplay_rounds import (
    finished_snapshots,
    record_finished,
    snapshot_name,
    training_order,
)
from scenegym.training.train import (
    TqdmCallback,
    TrainSettings,
    derived_seed,
    make_vec_env,
    new_model,
)
from scenegym.training.variant import describe, gm_reward_of, variant_config

BASE_PLAYERS = ("random", "heuristic")
TABLE_FIELDS = ("rank", "player", "seat", "elo", "elo_low", "elo_high", "rating", "mu", "sigma",
                "opponents", "scenes", "wins", "draws", "losses")
PAIR_FIELDS = ("crew", "gm", "scenes", "crew_wins", "draws", "gm_wins", "crew_win_rate",
               "crew_win_low", "crew_win_high")


def train_round(model, s: TrainSettings, opponent, steps: int, tb_name: str, snapshot: Path):
    """Continue (or start) one seat's learner against ``opponent`` for ``steps`` steps, then
    freeze it as ``snapshot``. ``model`` is the learner, None for a new one, or the path of
    the seat's last snapshot to continue from. On Ctrl-C the learner as it stands is saved
    beside it (``<snapshot>_interrupted.zip``) before the interrupt goes on."""
    venv = make_vec_env(s, opponent=opponent)
    tb = str(Path(s.out) / "tb")
    if model is None:
        model = new_model(s, venv, tb)
    else:
        if isinstance(model, Path):  # a run started again: its seat's last snapshot
            model = load_sb3_model(model, env=venv, tensorboard_log=tb)
        else:
            model.set_env(venv)
        # the new env (and torch) seeded from the run's seed: a later round replays, and a
        # learner continued from its snapshot trains as the one kept in memory does
        model.set_random_seed(derived_seed(s.seed, model.num_timesteps))
    bar = TqdmCallback(model.num_timesteps + steps)
    try:
        model.learn(total_timesteps=steps, reset_num_timesteps=False, tb_log_name=tb_name,
                    callback=bar)
    except KeyboardInterrupt:
        kept = snapshot.with_name(f"{snapshot.stem}_interrupted.zip")
        save_model(model, kept)
        print(f"scenegym selfplay: the {s.seat} learner is kept in {str(kept)!r}; the same "
              "command continues the run from its last finished snapshot", file=sys.stderr)
        raise
    save_model(model, snapshot)
    return model


def train_league(s: TrainSettings, rounds: int, steps_per_round: int) -> dict:
    """Alternate crew and GM training; returns the snapshot paths of each seat.

    The snapshots an earlier start of the same run finished (:mod:`.selfplay_rounds`) are
    kept: each seat's learner continues from its last one."""
    snaps = Path(s.out) / "snapshots"
    settings = {"crew": replace(s, seat="crew"), "gm": replace(s, seat="gm")}
    finished = finished_snapshots(s.out, s, steps_per_round)
    learner = {"crew": None, "gm": None}
    players = {"crew": {}, "gm": {}}
    for seat, k in training_order(rounds):
        name = snapshot_name(seat, k)
        path = snaps / f"{name}.zip"
        players[seat][name] = path
        if name in finished:
            learner[seat] = path  # loaded only if this seat trains again
            continue
        opponent = (str(players["crew"][snapshot_name("crew", k)]) if seat == "gm" else
                    str(players["gm"][snapshot_name("gm", k - 1)]) if k > 1 else first_gm(s))
        learner[seat] = train_round(learner[seat], settings[seat], opponent, steps_per_round,
                                    seat, path)
        finished.append(name)
        record_finished(s.out, s, steps_per_round, finished)
    return players


def first_gm(s: TrainSettings) -> str:
    """The GM the crew learner meets in round 1: the heuristic that plays for the run's GM
    reward where the ruleset has one (momentum's ``heuristic-adversarial`` under
    ``--gm-reward adversarial``), else the ruleset's heuristic."""
    styled = f"heuristic-{s.gm_reward}"
    return styled if styled in ruleset_of_env(s.env_id).agents else "heuristic"


def league_players(ruleset, names=None) -> tuple[str, ...]:
    """The league's fixed players: ``names`` (checked against the ruleset's agents), or
    random, heuristic and each other agent the ruleset names (``optimal``, styles)."""
    if names is None:
        return distinct_agents(ruleset, BASE_PLAYERS)
    allowed = (*BLIND, *ruleset.agents)
    for name in names:
        if name not in allowed:
            raise ValueError(f"--players: {name!r} is not an agent of {ruleset.name}; "
                             f"allowed: {', '.join(allowed)}")
    return tuple(dict.fromkeys(names))


SNAPSHOT = re.compile(r"^(crew|gm)_r(\d+)\.zip$")


def existing_snapshots(out) -> dict:
    """The snapshots an earlier run left in ``out/snapshots``, by seat, in round order.

    Raises:
        FileNotFoundError: There are none.
    """
    folder = Path(out) / "snapshots"
    found = sorted((m.group(1), int(m.group(2)), p) for p in folder.glob("*.zip")
                   if (m := SNAPSHOT.match(p.name)))
    if not found:
        raise FileNotFoundError(f"--league-only: {str(folder)!r} holds no snapshots "
                                "(crew_r<k>.zip, gm_r<k>.zip); run selfplay without "
                                "--league-only first")
    snapshots = {"crew": {}, "gm": {}}
    for seat, k, path in found:
        snapshots[seat][f"{seat}_r{k}"] = path
    return snapshots


def play_league(s: TrainSettings, snapshots: dict, scenes: int, players=None,
                args=None) -> tuple[list[dict], dict]:
    """Every crew player against every GM player, on the same dice.

    ``players`` are the fixed players of both seats (default: :func:`league_players`). Each
    pairing is a cell (:mod:`scenegym.common.cells`) kept in ``league_cells`` of the run
    folder as it ends, played on Ray if ``args`` asks (``--ray``, ``--address``).

    Returns:
        ``(rows, pairs)``: the rating table (see :func:`rate`) and every pairing's record
        ``{(crew, gm): [crew wins, draws, GM wins]}``.
    """
    ruleset = ruleset_of_env(s.env_id)
    seed = derived_seed(s.seed, 0x1EA6)
    players = league_players(ruleset) if players is None else players
    roster = {seat: {**{f"{seat}:{b}": b for b in seat_players(ruleset, players, seat)},
                     **{f"{seat}:{n}": str(p) for n, p in snapshots[seat].items()}}
              for seat in ("crew", "gm")}
    pairings = [(c, g) for c in roster["crew"].items() for g in roster["gm"].items()]
    todo = [cells.Cell(play_pairing, {"env_id": s.env_id, "config": s.config, "crew": crew,
                                      "gm": gm, "scenes": scenes, "seed": seed},
                       cells.file_tags(crew=crew, gm=gm))
            for (_, crew), (_, gm) in pairings]
    with tqdm(total=len(todo), desc="league", unit="pairing", file=sys.stderr,
              disable=not sys.stderr.isatty()) as bar:
        played = cells.run_cells(todo, Path(s.out) / "league_cells",
                                 args or argparse.Namespace(ray=False, address=None),
                                 progress=lambda n, _: bar.update(n - bar.n))
    games = []
    for ((crew_name, _), (gm_name, _)), (m, _) in zip(pairings, played):
        games += ([(crew_name, gm_name, 1)] * m["crew_wins"] + [(crew_name, gm_name, -1)]
                  * m["gm_wins"] + [(crew_name, gm_name, 0)] * m["draws"])
    names = list(roster["crew"]) + list(roster["gm"])
    return rate(games, names, seed), pair_records(games)


def play_pairing(env_id: str, config: dict, crew: str, gm: str, scenes: int, seed: int):
    """One cell of the league: ``scenes`` scenes of the crew player against the GM player
    under the run's variant; ``({"crew_wins", "gm_wins", "draws"}, {})``."""
    ruleset = ruleset_of_env(env_id)
    config = variant_config(env_id, from_json(config))  # the config the learners trained on
    m = play_match(ruleset, config,
                   make_agent(crew, ruleset.name, derived_seed(seed, 1), config, "crew"),
                   make_agent(gm, ruleset.name, derived_seed(seed, 2), config, "gm"),
                   scenes, seed)
    return {"crew_wins": m.crew_wins, "gm_wins": m.gm_wins, "draws": m.draws}, {}


def rate(games: list[tuple[str, str, int]], names: list[str], seed: int) -> list[dict]:
    """TrueSkill ratings (games fed in a seeded random order) and Elo ratings with 95%
    intervals (:func:`scenegym.training.ratings.elo_ratings`) from ``(crew, gm, result)``
    games, with each player's record; ranked by Elo (ties: by TrueSkill's ``mu - 3 sigma``)."""
    draws = sum(1 for g in games if g[2] == 0) / max(1, len(games))
    env = trueskill.TrueSkill(draw_probability=min(max(draws, 0.01), 0.5))
    ratings = {n: env.create_rating() for n in names}
    record = {n: [0, 0, 0] for n in names}  # wins, draws, losses
    for j in np.random.default_rng(seed).permutation(len(games)):
        crew, gm, result = games[j]
        first, second = (gm, crew) if result < 0 else (crew, gm)
        ratings[first], ratings[second] = trueskill.rate_1vs1(
            ratings[first], ratings[second], drawn=result == 0, env=env)
        for name, sign in ((crew, result), (gm, -result)):
            record[name][0 if sign > 0 else 1 if sign == 0 else 2] += 1
    pairs = pair_records(games)
    elo = elo_ratings(pairs, names)
    rows = [{"player": n, "seat": n.split(":")[0], "rating": r.mu - 3 * r.sigma, "mu": r.mu,
             "sigma": r.sigma, "elo": elo[n]["elo"], "elo_low": elo[n]["elo_ci"][0],
             "elo_high": elo[n]["elo_ci"][1], "opponents": sum(n in pair for pair in pairs),
             "scenes": sum(record[n]), "wins": record[n][0], "draws": record[n][1],
             "losses": record[n][2]} for n, r in ratings.items()]
    rows.sort(key=lambda row: (-round(row["elo"], 6), -row["rating"]))
    return [{"rank": k + 1, **row} for k, row in enumerate(rows)]


def pair_rows(pairs: dict) -> list[dict]:
    """One row per pairing: its scenes, record and crew win rate with the Wilson interval."""
    rows = []
    for (crew, gm), (wins, draws, losses) in pairs.items():
        scenes = wins + draws + losses
        low, high = proportion_ci(wins, scenes)
        rows.append({"crew": crew, "gm": gm, "scenes": scenes, "crew_wins": wins,
                     "draws": draws, "gm_wins": losses, "crew_win_rate": wins / scenes,
                     "crew_win_low": low, "crew_win_high": high})
    return rows


def table_csv(rows: list[dict], fields=TABLE_FIELDS) -> str:
    """A table (the league's ratings, or with ``PAIR_FIELDS`` its pairings) as CSV."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()})
    return buf.getvalue()


def table_markdown(rows: list[dict], pairs: list[dict] | None = None) -> str:
    """The ratings as a markdown table, then (given ``pairs``, see :func:`pair_rows`) the
    crew win rate of every pairing: crew players by row, GM players by column."""
    lines = ["| rank | player | Elo [95% CI] | TrueSkill mu - 3 sigma | TrueSkill mu (sigma) | "
             "opponents | scenes | wins-draws-losses |", "|---" * 8 + "|"]
    for r in rows:
        lines.append(f"| {r['rank']} | {r['player']} | {r['elo']:+.0f} [{r['elo_low']:+.0f}, "
                     f"{r['elo_high']:+.0f}] | {r['rating']:.2f} | {r['mu']:.2f} "
                     f"({r['sigma']:.2f}) | {r['opponents']} | {r['scenes']} | "
                     f"{r['wins']}-{r['draws']}-{r['losses']} |")
    return "\n".join(lines + pairs_markdown(pairs or [])) + "\n"


def pairs_markdown(pairs: list[dict]) -> list[str]:
    """Lines of the pairings' table (none without pairings)."""
    if not pairs:
        return []
    crews = list(dict.fromkeys(p["crew"] for p in pairs))
    gms = list(dict.fromkeys(p["gm"] for p in pairs))
    cell = {(p["crew"], p["gm"]): p for p in pairs}
    counts = sorted({p["scenes"] for p in pairs})
    lines = ["", f"Crew win rate [95% CI] of each pairing ({' or '.join(map(str, counts))} "
             "scenes each, every pairing on the same dice):", "",
             "| crew \\ GM | " + " | ".join(gms) + " |", "|---" * (1 + len(gms)) + "|"]
    for crew in crews:
        cells = [f"{c['crew_win_rate']:.3f} [{c['crew_win_low']:.3f}, {c['crew_win_high']:.3f}]"
                 if (c := cell.get((crew, gm))) else "" for gm in gms]
        lines.append(f"| {crew} | " + " | ".join(cells) + " |")
    return lines


def selfplay(s: TrainSettings, rounds: int | None, steps_per_round: int | None,
             league_scenes: int, players=None, league_only: bool = False, args=None) -> str:
    """Run self-play (or, ``league_only``, take the snapshots already in ``s.out``), play the
    league (on Ray if ``args`` asks: ``--ray``, ``--address``) and write its tables to
    ``s.out``; returns ``league.md``'s text."""
    torch.set_num_threads(s.threads)
    check_writable_folder(s.out)
    s = replace(s, gm_reward=gm_reward_of(s.env_id, s.gm_reward))
    check_both_seats_decide(s)
    players = league_players(ruleset_of_env(s.env_id), players)
    if league_only:
        snapshots = existing_snapshots(s.out)
    else:
        snapshots = train_league(s, rounds, steps_per_round)
    rows, pairs = play_league(s, snapshots, league_scenes, players, args)
    out = Path(s.out)
    atomic_write_text(out / "league.csv", table_csv(rows))
    atomic_write_text(out / "league_pairs.csv", table_csv(pair_rows(pairs), PAIR_FIELDS))
    text = table_markdown(rows, pair_rows(pairs))
    atomic_write_text(out / "league.md", text)
    run = {"env_id": s.env_id, "seed": s.seed, "rounds": rounds, "gm_reward": s.gm_reward,
           "config": s.config, "steps_per_round": steps_per_round}
    if league_only and (out / "selfplay.json").is_file():  # the training run's own record
        run = json.loads((out / "selfplay.json").read_text())
    atomic_write_json(out / "selfplay.json", {
        **run, "league_scenes": league_scenes, "league_players": list(players),
        "league_seed": s.seed,
        "snapshots": {seat: {n: str(p) for n, p in d.items()} for seat, d in snapshots.items()}})
    return text


def check_both_seats_decide(s: TrainSettings) -> None:
    """Refuse a variant in which a seat never decides (it would have nothing to learn)."""
    ruleset = ruleset_of_env(s.env_id)
    deciding = ruleset.seats_with_decisions(variant_config(s.env_id, s.config))
    for seat, name in SEAT_NAMES.items():
        if seat not in deciding:
            raise ValueError(f"selfplay: the {name} seat never decides under this "
                             f"{ruleset.name} config ({describe(s.config, s.gm_reward)})")


def run(args) -> int:
    """Entry point of ``scenegym selfplay``."""
    from scenegym.envs.core.batch import fresh_seed

    if not args.league_only and (args.rounds is None or args.steps_per_round is None):
        raise ValueError("selfplay needs --rounds and --steps-per-round (or --league-only, "
                         "to play the league of the snapshots already in --out)")
    s = TrainSettings(env_id=args.env_id, seat="crew", opponent="heuristic",
                      steps=(args.rounds or 0) * (args.steps_per_round or 0),
                      out=str(args.out),
                      envs=args.batch,
                      seed=fresh_seed() if args.seed is None else args.seed,
                      algo=args.algo, n_steps=args.n_steps, batch_size=args.minibatch,
                      n_epochs=args.n_epochs, net=tuple(args.net), threads=args.threads,
                      gm_reward=args.gm_reward, config=args.overrides)
    text = selfplay(s, args.rounds, args.steps_per_round, args.league_scenes,
                    args.players, args.league_only, args)
    print(describe(s.config, gm_reward_of(s.env_id, s.gm_reward)))
    print(text, end="")
    return 0
