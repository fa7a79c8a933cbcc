"""``mcts``: a Monte-Carlo tree search agent for every ruleset and both seats.

Named ``"mcts"`` or ``"mcts:sims=400,rollout=heuristic,c=1.4,z=0.5"`` wherever an agent
is named (``opponent=`` of the Gymnasium envs, ``--crew`` and ``--gm`` of the commands). The
search itself is compiled and written once against the ruleset contract
(:mod:`scenegym.envs.core.search`: open loop, fresh chance per simulation, UCT selection, a
compiled rollout policy, the episode's crew result as the value). One call searches for
every env waiting on the agent, row after row; decision ``n`` of episode ``k`` of env ``i``
depends only on ``(seed, i, k, n)``, as the random agent's choices do.

The search reads the env's state, not its observation: it is asked through
:func:`scenegym.envs.core.policy.ask` (``act_in``), and a config whose seat observation hides
part of the state (frontiers' simultaneous turns) is refused with the reason. As GM it plays
for the crew's defeat (the adversarial reward), whatever reward the GM seat is paid.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from scenegym.envs.core.batch import fresh_seed
from scenegym.envs.core.kernels import SearchWork, policy_args, search_work
from scenegym.envs.core.policy import RANDOM_LEGAL, blind_policy
from scenegym.envs.rulesets import load

NAME = "mcts"
RANDOM = "random"
OTHERS = ("search", "rollout")
ROOTS = ("uct", "paired")
LOOPS = ("open", "closed")


@dataclass(frozen=True)
class SearchSettings:
    """The search's parameters, from the agent's name.

    Attributes:
        sims: Simulations per decision (at least 1).
        rollout: The policy both seats play below the tree (and whose choice a paired
            root keeps unless beaten): ``"random"`` (uniform among the legal actions) or
            one of the ruleset's compiled agents by name (``"heuristic"``, its default
            agent; or a style such as Momentum's ``"heuristic-adversarial"``).
        c: The UCT exploration constant (above 0), in units of the crew result.
        depth: Decisions per simulation at most, tree and rollout together (at least 1);
            a simulation cut off there is worth what the crew was paid so far.
        expand: The visits a node below the root needs before its own decisions branch
            the tree (at least 1); until then the rollout policy plays from it. ``1`` is
            plain UCT; at ``sims`` only the root branches (flat Monte-Carlo over the rollout
            policy, a one-step policy improvement). The default, 100: in Starforged the
            tree's exploration below the root, averaged over chance, cost the GM more than
            its lookahead gained (at 1,500 simulations against the heuristic crew, 1,000
            scenes: crew win rate 0.406 with ``expand=1``, 0.353 with 100, 0.342 flat; the
            heuristic GM 0.354), while the crew gained from it (0.432 with 100, 0.426 flat).
        other: How the other seat plays inside the tree: ``"search"``, its decisions branch
            the tree too, each seat choosing by UCT for itself (a minimax-like search);
            ``"rollout"``, it plays the rollout policy there as below the tree (a best
            response to that policy).
        root: How the root's actions share the simulations: ``"paired"``, they take
            turns in whole rounds and meet the same dice (the choice: the best mean);
            ``"uct"``, UCT chooses there too (the choice: the most visited).
        z: With ``root=paired``, the standard errors by which an action's gain over the
            rollout policy's choice, measured round by round on the same dice, must be
            above 0 for the search to choose it instead (at least 0; 0: the best mean).
            The default, 0.5: the best of a few means whose true values differ by less
            than their noise is more often worse than the rollout policy's choice than
            better (the winner's curse). In Starforged at 400 simulations, 1,000 scenes
            against the heuristic other seat (crew win rates; the heuristic's: 0.332 in
            either seat), the GM searched to 0.361 with ``z=0`` (worse than the heuristic,
            paired 95% interval of the GM's loss [0.002, 0.056]), 0.335 with 0.5, 0.326
            with 1; the crew to 0.415 with 0, 0.427 with 0.5, 0.389 with 1.
        loop: ``"open"``, a node is the sequence of decisions from the root, whatever the
            dice did (its statistics average over chance, so a decision below the root
            cannot answer the dice it met); ``"closed"``, an action's children are the
            distinct states it led to, so the tree branches on chance and a node below
            the root (the other seat's too) is a state and can answer its dice.
    """

    sims: int = 200
    rollout: str = "heuristic"
    c: float = 1.4
    depth: int = 500
    expand: int = 100
    other: str = "search"
    root: str = "paired"
    z: float = 0.5
    loop: str = "open"

    def __post_init__(self):
        if not isinstance(self.rollout, str) or not self.rollout:
            raise ValueError(f"mcts: rollout must name an agent, got {self.rollout!r}")
        if not isinstance(self.c, (int, float)) or not np.isfinite(self.c) or self.c <= 0:
            raise ValueError(f"mcts: c must be a number above 0, got {self.c!r}")
        if not isinstance(self.z, (int, float)) or not np.isfinite(self.z) or self.z < 0:
            raise ValueError(f"mcts: z must be a number of at least 0, got {self.z!r}")
        if self.root not in ROOTS:
            raise ValueError(f"mcts: root must be one of {', '.join(ROOTS)}, got "
                             f"{self.root!r}")
        if self.loop not in LOOPS:
            raise ValueError(f"mcts: loop must be one of {', '.join(LOOPS)}, got "
                             f"{self.loop!r}")
        if self.other not in OTHERS:
            raise ValueError(f"mcts: other must be one of {', '.join(OTHERS)}, got "
                             f"{self.other!r}")
        for name in ("sims", "depth", "expand"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"mcts: {name} must be an integer of at least 1, got "
                                 f"{value!r}")

    @classmethod
    def parse(cls, spec: str) -> SearchSettings:
        """The settings of an agent name: ``"mcts"`` or ``"mcts:KEY=VALUE,..."``.

        Raises:
            ValueError: Not an mcts name, an unknown or repeated key, or a bad value (the
                message names it and what is allowed).
        """
        name, colon, rest = spec.partition(":")
        if name != NAME or (colon and not rest):
            raise ValueError(f"{spec!r} is no mcts agent name: 'mcts' or "
                             "'mcts:sims=400,rollout=heuristic,c=1.4,depth=500,z=0.5'")
        allowed = {f.name: f.type for f in fields(cls)}
        given: dict = {}
        for item in rest.split(",") if rest else ():
            key, eq, value = (part.strip() for part in item.partition("="))
            if key not in allowed or not eq:
                raise ValueError(f"mcts: {item!r} is not KEY=VALUE with KEY among "
                                 f"{', '.join(allowed)}")
            if key in given:
                raise ValueError(f"mcts: {key} is given twice")
            given[key] = parse_value(key, value, allowed[key])
        return cls(**given)


def parse_value(key: str, value: str, kind: str):
    """``value`` of field ``key`` as its ``kind`` (``"int"``, ``"float"`` or ``"str"``)."""
    try:
        return int(value) if kind == "int" else float(value) if kind == "float" else value
    except ValueError:
        raise ValueError(f"mcts: {key} must be {'an integer' if kind == 'int' else 'a number'}"
                         f", got {value!r}") from None


def rollout_policy(ruleset, config, name: str):
    """The compiled policy both seats play below the tree: ``"random"`` (uniform among the
    legal actions) or one of the ruleset's own agents (``ruleset.agents``, compiled).

    Raises:
        ValueError: No such agent, or one that is not compiled (the message names the
            names allowed).
    """
    if name == RANDOM:
        return blind_policy(RANDOM_LEGAL)
    if name not in ruleset.agents:
        raise ValueError(f"mcts: rollout must be one of {', '.join((*ruleset.agents, RANDOM))}"
                         f" for {ruleset.name}, got {name!r}")
    compiled = getattr(load(ruleset.agents[name])(config), "compiled", None)
    if compiled is None:
        raise ValueError(f"mcts rollout={name} needs a compiled agent, and {ruleset.name}'s "
                         f"is not compiled; allowed: rollout={RANDOM}")
    return compiled


def is_mcts(spec) -> bool:
    """Whether ``spec`` names the search agent."""
    return isinstance(spec, str) and spec.partition(":")[0] == NAME


class MCTSAgent:
    """The search agent (see module docstring).

    Args:
        ruleset: The game.
        config: The config it plays under (the batches it acts in must have it).
        settings: The search's parameters.
        seed: Seed of its stream (``None``: fresh entropy).

    Raises:
        ValueError: The config hides part of the state from a seat (the reason is given).
    """

    def __init__(self, ruleset, config, settings: SearchSettings, seed: int | None = None):
        reason = ruleset.hidden_reason(config)
        if reason:
            raise ValueError(f"mcts searches the whole state, which a seat may not see under "
                             f"this {ruleset.name} config: {reason}")
        self.ruleset, self.config, self.settings = ruleset, config, settings
        self.seed = int(fresh_seed() if seed is None else seed)
        rollout = rollout_policy(ruleset, config, settings.rollout)
        self._search = ruleset.search_with(rollout, rollout)
        self._policy = policy_args(rollout, rollout)
        self._work = search_work(ruleset.layout_of(config), settings.sims)

    @classmethod
    def named(cls, spec: str, ruleset, config, seed: int | None = None) -> MCTSAgent:
        """The agent an ``mcts`` name describes."""
        return cls(ruleset, config, SearchSettings.parse(spec), seed)

    def act_in(self, batch, idx: np.ndarray) -> np.ndarray:
        """The searched action of each env ``idx`` of ``batch`` (a scene batch), whose
        pending decision is this agent's.

        Raises:
            ValueError: The batch is of another ruleset or config.
        """
        if batch.ruleset is not self.ruleset or batch.config != self.config:
            raise ValueError(f"mcts was made for {self.ruleset.name} under one config and "
                             f"asked to act in a {batch.ruleset.name} batch of another")
        rows = np.ascontiguousarray(batch.state[idx])
        out = np.zeros(len(rows), np.int64)
        s = self.settings
        return self._search(rows, batch.params, np.ascontiguousarray(batch.env_ids[idx]),
                            np.uint64(self.seed), s.sims, float(s.c), s.depth,
                            s.expand, OTHERS.index(s.other), ROOTS.index(s.root),
                            float(s.z), LOOPS.index(s.loop), self._policy,
                            self._work, out)

    def simulated_decisions(self) -> int:
        """The decisions simulated inside the search (tree and rollout) since the agent was
        made: the search's own engine work."""
        return int(self._work[SearchWork._fields.index("steps")][0])

    def act(self, obs, masks, env_ids=None, **_):
        """Refused: the search reads the state, so it acts through a batch (``act_in``)."""
        raise TypeError("mcts searches the env's state, not an observation: play it as an "
                        "opponent, a playtest or baselines agent, or call act_in(batch, idx)")
