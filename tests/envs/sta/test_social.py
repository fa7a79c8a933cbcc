"""Social conflict rules, one scripted scene each (Star Trek Adventures 2nd edition core
rulebook, "Social Conflict", pp. 279-283; the words cited per test).

Unless a test says otherwise: one PC (slot 0) against one Notable NPC (slot 4). The PC asks
with Presence 8 + Command 2 = 10 and resists with Control 10 + Command 2 = 12 (its focus,
Security, does not apply: criticals only on a 1); the NPC asks with 10 and resists with 12.
"""

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.sta import state as st

NPC0 = st.MAX_PCS
SOCIAL = {"conflict": "social", "npc_tiers": ("notable",)}


def ask(c, asker=0, target=NPC0):
    """``asker`` takes its turn and makes a request of ``target``, who resists."""
    c.turn(asker)
    c.play(st.A_REQUEST + target)
    assert c.phase == st.YIELD and c.get("seat") == (GM if target >= NPC0 else CREW)
    c.play(st.A_RESIST)
    return c


def test_yield_grants_the_request_and_ends_the_scene(conflict):
    """"YIELD: The character receiving the request agrees to it ... This is automatic and
    requires no task.\""""
    c = conflict(**SOCIAL).turn(0)
    c.play(st.A_REQUEST + NPC0)
    reward = c.play(st.A_YIELD).reward
    assert c.get("over") == 1 and reward == 1.0


def test_the_asker_rolls_first_and_sets_the_difficulty(conflict):
    """"The asking character first rolls an appropriate combination of attribute +
    department to set the Difficulty ... The resisting character rolls in response." One
    success (the 5) sets Difficulty 1; the NPC's 13 and 14 miss: the asker wins, and the
    shortfall of 1 becomes the crew's Momentum."""
    c = ask(conflict(dice=[5, 15, 13, 14], **SOCIAL))
    assert c.get("roller") == 0
    c.play(st.A_ROLL)
    assert c.get("difficulty") == 1 and c.get("roller") == NPC0
    c.play(st.A_ROLL)
    assert c.phase == st.GIVE and c.get("seat") == GM and c.get("severity") == 1
    assert c.get("momentum") == 1


def test_losing_resister_gives_in_or_suffers_stress_an_npc_with_threat(conflict):
    """"the resisting character may either give in ... or they may resist by suffering
    Stress"; "Notable and Major NPCs may spend Threat to avoid consequences"."""
    c = ask(conflict(dice=[5, 15, 13, 14], **SOCIAL))
    c.play(st.A_ROLL, st.A_ROLL, st.A_SUFFER)
    assert c.get("threat") == 2 - 1 and c.get("over") == 0
    g = ask(conflict(dice=[5, 15, 13, 14], **SOCIAL))
    assert g.play(st.A_ROLL, st.A_ROLL, st.A_GIVE_IN).reward == 1.0


def test_a_minor_npc_cannot_resist_by_suffering(conflict):
    """"NPCs do not have Stress. Notable and Major NPCs may spend Threat" (a Minor may not)."""
    c = ask(conflict(dice=[5, 15, 13, 14], conflict="social", npc_tiers=("minor",)))
    c.play(st.A_ROLL, st.A_ROLL)
    assert c.legal() == [st.A_GIVE_IN]


def test_a_resisted_request_cannot_be_made_again_until_the_context_changes(conflict):
    """"if a character resists a request ... that request cannot be made again without being
    changed, or without some other change of context." Ties go to the resister's roll."""
    c = ask(conflict(dice=[5, 15, 5, 15], **SOCIAL))
    c.play(st.A_ROLL, st.A_ROLL)
    assert c.get("fresh", NPC0) == 0 and c.notes(st.NOTE_RESISTED) == [(NPC0, 0, 0)]
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0)
    assert st.A_REQUEST + NPC0 not in c.legal() and st.A_EVIDENCE in c.legal()
    c.play(st.A_EVIDENCE)
    assert c.get("fresh", NPC0) == 1


def test_severity_is_the_askers_successes_plus_2_momentum_each(conflict):
    """"The severity of this ... is equal to the number of successes scored by the asking
    character. The asking character may increase this severity by 1 by spending 2 Momentum
    (Repeatable)." Two successes (1 is a critical) and 4 + 2 Momentum."""
    c = ask(conflict(dice=[1, 15, 13, 14], momentum_start=4, **SOCIAL))
    c.play(st.A_ROLL, st.A_ROLL)
    assert c.phase == st.SPEND and c.get("severity") == 2 and c.get("momentum") == 6
    c.play(st.A_SEVERITY, st.A_SEVERITY, st.A_DONE)
    assert c.get("severity") == 4 and c.get("momentum") == 2 and c.phase == st.GIVE


def test_evidence_adds_1_to_the_severity(conflict):
    """"Each relevant piece of evidence the target is willing to accept also adds 1 to the
    severity after a Persuade opposed task.\""""
    c = conflict(dice=[5, 15, 13, 14], **SOCIAL).turn(0)
    c.play(st.A_EVIDENCE)
    c.turn(NPC0).play(st.A_PASS)
    ask(c).play(st.A_ROLL, st.A_ROLL)
    assert c.get("severity") == 1 + 1 and c.get("evidence", 0) == 0


def test_a_pc_suffers_stress_and_fatigue_shuts_down_an_attribute(conflict):
    """"When you have suffered your maximum Stress, you are Fatigued ... you suffer +1
    Difficulty on all task rolls. Further, select one of your attributes: while Fatigued, you
    automatically fail any task using that attribute." The PC (Fitness 9, Stress 7) resists
    a severity-2 request (the NPC's 1 is a critical): 2 Stress fill the track."""
    c = conflict(dice=[1, 15, 13, 14, 5, 15], threat_per_pc=4, **SOCIAL)
    c.put("stress", 7, 0)
    ask(c, NPC0, 0).play(st.A_ROLL, st.A_ROLL, st.A_DONE)  # the NPC adds no severity
    assert c.phase == st.GIVE and c.get("seat") == CREW and c.get("severity") == 2
    c.play(st.A_SUFFER)
    assert c.get("stress", 0) == 9 and c.phase == st.SHUT_DOWN
    c.play(st.A_SHUT + st.CONTROL)
    assert c.get("shut", 0) == st.CONTROL
    c.turn(0).play(st.A_PASS)
    c.turn(NPC0).play(st.A_EVIDENCE)  # a fresh context for the NPC's next request
    c.turn(0).play(st.A_PASS)
    ask(c, NPC0, 0).play(st.A_ROLL)  # the NPC's 5: one success
    assert c.get("difficulty") == 1 + 1  # +1 Fatigued
    c.play(st.A_ROLL, st.A_DONE)  # Control is shut down: the resistance fails, no die rolled
    assert c.phase == st.GIVE and c.legal() == [st.A_GIVE_IN]


def test_deception_must_be_beaten_and_a_lie_widens_the_complication_range(conflict):
    """Deception: "If they score more successes, they are not deceived"; "Successful
    Deception also adds 1 Difficulty per successful lie to the severity ... it also
    increases the deceiver's complication range by 1 for each lie". One success each: a tie
    deceives. Then a 19 is a complication, and "If the target discovers they were deceived
    ... you lose the trait you created and suffer a complication in its place.\""""
    c = conflict(dice=[5, 15, 5, 15, 19, 5, 13, 14], **SOCIAL).turn(0)
    c.play(st.A_DECEIVE + NPC0, st.A_ROLL)
    assert c.get("difficulty") == 2
    c.play(st.A_ROLL)
    lie = st.MAX_CHARS * 0 + NPC0  # the lie PC 0 told the NPC
    assert c.get("lies", lie) == 1
    c.turn(NPC0).play(st.A_PASS)
    ask(c).play(st.A_ROLL)
    assert c.get("lies", lie) == 0 and c.get("complications", 0) == 1


def test_intimidation_imposes_fear_and_sours_negotiation(conflict):
    """"Successfully intimidating someone imposes a trait upon them"; "Few beings will be
    amenable to trade and negotiate with those they've been threatened by, and such trades
    may have a steeper cost" [offer_cost, hostility_cost]. PC 0 intimidates with Presence 8
    + Security 4 = 12 (focus: criticals at 4 or under)."""
    c = conflict(dice=[3, 15, 15, 16], **SOCIAL).turn(0)
    c.play(st.A_INTIMIDATE + NPC0, st.A_ROLL, st.A_ROLL)
    assert c.get("fear", NPC0) == 1 and c.get("hostile") == 1
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0).play(st.A_NEGOTIATE)
    assert c.get("threat") == 2 + 1 + 1 and c.get("offers", 0) == 1


def test_fear_and_offers_raise_the_difficulty_of_resisting(conflict):
    """Interpretation: an intimidated target and an offer on the table each add 1 to the
    Difficulty of resisting the request."""
    c = conflict(dice=[5, 15], **SOCIAL)
    c.put("fear", 1, NPC0)
    c.put("offers", 1, 0)
    ask(c).play(st.A_ROLL)
    assert c.get("difficulty") == 1 + 1 + 1


def test_momentum_removes_stress_after_a_successful_task(conflict):
    """"After a successful task, you may spend 2 Momentum to remove 1 Stress (Repeatable)
    ... A character cannot remove more than 3 Stress in this way on any single task.\""""
    c = conflict(dice=[15, 16, 3, 4], momentum_start=6, **SOCIAL)
    c.put("stress", 5, 0)
    c.turn(NPC0)
    c.play(st.A_REQUEST + 0, st.A_RESIST, st.A_ROLL, st.A_ROLL)  # the PC holds with 2
    assert c.phase == st.SPEND and c.get("seat") == CREW
    c.play(st.A_RECOVER, st.A_RECOVER, st.A_RECOVER)
    assert c.get("stress", 0) == 2 and c.get("momentum") == 6 - 3 * 2  # 6 + 2 capped at 6
    assert c.phase != st.SPEND


def test_a_resisted_request_is_not_asked_again_by_the_askers_ally(conflict):
    """"Regardless of any other consequences, if a character resists a request in a social
    conflict, then that request cannot be made again without being changed, or without some
    other change of context." (Star Trek Adventures 2nd edition core rulebook, "Social
    Conflict", p. 280.) The request is the crew's and the NPC resisted it: PC 1 may not put it
    again in the same context; Evidence PC 1 shows changes the context for the whole crew."""
    c = ask(conflict(dice=[5, 15, 5, 15], pcs=2, **SOCIAL))
    c.play(st.A_ROLL, st.A_ROLL)
    assert c.notes(st.NOTE_RESISTED) == [(NPC0, 0, 0)]
    c.turn(NPC0).play(st.A_PASS)
    c.turn(1)
    assert st.A_REQUEST + NPC0 not in c.legal()
    c.play(st.A_EVIDENCE)
    c.turn(NPC0).play(st.A_PASS)
    c.turn(0)
    assert st.A_REQUEST + NPC0 in c.legal()


def test_a_fatigued_or_complicated_asker_sets_a_lower_difficulty(conflict):
    """"When you are Fatigued ... you suffer +1 Difficulty on all task rolls" (Star Trek
    Adventures 2nd edition core rulebook, "Stress", p. 277), the asker's roll included,
    though it sets a Difficulty rather than facing one: each +1 takes one success off the
    Difficulty it sets [reaction_penalties]. A pending complication does the same and is
    used up. PC 0's 5 and 6: two successes, one handed on; the severity stays the successes
    scored ("equal to the number of successes scored by the asking character")."""
    for name, value in (("stress", 9), ("complications", 1)):
        c = conflict(dice=[5, 6, 15, 16], **SOCIAL)
        c.put(name, value, 0)
        ask(c).play(st.A_ROLL)
        assert c.get("difficulty") == 1 and c.get("complications", 0) == 0
        c.play(st.A_ROLL)
        assert c.get("severity") == 2


def deceive_the_first_npc(c):
    """PC 0 (Presence 8 + Command 2 = 10) lies to NPC 4 with a 5 and a 6: Difficulty 2 + 1;
    the Notable NPC (Insight 8 + Security 3) rolls 15 and 16 and believes it. Both NPCs pass;
    a new round begins with PC 0's request of NPC 5."""
    c.turn(0).play(st.A_DECEIVE + NPC0, st.A_ROLL, st.A_ROLL)
    assert c.notes(st.NOTE_LIE) == [(0, NPC0, 0)]
    c.turn(NPC0).play(st.A_PASS)
    c.turn(NPC0 + 1).play(st.A_PASS)
    return ask(c, 0, NPC0 + 1)


def test_a_lie_counts_only_in_the_one_it_deceives(conflict):
    """"Successfully deceiving someone convinces them of something that is not true, creates
    a trait that represents the lie they now believe"; "Successful Deception also adds 1
    Difficulty per successful lie to the severity after a Persuade opposed task" (Star Trek
    Adventures 2nd edition core rulebook, "Deception", p. 281). The lie is NPC 4's: a request
    of NPC 5 gets no severity from it (PC 0's 5 and 6: severity 2); a complication in the
    talk with NPC 5 (the 19, in a range widened by the lie) does not expose it."""
    npcs = {"conflict": "social", "npc_tiers": ("notable", "notable")}
    c = deceive_the_first_npc(conflict(dice=[5, 6, 15, 16, 5, 6, 15, 16], **npcs))
    c.play(st.A_ROLL, st.A_ROLL)
    assert c.phase == st.SPEND and c.get("severity") == 2
    e = deceive_the_first_npc(conflict(dice=[5, 6, 15, 16, 5, 19, 15, 16], **npcs))
    e.play(st.A_ROLL)
    assert e.get("complications", 0) == 1 and e.notes(st.NOTE_LIES_DISCOVERED) == []
    assert e.get("lies", st.MAX_CHARS * 0 + NPC0) == 1


def test_failed_intimidation_makes_intimidating_that_target_harder(conflict):
    """"Failing to intimidate someone makes further attempts to intimidate them in that scene
    more difficult" (Star Trek Adventures 2nd edition core rulebook, "Intimidation", p. 282).
    PC 0 (Presence 8 + Security 4, focus) rolls 10 and 15: one success; the NPC (Control 10 +
    Security 3, focus) stands firm with a 5. PC 1's attempt on the same NPC (10 and 15: one
    success) sets it a Difficulty one lower: 0."""
    c = conflict(dice=[10, 15, 5, 15, 10, 15], pcs=2, **SOCIAL)
    c.turn(0).play(st.A_INTIMIDATE + NPC0, st.A_ROLL, st.A_ROLL)
    assert c.get("bully_fails", NPC0) == 1 and c.get("fear", NPC0) == 0
    c.turn(NPC0).play(st.A_PASS)
    c.turn(1).play(st.A_INTIMIDATE + NPC0, st.A_ROLL)
    assert c.get("difficulty") == 0


def test_evidence_lowers_the_difficulty_when_the_request_is_open(conflict):
    """"Each piece of evidence is a trait, either allowing you to attempt a Persuade task or
    decreasing the Difficulty by 1" (Star Trek Adventures 2nd edition core rulebook,
    "Evidence", p. 281). Shown while the request may be made, a piece lowers the asker's
    Difficulty: the resister's rises by 1 [evidence_difficulty] (PC 0's 5: one success, the
    Difficulty 1 + 1); shown to open a resisted request again, it does not."""
    for lowers, difficulty in ((1, 2), (0, 1)):
        c = conflict(dice=[5, 15], evidence_difficulty=lowers, **SOCIAL).turn(0)
        c.play(st.A_EVIDENCE)
        c.turn(NPC0).play(st.A_PASS)
        ask(c).play(st.A_ROLL)
        assert c.get("difficulty") == difficulty
    r = ask(conflict(dice=[5, 15, 5, 15], **SOCIAL))
    r.play(st.A_ROLL, st.A_ROLL)
    r.turn(NPC0).play(st.A_PASS)
    r.turn(0).play(st.A_EVIDENCE)
    assert r.get("fresh", NPC0) == 1 and r.get("proof", 0) == 0 and r.get("shown", 0) == 1
