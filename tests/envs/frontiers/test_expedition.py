"""Expeditions: several encounters in one episode, with Downtime between them.

Source: Frontiers Engine, Flow of Play Expanded (Beta 2026-1), "Downtime Recovery": "For
each uninterrupted hour of Downtime: Regain 1 Energy. Remove either 1 Wound or 1 Fatigue.";
"Extended Downtime": "at least 3 uninterrupted hours: ... recover 1/2 of their maximum HP".
"""

from scenegym.envs.frontiers import state as st

E0 = st.MAX_PCS


def test_a_won_encounter_pays_then_downtime_then_fresh_enemies(encounter, config, ab):
    """Vanguard: HP 24, Energy 6. After 3 hours: 2 Wounds -> 0, +3 Energy, +12 HP."""
    e = encounter(config(encounters=2, downtime_hours=3), dice=[20, 1])
    e.set("hp", E0, 1)
    e.set("hp", 0, 5)
    e.set("wounds", 0, 2)
    e.set("energy", 0, 1)
    assert e.use(ab.strike, E0) == (1.0, False)
    assert [e.get(f, 0) for f in ("hp", "wounds", "energy", "ap", "pos")] == [17, 0, 4, 3, 0]
    assert [e.get(f, E0) for f in ("hp", "down", "pos")] == [20, 0, 1]
    assert (e.get("encounter"), e.get("round"), e.get("active")) == (1, 1, 0)


def test_the_expedition_ends_at_a_loss_and_returns_the_sum(encounter, config, ab):
    """A lost encounter ends the expedition; the episode's result is the sum (+1 - 1)."""
    e = encounter(config(encounters=3), dice=[20, 1, 20, 1])
    e.set("hp", E0, 1)
    e.use(ab.strike, E0)
    e.play(st.A_END)
    e.set("hp", 0, 1)
    assert e.use(ab.strike, 0) == (-1.0, True)
    assert (e.get("result"), e.get("encounter")) == (0, 1)


def test_the_last_encounter_won_ends_the_expedition(encounter, config, ab):
    e = encounter(config(encounters=2), dice=[20, 1, 20, 1])
    e.set("hp", E0, 1)
    e.use(ab.strike, E0)
    e.set("hp", E0, 1)
    assert e.use(ab.strike, E0) == (1.0, True) and e.get("result") == 2


def test_an_encounter_cut_off_pays_its_cutoff_result_and_the_expedition_goes_on(encounter,
                                                                                 config):
    """Config ``encounters``: "after a win or a cut-off, [...] the next encounter"; a cut-off
    is worth ``cutoff_result`` (-1 by default), paid as it ends, and is no loss of the party:
    the expedition goes on (a loss would end it). One Round each: the second encounter is
    cut off too and ends the episode with the sum, -2."""
    e = encounter(config(encounters=2, max_rounds=1))
    assert e.play(st.A_END, st.A_END) == (-1.0, False)
    assert (e.get("encounter"), e.get("over")) == (1, 0)
    e.play(st.A_END, st.A_END)
    assert (e.get("over"), e.get("result"), e.get("truncated")) == (1, -2, 1)
