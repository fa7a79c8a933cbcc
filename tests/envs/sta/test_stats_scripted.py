"""STA playtest statistics checked against a scripted conflict (tests/envs/sta/conftest.py's
scene): Threat and Momentum by round, pool changes by the decision that caused them, rounds
to the end, injuries avoided."""

import numpy as np
import pytest
from scripted import ScriptedScene

from scenegym.envs.core.events import NOTE
from scenegym.envs.sta import state as st
from scenegym.envs.sta.stats import StaStats

NPC0 = st.MAX_PCS
# One PC (Control 10 + Security 4, focus) against one Minor NPC (Control 9 + Security 2, a
# disruptor pistol: Deadly only) on three open zones; Threat starts at 2 (2 per PC).
SCENE = {"pcs": 1, "npc_tiers": ("minor",), "npc_weapon": (6,), "npc_protection": (0,),
         "battlefield_cover": (0, 0, 0), "battlefield_terrain": (0, 0, 0),
         "battlefield_obstacles": (0, 0)}


def short_conflict() -> ScriptedScene:
    """The GM spends 1 Threat for the NPC to go first; the NPC spends 1 more on a Deadly
    attack and misses (15, 16 against target 11); the PC's Stun attack rolls 3 (a critical:
    2 successes) and 10 (1): 3 successes against Difficulty 2, 1 Momentum (kept: the PC
    declines the Disarm it would buy), the Minor NPC is Defeated in round 1."""
    c = ScriptedScene("sta", dice=[15, 16, 3, 10], **SCENE)
    c.play(st.A_NPC_FIRST, st.A_PICK + NPC0, st.A_END_MINOR, st.A_ATTACK_DEADLY + 0, st.A_ROLL,
           st.A_END_MINOR)
    c.play(st.A_PICK + 0, st.A_END_MINOR, st.A_ATTACK_STUN + NPC0, st.A_ROLL, st.A_DONE)
    assert c.get("over") == 1 and c.get("result") == 1
    return c


@pytest.mark.parametrize("split", [None, 7, 19])
def test_statistics_of_a_scripted_conflict(split):
    """The same figures whether the log is drained once or in two parts (the values carried
    between drains)."""
    c = short_conflict()
    records = np.array(c.events(), np.int32)
    stats = StaStats(c.config)
    parts = [records] if split is None else [records[:split], records[split:]]
    for part in parts:
        stats.add_events(np.zeros(len(part), np.int64), part)
    stats.add_ended(c.batch.state[:1])
    out = stats.summary()
    assert out["threat_by_round"]["round 1"]["mean"] == 2
    assert out["threat_by_round"]["scene end"]["mean"] == 0
    assert out["momentum_by_round"]["round 1"]["mean"] == 0
    assert out["momentum_by_round"]["scene end"]["mean"] == 1
    changes = out["pool_changes_per_scene"]
    assert changes["spend Threat: an NPC acts first"]["threat_spent"] == 1
    assert changes["Deadly attack on"]["threat_spent"] == 1
    assert changes["roll"] == {"momentum_spent": 0, "momentum_gained": 1, "threat_spent": 0,
                               "threat_added": 0}
    assert out["rounds_to_end"]["crew_won"] == {"mean": 1.0, "ci": [1.0, 1.0], "n": 1}
    assert out["rounds_to_end"]["crew_lost"]["n"] == 0
    assert out["conflict_ends"]["npcs_out"]["count"] == 1
    assert out["injuries_avoided_by"]["pcs_with_stress"]["count"] == 0


def test_a_second_scene_starts_from_the_start_values():
    """After a scene ends, the next scene's rounds start again at the config's Threat and
    Momentum (not the last scene's)."""
    c = short_conflict()
    records = np.array(c.events(), np.int32)
    stats = StaStats(c.config)
    stats.add_events(np.zeros(len(records), np.int64), records)
    round_one = records[:1]  # the next scene's first record: "Round 1"
    assert round_one[0, 0] == NOTE and round_one[0, 1] == st.NOTE_ROUND
    stats.add_events(np.zeros(1, np.int64), round_one)
    by_round = stats.summary()["threat_by_round"]["round 1"]
    assert (by_round["mean"], by_round["n"]) == (2, 2)


def test_tally_of_the_log_buffers_counts_what_the_drained_records_count():
    """A playtest counts the log's buffers in place (``tally``, one compiled pass): two envs
    each play the scripted conflict, env 1's records written over two drains, and every
    figure is that of the drained records, each env carrying its own pools and decision;
    the log is cleared."""
    c = short_conflict()
    records = np.array(c.events(), np.int32)
    split = 7
    log = np.zeros((2, len(records), records.shape[1]), np.int32)
    log[0, :len(records)], log[1, :split] = records, records[:split]
    tallied = StaStats(c.config)
    lengths = np.array([len(records), split], np.int64)
    tallied.tally(log, lengths)
    assert lengths.tolist() == [0, 0]
    log[1, :len(records) - split] = records[split:]
    lengths[1] = len(records) - split
    tallied.tally(log, lengths)
    drained = StaStats(c.config)
    drained.add_events(np.r_[np.zeros(len(records)), np.ones(split)].astype(np.int64),
                       np.concatenate([records, records[:split]]))
    drained.add_events(np.ones(len(records) - split, np.int64), records[split:])
    for stats in (tallied, drained):
        stats.add_ended(np.repeat(c.batch.state[:1], 2, axis=0))
    out = tallied.summary()
    assert out == drained.summary()
    assert out["threat_by_round"]["round 1"] == {"mean": 2.0, "ci": [2.0, 2.0], "n": 2}
    assert out["momentum_by_round"]["scene end"]["n"] == 2
    assert out["pool_changes_per_scene"]["Deadly attack on"]["threat_spent"] == 1
