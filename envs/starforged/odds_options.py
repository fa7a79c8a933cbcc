"""Starforged action and progress rolls: exact odds by enumeration, and the engine's own sampling.

Action roll (``--stat``): one action die + stat + adds, capped at the score cap, against two
challenge dice. Beat both: strong hit; one: weak hit; neither: miss; a match is both
challenge dice equal. Negative momentum whose absolute value equals the action die cancels
the die. ``--burn``: burn momentum whenever that improves the result (positive momentum
replaces the score). Progress roll (``--progress``): the full boxes are the score; momentum
neither burns nor cancels. Source: Ironsworn: Starforged (Shawn Tomkin, 2022), the action
roll and progress rolls, as ``docs/rules/starforged.md`` states them.

The exact figures enumerate every face (action die x challenge die x challenge die) here, in
plain Python; the sampled figures roll the engine's dice through the engine's own rule
functions (:mod:`scenegym.envs.starforged.rules`), so agreement tests the engine.
"""

from __future__ import annotations

from scenegym.envs.core.odds_options import add_sampling_arguments

DEFAULT_SAMPLES = 200_000


def add_arguments(parser) -> None:
    """The arguments of ``scenegym odds starforged``."""
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--stat", type=int, help="action roll with this stat (0..5 by default)")
    which.add_argument("--progress", type=int, help="progress roll with this many full boxes")
    parser.add_argument("--adds", type=int, default=None, help="adds of the action roll (0)")
    parser.add_argument("--momentum", type=int, default=None,
                        help="momentum at the roll (default: the config's starting momentum)")
    parser.add_argument("--burn", action="store_true",
                        help="burn momentum whenever it improves the result")
    add_sampling_arguments(parser, DEFAULT_SAMPLES)
