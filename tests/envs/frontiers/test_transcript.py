"""A Frontiers transcript reads like the table's account of the encounter."""

from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.ruleset import FRONTIERS

E0 = st.MAX_PCS


def test_transcript_tells_the_strike_its_dice_and_the_end(encounter, config, ab):
    e = encounter(config(), dice=[20, 3])
    e.set("hp", E0, 3)
    e.use(ab.strike, E0)
    lines = FRONTIERS.transcript(e.events, e.batch.config)
    assert lines[-1] == ("crew: target E0; PC0 declares ability 0 on E0; PC0 AP 3 -> 2; "
                         "attack d20 20; PC0 vs E0: 23, hit; damage 3; E0 HP 3 -> 0; "
                         "E0 Wounds 0 -> 1; E0 AP 3 -> 0; E0 MP 3 -> 0; E0 falls Unconscious; "
                         "PC0 AP 2 -> 0; PC0 MP 4 -> 0; PC0's Turn ends; "
                         "encounter 1 ends (all enemies down): +1; "
                         "Encounter over: all enemies down")
