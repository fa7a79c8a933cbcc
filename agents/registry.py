"""Agents by name: ``random``, ``constant``, a ruleset's own agents, or a trained policy file.

A ruleset declares its heuristic agents in its :class:`~scenegym.envs.core.ruleset.Ruleset`
value (``agents``: name -> ``"module:factory"``): ``"heuristic"`` is its default, and names
such as ``"heuristic-adversarial"`` pick a style.
"""

from __future__ import annotations

from pathlib import Path

from scenegym.envs.rulesets import get_ruleset, load, ruleset_names

POLICY_SUFFIXES = (".zip", ".onnx")
# the agents every ruleset has, whatever its own: see make_agent
BLIND = ("random", "constant", "stall")


def agent_names(ruleset: str | None = None) -> tuple[str, ...]:
    """The agent names a ruleset offers (every ruleset's, when ``ruleset`` is None)."""
    names = set(BLIND)
    for name in [ruleset] if ruleset else ruleset_names():
        names.update(get_ruleset(name).agents)
    return tuple(sorted(names))


def make_agent(spec, ruleset: str, seed: int | None = None, config=None, seat=None):
    """An agent from ``spec``: an agent object (returned as is), a name, or a policy path.

    Args:
        spec: ``"random"``, ``"constant"`` (the first legal action), ``"stall"`` (the
            ruleset's delaying actions first: :mod:`scenegym.envs.core.stall`), an agent
            name of the ruleset (``"heuristic"``, ``"heuristic-STYLE"``; see
            :func:`agent_names`), the search (``"mcts:sims=400,rollout=heuristic,c=1.4,
            depth=500"``; :mod:`scenegym.agents.mcts_agent`), a path to a trained policy
            (``.zip`` or ``.onnx``), or any object with an ``act(obs, masks, env_ids)`` method.
        ruleset: Ruleset name.
        seed: Seed of a random agent (``None``: fresh entropy).
        config: The ruleset config the agent plays under (default: the ruleset's default).
        seat: The seat the agent plays (``"crew"``, ``"gm"`` or the header's number); a
            policy file trained for another seat, ruleset or size is refused.
    """
    from scenegym.agents.constant_agent import ConstantAgent  # the agents load numba: here
    from scenegym.agents.mcts_agent import MCTSAgent, is_mcts
    from scenegym.agents.random_agent import RandomAgent

    if hasattr(spec, "act"):
        return spec
    if spec == "random":
        return RandomAgent(seed)
    if spec == "constant":
        return ConstantAgent()
    if spec == "stall":
        from scenegym.envs.core.stall import StallAgent

        return StallAgent(get_ruleset(ruleset), config)
    if is_mcts(spec):
        rs = get_ruleset(ruleset)
        return MCTSAgent.named(spec, rs, rs.default_config() if config is None else config, seed)
    if isinstance(spec, (str, Path)) and Path(spec).suffix in POLICY_SUFFIXES:
        from scenegym.agents.policy import load_policy_agent  # trained policies: train extra

        return load_policy_agent(Path(spec), ruleset, seat, config)
    rs = get_ruleset(ruleset)
    if isinstance(spec, str) and spec in rs.agents:
        return load(rs.agents[spec])(rs.default_config() if config is None else config)
    raise ValueError(f"unknown agent {spec!r} for ruleset {ruleset!r}; allowed: "
                     f"{', '.join(agent_names(ruleset))}, mcts[:KEY=VALUE,...], a .zip or .onnx policy file, or an "
                     "object with act(obs, masks, env_ids)")


TRIVIAL = (*BLIND, "heuristic")


def distinct_agents(ruleset, first=TRIVIAL) -> tuple[str, ...]:
    """``first``, then each other agent the ruleset names, once per distinct agent (a name
    that is another name's agent, such as momentum's ``heuristic-director``, is left out)."""
    names = list(first)
    seen = {ruleset.agents[n] for n in names if n in ruleset.agents}
    for name, ref in ruleset.agents.items():
        if name not in names and ref not in seen:
            names.append(name)
            seen.add(ref)
    return tuple(names)


def seat_players(ruleset, names, seat: str) -> tuple[str, ...]:
    """``names`` less, in the crew seat, the ruleset's GM styles (``Ruleset.gm_styles``),
    whose crew is another agent's."""
    return tuple(n for n in names if seat != "crew" or n not in ruleset.gm_styles)


def __getattr__(name: str):
    """``AGENT_NAMES``, every built-in ruleset's agent names (for help texts), made on first
    use: it loads every ruleset, so importing this module leaves numba unloaded."""
    if name == "AGENT_NAMES":
        globals()[name] = agent_names()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
