"""The scenes a report shows: a few sampled ones and the extremes, each with its transcript
and the ``scenegym replay`` command that prints it again.

Per arm: the longest and the shortest scene (decisions), the most lopsided one (the largest
final margin, header ``MARGIN``) and :data:`SAMPLED` scenes drawn from the rest with a
generator seeded by the run's seed. Row ``j`` of the ended scenes is scene ``j`` of the run
(episode 0 of env id ``j``, whatever the batch), which is what ``replay --scene`` takes.
"""

from __future__ import annotations

import numpy as np

from scenegym.common.scenes import ENDED_COLUMNS
from scenegym.envs.core.header_columns import DECISIONS, MARGIN, RESULT
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


def shown_scenes(report: dict, ended: np.ndarray, config, overrides: dict,
                 sampled: int = SAMPLED) -> list[dict]:
    """The scenes to show of one playtest (its report and ended scenes), transcripts included.

    ``config`` is the playtest's config and ``overrides`` how it was asked for (config fields
    and ``scenario``), which the replay command repeats.

    Returns:
        One dict per scene: ``why``, ``scene``, ``decisions``, ``final_margin``,
        ``result``, ``command`` (the ``scenegym replay`` line) and ``transcript`` (its lines).
    """
    shown = []
    for row, why in picked_rows(ended, report["seed"], sampled).items():
        lines = replay_scene(report["ruleset"], report["seed"], row, 0, report["crew"],
                             report["gm"], config=config)
        shown.append({"why": why, "scene": row,
                      "decisions": int(ended[row, _DECISIONS]),
                      "final_margin": int(ended[row, _MARGIN]),
                      "result": int(ended[row, _RESULT]),
                      "command": replay_command(report["ruleset"], report["seed"], row,
                                                report["crew"], report["gm"], overrides),
                      "transcript": lines})
    return shown
