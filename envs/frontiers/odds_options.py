"""Frontiers Engine attack roll: exact odds by enumeration, and the engine's own sampling.

An attack with a catalogue ability (``--ability NAME``) rolls the resolution die (d20) plus
the attacker's modifier (``--modifier M``: the ability's attribute modifier and any bonus,
such as Committed Action's) against the target's current Defense (``--defense D``): "a roll
succeeds when d20 + modifiers >= DR (attacks: >= the target's current Defense)" (Frontiers
Engine Beta 2026-1, Resolution; the DR scale is not published, so the Defense is yours to
give). A hit deals the ability's damage dice plus its bonus.

``damage[n]`` is the chance that one attack deals exactly ``n`` (0 on a miss). The exact
figures count every face of the d20 and convolve the damage dice in plain Python with
fractions; the sampled figures play the engine's own attack (:func:`scenegym.envs.frontiers.
actions.attack`) on a one-env state holding that modifier and Defense, so agreement tests
the engine.
"""

from __future__ import annotations

from scenegym.envs.core.odds_options import add_sampling_arguments
from scenegym.envs.frontiers.config import FrontiersConfig

DEFAULT_SAMPLES = 200_000


def add_arguments(parser) -> None:
    """The arguments of ``scenegym odds frontiers``."""
    names = [a.name for a in FrontiersConfig().abilities if a.kind == "attack"]
    parser.add_argument("--ability", required=True, choices=names, metavar="NAME",
                        help=f"the attacking ability ({', '.join(names)})")
    parser.add_argument("--modifier", type=int, required=True,
                        help="added to the d20: attribute modifier and bonuses")
    parser.add_argument("--defense", type=int, required=True,
                        help="the target's current Defense (Physical or Mental, as the "
                             "ability rolls against)")
    add_sampling_arguments(parser, DEFAULT_SAMPLES, "attacks")
