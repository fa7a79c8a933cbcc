"""``scenegym odds TARGET ...``: exact odds of a ruleset's core rolls beside the engine's sampling.

Each ruleset names its odds module in its ``Ruleset`` value (``odds``); the module provides
``add_arguments(parser)`` and ``compute(args) -> dict``. The parser is built from each
ruleset's options module (:func:`scenegym.envs.rulesets.odds_options`: a built-in's light
module, so ``--help`` loads no rules); ``run`` imports the odds module. The dict holds at least
``{"exact": {key: p}, "sampled": {key: p}, "samples": n}``; ``"z"`` (per key) and ``"roll"``
(a one-line description) are printed when present. A table of another shape (momentum's
``--spends``) comes as its own text, ``"lines"``, printed instead (and left out of ``--json``).
"""

from __future__ import annotations

import importlib
import json
import sys

from scenegym.common import options
from scenegym.common.text import summary
from scenegym.envs.rulesets import get_ruleset, odds_options

SHARED = ("seed",)  # roll options a ruleset's odds module adds that are the vocabulary's own


def add_parser(subparsers) -> None:
    """Add ``odds`` with one sub-command per ruleset that has an odds module; each ruleset's
    env ids name it too (``scenegym odds scenegym/MomentumScene-v1 ...``)."""
    parser = subparsers.add_parser(
        "odds", help="exact odds of a ruleset's rolls, with the engine's sampled frequencies",
        description=summary(__doc__))
    rulesets = parser.add_subparsers(dest="ruleset", required=True, metavar="TARGET")
    for name, (options_module, ids) in odds_options().items():
        module = importlib.import_module(options_module)
        sub = rulesets.add_parser(name, aliases=ids, help=summary(module.__doc__),
                                  description=module.__doc__)
        module.add_arguments(RollOptions(sub))
        options.add(sub, "json")
        sub.set_defaults(run=run, ruleset=name)


class RollOptions:
    """The parser a ruleset's odds module adds its roll options to (``--pool``, ``--stat``):
    an option of the shared vocabulary (``--seed``) is added as :mod:`scenegym.common.options`
    defines it, whatever help the module gives; the others are the ruleset's own (marked
    ``ruleset_local``)."""

    def __init__(self, parser):
        self.parser = parser

    def add_argument(self, *flags, **kwargs):
        shared = [key for key in SHARED if options.OPTIONS[key].flag in flags]
        if shared:
            return options.add_one(self.parser, shared[0])
        action = self.parser.add_argument(*flags, **kwargs)
        action.ruleset_local = True
        return action

    def add_mutually_exclusive_group(self, **kwargs):
        return RollOptions(self.parser.add_mutually_exclusive_group(**kwargs))

    def __getattr__(self, name):
        return getattr(self.parser, name)


def run(args) -> int:
    """Compute the odds and print them as a table or as JSON."""
    module = importlib.import_module(get_ruleset(args.ruleset).odds)
    try:
        result = module.compute(args)
    except ValueError as err:
        print(f"scenegym odds {args.ruleset}: error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if k != "lines"}, indent=2))
    else:
        print("\n".join(result.get("lines") or format_odds(result)))
    return 0


def flat(figures: dict) -> dict:
    """The figures with each list entry as its own key: ``successes[2]``."""
    out = {}
    for key, value in figures.items():
        if isinstance(value, list):
            out.update({f"{key}[{k}]": v for k, v in enumerate(value)})
        else:
            out[key] = value
    return out


def format_odds(result: dict) -> list[str]:
    """Plain-text table: a row per key with the exact and sampled probability and z."""
    lines = [result["roll"]] if "roll" in result else []
    lines.append(f"samples: {result['samples']}")
    z = result.get("z", {})
    exact, sampled = flat(result["exact"]), flat(result["sampled"])
    width = max(len(key) for key in exact) + 2
    lines.append(f"{'':<{width}} {'exact':>9} {'sampled':>9} {'z':>7}")
    for key, p in exact.items():
        zk = f"{z[key]:+7.2f}" if key in z else ""
        lines.append(f"{key:<{width}} {p:9.5f} {sampled[key]:9.5f} {zk}")
    return lines
