"""Exact odds of each ruleset's rolls, one module per ruleset (see :mod:`scenegym.evaluation.odds_cmd`)."""
