"""The ruleset contract: everything the rest of scenegym knows about one game.

A ruleset (``starforged``, ``momentum``, or a designer's own) is one :class:`Ruleset` value.
The engine (:mod:`scenegym.envs.core.batch`), the Gymnasium adapters, the agents and the
evaluation commands talk only to this value, never to a ruleset's internals: adding a
ruleset adds a folder with its rules and this value, and names it once in
:data:`scenegym.envs.rulesets.BUILTIN` (or calls :func:`scenegym.envs.rulesets.register_ruleset`
for a ruleset defined outside the package). No other registry is edited.

How the contract carries the games:

- *The unit of play is an episode* (the header's ``EPISODE``, ``RESULT``): what one
  Gymnasium episode covers. ``RESULT`` is the episode's crew result, what its crew rewards add
  up to. A ruleset's scenes, rounds and acts are its own columns.
- *Decisions are steps.* A turn with several choices (which character, what, at whom, which
  spends) is a chain of phases; each phase is one decision with a legal-action mask over one
  flat action space. ``SEAT`` in the state header says whose decision is pending, so sides
  of several characters, alternating turns, reactions out of turn (a phase pending for the
  other seat in the middle of a turn) and simultaneous choices (two phases in a row) fit.
- *``observe`` renders the pending seat's view*: what that seat may know, nothing more. Hidden
  information (a simultaneous declaration) stays hidden from the other seat.
- *Per-character state* is columns of the state row (``HP + c`` for character ``c``); sizes may
  depend on the config (:attr:`Ruleset.layout`), so a batch stays one rectangular array.
- *Everything else by lazy reference* (``"module:attribute"`` strings): the Gymnasium classes,
  the heuristic agents, the odds and the playtest statistics, so that the engine never imports
  the layers above it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from scenegym.envs.core.envid import SCENARIO as SCENARIO  # re-exported
from scenegym.envs.core.envid import EnvId as EnvId  # re-exported: rulesets import it here
from scenegym.envs.core.header import HEADER_SIZE
from scenegym.envs.core.kernels import (
    BatchKernels,
    RuleFunctions,
    compile_loops,
    compile_search,
    slotted,
)
from scenegym.envs.core.policy import PYTHON, CompiledPolicy
from scenegym.envs.core.reward import GM_REWARDS, DirectorWeights


class Layout(NamedTuple):
    """The sizes of one ruleset under one config.

    Attributes:
        state_size: Columns of one env's state row, header included.
        action_names: A short name per action id of the flat ``Discrete`` space.
        observation_names: A name per float32 observation slot.
        observation_low: Lowest value of any observation slot.
        observation_high: Highest value of any observation slot.
        observation_scales: The scale of each slot (:mod:`scenegym.envs.core.slots`): the
            quantity a slot holds is its value times its scale; empty: every slot as it is.
    """

    state_size: int
    action_names: tuple[str, ...]
    observation_names: tuple[str, ...]
    observation_low: float = -1.0
    observation_high: float = 1.0
    observation_scales: tuple[float, ...] = ()

    @property
    def num_actions(self) -> int:
        return len(self.action_names)

    @property
    def obs_size(self) -> int:
        return len(self.observation_names)

    def check(self, ruleset: str) -> None:
        """Refuse a layout the engine cannot run, naming the ruleset and the size."""
        if self.state_size <= HEADER_SIZE:
            raise ValueError(f"ruleset {ruleset!r}: state_size {self.state_size} leaves no "
                             f"column after the {HEADER_SIZE}-column header")
        if not self.action_names or not self.observation_names:
            raise ValueError(f"ruleset {ruleset!r}: a layout needs at least one action and "
                             "one observation slot")
        if self.observation_scales and len(self.observation_scales) != self.obs_size:
            raise ValueError(f"ruleset {ruleset!r}: {len(self.observation_scales)} observation "
                             f"scales for {self.obs_size} slots")
        if not self.observation_low < self.observation_high:
            raise ValueError(f"ruleset {ruleset!r}: observation bounds "
                             f"{self.observation_low}..{self.observation_high} are empty")


def fixed_layout(layout: Layout) -> Callable[[Any], Layout]:
    """A ``layout`` for a ruleset whose sizes do not depend on the config."""
    return lambda config: layout




@dataclass(frozen=True, eq=False)
class Ruleset:
    """One game, as everything above the rules sees it.

    Attributes:
        name: Ruleset id (``"starforged"``), unique.
        config_type: The frozen, validated config dataclass (``config_type()`` is the default).
        rules: The four per-env ``@njit`` rules (see :mod:`scenegym.envs.core.loops`; they
            index their rows from the start only: no ``o[-1]``).
        layout: ``config -> Layout``: state, action and observation sizes and names.
        params: ``config -> namedtuple`` of the numbers the kernels read.
        phase_names: A name per phase code.
        seats_with_decisions: ``config -> set of seats`` that ever decide under that config.
        transcript: ``(events, config) -> list of lines`` of readable text for one env.
        env_ids: The Gymnasium ids of this ruleset.
        agents: Agent name -> ``"module:factory"``; ``factory(config)`` returns a batched
            agent. ``"heuristic"`` is the default opponent; others are styles
            (``"heuristic-adversarial"``).
        gm_styles: The agents that play the crew seat as another agent does and differ only
            as GM (momentum's ``"heuristic-adversarial"``): they get no crew row in the
            baselines' table or the self-play league, which would repeat another's.
        odds: ``"module"`` with ``add_arguments(parser)`` and ``compute(args)`` for
            ``scenegym odds``, or ``None``.
        rulestats: ``"module"`` with ``make(config)`` for playtest statistics, or ``None``.
        invariants: ``"module"`` with ``check(state, config) -> [(bad rows, words)]`` and
            ``VARIANTS`` (name -> config overrides) for ``scenegym soak``, or ``None`` (the
            generic invariants, default config).
        default_gm_reward: The GM seat's reward unless asked otherwise (everywhere: envs,
            training, self-play).
        director: The director reward's weights for this game's episodes.
        scenario: ``"module:function"`` reading a content file into a config,
            ``function(path_or_name, config_type) -> config`` (the ``scenario=PATH`` option
            of :meth:`make_config`, hence of every env and command), or ``None``.
        stall_actions: The names of the actions that delay the scene's end, most delaying
            first: the ``stall`` agent's preferences (:mod:`scenegym.envs.core.stall`).
        hidden: ``config -> str``: why a seat's observation hides part of the state under
            that config (frontiers' simultaneous declarations), or ``""`` when it hides
            nothing; an agent that reads the state (the search) refuses a config with a
            reason. ``None``: no config hides anything.
    """

    name: str
    config_type: type
    rules: RuleFunctions
    layout: Callable[[Any], Layout]
    params: Callable[[Any], NamedTuple]
    phase_names: Mapping[int, str]
    seats_with_decisions: Callable[[Any], set[int]]
    transcript: Callable[[list, Any], list[str]]
    env_ids: tuple[EnvId, ...] = ()
    agents: Mapping[str, str] = field(default_factory=dict)
    gm_styles: tuple[str, ...] = ()
    odds: str | None = None
    rulestats: str | None = None
    invariants: str | None = None
    default_gm_reward: str = "adversarial"
    director: DirectorWeights = field(default_factory=DirectorWeights)
    scenario: str | None = None
    stall_actions: tuple[str, ...] = ()
    hidden: Callable[[Any], str] | None = None

    def __post_init__(self):
        if not self.name.isidentifier():
            raise ValueError(f"ruleset name {self.name!r} must be an identifier")
        if self.default_gm_reward not in GM_REWARDS:
            raise ValueError(f"ruleset {self.name!r}: default_gm_reward must be one of "
                             f"{GM_REWARDS}, got {self.default_gm_reward!r}")
        unknown = [n for n in self.gm_styles if n not in self.agents]
        if unknown:
            raise ValueError(f"ruleset {self.name!r}: gm_styles {unknown} are not among its "
                             f"agents {sorted(self.agents)}")
        if not isinstance(self.rules, RuleFunctions):
            self.__dict__["rules"] = RuleFunctions(*self.rules)

    @cached_property
    def kernels(self) -> BatchKernels:
        """The compiled batch loops (compiled, or loaded from the cache, on first call)."""
        return self.kernels_with(PYTHON, PYTHON)

    def kernels_with(self, crew: CompiledPolicy, gm: CompiledPolicy) -> BatchKernels:
        """The batch loops with the seats' compiled policies bound in (one set per pair of
        policies, whichever seat plays which: pass them ``policy_args(crew, gm)``)."""
        return self._compiled_with("_with_policies", compile_loops, crew, gm)

    def search_with(self, crew: CompiledPolicy, gm: CompiledPolicy):
        """The compiled search (:mod:`scenegym.envs.core.search`) with these rollout
        policies (pass them ``policy_args(crew, gm)``)."""
        return self._compiled_with("_search_with", compile_search, crew, gm)

    def _compiled_with(self, cache_name: str, compile_copy, crew: CompiledPolicy,
                       gm: CompiledPolicy):
        """``compile_copy(rules, a, b)`` for the seats' policies in slot order, kept in the
        cache ``cache_name`` (one per pair of policies, whichever seat plays which)."""
        (a, b), _ = slotted(crew, gm)
        key = (a.name, a.act, b.name, b.act)
        cache = self.__dict__.setdefault(cache_name, {})
        if key not in cache:
            cache[key] = compile_copy(self.rules, a, b)
        return cache[key]

    def hidden_reason(self, config) -> str:
        """Why a seat's observation hides part of the state under ``config`` (``""``:
        nothing is hidden)."""
        return "" if self.hidden is None else self.hidden(config)

    def default_config(self):
        return self.config_type()

    def make_config(self, config=None, **overrides):
        """The config: ``config`` (default: the default config), or the content file that
        ``scenario=PATH`` names; then the other ``overrides`` (config fields), validated.

        Raises:
            TypeError: ``config`` is not this ruleset's config, both it and a scenario are
                given, or an override names no config field (the message lists them).
            ValueError: The ruleset reads no scenario files, or a value is refused.
            FileNotFoundError: The scenario file does not exist.
        """
        scenario = overrides.pop(SCENARIO, None)
        if scenario is not None:
            if config is not None:
                raise TypeError("give a config object or scenario=PATH, not both")
            config = self.load_scenario(scenario)
        config = self.config_type() if config is None else config
        if not isinstance(config, self.config_type):
            raise TypeError(f"config must be a {self.config_type.__name__}, "
                            f"got {type(config).__name__}")
        unknown = set(overrides) - set(self.config_type.field_names())
        if unknown:
            also = f", or {SCENARIO}=PATH" if self.scenario else ""
            raise TypeError(f"unknown {self.name} option(s) {sorted(unknown)}; config fields: "
                            f"{', '.join(self.config_type.field_names())}{also}")
        return config.replace(**overrides) if overrides else config

    def load_scenario(self, path_or_name):
        """The config a scenario file (or a shipped scenario, by name) describes."""
        if self.scenario is None:
            raise ValueError(f"{SCENARIO}={path_or_name}: ruleset {self.name!r} reads no "
                             "scenario files")
        module, _, attr = self.scenario.partition(":")
        return getattr(importlib.import_module(module), attr)(path_or_name, self.config_type)

    def layout_of(self, config) -> Layout:
        """The checked layout under ``config``."""
        layout = self.layout(config)
        layout.check(self.name)
        return layout

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"

    def __reduce__(self):
        """Pickled and copied by name: the registered ruleset of that name (its rules are
        compiled functions, its layout may be a lambda)."""
        return ruleset_named, (self.name,)


RULESETS = "scenegym.envs.rulesets"  # the registry of rulesets by name, by lazy reference


def ruleset_named(name: str) -> Ruleset:
    """The registered ruleset called ``name`` (a ruleset is unpickled in a process where it
    is registered: a built-in one, or one its code registers with ``register_ruleset``)."""
    return importlib.import_module(RULESETS).get_ruleset(name)
