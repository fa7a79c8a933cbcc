"""The scenes a report shows: a few sampled ones and the extremes, each with its transcript
and the ``scenegym replay`` command that prints it again.

Per arm: the longest and the shortest scene (decisions), the most lopsided one (the largest
final margin, header ``MARGIN``) and :data:`SAMPLED` scenes drawn from the rest with a
generator seeded by the run's seed. A scene is named by its env and episode in the
playtest's batch (row ``r`` of the ended scenes is episode ``k`` of env ``i``, see
:func:`scenegym.evaluation.playtest.scene_row`), which is what ``replay`` takes.
"""

from __future__ import annotations

import numpy as np

from scenegym.common.scenes import ENDED_COLUMNS, scene_quota, scene_row
from scenegym.envs.core.header import DECISIONS, MARGIN, RESULT
from scenegym.evaluation.replay import replay_command, replay_scene

SAMPLED = 3
_DECISIONS, _MARGIN, _RESULT = (ENDED_COLUMNS.index(c) for c in (DECISIONS, MARGIN, RESULT))


def picked_rows(ended: np.ndarray, seed: int, sampled: int = SAMPLED) -> dict[int, str]:
    """``{row: why}``: the extremes, then ``sampled`` other rows drawn with ``seed``."""
    why: dict[int, list[str]] = {}
    for row, label in ((int(np.argmax(ended[:, _DECISIONS])), "longest"),
                       (int(np.argmin(ended[:, _DECISIONS])), "shortest"),
                       (int(np.argmax(ended[:, _MARGIN])), "most lopsided")):
        why.setdefault(row, []).append(label)
    rest = np.setdiff1d(np.arange(len(ended)), list(why))
    draws = np.random.default_rng(seed).choice(rest, min(sampled, rest.size), replace=False)
    for row in sorted(int(r) for r in draws):
        why[row] = ["sampled"]
    return {row: ", ".join(labels) for row, labels in why.items()}


def env_and_scene(row: int, scenes: int, batch: int) -> tuple[int, int]:
    """The (env, episode) of row ``row`` of a playtest of ``scenes`` scenes on ``batch`` envs."""
    first = scene_row(scene_quota(scenes, batch))
    env = int(np.searchsorted(first, row, side="right") - 1)
    return env, row - int(first[env])


def shown_scenes(report: dict, ended: np.ndarray, config, overrides: dict,
                 sampled: int = SAMPLED) -> list[dict]:
    """The scenes to show of one playtest (its report and ended scenes), transcripts included.

    ``config`` is the playtest's config and ``overrides`` how it was asked for (config fields
    and ``scenario``), which the replay command repeats.

    Returns:
        One dict per scene: ``why``, ``env``, ``scene``, ``decisions``, ``final_margin``,
        ``result``, ``command`` (the ``scenegym replay`` line) and ``transcript`` (its lines).
    """
    shown = []
    for row, why in picked_rows(ended, report["seed"], sampled).items():
        env, scene = env_and_scene(row, len(ended), report["batch"])
        lines = replay_scene(report["ruleset"], report["seed"], env, scene, report["crew"],
                             report["gm"], config=config)
        shown.append({"why": why, "env": env, "scene": scene,
                      "decisions": int(ended[row, _DECISIONS]),
                      "final_margin": int(ended[row, _MARGIN]),
                      "result": int(ended[row, _RESULT]),
                      "command": replay_command(report["ruleset"], report["seed"], env, scene,
                                                report["crew"], report["gm"], overrides),
                      "transcript": lines})
    return shown
