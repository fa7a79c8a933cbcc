"""One scripted-dice scenario per rule of the Starforged scene challenge.

Sources: Ironsworn: Starforged (Shawn Tomkin, 2022), the scene challenge moves in their 2022
pre-release wording (Begin the Scene, Face Danger, Secure an Advantage, Finish the Scene;
Rulebook pp. 239-241; quoted as "Seed: ...") and the rulebook's action roll, momentum,
progress, Pay the Price (p. 232) and suffer moves (pp. 199-205) as the project's rules page
``docs/rules/starforged.md`` states them (quoted as "Rules page: ..."). Where the rules leave
a choice open, the tests follow the rules page's "Interpretations" (also in the env's
docstring, ``envs/starforged/env.py``).

Dice are scripted in the order the rules roll them: a scene move rolls the action die, then
the two challenge dice; Finish the Scene rolls the two challenge dice; an Endure roll the
action die and two challenge dice; an oracle price one d100 per row read. The default
character (Rules page: "a new character has 3, 2, 2, 1, 1") has edge 3, heart 2, iron 2,
shadow 1, wits 1 and momentum +2.
"""

import numpy as np
import pytest

from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.observation import OBSERVATION_NAMES, SCALE

FD_EDGE = st.A_FACE_DANGER + 0         # Face Danger +edge (3)
FD_WITS = st.A_FACE_DANGER + 4         # Face Danger +wits (1)
SA_EDGE = st.A_SECURE_ADVANTAGE + 0    # Secure an Advantage +edge (3)
FINISH, KEEP, BURN = st.A_FINISH, st.A_KEEP, st.A_BURN
TAKE_MOMENTUM, TAKE_BONUS = st.A_TAKE_MOMENTUM, st.A_TAKE_BONUS
PRICE = {kind: st.A_PRICE + kind for kind in range(st.NUM_PRICES)}
OBS = {name: k for k, name in enumerate(OBSERVATION_NAMES)}

MISS_DICE = [1, 7, 9]  # +edge: 1 + 3 = 4 against 7 and 9, a miss momentum +2 cannot improve


def progress_and_clock(s):
    return s.fields("progress", "clock")


# ---------------------------------------------------------------------------------------------
# Begin the Scene


def test_begin_the_scene_rank_formidable_marks_four_ticks(scene):
    """Seed, Begin the Scene: "name your objective and set its rank as formidable";
    Rules page: mark progress fills "formidable 4" ticks."""
    s = scene(dice=[6, 2, 3])  # 9 beats 2 and 3: strong hit
    assert s.get("mark_ticks") == 4
    s.play(FD_EDGE)
    assert s.get("progress") == 4


@pytest.mark.parametrize("situation, segments", [
    ("disadvantaged", 4), ("equal", 6), ("advantage", 8)])
def test_begin_the_scene_clock_by_situation(scene, situation, segments):
    """Seed: "severely disadvantaged: Four segments / equal footing: Six segments /
    strong advantage: Eight segments"."""
    s = scene(StarforgedConfig(situation=situation))
    assert s.fields("segments", "clock") == {"segments": segments, "clock": 0}
    assert s.phase == st.MOVE and s.get("seat") == 0


@pytest.mark.parametrize("face, segments", [(1, 4), (2, 6), (3, 8)])
def test_begin_the_scene_random_situation_rolls_the_clock(scene, face, segments):
    """Seed: "envision the situation and choose the number of segments"; situation="random"
    rolls a d3 (1: disadvantaged, 2: equal footing, 3: strong advantage)."""
    s = scene(StarforgedConfig(situation="random"), dice=[face])
    assert s.get("segments") == segments
    assert s.phase == st.MOVE


@pytest.mark.parametrize("choice, segments", [(0, 4), (1, 6), (2, 8)])
def test_begin_the_scene_gm_chooses_the_situation(scene, choice, segments):
    """Seed: "choose the number of segments for the scene's tension clock", by the GM seat
    when situation="gm"."""
    s = scene(StarforgedConfig(situation="gm"))
    assert s.phase == st.BEGIN and s.get("seat") == 1
    assert s.legal() == [st.A_SITUATION, st.A_SITUATION + 1, st.A_SITUATION + 2]
    s.play(st.A_SITUATION + choice)
    assert s.get("segments") == segments
    assert s.phase == st.MOVE and s.get("seat") == 0


# ---------------------------------------------------------------------------------------------
# Face Danger


def test_face_danger_strong_hit_marks_progress(scene):
    """Seed, Face Danger: "On a strong hit, you are successful and mark progress."""
    s = scene(dice=[6, 2, 3])  # 9 vs 2, 3
    s.play(FD_EDGE)
    assert progress_and_clock(s) == {"progress": 4, "clock": 0}
    assert s.phase == st.MOVE


def test_face_danger_strong_hit_with_match_marks_progress_twice(scene):
    """Seed: "On a strong hit with a match, mark progress twice."""
    s = scene(dice=[6, 4, 4])  # 9 vs 4, 4
    s.play(FD_EDGE)
    assert progress_and_clock(s) == {"progress": 8, "clock": 0}


def test_face_danger_weak_hit_marks_progress_and_fills_a_segment(scene):
    """Seed: "On a weak hit, you are successful and mark progress, but also ... fill a clock
    segment."""
    s = scene(dice=[4, 2, 10])  # 7 vs 2, 10
    s.play(FD_EDGE)
    assert progress_and_clock(s) == {"progress": 4, "clock": 1}
    assert s.phase == st.MOVE


def test_face_danger_miss_fills_a_segment_and_pays_the_price(scene):
    """Seed: "On a miss, ... Fill a clock segment and Pay the Price."""
    s = scene(dice=MISS_DICE)
    s.play(FD_EDGE)
    assert progress_and_clock(s) == {"progress": 0, "clock": 1}
    assert s.phase == st.PRICE and s.get("seat") == 1


def test_face_danger_miss_with_match_fills_two_segments(scene):
    """Seed: "On a miss with a match, fill two segments and Pay the Price."""
    s = scene(dice=[1, 7, 7])  # 4 vs 7, 7
    s.play(FD_EDGE)
    assert progress_and_clock(s) == {"progress": 0, "clock": 2}
    assert s.phase == st.PRICE


# ---------------------------------------------------------------------------------------------
# Secure an Advantage


def test_secure_an_advantage_strong_hit_takes_both(scene):
    """Seed, Secure an Advantage: "On a strong hit, take both": "+2 momentum" and "+1 on
    your next move"."""
    s = scene(dice=[6, 2, 3])
    s.play(SA_EDGE)
    assert s.fields("momentum", "bonus", "progress", "clock") == {
        "momentum": 4, "bonus": 1, "progress": 0, "clock": 0}


def test_secure_an_advantage_strong_hit_with_match_also_marks_progress(scene):
    """Seed: "On a strong hit with a match, take both and mark progress."""
    s = scene(dice=[6, 3, 3])
    s.play(SA_EDGE)
    assert s.fields("momentum", "bonus", "progress") == {"momentum": 4, "bonus": 1,
                                                          "progress": 4}


@pytest.mark.parametrize("choice, momentum, bonus", [(TAKE_MOMENTUM, 4, 0), (TAKE_BONUS, 2, 1)])
def test_secure_an_advantage_weak_hit_chooses_one(scene, choice, momentum, bonus):
    """Seed: "On a weak hit, choose one. Take +2 momentum / Add +1 on your next move"."""
    s = scene(dice=[6, 2, 10])  # 9 vs 2, 10
    s.play(SA_EDGE)
    assert s.phase == st.ADVANTAGE and s.legal() == [TAKE_MOMENTUM, TAKE_BONUS]
    s.play(choice)
    assert s.fields("momentum", "bonus", "progress", "clock") == {
        "momentum": momentum, "bonus": bonus, "progress": 0, "clock": 0}
    assert s.phase == st.MOVE


@pytest.mark.parametrize("dice, clock", [(MISS_DICE, 1), ([1, 7, 7], 2)])
def test_secure_an_advantage_miss_fills_and_pays_the_price(scene, dice, clock):
    """Seed: "On a miss, ... Fill a clock segment and Pay the Price. On a miss with a match,
    fill two segments and Pay the Price."""
    s = scene(dice=dice)
    s.play(SA_EDGE)
    assert s.fields("clock", "momentum", "bonus") == {"clock": clock, "momentum": 2, "bonus": 0}
    assert s.phase == st.PRICE


# ---------------------------------------------------------------------------------------------
# The +1 on the next move


def test_advantage_bonus_applies_to_the_next_move_only(scene):
    """Seed: "Add +1 on your next move"; Rules page: "+1 on the next non-progress move"."""
    s = scene(dice=[6, 2, 3,    # Secure an Advantage: strong hit, +1 on the next move
                    5, 6, 8,    # Face Danger +wits: 5 + 1 + 1 = 7 vs 6, 8: weak hit
                    5, 6, 8])   # again, bonus spent: 5 + 1 = 6 vs 6, 8: miss
    s.play(SA_EDGE, FD_WITS)
    assert s.fields("score", "roll_outcome", "bonus") == {
        "score": 7, "roll_outcome": st.WEAK_HIT, "bonus": 0}
    s.play(FD_WITS)
    assert s.fields("score", "roll_outcome") == {"score": 6, "roll_outcome": st.MISS}


def test_advantage_bonus_does_not_apply_to_the_progress_roll(scene):
    """Seed: "Add +1 on your next move (not a progress move)"."""
    s = scene(dice=[6, 1, 2,    # Secure an Advantage: strong hit, bonus 1
                    5, 3],      # Finish the Scene: 5 boxes vs 5, 3: weak hit (6 would be strong)
              progress=20)
    s.play(SA_EDGE)
    assert s.get("bonus") == 1
    s.play(FINISH)
    assert s.fields("score", "roll_outcome") == {"score": 5, "roll_outcome": st.WEAK_HIT}


# ---------------------------------------------------------------------------------------------
# The action roll


def test_action_score_is_capped_at_10(scene):
    """Rules page: "one d6 action die + stat + adds = action score, capped at 10"."""
    s = scene(StarforgedConfig(stats=(5, 2, 2, 1, 1)), dice=[6, 10, 9])  # 11 -> 10 vs 10, 9
    s.play(FD_EDGE)
    assert s.fields("score", "roll_outcome") == {"score": 10, "roll_outcome": st.WEAK_HIT}
    assert progress_and_clock(s) == {"progress": 4, "clock": 1}


@pytest.mark.parametrize("c1, c2, outcome", [(7, 6, st.WEAK_HIT), (7, 8, st.MISS),
                                             (6, 6, st.STRONG_HIT)])
def test_beat_is_strictly_greater(scene, c1, c2, outcome):
    """Rules page: "Beat (strictly greater than) both: strong hit; one: weak hit; neither: miss"
    (a tie is not a beat)."""
    s = scene(dice=[4, c1, c2])  # score 7
    s.play(FD_EDGE)
    assert s.get("score") == 7 and s.get("roll_outcome") == outcome


@pytest.mark.parametrize("dice, outcome, match", [
    ([6, 4, 4], st.STRONG_HIT, 1), ([1, 7, 7], st.MISS, 1),
    ([6, 2, 3], st.STRONG_HIT, 0), ([1, 7, 9], st.MISS, 0)])
def test_match_is_independent_of_outcome(scene, dice, outcome, match):
    """Rules page: "A match is both challenge dice equal, independent of the outcome"."""
    s = scene(dice=dice)
    s.play(FD_EDGE)
    assert s.outcomes() == [(outcome, dice[0] + 3, st.ROLL_MOVE, match)]
    assert s.batch.obs[0, OBS["match"]] == match


# ---------------------------------------------------------------------------------------------
# Momentum


@pytest.mark.parametrize("momentum, dice, offered", [
    (8, [1, 5, 6], True),    # miss; burning 8 gives a strong hit
    (6, [1, 5, 9], True),    # miss; burning 6 gives a weak hit
    (5, [1, 5, 6], False),   # miss; 5 beats neither die: no better
    (10, [6, 2, 3], False),  # already a strong hit
    (6, [4, 5, 8], False),   # weak hit; burning 6 is also a weak hit
])
def test_burn_is_offered_only_when_it_improves_the_result(scene, momentum, dice, offered):
    """Rules page: "Burn: after an action roll, with positive momentum, replace the action score
    by the momentum value, only if that improves the result"."""
    s = scene(dice=dice, momentum=momentum)
    s.play(FD_EDGE)
    assert (s.phase == st.BURN) == offered
    if offered:
        assert s.legal() == [KEEP, BURN] and s.get("seat") == 0


@pytest.mark.parametrize("impacts, reset", [((0, 0, 0), 2), ((1, 0, 0), 1), ((0, 1, 1), 0),
                                            ((1, 1, 1), 0)])
def test_burn_resets_momentum_by_impacts(scene, impacts, reset):
    """Rules page: "reset = 2 with no impacts, 1 with one, 0 with two or more. Burn: ... replace
    the action score by the momentum value ... then reset momentum"."""
    wounded, shaken, unprepared = impacts
    s = scene(dice=[1, 5, 6], momentum=7, wounded=wounded, shaken=shaken, unprepared=unprepared,
              health=1 - wounded, spirit=1 - shaken, supply=1 - unprepared)
    s.play(FD_EDGE, BURN)
    assert s.fields("score", "roll_outcome", "momentum", "progress") == {
        "score": 7, "roll_outcome": st.STRONG_HIT, "momentum": reset, "progress": 4}
    assert s.notes(st.NOTE_BURN) == [(7, 4, 0)]


def test_keeping_the_roll_keeps_momentum(scene):
    """Rules page: the burn is a choice; keeping the roll resolves the miss as rolled."""
    s = scene(dice=[1, 5, 6], momentum=8)
    s.play(FD_EDGE, KEEP)
    assert s.fields("momentum", "clock", "roll_outcome") == {"momentum": 8, "clock": 1,
                                                             "roll_outcome": st.MISS}
    assert s.phase == st.PRICE


@pytest.mark.parametrize("wounded, momentum", [(0, 4), (1, 3)])
def test_burn_momentum_gain_lands_after_the_reset(scene, wounded, momentum):
    """Rules page: "then reset momentum, then apply the outcome (its "+momentum" lands after the
    reset)": a burned Secure an Advantage strong hit ends at reset + 2."""
    s = scene(dice=[1, 5, 6], momentum=8, wounded=wounded, health=1 - wounded)
    s.play(SA_EDGE, BURN)
    assert s.fields("momentum", "bonus") == {"momentum": momentum, "bonus": 1}


@pytest.mark.parametrize("die, score, outcome, cancelled", [(3, 3, st.WEAK_HIT, True),
                                                            (4, 7, st.STRONG_HIT, False)])
def test_negative_momentum_equal_to_the_action_die_cancels_it(scene, die, score, outcome,
                                                               cancelled):
    """Rules page: "Negative momentum whose absolute value equals the action die cancels the die
    (score = stat + adds)"."""
    s = scene(dice=[die, 2, 4], momentum=-3)
    s.play(FD_EDGE)
    assert s.fields("score", "roll_outcome") == {"score": score, "roll_outcome": outcome}
    assert bool(s.notes(st.NOTE_CANCEL)) == cancelled
    assert s.phase != st.BURN  # negative momentum never burns


def test_momentum_tops_out_at_10(scene):
    """Rules page: "Momentum: range -6..+10"."""
    s = scene(dice=[6, 2, 3], momentum=9)
    s.play(SA_EDGE)  # +2
    assert s.get("momentum") == 10


def test_momentum_bottoms_out_at_minus_6(scene):
    """Rules page: "Momentum: range -6..+10"."""
    s = scene(dice=MISS_DICE, momentum=-5)
    s.play(FD_EDGE, PRICE[st.LOSE_MOMENTUM])  # -2
    assert s.get("momentum") == -6


def test_max_momentum_is_10_less_impacts(scene):
    """Rules page: "Max momentum = 10 - impacts"."""
    s = scene(dice=[6, 2, 3], momentum=7, wounded=1, shaken=1, health=0, spirit=0)
    s.play(SA_EDGE)  # +2, capped at 8
    assert s.get("momentum") == 8


@pytest.mark.parametrize("impacts, max_momentum, reset", [(0, 10, 2), (1, 9, 1), (2, 8, 0),
                                                          (3, 7, 0)])
def test_impacts_lower_max_momentum_and_the_reset(scene, impacts, max_momentum, reset):
    """Rules page: "At 0: impacts wounded, shaken, unprepared (each -1 max momentum and lowers
    the reset)"."""
    flags = [int(k < impacts) for k in range(3)]
    s = scene(wounded=flags[0], shaken=flags[1], unprepared=flags[2])
    obs = s.batch.obs[0]
    assert round(obs[OBS["max_momentum"]] * SCALE.max_momentum) == max_momentum
    assert round(obs[OBS["momentum_reset"]] * SCALE.momentum_reset) == reset


def test_marking_an_impact_lowers_momentum_above_the_new_max(scene):
    """Rules page: Sacrifice Resources at 0 marks unprepared, "-1 max momentum"."""
    s = scene(dice=MISS_DICE, momentum=10, supply=1)
    s.play(FD_EDGE, KEEP, PRICE[st.SACRIFICE_RESOURCES])
    assert s.fields("supply", "unprepared", "momentum") == {"supply": 0, "unprepared": 1,
                                                             "momentum": 9}


# ---------------------------------------------------------------------------------------------
# The approach: how the crew acts fixes the stat

APPROACH_WITS = st.A_APPROACH + st.WITS


def test_the_gm_names_how_the_crew_must_act_before_each_move(scene):
    """Seed, Face Danger (Scene Challenge): "envision your action and roll. If you act...
    With expertise, focus, or observation: Roll +wits". The default config (Rules page,
    [approach="gm"]): the GM seat names the approach before each scene move, and the crew
    rolls that stat: wits 1, so 6 + 1 = 7 against 2 and 3, a strong hit (+edge would be the
    crew's best: 9)."""
    assert StarforgedConfig().approach == "gm"
    s = scene(StarforgedConfig(), dice=[6, 2, 3], approach="gm")
    assert s.phase == st.APPROACH_PHASE and s.get("seat") == 1
    assert s.legal() == list(range(st.A_APPROACH, st.A_APPROACH + st.NUM_STATS))
    s.play(APPROACH_WITS)
    assert s.phase == st.MOVE and s.get("seat") == 0
    assert s.legal() == [FD_WITS, st.A_SECURE_ADVANTAGE + st.WITS, FINISH]
    s.play(FD_WITS)
    assert s.fields("stat_used", "score", "progress") == {"stat_used": st.WITS, "score": 7,
                                                          "progress": 4}
    assert s.phase == st.APPROACH_PHASE  # named again before the next move


def test_the_gm_seat_decides_when_it_names_the_approach():
    """Rules page [approach="gm"]: the GM seat names the approach, a decision of its own even
    when the oracle rolls the prices."""
    from scenegym.envs.starforged.ruleset import seats_with_decisions

    assert seats_with_decisions(StarforgedConfig(price_by="oracle")) == {0, 1}
    assert seats_with_decisions(StarforgedConfig(price_by="oracle", approach="random")) == {0}


def test_a_move_with_a_stat_the_approach_does_not_name_is_refused(scene):
    """Seed: "If you act... With speed, mobility, or agility: Roll +edge": acting with
    expertise (wits), the crew may not roll +edge."""
    s = scene(dice=[6, 2, 3], approach="gm")
    s.play(APPROACH_WITS)
    with pytest.raises(ValueError):
        s.play(FD_EDGE)


def test_the_situation_rolls_the_approach(scene):
    """Rules page [approach="random"]: the situation names how the crew must act, each of
    the five stats equally likely (a d5 before each move: 4 is shadow)."""
    s = scene(dice=[4], approach="random")
    assert s.phase == st.MOVE
    assert s.legal() == [st.A_FACE_DANGER + st.SHADOW, st.A_SECURE_ADVANTAGE + st.SHADOW,
                         FINISH]
    assert s.notes(st.NOTE_APPROACH) == [(st.SHADOW, 0, 0)]


def test_the_free_choice_of_stat_is_a_config_value(scene):
    """Rules page [approach="crew"]: every stat open at every move (the v0 play)."""
    s = scene(approach="crew")
    assert s.legal() == list(range(st.A_FINISH + 1))


# ---------------------------------------------------------------------------------------------
# Finish the Scene


def test_finish_the_scene_forced_when_the_clock_fills(scene):
    """Seed, Begin the Scene: "When the clock is full, you must Finish the Scene."""
    s = scene(dice=[4, 2, 10,  # Face Danger weak hit: clock 5 -> 6, progress 28 -> 32
                    3, 4],     # Finish the Scene: 8 boxes vs 3, 4: strong hit
              clock=5, progress=28)
    reward, over, truncated = s.play(FD_EDGE)
    assert (reward, over, truncated) == (1.0, True, False)
    assert s.notes(st.NOTE_FINISH) == [(st.FINISH_CLOCK_FULL, 8, 0)]
    assert s.outcomes()[-1] == (st.STRONG_HIT, 8, st.ROLL_PROGRESS, 0)


def test_finish_the_scene_forced_after_the_price_of_a_clock_filling_miss(scene):
    """Seed, Face Danger: "Fill a clock segment and Pay the Price"; then, the clock full,
    "you must Finish the Scene" (a miss: "Pay the Price")."""
    s = scene(dice=MISS_DICE + [1, 2], clock=5)  # Finish the Scene: 0 boxes vs 1, 2: miss
    s.play(FD_EDGE)
    assert s.phase == st.PRICE
    assert s.play(PRICE[st.NARRATIVE]) == (-1.0, True, False)
    assert s.notes(st.NOTE_FINISH) == [(st.FINISH_CLOCK_FULL, 0, 0)]


def test_finish_the_scene_forced_when_the_track_fills(scene):
    """Seed, Finish the Scene: "When the ... progress track is filled ... roll the challenge
    dice and compare to your progress."""
    s = scene(dice=[6, 2, 3, 9, 8], progress=36)  # 40 ticks: 10 boxes vs 9, 8
    assert s.play(FD_EDGE) == (1.0, True, False)
    assert s.notes(st.NOTE_FINISH) == [(st.FINISH_TRACK_FULL, 10, 0)]
    assert s.outcomes()[-1] == (st.STRONG_HIT, 10, st.ROLL_PROGRESS, 0)


def test_progress_roll_counts_only_full_boxes(scene):
    """Rules page: "Progress roll: score = full boxes (0..10)"; a part-filled box does not count."""
    s = scene(dice=[1, 2], progress=7)  # 7 ticks = 1 full box vs 1, 2: beats neither
    assert s.play(FINISH) == (-1.0, True, False)
    assert s.outcomes()[-1] == (st.MISS, 1, st.ROLL_PROGRESS, 0)
    s = scene(dice=[1, 1], progress=11)  # 2 full boxes (not 2.75) vs 1, 1: strong hit
    assert s.play(FINISH) == (1.0, True, False)
    assert s.outcomes()[-1] == (st.STRONG_HIT, 2, st.ROLL_PROGRESS, 0)


def test_finish_the_scene_chosen_by_the_crew(scene):
    """Seed: "or when events lead to the scene's conclusion"; Rules page: "or the crew chooses
    to end"."""
    s = scene(dice=[2, 3], progress=24)  # 6 boxes vs 2, 3
    assert FINISH in s.legal()
    assert s.play(FINISH) == (1.0, True, False)
    assert s.notes(st.NOTE_FINISH) == [(st.FINISH_CHOSEN, 6, 0)]


def test_finish_the_scene_early_can_be_switched_off(scene):
    """Config finish_early=False: Finish the Scene only when the clock or the track fills."""
    s = scene(StarforgedConfig(finish_early=False))
    assert FINISH not in s.legal()
    with pytest.raises(ValueError, match="Finish the Scene"):
        s.play(FINISH)


@pytest.mark.parametrize("price_by", ["gm", "oracle"])
@pytest.mark.parametrize("progress, result", [(20, 1.0), (8, -1.0)])
def test_finish_the_scene_ends_the_scene_without_asking_its_price(scene, price_by, progress,
                                                                    result):
    """Ironsworn: Starforged, Finish the Scene (Scene Challenge moves): "On a weak hit, you
    succeed, but not without cost. You must Pay the Price. Make this a minor cost relative to
    the scope of the scene." and "On a miss, you fail ... Pay the Price." The progress roll
    decides the objective and the scene is over: its price lands in the story after the scene
    and changes nothing either seat plays for, so no GM decision and no d100 follow (Rules
    page: "no price is asked after Finish the Scene"). Progress 20 is 5 boxes against 4, 6:
    a weak hit; progress 8 is 2 boxes: a miss."""
    s = scene(StarforgedConfig(price_by=price_by), dice=[4, 6, 75], progress=progress)
    assert s.play(FINISH) == (result, True, False)
    assert s.legal() == []
    assert s.fields("health", "momentum") == {"health": 5, "momentum": 2}
    assert s.notes(st.NOTE_PRICE) == []


@pytest.mark.parametrize("momentum", [10, -2])
def test_progress_roll_ignores_momentum(scene, momentum):
    """Rules page: "Progress roll: score = full boxes (0..10) against the two challenge dice only;
    momentum neither burns nor cancels"."""
    s = scene(dice=[1, 5], progress=8, momentum=momentum)  # 2 boxes vs 1, 5
    s.play(FINISH)
    assert s.fields("score", "roll_outcome", "momentum") == {
        "score": 2, "roll_outcome": st.WEAK_HIT, "momentum": momentum}
    assert s.legal() == []  # over: no burn offered


# ---------------------------------------------------------------------------------------------
# Pay the Price


@pytest.mark.parametrize("kind, field, value", [
    (st.NARRATIVE, "momentum", 1),            # narrative cost: -1 momentum (narrative_momentum)
    (st.LOSE_MOMENTUM, "momentum", 0),        # Lose Momentum: -2 (price_momentum)
    (st.ENDURE_HARM, "health", 4),
    (st.ENDURE_STRESS, "spirit", 4),
    (st.SACRIFICE_RESOURCES, "supply", 4),
])
def test_pay_the_price_chosen_by_the_gm(scene, kind, field, value):
    """Rules page: "The GM seat may instead choose the price" among the suffer moves and a
    narrative cost."""
    s = scene(dice=MISS_DICE)
    s.play(FD_EDGE)
    assert s.legal() == [PRICE[k] for k in range(st.NUM_PRICES)]
    before = s.fields("momentum", "health", "spirit", "supply")
    s.play(PRICE[kind])
    assert s.fields("momentum", "health", "spirit", "supply") == {**before, field: value}
    assert s.phase == st.MOVE and s.get("seat") == 0


@pytest.mark.parametrize("faces, field, value", [
    ([1], "momentum", 1), ([68], "momentum", 1),       # 1-68 narrative: -1 momentum
    ([69], "supply", 4), ([74], "supply", 4),          # 69-74 Sacrifice Resources
    ([75], "health", 4), ([81], "health", 4),          # 75-81 Endure Harm
    ([82], "spirit", 4), ([88], "spirit", 4),          # 82-88 Endure Stress
    ([89], "momentum", 0), ([95], "momentum", 0),      # 89-95 Lose Momentum (-2)
])
def test_pay_the_price_by_the_oracle(scene, faces, field, value):
    """Rules page: "map the d100 table's mechanical rows: 69-74 Sacrifice Resources, 75-81 Endure
    Harm, 82-88 Endure Stress, 89-95 Lose Momentum ...; every other row is a narrative cost
    (treat as Lose Momentum -1 by default)"."""
    s = scene(StarforgedConfig(price_by="oracle"), dice=MISS_DICE + faces)
    before = s.fields("momentum", "health", "spirit", "supply")
    s.play(FD_EDGE)
    assert s.fields("momentum", "health", "spirit", "supply") == {**before, field: value}
    assert s.phase == st.MOVE and s.get("clock") == 1  # no GM decision


@pytest.mark.parametrize("first", [96, 100])
def test_pay_the_price_oracle_roll_twice(scene, first):
    """Rules page: "96-100 roll twice"."""
    s = scene(StarforgedConfig(price_by="oracle"), dice=MISS_DICE + [first, 70, 76])
    s.play(FD_EDGE)
    assert s.fields("supply", "health", "momentum") == {"supply": 4, "health": 4, "momentum": 2}
    assert [kind for kind, _, _ in s.notes(st.NOTE_PRICE)] == [st.SACRIFICE_RESOURCES, st.ENDURE_HARM]


# ---------------------------------------------------------------------------------------------
# Suffer moves

ENDURE = {  # kind: (meter, impact, price action, stats with that roll's stat at 4)
    "harm": ("health", "wounded", PRICE[st.ENDURE_HARM], (3, 2, 4, 1, 1)),
    "stress": ("spirit", "shaken", PRICE[st.ENDURE_STRESS], (3, 4, 2, 1, 1)),
}


@pytest.mark.parametrize("kind", list(ENDURE))
@pytest.mark.parametrize("roll, outcome, meter_after, impact_after, momentum_after", [
    ([6, 2, 3], st.STRONG_HIT, 1, 0, 2),  # 6 + 4 vs 2, 3: +1 meter (not yet impacted)
    ([1, 4, 6], st.WEAK_HIT, 0, 0, 2),    # 1 + 4 vs 4, 6: press on (+2 would be a miss)
    ([1, 6, 7], st.MISS, 0, 1, 1),        # 1 + 4 vs 6, 7: -1 momentum and the impact
])
def test_endure_at_zero_rolls_plus_iron_or_heart(scene, kind, roll, outcome, meter_after,
                                                 impact_after, momentum_after):
    """Rules page: "Endure Harm (health, then roll +health or +iron, whichever is higher, when at
    0 ...)", "Endure Stress (spirit, +spirit or +heart)"; outcomes per env.py's
    Interpretations ("strong hit: +1 meter if not yet impacted ...; miss: lose momentum
    [endure_miss_momentum] and mark the impact")."""
    meter, impact, action, stats = ENDURE[kind]
    s = scene(StarforgedConfig(stats=stats), dice=MISS_DICE + roll, **{meter: 1})
    s.play(FD_EDGE, action)
    assert s.outcomes()[-1][:3] == (outcome, roll[0] + 4, st.ROLL_ENDURE)
    assert s.fields(meter, impact, "momentum") == {meter: meter_after, impact: impact_after,
                                                   "momentum": momentum_after}
    assert s.phase == st.MOVE


@pytest.mark.parametrize("kind", list(ENDURE))
def test_endure_strong_hit_when_impacted_gives_momentum(scene, kind):
    """Interpretation (env.py): "strong hit: +1 meter if not yet impacted, else +1 momentum"."""
    meter, impact, action, stats = ENDURE[kind]
    s = scene(StarforgedConfig(stats=stats), dice=MISS_DICE + [6, 2, 3],
              **{meter: 0, impact: 1}, momentum=4)
    s.play(FD_EDGE, action)  # harm beyond 0: -1 momentum; strong hit: +1 momentum
    assert s.fields(meter, impact, "momentum") == {meter: 0, impact: 1, "momentum": 4}
    assert len(s.outcomes()) == 2


def test_endure_harm_beyond_zero_comes_off_momentum(scene):
    """Interpretation (env.py): "Harm beyond 0 comes off momentum"."""
    s = scene(StarforgedConfig(price_harm=3), dice=MISS_DICE + [6, 2, 3], health=1)
    s.play(FD_EDGE, PRICE[st.ENDURE_HARM])  # 1 - 3: health 0, momentum 2 - 2; then a strong hit
    assert s.fields("health", "momentum", "wounded") == {"health": 1, "momentum": 0,
                                                         "wounded": 0}


def test_endure_harm_above_zero_does_not_roll(scene):
    """Rules page: Endure Harm rolls "when at 0": above 0 no die is rolled (the script has none)."""
    s = scene(dice=MISS_DICE, health=3)
    s.play(FD_EDGE, PRICE[st.ENDURE_HARM])
    assert s.get("health") == 2 and len(s.outcomes()) == 1


def test_sacrifice_resources_at_zero_marks_unprepared(scene):
    """Rules page: "Sacrifice Resources (supply). At 0: impacts ... unprepared" (no roll)."""
    s = scene(dice=MISS_DICE, supply=1)
    s.play(FD_EDGE, PRICE[st.SACRIFICE_RESOURCES])
    assert s.fields("supply", "unprepared", "momentum") == {"supply": 0, "unprepared": 1,
                                                             "momentum": 2}
    assert round(s.batch.obs[0, OBS["momentum_reset"]] * SCALE.momentum_reset) == 1
    assert len(s.outcomes()) == 1


# ---------------------------------------------------------------------------------------------
# The final rulebook variant


@pytest.mark.parametrize("rank, ticks", [("troublesome", 12), ("dangerous", 8),
                                         ("formidable", 4)])
def test_final_rulebook_rank_chosen(scene, rank, ticks):
    """Rules page: "The final rulebook differs: rank chosen (troublesome / dangerous /
    formidable)"; "troublesome 12 ticks, dangerous 8, formidable 4"."""
    s = scene(StarforgedConfig.final_rulebook(rank), dice=[6, 2, 3])
    s.play(FD_EDGE)
    assert s.get("progress") == ticks


@pytest.mark.parametrize("situation", ["disadvantaged", "equal", "advantage"])
def test_final_rulebook_clock_always_four(scene, situation):
    """Rules page: "The final rulebook differs: ... clock always 4"."""
    s = scene(StarforgedConfig.final_rulebook("dangerous", situation=situation))
    assert s.get("segments") == 4


def test_final_rulebook_refuses_other_ranks():
    """Rules page: the final rulebook's ranks are troublesome / dangerous / formidable."""
    with pytest.raises(ValueError, match="'rank'.*'troublesome', 'dangerous', 'formidable'"):
        StarforgedConfig.final_rulebook("extreme")


# ---------------------------------------------------------------------------------------------
# The move limit


def test_move_limit_cuts_the_scene_off(scene):
    """env.py: the scene is cut off after ``max_moves`` scene moves; Rules page / DESIGN: a
    cut-off is worth ``cutoff_result``, -1 (a loss) by default."""
    s = scene(StarforgedConfig(max_moves=2), dice=[6, 2, 3, 6, 2, 3])
    assert s.play(FD_EDGE) == (0.0, False, False)
    assert s.play(FD_EDGE) == (-1.0, True, True)
    assert s.fields("over", "result", "truncated", "progress") == {
        "over": 1, "result": -1, "truncated": 1, "progress": 8}
    assert s.legal() == []


# ---------------------------------------------------------------------------------------------
# Config validation and illegal actions


@pytest.mark.parametrize("field, value, message", [
    ("momentum_min", -21, r"'momentum_min' is -21; allowed: -20\.\.0"),
    ("momentum_start", 11, r"'momentum_start' is 11; allowed: -6\.\.10"),
    ("stats", (6, 2, 2, 1, 1), r"'stats\[0\]' is 6; allowed: 0\.\.5"),
    ("stats", (3, 2, 2), r"'stats' must be a tuple of 5 ints"),
    ("rank", "legendary", r"'rank' is 'legendary'; allowed: 'troublesome', "),
    ("situation", "even", r"'situation' is 'even'; allowed: .*'gm'"),
    ("price_by", "dice", r"'price_by' is 'dice'; allowed: 'gm', 'oracle'"),
    ("clock_by_situation", (4, 0, 8), r"'clock_by_situation\[1\]' is 0; allowed: 1\.\.20"),
    ("max_moves", 0, r"'max_moves' is 0; allowed: 1\.\.10000"),
    ("oracle_rows", ((50, "harm"), (90, "supply")), r"'oracle_rows' must end at 100"),
    ("oracle_rows", ((50, "harm"), (40, "supply"), (100, "twice")),
     r"'oracle_rows\[1\]\[0\]' is 40; allowed: 51\.\.100"),
])
def test_config_refuses_bad_values(field, value, message):
    """DESIGN: "A bad value is refused at construction with an error that names the field,
    the value and what is allowed"."""
    with pytest.raises(ValueError, match=message):
        StarforgedConfig(**{field: value})


def test_config_refuses_non_integers():
    with pytest.raises(TypeError, match="'momentum_max' must be an int, got 1.5"):
        StarforgedConfig(momentum_max=1.5)


def test_illegal_action_raises_naming_env_action_and_legal_actions(scene):
    """DESIGN: "refuse with an error naming the env index, the action, and the legal
    actions"."""
    s = scene()
    with pytest.raises(ValueError) as err:
        s.play(BURN)
    text = str(err.value)
    assert "env 0" in text and "action 12 (burn momentum)" in text
    assert "legal actions: 0 (Face Danger +edge)" in text and "10 (Finish the Scene)" in text
    with pytest.raises(ValueError, match="action 99 \\(out of range\\)"):
        s.play(99)
    assert s.get("over") == 0 and s.phase == st.MOVE  # nothing happened


def test_illegal_action_lose_ends_the_scene_for_the_crew(scene):
    """DESIGN: "the illegal action ends the scene as a loss for the seat that made it"."""
    s = scene(dice=[[6, 2, 3], [6, 2, 3]], num_envs=2, illegal="lose")
    s.step_all([BURN, FD_EDGE])
    assert s.fields("over", "result") == {"over": 1, "result": -1}
    assert s.fields("over", "progress", env=1) == {"over": 0, "progress": 4}  # env 1 played on
    assert s.legal() == [] and not np.isnan(s.batch.obs).any()


def test_illegal_action_lose_ends_the_scene_for_the_gm(scene):
    """DESIGN: a loss "for the seat that made it": the GM's illegal price is a crew win."""
    s = scene(dice=MISS_DICE, illegal="lose")
    s.play(FD_EDGE)
    assert s.play(FD_EDGE) == (1.0, True, False)  # the GM answered with a crew move
    assert s.fields("over", "result") == {"over": 1, "result": 1}
