"""``scenegym soak`` (evaluation/soak.py): invariants after every decision; a planted bug is
caught with a seed, env and episode that replay it alone."""

import numpy as np

from scenegym.agents import make_agent
from scenegym.agents.seats import choose_actions
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, DECISIONS, EPISODE, GM
from scenegym.envs.rulesets import env_ids, get_ruleset
from scenegym.envs.starforged import state as st
from scenegym.evaluation import soak
from scenegym.evaluation.cli import main
from scenegym.evaluation.invariants import starforged as sf_invariants
from scenegym.evaluation.playtest import seat_seed

RULESET_CHECK = sf_invariants.check
IDS = ["scenegym/StarforgedSceneChallenge-v0", "scenegym/MomentumScene-v0"]


def test_every_registered_ruleset_variant_and_pairing_keeps_its_invariants(capsys):
    assert main(["soak", "--decisions", "20000", "--seed", "5", "--batch", "16"]) == 0
    out = capsys.readouterr().out
    assert "no invariant broken" in out and "[oracle prices] crew random vs GM heuristic" in out
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
    assert f"--seed 8 --env {violation.env} --scene {violation.episode}" in violation.replay_command()
    argv = violation.replay_command().split()[1:]
    assert main([a.strip("'") for a in argv]) == 0
    assert f"seed 8, env {violation.env}, scene {violation.episode}" in capsys.readouterr().out


def test_soak_exits_1_at_a_violation_and_prints_the_replay(monkeypatch, capsys):
    monkeypatch.setattr(sf_invariants, "check", planted)
    assert main(["soak", IDS[0], "--decisions", "5000", "--seed", "2", "--batch", "8"]) == 1
    assert "replay it: scenegym replay starforged --seed 2" in capsys.readouterr().err


def test_an_unknown_id_is_refused_by_name(capsys):
    assert main(["soak", "scenegym/Nope-v0"]) == 2
    assert "unknown env id 'scenegym/Nope-v0'; registered:" in capsys.readouterr().err
