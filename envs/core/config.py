"""What every ruleset config shares: copying with changes, and listing its fields."""

from __future__ import annotations

from dataclasses import fields, replace


class RulesetConfig:
    """Mixin for a ruleset's frozen config dataclass."""

    def replace(self, **changes):
        """A copy with ``changes`` applied (and validated)."""
        return replace(self, **changes)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """Names of every config field."""
        return tuple(f.name for f in fields(cls))
