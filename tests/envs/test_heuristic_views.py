"""The view a compiled heuristic declares (issue 25, item 1): inside the compiled step the
loops render only the slots the heuristic reads (``CompiledPolicy.view``), so the view must
write each of those slots with the value the full observation gives it, and the heuristic's
choice must not depend on any slot the view leaves stale. Checked on the states of random
play, with the stale slots filled two different ways. (That whole trajectories stay the same
is pinned by tests/envs/test_trajectory_digests.py.)
"""

import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the rulesets)
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.policy import READS_VIEW, policy_of
from scenegym.envs.rulesets import get_ruleset

RULESETS = ("frontiers", "momentum", "sta", "sta_social", "starforged")


def random_states(name: str, n: int = 24, steps: int = 60, seed: int = 5):
    """The batch after each of ``steps`` random legal steps (episodes restarted as they end)."""
    rs = get_ruleset(name)
    batch = SceneBatch(rs, rs.default_config(), n)
    batch.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        yield batch
        masks = batch.masks
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        _, over, _ = batch.step(actions)
        if over.any():
            batch.next_episode(over.copy())


def stale_fillers(full: np.ndarray):
    """Two different contents for the slots a view leaves stale."""
    return np.full_like(full, np.nan), np.where(full == 0, 0.75, -full).astype(np.float32)


@pytest.mark.parametrize("name", RULESETS)
def test_the_heuristic_chooses_from_its_view_what_it_chooses_from_the_observation(name):
    policy = policy_of(make_agent("heuristic", name))
    assert policy.reads == READS_VIEW, f"{name}'s heuristic declares no view"
    checked = 0
    for batch in random_states(name):
        p = batch.params[0]
        for i in np.flatnonzero(~batch.over):
            full, m = batch.obs[i].copy(), batch.masks[i]
            chosen = policy.act(full, m, policy.params[0], np.uint64(0), 0)
            for filler in stale_fillers(full):
                o = filler.copy()
                policy.view(batch.state[i], p, o)
                written = ~((o == filler) | (np.isnan(o) & np.isnan(filler)))
                np.testing.assert_array_equal(o[written], full[written])
                assert policy.act(o, m, policy.params[0], np.uint64(0), 0) == chosen, (
                    f"{name}: the heuristic read a slot its view does not render "
                    f"(env {i}, state {batch.state[i].tolist()})")
            checked += 1
    assert checked > 500
