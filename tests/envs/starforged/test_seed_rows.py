"""Rows of the Starforged scene challenge that no other test checked, one scripted test each.

Sources: Ironsworn: Starforged (Shawn Tomkin, 2022): the "Scene Challenge Moves" (Face
Danger, Finish the Scene), the rulebook's progress tracks and the suffer move Endure Stress,
as this project's design notes ("RULES.md" section 2) and the rules page ``docs/rules/starforged.md`` state them
(quoted as "Rules page"). Dice are scripted in the order the rules roll them: a scene move's
action die and two challenge dice, Finish the Scene's two challenge dice, an Endure roll's
action die and two challenge dice. The default character has edge 3, heart 2, iron 2,
shadow 1, wits 1 and momentum +2.
"""

import pytest

from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig

FD_EDGE = st.A_FACE_DANGER + 0  # Face Danger +edge (3)
MISS_DICE = [1, 7, 9]            # 1 + 3 = 4 against 7 and 9: a miss momentum +2 cannot improve


@pytest.mark.parametrize("rank, once", [("extreme", 2), ("epic", 1)])
@pytest.mark.parametrize("challenge, times", [([2, 3], 1), ([4, 4], 2)])
def test_mark_progress_at_extreme_and_epic_rank(scene, rank, once, challenge, times):
    """Ironsworn: Starforged, progress tracks, and "Face Danger (Scene Challenge)": "On a
    strong hit, you are successful and mark progress. On a strong hit with a match, mark
    progress twice." Rules page, "Progress": "Mark progress fills, by rank: troublesome 12
    ticks, dangerous 8, formidable 4, extreme 2, epic 1 [ticks_by_rank]; "twice" doubles
    it" (RULES.md section 2, the same row). 6 + edge 3 = 9 beats both challenge dice."""
    s = scene(StarforgedConfig(rank=rank), dice=[6, *challenge])
    assert s.get("mark_ticks") == once
    s.play(FD_EDGE)
    assert s.fields("progress", "clock") == {"progress": once * times, "clock": 0}


def test_progress_is_clamped_at_the_end_of_the_track(scene):
    """Ironsworn: Starforged, "Face Danger (Scene Challenge)": "On a strong hit with a match,
    mark progress twice." and "Finish the Scene": "When the scene challenge tension clock or
    progress track is filled ... roll the challenge dice and compare to your progress."
    Rules page, "Progress": "Progress track: 10 boxes x 4 ticks ... clamp at 40". 36 ticks
    and twice 4: the track holds 40, not 44, and the full track forces Finish the Scene
    (10 boxes against 9 and 8)."""
    s = scene(dice=[6, 4, 4, 9, 8], progress=36)
    assert s.play(FD_EDGE) == (1.0, True, False)
    assert s.get("progress") == 40
    assert s.notes(st.NOTE_FINISH) == [(st.FINISH_TRACK_FULL, 10, 0)]
    assert s.outcomes()[-1] == (st.STRONG_HIT, 10, st.ROLL_PROGRESS, 0)


def test_endure_stress_beyond_zero_comes_off_momentum(scene):
    """Ironsworn: Starforged, "Face Danger (Scene Challenge)": "On a miss ... Fill a clock
    segment and Pay the Price."; the suffer move Endure Stress. Rules page, "The suffer
    moves": "Endure Stress (spirit, +spirit or +heart) ... Harm or stress beyond 0 comes off
    momentum." 3 stress at spirit 1: spirit 0 and the 2 beyond it off momentum (+2 -> 0);
    then the roll at 0, +heart 2: 4 + 2 = 6 against 2 and 9, a weak hit (press on)."""
    s = scene(StarforgedConfig(price_stress=3), dice=MISS_DICE + [4, 2, 9], spirit=1)
    s.play(FD_EDGE, st.A_PRICE + st.ENDURE_STRESS)
    assert s.fields("spirit", "momentum", "shaken") == {"spirit": 0, "momentum": 0,
                                                        "shaken": 0}
    assert s.outcomes()[-1][:3] == (st.WEAK_HIT, 6, st.ROLL_ENDURE)
    assert s.phase == st.MOVE
