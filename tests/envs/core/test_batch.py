"""The scene batch (envs/core/batch.py): what a step pays the crew."""

import numpy as np

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, RESULT
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.ruleset import MOMENTUM


def test_an_episodes_crew_rewards_add_up_to_its_result():
    """Rewards paid before the end (a mission's scenes) plus the last one equal RESULT, also
    when the mission ends early (every PC out) or on a forfeit."""
    config = MomentumConfig(episode="mission", acts=2, scenes_per_act=2)
    batch = SceneBatch(MOMENTUM, config, 64)
    agents = {CREW: RandomAgent(5), GM: RandomAgent(6)}
    batch.reset(9)
    total = np.zeros(64)
    actions = np.zeros(64, np.int64)
    paid_early = checked = 0
    for _ in range(3000):
        reward, over, _ = batch.step(choose_actions(batch, agents, actions))
        paid_early += int(((reward != 0) & ~over).sum())
        total += reward
        for i in np.flatnonzero(over):
            assert total[i] == batch.state[i, RESULT]
            total[i] = 0
            checked += 1
        batch.next_episode(over.copy())
    assert checked > 50 and paid_early > 50
