"""The fifteen Edge-Case Rulings of Frontiers Engine, Flow of Play Expanded (Beta 2026-1),
one scripted test each, named by the ruling's number and title.

Participants (the default archetypes): vanguard (MV 5, Finesse +1, MP 4), skirmisher (MV 3,
MP 6), mystic (MV 6, Finesse score 12, Energy 9, maximum Fatigue 4), brute (MV 6, Finesse
score 10, MP 3, maximum Wounds 4), raider (MV 4, has Guard). Fixed Momentum.
"""

import pytest

from scenegym.envs.core.events import NOTE, OUTCOME, POOL, make_log
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.downtime import rest

E0, E1 = st.MAX_PCS, st.MAX_PCS + 1


def put_effect(e, c, slot, kind, owner, amount):
    """Give participant ``c`` a timed effect by hand (effect slot ``slot``)."""
    col = c * st.MAX_EFFECTS + slot
    e.set("effect_kind", col, kind)
    e.set("effect_owner", col, owner)
    e.set("effect_amount", col, amount)


def first_index(e, kind, a, d=None):
    """Index in the event list of the first event of ``kind`` with ``a`` (and ``d``)."""
    for k, ev in enumerate(e.events):
        if ev.kind == kind and ev.a == a and (d is None or ev.d == d):
            return k
    raise AssertionError(f"no event {kind}/{a}/{d}")


def test_ruling_01_skipped_turn_due_to_incapacitation(encounter, config):
    """"Their AP and MP still refresh. They cannot spend them while incapacitated. Their
    Turn immediately ends. Unspent AP and MP are lost as normal. Start-of-Turn and
    End-of-Turn effects still resolve." """
    e = encounter(config(party=("vanguard", "skirmisher")))
    e.play(st.A_END, st.A_END)
    e.set("hp", 0, 0)
    e.set("down", 0, 1)
    put_effect(e, 0, 0, st.EFFECT_IMMOBILE, E0, 1)
    e.play(st.A_END, st.A_END)
    assert e.pool_changes(st.POOL_AP, 0)[-2:] == [(0, 3), (3, 0)]
    assert e.pool_changes(st.POOL_MP, 0)[-2:] == [(0, 4), (4, 0)]
    assert e.notes(st.NOTE_SKIPPED) == [(0, 0, 0)]
    assert e.notes(st.NOTE_EFFECT_END) == [(st.EFFECT_IMMOBILE, E0, 0)]
    assert e.get("active") == E0


def test_ruling_02_simultaneous_start_of_turn_effects(encounter, config):
    """"resolve the active participant's effects first, then others in Momentum order."
    Vanguard's own guard on the skirmisher expires first; then the impairments of the
    raider (MV 4) and the brute (MV 6), whatever their slots."""
    e = encounter(config(party=("vanguard", "skirmisher"), enemy_pool=("brute", "raider"),
                         enemies_min=2, enemies_max=2))
    put_effect(e, 0, 0, st.EFFECT_IMPAIR, E0, 1)
    put_effect(e, 0, 1, st.EFFECT_IMPAIR, E1, 1)
    put_effect(e, 1, 0, st.EFFECT_GUARD, 0, 2)
    e.play(st.A_END, st.A_END)
    assert e.get("active") == 0
    assert e.notes(st.NOTE_EFFECT_END) == [(st.EFFECT_GUARD, 0, 1), (st.EFFECT_IMPAIR, E1, 0),
                                           (st.EFFECT_IMPAIR, E0, 0)]
    assert e.get("mp", 0) == 4 - 2


def test_ruling_03_simultaneous_end_of_turn_effects(encounter, config):
    """"Other participants' effects resolve in Momentum order": the raider's (MV 4)
    immobilisation ends before the brute's (MV 6)."""
    e = encounter(config(party=("vanguard", "skirmisher"), enemy_pool=("brute", "raider"),
                         enemies_min=2, enemies_max=2))
    put_effect(e, 0, 0, st.EFFECT_IMMOBILE, E0, 1)
    put_effect(e, 0, 1, st.EFFECT_IMMOBILE, E1, 1)
    e.play(st.A_END, st.A_END)
    assert e.notes(st.NOTE_EFFECT_END) == []
    e.play(st.A_END)
    assert e.notes(st.NOTE_EFFECT_END) == [(st.EFFECT_IMMOBILE, E1, 0),
                                           (st.EFFECT_IMMOBILE, E0, 0)]


@pytest.mark.parametrize("declared", [(E1, E0), (E0, E1)])
def test_ruling_04_reaction_chains(encounter, config, ab, declared):
    """"The most recently declared Reaction resolves first. ... The original triggering
    Action resolves last"; "Momentum does not determine the order of Reactions within a
    chain." Two raiders guard against the skirmisher's strike."""
    e = encounter(config(party=("skirmisher",), enemy_pool=("raider",), enemies_min=2,
                         enemies_max=2), dice=[20, 1])
    e.use(ab.strike, E0)
    e.play(*(st.A_REACT + r for r in declared))
    assert [b for b, _, _ in e.notes(st.NOTE_REACT)] == list(declared)
    assert [b for b, _, _ in e.notes(st.NOTE_RESOLVE_REACTION)] == list(reversed(declared))
    last_reaction = max(k for k, ev in enumerate(e.events)
                        if ev.kind == NOTE and ev.a == st.NOTE_RESOLVE_REACTION)
    assert first_index(e, OUTCOME, 1) > last_reaction
    assert e.get("hp", E0) == 14 - 1


def test_ruling_05_interrupting_effects(encounter, config):
    """"Unless a rule explicitly states that an effect interrupts: An Action fully
    resolves." The opportunity strike (no interrupt) comes after the step out of reach: the
    step stands; the vanguard, knocked out, moves no further."""
    e = encounter(config(party=("vanguard", "skirmisher"), pc_units=(2, 0, 0, 0),
                         enemy_units=(3, 3, 3, 3)), dice=[20, 2])
    e.play(st.A_END)
    e.set("hp", 0, 1)
    e.play(st.A_MOVE + 0, st.A_REACT + E0)
    assert (e.get("pos", 0), e.get("down", 0), e.get("active")) == (1, 1, E0)


def test_ruling_06_overspending_and_immediate_incapacitation(encounter, config, ab):
    """"They immediately fall Unconscious. If this occurs during their Turn, their Turn
    ends immediately. Any unspent AP or MP is lost. The Ability ... is still considered
    resolved." Mystic at 3 of 4 Fatigue, 0 Energy, casts mind spike (odd Overspend)."""
    e = encounter(config(party=("vanguard", "mystic")), dice=[1, 20, 5])
    e.play(st.A_END)
    e.set("fatigue", 1, 3)
    e.set("energy", 1, 0)
    e.use(ab.spike, E0)
    assert e.get("hp", E0) == 20 - 5
    assert [e.get(f, 1) for f in ("fatigue", "down", "ap", "mp")] == [4, 1, 0, 0]
    assert e.get("active") == E0
    assert first_index(e, OUTCOME, 1) < first_index(e, NOTE, st.NOTE_UNCONSCIOUS)


def test_ruling_07_damage_while_down_during_resolution(encounter, config, ab):
    """"The Action finishes resolving. The character then gains a Wound and falls
    Unconscious." Shove drops the brute to 0: the push still resolves first."""
    e = encounter(config(enemies_min=2, enemies_max=2), dice=[20, 1])
    e.set("hp", E0, 1)
    e.use(ab.shove, E0)
    assert [e.get(f, E0) for f in ("pos", "wounds", "down")] == [3, 1, 1]
    push = first_index(e, NOTE, st.NOTE_PUSH)
    assert push < first_index(e, POOL, st.POOL_WOUNDS) < first_index(e, NOTE, st.NOTE_UNCONSCIOUS)


def test_ruling_08_leaving_encounter_play_mid_round(encounter, config, ab):
    """"The current Action finishes resolving. The current Turn ends. All unspent AP and
    MP are lost." The brute's Turn never comes."""
    e = encounter(config(), dice=[20, 1])
    e.set("hp", E0, 1)
    assert e.use(ab.strike, E0) == (1.0, True)
    assert e.pool_changes(st.POOL_AP, 0) == [(3, 2), (2, 0)]
    assert e.pool_changes(st.POOL_MP, 0) == [(4, 0)]
    assert e.turns() == [0]


def test_ruling_09_entering_encounter_play_no_expended_ap_or_mp(encounter, config):
    """"No participant begins the Encounter with expended AP or MP." """
    e = encounter(config(party=("vanguard", "skirmisher", "mystic"),
                         enemy_pool=("brute", "raider"), enemies_min=2, enemies_max=2))
    present = [c for c in range(st.MAX_CHARS) if e.get("present", c)]
    assert [e.get("ap", c) for c in present] == [3] * 5
    assert [e.get("mp", c) for c in present] == [4, 6, 4, 3, 5]


def test_ruling_10_movement_and_forced_relocation_during_anothers_turn(encounter, config, ab):
    """"The movement resolves immediately. It does not grant additional actions. It does
    not alter Turn order. ... apply the new positioning immediately." """
    e = encounter(config(), dice=[20, 1])
    order = [e.get("order", k) for k in range(2)]
    e.use(ab.shove, E0)
    assert e.get("pos", E0) == 3 and e.get("ap", E0) == 3
    assert [e.get("order", k) for k in range(2)] == order
    assert st.A_ABILITY + ab.strike not in e.legal()


def test_ruling_11_energy_recovery_during_encounter_play(encounter, config, ab):
    """"Energy cannot be recovered during Encounter Play unless a rule explicitly states
    otherwise. Downtime recovery cannot occur while structured timing is active." """
    e = encounter(config(party=("mystic",)), dice=[1])
    e.use(ab.spike, E0)
    e.play(st.A_END, st.A_END)
    assert e.get("round") == 2 and e.get("energy", 0) == 7
    assert not rest(e.batch.state[0], e.batch.params[0], make_log(1), 0, 1)
    assert e.get("energy", 0) == 7


def test_ruling_12_downtime_and_ongoing_conditions(encounter, config, ab):
    """"Effects with duration measured in Rounds immediately expire." After the encounter,
    an hour of Downtime ends the immobilisation and recovers 1 Energy and 1 Wound."""
    e = encounter(config(enemies_min=2, enemies_max=2), dice=[20, 1, 1])
    e.set("hp", E0, 1)
    e.set("hp", E1, 0)
    e.set("down", E1, 1)
    e.set("energy", 0, 2)
    assert e.use(ab.heavy, E0) == (1.0, True)
    assert e.get("effect_kind", E0 * st.MAX_EFFECTS) == st.EFFECT_IMMOBILE
    assert rest(e.batch.state[0], e.batch.params[0], make_log(1), 0, 1)
    assert e.get("effect_kind", E0 * st.MAX_EFFECTS) == st.NO_EFFECT
    assert (e.get("energy", 0), e.get("wounds", E0)) == (3, 0)


def test_ruling_13_multiple_state_changes_simultaneously(encounter, config, ab):
    """"Apply damage and reduce HP. Apply Wounds. Apply Fatigue. Determine death or
    Unconsciousness." A brute at its maximum Wounds, owing a Fatigue, is struck to 0 HP."""
    e = encounter(config(enemies_min=2, enemies_max=2), dice=[20, 5])
    e.set("hp", E0, 2)
    e.set("wounds", E0, 4)
    e.set("pending_fatigue", E0, 1)
    e.use(ab.strike, E0)
    order = [first_index(e, POOL, st.POOL_HP, E0), first_index(e, POOL, st.POOL_WOUNDS, E0),
             first_index(e, POOL, st.POOL_FATIGUE, E0), first_index(e, NOTE, st.NOTE_DEAD)]
    assert order == sorted(order)
    assert (e.get("dead", E0), e.get("fatigue", E0)) == (1, 1)


def test_ruling_14_zero_movement_points_at_turn_start(encounter, config, ab):
    """"They still receive refreshed AP. They may still perform Actions." """
    e = encounter(config())
    put_effect(e, E0, 0, st.EFFECT_IMPAIR, 0, 5)
    e.play(st.A_END)
    assert (e.get("active"), e.get("mp", E0), e.get("ap", E0)) == (E0, 0, 3)
    assert st.A_ABILITY + ab.strike in e.legal()
    assert not [a for a in e.legal() if st.A_MOVE <= a < st.A_END]


def test_ruling_15_zero_ap_at_turn_start(encounter, config, ab):
    """"Their Turn still occurs. Start-of-Turn and End-of-Turn effects still resolve. They
    cannot declare Actions." Under Conscious at 0 HP ("Cannot spend AP") the vanguard at
    0 HP is conscious: its Turn comes, offering no Action that costs AP, only its Free
    Action (dash, which costs no AP) and the end of the Turn."""
    e = encounter(config(party=("vanguard", "skirmisher"), conscious_at_zero=True))
    e.set("hp", 0, 0)
    e.set("wounds", 0, 1)
    e.set("at_zero", 0, 1)
    put_effect(e, 0, 0, st.EFFECT_IMMOBILE, E0, 1)
    e.play(st.A_END)
    assert (e.get("active"), e.legal()) == (0, [st.A_ABILITY + ab.dash, st.A_END])
    e.play(st.A_END)
    assert e.turns() == [1, 0, E0] and e.get("down", 0) == 0
    assert e.notes(st.NOTE_EFFECT_END) == [(st.EFFECT_IMMOBILE, E0, 0)]
