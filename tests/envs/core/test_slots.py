"""Observation layouts: indices follow the declared names; bad declarations are refused."""

import pytest

from scenegym.envs.core.slots import AS_IS, observation_slots, one_hot, per_character


def test_indices_and_scales_follow_the_entries():
    slots = observation_slots(one_hot(("a", "b")) + [("count", 20)] + per_character("pc", 2, [("hp", 5)]))
    assert slots.names == ("a", "b", "count", "pc0_hp", "pc1_hp")
    assert slots.index.count == 2 and slots.index.pc1_hp == 4
    assert slots.scale.count == 20.0 and slots.scale.a == AS_IS and slots.scale.pc0_hp == 5.0


@pytest.mark.parametrize("entries, words", [
    ([("a", 1), ("a", 2)], "distinct identifiers"),
    ([("pc 1", 1)], "distinct identifiers"),
    ([("a", 0)], "'a' has scale 0"),
    ([("a", "max_moves")], "'a' has scale 'max_moves'"),
    ([("a", True)], "'a' has scale True"),
])
def test_bad_layouts_are_refused(entries, words):
    with pytest.raises(ValueError, match=words):
        observation_slots(entries)
