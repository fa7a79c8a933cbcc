""""Is a minor action left?" (asked after every major action) agrees with the minor actions
the actor is offered.

Star Trek Adventures 2nd edition core rulebook, "Minor Actions" (p. 288): "You can take 1
minor action on each of your turns, and may take an additional minor action per turn by
spending 1 Momentum". The turn offers its minor actions after the major action
[minors_after_major] only if one is left: :func:`minor_open` answers that without filling a
mask, so it must answer as :func:`legal_minor`'s mask would, in every state play reaches.
"""

import itertools

import numpy as np
from numba import njit

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.borrow import rule_row
from scenegym.envs.core.header import OVER
from scenegym.envs.core.params import rule_record
from scenegym.envs.rulesets import get_ruleset
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig, kernel_params
from scenegym.envs.sta.minors import legal_minor, minor_open

# Aim, Draw Item and Stand / Drop Prone each used up or not: with all three used, only
# Movement can leave a minor action open.
USED_UP = list(itertools.product((0, 1), repeat=3))


def states_of_random_play(config, num_envs=16, steps=200, seed=3):
    """State rows with an actor, met while random legal choices play ``num_envs`` scenes."""
    batch = SceneBatch(get_ruleset("sta"), config, num_envs)
    batch.reset(seed)
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(steps):
        rows += [row.copy() for row in batch.state if row[OVER] == 0 and row[st.ACTOR] >= 0]
        actions = [rng.choice(np.flatnonzero(mask)) for mask in batch.masks]
        _, over, _ = batch.step(np.asarray(actions), ~batch.over)
        batch.next_episode(over.copy())
    return rows


@njit
def answers(rows, p, aim_open):
    """Per row: whether :func:`minor_open` says a minor action is left, and the highest
    minor action :func:`legal_minor` offers besides ending them (-1: none). The rows are
    typed as the loops hand them to the rules."""
    left = np.zeros(len(rows), np.bool_)
    highest = np.full(len(rows), -1)
    for k in range(len(rows)):
        m = np.zeros(st.NUM_ACTIONS, np.bool_)
        legal_minor(rule_row(rows[k]), p, rule_row(m), aim_open)
        m[st.A_END_MINOR] = False
        for a in range(st.NUM_ACTIONS):
            if m[a]:
                highest[k] = a
        left[k] = minor_open(rule_row(rows[k]), p, aim_open)
    return left, highest


def test_a_minor_action_is_left_exactly_when_one_is_offered():
    config = StaConfig(pcs=2, npc_tiers=("minor", "minor", "notable"))
    p = rule_record(kernel_params(config))  # the rules' own type, as the loops hand it
    rows = []
    for s, (aimed, drawn, toggled) in itertools.product(states_of_random_play(config), USED_UP):
        s = s.copy()
        s[st.AIMED], s[st.DRAWN + s[st.ACTOR]], s[st.PRONE_TOGGLED] = aimed, drawn, toggled
        rows.append(s)
    rows = np.array(rows)
    for aim_open in (False, True):
        left, highest = answers(rows, p, aim_open)
        assert (left == (highest >= 0)).all(), rows[left != (highest >= 0)][:3].tolist()
        movement_only = (highest >= 0) & (highest < st.A_AIM)
        assert len(rows) > 8000 and movement_only.sum() > 100  # those answers were asked
