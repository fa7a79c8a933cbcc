"""The ruleset contract: what the engine needs to know about one game.

Every ruleset (``starforged``, ``momentum``, ``sta``, ``frontiers``) is described by one
:class:`Ruleset` value. The engine (:mod:`scenegym.envs.core.batch`), the Gymnasium adapters, the
agents and the evaluation commands only ever talk to this contract, never to a ruleset's
internals, so a new ruleset adds rules and nothing else.

How the contract carries the four games:

- *Decisions are steps.* A turn with several choices (which character, what, at whom, which
  spends) is a chain of phases; each phase is one decision with a legal-action mask over one
  flat action space. ``SEAT`` in the state header says whose decision is pending, so sides
  of several characters, alternating turns, reactions out of turn (a phase pending for the
  other seat in the middle of a turn) and simultaneous choices (two phases in a row) fit.
- *Per-character state* is columns of the state row (``HP + c`` for character ``c``), with
  the character count fixed per config, so a batch stays one rectangular array.
- *Zones and positions* are per-character columns too; distances are computed by the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scenegym.envs.core.kernels import BatchKernels
from scenegym.envs.core.reward import DirectorWeights


@dataclass(frozen=True)
class Ruleset:
    """One game, as the engine sees it.

    Attributes:
        name: Ruleset id (``"starforged"``).
        config_type: The frozen, validated config dataclass.
        state_size: Columns of one env's state row, header included.
        num_actions: Size of the flat ``Discrete`` action space shared by both seats.
        obs_size: Length of the float32 observation vector.
        action_names: A short name per action id.
        phase_names: A name per phase code.
        observation_names: A name per observation slot.
        kernels: The compiled batch loops.
        params: ``config -> namedtuple`` of plain numbers read by the kernels.
        seats_with_decisions: ``config -> set of seats`` that ever decide under that config.
        transcript: ``(events, config) -> list of lines`` of readable text for one env.
        default_gm_reward: The GM seat's reward unless asked otherwise.
        director: The director reward's weights for this game's scenes.
    """

    name: str
    config_type: type
    state_size: int
    num_actions: int
    obs_size: int
    action_names: tuple[str, ...]
    phase_names: dict[int, str]
    observation_names: tuple[str, ...]
    kernels: BatchKernels
    params: Callable[[Any], tuple]
    seats_with_decisions: Callable[[Any], set[int]]
    transcript: Callable[[list, Any], list[str]]
    default_gm_reward: str = "adversarial"
    director: DirectorWeights = field(default_factory=DirectorWeights)
