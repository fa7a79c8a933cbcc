"""Prone: how a character falls prone (the seed's words) and what it does (config fields).

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1): "Gaining a Wound" ("The
character falls prone."), "Maximum Fatigue" ("They fall prone.") and "Unconscious State
(Engine Definition)" ("Falls prone."). The seed gives prone no effect of its own ("unless
defined by a system built on top of Frontiers"): ``prone_stand_mp`` (MP paid to stand up at
the start of the participant's Turn) and ``prone_defense_change`` (added to a prone
participant's Physical Defense) are the interpretations, both 0 (no effect) by default.
Unless said otherwise: a vanguard (PC 0, Unit 0; Vigor +3) against brutes (Physical Defense
12) under Fixed Momentum.
"""

import pytest

from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig
from scenegym.envs.frontiers.observation import SLOT

E0 = st.MAX_PCS


def test_fatigue_past_the_maximum_knocks_out_and_leaves_prone(encounter, config, ab):
    """Maximum Fatigue: "They immediately fall Unconscious. They fall prone." Mystic: maximum
    Fatigue 1 + Resolve 3 = 4; an Overspend roll of 1 (odd) adds the fourth."""
    e = encounter(config(party=("mystic",)), dice=[1, 1])
    e.set("fatigue", 0, 3)
    e.set("energy", 0, 1)
    e.use(ab.spike, E0)
    assert [e.get(f, 0) for f in ("fatigue", "down", "prone")] == [4, 1, 1]
    assert e.batch.obs[0, SLOT.c0_prone] == 1.0


@pytest.mark.parametrize("cost, mp", [(0, 4), (2, 2), (6, 0)])
def test_a_prone_participant_stands_at_its_turn_paying_prone_stand_mp(encounter, config, ab,
                                                                       cost, mp):
    """Unconscious at 0 HP, the vanguard "falls prone" (Gaining a Wound); healed, it wakes
    ("Regaining eligibility to act immediately ends the Unconscious state") but is still
    prone; at the start of its next Turn it stands, paying ``prone_stand_mp`` of its 3 +
    Finesse 1 MP (not below 0). Order: vanguard (MV 5), mystic (MV 6, Finesse 12), brute."""
    e = encounter(config(party=("vanguard", "mystic"), pc_units=(1, 1, 0, 0),
                         enemy_units=(5, 5, 5, 5), prone_stand_mp=cost), dice=[3])
    e.play(st.A_END)
    for field, value in (("hp", 0), ("wounds", 1), ("down", 1), ("prone", 1)):
        e.set(field, 0, value)  # as "When reduced to 0 HP" leaves it (test_rules)
    e.use(ab.mend, 0)
    assert [e.get(f, 0) for f in ("hp", "down", "prone")] == [5, 0, 1]
    e.play(st.A_END, st.A_END)
    assert (e.get("active"), e.get("prone", 0), e.get("mp", 0)) == (0, 0, mp)
    assert e.notes(st.NOTE_STAND) == [(0, 0, 0)]


@pytest.mark.parametrize("change, hit", [(0, False), (-2, True)])
def test_prone_changes_physical_defense_by_prone_defense_change(encounter, config, ab,
                                                                 change, hit):
    """The brute at 0 HP "falls prone" with 1 Wound: Defense 12 - 2 = 10, plus
    ``prone_defense_change``; the second strike rolls 5 + Vigor 3 = 8."""
    e = encounter(config(enemies_min=2, enemies_max=2, prone_defense_change=change),
                  dice=[20, 3, 5, 3])
    e.set("hp", E0, 2)
    e.use(ab.strike, E0)
    assert (e.get("prone", E0), e.get("wounds", E0)) == (1, 1)
    e.use(ab.strike, E0)
    assert e.get("last_hit") == int(hit)


@pytest.mark.parametrize("fields, message", [
    ({"prone_stand_mp": -1}, "'prone_stand_mp' is -1; allowed: 0..10"),
    ({"prone_defense_change": 30}, "'prone_defense_change' is 30; allowed: -20..20"),
])
def test_bad_prone_fields_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        FrontiersConfig(**fields)
