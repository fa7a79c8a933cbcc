"""The constant agent (agents/constant_agent.py): the first legal action, in either seat, the
same compiled and in Python."""

import numpy as np
import pytest

from scenegym.agents import make_agent
from scenegym.agents.registry import agent_names
from scenegym.envs.starforged import state as st
from scenegym.evaluation.playtest import playtest


def test_constant_takes_the_lowest_legal_action():
    masks = np.array([[False, True, True], [True, False, True], [False, False, True]])
    assert make_agent("constant", "starforged").act(np.zeros((3, 1)), masks).tolist() == [1, 0, 2]


def test_constant_refuses_a_row_without_a_legal_action():
    with pytest.raises(ValueError, match="no legal action"):
        make_agent("constant", "starforged").act(np.zeros((1, 1)), np.zeros((1, 3), bool))


@pytest.mark.parametrize("ruleset", ["starforged", "momentum"])
def test_constant_is_offered_for_every_ruleset_and_plays_alike_compiled(ruleset):
    assert "constant" in agent_names(ruleset)
    compiled = playtest(ruleset, 60, "constant", "constant", seed=3, batch=8)
    python = playtest(ruleset, 60, "constant", "constant", seed=3, batch=8, inline=False)
    assert compiled == python


def test_starforged_constant_crew_always_faces_danger_and_never_finishes_early():
    """The first legal move is Face Danger +edge (action 0): every scene move is Face
    Danger, and every scene ends when the clock or the track fills."""
    stats = playtest("starforged", 100, "constant", "heuristic", seed=4, batch=8)["ruleset_stats"]
    assert st.A_FACE_DANGER == 0
    assert stats["crew_moves"]["secure_an_advantage"]["count"] == 0
    assert stats["crew_moves"]["face_danger"]["count"] > 0
    assert stats["scene_ends"]["finish_chosen"]["count"] == 0
