"""Atomic files and training checkpoints that survive ``kill -9``.

Every file is written to a temporary file in the same folder, flushed to disk, then moved over
its final name with ``os.replace`` (atomic on POSIX): a reader sees the old file or the new
one, never half of one. A checkpoint is a model file ``checkpoints/step_<N>.zip`` followed by
the manifest ``checkpoint.json`` that names it, so the manifest only ever points at a complete
model. Every model file carries the policy's metadata
(:mod:`scenegym.agents.policy_info`), from the env it was trained in.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from stable_baselines3.common.callbacks import BaseCallback

from scenegym.agents.policy_info import ZIP_MEMBER
from scenegym.envs.core.files import atomic_write, atomic_write_json

MANIFEST = "checkpoint.json"
CHECKPOINT_DIR = "checkpoints"


def save_model(model, path) -> None:
    """Save an SB3 model to ``path`` (a ``.zip``) atomically, with its policy metadata."""
    info = trained_env(model).policy_info()

    def write(f):
        buf = io.BytesIO()
        model.save(buf)
        with zipfile.ZipFile(buf, "a") as archive:
            archive.writestr(ZIP_MEMBER, json.dumps(info.to_dict(), indent=2))
        f.write(buf.getvalue())

    atomic_write(path, write)


def trained_env(model):
    """The :class:`SceneVecEnv` under a model's env wrappers (VecMonitor, ...)."""
    env = model.get_env()
    while hasattr(env, "venv") and not hasattr(env, "policy_info"):
        env = env.venv
    if not hasattr(env, "policy_info"):
        raise TypeError(f"a model trained in {type(env).__name__} has no scenegym metadata; "
                        "train it in scenegym.training.vec_env.SceneVecEnv")
    return env


def read_manifest(out_dir) -> dict | None:
    """The run's checkpoint manifest, or None when it has none yet."""
    path = Path(out_dir) / MANIFEST
    return json.loads(path.read_text()) if path.is_file() else None


def write_checkpoint(model, out_dir, manifest_extra: dict) -> dict:
    """Save ``model`` as the run's latest checkpoint, then point the manifest at it."""
    out_dir = Path(out_dir)
    steps = int(model.num_timesteps)
    rel = f"{CHECKPOINT_DIR}/step_{steps}.zip"
    save_model(model, out_dir / rel)
    old = read_manifest(out_dir) or {}
    manifest = {**old, **manifest_extra, "steps": steps, "model": rel,
                "history": old.get("history", []) + [steps]}
    atomic_write_json(out_dir / MANIFEST, manifest)
    return manifest


class CheckpointCallback(BaseCallback):
    """Writes a checkpoint whenever ``every`` steps have passed since the last one.

    Checkpoints are taken at the start of a rollout, i.e. after the previous rollout's
    gradient update, so a checkpoint holds every step it counts.

    Args:
        out_dir: The run folder.
        every: Checkpoint interval in env steps.
        manifest_extra: Fields to keep in the manifest (run arguments).
    """

    def __init__(self, out_dir, every: int, manifest_extra: dict):
        super().__init__()
        self.out_dir, self.every, self.extra = Path(out_dir), int(every), manifest_extra
        self.last = None

    def _on_training_start(self) -> None:
        self.last = self.model.num_timesteps

    def _on_rollout_start(self) -> None:
        if self.model.num_timesteps - self.last >= self.every:
            write_checkpoint(self.model, self.out_dir, self.extra)
            self.last = self.model.num_timesteps

    def _on_step(self) -> bool:
        return True
