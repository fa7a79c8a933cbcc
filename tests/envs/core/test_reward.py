"""The director reward (envs/core/reward.py): DESIGN.md, Rewards."""

import numpy as np

from scenegym.envs.core.header import DECISIONS, LEAD_CHANGES, MARGIN
from scenegym.envs.core.reward import DirectorWeights, director_reward
from scenegym.envs.starforged.ruleset import STARFORGED


def test_director_reward_follows_its_formula():
    """r = (w_swing*min(L,cap)/cap + w_doubt*(1-M/100) + w_length*max(0,1-|D-T|/T)) / sum(w)."""
    w = DirectorWeights(w_swing=2.0, w_doubt=1.0, w_length=1.0, swing_cap=4, target_decisions=10)
    state = np.zeros((2, STARFORGED.layout_of(STARFORGED.default_config()).state_size), np.int32)
    state[:, LEAD_CHANGES] = (2, 9)
    state[:, MARGIN] = (30, 0)
    state[:, DECISIONS] = (15, 10)
    expected = [(2 * 0.5 + 0.7 + 0.5) / 4, (2 * 1.0 + 1.0 + 1.0) / 4]
    assert np.allclose(director_reward(state, w), expected)


def test_a_cut_off_scores_the_directors_cutoff_score_whatever_the_formula_gives():
    """DESIGN.md, "Rewards and ends": a cut-off is worth a per-game value chosen so that
    stalling never pays more than playing; for the director a stalled scene is no good
    scene: ``cutoff_score`` (-1 by default), below every scene played out (0..1)."""
    from scenegym.envs.core.header import TRUNCATED

    state = np.zeros((2, STARFORGED.layout_of(STARFORGED.default_config()).state_size), np.int32)
    state[:, LEAD_CHANGES], state[:, DECISIONS] = 3, 20  # a perfect scene by the formula
    state[1, TRUNCATED] = 1
    assert list(director_reward(state, DirectorWeights())) == [1.0, -1.0]
    assert director_reward(state, DirectorWeights(cutoff_score=0.0))[1] == 0.0


def test_the_adversarial_gm_is_paid_a_cut_off_as_the_crew_is():
    """Crew paid ``r``; the GM gets ``-r`` and its extra (twice each cut-off's value), so a
    cut-off worth -1 to the crew is worth -1 to the GM, not +1."""
    from scenegym.envs.core.reward import adversarial_payment

    assert adversarial_payment(-1.0, -2.0) == -1.0   # a cut-off alone
    assert adversarial_payment(-1.0, 0.0) == 1.0     # a loss: the GM's win
    assert adversarial_payment(0.0, -2.0) == -2.0    # a won encounter (+1) and a cut-off (-1)
