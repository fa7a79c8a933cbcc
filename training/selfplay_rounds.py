"""The record of a self-play run's finished snapshots, so the same command continues it.

``rounds.json`` in the run folder holds the settings the snapshots were trained with and the
names of the snapshots finished so far, in training order (``crew_r1``, ``gm_r1``,
``crew_r2``, ...). It is written atomically after each snapshot file, so every name it lists
is a complete file. Started again with the same settings (``--rounds`` may grow or shrink),
``scenegym selfplay`` keeps those snapshots, continues each seat's learner from its last
one, and trains only the rounds that are missing; with other settings it refuses, naming
each difference, rather than overwrite the snapshots.
"""

from __future__ import annotations

import json
from pathlib import Path

from scenegym.envs.core.files import atomic_write_json

RECORD = "rounds.json"
SEATS = ("crew", "gm")
# the settings a snapshot depends on (``--rounds`` excepted), by TrainSettings field
TRAINED_WITH = ("env_id", "seed", "gm_reward", "config", "algo", "envs", "n_steps",
                "batch_size", "n_epochs", "net", "learning_rate", "ent_coef", "gamma")
FLAG = {"env_id": "ID", "config": "--set", "net": "--net", "seed": "--seed",
        "gm_reward": "--gm-reward", "steps_per_round": "--steps-per-round"}


def snapshot_name(seat: str, k: int) -> str:
    """The name of ``seat``'s snapshot of round ``k``."""
    return f"{seat}_r{k}"


def training_order(rounds: int) -> list[tuple[str, int]]:
    """``(seat, round)`` of the snapshots of ``rounds`` rounds in the order they are trained."""
    return [(seat, k) for k in range(1, rounds + 1) for seat in SEATS]


def settings_record(s, steps_per_round: int) -> dict:
    """What the snapshots of a run depend on, as JSON holds it."""
    record = {name: getattr(s, name) for name in TRAINED_WITH}
    return json.loads(json.dumps({**record, "steps_per_round": steps_per_round}))


def finished_snapshots(out, s, steps_per_round: int) -> list[str]:
    """The snapshots of an earlier start of this run that can be kept, in training order.

    Raises:
        ValueError: ``out`` holds a run trained with other settings (each one named).
        FileExistsError: ``out`` holds snapshots with no record of how they were trained.
    """
    snapshots = Path(out) / "snapshots"
    path = Path(out) / RECORD
    if not path.is_file():
        if any(snapshots.glob("*_r*.zip")):
            raise FileExistsError(
                f"{str(snapshots)!r} holds snapshots of a run with no {RECORD}; play their "
                "league with --league-only, or train in another --out")
        return []
    stored = json.loads(path.read_text())
    given = settings_record(s, steps_per_round)
    differ = [f"{FLAG.get(k, '--' + k.replace('_', '-'))} {stored['settings'].get(k)!r} "
              f"(now {v!r})" for k, v in given.items() if stored["settings"].get(k) != v]
    if differ:
        raise ValueError(f"{str(out)!r} holds a self-play run trained with other settings: "
                         f"{'; '.join(differ)}; give the same options to continue it, "
                         "--league-only to play its league, or another --out")
    kept = []
    for name in stored["finished"]:  # a prefix of the training order, each file complete
        if not (snapshots / f"{name}.zip").is_file():
            break
        kept.append(name)
    return kept


def record_finished(out, s, steps_per_round: int, finished: list[str]) -> None:
    """Write ``rounds.json``: the run's settings and the snapshots finished so far."""
    atomic_write_json(Path(out) / RECORD, {"settings": settings_record(s, steps_per_round),
                                           "finished": list(finished)})
