"""``scenegym replay``: the transcript of any single scene of a playtest run.

Scene ``k`` of env ``i`` depends only on the seed, ``i`` and ``k``, so the command replays
env ``i`` alone (as a batch of one with env id ``i``) up to scene ``k`` with the event log
on, and prints that scene as a designer reads it. Replaying scene ``k`` plays the ``k``
scenes before it (a bar shows them on a terminal), so ``--scene`` goes up to
:data:`MAX_SCENE`.
"""

from __future__ import annotations

import argparse
import shlex
import sys

import numpy as np
from tqdm import tqdm

from scenegym.agents import make_agent
from scenegym.agents.seats import choose_actions
from scenegym.common import options
from scenegym.common.overrides import parse_overrides, parse_value
from scenegym.common.scenes import seat_seed
from scenegym.common.text import summary
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, EPISODE, GM
from scenegym.envs.rulesets import get_ruleset

LOG_CAPACITY = 4096
MAX_SCENE = 100_000  # scenes played before the one shown: about a minute


def replay_scene(ruleset_name: str, seed: int, env: int, scene: int, crew="heuristic",
                 gm="heuristic", agent_seed: int | None = None, config=None,
                 progress_bar: bool = False) -> list[str]:
    """Transcript lines of scene ``scene`` of env ``env`` in a run seeded with ``seed``.

    Agents are made as ``scenegym playtest`` makes them (random agents seeded from
    ``agent_seed``, by default the run's seed), so the replay shows the playtest's scene.
    """
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
    options.add(p, "target", "env", "agent_seed", "set", seed={"required": True},
                scene={"max_scene": MAX_SCENE}, crew={"default": "heuristic"},
                gm={"default": "heuristic"})
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the scene's transcript."""
    if args.env < 0 or not 0 <= args.scene <= MAX_SCENE:
        raise ValueError(f"--env is {args.env} and --scene is {args.scene}; allowed: --env 0 "
                         f"or more, --scene 0..{MAX_SCENE}")
    ruleset = options.ruleset_of(args.target)
    rs = get_ruleset(ruleset)
    config = rs.make_config(**parse_overrides(args.set, rs.config_type))
    lines = replay_scene(ruleset, args.seed, args.env, args.scene, args.crew, args.gm,
                         args.agent_seed, config, progress_bar=sys.stderr.isatty())
    print(f"{ruleset}: seed {args.seed}, env {args.env}, scene {args.scene}")
    print("\n".join(lines))
    return 0


def replay_command(ruleset: str, seed: int, env: int, scene: int, crew: str, gm: str,
                   overrides: dict) -> str:
    """The ``scenegym replay`` command line that prints this scene: each of the run's
    ``overrides`` (config fields, ``scenario``) is one ``--set``, quoted for a POSIX shell."""
    sets = []
    for key, value in overrides.items():
        text = value if isinstance(value, str) and parse_value(value) == value else repr(value)
        sets += ["--set", f"{key}={text}"]
    return shlex.join(["scenegym", "replay", ruleset, "--seed", str(seed), "--env", str(env),
                       "--scene", str(scene), "--crew", str(crew), "--gm", str(gm), *sets])
