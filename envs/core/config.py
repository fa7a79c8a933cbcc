"""What every ruleset config shares: copying with changes, listing its fields, choice fields.

A *choice* field holds one of a fixed tuple of allowed values (``situation="equal"``). It is
declared once, with :func:`choice`: that declaration validates it
(:meth:`RulesetConfig.check_choices`) and makes its kernel parameter the value's index in the
tuple (:mod:`scenegym.envs.core.params`). A field the kernels cannot read as it is (rows
mixing numbers and names, say) is declared with :func:`not_a_param`; the ruleset computes the
kernel parameters it needs from it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import Field, field, fields, replace
from typing import Any, ClassVar

from scenegym.envs.core.validate import check_choice

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

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # for type checkers: a dataclass

    def replace(self, **changes):
        """A copy with ``changes`` applied (and validated)."""
        return replace(self, **changes)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """Names of every config field."""
        return tuple(f.name for f in fields(cls))

    def check_choices(self) -> None:
        """Refuse a choice field whose value is not one of its allowed values."""
        for f in fields(self):
            if CHOICES in f.metadata:
                check_choice(f.name, getattr(self, f.name), f.metadata[CHOICES])


def config_digest(config) -> str:
    """A short digest of every field of a ruleset config (what a policy file and an env's
    ``metadata["config_digest"]`` record)."""
    text = json.dumps(dataclasses.asdict(config), sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
