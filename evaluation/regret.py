"""Exact regrets by play: each seat's regret sums per Starforged scene, against the solved game
(:mod:`scenegym.envs.starforged.regret`)."""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.policy import ask
from scenegym.envs.starforged.optimal import solved_record
from scenegym.envs.starforged.regret import regrets
from scenegym.envs.twoseat import CREW, GM, TwoSeatBatch


def play_regrets(config, crew, gm, scenes: int, seed: int, batch: int = 500,
                 shadow: dict | None = None) -> dict:
    """Play ``scenes`` scenes of ``crew`` against ``gm`` (agent objects, asked as in a
    playtest: :func:`scenegym.envs.core.policy.ask`) and sum each seat's regrets per scene.

    Args:
        shadow: ``{seat name: agent}``, asked too at that seat's decisions without playing:
            its regrets at the same decisions are summed under ``"<seat>_shadow"``.

    Returns:
        ``{"crew": float[scenes], "gm": float[scenes]}``, each scene's regret sum per seat,
        ``"won"``: bool[scenes], ``"decisions"``: the decisions of each seat, ``"unsolved"``:
        the decisions the solution does not cover (not in the sums), and ``"differ"``: the
        decisions where a shadow agent chose otherwise.
    """
    record = solved_record(config)
    shadow = shadow or {}
    sums = {k: np.zeros(scenes) for k in ("crew", "gm", *(f"{s}_shadow" for s in shadow))}
    won = np.zeros(scenes, bool)
    counts = {"crew": 0, "gm": 0, "unsolved": 0, "differ": 0}
    for start in range(0, scenes, batch):
        n = min(batch, scenes - start)
        game = TwoSeatBatch("starforged", n, config=config, first_env_index=start)
        game.reset(seed)
        actions = np.zeros(n, np.int64)
        while not game.over.all():
            for seat, name, agent in ((CREW, "crew", crew), (GM, "gm", gm)):
                rows = np.flatnonzero((game.pending_seat == seat) & ~game.over)
                if not rows.size:
                    continue
                actions[rows] = ask(agent, game.batch, rows)
                crew_seat = np.full(rows.size, seat == CREW)
                r = regrets(record, game.obs[rows], game.masks[rows], actions[rows], crew_seat)
                counts[name] += rows.size
                counts["unsolved"] += int(np.isnan(r).sum())
                np.add.at(sums[name], start + rows, np.nan_to_num(r))
                if name in shadow:
                    other = ask(shadow[name], game.batch, rows)
                    counts["differ"] += int((other != actions[rows]).sum())
                    r = regrets(record, game.obs[rows], game.masks[rows], other, crew_seat)
                    np.add.at(sums[f"{name}_shadow"], start + rows, np.nan_to_num(r))
            game.step(actions, ~game.over)
        won[start:start + n] = game.results == 1
    return {**sums, "won": won, "decisions": counts}
