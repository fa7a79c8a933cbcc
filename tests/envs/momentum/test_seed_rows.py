"""Rows of the Momentum rules that no other test checked, one scripted-dice test each.

Sources: "Scenes, Acts, and Missions (structured-scenes text)", the unpublished text the
ruleset implements (quoted by its section headings), and this project's decisions
(its design notes, "RULES.md" section 1, stated in ``docs/rules/momentum.md``; quoted as
"Rules page"). Rolls are five pool dice, then the risk dice (Risk 2 unless said otherwise:
the ``rolls`` fixture); a social contest rolls the PC's pool, then the opponent's.
"""

import pytest

from scenegym.envs.core.events import DECISION, NOTE
from scenegym.envs.momentum import state as st

GM, CREW = st.GM_SIDE, st.CREW_SIDE
TURN_NOTES = (st.NOTE_CREW_TURN, st.NOTE_NPC_TURN)


def turns(s):
    """``(note, character, round)`` of every turn taken so far."""
    return [(e.a, e.b, e.c) for e in s.events() if e.kind == NOTE and e.a in TURN_NOTES]


def decisions(s, phase):
    """How many decisions of ``phase`` were taken so far."""
    return sum(1 for e in s.events() if e.kind == DECISION and e.b == phase)


# -- Initiative: the rounds after a PC goes out mid-round -----------------------------------

def test_the_rounds_after_a_pc_goes_out_mid_round(scene, config, rolls):
    """Scenes, Acts, and Missions (structured-scenes text), "Initiative": "Each round, one
    side acts first and the other acts second. Both sides always act." and "Every character
    on a side must act once before any character acts again." Rules page: "a PC at capacity
    is out and never acts again in the episode". PC 0 (capacity 1) fails the NPC's threat in
    round 1 and is out before its turn; every later round is the NPC's turn, aimed at PC 1
    without a target decision, then PC 1's turn: no round waits for PC 0."""
    cfg = config(pcs=2, npcs=1, start=1, pc_strength=(0, 2, 2, 2, 2, 2),
                 pc_will=(1, 2, 2, 2, 2, 2))
    s = scene(cfg, dice=rolls.FAILURE + rolls.SUCCESS * 3)
    s.auto(st.TARGET)
    s.play(st.A_TARGET + 0)
    s.auto(st.SET_RISK, round=3)
    assert s.fields("out", "wounds") == {"out": 1, "wounds": 1}
    assert turns(s) == [(st.NOTE_NPC_TURN, 0, 1), (st.NOTE_CREW_TURN, 1, 1),
                        (st.NOTE_NPC_TURN, 0, 2), (st.NOTE_CREW_TURN, 1, 2),
                        (st.NOTE_NPC_TURN, 0, 3)]
    assert decisions(s, st.TARGET) == 1  # round 1 only: later threats can only go at PC 1
    assert (s.get("turn"), s.get("actor")) == (st.NPC_TURN, 1)
    assert s.leaders() == [GM, GM, GM]


# -- Surprise and Ambush: one PC -------------------------------------------------------------

def test_an_ambushed_single_pc_answers_the_gms_side_first(scene, config, rolls):
    """Scenes, Acts, and Missions (structured-scenes text), "Surprise and Ambush": "A team
    that gets ambushed begins with low Momentum, below half. The GM's side acts first, and
    the players are fighting uphill from the start." Rules page (table): 1 PC, Full 4,
    ambushed 1. The scene opens on the NPC's threat at the lone PC, whose own turn follows."""
    s = scene(config(pcs=1, npcs=1, opening="ambushed"), dice=rolls.SUCCESS)
    assert s.fields("full", "momentum") == {"full": 4, "momentum": 1}
    assert 2 * s.momentum < s.get("full") and s.leaders() == [GM]
    assert (s.phase, s.get("seat"), s.get("turn"), s.get("actor")) == (
        st.SET_RISK, GM, st.NPC_TURN, 0)
    assert turns(s) == [(st.NOTE_NPC_TURN, 0, 1)]
    s.auto(st.SET_RISK, turn=st.CREW_TURN)
    assert turns(s) == [(st.NOTE_NPC_TURN, 0, 1), (st.NOTE_CREW_TURN, 0, 1)]
    assert s.get("round") == 1


# -- Scenes, Acts, and Missions: what recovers between acts ----------------------------------

def test_between_acts_willpower_regenerates_and_wounds_outs_and_complications_stay(
        scene, config, rolls):
    """Scenes, Acts, and Missions (structured-scenes text), "Scenes, Acts, and Missions":
    "Between acts, characters recover, regroup, and prepare. Willpower regenerates between
    acts." and "Between missions, characters fully recover". Rules page: "Willpower
    regenerates between acts; Wounds, PCs who are out and complications carry until the
    mission ends". Act 1 (one scene): PC 0 (capacity 1) is wounded out by the NPC's threat;
    PC 1 spends a Willpower upgrade on a Costly Success and the GM takes a complication.
    Act 2: PC 1's Willpower is back to 2; PC 0 is still wounded and out, so the NPC's
    threat goes at PC 1; the complication costs the scene 1 starting Momentum."""
    cfg = config(pcs=2, npcs=1, episode="mission", acts=2, scenes_per_act=1, max_rounds=1,
                 start=1, pc_strength=(0, 2, 2, 2, 2, 2), pc_will=(1, 2, 2, 2, 2, 2))
    upgraded_costly = [2, 2, 2, 2] + [1, 3]  # the upgraded 6 and four dice; one risk hit
    s = scene(cfg, dice=rolls.FAILURE + upgraded_costly)
    s.auto(st.TARGET)
    s.play(st.A_TARGET + 0)
    s.auto(st.SPEND, turn=st.CREW_TURN)
    s.play(st.A_WILLPOWER, st.A_ROLL, st.A_KEEP)
    assert s.phase == st.COST and s.get("willpower", 1) == 1
    s.play(st.A_COST + st.COST_COMPLICATION)
    s.auto(st.SET_RISK, story_scene=1)
    assert s.notes(st.NOTE_ACT_BREAK) == [(1, 0, 0)]
    assert (s.get("act"), s.get("willpower", 1)) == (1, 2)
    assert (s.get("wounds", 0), s.get("out", 0)) == (1, 1)
    assert s.fields("carried", "start") == {"carried": 1, "start": 0}
    assert (s.get("turn"), s.get("actor")) == (st.NPC_TURN, 1)


# -- Thresholds: offered again while Momentum stays on one ----------------------------------

def threshold_offers(s, phase, count):
    """Pass on ``count`` threshold decisions of ``phase``: the ``(round, turn)`` of each."""
    seen = []
    for _ in range(count):
        s.auto(phase)
        seen.append((s.get("round"), s.get("turn")))
        s.play(st.A_PASS)
    return seen


@pytest.mark.parametrize("start, phase, offered", [
    (0, st.AT_ZERO, [(1, st.CREW_TURN), (2, st.NPC_TURN), (2, st.CREW_TURN)]),
    (4, st.AT_FULL, [(1, st.CREW_TURN), (1, st.NPC_TURN), (2, st.CREW_TURN)])])
def test_a_threshold_is_offered_again_at_the_end_of_every_turn(scene, config, rolls, start,
                                                                phase, offered):
    """Scenes, Acts, and Missions (structured-scenes text), "Thresholds": "When the players
    reach 0 Momentum, the GM may choose to end the scene against them." / "If they prefer
    to keep playing, they may continue and spend Momentum normally." Rules page: "While
    Momentum stays on a threshold, the decision is offered again at the end of every turn."
    One PC, Full 4: at 0 the GM leads and is asked after the PC's turn of round 1, then after
    both turns of round 2; at Full the crew leads and is asked after its turn, the NPC's, and
    its turn of round 2. Momentum stays where it was and the scene goes on."""
    s = scene(config(pcs=1, npcs=1, start=start), dice=rolls.SUCCESS * 4)
    assert threshold_offers(s, phase, 3) == offered
    assert s.momentum == start and not s.get("over")


# -- Initiative: the GM's seize is for the next round only ----------------------------------

def test_the_gms_seize_lasts_the_next_round_only(scene, config, rolls):
    """Scenes, Acts, and Missions (structured-scenes text), "Initiative": "When a player
    critically fails, the GM can declare that the enemy capitalizes -- the GM's side acts
    first next round, regardless of the current Momentum level." Rules page: "its side leads
    the next round whatever Momentum says". Momentum 3 -> 2 of Full 4 (half: the crew's
    initiative): the GM leads round 2, and Momentum decides round 3 again."""
    s = scene(config(pcs=1, npcs=1, start=3), dice=rolls.CRITICAL_FAILURE + rolls.SUCCESS * 3)
    s.auto(st.GM_SEIZE)
    s.play(st.A_SEIZE)
    s.auto(st.SET_RISK, round=3)
    assert s.leaders() == [CREW, GM, CREW]
    assert [m for _, _, m in s.notes(st.NOTE_ROUND)] == [3, 2, 2]


# -- Spending Momentum: Correct once per roll -----------------------------------------------

def test_correct_is_used_at_most_once_per_roll(scene, config, rolls):
    """Scenes, Acts, and Missions (structured-scenes text), "Spending Momentum": "Unless a
    rule says otherwise, each may be used once per roll by the rolling player" and "Correct
    (Step 6: Modify the Roll). Spend 1 Momentum to reroll the entire pool." A Failure
    corrected into another Failure stands: no second Correct, 1 Momentum spent, and the
    NPC's turn comes next."""
    s = scene(config(pcs=1, npcs=1, start=3), dice=rolls.FAILURE * 2)
    s.auto(st.CORRECT, turn=st.CREW_TURN)
    s.play(st.A_CORRECT)
    assert (s.phase, s.get("turn")) == (st.SET_RISK, st.NPC_TURN)
    assert len(s.notes(st.NOTE_CORRECT)) == 1 and s.momentum == 2
    assert [o[0] for o in s.outcomes()] == [st.FAILURE]
    assert len(s.dice_rolled(st.DIE_POOL)) == 10


# -- The roll: two risk hits ----------------------------------------------------------------

def test_two_risk_hits_are_a_critical_failure_even_with_the_difficulty_met(scene, config):
    """RULES.md section 1.2 ("Decided here: the roll"), the result table's row "any | 2+ |
    Critical Failure" (Rules page, "The roll": the same row): three successes with two 6s
    would be a Critical Success, but two risk dice showing 1 make it a Critical Failure,
    with its -1 Momentum and the GM's seize."""
    s = scene(config(pcs=1, npcs=1, start=3), dice=[6, 6, 5, 2, 2] + [1, 1])
    s.auto(st.SPEND, turn=st.CREW_TURN)
    s.play(st.A_ROLL)
    assert s.fields("successes", "sixes", "hits") == {"successes": 3, "sixes": 2, "hits": 2}
    assert s.get("roll_result") == st.CRITICAL_FAILURE
    s.play(st.A_KEEP)
    assert s.momentum == 2 and s.phase == st.GM_SEIZE


# -- Social scenes: the 0 threshold -----------------------------------------------------------

def test_a_social_scene_at_zero_the_gm_closes_it_against_the_crew(scene, config):
    """Scenes, Acts, and Missions (structured-scenes text), "How Social Structured Scenes
    Work": "Thresholds end the scene. ... At 0 Momentum the GM closes it against them -- the
    deal collapses, the target walks, the alliance shatters." 1 of Full 4: the NPC pushes
    first and wins on two 6s (a Critical Failure: Momentum 0); once the PC has taken its own
    turn (4 dice: the ground it lost), the GM ends the scene."""
    npc_push = [2, 2, 2, 2, 2] + [6, 6, 2, 2, 2]
    pc_turn = [5, 2, 2, 2] + [2, 2, 2, 2, 2]
    s = scene(config(kind="social", pcs=1, npcs=1, start=1), dice=npc_push + pc_turn)
    s.auto(st.AT_ZERO)
    assert (s.get("round"), s.get("turn"), s.get("seat")) == (1, st.CREW_TURN, GM)
    assert s.momentum == 0 and s.outcomes()[0][0] == st.CRITICAL_FAILURE
    assert s.play(st.A_END) == (-1.0, True, False)
    assert s.get("result") == -1


# -- Social scenes: Wounds carry across scenes ----------------------------------------------

def test_social_wounds_carry_across_scenes(scene, config):
    """Scenes, Acts, and Missions (structured-scenes text), "How Social Structured Scenes
    Work": "Use Wounds. Treat serious social blows ... as Wounds against the character's
    Strength + Will capacity. The vocabulary stays unified; the consequences carry across
    scenes until addressed." Capacity 2: one lost exchange a scene wounds once; the wound of
    the first scene is still there in the second, where the second lost exchange puts the
    PC out and loses the mission."""
    cfg = config(kind="social", social_mode="wounds", pcs=1, npcs=1, episode="mission",
                 acts=1, scenes_per_act=2, max_rounds=1, cutoff_result=0, start=1,
                 pc_strength=(1,) * 6, pc_will=(1,) * 6)
    lose = [2, 2, 2, 2, 2] + [5, 2, 2, 2, 2]
    win_after_lost_ground = [5, 2, 2, 2] + [2, 2, 2, 2, 2]
    s = scene(cfg, dice=lose + win_after_lost_ground + lose)
    s.auto(st.SPEND, story_scene=1)
    assert (s.get("wounds"), s.get("out")) == (1, 0)
    s.auto()
    assert s.fields("wounds", "out", "over", "result") == {"wounds": 2, "out": 1, "over": 1,
                                                           "result": -1}
    assert s.notes(st.NOTE_SCENE_OVER) == [(0, st.END_ROUND_LIMIT, 0),
                                           (-1, st.END_CREW_OUT, 0)]


def test_a_mission_paid_per_mission_pays_no_gm_for_a_cut_off_scene(scene, config):
    """The scenes of the test above, a cut-off worth ``cutoff_result`` = -1 and the mission
    paid once (``reward_per="mission"``): the crew's tally counts the cut-off scene lost,
    0 won - 2 lost, so it is paid -1. The adversarial GM's own tally counts the cut-off at
    -1 too: 1 scene won by the rules, 1 cut off, 0; it is paid 0 (the GM's extra -1 on top
    of the crew's negative, +1), not the +1 that would pay it for stalling."""
    cfg = config(kind="social", social_mode="wounds", pcs=1, npcs=1, episode="mission",
                 acts=1, scenes_per_act=2, max_rounds=1, reward_per="mission", start=1,
                 pc_strength=(1,) * 6, pc_will=(1,) * 6)
    lose = [2, 2, 2, 2, 2] + [5, 2, 2, 2, 2]
    win_after_lost_ground = [5, 2, 2, 2] + [2, 2, 2, 2, 2]
    s = scene(cfg, dice=lose + win_after_lost_ground + lose)
    s.auto()
    assert s.notes(st.NOTE_SCENE_OVER) == [(-1, st.END_ROUND_LIMIT, 0),
                                           (-1, st.END_CREW_OUT, 0)]
    assert s.fields("over", "result", "wins", "losses", "cut_scenes") == {
        "over": 1, "result": -1, "wins": 0, "losses": 2, "cut_scenes": 1}
    assert s.batch.gm_extra[0] == -1.0
