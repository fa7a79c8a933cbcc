"""Trained policies as agents: an SB3 model (torch) or an exported ONNX file (no torch).

Both choose, per row, the legal action with the highest logit (deterministic play): the
logits of illegal actions are replaced by ``MASKED_LOGIT`` before the argmax.

Security: an SB3 ``.zip`` file contains Python pickles, and unpickling one can run any code.
Playing a ``.zip`` (:meth:`PolicyAgent.load`: an opponent, ``--crew``, ``play``) unpickles
nothing: it reads the scenegym metadata (JSON) and the actor's weights with torch's
weights-only loader, so a policy from a stranger cannot run code. Training from a ``.zip``
(:func:`load_sb3_model`: ``train --resume``, ``selfplay``'s rounds, ``export``) loads the whole
SB3 model, which unpickles it: do that only with files you trust, and the commands say so.
ONNX (``scenegym export RUN``, which writes ``policy.onnx``) holds only the network.

Every policy file carries its metadata (:mod:`scenegym.agents.policy_info`); loading reads
and checks it first, so a damaged, foreign or misplaced file is refused by name.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np

from scenegym.agents.policy_info import (
    PolicyInfo,
    check_use,
    from_onnx_props,
    read_zip_info,
)
from scenegym.envs.notice import notice

MASKED_LOGIT = -1e9
POLICY_SUFFIXES = (".zip", ".onnx")
WEIGHTS_MEMBER = "policy.pth"  # the SB3 archive's policy weights (a state dict)
HIDDEN = "mlp_extractor.policy_net."  # the actor's hidden layers in it


def policy_logits(policy, obs):
    """Action logits of an SB3 actor-critic ``policy`` (PPO or MaskablePPO) for ``obs``.

    Args:
        policy: ``model.policy`` of a PPO or MaskablePPO model (a torch module).
        obs: float tensor [B, obs_size].
    """
    features = policy.pi_features_extractor(obs.float())
    return policy.action_net(policy.mlp_extractor.forward_actor(features))


def masked_argmax(logits: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Per row, the legal action with the highest logit (int64)."""
    return np.where(masks, logits, MASKED_LOGIT).argmax(axis=1).astype(np.int64)


def load_sb3_model(path, env=None, **kwargs):
    """Load an SB3 ``.zip`` (PPO or MaskablePPO, told apart by its stored policy class),
    to train on from it.

    The file is unpickled, which can run code: load only files you trust. To play a policy,
    use :meth:`PolicyAgent.load`, which unpickles nothing.
    """
    from sb3_contrib import MaskablePPO
    from stable_baselines3 import PPO
    from stable_baselines3.common.save_util import load_from_zip_file

    read_zip_info(path)  # a damaged or foreign archive is refused by name
    notice(f"loading {str(path)!r} with Stable-Baselines3 unpickles it, which can run code: "
           "train from .zip files you trust")
    data, _, _ = load_from_zip_file(path, device="cpu", load_data=True)
    if not isinstance(data, dict) or "policy_class" not in data:
        raise ValueError(f"policy file {str(path)!r} holds no Stable-Baselines3 model")
    maskable = "sb3_contrib" in getattr(data.get("policy_class"), "__module__", "")
    algo = MaskablePPO if maskable else PPO
    return algo.load(path, env=env, device="cpu", **kwargs)


class PolicyAgent:
    """A trained policy's actor (torch) acting on batches.

    Args:
        forward: float tensor [B, obs_size] -> logits [B, num_actions] (no gradients kept).
        info: The policy file's metadata, when it came from one.
    """

    def __init__(self, forward, info: PolicyInfo | None = None):
        self.forward, self.info = forward, info

    @classmethod
    def of_model(cls, model, info: PolicyInfo | None = None) -> PolicyAgent:
        """The agent of an SB3 model in memory (PPO or MaskablePPO)."""
        policy = model.policy
        policy.set_training_mode(False)
        return cls(lambda obs: policy_logits(policy, obs), info)

    @classmethod
    def load(cls, path) -> PolicyAgent:
        """The agent of an SB3 ``.zip``, read as data: its scenegym metadata and the weights
        of its actor (:func:`actor_network`); nothing in the file is unpickled or run."""
        info = read_zip_info(path)
        return cls(actor_network(read_zip_weights(path), info, str(path)), info)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """float32[B, num_actions] raw logits."""
        import torch

        with torch.no_grad():
            return self.forward(torch.as_tensor(np.asarray(obs, np.float32))).cpu().numpy()

    def act(self, obs, masks, env_ids=None) -> np.ndarray:
        """The legal action with the highest logit, per row."""
        return masked_argmax(self.logits(obs), np.asarray(masks, np.bool_))


def read_zip_weights(path) -> dict:
    """The tensors of an SB3 ``.zip``'s ``policy.pth``, read with torch's weights-only
    loader, which builds tensors and plain containers and refuses anything else (no code
    in the file runs)."""
    import pickle

    import torch

    try:
        with zipfile.ZipFile(path) as archive:
            raw = archive.read(WEIGHTS_MEMBER)
    except KeyError:
        raise ValueError(f"policy file {str(path)!r} holds no {WEIGHTS_MEMBER}: not a "
                         "Stable-Baselines3 model") from None
    try:
        return torch.load(io.BytesIO(raw), map_location="cpu", weights_only=True)
    except (pickle.UnpicklingError, RuntimeError, EOFError) as err:
        first = (str(err).splitlines() or [type(err).__name__])[0]
        raise ValueError(f"policy file {str(path)!r}: its {WEIGHTS_MEMBER} holds more than "
                         "weights, refused (a policy is played from its weights alone; "
                         f"nothing in the file is run): {first}") from None


def actor_network(weights: dict, info: PolicyInfo, source: str):
    """The actor of an SB3 actor-critic policy from its weights: the hidden layers
    (``mlp_extractor.policy_net``, each followed by tanh, SB3's default, which scenegym
    trains with), then ``action_net``; the same operations as
    :func:`policy_logits` on the loaded model."""
    import torch

    hidden = sorted(int(key.split(".")[2]) for key in weights
                    if key.startswith(HIDDEN) and key.endswith(".weight"))
    names = [f"{HIDDEN}{i}" for i in hidden] + ["action_net"]
    try:
        linear = [(weights[f"{name}.weight"], weights[f"{name}.bias"]) for name in names]
    except KeyError as err:
        raise ValueError(f"policy file {source!r}: its weights lack {err}; not an actor-critic "
                         "policy scenegym trained") from None
    shapes = [tuple(w.shape) for w, _ in linear]
    if (shapes[0][1] != info.obs_size or shapes[-1][0] != info.num_actions
            or any(a[0] != b[1] for a, b in zip(shapes, shapes[1:]))):
        raise ValueError(f"policy file {source!r}: its layers {shapes} do not map "
                         f"{info.obs_size} observations to {info.num_actions} actions")
    layers = []
    for w, b in linear:
        layer = torch.nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            layer.weight.copy_(w)
            layer.bias.copy_(b)
        layers += [layer, torch.nn.Tanh()]
    return torch.nn.Sequential(*layers[:-1]).eval()

class OnnxPolicyAgent:
    """An exported policy run with onnxruntime (no torch needed).

    The graph takes ``obs`` (float32[B, obs_size]) and ``mask`` (bool[B, num_actions]) and
    returns ``masked_logits`` and ``action`` (int64[B]); masking happens inside the graph.

    Args:
        path: The ``.onnx`` file.
    """

    def __init__(self, path):
        self.session = onnx_session(path)
        self.info = from_onnx_props(self.session.get_modelmeta().custom_metadata_map,
                                    str(path))

    def act(self, obs, masks, env_ids=None) -> np.ndarray:
        """The legal action with the highest logit, per row."""
        feeds = {"obs": np.asarray(obs, np.float32), "mask": np.asarray(masks, np.bool_)}
        (action,) = self.session.run(["action"], feeds)
        return action.astype(np.int64)


def onnx_session(path):
    """An onnxruntime session of one thread; a damaged or foreign file is refused by name."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    try:
        return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    except Exception as err:  # onnxruntime raises its own classes (InvalidProtobuf, Fail...)
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ValueError(f"policy file {str(path)!r} is damaged or not an ONNX model "
                         f"({first})") from None


def load_policy_agent(path, ruleset: str | None = None, seat=None,
                      config=None) -> PolicyAgent | OnnxPolicyAgent:
    """The agent for a policy file: ``.onnx`` (onnxruntime) or ``.zip`` (SB3 weights, read
    as data: see :meth:`PolicyAgent.load`).

    Args:
        path: The file.
        ruleset: The ruleset it will play; with ``seat`` and ``config``, checked against the
            file's metadata (:func:`scenegym.agents.policy_info.check_use`) before the
            network is loaded.
        seat: The seat it will play (None: not checked).
        config: The config of the game it joins (None: the ruleset's default).

    Raises:
        FileNotFoundError: No such file.
        ValueError: A damaged or foreign file, or a policy of another ruleset, seat or size.
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"policy file {str(path)!r} does not exist")
    if path.suffix not in POLICY_SUFFIXES:
        raise ValueError(f"policy file {str(path)!r}: suffix must be one of {POLICY_SUFFIXES}")
    if path.suffix == ".zip":
        info = read_zip_info(path)
        if ruleset is not None:
            check_use(info, str(path), ruleset, seat, config)
        return PolicyAgent.load(path)
    agent = OnnxPolicyAgent(path)
    if ruleset is not None:
        check_use(agent.info, str(path), ruleset, seat, config)
    return agent
