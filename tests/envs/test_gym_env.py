"""Peer checkers over every registered id and seat (DESIGN.md, testing layer 5).

The checkers step with unmasked random actions, so the envs are made with
``illegal_action="lose"`` (an illegal action ends the scene as a loss for the learner).
"""

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from scenegym.envs.rulesets import env_ids

CASES = [(env_id, seat) for env_id in env_ids() for seat in ("crew", "gm")]


@pytest.mark.parametrize(("env_id", "seat"), CASES)
def test_gymnasium_check_env(env_id, seat):
    gym_check_env(gym.make(env_id, seat=seat, illegal_action="lose").unwrapped)


@pytest.mark.parametrize(("env_id", "seat"), CASES)
def test_sb3_check_env(env_id, seat):
    sb3_check_env(gym.make(env_id, seat=seat, illegal_action="lose"))
