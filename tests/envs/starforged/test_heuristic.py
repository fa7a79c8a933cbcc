"""The Starforged heuristic decides on the true counts under any config.

It reads the observation, whose slots are scaled; it must turn them back into the counts its
rules of thumb name (full progress boxes, clock segments left, momentum) with the scales the
observation declares. Played under configs that change those scales' old divisors (fewer
boxes, a lower or higher momentum maximum), every move decision is checked against the
rule of thumb applied to the state itself.
"""

import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, PHASE, SEAT
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.heuristic import StarforgedHeuristic
from scenegym.envs.starforged.ruleset import STARFORGED

FINISH, SECURE, FACE = "finish", "secure", "face"


def intended_move(row, mask, config, h: StarforgedHeuristic):
    """The class doc's rule of thumb on the state: (kind, action)."""
    boxes = row[st.PROGRESS] // config.ticks_per_box
    left = row[st.SEGMENTS] - row[st.CLOCK]
    if mask[st.A_FINISH] and (boxes >= h.finish_boxes
                              or (boxes >= h.finish_boxes_late and left <= h.late_clock)):
        return FINISH, st.A_FINISH
    allowed = [k for k in range(st.NUM_STATS) if mask[st.A_FACE_DANGER + k]]
    best = max(allowed, key=lambda k: (row[st.STATS + k], -k))  # the best stat allowed
    if row[st.MOMENTUM] <= h.low_momentum:
        return SECURE, st.A_SECURE_ADVANTAGE + best
    return FACE, st.A_FACE_DANGER + best


def play_moves(config, heuristic, n=150, seed=3):
    """Play ``n`` scenes with the heuristic in both seats; count each kind of move decision,
    asserting that each equals the rule of thumb on the state."""
    batch = SceneBatch(STARFORGED, config, n)
    batch.reset(seed)
    seen = dict.fromkeys((FINISH, SECURE, FACE), 0)
    while not batch.over.all():
        running = ~batch.over
        actions = np.zeros(n, np.int64)
        actions[running] = heuristic.act(batch.obs[running], batch.masks[running])
        moves = running & (batch.state[:, PHASE] == st.MOVE) & (batch.state[:, SEAT] == CREW)
        for i in np.flatnonzero(moves):
            kind, action = intended_move(batch.state[i], batch.masks[i], config, heuristic)
            assert actions[i] == action, (f"env {i}: {kind} intended at momentum "
                                          f"{batch.state[i, st.MOMENTUM]}, progress "
                                          f"{batch.state[i, st.PROGRESS]}; chose {actions[i]}")
            seen[kind] += 1
        batch.step(actions, running)
    return seen


@pytest.mark.parametrize("fields, thresholds", [
    ({}, {}),
    ({"boxes": 5}, {"finish_boxes": 4, "finish_boxes_late": 3}),
    ({"momentum_max": 6}, {"low_momentum": 2}),
    ({"momentum_max": 15}, {}),
], ids=["default", "boxes=5", "momentum_max=6", "momentum_max=15"])
def test_moves_follow_the_true_boxes_clock_and_momentum(fields, thresholds):
    seen = play_moves(StarforgedConfig(**fields), StarforgedHeuristic(**thresholds))
    assert min(seen.values()) > 0, seen  # every kind of decision was made and checked
