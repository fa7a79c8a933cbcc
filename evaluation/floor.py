"""The floor of ``scenegym bench``: a trivial ruleset under the engine's own loops and picker.

No game can step faster through the engine than a ruleset whose rules do (almost) nothing: its
``apply`` counts the decision and ends the episode after ``episode_decisions`` of them, its
``legal`` opens every action, its ``observe`` writes one slot. Stepped the way ``bench``'s raw
row steps a game (the compiled random picker over the mask, then the batch loops, then
``next_episode``), at the same mask width and batch size, it measures what the engine, the
picker and the batch calls cost by themselves. A ruleset's raw rate over this floor's rate is
the share of the machine its rules leave to the rest; ``floor / raw`` is how many times slower
than the floor the rules make a decision.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass

from scenegym.envs.core.config import RulesetConfig
from scenegym.envs.core.header import CREW, DECISIONS, GM, HEADER_SIZE, PHASE, SEAT, end_episode
from scenegym.envs.core.jit import njit
from scenegym.envs.core.ruleset import Layout, Ruleset
from scenegym.envs.core.validate import check_int

TURN = 0  # the one phase
STATE_SIZE = HEADER_SIZE + 1  # one column past the header (a layout needs one)


@dataclass(frozen=True)
class FloorConfig(RulesetConfig):
    """Attributes: actions (the mask width), episode_decisions (decisions an episode takes)."""

    actions: int = 2
    episode_decisions: int = 20

    def __post_init__(self):
        check_int("actions", self.actions, 1, 100_000)
        check_int("episode_decisions", self.episode_decisions, 1, 1_000_000)


FloorParams = namedtuple("FloorParams", FloorConfig.field_names())


def params(config: FloorConfig) -> FloorParams:
    """The kernel parameters: every config field as it is."""
    return FloorParams(*(getattr(config, name) for name in FloorConfig.field_names()))


@njit(cache=True)
def begin(s, p, dice, log, i):
    s[PHASE], s[SEAT] = TURN, CREW


@njit(cache=True)
def apply(s, p, dice, log, i, action):
    s[DECISIONS] += 1
    s[SEAT] = GM if s[SEAT] == CREW else CREW
    if s[DECISIONS] >= p.episode_decisions:
        end_episode(s, log, i, 0, 0, 0)


@njit(cache=True)
def legal(s, p, m):
    m[:] = s[SEAT] >= 0


@njit(cache=True)
def observe(s, p, o):
    o[0] = 1.0 if s[SEAT] == CREW else 0.0


def layout(config: FloorConfig) -> Layout:
    return Layout(STATE_SIZE, tuple(f"a{k}" for k in range(config.actions)), ("crew_to_act",),
                  0.0, 1.0)


FLOOR = Ruleset(
    name="bench_floor",
    config_type=FloorConfig,
    rules=(begin, apply, legal, observe),
    layout=layout,
    params=params,
    phase_names={TURN: "turn"},
    seats_with_decisions=lambda config: {CREW, GM},
    transcript=lambda events, config: [f"{len(events)} records"],
)
