"""Every worked example of the Momentum rules text (``docs/rules/momentum.md``), replayed with scripted dice.

Rolls use the ``rolls`` fixture's scripted faces: five pool dice at Risk 2 unless said
otherwise (``rolls.SUCCESS``, ``rolls.CRITICAL_SUCCESS``, ``rolls.CRITICAL_FAILURE``).
"""


from scenegym.envs.momentum import state as st

GM, CREW = st.GM_SIDE, st.CREW_SIDE


def boarding_dice(rolls):
    """Rounds 1-4 of the boarding action: one NPC (its threat answered first when the GM
    leads), then PCs 0-3 in handoff order."""
    medic_upgrade = [6, 2, 2, 2, 3, 3]  # four dice rolled; the upgraded die is the second 6
    r1 = rolls.SUCCESS + rolls.CRITICAL_SUCCESS + rolls.SUCCESS + rolls.SUCCESS + rolls.SUCCESS            # NPC, PC0..PC3
    r2 = rolls.SUCCESS + rolls.SUCCESS + medic_upgrade + rolls.SUCCESS + rolls.SUCCESS
    r3 = rolls.SUCCESS + rolls.SUCCESS + rolls.SUCCESS + rolls.CRITICAL_SUCCESS + rolls.SUCCESS
    r4 = rolls.CRITICAL_FAILURE + rolls.SUCCESS + rolls.SUCCESS + rolls.SUCCESS + rolls.SUCCESS            # PC0..PC3, NPC
    return r1 + r2 + r3 + r4


def test_boarding_action_full_13_start_4_initiative_rounds_1_to_4(scene, config, rolls):
    """Seed: "A four-PC crew starts a boarding action. Full Momentum is (3 x 4) + 1 = 13.
    The GM starts them at 4 Momentum" ... "Round 1. 4 is below half (6.5). GM acts first"
    ... "Critical Success. Momentum -> 5" ... "Round 2. Still below half. GM leads again.
    The medic burns a Willpower upgrade and nails another Critical Success" -> 6 ...
    "Round 3. Another Critical Success pushes Momentum to 7 ... The players act first next
    round." ... "Round 4. Players lead. ... critically fails -- -1 Momentum, back to 6.
    GM leads next round."
    """
    s = scene(config(pcs=4, npcs=1), dice=boarding_dice(rolls))
    assert (s.get("full"), s.momentum) == (13, 4)
    s.auto(st.SPEND, round=1, actor=1)
    assert s.momentum == 5  # PC 0 returned fire: Critical Success
    s.auto(st.SPEND, round=2, actor=1, turn=st.CREW_TURN)
    s.play(st.A_WILLPOWER, st.A_ROLL)  # the medic's upgrade
    assert s.get("willpower", 1) == 1 and s.momentum == 6
    s.auto(st.SPEND, round=3, actor=3)
    assert s.momentum == 7
    s.auto(st.SPEND, round=4, actor=0)
    assert s.leaders() == [GM, GM, GM, CREW]
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.momentum == 6
    s.auto(st.TARGET, round=5)  # round 5 begins with the GM's NPC choosing its target
    assert s.leaders() == [GM, GM, GM, CREW, GM]
    momentum_at_round_start = [m for _, _, m in s.notes(st.NOTE_ROUND)]
    assert momentum_at_round_start == [4, 5, 6, 7, 6]


def corridor_dice(rolls):
    """Round 1: the NPC's threat, then Hanako (PC 0) Presses at Risk 3, then PCs 1-3.
    Round 2: the NPC's threat, PC 0, then Priya (PC 1) Braces Risk 4 down to 3, PCs 2-3."""
    at_risk_3 = [5, 2, 2, 2, 2, 3, 3, 3]
    r1 = rolls.SUCCESS + at_risk_3 + rolls.SUCCESS + rolls.SUCCESS + rolls.SUCCESS
    r2 = rolls.SUCCESS + rolls.SUCCESS + at_risk_3 + rolls.SUCCESS + rolls.SUCCESS
    return r1 + r2


def test_corridor_fight_press_then_brace(scene, config, rolls):
    """Seed: "Momentum sits at 5 of a Full 13. Press. ... The roll is normally Risk 2 ...
    She takes +1 Risk to gain +1 Momentum. Risk goes to 3, Momentum goes to 6. She rolls and
    lands a Success. ... Momentum is now sitting just under half." "Brace. Next round ...
    The GM calls Risk 4 ... They spend 2 Momentum to remove 1 Risk, dropping Priya's roll to
    Risk 3. Momentum is now 4 -- under half, and the GM's side will lead next round."
    The GM calls Risk 4 on a PC's own roll, so this scene sets ``crew_risk_max=4`` (the
    default scene keeps a PC's own rolls within Risk 3: rules page, "The roll").
    """
    s = scene(config(pcs=4, npcs=1, start=5, crew_risk_max=4), dice=corridor_dice(rolls))
    s.auto(st.SPEND, round=1, actor=0, turn=st.CREW_TURN)
    assert s.get("risk") == 2
    s.play(st.A_PRESS)
    assert (s.get("risk"), s.momentum) == (3, 6)
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.outcomes()[-1][0] == st.SUCCESS and s.momentum == 6
    assert 2 * s.momentum < s.get("full")  # just under half
    s.auto(st.SET_RISK, round=2, actor=1)
    s.play(st.A_RISK + 4, st.A_BRACE)
    assert (s.get("risk"), s.momentum) == (3, 4)
    s.play(st.A_ROLL, st.A_KEEP)
    risk_dice = s.dice_rolled(st.DIE_RISK) + s.dice_rolled(st.DIE_PRESS)  # Hanako's Press die
    assert len(risk_dice) == (2 + 3 + 2 * 3) + (2 + 2 + 3)  # Priya: 3 risk dice
    s.auto(st.TARGET, round=3)
    assert s.leaders() == [GM, GM, GM]


def treaty_dice():
    """Contests at Risk 0: Hanako (PC 0) rolls 6 dice, the others 5, the Confederate lead 5.
    Each exchange: the PC's faces, then the opponent's."""
    win6 = [5, 2, 2, 2, 2, 2] + [2, 2, 2, 2, 2]
    win5 = [5, 2, 2, 2, 2] + [2, 2, 2, 2, 2]
    venlyn_critical = [6, 6, 2, 2, 2] + [2, 2, 2, 2, 2]
    hanako_costly = [5, 2, 2, 2, 2, 2] + [5, 2, 2, 2, 2]
    r1 = win6 + win5 + win5 + win5 + win6    # crew leads: PCs 0-3, then the envoy's push
    r2 = win6 + win5 + win5 + win5 + venlyn_critical
    r3 = win6 + win5 + win5 + win5 + hanako_costly
    r4 = win6 + win5 + win5 + win5 + win6
    return r1 + r2 + r3 + r4


def test_treaty_negotiation(scene, config):
    """Seed: "Four PCs, Full Momentum 13. ... the GM sets starting Momentum at 9." "Round 1.
    Hanako ... Presence 3, Influence 3 ... active contest at Risk 0 ... She wins the exchange.
    No Momentum swing on a clean Success" "Round 2. ... Venlyn calls the bluff -- Perception
    3, Savvy 2 -- and lands a Critical Success. Momentum -> 10." "Round 3. ... Hanako's
    counter-roll comes up a Costly Success ... The GM marks it for later. Momentum stays at
    10." "Round 4. ... The GM moves Momentum +3 by fiat ... Momentum -> 13. Full Momentum
    reached. The League spends it to end the scene in their favor." "The intel Hanako tipped
    in Round 3 will land somewhere next mission": the treaty is the first scene of a mission,
    so the complication has later scenes to land in.
    """
    cfg = config(kind="social", pcs=4, npcs=1, start=9, pc_ability=(3, 3, 3, 3, 3, 3),
                 pc_skill=(3, 2, 2, 2, 2, 2), npc_ability=(3,) * 6, npc_skill=(2,) * 6,
                 fiat_uses=1, fiat_max=3, episode="mission", acts=1, scenes_per_act=2)
    s = scene(cfg, dice=treaty_dice())
    s.auto(st.SPEND, round=1, actor=0)
    assert s.get("risk") == 0 and s.get("pool") == 6
    s.play(st.A_ROLL, st.A_KEEP)
    assert s.outcomes()[-1][0] == st.SUCCESS and s.momentum == 9
    s.auto(st.TARGET, round=2)
    s.play(st.A_TARGET + 1)  # the envoy's threat; Venlyn answers
    s.auto(st.SPEND, round=2, actor=1)
    assert s.get("pool") == 5
    s.play(st.A_ROLL)
    assert s.outcomes()[-1][0] == st.CRITICAL_SUCCESS and s.momentum == 10
    s.auto(st.COST, round=3)
    assert s.outcomes()[-1][:2] == (st.COSTLY_SUCCESS, 1) and s.get("actor") == 0
    assert st.A_COST + st.COST_WOUND not in s.legal()  # "No Wounds, no damage"
    s.play(st.A_COST + st.COST_COMPLICATION)  # "The GM marks it for later."
    assert s.momentum == 10 and s.get("complications") == 1
    s.auto(st.FIAT, round=4)
    s.play(st.A_FIAT + st.FIAT_ACTIONS_MAX + 3)
    assert s.momentum == 13 and s.phase == st.AT_FULL
    assert s.play(st.A_END) == (1.0, False, False)  # the scene is won; the mission goes on
    assert s.notes(st.NOTE_SCENE_OVER) == [(1, st.END_FULL, 0)]
    assert s.notes(st.NOTE_ROUND)[-2][:2] == (4, CREW)
    assert (s.get("story_scene"), s.get("carried")) == (1, 1)


def test_ambush_starts_high_and_the_crew_acts_first(scene, config):
    """Seed: "Same crew of four PCs, same Full Momentum of 13." "The setup. ... The GM sets
    starting Momentum at 10 -- well above half. They act first."
    """
    s = scene(config(pcs=4, opening="ambush"))
    assert (s.get("full"), s.momentum) == (13, 10)
    assert s.leaders() == [CREW] and s.get("seat") == CREW and s.phase == st.PICK


def test_ambushed_starts_low_and_the_gm_acts_first(scene, config):
    """Seed: "The reverse. ... The GM sets starting Momentum at 2 -- below half. The GM's side
    acts first." """
    s = scene(config(pcs=4, opening="ambushed"))
    assert (s.get("full"), s.momentum) == (13, 2)
    assert s.leaders() == [GM] and s.get("seat") == GM


def test_caught_off_guard_at_0_one_bad_roll_ends_it(scene, config, rolls):
    """Seed: "Being caught completely off guard might start them at 0 -- one bad roll from the
    GM ending the scene against them." (The GM may end it once every PC has had a turn.)"""
    s = scene(config(pcs=1, npcs=1, start=0), dice=rolls.SUCCESS + rolls.SUCCESS)
    s.auto(st.AT_ZERO)
    assert s.get("ever") == 1 and s.get("seat") == GM
    assert s.play(st.A_END) == (-1.0, True, False)
