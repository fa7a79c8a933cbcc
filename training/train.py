"""``scenegym train``: PPO (maskable by default) on the native batch, for either seat.

Reads top to bottom like a CleanRL script: settings, env, model (new or resumed), learn with
checkpoints, save, evaluate. The run folder (``--out``) holds:

- ``tb/``: TensorBoard logs;
- ``checkpoints/step_<N>.zip`` and ``checkpoint.json`` (the latest checkpoint's step count
  and file, every run segment's starting step, the run's settings with its variant: the
  config changes given by ``--set`` and the GM reward), all written atomically;
- ``model.zip``: the final policy (an SB3 pickle: share the ONNX export instead);
- ``eval.json``: the final policy's win rate against the random and heuristic opponents, with
  95% Wilson intervals, beside the heuristic's own in the same seat, on the run's variant.

``--resume`` continues from the last checkpoint (model and step count) after a crash or
``kill -9``, so at most one checkpoint interval is lost; Ctrl-C writes a checkpoint before it
ends the command, so nothing is lost. A resumed run keeps the settings it was started with
(from the manifest), its variant included; only ``--steps`` may change: another value given
for any other option is refused, listing the differences, and so is ``--resume`` on a folder
that holds no run.

The GM reward defaults to the ruleset's (``Ruleset.default_gm_reward``, as in ``gym.make``).
"""

from __future__ import annotations

import sys
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
from scenegym.common.files import check_writable_folder
from scenegym.common.overrides import from_json
from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.dice import mix64
from scenegym.envs.core.seeds import learner_seed
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
    """A tqdm progress bar over env steps (counts steps of earlier run segments too), shown
    only when stderr is a terminal; it stops at ``total`` (SB3 finishes its last rollout
    past the steps asked for)."""

    def __init__(self, total: int):
        super().__init__()
        self.total, self.bar = total, None

    def _on_training_start(self) -> None:
        self.bar = tqdm(total=self.total, initial=min(self.model.num_timesteps, self.total),
                        unit="step", dynamic_ncols=True, mininterval=1.0, file=sys.stderr,
                        disable=not sys.stderr.isatty())

    def _on_step(self) -> bool:
        self.bar.update(max(0, min(self.model.num_timesteps, self.total) - self.bar.n))
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
        n_epochs=s.n_epochs, learning_rate=s.learning_rate, ent_coef=s.ent_coef, gamma=s.gamma, seed=learner_seed(s.seed),
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


def train(s: TrainSettings, resume: bool = False, given=frozenset()) -> dict:
    """Train (or resume) a run and write its model, checkpoints and evaluation to ``s.out``.

    Args:
        s: The run's settings.
        resume: Continue the run in ``s.out`` (refused if it holds none).
        given: The settings the user gave explicitly; on resume, each must agree with the
            run's.
    """
    torch.set_num_threads(s.threads)
    out = Path(s.out)
    check_writable_folder(out)
    manifest = read_manifest(out)
    if manifest is not None and not resume:
        raise FileExistsError(f"{out} already holds a run ({MANIFEST}); pass --resume to "
                              "continue it or choose another --out")
    if resume and manifest is None:
        raise FileNotFoundError(f"--resume: {str(out)!r} holds no run to resume (no "
                                f"{MANIFEST}); drop --resume to start one")
    if manifest is not None:
        s = resumed_settings(manifest["settings"], s, out, given)
    s.seed = fresh_seed() if s.seed is None else s.seed
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
        learn_or_keep(model, s, out, extra, reset=manifest is None)
    minutes = (time.perf_counter() - t0) / 60
    write_checkpoint(model, out, extra)
    save_model(model, out / "model.zip")

    # evaluate on the engine
    inner = venv.venv
    report = {"env_id": s.env_id, "seat": s.seat, "opponent": str(s.opponent),
              "algo": s.algo, "steps": int(model.num_timesteps), "seed": s.seed,
              "gm_reward": s.gm_reward, "config": s.config,
              "train_minutes_this_segment": round(minutes, 3), "starts": starts,
              **evaluate_policy_agent(s, PolicyAgent.of_model(model), inner.ruleset, inner.config)}
    atomic_write_json(out / "eval.json", report)
    return report


def learn_or_keep(model, s: TrainSettings, out: Path, extra: dict, reset: bool) -> None:
    """``model.learn`` up to ``s.steps``, checkpointing every interval; on Ctrl-C, a
    checkpoint of the learner as it stands (its last update; the unfinished rollout is not
    learned from), then the interrupt goes on."""
    callbacks = [TqdmCallback(s.steps), CheckpointCallback(out, s.checkpoint_every, extra)]
    try:
        model.learn(total_timesteps=s.steps - model.num_timesteps, reset_num_timesteps=reset,
                    tb_log_name="run", callback=callbacks)
    except KeyboardInterrupt:
        if callbacks[0].bar is not None:
            callbacks[0].bar.close()
        manifest = write_checkpoint(model, out, extra)
        print(f"scenegym train: checkpoint at step {manifest['steps']} in "
              f"{str(out / manifest['model'])!r}; continue with --resume", file=sys.stderr)
        raise


# options a resumed run takes from its manifest (--steps excepted), by settings field
RESUMED_OPTIONS = {"env_id": "TARGET", "seat": "--seat", "opponent": "--opponent",
                   "envs": "--batch", "seed": "--seed", "algo": "--algo",
                   "checkpoint_every": "--checkpoint-every", "n_steps": "--n-steps",
                   "batch_size": "--minibatch", "n_epochs": "--n-epochs", "net": "--net",
                   "gm_reward": "--gm-reward", "config": "--set",
                   "eval_scenes": "--eval-scenes", "threads": "--threads"}
# the setting each option sets, where its name (the option's dest) is another
SETTING_OF_OPTION = {"target": "env_id", "batch": "envs", "minibatch": "batch_size",
                     "set": "config"}


def resumed_settings(stored: dict, given: TrainSettings, out: Path,
                     explicit=frozenset(RESUMED_OPTIONS)) -> TrainSettings:
    """The settings a run was started with, for ``--resume``: only ``--steps`` may change.

    Args:
        stored: The manifest's settings.
        given: The settings of this command.
        out: The run folder.
        explicit: The settings the user gave (the others are defaults, not compared).

    Raises:
        ValueError: A setting given differs from the run's, listing every difference.
    """
    kept = TrainSettings(**{**stored, "config": from_json(stored.get("config", {})),
                            "net": tuple(stored["net"]), "steps": given.steps,
                            "out": given.out})
    flags = [flag for name, flag in RESUMED_OPTIONS.items()
             if (name in explicit or name == "env_id" or (name == "config" and given.config))
             and getattr(given, name) != getattr(kept, name)]
    if flags:
        by_flag = {flag: name for name, flag in RESUMED_OPTIONS.items()}
        differ = [f"{flag} {getattr(given, by_flag[flag])!r}, the run has "
                  f"{getattr(kept, by_flag[flag])!r}" for flag in flags]
        raise ValueError(f"--resume: {out} was started with other settings: "
                         f"{'; '.join(differ)}; drop {', '.join(flags)} (a resumed run keeps "
                         "its own settings) or choose another --out")
    return kept


def settings_from_args(args) -> TrainSettings:
    """TrainSettings from the parsed ``scenegym train`` arguments."""
    return TrainSettings(
        env_id=args.env_id, seat=args.seat, opponent=args.opponent, steps=args.steps,
        out=str(args.out), envs=args.batch, seed=args.seed, algo=args.algo,
        checkpoint_every=args.checkpoint_every, n_steps=args.n_steps,
        batch_size=args.minibatch, n_epochs=args.n_epochs, net=tuple(args.net),
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
                         f"[{lo:.3f}, {hi:.3f}], draws {r['draws'] / r['scenes']:.3f} "
                         f"(cut off), over {r['scenes']} scenes")
    return "\n".join(lines)


def run(args) -> int:
    """Entry point of ``scenegym train``."""
    given = getattr(args, "given", None)
    given = (frozenset(RESUMED_OPTIONS) if given is None
             else frozenset(SETTING_OF_OPTION.get(name, name) for name in given))
    report = train(settings_from_args(args), resume=args.resume, given=given)
    print(format_report(report))
    return 0
