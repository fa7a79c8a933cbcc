"""Thresholds offered at the moment Momentum reaches them, whatever moved it there.

Source: the Momentum rules text (no published source was found; see
``docs/rules/momentum.md``), "Thresholds": "When the players reach full Momentum, they may
choose to spend all of it to end the scene in their favor." / "When the players reach 0
Momentum, the GM may choose to end the scene against them." / "Neither threshold can end the
scene until every player character has taken at least one turn."
"""

from scenegym.envs.momentum import state as st

ROUND_1 = "SUCCESS", "SUCCESS"  # round 1 of a lone PC: its own turn, then the NPC's threat


def after_round_1(rolls, *later):
    """Dice of a lone PC's first round (two Successes), then ``later``."""
    return [face for name in ROUND_1 for face in getattr(rolls, name)] + [
        face for dice in later for face in dice]


def test_brace_to_zero_offers_the_threshold_before_the_roll(scene, config, rolls):
    """A Brace that spends the last Momentum reaches 0 (the lone PC's first turn is over): the
    GM may end the scene at once, so a Critical Success of the braced roll cannot skip the
    threshold."""
    s = scene(config(pcs=1, npcs=1, start=2), dice=after_round_1(rolls, rolls.CRITICAL_SUCCESS))
    s.auto(st.SPEND, round=2)
    s.play(st.A_BRACE)
    assert (s.phase, s.get("seat"), s.momentum) == (st.AT_ZERO, st.GM_SIDE, 0)
    assert s.play(st.A_END) == (-1.0, True, False)


def test_passing_at_zero_after_a_brace_resumes_the_roll(scene, config, rolls):
    """After the GM passes, the braced roll goes on from step 4 (Brace spent, Risk 1)."""
    s = scene(config(pcs=1, npcs=1, start=2),
              dice=after_round_1(rolls, rolls.CRITICAL_SUCCESS[:6]))
    s.auto(st.SPEND, round=2)
    s.play(st.A_BRACE, st.A_PASS)
    assert (s.phase, s.get("risk"), s.get("braced")) == (st.SPEND, 1, 1)
    assert st.A_BRACE not in s.legal()
    s.play(st.A_ROLL)
    assert s.momentum == 1


def test_press_to_full_offers_the_threshold_before_the_roll(scene, config, rolls):
    """A Press that fills Momentum reaches Full (the lone PC's first turn is over): the crew
    may spend it all at once, so a Critical Failure of the pressed roll cannot skip the
    threshold."""
    s = scene(config(pcs=1, npcs=1, start=3), dice=after_round_1(rolls, rolls.CRITICAL_FAILURE))
    s.auto(st.SPEND, round=2)
    s.play(st.A_PRESS)
    assert (s.phase, s.get("seat"), s.momentum) == (st.AT_FULL, st.CREW_SIDE, 4)
    assert s.play(st.A_END) == (1.0, True, False)


def test_seize_to_zero_offers_the_threshold_before_the_next_turn(scene, config, rolls):
    """A Seize that spends the last Momentum reaches 0 (every PC has had a turn): the GM may
    end the scene before the crew's turn."""
    s = scene(config(pcs=1, npcs=2, start=1), dice=rolls.SUCCESS * 5)
    s.auto(st.SEIZE, round=2)
    s.play(st.A_SEIZE)
    assert (s.phase, s.momentum) == (st.AT_ZERO, 0)
    s.play(st.A_PASS)
    assert (s.get("turn"), s.get("actor"), s.phase) == (st.CREW_TURN, 0, st.SET_RISK)


def test_correct_to_zero_offers_the_threshold_before_the_reroll(scene, config, rolls):
    """A Correct that spends the last Momentum reaches 0 (on the lone PC's second turn): the
    GM may end the scene before the reroll; when it passes, the reroll decides the roll."""
    dice = after_round_1(rolls, rolls.SUCCESS, rolls.FAILURE, rolls.CRITICAL_SUCCESS)
    s = scene(config(pcs=1, npcs=1, start=1), dice=dice)
    s.auto(st.CORRECT, turn=st.CREW_TURN, round=2)
    s.play(st.A_CORRECT)
    assert (s.phase, s.momentum) == (st.AT_ZERO, 0)
    s.play(st.A_PASS)
    assert s.outcomes()[-1][0] == st.CRITICAL_SUCCESS and s.momentum == 1


def test_fiat_to_full_offers_the_threshold_at_once(scene, config, rolls):
    """Seed, treaty example: "The GM moves Momentum +3 by fiat ... Full Momentum reached. The
    League spends it to end the scene in their favor." """
    s = scene(config(pcs=1, npcs=1, start=2, fiat_uses=1), dice=rolls.SUCCESS * 2)
    s.auto(st.FIAT)
    s.play(st.A_FIAT + st.FIAT_ACTIONS_MAX + 2)
    assert (s.phase, s.momentum) == (st.AT_FULL, 4)


def test_a_threshold_reached_before_every_pc_has_acted_waits(scene, config, rolls):
    """"Neither threshold can end the scene until every player character has taken at least
    one turn": a Press to Full on the first PC's turn offers nothing yet."""
    s = scene(config(pcs=2, npcs=1, start=6), dice=rolls.SUCCESS)
    s.auto(st.SPEND)
    s.play(st.A_PRESS)
    assert (s.phase, s.momentum) == (st.SPEND, 7)


def test_a_lone_pc_cannot_press_to_full_before_its_first_turn_is_over(scene, config, rolls):
    """"Neither threshold can end the scene until every player character has taken at least
    one turn. No instant victories." A lone PC of an ambush (Full 4, start 3) Presses to Full
    on its first turn: nothing is offered until the turn is over (a turn counts as taken when
    it ends); its Success keeps Full, and the crew may end the scene then."""
    s = scene(config(pcs=1, npcs=1, opening="ambush"), dice=rolls.SUCCESS + [3])
    s.auto(st.SPEND)
    s.play(st.A_PRESS)
    assert (s.phase, s.momentum, s.get("ever")) == (st.SPEND, 4, 0)
    s.play(st.A_ROLL, st.A_KEEP)
    assert (s.phase, s.momentum, s.get("ever")) == (st.AT_FULL, 4, 1)


def test_a_lone_pc_cannot_brace_to_zero_before_its_first_turn_is_over(scene, config, rolls):
    """"No immediate collapses": a lone PC Braces its first roll to 0; the GM is offered
    nothing, and the braced Critical Success lifts Momentum to 1 before the turn ends."""
    s = scene(config(pcs=1, npcs=1, start=2), dice=rolls.CRITICAL_SUCCESS[:6])
    s.auto(st.SPEND)
    s.play(st.A_BRACE)
    assert (s.phase, s.momentum) == (st.SPEND, 0)
    s.play(st.A_ROLL)
    assert s.momentum == 1 and s.phase != st.AT_ZERO
