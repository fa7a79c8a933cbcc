"""``scenegym selfplay``: crew and GM trained in turns against frozen snapshots of each other.

Round ``k``: the crew learner trains against the GM snapshot of round ``k-1`` (the heuristic GM
in round 1), is frozen as ``snapshots/crew_r<k>.zip``; then the GM learner (the ruleset's GM
reward unless ``--gm-reward`` says otherwise) trains against that crew snapshot and is frozen
as ``snapshots/gm_r<k>.zip``. Training and the league play the run's variant (the config
changes of ``--set``); ``selfplay.json`` records it with the GM reward.
Snapshots are loaded as opponents through :func:`scenegym.agents.registry.make_agent`, like any
policy file.

The league: every crew player (random, heuristic, each crew snapshot) meets every GM player
(random, heuristic, each GM snapshot) for ``league_scenes`` scenes on the engine, and each
scene is one TrueSkill game (a cut-off scene is a draw). Games are fed to TrueSkill in a
seeded random order so no pairing is rated last by construction. The table (``league.csv``
and ``league.md``) ranks the players by the conservative rating ``mu - 3 sigma``.

Each pairing is a cell kept in ``league_cells`` of the run folder as it ends (keyed by the
players, with a digest of each snapshot file, the variant, scenes and seed); ``--ray`` plays
the pairings as Ray tasks, one per CPU, with the same table. The training rounds themselves
run in turn (each learns against the other seat's last snapshot), in this process.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import torch
import trueskill
from tqdm import tqdm

from scenegym.agents.registry import make_agent
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.evaluation import cells
from scenegym.evaluation.files import atomic_write_json, atomic_write_text, check_writable_folder
from scenegym.evaluation.overrides import from_json
from scenegym.training.checkpoints import save_model
from scenegym.training.evaluate import play_match
from scenegym.training.train import (
    TqdmCallback,
    TrainSettings,
    derived_seed,
    make_vec_env,
    new_model,
)
from scenegym.training.variant import describe, gm_reward_of, variant_config

BASE_PLAYERS = ("random", "heuristic")
TABLE_FIELDS = ("rank", "player", "seat", "rating", "mu", "sigma", "scenes", "wins", "draws",
                "losses")


def train_round(model, s: TrainSettings, opponent, steps: int, tb_name: str, snapshot: Path):
    """Continue (or start) one seat's learner against ``opponent`` for ``steps`` steps, then
    freeze it as ``snapshot``. On Ctrl-C the learner as it stands is saved beside it
    (``<snapshot>_interrupted.zip``) before the interrupt goes on."""
    venv = make_vec_env(s, opponent=opponent)
    if model is None:
        model = new_model(s, venv, str(Path(s.out) / "tb"))
    else:
        model.set_env(venv)
    bar = TqdmCallback(model.num_timesteps + steps)
    try:
        model.learn(total_timesteps=steps, reset_num_timesteps=False, tb_log_name=tb_name,
                    callback=bar)
    except KeyboardInterrupt:
        kept = snapshot.with_name(f"{snapshot.stem}_interrupted.zip")
        save_model(model, kept)
        print(f"scenegym selfplay: the {s.seat} learner is kept in {str(kept)!r}",
              file=sys.stderr)
        raise
    save_model(model, snapshot)
    return model


def train_league(s: TrainSettings, rounds: int, steps_per_round: int) -> dict:
    """Alternate crew and GM training; returns the snapshot paths of each seat."""
    snaps = Path(s.out) / "snapshots"
    crew_s, gm_s = replace(s, seat="crew"), replace(s, seat="gm")
    crew = gm = None
    gm_opponent = "heuristic"
    players = {"crew": {}, "gm": {}}
    for k in range(1, rounds + 1):
        crew_path = snaps / f"crew_r{k}.zip"
        crew = train_round(crew, crew_s, gm_opponent, steps_per_round, "crew", crew_path)
        players["crew"][f"crew_r{k}"] = crew_path
        gm_path = snaps / f"gm_r{k}.zip"
        gm = train_round(gm, gm_s, str(crew_path), steps_per_round, "gm", gm_path)
        gm_opponent = str(gm_path)
        players["gm"][f"gm_r{k}"] = gm_path
    return players


def play_league(s: TrainSettings, snapshots: dict, scenes: int, args=None) -> list[dict]:
    """Every crew player against every GM player; TrueSkill ratings per player.

    Each pairing is a cell (:mod:`scenegym.evaluation.cells`) kept in ``league_cells`` of the
    run folder as it ends, played on Ray if ``args`` asks (``--ray``, ``--address``).
    """
    seed = derived_seed(s.seed, 0x1EA6)
    roster = {seat: {**{f"{seat}:{b}": b for b in BASE_PLAYERS},
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
    return rate(games, list(roster["crew"]) + list(roster["gm"]), seed)


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
    """TrueSkill ratings from ``(crew, gm, result)`` games, fed in a seeded random order."""
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
    rows = [{"player": n, "seat": n.split(":")[0], "rating": r.mu - 3 * r.sigma, "mu": r.mu,
             "sigma": r.sigma, "scenes": sum(record[n]), "wins": record[n][0],
             "draws": record[n][1], "losses": record[n][2]} for n, r in ratings.items()]
    rows.sort(key=lambda row: -row["rating"])
    return [{"rank": k + 1, **row} for k, row in enumerate(rows)]


def table_csv(rows: list[dict]) -> str:
    """The league table as CSV."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=TABLE_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()})
    return buf.getvalue()


def table_markdown(rows: list[dict]) -> str:
    """The league table as a markdown table."""
    lines = ["| " + " | ".join(TABLE_FIELDS) + " |", "|" + "---|" * len(TABLE_FIELDS)]
    for row in rows:
        cells = [f"{row[f]:.2f}" if isinstance(row[f], float) else str(row[f])
                 for f in TABLE_FIELDS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def selfplay(s: TrainSettings, rounds: int, steps_per_round: int, league_scenes: int,
             args=None) -> list:
    """Run self-play and write the league table to ``s.out`` (the league on Ray if ``args``
    asks: ``--ray``, ``--address``)."""
    torch.set_num_threads(s.threads)
    check_writable_folder(s.out)
    s = replace(s, gm_reward=gm_reward_of(s.env_id, s.gm_reward))
    check_both_seats_decide(s)
    snapshots = train_league(s, rounds, steps_per_round)
    rows = play_league(s, snapshots, league_scenes, args)
    out = Path(s.out)
    atomic_write_text(out / "league.csv", table_csv(rows))
    atomic_write_text(out / "league.md", table_markdown(rows))
    atomic_write_json(out / "selfplay.json", {
        "env_id": s.env_id, "seed": s.seed, "rounds": rounds, "gm_reward": s.gm_reward,
        "config": s.config,
        "steps_per_round": steps_per_round, "league_scenes": league_scenes,
        "snapshots": {seat: {n: str(p) for n, p in d.items()} for seat, d in snapshots.items()}})
    return rows


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

    s = TrainSettings(env_id=args.env_id, seat="crew", opponent="heuristic",
                      steps=args.rounds * args.steps_per_round, out=args.out, envs=args.envs,
                      seed=fresh_seed() % 2**32 if args.seed is None else args.seed,
                      algo=args.algo, n_steps=args.n_steps, batch_size=args.batch_size,
                      n_epochs=args.n_epochs, net=tuple(args.net), threads=args.threads,
                      gm_reward=args.gm_reward, config=args.overrides)
    rows = selfplay(s, args.rounds, args.steps_per_round, args.league_scenes, args)
    print(describe(s.config, gm_reward_of(s.env_id, s.gm_reward)))
    print(table_markdown(rows))
    return 0
