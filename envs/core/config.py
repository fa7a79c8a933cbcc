"""What every ruleset config shares: copying with changes, listing its fields, choice fields.

A *choice* field holds one of a fixed tuple of allowed values (``situation="equal"``). It is
declared once, with :func:`choice`: that declaration validates it
(:meth:`RulesetConfig.check_choices`) and makes its kernel parameter the value's index in the
tuple (:mod:`scenegym.envs.core.params`). A field the kernels cannot read as it is (rows
mixing numbers and names, say) is declared with :func:`not_a_param`; the ruleset computes the
kernel parameters it needs from it.

A ruleset whose config reads designer's scenario files (a file of content and config fields)
overrides :meth:`RulesetConfig.apply_scenario`; ``replace(scenario=PATH, ...)`` then applies
the file before the other changes, and ``scenario`` is one of :meth:`RulesetConfig.option_names`,
so every place that takes config fields by name (``gym.make`` keywords, ``--set``, report
arms, sweeps) takes a scenario file too.
"""

from __future__ import annotations

from dataclasses import Field, field, fields, replace

from scenegym.envs.core.validate import check_choice

SCENARIO = "scenario"  # the option naming a scenario file (not a field: its fields are applied)
CHOICES = "choices"  # field metadata: the allowed values of a choice field
NOT_A_PARAM = "not_a_param"  # field metadata: the kernels do not read this field as it is


def choice(allowed: tuple, default) -> Field:
    """A config field holding one of ``allowed``; its kernel parameter is the value's index."""
    if not isinstance(allowed, tuple) or default not in allowed:
        raise ValueError(f"a choice field needs a tuple of allowed values holding its default "
                         f"{default!r}, got {allowed!r}")
    return field(default=default, metadata={CHOICES: allowed})


def not_a_param(default) -> Field:
    """A config field the kernels do not read as it is (the ruleset converts it)."""
    return field(default=default, metadata={NOT_A_PARAM: True})


class RulesetConfig:
    """Mixin for a ruleset's frozen config dataclass."""

    reads_scenarios = False  # True when apply_scenario is implemented

    def replace(self, **changes):
        """A copy with ``changes`` applied (and validated); ``scenario=PATH`` applies that
        scenario file's fields first (see :meth:`apply_scenario`)."""
        if SCENARIO in changes:
            changes = dict(changes)
            return self.apply_scenario(changes.pop(SCENARIO)).replace(**changes)
        return replace(self, **changes)

    def apply_scenario(self, path):
        """A copy with every field a scenario file sets; refused for this ruleset."""
        raise ValueError(f"{type(self).__name__} reads no scenario files (option "
                         f"{SCENARIO!r}); give config fields instead")

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """Names of every config field."""
        return tuple(f.name for f in fields(cls))

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """What may be given by name: every field, and ``scenario`` when it reads them."""
        return cls.field_names() + ((SCENARIO,) if cls.reads_scenarios else ())

    def check_choices(self) -> None:
        """Refuse a choice field whose value is not one of its allowed values."""
        for f in fields(self):
            if CHOICES in f.metadata:
                check_choice(f.name, getattr(self, f.name), f.metadata[CHOICES])
