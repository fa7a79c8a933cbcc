"""Issue 22, items 3-7: Seize's cost, costs and decisions that change something, social Risk,
lost ground that builds up.

Sources: "Scenes, Acts, and Missions (structured-scenes text)", quoted by section, and this
project's rules page (``docs/rules/momentum.md``): "Every Costly Success is a concession that
matters, so a cost is offered only when it can change something". Rolls are five pool dice,
then the risk dice (Risk 2 unless said otherwise); a social contest rolls the PC's pool, then
the opponent's.
"""

from scenegym.envs.core.events import DECISION
from scenegym.envs.momentum import state as st

RISK = st.A_COST + st.COST_RISK
COMPLICATION = st.A_COST + st.COST_COMPLICATION
LOSE = [2, 2, 2, 2, 2] + [5, 2, 2, 2, 2]  # five pool dice, then the opponent's five
TIE = [5, 2, 2, 2, 2] + [5, 2, 2, 2, 2]


def decisions(s, phase):
    """How many decisions of ``phase`` were taken so far."""
    return sum(1 for e in s.events() if e.kind == DECISION and e.b == phase)


def social(config, **fields):
    return config(kind="social", pcs=1, npcs=1, **fields)


# -- Item 3: Seize spends Momentum (seize_cost) ------------------------------------------------

def test_seize_without_its_cost_leaves_the_momentum_total(scene, config, rolls):
    """"Spending Momentum": "Seize (end of any enemy turn). Spend 1 Momentum to take initiative
    for this round. ... This does not change the Momentum total." The text contradicts itself;
    the rules page reads it as a spend (``seize_cost``=1, the default: Seize is one of the
    "four options for spending Momentum"), and ``seize_cost=0`` is the other reading: the
    crew's turns come next and Momentum stays 1."""
    s = scene(config(pcs=1, npcs=2, start=1, seize_cost=0), dice=rolls.SUCCESS * 5)
    s.auto(st.SEIZE, round=2)
    s.play(st.A_SEIZE)
    assert s.momentum == 1 and (s.get("turn"), s.get("side")) == (st.CREW_TURN, st.CREW_SIDE)


# -- Item 4: costs that cannot change anything ------------------------------------------------

def test_no_risk_cost_when_the_crew_is_about_to_be_offered_full(scene, config, rolls):
    """Rules page: a cost "is offered only when it can change something". A lone PC at Full
    (start 4 of 4) rolls a Costly Success on its first turn: the turn's end arms the
    thresholds and the crew may end the scene there, so "+1 Risk on the next crew roll" is
    not offered; the cost paid, Full is offered."""
    s = scene(config(pcs=1, npcs=1, start=4), dice=rolls.COSTLY)
    s.auto(st.COST)
    assert RISK not in s.legal() and st.A_COST + st.COST_MOMENTUM in s.legal()
    s.play(st.A_COST + st.COST_WILLPOWER)
    assert s.phase == st.AT_FULL


def test_no_risk_cost_on_the_scenes_last_turn(scene, config, rolls):
    """A one-round scene: the PC's Costly Success on the round's last turn is followed by no
    crew roll, so "+1 Risk" is not offered."""
    s = scene(config(pcs=1, npcs=1, start=1, max_rounds=1), dice=rolls.SUCCESS + rolls.COSTLY)
    s.auto(st.COST)
    assert s.get("turn") == st.CREW_TURN and RISK not in s.legal()


def test_no_complication_once_later_scenes_start_at_0(scene, config, rolls):
    """Rules page: "each lowers the starting Momentum of every later scene by 1". Later scenes
    of this mission start at 1: the first complication takes them to 0 and a second one could
    lower nothing, so it is no longer offered."""
    cfg = config(pcs=1, npcs=1, start=1, episode="mission", acts=1, scenes_per_act=2)
    s = scene(cfg, dice=rolls.COSTLY * 2)
    s.auto(st.COST)
    s.play(COMPLICATION)
    s.auto(st.COST)
    assert s.get("complications") == 1 and COMPLICATION not in s.legal()


def test_no_cost_decision_when_no_cost_can_change_anything(scene, config):
    """A social scene (no Wounds, no "+1 Risk"), a PC without Willpower, Momentum 0, one
    scene: a Costly Success leaves the GM nothing to pick, so no cost decision is asked."""
    s = scene(social(config, start=0, pc_will=(0,) * 6, pc_strength=(2,) * 6), dice=TIE)
    s.auto(st.SPEND)
    s.play(st.A_ROLL)
    assert s.outcomes()[0][0] == st.COSTLY_SUCCESS
    assert decisions(s, st.COST) == 0 and not s.notes(st.NOTE_COST)
    assert (s.get("turn"), s.phase) == (st.CREW_TURN, st.SPEND)  # on to the PC's own turn


# -- Item 5: social exchanges stay at Risk 0 --------------------------------------------------

def test_no_risk_cost_in_social_scenes(scene, config):
    """"How Social Structured Scenes Work": "resolve it as an active contest at Risk 0". The
    GM's "+1 Risk on the next crew roll" would give an exchange risk dice, so it is not
    offered in a social scene unless ``social_risk_cost`` allows it."""
    s = scene(social(config, start=3), dice=TIE)
    s.auto(st.COST)
    assert RISK not in s.legal() and st.A_COST + st.COST_MOMENTUM in s.legal()
    s = scene(social(config, start=3, social_risk_cost=True), dice=TIE)
    s.auto(st.COST)
    assert RISK in s.legal()


# -- Item 6: lost ground builds up ------------------------------------------------------------

def lose_twice(scene, config, **fields):
    """A lone PC at 1 of 4 loses the NPC's exchange (5 dice) and then its own (4 dice)."""
    s = scene(social(config, start=1, **fields), dice=LOSE + [2] * 4 + [5, 2, 2, 2, 2])
    for _ in range(2):
        s.auto(st.SPEND)
        s.play(st.A_ROLL, st.A_KEEP)
    s.auto(st.SPEND)
    return s


def test_lost_ground_builds_up(scene, config):
    """"Losing an active contest has teeth. Ground lost in one exchange shapes the next. A
    character whose position keeps collapsing is running out of room to maneuver." Two
    exchanges lost in a row: the third roll has two dice fewer (3 of 5)."""
    s = lose_twice(scene, config)
    assert s.get("pool") == 3 and s.get("ground") == 2


def test_a_won_exchange_regains_the_ground(scene, config):
    """Rules page: lost ground holds until the PC wins an exchange. After two losses the PC
    wins with 3 dice; its next roll has all 5."""
    s = scene(social(config, start=1), dice=LOSE + [2] * 4 + [5, 2, 2, 2, 2] + [5, 2, 2]
              + [2] * 5)
    for _ in range(3):
        s.auto(st.SPEND)
        s.play(st.A_ROLL)
    s.auto(st.SPEND)
    assert s.get("pool") == 5


def test_the_old_lost_ground_is_a_config_value(scene, config):
    """``ground_builds_up=False``: a lost exchange costs one die on the next roll only."""
    s = lose_twice(scene, config, ground_builds_up=False)
    assert s.get("pool") == 4


# -- Item 7: decisions that change nothing ----------------------------------------------------

def test_no_press_at_full(scene, config):
    """"Press ... Take +1 Risk to gain +1 Momentum": at Full a Press gains nothing, so it is
    not offered."""
    s = scene(config(pcs=2, npcs=1, start=7))
    s.auto(st.SPEND)
    assert s.momentum == 7 and st.A_PRESS not in s.legal() and st.A_BRACE in s.legal()


def test_no_gm_seize_when_the_gm_side_leads_anyway(scene, config, rolls):
    """"Initiative": "the GM can declare that the enemy capitalizes -- the GM's side acts
    first next round, regardless of the current Momentum level." At 0 of 4 the GM's side
    leads next round by Momentum already: after the lone PC's Critical Failure the GM is not
    asked; at 5 of 7 (the crew would lead) it is."""
    s = scene(config(pcs=1, npcs=1, start=1), dice=rolls.CRITICAL_FAILURE + rolls.SUCCESS)
    s.auto(st.SPEND, turn=st.CREW_TURN)
    assert s.momentum == 0 and decisions(s, st.CORRECT) == 1 and decisions(s, st.GM_SEIZE) == 0
    s = scene(config(pcs=2, npcs=1, start=6), dice=rolls.CRITICAL_FAILURE)
    s.auto(st.GM_SEIZE)
    assert s.momentum == 5
