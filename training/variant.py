"""The variant a run trains on: the ruleset's config with field overrides, and the GM reward.

``scenegym train`` and ``scenegym selfplay`` take ``--set FIELD=VALUE`` (repeatable) as
``gym.make(id, FIELD=VALUE)`` takes config fields, and ``--gm-reward``; both are checked here
before anything trains, so a bad field or value is one error line naming the field, the
value and what is allowed. Light on purpose: no torch, no Stable-Baselines3.
"""

from __future__ import annotations

from scenegym.common.overrides import parse_overrides
from scenegym.envs.core.gm_rewards import GM_REWARDS
from scenegym.envs.core.validate import check_choice
from scenegym.envs.rulesets import ruleset_of_env


def variant_config(env_id: str, overrides: dict):
    """The ruleset's default config (or ``scenario=PATH``) with ``overrides`` applied, validated."""
    return ruleset_of_env(env_id).make_config(**overrides)


def gm_reward_of(env_id: str, gm_reward: str | None) -> str:
    """``gm_reward``, or the ruleset's default GM reward when it is None."""
    chosen = gm_reward or ruleset_of_env(env_id).default_gm_reward
    check_choice("gm_reward", chosen, GM_REWARDS)
    return chosen


def checked_variant(env_id: str, items, gm_reward: str | None) -> dict:
    """The config overrides of ``--set`` items, refused (ValueError / TypeError) unless the
    config they make and the GM reward are valid."""
    overrides = parse_overrides(items, ruleset_of_env(env_id).config_type)
    variant_config(env_id, overrides)
    gm_reward_of(env_id, gm_reward)
    return overrides


def describe(overrides: dict, gm_reward: str) -> str:
    """One line naming the variant, for summaries."""
    changes = ", ".join(f"{k}={v!r}" for k, v in overrides.items()) or "none"
    return f"config changes: {changes}; GM reward: {gm_reward}"
