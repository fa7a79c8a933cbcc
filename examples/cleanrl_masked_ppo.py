"""CleanRL-style PPO with action masks on a scenegym id: does the learner drift into cut-offs?

A single-file PPO in the manner of CleanRL's ``ppo.py`` with its default settings (4 envs,
128 steps per rollout, learning rate 2.5e-4 annealed, gamma 0.99, GAE lambda 0.95, 4
minibatches, 4 epochs, advantage normalisation, clip 0.2 with a clipped value loss, entropy
0.01, value 0.5, gradient norm 0.5, two hidden layers of 64 tanh units, orthogonal
initialisation). The one change: the logits of illegal actions are set to a large negative
number, so the policy samples only legal actions (``infos["action_mask"]``).

The learner plays the crew against the heuristic GM (the benchmark opponent). At the end it
prints the share of cut-offs, the crew's win rate and its mean return over the last
``--last`` scenes. With ``--cutoff-result 0`` (a cut-off pays nothing, the reward before
0.2.0) a learner below a 50% win rate earns more by stalling to the round limit than by
playing; with the default (-1, a loss) it does not.

Run (needs torch)::

    python examples/cleanrl_masked_ppo.py --total-timesteps 500000 --seed 1
    python examples/cleanrl_masked_ppo.py --cutoff-result 0
"""

from __future__ import annotations

import argparse
import json
import time
from collections import deque

import gymnasium as gym
import numpy as np
import torch
from torch import nn
from torch.distributions.categorical import Categorical

import scenegym  # noqa: F401 (registers the ids)

ILLEGAL_LOGIT = -1e8


def parse_args(argv=None) -> argparse.Namespace:
    """CleanRL's ``ppo.py`` defaults, with the scenegym id, seat and cut-off reward."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env-id", default="scenegym/STAPersonalConflict-v1")
    p.add_argument("--opponent", default="heuristic")
    p.add_argument("--cutoff-result", type=int, default=None,
                   help="the ruleset's cutoff_result (default: the ruleset's own)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--total-timesteps", type=int, default=500_000)
    p.add_argument("--learning-rate", type=float, default=2.5e-4)
    p.add_argument("--num-envs", type=int, default=4)
    p.add_argument("--num-steps", type=int, default=128)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--update-epochs", type=int, default=4)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--last", type=int, default=500, help="scenes the final figures cover")
    p.add_argument("--report-every", type=int, default=10, help="updates between reports")
    p.add_argument("--json", default=None, help="write the final figures to this file")
    return p.parse_args(argv)


def layer_init(layer: nn.Linear, std=np.sqrt(2), bias_const=0.0) -> nn.Linear:
    """CleanRL's orthogonal initialisation."""
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class Agent(nn.Module):
    """CleanRL's separate actor and critic MLPs (64-64 tanh), with masked logits."""

    def __init__(self, obs_size: int, num_actions: int):
        super().__init__()
        self.critic = nn.Sequential(layer_init(nn.Linear(obs_size, 64)), nn.Tanh(),
                                    layer_init(nn.Linear(64, 64)), nn.Tanh(),
                                    layer_init(nn.Linear(64, 1), std=1.0))
        self.actor = nn.Sequential(layer_init(nn.Linear(obs_size, 64)), nn.Tanh(),
                                   layer_init(nn.Linear(64, 64)), nn.Tanh(),
                                   layer_init(nn.Linear(64, num_actions), std=0.01))

    def get_value(self, x):
        """The critic's value of observations ``x``."""
        return self.critic(x)

    def get_action_and_value(self, x, mask, action=None):
        """Sample (or score) an action among the legal ones; its log-prob, entropy, value."""
        logits = torch.where(mask, self.actor(x), torch.tensor(ILLEGAL_LOGIT))
        probs = Categorical(logits=logits)
        if action is None:
            action = probs.sample()
        return action, probs.log_prob(action), probs.entropy(), self.critic(x)


class SceneTally:
    """The last scenes' ends: cut off or not, won or not, and the return."""

    def __init__(self, num_envs: int, last: int):
        self.running = np.zeros(num_envs)
        self.ends: deque = deque(maxlen=last)
        self.scenes = 0

    def add(self, reward, done, cut_off) -> None:
        """Add a step's rewards; close the scenes that ended in it."""
        self.running += reward
        for i in np.flatnonzero(done):
            self.ends.append((bool(cut_off[i]), self.running[i] > 0, self.running[i]))
            self.running[i] = 0.0
            self.scenes += 1

    def figures(self) -> dict:
        """Cut-off share, win rate and mean return of the last scenes."""
        if not self.ends:
            return {"scenes": self.scenes}
        cut, won, ret = (np.array(c, np.float64) for c in zip(*self.ends))
        return {"scenes": self.scenes, "last": len(self.ends), "cut_off_share": cut.mean(),
                "crew_win_rate": won.mean(), "mean_return": ret.mean()}


def cut_offs(infos: dict, num_envs: int) -> np.ndarray:
    """bool[n]: the envs whose scene the rules' limit cut off in this step (same-step
    autoreset: the end facts are in ``final_info``)."""
    final = infos.get("final_info", {})
    return np.asarray(final.get("cut_off", np.zeros(num_envs, bool)), bool)


def make_envs(args):
    """The native vector env of the crew seat (same-step autoreset)."""
    kwargs = {"seat": "crew", "opponent": args.opponent}
    if args.cutoff_result is not None:
        kwargs["cutoff_result"] = args.cutoff_result
    return gym.make_vec(args.env_id, num_envs=args.num_envs, **kwargs)


def train(args) -> dict:
    """Run PPO; returns the final figures of the last scenes."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    envs = make_envs(args)
    n, steps = args.num_envs, args.num_steps
    obs_size, num_actions = envs.single_observation_space.shape[0], envs.single_action_space.n
    agent = Agent(obs_size, num_actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    batch_size = n * steps
    minibatch = batch_size // args.num_minibatches
    updates = args.total_timesteps // batch_size
    obs = torch.zeros((steps, n, obs_size))
    masks = torch.zeros((steps, n, num_actions), dtype=torch.bool)
    actions = torch.zeros((steps, n), dtype=torch.long)
    logprobs, rewards, dones, values = (torch.zeros((steps, n)) for _ in range(4))
    tally = SceneTally(n, args.last)
    next_obs, infos = envs.reset(seed=args.seed)
    next_obs, next_mask = torch.tensor(next_obs), torch.tensor(infos["action_mask"])
    next_done = torch.zeros(n)
    start = time.time()
    for update in range(1, updates + 1):
        optimizer.param_groups[0]["lr"] = (1.0 - (update - 1.0) / updates) * args.learning_rate
        for step in range(steps):
            obs[step], masks[step], dones[step] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs, next_mask)
            values[step], actions[step], logprobs[step] = value.flatten(), action, logprob
            o, reward, term, trunc, infos = envs.step(action.numpy())
            done = np.logical_or(term, trunc)
            tally.add(reward, done, cut_offs(infos, n))
            rewards[step] = torch.tensor(reward, dtype=torch.float32)
            next_obs, next_mask = torch.tensor(o), torch.tensor(infos["action_mask"])
            next_done = torch.tensor(done, dtype=torch.float32)
        advantages, returns = gae(agent, args, next_obs, next_done, rewards, dones, values)
        update_policy(agent, optimizer, args, minibatch,
                      (obs.reshape(-1, obs_size), masks.reshape(-1, num_actions),
                       actions.reshape(-1), logprobs.reshape(-1), advantages.reshape(-1),
                       returns.reshape(-1), values.reshape(-1)), rng)
        if update % args.report_every == 0 or update == updates:
            f = tally.figures()
            print(json.dumps({"update": update, "steps": update * batch_size,
                              "seconds": round(time.time() - start), **f}), flush=True)
    envs.close()
    return {"env_id": args.env_id, "seed": args.seed, "steps": updates * batch_size,
            "cutoff_result": args.cutoff_result, **tally.figures()}


def gae(agent, args, next_obs, next_done, rewards, dones, values):
    """CleanRL's generalised advantage estimate and returns."""
    with torch.no_grad():
        next_value = agent.get_value(next_obs).reshape(1, -1)
        advantages = torch.zeros_like(rewards)
        last = 0
        for t in reversed(range(args.num_steps)):
            if t == args.num_steps - 1:
                nonterminal, nextvalues = 1.0 - next_done, next_value
            else:
                nonterminal, nextvalues = 1.0 - dones[t + 1], values[t + 1]
            delta = rewards[t] + args.gamma * nextvalues * nonterminal - values[t]
            last = delta + args.gamma * args.gae_lambda * nonterminal * last
            advantages[t] = last
    return advantages, advantages + values


def update_policy(agent, optimizer, args, minibatch, batch, rng) -> None:
    """CleanRL's clipped surrogate, clipped value loss and entropy bonus, over epochs of
    shuffled minibatches."""
    b_obs, b_masks, b_actions, b_logprobs, b_adv, b_returns, b_values = batch
    size = b_obs.shape[0]
    for _ in range(args.update_epochs):
        order = rng.permutation(size)
        for begin in range(0, size, minibatch):
            mb = order[begin:begin + minibatch]
            _, newlogprob, entropy, newvalue = agent.get_action_and_value(
                b_obs[mb], b_masks[mb], b_actions[mb])
            ratio = (newlogprob - b_logprobs[mb]).exp()
            adv = b_adv[mb]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            pg_loss = torch.max(-adv * ratio, -adv * torch.clamp(
                ratio, 1 - args.clip_coef, 1 + args.clip_coef)).mean()
            newvalue = newvalue.view(-1)
            v_clipped = b_values[mb] + torch.clamp(newvalue - b_values[mb], -args.clip_coef,
                                                   args.clip_coef)
            v_loss = 0.5 * torch.max((newvalue - b_returns[mb]) ** 2,
                                     (v_clipped - b_returns[mb]) ** 2).mean()
            loss = pg_loss - args.ent_coef * entropy.mean() + v_loss * args.vf_coef
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
            optimizer.step()


def main(argv=None) -> None:
    """Train and print (and optionally write) the final figures."""
    args = parse_args(argv)
    figures = train(args)
    print(json.dumps({"final": figures}), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)


if __name__ == "__main__":
    main()
