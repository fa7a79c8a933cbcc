"""``scenegym train``: PPO (maskable by default) on the native batch, for either seat.

Reads top to bottom like a CleanRL script: settings, env, model (new or resumed), learn with
checkpoints, save, evaluate. A run folder ``DIR`` holds:

- ``tb/``: TensorBoard logs;
- ``checkpoints/step_<N>.zip`` and ``checkpoint.json`` (the latest checkpoint's step count
  and file, every run segment's starting step, the run's settings with its variant: the
  config changes given by ``--set`` and the GM reward), all written atomically;
- ``model.zip``: the final policy (an SB3 pickle: share the ONNX export instead);
- ``eval.json``: the final policy's win rate against the random and heuristic opponents, with
  95% Wilson intervals, beside the heuristic's own in the same seat, on the run's variant.

``--resume`` continues from the last checkpoint (model and step count) after a crash or
``kill -9``, so at most one checkpoint interval is lost. A resumed run keeps the settings it
was started with (from the manifest), its variant included; only ``--steps`` may change.

The GM reward defaults to the ruleset's (``Ruleset.default_gm_reward``, as in ``gym.make``).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3 import PPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecMonitor
from tqdm import tqdm

from scenegym.agents.policy import PolicyAgent, load_sb3_model
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.dice import mix64
from scenegym.evaluation.overrides import from_json
from scenegym.training.checkpoints import (
    MANIFEST,
    CheckpointCallback,
    atomic_write_json,
    read_manifest,
    save_model,
    write_checkpoint,
)
from scenegym.training.evaluate import evaluate_seat
from scenegym.training.variant import describe, gm_reward_of, variant_config
from scenegym.training.vec_env import SceneVecEnv

ALGOS = {"maskable_ppo": MaskablePPO, "ppo": PPO}
ILLEGAL_BY_ALGO = {"maskable_ppo": "raise", "ppo": "lose"}
EVAL_OPPONENTS = ("random", "heuristic")


@dataclass
class TrainSettings:
    """Everything a run needs; kept in the manifest so ``--resume`` reuses it.

    ``config`` holds the config fields changed from the ruleset's defaults (the variant);
    ``gm_reward`` None means the ruleset's default GM reward.
    """

    env_id: str
    seat: str
    opponent: str
    steps: int
    out: str
    envs: int = 16
    seed: int | None = None
    algo: str = "maskable_ppo"
    checkpoint_every: int = 50_000
    n_steps: int = 128
    batch_size: int = 256
    n_epochs: int = 10
    net: tuple[int, ...] = (64, 64)
    learning_rate: float = 3e-4
    ent_coef: float = 0.01
    gamma: float = 0.99
    gm_reward: str | None = None
    config: dict = field(default_factory=dict)
    eval_scenes: int = 2000
    threads: int = 1


def derived_seed(seed: int, salt: int) -> int:
    """A seed for one purpose (resume segment, evaluation) derived from the run's seed."""
    return int(mix64(np.uint64(seed) ^ np.uint64(salt)) % np.uint64(2**32))


class TqdmCallback(BaseCallback):
    """A tqdm progress bar over env steps (counts steps of earlier run segments too)."""

    def __init__(self, total: int):
        super().__init__()
        self.total, self.bar = total, None

    def _on_training_start(self) -> None:
        self.bar = tqdm(total=self.total, initial=self.model.num_timesteps, unit="step",
                        dynamic_ncols=True, mininterval=1.0)

    def _on_step(self) -> bool:
        self.bar.update(self.training_env.num_envs)
        return True

    def _on_training_end(self) -> None:
        self.bar.close()


def make_vec_env(s: TrainSettings, opponent=None) -> VecMonitor:
    """The learner's env: the native batch with episode statistics for the logs."""
    venv = SceneVecEnv(s.env_id, s.envs, seat=s.seat,
                       opponent=s.opponent if opponent is None else opponent,
                       gm_reward=s.gm_reward, illegal_action=ILLEGAL_BY_ALGO[s.algo],
                       config=variant_config(s.env_id, s.config))
    return VecMonitor(venv)


def new_model(s: TrainSettings, venv, tb_dir):
    """A fresh learner with the run's hyperparameters."""
    return ALGOS[s.algo](
        "MlpPolicy", venv, n_steps=s.n_steps, batch_size=s.batch_size,
        n_epochs=s.n_epochs, learning_rate=s.learning_rate, ent_coef=s.ent_coef, gamma=s.gamma, seed=s.seed,
        policy_kwargs={"net_arch": list(s.net)}, tensorboard_log=tb_dir, device="cpu",
        verbose=0)


def resume_model(out: Path, manifest: dict, venv, tb_dir):
    """The learner of the last checkpoint, reseeded so it does not replay the first scenes."""
    model = load_sb3_model(out / manifest["model"], env=venv, tensorboard_log=tb_dir)
    model.set_random_seed(derived_seed(manifest["seed"], model.num_timesteps))
    return model


def evaluate_policy_agent(s: TrainSettings, agent, ruleset, config) -> dict:
    """Win rates of ``agent`` and of the heuristic in the learner's seat, per opponent."""
    seed = derived_seed(s.seed, 0xE7A1)
    players = {"policy": agent, "heuristic_in_seat": make_agent("heuristic", ruleset.name)}
    out = {}
    for name, player in players.items():  # fresh opponents: both meet the same dice and play
        opponents = {o: make_agent(o, ruleset.name, seed) for o in EVAL_OPPONENTS}
        out[name] = evaluate_seat(ruleset, config, s.seat, player, opponents, s.eval_scenes,
                                  seed)
    return out


def train(s: TrainSettings, resume: bool = False) -> dict:
    """Train (or resume) a run and write its model, checkpoints and evaluation to ``s.out``."""
    torch.set_num_threads(s.threads)
    out = Path(s.out)
    manifest = read_manifest(out)
    if manifest is not None and not resume:
        raise FileExistsError(f"{out} already holds a run ({MANIFEST}); pass --resume to "
                              "continue it or choose another --out")
    if manifest is not None:
        s = resumed_settings(manifest["settings"], s, out)
    s.seed = fresh_seed() % 2**32 if s.seed is None else s.seed
    s.gm_reward = gm_reward_of(s.env_id, s.gm_reward)

    # env and model
    venv = make_vec_env(s)
    tb_dir = str(out / "tb")
    model = (resume_model(out, manifest, venv, tb_dir) if manifest is not None
             else new_model(s, venv, tb_dir))
    start = int(model.num_timesteps)
    starts = (manifest or {}).get("starts", []) + [start]
    extra = {"settings": {**asdict(s), "net": list(s.net)}, "seed": s.seed, "starts": starts,
             "target_steps": s.steps}

    # learn, checkpointing every interval
    t0 = time.perf_counter()
    if start < s.steps:
        model.learn(total_timesteps=s.steps - start, reset_num_timesteps=manifest is None,
                    tb_log_name="run", callback=[TqdmCallback(s.steps),
                                                 CheckpointCallback(out, s.checkpoint_every,
                                                                    extra)])
    minutes = (time.perf_counter() - t0) / 60
    write_checkpoint(model, out, extra)
    save_model(model, out / "model.zip")

    # evaluate on the engine
    inner = venv.venv
    report = {"env_id": s.env_id, "seat": s.seat, "opponent": str(s.opponent),
              "algo": s.algo, "steps": int(model.num_timesteps), "seed": s.seed,
              "gm_reward": s.gm_reward, "config": s.config,
              "train_minutes_this_segment": round(minutes, 3), "starts": starts,
              **evaluate_policy_agent(s, PolicyAgent(model), inner.ruleset, inner.config)}
    atomic_write_json(out / "eval.json", report)
    return report


def resumed_settings(stored: dict, given: TrainSettings, out: Path) -> TrainSettings:
    """The settings a run was started with, for ``--resume``: only ``--steps`` may change.

    Raises:
        ValueError: The run is of another env id, or ``--set`` asks for another variant.
    """
    if stored["env_id"] != given.env_id:
        raise ValueError(f"--resume: {out} holds a run of {stored['env_id']}, not {given.env_id}")
    config = from_json(stored.get("config", {}))
    if given.config and given.config != config:
        raise ValueError(f"--resume: {out} trains the variant {config or 'with no config changes'}"
                         f", not {given.config}; drop --set or choose another --out")
    return TrainSettings(**{**stored, "config": config, "net": tuple(stored["net"]),
                            "steps": given.steps, "out": given.out})


def settings_from_args(args) -> TrainSettings:
    """TrainSettings from the parsed ``scenegym train`` arguments."""
    return TrainSettings(
        env_id=args.env_id, seat=args.seat, opponent=args.opponent, steps=args.steps,
        out=args.out, envs=args.envs, seed=args.seed, algo=args.algo,
        checkpoint_every=args.checkpoint_every, n_steps=args.n_steps,
        batch_size=args.batch_size, n_epochs=args.n_epochs, net=tuple(args.net),
        gm_reward=args.gm_reward, config=args.overrides, eval_scenes=args.eval_scenes,
        threads=args.threads)


def format_report(report: dict) -> str:
    """A few readable lines of ``eval.json``."""
    lines = [f"{report['env_id']} {report['seat']}: {report['steps']} steps; "
             + describe(report["config"], report["gm_reward"])]
    for who in ("policy", "heuristic_in_seat"):
        for opp, r in report[who].items():
            lo, hi = r["ci95"]
            lines.append(f"  {who:>18} vs {opp:<9} win {r['win_rate']:.3f} "
                         f"[{lo:.3f}, {hi:.3f}] over {r['scenes']} scenes")
    return "\n".join(lines)


def run(args) -> int:
    """Entry point of ``scenegym train``."""
    report = train(settings_from_args(args), resume=args.resume)
    print(format_report(report))
    return 0
