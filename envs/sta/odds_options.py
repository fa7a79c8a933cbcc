"""Star Trek Adventures task roll: exact odds by enumeration, and the engine's own sampling.

A pool of ``--dice`` d20 against target number ``--target`` (attribute + department): each
die at or under it is a success; with a focus (``--focus F``: the department rating F) each
die at or under F is a critical worth two successes, without a focus only a natural 1 is; a
die in the top ``--complication-range`` faces causes a complication. The task succeeds when
the successes reach ``--difficulty`` (0: it always succeeds). Source: Star Trek Adventures
2nd edition core rulebook, task rules.

``successes[k]`` is the chance of exactly k successes. The exact figures convolve the
distribution of one die (every face counted) over the pool, here in plain Python with
fractions; the sampled figures roll the engine's dice through the engine's own task
functions (:mod:`scenegym.envs.sta.task`), so agreement tests the engine.
"""

from __future__ import annotations

from scenegym.envs.core.odds_options import add_sampling_arguments

DEFAULT_SAMPLES = 200_000


def add_arguments(parser) -> None:
    """The arguments of ``scenegym odds sta``."""
    parser.add_argument("--target", type=int, required=True,
                        help="target number: attribute + department")
    parser.add_argument("--dice", type=int, required=True, help="d20s rolled (2..5)")
    parser.add_argument("--focus", type=int, default=None,
                        help="a focus applies, with this department rating (0..5)")
    parser.add_argument("--difficulty", type=int, default=1, help="Difficulty 0..5 (1)")
    parser.add_argument("--complication-range", type=int, default=1,
                        help="complication range 1..5 (1: a 20)")
    add_sampling_arguments(parser, DEFAULT_SAMPLES)
