"""The Press dice (issue 22, item 1): a Press is a decision, not free Momentum.

Sources: "Scenes, Acts, and Missions (structured-scenes text)", section "Spending Momentum":
"Press (Step 4: Modify the Pool). Take +1 Risk to gain +1 Momentum. The character
overcommits or takes a dangerous chance to improve the group's position." and "Press buys
position by accepting more danger. Brace buys safety by spending the position you already
have. Neither is free, and neither is supposed to be." The dice are this project's decision
(rules page, "Spending Momentum": a Press die that hits loses ``press_hit_momentum``
Momentum when the roll resolves, and all of it at ``press_ruin_risk`` or above;
``press_hit_momentum=0, press_ruin_risk=0`` gives the old dice).
"""

from argparse import Namespace
from fractions import Fraction
from itertools import product

import pytest

from scenegym.cli import main
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.odds import (
    KEYS,
    compute,
    exact_odds,
    press_hit_chance,
    read_table,
    spend_figures,
)

POOL_COSTLY = [5, 2, 2, 2, 2]  # one success, no critical: met, a single hit makes it Costly


def pressed_roll(scene, config, press_face, risk=2, **fields):
    """Two PCs (Full 7) starting at 4 (the crew leads): PC 0 Presses at Risk ``risk``, then
    rolls five pool dice, ``risk`` risk dice showing 3 and the Press die showing
    ``press_face``."""
    fields.setdefault("crew_risk_max", max(risk, 1))
    s = scene(config(pcs=2, npcs=1, start=4, **fields),
              dice=POOL_COSTLY + [3] * risk + [press_face], risk=risk)
    s.auto(st.SPEND)
    s.play(st.A_PRESS)
    assert (s.momentum, s.get("risk")) == (5, risk + 1)  # "Risk goes to 3, Momentum goes to 6"
    s.play(st.A_ROLL, st.A_KEEP)  # no Correct
    return s


def test_a_press_die_that_hits_loses_the_position_it_bought(scene, config):
    """"Take +1 Risk to gain +1 Momentum ... Neither is free": the Press die shows 1, a hit:
    the roll is a Costly Success and the Press's die takes back the Momentum it bought as it
    resolves (``press_hit_momentum``=1): 5 -> 4."""
    s = pressed_roll(scene, config, press_face=1)
    assert s.get("roll_result") == st.COSTLY_SUCCESS and s.get("press_hits") == 1
    assert s.phase == st.COST and s.momentum == 4
    assert s.dice_rolled(st.DIE_PRESS) == [1] and s.dice_rolled(st.DIE_RISK) == [3, 3]


def test_a_steeper_fall_is_a_config_value(scene, config):
    """``press_hit_momentum=2`` (the dice of the 0.2.0 development line): the hit loses the
    +1 the Press gained and 1 more: 5 -> 3, below the 4 the crew had before the Press."""
    s = pressed_roll(scene, config, press_face=1, press_hit_momentum=2)
    assert s.get("roll_result") == st.COSTLY_SUCCESS and s.momentum == 3


@pytest.mark.parametrize("press_face, momentum", [(1, 0), (2, 5)])
def test_a_press_into_mortal_peril_that_hits_is_a_ruin(scene, config, press_face, momentum):
    """"The character overcommits or takes a dangerous chance": a Press at Risk 4 ("mortal
    peril") takes the roll to Risk 5, at ``press_ruin_risk``; its die shows 1, a hit, and the
    whole position is lost (5 -> 0); a die that misses keeps the +1 (5)."""
    s = pressed_roll(scene, config, press_face=press_face, risk=4)
    assert s.get("press_hits") == (press_face == 1) and s.momentum == momentum


def test_a_press_below_the_ruin_risk_falls_as_usual(scene, config):
    """The same hit at Risk 4 after the Press (Risk 3 set), below ``press_ruin_risk`` 5: the
    fall is ``press_hit_momentum`` only (5 -> 4)."""
    s = pressed_roll(scene, config, press_face=1, risk=3)
    assert s.momentum == 4


def test_no_ruin_is_a_config_value(scene, config):
    """``press_ruin_risk=0``: a Press at Risk 5 that hits falls by ``press_hit_momentum``
    like any other (5 -> 4)."""
    s = pressed_roll(scene, config, press_face=1, risk=4, press_ruin_risk=0)
    assert s.momentum == 4


def test_a_press_die_that_misses_keeps_the_momentum(scene, config):
    """The same Press whose die shows 2 (no hit): the +1 Momentum stays (5) and the roll is
    a plain Success."""
    s = pressed_roll(scene, config, press_face=2)
    assert s.get("roll_result") == st.SUCCESS and s.momentum == 5


def test_the_old_press_dice_are_a_config_value(scene, config):
    """``press_hit_momentum=0``: the Press die is a plain risk die; its hit makes the roll
    Costly and costs no Momentum (5 stays)."""
    s = pressed_roll(scene, config, press_face=1, press_hit_momentum=0, press_ruin_risk=0)
    assert s.get("roll_result") == st.COSTLY_SUCCESS and s.momentum == 5


def test_a_wider_press_die_hits_more_often(scene, config):
    """``press_hit_face=2``: the Press die hits on 1-2 (a plain risk die still only on 1)."""
    s = pressed_roll(scene, config, press_face=2, press_hit_face=2)
    assert s.get("roll_result") == st.COSTLY_SUCCESS and s.momentum == 4


def face_enumeration(cfg, pool, risk, pressed):
    """Probabilities of each result and the expected Momentum change of a Pressed roll,
    face by face (every die listed)."""
    counts, momentum, n = dict.fromkeys(KEYS, 0), Fraction(cfg.press_momentum), 0
    for faces in product(range(1, 7), repeat=pool + risk + pressed):
        own, plain, press = faces[:pool], faces[pool:pool + risk], faces[pool + risk:]
        press_hits = sum(f <= cfg.press_hit_face for f in press)
        key = read_table(cfg, sum(f >= 5 for f in own), sum(f == 6 for f in own),
                         sum(f <= cfg.hit_face for f in plain) + press_hits)
        counts[key] += 1
        n += 1
        momentum += Fraction((key == "critical_success") - (key == "critical_failure")
                             - press_hits * cfg.press_hit_momentum, 6 ** (pool + risk + pressed))
    return {k: Fraction(c, n) for k, c in counts.items()}, momentum


@pytest.mark.parametrize("fields", [{}, {"press_hit_face": 2}, {"press_hit_momentum": 0}])
def test_exact_press_odds_equal_the_enumeration_by_faces(fields):
    """Rules page: the Press die is a risk die that hits at ``press_hit_face`` or less and
    costs ``press_hit_momentum``; the odds table counts it exactly (3 pool dice, Risk 1)."""
    cfg = MomentumConfig(**fields)
    odds, momentum = face_enumeration(cfg, 3, 1, 1)
    assert exact_odds(cfg, 3, 2, pressed=1) == odds
    assert spend_figures(cfg, 3, 1, "press")["momentum"] == pytest.approx(float(momentum), abs=1e-12)


def test_the_old_dice_reproduce_the_issues_figures_and_the_new_halve_them():
    """The issue: "a Press is worth about +0.99 Momentum a roll at Risk 2 against +0.07
    without it" (5 pool dice). With the new dice a Press at Risk 2 is worth 1/6 x 1 Momentum
    less (its die hits one time in 6 and costs 1)."""
    old = MomentumConfig(press_hit_momentum=0, press_ruin_risk=0)
    assert spend_figures(old, 5, 2, "press")["momentum"] == pytest.approx(0.994, abs=5e-4)
    assert spend_figures(old, 5, 2, "none")["momentum"] == pytest.approx(0.072, abs=5e-4)
    new = spend_figures(MomentumConfig(), 5, 2, "press")["momentum"]
    assert new == pytest.approx(spend_figures(old, 5, 2, "press")["momentum"] - 1 / 6)


@pytest.mark.parametrize("risk, ruin", [(3, 0), (4, Fraction(1, 6)), (5, Fraction(1, 6))])
def test_the_ruin_chance_is_the_press_die_hit_chance_from_the_ruin_risk(risk, ruin):
    """Rules page: a Press that takes the roll to ``press_ruin_risk`` (5) or above is ruined
    when its die hits (one face in six); below it, never. The table counts that ruin apart
    from the expected Momentum change, which then holds no fall of the Press die."""
    cfg = MomentumConfig()
    figures = spend_figures(cfg, 5, risk, "press")
    assert figures["ruin"] == pytest.approx(float(ruin))
    odds = exact_odds(cfg, 5, risk + 1, pressed=1)
    swings = odds["critical_success"] - odds["critical_failure"]
    fall = 0 if ruin else press_hit_chance(cfg) * cfg.press_hit_momentum
    assert figures["momentum"] == pytest.approx(float(1 + swings - fall), abs=1e-12)


def test_press_sampling_within_4_sigma_of_exact():
    """DESIGN.md: "the engine's own sampling within 4 sigma of them", a Pressed roll with a
    wider Press die."""
    args = Namespace(pool=4, risk=2, difficulty=None, upgrade=False, opponent_dice=None,
                     samples=40_000, seed=3, press=True, spends=False, press_hit_momentum=None,
                     press_ruin_risk=None)
    out = compute(args)
    assert "a Press" in out["roll"]
    assert all(abs(z) < 4 for z in out["z"].values()), out["z"]


def test_odds_spends_table(capsys):
    """``scenegym odds momentum --spends --pool 5``: a row per Risk 0..6; no Press at Risk 6
    (the cap) and no Brace at Risk 0."""
    assert main(["odds", "momentum", "--spends", "--pool", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[2:]]
    assert [r[0] for r in rows] == [str(k) for k in range(7)] and len(rows) == 7
    assert rows[0][5] == "-" and rows[6][4] == "-" and rows[6][7] == "-"
    assert main(["odds", "momentum", "--spends", "--json"]) == 0
