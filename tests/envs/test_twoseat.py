"""The public two-seat batch (issue 23, item 3; envs/twoseat.py): both seats external,
per-seat rewards, play-outs, clones; the docs page's examples run as shown."""

import copy
import re
from pathlib import Path

import numpy as np
import pytest

from scenegym.agents.registry import make_agent
from scenegym.envs.core.reward import director_reward
from scenegym.envs.twoseat import CREW, GM, TwoSeatBatch

DOCS = Path(__file__).resolve().parents[2] / "docs" / "batch.md"


def play_random(game: TwoSeatBatch, rng, steps: int, twins=()):
    """``steps`` steps of random legal actions in every running env (episodes restarted);
    each twin takes the same actions and must agree. Yields each step's result."""
    for _ in range(steps):
        running = ~game.over
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                            for m in game.masks])
        result = game.step(actions, running)
        for twin in twins:
            got = twin.step(actions, running)
            np.testing.assert_array_equal(got.rewards, result.rewards)
            np.testing.assert_array_equal(twin.obs, game.obs)
            np.testing.assert_array_equal(twin.masks, game.masks)
            np.testing.assert_array_equal(twin.pending_seat, game.pending_seat)
        yield result
        game.next_episode()
        for twin in twins:
            twin.next_episode()


def test_the_docs_page_examples_run():
    code = re.findall(r"```python\n(.*?)```", DOCS.read_text(), re.S)
    assert len(code) == 2
    exec("\n".join(code), {})


def test_adversarial_rewards_are_the_crews_negated_and_add_up_to_the_result():
    game = TwoSeatBatch("scenegym/MomentumScene-v1", 8, gm_reward="adversarial")
    game.reset(3)
    totals, ended = np.zeros((8, 2)), 0
    for result in play_random(game, np.random.default_rng(1), 300):
        np.testing.assert_array_equal(result.rewards[:, GM], -result.rewards[:, CREW])
        totals += result.rewards
        for i in np.flatnonzero(result.over):
            assert totals[i, CREW] == game.results[i]
            totals[i], ended = 0, ended + 1
    assert ended > 0


def test_a_director_gm_is_paid_its_score_at_the_end_and_nothing_before():
    game = TwoSeatBatch("scenegym/StarforgedSceneChallenge-v1", 8, gm_reward="director")
    game.reset(4)
    ended = 0
    for result in play_random(game, np.random.default_rng(2), 200):
        gm = result.rewards[:, GM]
        assert (gm[~result.over] == 0).all()
        if result.over.any():
            want = director_reward(game.batch.state[result.over], game.director)
            np.testing.assert_allclose(gm[result.over], want)
            ended += int(result.over.sum())
    assert ended > 0


def test_clones_deep_copies_and_copied_rows_play_alike():
    """Rows copied into a batch of the same seed follow it across episodes too."""
    game = TwoSeatBatch("scenegym/STAPersonalConflict-v1", 4)
    game.reset(5)
    rng = np.random.default_rng(3)
    for _ in play_random(game, rng, 30):
        pass
    rows = TwoSeatBatch("scenegym/STAPersonalConflict-v1", 4)
    rows.reset(5)
    rows.copy_rows(np.arange(4), game, np.arange(4))
    twins = (game.clone(), copy.deepcopy(game), rows)
    for _ in play_random(game, rng, 300, twins):
        pass


def test_play_out_ends_the_selected_episodes_and_refuses_a_python_agent():
    game = TwoSeatBatch("starforged", 6)
    game.reset(7)
    crew = make_agent("heuristic", "starforged", seat="crew")
    gm = make_agent("random", "starforged", seed=1, seat="gm")
    which = np.array([True, False] * 3)
    game.play_out(crew, gm, which)
    assert game.over.tolist() == which.tolist()

    class Python:
        def act(self, obs, masks, env_ids):
            return masks.argmax(axis=1)

    with pytest.raises(ValueError, match="play_out plays agents with a compiled policy"):
        game.play_out(Python(), gm)
