"""Rules of Momentum scenes that the other test files leave out, one scripted test each.

Sources: the Momentum rules text (no published source was found; ``docs/rules/momentum.md``
says what this project implements and decides), quoted by its section titles: "Surprise and
Ambush", "Thresholds", "Initiative", "Spending Momentum", "How Social Structured Scenes Work",
and the optional social modes ("Use a goal counter", "Run it purely narratively"). The roll
and the GM side have no source at all: they are this project's (``docs/rules/momentum.md``,
"The roll" and "The GM side"). Rolls are five pool dice at Risk 2 (``rolls`` fixture) unless
said otherwise; contest dice are the PC's pool faces, its risk dice, then the opponent's.
"""

import pytest

from scenegym.envs.momentum import state as st

GM, CREW = st.GM_SIDE, st.CREW_SIDE


# -- Surprise and Ambush ---------------------------------------------------------------------

@pytest.mark.parametrize("pcs, full, ambush, ambushed", [
    (1, 4, 3, 1), (2, 7, 5, 1), (3, 10, 8, 2), (5, 16, 12, 2), (6, 19, 14, 3)])
def test_ambush_starts_high_and_ambushed_low_for_every_crew_size(scene, config, pcs, full,
                                                                 ambush, ambushed):
    """"Surprise and Ambush": "A team that sets an ambush begins with high Momentum, well above
    half. ... A team that gets ambushed begins with low Momentum, below half. The GM's side
    acts first." docs/rules/momentum.md: ambush 75 % of Full, ambushed 15 %, rounded half
    up [ambush_pct, ambushed_pct]."""
    s = scene(config(pcs=pcs, opening="ambush"))
    assert (s.get("full"), s.momentum, s.leaders()) == (full, ambush, [CREW])
    s = scene(config(pcs=pcs, opening="ambushed"))
    assert (s.get("full"), s.momentum, s.leaders()) == (full, ambushed, [GM])


# -- The roll ---------------------------------------------------------------------------------

@pytest.mark.parametrize("faces, result", [([5, 2, 2, 2, 2, 3, 3], st.FAILURE),
                                           ([5, 5, 2, 2, 2, 3, 3], st.SUCCESS),
                                           ([5, 2, 2, 2, 2, 1, 3], st.CRITICAL_FAILURE)])
def test_difficulty_above_1_needs_that_many_successes(scene, config, faces, result):
    """docs/rules/momentum.md, "The roll": "Difficulty is 1 success unless the GM sets more"
    [difficulty]: at difficulty 2 one success is a Failure, two are a Success, and a missed
    difficulty with one risk hit is a Critical Failure."""
    s = scene(config(pcs=1, npcs=1, start=3, difficulty=2), dice=faces)
    s.auto(st.SPEND, turn=st.CREW_TURN)
    s.play(st.A_ROLL)
    assert s.get("roll_result") == result


# -- Spending Momentum ------------------------------------------------------------------------

def test_press_is_refused_at_the_risk_cap(scene, config):
    """"Press ... Take +1 Risk to gain +1 Momentum"; docs/rules/momentum.md: no roll goes
    above ``risk_cap``, so at the cap Press is not offered."""
    s = scene(config(pcs=1, npcs=1, start=2, risk_cap=4, crew_risk_max=4), risk=4)
    s.auto(st.SPEND)
    assert s.get("risk") == 4 and st.A_PRESS not in s.legal()
    s = scene(config(pcs=1, npcs=1, start=2, risk_cap=4), risk=3)
    s.auto(st.SPEND)
    assert st.A_PRESS in s.legal()


def test_brace_is_refused_at_risk_0(scene, config):
    """"Brace ... Spend 2 Momentum to remove 1 Risk": at Risk 0 there is no Risk to remove,
    so Brace is not offered, however much Momentum the crew holds."""
    s = scene(config(pcs=1, npcs=1, start=4, crew_risk_min=0), risk=0)
    s.auto(st.SPEND)
    assert (s.get("risk"), s.momentum) == (0, 4) and st.A_BRACE not in s.legal()


@pytest.mark.parametrize("start, faces", [(3, [6, 6, 2, 2, 2, 3, 3]),   # a Critical Success
                                          (0, [2, 2, 2, 2, 2, 3, 3])])  # no Momentum to spend
def test_correct_is_withheld_on_a_critical_success_and_without_momentum(scene, config, start,
                                                                         faces):
    """"Correct ... Spend 1 Momentum to reroll the entire pool": with no Momentum it cannot be
    paid, and on a Critical Success there is nothing to correct: no Correct decision."""
    s = scene(config(pcs=1, npcs=1, start=start), dice=faces + [5, 2, 2, 2, 2, 3, 3])
    s.auto(st.SPEND, turn=st.CREW_TURN)
    s.play(st.A_ROLL)
    assert s.phase != st.CORRECT and s.get("corrected") == 0


# -- Turn order -------------------------------------------------------------------------------

def test_handoff_across_rounds_names_who_opens_the_next_round(scene, config, rolls):
    """"Handoff. The character who just finished their turn picks who goes next on their
    side." The last PC of a round names any PC: that PC opens the crew's next turns."""
    s = scene(config(pcs=2, npcs=1, start=5), dice=rolls.SUCCESS * 6)
    s.auto(st.PICK)
    s.play(st.A_PC + 0)
    s.auto(st.HANDOFF)  # PC 1 acted (the only one waiting), and hands off across the round
    assert s.get("actor") == 1 and s.legal() == [st.A_PC + 0, st.A_PC + 1]
    s.play(st.A_PC + 1)
    s.auto(st.SET_RISK, round=2)
    assert (s.leaders(), s.get("actor"), s.get("turn")) == ([CREW, CREW], 1, st.CREW_TURN)


def test_handoff_to_a_pc_who_then_goes_out_falls_back_to_the_group(scene, config, rolls):
    """docs/rules/momentum.md, "Initiative and turn order": "a turn whose named PC has gone
    out, is a group pick". PC 2 hands off to PC 0; the NPC's threat puts PC 0 out; round 2 opens with a
    group pick among PCs 1 and 2."""
    cfg = config(pcs=3, npcs=1, start=7, pc_strength=(0, 2, 2, 2, 2, 2),
                 pc_will=(1, 2, 2, 2, 2, 2))
    s = scene(cfg, dice=rolls.SUCCESS * 3 + rolls.FAILURE)
    s.auto(st.HANDOFF, actor=2)
    s.play(st.A_PC + 0)
    s.auto(st.TARGET)
    s.play(st.A_TARGET + 0)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.get("out", 0) == 1
    assert (s.phase, s.get("round"), s.legal()) == (st.PICK, 2, [st.A_PC + 1, st.A_PC + 2])


@pytest.mark.parametrize("answer, goes_out", [("FAILURE", True), ("SUCCESS", False)])
def test_thresholds_arm_when_the_pc_who_never_acted_goes_out(scene, config, rolls, answer,
                                                             goes_out):
    """"Neither threshold can end the scene until every player character has taken at least
    one turn." A PC who goes out before its first turn takes none: the thresholds wait only
    for the PCs still in the scene (docs/rules/momentum.md, "Thresholds")."""
    cfg = config(pcs=2, npcs=1, start=0, pc_strength=(2, 0, 2, 2, 2, 2),
                 pc_will=(2, 1, 2, 2, 2, 2))
    s = scene(cfg, dice=getattr(rolls, answer) + rolls.SUCCESS * 2)
    s.auto(st.TARGET)
    s.play(st.A_TARGET + 1)  # the NPC's threat at PC 1, before either PC's turn
    s.auto(st.SPEND)
    s.play(st.A_ROLL)  # no Correct at 0 Momentum
    assert s.get("out", 1) == goes_out
    s.auto(st.SPEND, turn=st.CREW_TURN, actor=0)
    s.play(st.A_ROLL)  # PC 0's own turn at 0 Momentum
    assert (s.phase == st.AT_ZERO) == goes_out


# -- Social scenes ----------------------------------------------------------------------------

LOSE = [2, 2, 2, 2, 2] + [5, 2, 2, 2, 2]


def social(config, **fields):
    return config(kind="social", pcs=1, npcs=1, **fields)


def test_losing_to_an_opponent_critical_is_a_failure_without_opponent_criticals(scene,
                                                                                 config):
    """docs/rules/momentum.md, "Social scenes": losing an exchange to an opponent who rolled
    two 6s is a Critical Failure, or a plain Failure with opponent_criticals=False."""
    s = scene(social(config, start=3, opponent_criticals=False),
              dice=[2, 2, 2, 2, 2] + [6, 6, 2, 2, 2])
    s.auto(st.SPEND)
    s.play(st.A_ROLL)
    assert s.get("roll_result") == st.FAILURE and s.momentum == 3


@pytest.mark.parametrize("risk_faces, result", [([3], st.SUCCESS), ([1], st.COSTLY_SUCCESS)])
def test_social_contests_roll_risk_dice_when_set(scene, config, risk_faces, result):
    """"an active contest at Risk 0" is the default [social_risk]; at Risk 1 the PC rolls a
    risk die, and a hit worsens a won exchange to a Costly Success as in any roll."""
    s = scene(social(config, start=3, social_risk=1),
              dice=[5, 2, 2, 2, 2] + risk_faces + [2, 2, 2, 2, 2])
    s.auto(st.SPEND)
    assert s.get("risk") == 1
    s.play(st.A_ROLL)
    assert s.dice_rolled(st.DIE_RISK) == risk_faces and s.get("roll_result") == result


def test_an_npc_turn_contest_uses_the_acting_npcs_pool(scene, config):
    """"resolve it as an active contest ... using the relevant Ability + Influence": on an
    NPC's turn the NPC that acts is the opponent, with its own pool (NPC 1: 1 + 1 dice)."""
    cfg = config(kind="social", pcs=1, npcs=2, start=1, npc_ability=(3, 1, 3, 3, 3, 3),
                 npc_skill=(2, 1, 2, 2, 2, 2))
    s = scene(cfg, dice=[5, 2, 2, 2, 2] + [2, 2])
    s.auto(st.NPC_PICK)
    s.play(st.A_NPC + 1)
    s.auto(st.SPEND)
    s.play(st.A_ROLL)
    assert s.get("npc") == 1 and len(s.dice_rolled(st.DIE_OPPONENT)) == 2


def test_goal_counter_won_by_the_gm_side(scene, config):
    """"Use a goal counter. Each side declares their objective and tallies successes toward
    it. First side to hit their goal total ... wins the scene." The GM side tallies its net
    successes of the exchanges the PC loses: 2 of goal 2, and the crew loses."""
    s = scene(social(config, start=2, social_mode="goal", goal_crew=5, goal_gm=2),
              dice=[2, 2, 2, 2, 2] + [5, 5, 2, 2, 2])
    s.auto(st.SPEND)
    assert s.play(st.A_ROLL, st.A_KEEP) == (-1.0, True, False)
    assert s.fields("goal_gm", "goal_crew") == {"goal_gm": 2, "goal_crew": 0}


def test_narrative_scene_with_a_negative_tally_is_lost(scene, config):
    """"Run it purely narratively ... the scene ends when it ends": docs/rules/momentum.md,
    at the round limit the exchanges won minus lost decide; two lost exchanges lose it."""
    cfg = social(config, start=2, social_mode="narrative", max_rounds=1)
    s = scene(cfg, dice=LOSE + [2, 2, 2, 2] + [5, 2, 2, 2, 2])
    s.auto()
    assert s.fields("over", "result", "exchanges") == {"over": 1, "result": -1,
                                                       "exchanges": -2}
