"""``scenegym replay`` (evaluation/replay.py): one scene of a seeded run, shown alone."""

import numpy as np
from clirun import assert_refused, scenegym

from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import EPISODE_END
from scenegym.envs.core.header import EPISODE
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.ruleset import STARFORGED
from scenegym.evaluation.replay import MAX_SCENE, replay_scene


def test_replay_shows_the_same_scene_as_a_large_batch():
    """DESIGN.md: scene k of env i depends only on (seed, i, k); a replay of it alone matches."""
    from scenegym.agents import make_agent
    from scenegym.common.scenes import seat_seed

    seed, env, scene = 11, 37, 2
    batch = SceneBatch(STARFORGED, StarforgedConfig(), 64, log_capacity=256)
    agents = [make_agent("random", "starforged", seat_seed(seed, s)) for s in (0, 1)]
    batch.reset(seed)
    actions = np.zeros(64, np.int64)
    events = []
    while not events or events[-1].kind != EPISODE_END:
        running = ~batch.over
        choose_actions(batch, dict(enumerate(agents)), actions, running)
        in_scene = batch.state[env, EPISODE] == scene
        _, over, _ = batch.step(actions, running)
        if in_scene:
            events += batch.drain_events()[env]
        else:
            batch.drain_events()
        batch.next_episode(over.copy())
        if batch.state[env, EPISODE] == scene and not events:
            events += batch.drain_events()[env]  # Begin the Scene's records
    lines = replay_scene("starforged", seed, env, scene, crew="random", gm="random")
    assert lines == STARFORGED.transcript(events)
    assert lines[-1].split("; ")[-1].startswith("Scene over")


def test_an_episode_beyond_the_replay_limit_is_refused_at_once():
    """Replaying episode k of a batch row plays the k episodes before it: 10**8 would run for
    hours."""
    assert_refused(scenegym("replay", "starforged", "--seed", 1, "--env", 3, "--episode", 10**8,
                            timeout=60),
                   "--episode is 100000000", f"--episode 0..{MAX_SCENE}")


def test_a_playtest_scene_replays_at_once_as_episode_0_of_its_env_id():
    """Scene j of a playtest is episode 0 of env id j (issue 24, item 6): ``--scene J`` shows
    the same transcript as ``--env J --episode 0``, however large J."""
    scene = scenegym("replay", "starforged", "--seed", 5, "--scene", 10**8, timeout=60)
    alone = scenegym("replay", "starforged", "--seed", 5, "--env", 10**8, "--episode", 0,
                     timeout=60)
    assert scene.returncode == alone.returncode == 0, scene.stderr
    assert scene.stdout.splitlines()[1:] == alone.stdout.splitlines()[1:]
    assert "scene 100000000" in scene.stdout.splitlines()[0]


def test_scene_and_env_together_are_refused_with_both_forms_named():
    """Before 0.2.0 ``--env I --scene K`` meant episode K of env I; that form is refused with
    what each form means now."""
    assert_refused(scenegym("replay", "starforged", "--seed", 1, "--env", 2, "--scene", 3,
                            timeout=60),
                   "--scene 3 names a playtest's scene", "--env I --episode K")
