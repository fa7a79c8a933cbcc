"""Both seats learn at once through the PettingZoo AEC env: masked REINFORCE, one net per seat.

An example of the multi-agent API (:mod:`scenegym.envs.aec`), not a tuned trainer (for that,
``scenegym train`` and ``scenegym selfplay``). Each seat has its own small policy network;
illegal actions get probability 0 through the mask; after every scene each seat's network
takes one policy-gradient step on its own decisions, weighted by the reward that followed
them less a running average (the baseline)::

    python -m scenegym.training.aec_example scenegym/StarforgedSceneChallenge-v1 \
        --scenes 300 --seed 0

Needs the ``pettingzoo`` and ``train`` extras.
"""

from __future__ import annotations

import sys

import numpy as np
from tqdm import trange

from scenegym.common import options
from scenegym.common.extras import exit_missing

try:  # the train and pettingzoo extras: as a script without them, one line with the pip line
    import torch

    from scenegym.envs import aec
except ModuleNotFoundError as missing:
    if __name__ != "__main__":
        raise
    exit_missing(missing, "python -m scenegym.training.aec_example")


def policy_net(obs_size: int, num_actions: int, hidden: int) -> torch.nn.Module:
    return torch.nn.Sequential(torch.nn.Linear(obs_size, hidden), torch.nn.Tanh(),
                               torch.nn.Linear(hidden, num_actions))


class Seat:
    """One seat's network, optimiser, baseline and the decisions of the running scene."""

    def __init__(self, obs_size, num_actions, hidden, lr):
        self.net = policy_net(obs_size, num_actions, hidden)
        self.optimiser = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.baseline, self.log_probs, self.rewards = 0.0, [], []

    def act(self, obs: dict, generator: torch.Generator) -> int:
        logits = self.net(torch.as_tensor(obs["observation"]))
        logits = logits.masked_fill(torch.as_tensor(obs["action_mask"] == 0), -torch.inf)
        probs = torch.softmax(logits, -1)
        action = torch.multinomial(probs, 1, generator=generator)
        self.log_probs.append(torch.log(probs[action]))
        self.rewards.append(0.0)
        return int(action)

    def reward(self, r: float) -> None:
        """A reward reached the seat: it follows the seat's last decision."""
        if self.rewards:
            self.rewards[-1] += r

    def learn(self) -> float:
        """One REINFORCE step on the scene's decisions; returns the scene's return."""
        ret = float(sum(self.rewards))
        if self.log_probs:
            to_go = torch.as_tensor(np.cumsum(self.rewards[::-1])[::-1].copy(), dtype=torch.float32)
            loss = -(torch.cat(self.log_probs) * (to_go - self.baseline)).sum()
            self.optimiser.zero_grad()
            loss.backward()
            self.optimiser.step()
            self.baseline += 0.05 * (ret - self.baseline)
        self.log_probs, self.rewards = [], []
        return ret


def play_scene(env, seats: dict, seed: int, generator) -> dict:
    """One scene, both seats choosing by their networks; returns each seat's return."""
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        seats[agent].reward(reward)
        with torch.enable_grad():
            env.step(None if term or trunc else seats[agent].act(obs, generator))
    return {agent: seat.learn() for agent, seat in seats.items()}


def train(env_id: str, scenes: int, seed: int, gm_reward=None, hidden: int = 64,
          lr: float = 3e-3, progress: bool = False) -> dict:
    """Train a crew and a GM network against each other for ``scenes`` scenes.

    Returns:
        ``{"seats": {agent: Seat}, "returns": {agent: float[scenes]}}``.
    """
    if scenes < 1:
        raise ValueError(f"--scenes is {scenes}; allowed: 1 or more")
    torch.manual_seed(seed)
    env = aec.env(env_id, gm_reward=gm_reward)
    lay = env.unwrapped.layout
    seats = {a: Seat(lay.obs_size, lay.num_actions, hidden, lr) for a in aec.AGENTS}
    generator = torch.Generator().manual_seed(seed)
    returns = {a: np.zeros(scenes) for a in aec.AGENTS}
    for k in trange(scenes, disable=not progress, desc="scenes"):
        for agent, ret in play_scene(env, seats, seed + k, generator).items():
            returns[agent][k] = ret
    return {"seats": seats, "returns": returns}


def main(argv=None) -> int:
    parser = options.CommandParser(prog="python -m scenegym.training.aec_example",
                                   description=__doc__.split("\n\n")[0])
    options.add(parser, "target", "gm_reward", scenes={"default": 300},
                seed={"required": True})
    args = parser.parse_args(argv)
    try:
        env_id = options.env_id_of(args.target)
        out = train(env_id, args.scenes, args.seed, args.gm_reward, progress=True)
    except ValueError as err:
        print(f"aec_example: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    half = args.scenes // 2
    for agent, r in out["returns"].items():
        print(f"{agent}: mean return first half {r[:half].mean():+.3f}, "
              f"second half {r[half:].mean():+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
