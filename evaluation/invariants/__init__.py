"""Invariants each ruleset declares for ``scenegym soak`` (``Ruleset.invariants``)."""
