"""The AEC training example trains both seats at once (tiny budget)."""

import pytest
import torch

from scenegym.envs.aec import AGENTS
from scenegym.envs.rulesets import env_ids
from scenegym.training import aec_example


@pytest.mark.parametrize("env_id", env_ids())
def test_both_seats_learn_from_the_same_scenes(env_id):
    """Same seed, same initial nets: with lr=0 they stay as they were; trained, both moved.
    Seed 7 gives every id scenes that are not all cut off (returns of 0 everywhere give
    REINFORCE no gradient: STA's personal conflict under seed 5 is three cut-offs)."""
    out = aec_example.train(env_id, scenes=3, seed=7, gm_reward="adversarial")
    fresh = aec_example.train(env_id, scenes=1, seed=7, lr=0.0)
    for agent in AGENTS:
        trained = list(out["seats"][agent].net.parameters())
        untrained = list(fresh["seats"][agent].net.parameters())
        assert any(not torch.equal(p, q) for p, q in zip(trained, untrained)), agent
    crew, gm = out["returns"]["crew"], out["returns"]["gm"]
    # adversarial GM: the crew's negative, but a cut-off is a loss to each seat (cutoff_result)
    assert crew.shape == (3,) and all(g == -c or g == c == -1 for c, g in zip(crew, gm))


def test_command_reports_both_seats_and_refuses_bad_budgets(capsys):
    assert aec_example.main([env_ids()[-1], "--scenes", "2", "--seed", "1",
                             "--gm-reward", "adversarial"]) == 0
    out = capsys.readouterr().out
    assert "crew: mean return" in out and "gm: mean return" in out
    assert aec_example.main([env_ids()[-1], "--scenes", "0", "--seed", "1"]) == 2
    assert "--scenes is 0" in capsys.readouterr().err
