"""``scenegym soak`` (evaluation/soak.py): invariants after every decision; a planted bug is
caught with a seed, env and episode that replay it alone."""

import re

import numpy as np
import pytest

from scenegym.agents import make_agent
from scenegym.agents.seats import choose_actions
from scenegym.cli import main
from scenegym.common.scenes import seat_seed
from scenegym.common.workers import results_in_order
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, DECISIONS, EPISODE, GM
from scenegym.envs.frontiers import invariants as fr_invariants
from scenegym.envs.frontiers import state as fr
from scenegym.envs.rulesets import env_ids, get_ruleset
from scenegym.envs.starforged import invariants as sf_invariants
from scenegym.envs.starforged import state as st
from scenegym.evaluation import soak

RULESET_CHECK = sf_invariants.check
IDS = ["scenegym/StarforgedSceneChallenge-v1", "scenegym/MomentumScene-v1"]


def test_every_registered_ruleset_variant_and_pairing_keeps_its_invariants(monkeypatch, capsys):
    # frontiers' hundred-odd variant pairs are soaked by the command; here two stand for them
    few = {k: fr_invariants.VARIANTS[k] for k in ("default", "two-ap + simultaneous-turns")}
    monkeypatch.setattr(fr_invariants, "VARIANTS", few)
    assert main(["soak", "--decisions", "20000", "--seed", "5", "--batch", "16"]) == 0
    out = capsys.readouterr().out
    assert "no invariant broken" in out and "[oracle prices] crew random vs GM heuristic" in out
    assert "[default] crew heuristic vs GM mcts:sims=8,depth=60:" in out  # heuristic rollouts
    for env_id in env_ids():
        assert f"{env_id} [default] crew heuristic vs GM random" in out


def planted(state, config):
    """A planted bug: momentum above 3 counts as out of range."""
    return RULESET_CHECK(state, config) + [(state[:, st.MOMENTUM] > 3, "planted: momentum <= 3")]


def replay_alone(v: soak.Violation) -> np.ndarray:
    """Env ``v.env`` alone, played to decision ``v.decision`` of episode ``v.episode``."""
    rs = get_ruleset(v.ruleset)
    config = rs.config_type().replace(**v.overrides)
    agents = {seat: make_agent(spec, v.ruleset, seat_seed(v.seed, seat), config)
              for seat, spec in ((CREW, v.crew), (GM, v.gm))}
    batch = SceneBatch(rs, config, 1, env_ids=[v.env])
    batch.reset(v.seed)
    actions = np.zeros(1, np.int64)
    while not (batch.state[0, EPISODE] == v.episode and batch.state[0, DECISIONS] == v.decision):
        if batch.over[0]:
            batch.next_episode(np.array([True]))
            continue
        batch.step(choose_actions(batch, agents, actions))
    return batch.state[0]


def test_a_planted_bug_is_caught_with_a_replayable_seed(monkeypatch, capsys):
    monkeypatch.setattr(sf_invariants, "check", planted)
    violation, _ = soak.soak(IDS[:1], 20000, seed=8, batch=16, out=lambda line: None)
    assert violation is not None and violation.rule == "planted: momentum <= 3"
    assert violation.env > 0 or violation.episode > 0 or violation.decision > 0
    assert replay_alone(violation)[st.MOMENTUM] > 3
    assert (f"--seed 8 --env {violation.env} --episode {violation.episode}"
            in violation.replay_command())
    argv = violation.replay_command().split()[1:]
    assert main([a.strip("'") for a in argv]) == 0
    assert f"seed 8, env {violation.env}, episode {violation.episode}" in capsys.readouterr().out


def test_soak_exits_1_at_a_violation_and_prints_the_replay(monkeypatch, capsys):
    monkeypatch.setattr(sf_invariants, "check", planted)
    assert main(["soak", IDS[0], "--decisions", "5000", "--seed", "2", "--batch", "8"]) == 1
    assert "replay it: scenegym replay starforged --seed 2" in capsys.readouterr().err


def test_an_unknown_id_is_refused_by_name(capsys):
    assert main(["soak", "scenegym/Nope-v0"]) == 2
    assert "unknown ruleset or env id 'scenegym/Nope-v0'; rulesets:" in capsys.readouterr().err


FRONTIERS = "scenegym/FrontiersEncounter-v1"


def test_frontiers_soaks_each_variant_and_every_pair_the_config_allows():
    from itertools import combinations

    from scenegym.envs.frontiers.config import VARIANTS, FrontiersConfig

    pairs = [f"{a} + {b}" for a, b in combinations(VARIANTS, 2)]
    allowed = []
    for name in pairs:
        try:
            FrontiersConfig.with_variants(*name.split(" + "))
            allowed.append(name)
        except ValueError:
            pass
    assert len(allowed) < len(pairs)  # some pairs replace the same rule
    assert list(fr_invariants.VARIANTS) == ["default", *VARIANTS, *allowed]


def overshooting_heal(step):
    """A planted bug in a test copy of the step: once PC 0 of a Frontiers encounter is hurt
    in Round 2 or later, its HP is pushed one above its maximum (a function of the state
    alone, so the same scene replays to it)."""
    def buggy(self, actions, which=None):
        reward, over, truncated = step(self, actions, which)
        s = self.state
        hurt = (s[:, fr.ROUND] >= 2) & (s[:, fr.HP] > 0) & (s[:, fr.HP] < s[:, fr.HP_MAX])
        s[hurt, fr.HP] = s[hurt, fr.HP_MAX] + 1
        return reward, over, truncated

    return buggy


def test_a_frontiers_pool_pushed_out_of_range_is_caught_with_a_replayable_seed(monkeypatch,
                                                                                capsys):
    monkeypatch.setattr(SceneBatch, "step", overshooting_heal(SceneBatch.step))
    monkeypatch.setattr(fr_invariants, "VARIANTS", {"default": {}})
    violation, _ = soak.soak([FRONTIERS], 4000, seed=3, batch=16, out=lambda line: None)
    assert violation is not None and violation.ruleset == "frontiers"
    assert violation.rule in ("HP within 0..maximum HP",
                              "the last logged pool change leaves the state's value")
    state = replay_alone(violation)
    assert state[fr.HP] == state[fr.HP_MAX] + 1 and state[fr.ROUND] >= 2
    argv = violation.replay_command().split()[1:]
    assert main([a.strip("'") for a in argv]) == 0
    assert f"seed 3, env {violation.env}, episode {violation.episode}" in capsys.readouterr().out


def test_a_pool_change_the_log_does_not_show_is_caught():
    """Env 0 logs Momentum 2 -> 3 and holds 3: consistent. Env 1 logs 2 -> 3 but holds 4 (a
    change not logged after it); env 2 logs 2 -> 3 from a state that held 1 (one before it)."""
    from scenegym.envs.core.events import POOL, make_log, record
    from scenegym.envs.sta import state as sta

    pools = {sta.POOL_MOMENTUM: (sta.MOMENTUM, False)}
    before = np.zeros((3, sta.STATE_SIZE), np.int32)
    before[:, sta.MOMENTUM] = (2, 2, 1)
    after = before.copy()
    after[:, sta.MOMENTUM] = (3, 4, 3)
    log = make_log(3, 4)
    for i in range(3):
        record(log, i, POOL, sta.POOL_MOMENTUM, 2, 3, -1)
    (start, _), (end, _) = soak.pool_log_checks(before, after, log, pools)
    assert start.tolist() == [False, False, True] and end.tolist() == [False, True, False]


def without_rates(text: str) -> str:
    """Soak's output less what depends on the clock: each pairing's rate, the run's seconds."""
    return re.sub(r" \(\d+ s\)$", "", re.sub(r", [\d,]+/s", "", text.strip()), flags=re.M)


def test_two_workers_print_the_soak_of_one(capsys):
    """Issue 25, item 5: "``soak`` split[s] ... over worker processes (``--workers N``...),
    with figures identical to one worker (test)": the same pairings in the same order, each
    with the same decisions, and the same total (soak splits its pairings, not scenes)."""
    outs = []
    for workers in ("1", "2"):
        assert main(["soak", *IDS, "--decisions", "4000", "--seed", "6", "--batch", "16",
                     "--workers", workers]) == 0
        outs.append(without_rates(capsys.readouterr().out))
    assert outs[0] == outs[1]
    assert outs[0].count("\n") >= 12 and "crew stall vs GM heuristic" in outs[0]


@pytest.mark.parametrize("value", ["0", "two"])
def test_soak_workers_refused_by_name(value, capsys):
    assert main(["soak", IDS[0], "--decisions", "10", "--workers", value]) == 2
    assert "--workers is" in capsys.readouterr().err


def test_results_come_in_the_items_order_whatever_the_workers():
    """:func:`scenegym.common.workers.results_in_order`, the split soak uses: each item's
    result at its place, computed here or by worker processes."""
    items = list(range(7))
    assert list(results_in_order(abs, [-i for i in items], 1)) == items
    assert list(results_in_order(abs, [-i for i in items], 3)) == items
