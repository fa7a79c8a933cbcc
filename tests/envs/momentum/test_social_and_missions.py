"""Social structured scenes and missions of the Momentum rules text (``docs/rules/momentum.md``), scripted.

Contest dice: the PC's pool faces, (its risk dice,) then the opponent's pool faces. The
default PC and NPC pools are 5 dice (Ability 3 + Skill 2).
"""

import numpy as np
import pytest

from scenegym.envs.momentum import state as st

WIN = [5, 2, 2, 2, 2] + [2, 2, 2, 2, 2]
TIE = [5, 2, 2, 2, 2] + [5, 2, 2, 2, 2]
LOSE = [2, 2, 2, 2, 2] + [5, 2, 2, 2, 2]
LOSE_TO_CRITICAL = [2, 2, 2, 2, 2] + [6, 6, 2, 2, 2]
WIN_CRITICAL = [6, 6, 2, 2, 2] + [2, 2, 2, 2, 2]


def social(config, **fields):
    return config(kind="social", pcs=1, npcs=1, **fields)


@pytest.mark.parametrize("dice, result", [(WIN, st.SUCCESS), (WIN_CRITICAL, st.CRITICAL_SUCCESS),
                                          (TIE, st.COSTLY_SUCCESS), (LOSE, st.FAILURE),
                                          (LOSE_TO_CRITICAL, st.CRITICAL_FAILURE)])
def test_exchanges_are_active_contests_at_risk_0(scene, config, dice, result):
    """Seed: "Exchanges are active contests. ... resolve it as an active contest at Risk 0,
    using the relevant Ability + Influence ... Remaining Successes win the exchange."
    Rules page: "net >= 1: the actor wins (Critical if it rolled 2+ sixes); net 0: Costly
    Success for the actor; net < 0: the other side wins." """
    s = scene(social(config, start=3), dice=dice)
    s.auto(st.SPEND)
    assert s.get("risk") == 0
    s.play(st.A_ROLL)
    assert s.get("roll_result") == result and not s.dice_rolled(st.DIE_RISK)
    assert len(s.dice_rolled(st.DIE_OPPONENT)) == 5


def test_criticals_swing_momentum_in_social_scenes(scene, config):
    """Seed: "Momentum is the scene's pulse. Criticals swing it by the normal rules." """
    s = scene(social(config, start=2), dice=WIN_CRITICAL)
    s.auto(st.SPEND)
    s.play(st.A_ROLL)
    assert s.momentum == 3


def test_no_wounds_by_default_in_social_scenes(scene, config):
    """Seed: "No damage track, no Wounds, no physical consequences." """
    s = scene(social(config, start=1), dice=LOSE + [5, 2, 2, 2] + [5, 2, 2, 2, 2])
    s.auto(st.SPEND)  # the GM side pushes first (1 of Full 4)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.get("wounds") == 0
    s.auto(st.COST)
    assert st.A_COST + st.COST_WOUND not in s.legal()


def test_losing_an_exchange_costs_ground_on_the_next_roll(scene, config):
    """Seed: "Losing an active contest has teeth. Ground lost in one exchange shapes the
    next." (This project: the loser rolls one die fewer next time.)"""
    s = scene(social(config, start=1), dice=LOSE + [5, 2, 2, 2] + [2] * 5)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    s.auto(st.SPEND)
    assert s.get("pool") == 4


def test_costly_success_is_a_lasting_concession(scene, config):
    """Seed: "Costly Success is the main dramatic beat. Every Costly Success is a concession
    that matters." -- the GM may make it a lasting complication (in a mission's first scene:
    a later scene feels it)."""
    s = scene(social(config, start=3, episode="mission", acts=1, scenes_per_act=2), dice=TIE)
    s.auto(st.COST)
    s.play(st.A_COST + st.COST_COMPLICATION)
    assert s.get("complications") == 1


def test_social_wounds_mode(scene, config):
    """Seed: "Use Wounds. Treat serious social blows ... as Wounds against the character's
    Strength + Will capacity." """
    s = scene(social(config, start=1, social_mode="wounds"), dice=LOSE)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.get("wounds") == 1


def test_social_narrative_mode(scene, config):
    """Seed: "Run it purely narratively. Skip any mechanical accumulation ... Rolls still
    happen ... the scene ends when it ends." (This project: Momentum never moves, and at the
    round limit the exchanges won and lost decide.)"""
    cfg = social(config, start=2, social_mode="narrative", max_rounds=1)
    s = scene(cfg, dice=WIN_CRITICAL + WIN)
    s.auto(st.SPEND)
    assert st.A_PRESS not in s.legal() and st.A_BRACE not in s.legal()
    s.play(st.A_ROLL)
    assert s.momentum == 2 and s.phase != st.CORRECT  # no swing, no Correct
    s.auto()
    assert (s.get("over"), s.get("result"), s.get("exchanges")) == (1, 1, 2)


def test_social_goal_counter_mode(scene, config):
    """Seed: "Use a goal counter. Each side declares their objective and tallies successes
    toward it. First side to hit their goal total ... wins the scene." """
    cfg = social(config, start=2, social_mode="goal", goal_crew=2, goal_gm=5)
    big_win = [5, 5, 2, 2, 2] + [2] * 5
    s = scene(cfg, dice=big_win)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.get("goal_crew") == 2 and s.get("over") and s.get("result") == 1


def mission(config, **fields):
    return config(pcs=1, npcs=1, episode="mission", acts=2, scenes_per_act=2, max_rounds=1,
                  start=1, **fields)


def test_willpower_regenerates_between_acts_and_wounds_carry(scene, config, rolls):
    """Seed: "Willpower regenerates between acts." Rules page: "Hierarchy: scene < act <
    mission." (Wounds carry until the mission ends.)"""
    upgrade = [2, 2, 2, 2, 3, 3]
    s = scene(mission(config), dice=rolls.FAILURE + upgrade + rolls.SUCCESS * 2)
    s.auto(st.SPEND, turn=st.CREW_TURN)
    s.play(st.A_WILLPOWER, st.A_ROLL, st.A_KEEP)
    s.auto(st.SPEND, story_scene=1)
    assert (s.get("act"), s.get("wounds"), s.get("willpower")) == (0, 1, 1)
    s.auto(st.SPEND, story_scene=2)
    assert (s.get("act"), s.get("wounds"), s.get("willpower")) == (1, 1, 2)
    assert s.momentum == 1  # Momentum resets for each scene


def test_complications_carry_into_the_next_scene(scene, config, rolls):
    """Seed: "The intel Hanako tipped in Round 3 will land somewhere next mission -- that is
    how Costly Success carries into the long arc." (This project: -1 starting Momentum.)"""
    s = scene(mission(config), dice=rolls.COSTLY + rolls.SUCCESS)
    s.auto(st.COST)
    s.play(st.A_COST + st.COST_COMPLICATION)
    s.auto(st.SPEND, story_scene=1)
    assert (s.get("carried"), s.get("start")) == (1, 0)


@pytest.mark.parametrize("reward_per, rewards", [("scene", [1.0, 1.0, 1.0, 1.0]),
                                                  ("mission", [0.0, 0.0, 0.0, 1.0])])
def test_mission_reward_per_scene_or_per_mission(scene, config, reward_per, rewards, rolls):
    """Issue 3: "crew +1/-1 per scene (or per mission, by config)": per scene, each scene's
    result is paid when it ends; per mission, the sign of the total at the mission's end."""
    cfg = config(pcs=1, npcs=1, episode="mission", acts=2, scenes_per_act=2, start=3,
                 reward_per=reward_per)
    s = scene(cfg, dice=rolls.CRITICAL_SUCCESS * 4)
    got = []
    for _ in range(4):
        s.auto(st.AT_FULL)
        step = s.play(st.A_END)
        got.append(step.reward)
    assert (got, step.over, step.truncated) == (rewards, True, False)
    assert s.get("result") == (4 if reward_per == "scene" else 1)
    assert [b for b, _, _ in s.notes(st.NOTE_SCENE_OVER)] == [1, 1, 1, 1]


def test_full_recovery_between_missions(scene, config, rolls):
    """Seed: "Between missions, characters fully recover" -- the next episode starts fresh."""
    cfg = mission(config, pc_strength=(0,) * 6, pc_will=(1,) * 6)
    s = scene(cfg, dice=rolls.FAILURE)
    s.auto(st.SPEND)
    s.play(st.A_ROLL, st.A_KEEP)  # the only PC is out: the mission is lost
    assert s.get("over") and s.get("result") == -4
    s.batch.next_episode(np.array([True]))
    assert (s.get("wounds"), s.get("out"), s.get("willpower"), s.get("over")) == (0, 0, 1, 0)
