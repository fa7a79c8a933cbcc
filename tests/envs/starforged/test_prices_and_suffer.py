"""Pay the Price by the oracle, the suffer moves past 0, Endure rolls and the burn on a match.

Sources: Ironsworn: Starforged (Shawn Tomkin, 2022), Rulebook: "Pay the Price" (p. 232) and
its table, "Sacrifice Resources" (p. 205), "Endure Harm" (p. 200), "Endure Stress" (p. 202),
"Finish the Scene" (p. 241), and the action roll and momentum rules; this project's readings
are in ``docs/rules/starforged.md``. Dice are scripted in the order the rules roll them
(``test_rules.py``): a scene move's action die and two challenge dice, then one d100 per
oracle roll; an Endure roll's action die and two challenge dice.
"""

import pytest

from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig

FD_EDGE = st.A_FACE_DANGER + 0  # Face Danger +edge (3)
MISS_DICE = [1, 7, 9]            # 1 + 3 = 4 against 7 and 9: a miss momentum +2 cannot improve
ORACLE = StarforgedConfig(price_by="oracle")


def prices(s):
    """The kind of every price paid so far, in order."""
    return [kind for kind, _, _ in s.notes(st.NOTE_PRICE)]


# ---------------------------------------------------------------------------------------------
# Pay the Price: "96-100 Roll twice"


def test_a_nested_roll_twice_is_rolled_again_and_two_prices_are_paid(scene):
    """Pay the Price table: "96-100 Roll twice": a "roll twice" result pays two prices; a
    "roll twice" among those two is rolled again (docs/rules/starforged.md), never dropped and
    never grown into more prices. The script has no fifth d100: a fifth roll would fail."""
    s = scene(ORACLE.replace(oracle_max_rolls=10), dice=MISS_DICE + [96, 97, 70, 76])
    s.play(FD_EDGE)
    assert prices(s) == [st.SACRIFICE_RESOURCES, st.ENDURE_HARM]
    assert s.fields("supply", "health", "momentum") == {"supply": 4, "health": 4, "momentum": 2}


def test_roll_twice_past_the_roll_cap_still_pays_two_prices(scene):
    """docs/rules/starforged.md: at most ``oracle_max_rolls`` d100 rolls (3) for one price; a
    price still owed at the cap is a narrative cost (-1 momentum). Dice 96, 97, 98: three
    "roll twice" rows, two prices owed, both paid as narrative costs."""
    s = scene(ORACLE, dice=MISS_DICE + [96, 97, 98])
    s.play(FD_EDGE)
    assert prices(s) == [st.NARRATIVE, st.NARRATIVE]
    assert s.get("momentum") == 0 and len(s.dice_rolled(st.DIE_ORACLE)) == 3


def test_roll_twice_then_one_price_then_the_cap(scene):
    """The cap counts every d100: 96 (roll twice), 97 (rolled again), 70 (Sacrifice Resources)
    uses the three rolls; the second price is paid as a narrative cost."""
    s = scene(ORACLE, dice=MISS_DICE + [96, 97, 70])
    s.play(FD_EDGE)
    assert prices(s) == [st.SACRIFICE_RESOURCES, st.NARRATIVE]
    assert s.fields("supply", "momentum") == {"supply": 4, "momentum": 1}


# ---------------------------------------------------------------------------------------------
# Lose Momentum at its minimum

@pytest.mark.parametrize("momentum, price", [(-6, st.LOSE_MOMENTUM), (-6, st.NARRATIVE),
                                             (-5, st.LOSE_MOMENTUM)])
def test_lose_momentum_at_its_minimum_clears_a_unit_of_progress(scene, momentum, price):
    """Ironsworn: Starforged, Lose Momentum (Suffer moves): "When your momentum is at its
    minimum (-6) and you must suffer -momentum, choose one. ... Envision how this undermines
    your progress ... Then, clear 1 unit of progress on that track per its rank: ...
    formidable=1 box" (4 ticks: 9 -> 5). A loss of 2 from -5 is suffered partly at the
    minimum: it clears the unit too (Rules page, momentum_floor="progress")."""
    s = scene(dice=MISS_DICE, momentum=momentum, progress=9)
    s.play(FD_EDGE, st.A_PRICE + price)
    assert s.fields("momentum", "progress") == {"momentum": -6, "progress": 5}


@pytest.mark.parametrize("price, meter", [(st.ENDURE_HARM, "health"),
                                          (st.SACRIFICE_RESOURCES, "supply")])
def test_a_loss_beyond_zero_at_minimum_momentum_clears_progress(scene, price, meter):
    """Ironsworn: Starforged, Endure Harm: "If your health is 0, suffer -momentum equal to any
    remaining -health" (Sacrifice Resources alike, Rules page: "a loss beyond 0 ... comes off
    momentum"), and Lose Momentum: "When your momentum is at its minimum (-6) and you must
    suffer -momentum, choose one ... clear 1 unit of progress on that track per its rank:
    ... formidable=1 box". Harm 2 on health 1 leaves -1; the Endure roll at 0 (4 + iron 2
    against 3 and 9) is a weak hit: press on, no further loss."""
    s = scene(StarforgedConfig(price_harm=2, price_supply=2), dice=MISS_DICE + [4, 3, 9],
              momentum=-6, progress=8, **{meter: 1})
    s.play(FD_EDGE, st.A_PRICE + price)
    assert s.fields("momentum", "progress", meter) == {"momentum": -6, "progress": 4, meter: 0}


def test_a_loss_at_minimum_momentum_never_clears_below_zero_progress(scene):
    """Lose Momentum at its minimum clears 1 unit of progress; an empty track stays empty."""
    s = scene(dice=MISS_DICE, momentum=-6, progress=2)
    s.play(FD_EDGE, st.A_PRICE + st.LOSE_MOMENTUM)
    assert s.fields("momentum", "progress") == {"momentum": -6, "progress": 0}


def test_momentum_floor_none_keeps_the_loss_at_minimum_free(scene):
    """Config momentum_floor="none": a table that ignores the minimum's cost (momentum only
    stops at -6; the engine before this rule)."""
    s = scene(StarforgedConfig(momentum_floor="none"), dice=MISS_DICE, momentum=-6, progress=8)
    s.play(FD_EDGE, st.A_PRICE + st.LOSE_MOMENTUM)
    assert s.fields("momentum", "progress") == {"momentum": -6, "progress": 8}


# ---------------------------------------------------------------------------------------------
# Sacrifice Resources past 0


def test_sacrifice_resources_past_zero_comes_off_momentum(scene):
    """Sacrifice Resources: "If your supply is exhausted (reduced to 0), mark unprepared. When
    you suffer a loss of resources while unprepared, ... apply the cost to a different suffer
    move." This project: the loss beyond 0 is Lose Momentum (docs/rules/starforged.md)."""
    s = scene(StarforgedConfig(price_supply=3), dice=MISS_DICE, supply=1)
    s.play(FD_EDGE, st.A_PRICE + st.SACRIFICE_RESOURCES)
    assert s.fields("supply", "unprepared", "momentum") == {"supply": 0, "unprepared": 1,
                                                             "momentum": 0}


def test_sacrifice_resources_while_unprepared_is_all_momentum(scene):
    """Sacrifice Resources: a loss "while unprepared" goes to a different suffer move: all of
    it comes off momentum (max momentum 9 with the impact)."""
    s = scene(dice=MISS_DICE, supply=0, unprepared=1, momentum=5)
    s.play(FD_EDGE, st.A_PRICE + st.SACRIFICE_RESOURCES)
    assert s.fields("supply", "unprepared", "momentum") == {"supply": 0, "unprepared": 1,
                                                             "momentum": 4}


# ---------------------------------------------------------------------------------------------
# Endure rolls

HARM = st.A_PRICE + st.ENDURE_HARM


def test_endure_roll_offers_no_burn(scene):
    """docs/rules/starforged.md: momentum is not burned on Endure rolls. +iron 2: 1 + 2 = 3
    against 6 and 7 is a miss that burning 8 would make a strong hit; no burn is offered."""
    s = scene(dice=MISS_DICE + [1, 6, 7], health=1, momentum=8)
    s.play(FD_EDGE, st.A_KEEP, HARM)
    assert s.phase == st.MOVE and not s.notes(st.NOTE_BURN)
    assert s.outcomes()[-1][:3] == (st.MISS, 3, st.ROLL_ENDURE)
    assert s.fields("wounded", "momentum") == {"wounded": 1, "momentum": 7}


def test_endure_roll_negative_momentum_cancels_the_action_die(scene):
    """Momentum: negative momentum equal to the action die cancels it (score = stat + adds),
    on every action roll: Endure Harm at 0 rolls 3 with momentum -3, so its score is +iron 2
    alone: against 1 and 4, a weak hit instead of 5's strong hit."""
    s = scene(dice=MISS_DICE + [3, 1, 4], health=1, momentum=-3)
    s.play(FD_EDGE, HARM)
    assert s.outcomes()[-1][:3] == (st.WEAK_HIT, 2, st.ROLL_ENDURE)
    assert len(s.notes(st.NOTE_CANCEL)) == 1


def test_endure_roll_does_not_spend_the_advantage_bonus(scene):
    """docs/rules/starforged.md: Secure an Advantage's "+1 on your next move" applies to the
    next Face Danger or Secure an Advantage: an Endure roll neither adds nor spends it.
    +iron 2: 4 + 2 = 6 against 5 and 6 is a weak hit (with the +1 it would be strong)."""
    s = scene(dice=MISS_DICE + [4, 5, 6], health=1)
    s.play(FD_EDGE)
    s.set(bonus=1)  # a bonus pending when the price comes
    s.play(HARM)
    assert s.outcomes()[-1][:3] == (st.WEAK_HIT, 6, st.ROLL_ENDURE)
    assert s.get("bonus") == 1


# ---------------------------------------------------------------------------------------------
# Burn on a match


@pytest.mark.parametrize("move, progress", [(FD_EDGE, 8), (st.A_SECURE_ADVANTAGE, 4)])
def test_a_burn_on_a_match_keeps_the_match(scene, move, progress):
    """Momentum, burning: the action score becomes momentum; the challenge dice stay, so a
    match stays a match: a miss on 5, 5 burned at 8 is a strong hit with a match (Face Danger:
    "mark progress twice"; Secure an Advantage: "take both and mark progress")."""
    s = scene(dice=[1, 5, 5], momentum=8)
    s.play(move)
    assert s.phase == st.BURN
    s.play(st.A_BURN)
    assert s.outcomes()[-1] == (st.STRONG_HIT, 8, st.ROLL_MOVE, 1)
    assert s.fields("progress", "momentum") == {"progress": progress,
                                                "momentum": 2 + 2 * (move != FD_EDGE)}
