"""Config overrides written as ``FIELD=VALUE`` text (common/overrides.py), as ``report``
arms and the training commands' ``--set`` take them."""

import json

import pytest

from scenegym.common.overrides import from_json, parse_overrides
from scenegym.envs.starforged.config import StarforgedConfig


def test_values_are_literals_or_text_and_make_a_valid_config():
    items = ["clock_by_situation=(4, 4, 4)", "finish_early=False", "rank=dangerous",
             "oracle_rows=((50, 'harm'), (100, 'twice'))"]
    overrides = parse_overrides(items, StarforgedConfig)
    assert overrides == {"clock_by_situation": (4, 4, 4), "finish_early": False,
                         "rank": "dangerous", "oracle_rows": ((50, "harm"), (100, "twice"))}
    config = StarforgedConfig().replace(**overrides)
    assert (config.clock_by_situation, config.rank) == ((4, 4, 4), "dangerous")


@pytest.mark.parametrize("text, value", [("true", True), ("FALSE", False), ("True", True)])
def test_a_bool_field_takes_true_and_false_in_any_case(text, value):
    assert parse_overrides([f"finish_early={text}"], StarforgedConfig) == {"finish_early": value}


def test_a_text_field_keeps_true_as_text():
    assert parse_overrides(["rank=true"], StarforgedConfig) == {"rank": "true"}


def test_overrides_survive_a_json_manifest():
    """A run's manifest is JSON: tuples come back as tuples, so the config accepts them."""
    overrides = {"clock_by_situation": (4, 4, 4), "oracle_rows": ((50, "harm"), (100, "twice")),
                 "max_moves": 5, "finish_early": False}
    back = from_json(json.loads(json.dumps(overrides)))
    assert back == overrides
    StarforgedConfig().replace(**back)


@pytest.mark.parametrize("item, words", [
    ("clocks=4", "'clocks' is not a config field; allowed: stats, momentum_start, "),
    ("rank", "--set 'rank': expected FIELD=VALUE"),
    ("=4", "--set '=4': expected FIELD=VALUE"),
])
def test_items_that_name_no_field_are_refused_with_the_fields(item, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        parse_overrides([item], StarforgedConfig)
