"""Engine invariants of the Starforged scene challenge under random legal play.

(a) Batch invariance (DESIGN.md, "Dice are explicit and reproducible per scene": "Scene k of
env i depends only on (seed, i, k)"): env i alone replays env i of a batch of 1000.
(b) Long random legal play under every config variant keeps the pools within the ranges of
``docs/rules/starforged.md`` ("Momentum: range -6..+10 ... Max momentum = 10 - impacts", meters 0..5,
"10 boxes x 4 ticks", the clock's segments), masks never empty while a scene runs and empty
once it is over, and observations finite within [-1, 1] whose fixed-scale slots read back
(value x the slot's declared scale) as the state's counts under every config.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from scenegym.agents.random_agent import RandomAgent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, DECISIONS, GM, OVER, PHASE, RESULT, SEAT, TRUNCATED
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import PRICE_KINDS, RANKS, SITUATIONS, StarforgedConfig
from scenegym.envs.starforged.observation import SCALE, SLOT
from scenegym.envs.starforged.ruleset import STARFORGED

SEATS_OF_PHASE = {st.BEGIN: GM, st.MOVE: CREW, st.BURN: CREW, st.ADVANTAGE: CREW, st.PRICE: GM,
                  st.APPROACH_PHASE: GM}
ACTIONS_OF_PHASE = {
    st.BEGIN: range(st.A_SITUATION, st.A_APPROACH),
    st.APPROACH_PHASE: range(st.A_APPROACH, st.NUM_ACTIONS),
    st.MOVE: range(st.A_FACE_DANGER, st.A_FINISH + 1),
    st.BURN: (st.A_KEEP, st.A_BURN),
    st.ADVANTAGE: (st.A_TAKE_MOMENTUM, st.A_TAKE_BONUS),
    st.PRICE: range(st.A_PRICE, st.A_SITUATION),
}


def play(batch, steps, seed, check=None, watch=()):
    """Random legal play on both seats with autoreset; ``check(batch)`` after every step.

    Returns, per watched env, its state row, mask, observation and the raw event records
    of every step.
    """
    crew, gm = RandomAgent(seed), RandomAgent(seed + 1)
    batch.reset(seed)
    trace = {i: [] for i in watch}
    scenes = 0
    actions = np.zeros(batch.num_envs, np.int64)
    for _ in range(steps):
        _, over, _ = batch.step(choose_actions(batch, {CREW: crew, GM: gm}, actions))
        if check:
            check(batch)
        scenes += int(over.sum())
        batch.next_episode(over)
        for i in watch:
            n = int(batch.log.lengths[i])
            trace[i].append((batch.state[i].copy(), batch.masks[i].copy(), batch.obs[i].copy(),
                             batch.log.records[i, :n].copy()))
        batch.log.lengths[:] = 0
    return trace, scenes


# ---------------------------------------------------------------------------------------------
# (a) batch invariance

INVARIANCE_CONFIGS = {
    "seed rules, GM prices": StarforgedConfig(),
    "gm situation, oracle prices": StarforgedConfig(situation="gm", price_by="oracle"),
}


@pytest.mark.parametrize("name", list(INVARIANCE_CONFIGS))
def test_env_alone_equals_env_in_a_batch_of_1000(name):
    """DESIGN: "env i alone equals env i inside a batch of 1000, for random legal play"."""
    cfg, steps, watch = INVARIANCE_CONFIGS[name], 300, (0, 17, 999)
    big = SceneBatch(STARFORGED, cfg, 1000, log_capacity=128)
    big_trace, scenes = play(big, steps, seed=2024, watch=watch)
    assert scenes > 1000  # many autoresets happened
    for i in watch:
        alone = SceneBatch(STARFORGED, cfg, 1, env_ids=[i], log_capacity=128)
        alone_trace, _ = play(alone, steps, seed=2024, watch=(0,))
        for k, (a, b) in enumerate(zip(big_trace[i], alone_trace[0])):
            for part, x, y in zip(("state", "mask", "obs", "events"), a, b):
                assert np.array_equal(x, y), f"env {i}, step {k}: {part} differs"


def test_different_envs_play_different_scenes():
    """Scene k of env i depends on i: two envs of one batch do not replay each other."""
    trace, _ = play(SceneBatch(STARFORGED, StarforgedConfig(), 2, log_capacity=128), 50, 7,
                    watch=(0, 1))
    assert any(not np.array_equal(a[3], b[3]) for a, b in zip(trace[0], trace[1]))


# ---------------------------------------------------------------------------------------------
# (b) invariants under every config variant


def check_invariants(cfg):
    """The invariant checks of a config, as ``check(batch)``."""
    track = cfg.boxes * cfg.ticks_per_box

    def check(batch):
        s, masks, obs = batch.state, batch.masks, batch.obs
        running, over = s[:, OVER] == 0, s[:, OVER] == 1
        assert (running | over).all()
        impacts = s[:, st.WOUNDED] + s[:, st.SHAKEN] + s[:, st.UNPREPARED]
        assert (cfg.momentum_min <= s[:, st.MOMENTUM]).all()
        assert (s[:, st.MOMENTUM] <= cfg.momentum_max - impacts).all()
        for meter, impact in ((st.HEALTH, st.WOUNDED), (st.SPIRIT, st.SHAKEN),
                              (st.SUPPLY, st.UNPREPARED)):
            assert ((0 <= s[:, meter]) & (s[:, meter] <= cfg.meter_max)).all()
            assert np.isin(s[:, impact], (0, 1)).all()
            assert (s[s[:, impact] == 1, meter] == 0).all()  # an impact is marked at 0
        assert ((0 <= s[:, st.PROGRESS]) & (s[:, st.PROGRESS] <= track)).all()
        assert ((0 <= s[:, st.CLOCK]) & (s[:, st.CLOCK] <= s[:, st.SEGMENTS])).all()
        begun = s[:, PHASE] != st.BEGIN
        assert np.isin(s[begun, st.SEGMENTS], cfg.clock_by_situation).all()
        assert (s[:, st.MOVES] <= cfg.max_moves).all()
        # every scene ends: at most approach, move, burn, price or advantage per move
        assert (s[:, DECISIONS] <= 4 * cfg.max_moves + 3).all()
        assert ((0 <= s[:, st.BONUS]) & (s[:, st.BONUS] <= cfg.advantage_bonus)).all()
        # masks: never empty while a scene runs, legal only for the pending decision
        assert masks[running].any(axis=1).all()
        assert not masks[over].any()
        for i in np.flatnonzero(running):
            phase = int(s[i, PHASE])
            assert s[i, SEAT] == SEATS_OF_PHASE[phase]
            assert set(np.flatnonzero(masks[i])) <= set(ACTIONS_OF_PHASE[phase])
            if phase == st.MOVE and s[i, st.APPROACH] > 0:  # the approach named fixes the stat
                stat = s[i, st.APPROACH] - 1
                allowed = {st.A_FACE_DANGER + stat, st.A_SECURE_ADVANTAGE + stat, st.A_FINISH}
                assert set(np.flatnonzero(masks[i])) <= allowed
        # results
        assert np.isin(s[over, RESULT], (-1, 0, 1)).all()
        assert (s[running, RESULT] == 0).all()
        assert (s[s[:, TRUNCATED] == 1, RESULT] == cfg.cutoff_result).all()  # a cut-off pays it
        # observations
        assert np.isfinite(obs).all()
        assert (np.abs(obs) <= 1.0).all()
        counts = {"momentum": s[:, st.MOMENTUM], "max_momentum": cfg.momentum_max - impacts,
                  "momentum_reset": np.take(cfg.momentum_reset, np.minimum(impacts, 2)),
                  "health": s[:, st.HEALTH], "spirit": s[:, st.SPIRIT], "supply": s[:, st.SUPPLY],
                  "progress_boxes": s[:, st.PROGRESS] // cfg.ticks_per_box,
                  "clock_segments": s[:, st.SEGMENTS],
                  "clock_segments_left": s[:, st.SEGMENTS] - s[:, st.CLOCK],
                  "bonus": s[:, st.BONUS], "outcome": s[:, st.ROLL_OUTCOME], "impacts": impacts}
        counts.update({name: s[:, st.STATS + k] for k, name in enumerate(st.STAT_NAMES)})
        for name, count in counts.items():
            read = np.rint(obs[:, getattr(SLOT, name)] * getattr(SCALE, name))
            assert np.array_equal(read, count), f"slot {name!r} does not read back"

    return check


VARIANTS = {
    "seed rules": StarforgedConfig(),
    "final rulebook troublesome": StarforgedConfig.final_rulebook("troublesome"),
    "final rulebook dangerous": StarforgedConfig.final_rulebook("dangerous"),
    "final rulebook formidable": StarforgedConfig.final_rulebook("formidable"),
    "situation random": StarforgedConfig(situation="random"),
    "situation gm": StarforgedConfig(situation="gm"),
    "price by oracle": StarforgedConfig(price_by="oracle"),
    "price by gm, situation gm": StarforgedConfig(price_by="gm", situation="gm"),
    "no early finish": StarforgedConfig(finish_early=False),
    "approach random": StarforgedConfig(approach="random"),
    "approach crew": StarforgedConfig(approach="crew"),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_invariants_hold_under_long_random_play(name):
    """Rules page ranges hold at every step of long random legal play."""
    cfg = VARIANTS[name]
    _, scenes = play(SceneBatch(STARFORGED, cfg, 64), 400, seed=11, check=check_invariants(cfg))
    assert scenes > 64


@hs.composite
def configs(draw):
    """Valid configs whose momentum bounds stay consistent with three impacts.

    ``momentum_max - 3 >= momentum_min`` and ``momentum_reset[k]`` within the max momentum of
    k impacts (the config refuses the rest: ``test_momentum_range_that_impacts_would_empty_is_refused``).
    """
    ints = hs.integers
    momentum_max = draw(ints(3, 12))
    momentum_min = draw(ints(-10, 0))
    boxes, ticks_per_box = draw(ints(1, 12)), draw(ints(1, 6))
    meter_max = draw(ints(1, 6))
    tops = sorted(draw(hs.sets(ints(1, 99), max_size=5))) + [100]
    return StarforgedConfig(
        stats=tuple(draw(hs.lists(ints(0, 5), min_size=5, max_size=5))),
        momentum_min=momentum_min, momentum_max=momentum_max,
        momentum_start=draw(ints(momentum_min, momentum_max)),
        momentum_reset=(draw(ints(0, momentum_max)), draw(ints(0, momentum_max - 1)),
                        draw(ints(0, momentum_max - 3))),
        action_die=draw(ints(2, 12)), challenge_die=draw(ints(2, 20)),
        score_cap=draw(ints(1, 20)), boxes=boxes, ticks_per_box=ticks_per_box,
        rank=draw(hs.sampled_from(RANKS)),
        ticks_by_rank=tuple(draw(hs.lists(ints(1, boxes * ticks_per_box), min_size=5,
                                          max_size=5))),
        clock_by_situation=tuple(draw(hs.lists(ints(1, 20), min_size=3, max_size=3))),
        situation=draw(hs.sampled_from(SITUATIONS)),
        meter_max=meter_max, meter_start=draw(ints(0, meter_max)),
        advantage_momentum=draw(ints(0, momentum_max)), advantage_bonus=draw(ints(0, 3)),
        price_by=draw(hs.sampled_from(("gm", "oracle"))),
        approach=draw(hs.sampled_from(("gm", "random", "crew"))),
        price_momentum=draw(ints(0, 4)), price_harm=draw(ints(0, 4)),
        price_stress=draw(ints(0, 4)), price_supply=draw(ints(0, 4)),
        narrative_momentum=draw(ints(0, 3)),
        oracle_rows=tuple((top, draw(hs.sampled_from(PRICE_KINDS))) for top in tops),
        oracle_max_rolls=draw(ints(1, 4)), endure_miss_momentum=draw(ints(0, 3)),
        max_moves=draw(ints(1, 40)), finish_early=draw(hs.booleans()),
    )


@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs(), seed=hs.integers(0, 2**32))
def test_invariants_hold_for_random_configs(cfg, seed):
    """Every config in the valid ranges keeps the invariants under random legal play."""
    play(SceneBatch(STARFORGED, cfg, 16), 80, seed=seed, check=check_invariants(cfg))


@pytest.mark.parametrize("fields, message", [
    ({"momentum_max": 2, "momentum_min": -6}, r"'momentum_max' is 2; allowed: 3\.\.20"),
    ({"momentum_max": 4, "momentum_min": 2}, r"'momentum_min' is 2; allowed: -20\.\.0"),
    ({"momentum_max": 5, "momentum_min": 0, "momentum_reset": (2, 1, 3)},
     r"'momentum_reset\[2\]' is 3; allowed: 0\.\.2"),
])
def test_momentum_range_that_impacts_would_empty_is_refused(fields, message):
    """Rules page: "Max momentum = 10 - impacts": three impacts must leave max momentum at or
    above the minimum, and the reset of two or more impacts within it."""
    with pytest.raises(ValueError, match=message):
        StarforgedConfig(**fields)


def test_momentum_bounds_survive_three_impacts(scene):
    """Rules page: "Max momentum = 10 - impacts". At the narrowest valid range (max 3, min 0),
    three impacts bring max momentum down to the minimum: a gain and a loss both leave
    momentum there, and every invariant holds."""
    cfg = StarforgedConfig(momentum_max=3, momentum_min=0, momentum_start=0,
                           momentum_reset=(0, 0, 0), advantage_momentum=2)
    s = scene(cfg, dice=[6, 2, 3, 1, 7, 9], wounded=1, shaken=1, unprepared=1, health=0,
              spirit=0, supply=0)
    check = check_invariants(cfg)
    s.play(st.A_SECURE_ADVANTAGE)  # 6 + 3 vs 2, 3: strong hit, +2 momentum
    assert s.fields("roll_outcome", "momentum") == {"roll_outcome": st.STRONG_HIT, "momentum": 0}
    check(s.batch)
    s.play(st.A_FACE_DANGER, st.A_PRICE + st.LOSE_MOMENTUM)  # 1 + 3 vs 7, 9: miss, -2
    assert s.fields("roll_outcome", "momentum") == {"roll_outcome": st.MISS, "momentum": 0}
    check(s.batch)
