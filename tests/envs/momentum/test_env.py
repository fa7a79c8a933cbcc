"""The Momentum Gymnasium env and vector env: registration, kwargs, peer checkers, render.

DESIGN.md: "Peer checkers over every registered id: Gymnasium's check_env, SB3's check_env";
issue 3: register ``scenegym/MomentumScene-v1`` with kwargs ``kind``, ``pcs``, ``episode``,
``gm_reward``, single and native vector.
"""


import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.momentum.env import MomentumSceneEnv, MomentumSceneVectorEnv
from scenegym.envs.rulesets import get_ruleset

ENV_ID = "scenegym/MomentumScene-v1"
SEATS = ("crew", "gm")


def test_registered_single_and_vector():
    env = gym.make(ENV_ID)
    assert isinstance(env.unwrapped, MomentumSceneEnv)
    vec = gym.make_vec(ENV_ID, num_envs=4, vectorization_mode="vector_entry_point")
    assert isinstance(vec, MomentumSceneVectorEnv)
    assert get_ruleset("momentum").name == "momentum"


@pytest.mark.parametrize("kind", ["action", "social"])
@pytest.mark.parametrize("episode", ["scene", "mission"])
@pytest.mark.parametrize("seat", SEATS)
def test_kwargs_play_whole_episodes(kind, episode, seat):
    """Issue 3: kwargs ``kind="action"|"social"``, ``pcs`` 1-6, ``episode="scene"|"mission"``;
    the GM's default reward is ``director`` (in [0, 1]), ``adversarial`` is an option."""
    for pcs, gm_reward in ((1, "director"), (6, "adversarial")):
        env = gym.make(ENV_ID, kind=kind, pcs=pcs, episode=episode, seat=seat,
                       gm_reward=gm_reward, opponent="heuristic")
        cfg = env.unwrapped.config
        assert (cfg.kind, cfg.pcs, cfg.episode) == (kind, pcs, episode)
        assert env.unwrapped.seated.gm_reward == gm_reward
        _, info = env.reset(seed=pcs)
        rewards = []
        while len(rewards) < 2:
            _, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            if term or trunc:
                rewards.append(r)
                _, info = env.reset()
        if seat == "gm" and gm_reward == "director":
            assert all(0.0 <= r <= 1.0 for r in rewards)


def test_default_gm_reward_is_director():
    assert gym.make(ENV_ID, seat="gm").unwrapped.seated.gm_reward == "director"


def test_bad_kwarg_is_refused_with_the_allowed_values():
    with pytest.raises(ValueError, match="'pcs' is 7; allowed: 1..6"):
        gym.make(ENV_ID, pcs=7)
    with pytest.raises(ValueError, match="'kind' is 'duel'"):
        gym.make(ENV_ID, kind="duel")


def test_render_ansi_transcript():
    env = gym.make(ENV_ID, render_mode="ansi", opponent="heuristic")
    _, info = env.reset(seed=1)
    done = False
    while not done:
        _, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        done = term or trunc
    text = env.render()
    assert text.startswith("Structured scene: Momentum 4 of Full 13; Round 1: GM leads")
    assert "Episode over" in text and "pool [" in text
