"""``--agents``: a comparison played again under several pairings, its conclusions checked
against agent strength (``report``, ``variants`` and ``sweep``).

A pairing is one agent for both seats (``heuristic``, ``mcts:sims=200``) or ``CREW/GM``.
Every pairing plays the same rows (arms, variants or sweep points) on the same scenes; each
row's difference from the base row is classed by its paired 95% interval: ``up`` (above 0),
``down`` (below 0) or ``none`` (holding 0). A difference whose class is not the same under
every pairing (its sign or its significance changes) is a flip, flagged ``⚑`` in the tables
(and so in the HTML page) and listed with its classes. A row the pairing's agents cannot play
(the search refuses a config that hides part of the state from a seat) is shown as refused,
with the reason; a pairing that cannot play the base row is refused before any scene.
"""

from __future__ import annotations

FLAG = "⚑"
SEATS = ("crew", "gm")


def pairing_agents(spec: str) -> tuple[str, str]:
    """``heuristic`` -> both seats; ``heuristic/random`` -> (crew, GM)."""
    crew, sep, gm = spec.partition("/")
    if not crew or (sep and not gm):
        raise ValueError(f"--agents {spec!r}: expected AGENT or CREW/GM")
    return crew, gm if sep else crew


def refusals(ruleset: str, pairings: list[str], configs: dict) -> dict:
    """``{pairing: {row: reason}}``: the rows each pairing's agents refuse to play.

    Args:
        ruleset: The game.
        pairings: The ``--agents`` specs.
        configs: ``{row: config}``, the base row first.

    Raises:
        ValueError: A pairing is malformed or given twice, names an unknown agent, or
            cannot play the base row (nothing would pair with it).
    """
    from scenegym.agents import make_agent

    if len(set(pairings)) != len(pairings):
        raise ValueError("--agents: a pairing is given twice")
    base = next(iter(configs))
    found = {}
    for spec in pairings:
        agents = dict(zip(SEATS, pairing_agents(spec)))
        for seat, agent in agents.items():  # a bad name or the base refused: the whole run
            make_agent(agent, ruleset, 0, configs[base], seat=seat)
        found[spec] = {}
        for row, config in list(configs.items())[1:]:
            for seat, agent in agents.items():
                try:
                    make_agent(agent, ruleset, 0, config, seat=seat)
                except ValueError as err:
                    found[spec][row] = f"{seat} {agent}: {err}"
                    break
    return found


def change_class(d: dict) -> str:
    """``up``, ``down`` or ``none``: where the paired 95% interval lies against 0."""
    lo, hi = d["paired_ci"]
    return "up" if lo > 0 else ("down" if hi < 0 else "none")


def flips(changes: dict) -> dict:
    """``{(row, statistic): {pairing: class}}`` of the differences whose class is not the
    same under every pairing that played the row.

    Args:
        changes: ``{pairing: {row: {statistic: paired difference}}}`` (see
            :func:`scenegym.evaluation.paired.paired_difference`).
    """
    rows = dict.fromkeys(row for table in changes.values() for row in table)
    found = {}
    for row in rows:
        played = {p: table[row] for p, table in changes.items() if row in table}
        for stat in next(iter(played.values())):
            classes = {p: change_class(d[stat]) for p, d in played.items()}
            if len(set(classes.values())) > 1:
                found[row, stat] = classes
    return found


def flagged(text: str, row: str, statistic: str, flipped) -> str:
    """``text``, marked ⚑ when ``(row, statistic)`` flips between pairings."""
    return f"{text} {FLAG}" if (row, statistic) in flipped else text


def flips_lines(flipped: dict, pairings, row_name: str, label=str) -> list[str]:
    """The markdown section listing the flips: a row per flipped difference, its class
    under each pairing (``-``: not played under it)."""
    lines = ["", "## Changes that flip between pairings", ""]
    if not flipped:
        return lines + ["None: every change has the same class (up, down, or none) under every "
                        "pairing."]
    lines += [f"| {row_name} | statistic | " + " | ".join(pairings) + " |",
              "|---|---|" + "---|" * len(pairings)]
    for (row, stat), classes in flipped.items():
        lines.append(f"| {row} | {label(stat)} | "
                     + " | ".join(classes.get(p, "-") for p in pairings) + " |")
    return lines


def refused_lines(refused: dict) -> list[str]:
    """One line per row the pairing's agents did not play, with the reason."""
    if not refused:
        return []
    return ["", *(f"- **{row}**: refused, not played under this pairing: {reason}"
                  for row, reason in refused.items())]


def flips_json(flipped: dict, row_name: str) -> list[dict]:
    """The flips as JSON records."""
    return [{row_name: row, "statistic": stat, "classes": classes}
            for (row, stat), classes in flipped.items()]
