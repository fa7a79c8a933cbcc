"""The options every ruleset's ``scenegym odds`` shares: how many engine rolls to sample and
their seed (each ruleset's ``odds_options`` adds its own before them)."""

from __future__ import annotations


def add_sampling_arguments(parser, default: int, what: str = "rolls") -> None:
    """``--samples`` (``default`` engine ``what`` to sample) and ``--seed``."""
    parser.add_argument("--samples", type=int, default=default,
                        help=f"engine {what} to sample ({default})")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the sampled rolls (default: fresh entropy)")
