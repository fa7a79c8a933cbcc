"""Exact odds of each ruleset's rolls, one module per ruleset (see :mod:`evaluation.odds_cmd`)."""
