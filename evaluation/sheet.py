"""What a player at the table sees: the pending seat's observation, decoded by its slot names.

A slot's quantity is its value times its scale (the ruleset's ``layout.observation_scales``):
``momentum 0.25`` of scale 20 reads ``momentum 5``. Slots of one character (``pc0_wounds``,
``npc2_pool``) make one line of that character's sheet; a character whose every slot is 0
(not in the scene) is left out. Flags of a one-hot group that are off are left out too.
"""

from __future__ import annotations

import re
from collections import defaultdict

import numpy as np

_CHARACTER = re.compile(r"^([a-z]+\d+)_(.+)$")  # pc0_wounds -> ("pc0", "wounds")
COLUMNS = 3
WIDTH = 30


def quantity(value: float, scale: float) -> str:
    """The slot's quantity as text: a whole number when it is one, else two decimals."""
    q = float(value) * scale
    return str(int(round(q))) if abs(q - round(q)) < 1e-4 else f"{q:.2f}"


def decoded(layout, obs: np.ndarray) -> list[tuple[str, str, float]]:
    """``(name, quantity text, value)`` per slot."""
    scales = layout.observation_scales or (1.0,) * layout.obs_size
    return [(name, quantity(v, s), float(v))
            for name, v, s in zip(layout.observation_names, obs, scales)]


def one_hot_groups(names) -> set[str]:
    """Names in a group of slots that share a prefix ending in ``_`` (``phase_move``)."""
    prefixes = defaultdict(list)
    for name in names:
        if "_" in name:
            prefixes[name.split("_", 1)[0]].append(name)
    return {n for group in prefixes.values() if len(group) > 2 for n in group}


def sheet(layout, obs: np.ndarray) -> list[str]:
    """Lines of the table: the scene's slots in columns, then one line per character."""
    general, characters = [], defaultdict(list)
    grouped = one_hot_groups(layout.observation_names)
    for name, text, value in decoded(layout, obs):
        who = _CHARACTER.match(name)
        if who:
            characters[who[1]].append((who[2], text, value))
        elif not (name in grouped and value == 0.0):
            general.append(f"{name} {text}")
    lines = ["".join(cell.ljust(WIDTH) for cell in general[k:k + COLUMNS]).rstrip()
             for k in range(0, len(general), COLUMNS)]
    for who, slots in characters.items():
        if any(value != 0.0 for _, _, value in slots):
            lines.append(f"{who}: " + ", ".join(f"{name} {text}" for name, text, _ in slots))
    return lines


def legal_actions(layout, mask: np.ndarray) -> list[str]:
    """``  N  name`` per legal action."""
    return [f"  {a:>3}  {layout.action_names[a]}" for a in np.flatnonzero(mask)]
