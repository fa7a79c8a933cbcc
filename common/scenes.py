"""Scenes played on the engine to their end: the loop every command plays scenes with.

Env ``i`` of a batch of ``B`` plays exactly ``N // B`` scenes, plus one when ``i < N % B``;
each ended scene's row is keyed by (env, episode), not by the order the scenes ended.
"""

from __future__ import annotations

import sys

import numpy as np

from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.dice import mix64
from scenegym.envs.core.events import drain_arrays
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    EPISODE,
    GM,
    LEAD_CHANGES,
    MARGIN,
    OVER,
    RESULT,
    TRUNCATED,
)
from scenegym.envs.core.kernels import policy_args
from scenegym.envs.core.policy import PYTHON, policy_of

MAX_SCENES = 10**9


MAX_BATCH = 1 << 20


SEAT_SALTS = {CREW: 0xC4E3, GM: 0x63}


# header columns kept per ended scene
ENDED_COLUMNS = [RESULT, DECISIONS, LEAD_CHANGES, MARGIN, TRUNCATED]


def scene_outcomes(ended: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """bool arrays ``(crew won, crew lost, cut off)`` of the ended scenes' rows: a cut-off
    (the rules' own limit) is neither side's win, whatever ``cutoff_result`` pays for it; a
    mission's result is its total, so a mission won on the tally is won even if its last
    scene was cut off."""
    result = ended[:, ENDED_COLUMNS.index(RESULT)]
    won = result > 0
    cut = (ended[:, ENDED_COLUMNS.index(TRUNCATED)] == 1) & ~won
    return won, (result < 0) & ~cut, cut


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`play_scenes`: ``ended`` holds the rows of the scenes finished
    before it, still in (env, episode) order, and ``kept`` marks which rows of the whole run
    they are (so a run to the end can be cut to the same scenes)."""

    def __init__(self, ended: np.ndarray, kept: np.ndarray):
        super().__init__()
        self.ended, self.kept = ended, kept


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat``, derived from the run's seed."""
    return int(mix64(np.uint64(seed) ^ np.uint64(SEAT_SALTS[seat])))


def scene_quota(scenes: int, num_envs: int) -> np.ndarray:
    """Scenes env ``i`` plays: ``scenes // num_envs``, plus one for the first remainder envs."""
    quota = np.full(num_envs, scenes // num_envs, np.int64)
    quota[: scenes % num_envs] += 1
    return quota


def scene_row(quota: np.ndarray) -> np.ndarray:
    """The row of env ``i``'s first scene among all scenes kept in (env, episode) order."""
    return np.concatenate([[0], np.cumsum(quota)[:-1]]).astype(np.int64)


def play_scenes(engine: SceneBatch, agents: dict, scenes: int, seed: int, rulestats,
                progress_bar: bool = False, inline: bool = True, bar=None) -> np.ndarray:
    """Play until every env has played its quota; returns the ended scenes' header columns.

    With compiled policies in both seats (and ``inline``), one compiled call plays every
    running scene to its end (or until the event log needs draining); otherwise each
    decision is a batch step with the agents asked in Python.

    Returns:
        int64[scenes, 5 + m]: result, decisions, lead changes, final margin and cut-off flag of
        each scene (``ENDED_COLUMNS``), then the ruleset's own per-scene figures (the ``m`` names of its
        statistics' ``scene_columns``), keyed by (env, episode), not by the order the scenes
        ended: row ``scene_row(quota)[i] + k`` is episode ``k`` of env ``i``.

    ``bar`` is a tqdm bar to count the scenes on (default: one on stderr if
    ``progress_bar``); its description, until the first scenes are played, says that the
    rules are being compiled.

    Raises:
        Interrupted: Ctrl-C; it carries the rows of the scenes that ended before it (and
            only those: a row of a scene never finished is not among them).
    """
    from tqdm import tqdm

    quota = scene_quota(scenes, engine.num_envs)
    played = np.zeros(engine.num_envs, np.int64)
    own = len(scene_columns(rulestats))
    ended = np.zeros((scenes, len(ENDED_COLUMNS) + own), np.int64)
    kept = np.zeros(scenes, np.bool_)  # the rows of the scenes finished so far
    first_row = scene_row(quota)
    finished = 0
    actions = np.zeros(engine.num_envs, np.int64)
    play = scene_player(engine, agents, inline)
    engine.reset(seed)
    if bar is None:
        bar = tqdm(total=scenes, unit="scene", file=sys.stderr, disable=not progress_bar,
                   desc=COMPILING)
    try:
        while finished < scenes:
            active = engine.state[:, OVER] == 0
            if not active.any():
                raise RuntimeError("no scene is running but the playtest is not finished")
            if play is None:
                choose_actions(engine, agents, actions, active)
                _, over, _ = engine.step(actions, active)
            else:
                over = play(active)
            rulestats.add_events(*drain_arrays(engine.log))
            done = np.flatnonzero(over)
            if done.size:
                rows = engine.state[done]
                keys = first_row[done] + rows[:, EPISODE]
                ended[keys, :len(ENDED_COLUMNS)] = rows[:, ENDED_COLUMNS]
                if own:
                    ended[keys, len(ENDED_COLUMNS):] = rulestats.scene_values(done, rows)
                kept[keys] = True
                rulestats.add_ended(rows)
                finished += done.size
                played[done] += 1
                engine.next_episode(over & (played < quota))
            _advance(bar, done.size)
    except KeyboardInterrupt:
        raise Interrupted(ended[kept], kept) from None
    finally:
        bar.close()
    return ended


def scene_columns(rulestats) -> tuple[str, ...]:
    """Names of the per-scene figures a ruleset's statistics add to each ended scene's row."""
    return tuple(getattr(rulestats, "scene_columns", ()))


COMPILING = "loading the compiled rules (the first run compiles them: a minute or so)"


def _advance(bar, scenes: int) -> None:
    """Count ``scenes`` on the bar; the first call ends the compile step and starts the
    clock, so the rate and the time left leave the compile out."""
    if not bar.disable and bar.desc:
        bar.set_description_str("")
        bar.reset()
    bar.update(scenes)


def scene_player(engine: SceneBatch, agents: dict, inline: bool):
    """``active -> over``: plays the active envs' scenes to their end in one compiled call, or
    ``None`` when a seat's agent has no compiled policy (or ``inline`` is off)."""
    crew, gm = policy_of(agents[CREW]), policy_of(agents[GM])
    if not inline or crew is PYTHON or gm is PYTHON:
        return None
    kernel = engine.ruleset.kernels_with(crew, gm).play
    policy = policy_args(crew, gm)
    over = np.zeros(engine.num_envs, np.bool_)

    def play(active):
        kernel(engine.state, engine.params, engine.dice_arrays, engine.log_arrays,
               engine.env_ids, engine.masks, engine.obs, active, policy, over)
        return over

    return play
