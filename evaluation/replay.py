"""``scenegym replay``: the transcript of any single scene of a run.

Scene ``j`` of a playtest (and of ``report``, ``sweep``, ``variants`` and ``baselines``) is
episode 0 of env id ``j``, whatever the batch it was played in: it depends only on the seed
and ``j``, so ``--scene J`` replays it at once, as a batch of one with env id ``j``. A batch's
own rows (a vector env's, a soak's) play episodes one after another: ``--env I --episode K``
replays episode ``k`` of env id ``i``, playing the ``k`` episodes before it (a bar shows them
on a terminal), so ``--episode`` goes up to :data:`MAX_SCENE`.
"""

from __future__ import annotations

import argparse
import shlex
import sys

import numpy as np
from tqdm import tqdm

from scenegym.agents import make_agent
from scenegym.common import options
from scenegym.common.overrides import parse_overrides, parse_value
from scenegym.common.text import summary
from scenegym.envs.rulesets import get_ruleset

LOG_CAPACITY = 4096
MAX_SCENE = 100_000  # scenes played before the one shown: about a minute


def replay_scene(ruleset_name: str, seed: int, env: int, scene: int = 0, crew="heuristic",
                 gm="heuristic", agent_seed: int | None = None, config=None,
                 progress_bar: bool = False) -> list[str]:
    """Transcript lines of episode ``scene`` of env id ``env`` in a run seeded with ``seed``
    (a playtest's scene ``j`` is ``env=j, scene=0``).

    Agents are made as ``scenegym playtest`` makes them (random agents seeded from
    ``agent_seed``, by default the run's seed), so the replay shows the playtest's scene.
    """
    from scenegym.agents.seats import choose_actions  # the engine (numba): loaded by a run
    from scenegym.common.scenes import seat_seed
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.core.header import CREW, EPISODE, GM

    rs = get_ruleset(ruleset_name)
    config = rs.config_type() if config is None else config
    agent_seed = seed if agent_seed is None else agent_seed
    agents = {seat: make_agent(spec, ruleset_name, seat_seed(agent_seed, seat), config,
                               seat=seat)
              for seat, spec in ((CREW, crew), (GM, gm))}
    batch = SceneBatch(rs, config, 1, env_ids=[env], log_capacity=LOG_CAPACITY)
    batch.reset(seed)
    scene_events: list = []
    actions = np.zeros(1, np.int64)
    with tqdm(total=scene, unit="scene", desc="scenes before it", file=sys.stderr,
              disable=not progress_bar or scene == 0) as bar:
        while True:
            events = batch.drain_events()[0]
            if batch.state[0, EPISODE] == scene:
                scene_events += events
            if batch.over[0]:
                if batch.state[0, EPISODE] == scene:
                    return rs.transcript(scene_events, config)
                batch.next_episode(np.array([True]))
                bar.update()
                continue
            batch.step(choose_actions(batch, agents, actions))


def add_parser(sub) -> None:
    """Add ``scenegym replay``."""
    p = sub.add_parser("replay", help="print the transcript of one scene of a run",
                       description=summary(__doc__))
    options.add(p, "target", "env", "agent_seed", "set", "scene", seed={"required": True},
                episode={"max_scene": MAX_SCENE}, crew={"default": "heuristic"},
                gm={"default": "heuristic"})
    p.set_defaults(run=run)


def env_and_episode(args: argparse.Namespace) -> tuple[int, int]:
    """The (env id, episode) that ``--scene J`` or ``--env I --episode K`` names."""
    from scenegym.common.scenes import MAX_SCENES

    if args.scene is not None:
        if args.env is not None or args.episode is not None:
            raise ValueError(f"--scene {args.scene} names a playtest's scene (episode 0 of env "
                             "id J); give it alone, or --env I --episode K for episode K of "
                             "env id I of a batch (before 0.2.0, --env I --scene K meant that)")
        if not 0 <= args.scene <= MAX_SCENES:
            raise ValueError(f"--scene is {args.scene}; allowed: 0..{MAX_SCENES}")
        return args.scene, 0
    if args.env is None:
        raise ValueError("replay needs --scene J (scene J of a playtest) or --env I "
                         "[--episode K] (episode K of env id I of a batch)")
    episode = 0 if args.episode is None else args.episode
    if args.env < 0 or not 0 <= episode <= MAX_SCENE:
        raise ValueError(f"--env is {args.env} and --episode is {episode}; allowed: --env 0 "
                         f"or more, --episode 0..{MAX_SCENE}")
    return args.env, episode


def run(args: argparse.Namespace) -> int:
    """Print the scene's transcript."""
    env, episode = env_and_episode(args)
    ruleset = options.ruleset_of(args.target)
    rs = get_ruleset(ruleset)
    config = rs.make_config(**parse_overrides(args.set, rs.config_type))
    lines = replay_scene(ruleset, args.seed, env, episode, args.crew, args.gm,
                         args.agent_seed, config, progress_bar=sys.stderr.isatty())
    where = (f"scene {args.scene}" if args.scene is not None
             else f"env {env}, episode {episode}")
    print(f"{ruleset}: seed {args.seed}, {where}")
    print("\n".join(lines))
    return 0


def replay_command(ruleset: str, seed: int, scene: int, crew: str, gm: str,
                   overrides: dict, episode: int | None = None) -> str:
    """The ``scenegym replay`` command line that prints scene ``scene`` of a run (or, with
    ``episode``, episode ``episode`` of env id ``scene`` of a batch): each of the run's
    ``overrides`` (config fields, ``scenario``) is one ``--set``, quoted for a POSIX shell."""
    where = (["--scene", str(scene)] if episode is None
             else ["--env", str(scene), "--episode", str(episode)])
    return shlex.join(["scenegym", "replay", ruleset, "--seed", str(seed), *where,
                       "--crew", str(crew), "--gm", str(gm), *set_arguments(overrides)])


def set_arguments(overrides: dict) -> list[str]:
    """``overrides`` (config fields, ``scenario``) as the arguments of a command line: one
    ``--set FIELD=VALUE`` each, spelt so that the command reads the same value back."""
    sets = []
    for key, value in overrides.items():
        text = value if isinstance(value, str) and parse_value(value) == value else repr(value)
        sets += ["--set", f"{key}={text}"]
    return sets
