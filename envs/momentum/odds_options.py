"""Momentum roll: exact odds by enumeration, and the engine's own sampling.

The roll is this project's decision (``docs/rules/momentum.md``, "The roll").

A pool of ``--pool`` d6 (an optional Willpower ``--upgrade`` sets one of them to 6) plus
``--risk`` risk dice; pool dice of 5-6 are successes, 6s also critical faces; a risk die
showing 1 is a hit. Met difficulty with no hit: Critical Success with two or more 6s, else
Success; met with one hit: Costly Success; two or more hits, or one hit and not met:
Critical Failure; not met and no hit: Failure. ``--opponent-dice Q`` makes it an active contest
against a pool of Q dice (net successes; net 0 is a Costly Success; losing to an opponent's
two 6s is a Critical Failure). ``--press`` adds a Press's dice (its own hit face). Every
number comes from the ruleset's config.

``--spends`` prints instead, per Risk 0..6 and pool size (``--pool``, else 1..8), the exact
expected Momentum change of a roll and its bad-result chances three ways: as it stands, with a
Press and with a Brace (see :func:`spend_rows`).

The exact figures count outcomes by category, not by face: every pool die is a miss, a
plain success or a critical face and every risk die a hit or not, independently, so the
chance of (plain successes, criticals) is multinomial and that of hits binomial; the table
is then read here in plain Python (independently of the engine). The sampled figures roll
the engine's own dice through the engine's own roll functions (:mod:`scenegym.envs.momentum.roll`).
"""

from __future__ import annotations

from scenegym.envs.core.odds_options import add_sampling_arguments

DEFAULT_SAMPLES = 200_000


def add_arguments(parser) -> None:
    """The arguments of ``scenegym odds momentum``."""
    parser.add_argument("--pool", type=int, default=None,
                        help="pool dice (Ability + Skill); with --spends, the only pool shown")
    parser.add_argument("--risk", type=int, default=None,
                        help="risk dice (0 safe .. 4 mortal); needed without --spends")
    parser.add_argument("--press", action="store_true",
                        help="a Press: its risk dice join the roll, each a hit at the Press's face")
    parser.add_argument("--spends", action="store_true",
                        help="per Risk 0..6 and pool: the expected Momentum change and the bad "
                             "results, as it stands, with a Press and with a Brace")
    parser.add_argument("--difficulty", type=int, default=None,
                        help="successes needed (default: the config's, 1)")
    parser.add_argument("--press-hit-momentum", type=int, default=None,
                        help="Momentum a Press die that hits loses (default: the config's, 1; "
                             "0: the old dice)")
    parser.add_argument("--press-ruin-risk", type=int, default=None,
                        help="at this Risk of the roll or above a Press die that hits loses "
                             "all Momentum (default: the config's, 5; 0: never)")
    parser.add_argument("--upgrade", action="store_true",
                        help="a Willpower upgrade: one pool die is set to 6 before rolling")
    parser.add_argument("--opponent-dice", type=int, default=None,
                        help="an active contest against this many opponent dice")
    add_sampling_arguments(parser, DEFAULT_SAMPLES)
