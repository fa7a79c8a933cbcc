"""Both seats of one env id learn at once with RLlib's PPO, through the PettingZoo AEC env.

The scene is :mod:`scenegym.envs.aec` wrapped in RLlib's ``PettingZooEnv`` (a
``MultiAgentEnv``); each seat (``"crew"``, ``"gm"``) is its own policy, mapped one to one, and
both train. Observations are ``{"observation", "action_mask"}``: the policy network sees the
observation, and the logits of illegal actions are pushed to -inf with the mask, so no
illegal action is ever sampled. Before and after training, each seat is measured on the
engine against the other seat's heuristic agent (win rate with its 95% interval). The
checkpoint and ``rllib.json`` (settings, per-iteration returns, the evaluations, how far
each seat's weights moved) go to ``--out``::

    python -m scenegym.training.rllib_selfplay scenegym/StarforgedSceneChallenge-v1 \\
        --iterations 20 --seed 0 --out runs/rllib

Needs the ``ray`` extra (``pip install "scenegym[ray]"``). A local Ray starts inside the
script (``--address`` for an existing cluster); ``--env-runners 0`` samples in this process.
"""

from __future__ import annotations

import sys

import numpy as np

from scenegym.agents.policy import masked_argmax
from scenegym.agents.registry import make_agent
from scenegym.common import options
from scenegym.common.extras import exit_missing
from scenegym.common.files import check_writable_folder
from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.files import atomic_write_json
from scenegym.envs.core.seeds import learner_seed
from scenegym.envs.gym_env import env_config
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.training.evaluate import play_match

try:  # the ray extra: run as a script without it, even --help ends with the pip line
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import (
        DefaultPPOTorchRLModule,
    )
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.tune.registry import register_env

    from scenegym.envs import aec
except ModuleNotFoundError as missing:
    if __name__ != "__main__":
        raise
    exit_missing(missing, "python -m scenegym.training.rllib_selfplay")

PROG = "python -m scenegym.training.rllib_selfplay"

ENV_NAME = "scenegym_aec"
SEATS = aec.AGENTS  # ("crew", "gm"): one policy per seat
OTHER = {"crew": "gm", "gm": "crew"}


# -- the env: the AEC scene as an RLlib multi-agent env, scene seeds drawn from the run's seed --
class SeededSceneEnv(PettingZooEnv):
    """RLlib's ``PettingZooEnv`` over one scene of ``env_id``; after the first seeded reset,
    each scene's seed is drawn from a generator of that seed (RLlib seeds only the first)."""

    def __init__(self, env_config: dict):
        super().__init__(aec.env(env_config["env_id"], gm_reward=env_config.get("gm_reward")))
        self.scene_seeds = np.random.default_rng(env_config.get("seed"))

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.scene_seeds = np.random.default_rng(seed)
        return super().reset(seed=int(self.scene_seeds.integers(2**63)), options=options)


# -- the policy: PPO's default torch module on the observation, illegal actions masked --------
class MaskedPPOModule(DefaultPPOTorchRLModule):
    """PPO's default network over the ``"observation"`` entry; the ``"action_mask"`` entry
    sets the logits of illegal actions to the lowest float (as RLlib's action-masking
    example does, for PettingZoo's key names)."""

    def __init__(self, *, observation_space, **kwargs):
        self.space_with_mask = observation_space
        super().__init__(observation_space=observation_space["observation"], **kwargs)

    def setup(self):
        super().setup()
        self.observation_space = self.space_with_mask

    def _split(self, batch: dict) -> torch.Tensor:
        """Leave the observation alone in ``batch``; return the mask (kept in the batch too)."""
        if isinstance(batch[Columns.OBS], dict):
            obs = batch[Columns.OBS]
            batch["action_mask"] = obs["action_mask"]
            batch[Columns.OBS] = obs["observation"]
        return batch["action_mask"]

    def _masked(self, outs: dict, mask: torch.Tensor) -> dict:
        legal = mask.to(outs[Columns.ACTION_DIST_INPUTS].dtype)
        outs[Columns.ACTION_DIST_INPUTS] = outs[Columns.ACTION_DIST_INPUTS] + torch.clamp(
            torch.log(legal), min=torch.finfo(legal.dtype).min)
        return outs

    def _forward_inference(self, batch, **kwargs):
        mask = self._split(batch)
        return self._masked(super()._forward_inference(batch, **kwargs), mask)

    def _forward_exploration(self, batch, **kwargs):
        mask = self._split(batch)
        return self._masked(super()._forward_exploration(batch, **kwargs), mask)

    def _forward_train(self, batch, **kwargs):
        mask = self._split(batch)
        return self._masked(super()._forward_train(batch, **kwargs), mask)

    def compute_values(self, batch, embeddings=None):
        self._split(batch)
        return super().compute_values(batch, embeddings)


def ppo_config(args) -> PPOConfig:
    """PPO with one policy per seat, both trained."""
    register_env(ENV_NAME, SeededSceneEnv)
    hidden = list(args.net)
    return (
        PPOConfig()
        .environment(ENV_NAME, env_config={"env_id": args.env_id, "gm_reward": args.gm_reward,
                                           "seed": args.seed},
                     disable_env_checking=True)  # its check steps random, illegal actions
        .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=args.steps_per_iteration,
                  minibatch_size=args.minibatch, num_epochs=args.n_epochs, lr=args.lr,
                  entropy_coeff=0.01)
        .multi_agent(policies=set(SEATS), policy_mapping_fn=lambda agent_id, *a, **k: agent_id,
                     policies_to_train=list(SEATS))
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            seat: RLModuleSpec(module_class=MaskedPPOModule,
                               model_config={"fcnet_hiddens": hidden, "head_fcnet_hiddens": []})
            for seat in SEATS}))
        .debugging(seed=learner_seed(args.seed))
    )


# -- evaluation on the engine: each seat against the other seat's heuristic --------------------
class ModuleAgent:
    """A trained RLModule as a scenegym agent: the legal action with the highest logit."""

    def __init__(self, module):
        self.module = module

    def act(self, obs, masks, env_ids=None) -> np.ndarray:
        batch = {Columns.OBS: {"observation": torch.as_tensor(np.asarray(obs, np.float32)),
                               "action_mask": torch.as_tensor(np.asarray(masks, np.float32))}}
        with torch.no_grad():
            logits = self.module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS]
        return masked_argmax(logits.numpy(), np.asarray(masks, np.bool_))


def evaluate(algo, env_id: str, scenes: int, seed: int) -> dict:
    """Each seat's win rate (95% interval) against the other seat's heuristic agent."""
    ruleset = ruleset_of_env(env_id)
    _, config = env_config(env_id, None, {})
    out = {}
    for seat in SEATS:
        learner = ModuleAgent(algo.get_module(seat))
        heuristic = make_agent("heuristic", ruleset.name, seed, config, OTHER[seat])
        crew, gm = (learner, heuristic) if seat == "crew" else (heuristic, learner)
        out[seat] = play_match(ruleset, config, crew, gm, scenes, seed).win_rate(seat)
    return out


def weights(algo) -> dict:
    """Each seat's network parameters, flattened into one array."""
    return {seat: torch.cat([p.detach().flatten() for p in algo.get_module(seat).parameters()])
            .numpy().copy() for seat in SEATS}


def env_steps_of(result: dict) -> int:
    """Env steps sampled so far, by one iteration's results."""
    return int(result.get("num_env_steps_sampled_lifetime", 0))


def returns_of(result: dict) -> dict:
    """Each seat's mean episode return in one iteration's results."""
    means = result.get("env_runners", {}).get("agent_episode_returns_mean", {})
    return {seat: float(means[seat]) for seat in SEATS if seat in means}


def build_parser():
    """The script's parser, from the shared vocabulary (:mod:`scenegym.common.options`)."""
    parser = options.CommandParser(prog=PROG, description=__doc__.split("\n\n")[0])
    options.add(parser, "target", "iterations", "seed", "gm_reward", "steps_per_iteration",
                "lr", "env_runners", "eval_scenes", "address",
                out={"required": True, "files": "rllib.json and checkpoint/"},
                minibatch={"default": 256}, n_epochs={"default": 5}, net={"default": [64, 64]})
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if min(args.iterations, args.steps_per_iteration, args.eval_scenes) < 1:
        parser.error("--iterations, --steps-per-iteration and --eval-scenes must be positive")
    try:
        args.env_id = options.env_id_of(args.target)
        check_writable_folder(args.out)
    except ValueError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    try:
        report = train(args)
    except KeyboardInterrupt:
        print("rllib_selfplay: interrupted", file=sys.stderr)
        return 130
    for when in ("before", "after"):
        print(when + ": " + ", ".join(f"{seat} wins {r['win_rate']:.3f} "
                                      f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] vs heuristic"
                                      for seat, r in report[when].items()))
    return 0


def train(args) -> dict:
    """Train both seats; write the checkpoint and ``rllib.json`` to ``args.out``."""
    import ray

    args.seed = fresh_seed() if args.seed is None else args.seed
    torch.manual_seed(learner_seed(args.seed))
    ray.init(address=args.address or "local", include_dashboard=False,
             log_to_driver=args.env_runners > 0, ignore_reinit_error=True)
    try:
        algo = ppo_config(args).build_algo()
        report = {"env_id": args.env_id, "seed": args.seed, "settings": vars(args) | {
            "out": str(args.out)}, "before": evaluate(algo, args.env_id,
                                                            args.eval_scenes, args.seed)}
        report["iterations"], start = [], weights(algo)
        for k in range(args.iterations):
            result = algo.train()
            report["iterations"].append({"iteration": k + 1, "returns": returns_of(result),
                                         "env_steps": env_steps_of(result)})
            print(f"iteration {k + 1}: mean returns {report['iterations'][-1]['returns']}",
                  file=sys.stderr)
        report["after"] = evaluate(algo, args.env_id, args.eval_scenes, args.seed)
        report["weight_change"] = {seat: float(np.linalg.norm(w - start[seat]))
                                   for seat, w in weights(algo).items()}
        args.out.mkdir(parents=True, exist_ok=True)
        report["checkpoint"] = str(algo.save_to_path(str((args.out / "checkpoint").resolve())))
        atomic_write_json(args.out / "rllib.json", report)
        algo.stop()
    finally:
        ray.shutdown()
    return report


if __name__ == "__main__":
    sys.exit(main())
