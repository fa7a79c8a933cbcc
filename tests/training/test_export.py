"""``scenegym export`` and the policy agents (training/export.py, agents/policy.py).

Issue 4: "an ONNX agent runs it with onnxruntime and without torch, choosing the same actions
as the torch policy on a thousand recorded observations".
"""

import json
import subprocess
import sys
import zipfile

import gymnasium as gym
import numpy as np
import pytest
from clirun import assert_refused, in_process

import scenegym  # noqa: F401  (registers the ids)
from scenegym.agents.policy import OnnxPolicyAgent, PolicyAgent, load_policy_agent
from scenegym.agents.registry import make_agent
from scenegym.cli import main
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import OVER
from scenegym.envs.rulesets import env_ids, ruleset_names
from scenegym.training.vec_env import ruleset_of

RECORDED = 1000


def record_decisions(env_id, count, seed=4):
    """Observations and masks of ``count`` pending decisions (both seats) from random play."""
    rs = ruleset_of(env_id)
    b = SceneBatch(rs, rs.config_type(), 64)
    b.reset(seed)
    agent = make_agent("random", rs.name, seed)
    obs, masks = [], []
    while sum(len(o) for o in obs) < count:
        running = b.state[:, OVER] == 0
        obs.append(b.obs[running].copy())
        masks.append(b.masks[running].copy())
        actions = np.zeros(b.num_envs, np.int64)
        actions[running] = agent.act(b.obs[running], b.masks[running], b.env_ids[running])
        _, over, _ = b.step(actions, running)
        b.next_episode(over.copy())
    return np.concatenate(obs)[:count], np.concatenate(masks)[:count]


@pytest.fixture(scope="module", params=env_ids())
def exported(request, tmp_path_factory):
    """A tiny trained run of each id and its ONNX export."""
    out = tmp_path_factory.mktemp("export") / "run"
    assert main(["train", request.param, "--steps", "512", "--out", str(out), "--batch", "8",
                 "--n-steps", "32", "--minibatch", "64", "--n-epochs", "2", "--net", "32,32",
                 "--eval-scenes", "16", "--seed", "2"]) == 0
    onnx = out / "policy.onnx"
    assert main(["export", str(out)]) == 0  # --out: by default the run folder
    return request.param, out / "model.zip", onnx


def test_onnx_and_torch_agents_agree_on_1000_recorded_decisions(exported):
    env_id, zip_path, onnx_path = exported
    obs, masks = record_decisions(env_id, RECORDED)
    assert obs.shape[0] == RECORDED and masks.any(axis=1).all()
    torch_agent, onnx_agent = PolicyAgent.load(zip_path), OnnxPolicyAgent(onnx_path)
    torch_actions, onnx_actions = torch_agent.act(obs, masks), onnx_agent.act(obs, masks)
    np.testing.assert_array_equal(onnx_actions, torch_actions)
    assert masks[np.arange(RECORDED), onnx_actions].all()  # only legal actions are chosen
    assert len(np.unique(torch_actions)) > 1  # the comparison is not over a constant


def test_masked_logits_are_the_torch_logits_where_legal(exported):
    env_id, zip_path, onnx_path = exported
    obs, masks = record_decisions(env_id, 200, seed=9)
    (masked,) = OnnxPolicyAgent(onnx_path).session.run(["masked_logits"],
                                                       {"obs": obs, "mask": masks})
    logits = PolicyAgent.load(zip_path).logits(obs)
    np.testing.assert_allclose(masked[masks], logits[masks], rtol=1e-5, atol=1e-5)
    assert (masked[~masks] == np.float32(-1e9)).all()


def test_onnx_agent_runs_without_torch(exported):
    env_id, _, onnx_path = exported
    code = ("import sys, numpy as np; from scenegym.agents.registry import make_agent; "
            f"a = make_agent({str(onnx_path)!r}, {ruleset_of(env_id).name!r}); "
            "n = a.session.get_inputs()[0].shape[1]; m = a.session.get_inputs()[1].shape[1]; "
            "print(a.act(np.zeros((3, n), np.float32), np.ones((3, m), bool)).shape, "
            "'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["(3,)", "False"]


def test_policy_files_play_as_env_opponents(exported):
    """Issue 4: "any env's opponent= [...] accept a trained policy" (a crew policy: the
    learner sits in the GM seat)."""
    env_id, zip_path, onnx_path = exported
    for path, kind in ((zip_path, PolicyAgent), (onnx_path, OnnxPolicyAgent)):
        env = gym.make(env_id, opponent=str(path), seat="gm")
        _, info = env.reset(seed=3)
        assert isinstance(env.unwrapped.seated.opponent, kind)
        for _ in range(20):
            _, _, term, trunc, info = env.step(int(np.argmax(info["action_mask"])))
            if term or trunc:
                _, info = env.reset()
        env.close()


def test_unknown_policy_files_are_refused(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_policy_agent(tmp_path / "missing.onnx")
    bad = tmp_path / "policy.pt"
    bad.write_bytes(b"")
    with pytest.raises(ValueError, match="suffix"):
        load_policy_agent(bad)


def test_policy_files_say_what_they_are(exported):
    """Both files carry the ruleset, env id and version, seat, sizes, config digest and
    package version; the ONNX file in its own metadata_props, readable by the onnx package."""
    import onnx

    env_id, zip_path, onnx_path = exported
    rs = ruleset_of(env_id)
    layout = rs.layout_of(rs.config_type())
    with zipfile.ZipFile(zip_path) as archive:
        in_zip = json.loads(archive.read("scenegym.json"))
    props = {p.key: p.value for p in onnx.load(str(onnx_path)).metadata_props}
    assert {k: str(v) for k, v in in_zip.items()} == {k.removeprefix("scenegym."): v
                                                      for k, v in props.items()}
    assert in_zip["ruleset"] == rs.name and in_zip["env_id"] == env_id
    assert in_zip["env_version"] == int(env_id.rsplit("-v", 1)[1]) and in_zip["seat"] == "crew"
    assert (in_zip["obs_size"], in_zip["num_actions"]) == (layout.obs_size, layout.num_actions)
    assert in_zip["package_version"] == scenegym.__version__


def test_a_crew_policy_is_refused_as_the_gm_and_as_its_own_seats_opponent(exported, tmp_path,
                                                                           capsys):
    env_id, zip_path, onnx_path = exported
    ruleset = ruleset_of(env_id).name
    for path in (zip_path, onnx_path):
        assert_refused(in_process(capsys, "playtest", ruleset, "--scenes", 10, "--gm", path),
                       str(path), "crew seat", "the GM")
    assert_refused(in_process(capsys, "train", env_id, "--steps", 64, "--seat", "crew",
                              "--opponent", onnx_path, "--out", tmp_path / "run"),
                   str(onnx_path), "crew seat")
    assert not (tmp_path / "run" / "checkpoint.json").exists()


def test_a_policy_of_another_ruleset_is_refused_by_name(exported, capsys):
    env_id, zip_path, onnx_path = exported
    ruleset = ruleset_of(env_id).name
    other = next(name for name in ruleset_names() if name != ruleset)
    for path in (zip_path, onnx_path):
        assert_refused(in_process(capsys, "playtest", other, "--scenes", 10, "--crew", path),
                       str(path), ruleset, other)


def test_damaged_and_foreign_policy_files_are_refused_by_name(exported, tmp_path, capsys):
    env_id, zip_path, onnx_path = exported
    ruleset = ruleset_of(env_id).name
    cut_zip, cut_onnx, foreign = (tmp_path / "cut.zip", tmp_path / "cut.onnx",
                                  tmp_path / "foreign.zip")
    cut_zip.write_bytes(zip_path.read_bytes()[:3000])
    cut_onnx.write_bytes(onnx_path.read_bytes()[:3000])
    with zipfile.ZipFile(foreign, "w") as archive:
        archive.writestr("notes.txt", "not a policy")
    assert_refused(in_process(capsys, "playtest", ruleset, "--scenes", 10, "--crew", cut_zip),
                   str(cut_zip), "damaged")
    assert_refused(in_process(capsys, "playtest", ruleset, "--scenes", 10, "--crew", cut_onnx),
                   str(cut_onnx), "damaged")
    assert_refused(in_process(capsys, "train", env_id, "--steps", 64, "--seat", "gm",
                              "--opponent", foreign, "--out", tmp_path / "run"),
                   str(foreign), "not a scenegym")
    out = tmp_path / "cut.onnx.out"
    assert_refused(in_process(capsys, "export", cut_zip, "--out", out), str(cut_zip), "damaged")
    assert list(tmp_path.glob(".*")) == [] and not out.exists()  # no temp file left behind


def test_a_failed_export_leaves_no_file_behind(exported, tmp_path, capsys):
    _, zip_path, _ = exported
    folder = tmp_path / "out" / "policy.onnx"  # where the file would go is a folder
    folder.mkdir(parents=True)
    assert_refused(in_process(capsys, "export", zip_path, "--out", folder.parent),
                   str(folder), "folder")
    assert [p.relative_to(tmp_path) for p in tmp_path.rglob("*")] == [
        folder.parent.relative_to(tmp_path), folder.relative_to(tmp_path)]
