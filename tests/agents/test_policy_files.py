"""Untrusted policy files (agents/policy.py, issue 26 item 9).

"an SB3 ``.zip`` is a pickle. Playing a ``.zip`` policy (opponent, ``playtest --crew``,
``play``) loads only its weights and the project's own metadata, never unpickling anything,
so a policy from a stranger cannot run code; training from a ``.zip`` (resume) may unpickle,
and says so. Test with a ``.zip`` whose pickled member would write a file."""

import base64
import io
import json
import pickle
import zipfile
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

torch = pytest.importorskip("torch")

from scenegym.agents.policy import PolicyAgent, load_sb3_model  # noqa: E402
from scenegym.agents.policy_info import ZIP_MEMBER, policy_info  # noqa: E402
from scenegym.cli import main  # noqa: E402
from scenegym.envs.gym_env import env_config  # noqa: E402
from scenegym.envs.notice import SceneGymWarning  # noqa: E402

ENV_ID = "scenegym/MomentumScene-v1"


class WritesAFile:
    """Unpickled, it writes ``marker``: what a stranger's pickle could do instead."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return Path.write_text, (self.marker, "the pickle ran")


def actor_weights(hidden=(8,)) -> dict:
    """The actor part of an SB3 actor-critic state dict, random, for ENV_ID's crew seat."""
    _, config = env_config(ENV_ID)
    info = policy_info(ENV_ID, "crew", config)
    sizes = [info.obs_size, *hidden]
    gen = torch.Generator().manual_seed(5)
    weights = {}
    for i, (n_in, n_out) in enumerate(zip(sizes, sizes[1:])):
        weights[f"mlp_extractor.policy_net.{2 * i}.weight"] = torch.randn(n_out, n_in, generator=gen)
        weights[f"mlp_extractor.policy_net.{2 * i}.bias"] = torch.randn(n_out, generator=gen)
    weights["action_net.weight"] = torch.randn(info.num_actions, sizes[-1], generator=gen)
    weights["action_net.bias"] = torch.randn(info.num_actions, generator=gen)
    return weights


def policy_zip(path: Path, marker: Path, evil_weights: bool = False) -> Path:
    """An SB3-shaped ``.zip``: scenegym metadata, the actor's weights (``policy.pth``, with
    a pickle that writes ``marker`` if ``evil_weights``), and SB3's ``data`` whose
    serialized ``policy_class`` writes ``marker`` when SB3 loads the model."""
    _, config = env_config(ENV_ID)
    weights = actor_weights()
    if evil_weights:
        weights["extra"] = WritesAFile(marker)
    pth = io.BytesIO()
    torch.save(weights, pth)
    evil = base64.b64encode(pickle.dumps(WritesAFile(marker))).decode()
    data = {"policy_class": {":type:": "<class 'abc.ABCMeta'>", ":serialized:": evil}}
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("data", json.dumps(data))
        archive.writestr("policy.pth", pth.getvalue())
        archive.writestr(ZIP_MEMBER, json.dumps(policy_info(ENV_ID, "crew", config).to_dict()))
    return path


def test_training_from_the_file_would_run_its_pickle(tmp_path):
    """The file is a real threat: SB3's loader (the training path) runs it, and says first
    that it unpickles."""
    marker = tmp_path / "ran.txt"
    with (pytest.warns(SceneGymWarning, match="unpickles it, which can run code"),
          pytest.raises(Exception)):  # noqa: B017  (what fails after the pickle ran varies)
        load_sb3_model(policy_zip(tmp_path / "evil.zip", marker))
    assert marker.read_text() == "the pickle ran"


def test_playing_the_file_reads_only_its_weights_and_runs_nothing(tmp_path):
    marker = tmp_path / "ran.txt"
    path = policy_zip(tmp_path / "evil.zip", marker)
    agent = PolicyAgent.load(path)
    obs = np.random.default_rng(1).uniform(-1, 1, (6, agent.info.obs_size)).astype(np.float32)
    weights = actor_weights()
    hidden = np.tanh(obs @ weights["mlp_extractor.policy_net.0.weight"].numpy().T
                     + weights["mlp_extractor.policy_net.0.bias"].numpy())
    expected = hidden @ weights["action_net.weight"].numpy().T + weights["action_net.bias"].numpy()
    np.testing.assert_allclose(agent.logits(obs), expected, rtol=1e-5, atol=1e-5)
    env = gym.make(ENV_ID, opponent=str(path), seat="gm")  # as an env's opponent
    env.reset(seed=1)
    assert main(["playtest", "momentum", "--crew", str(path), "--scenes", "4", "--batch", "2",
                 "--seed", "1"]) == 0
    assert not marker.exists()


def test_a_file_whose_weights_hold_a_pickle_is_refused_in_one_line(tmp_path, capsys):
    marker = tmp_path / "ran.txt"
    path = policy_zip(tmp_path / "evil.zip", marker, evil_weights=True)
    assert main(["playtest", "momentum", "--crew", str(path), "--scenes", "4"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "holds more than weights, refused" in err, err
    assert not marker.exists()
