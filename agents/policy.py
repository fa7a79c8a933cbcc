"""Trained policies as agents: an SB3 model (torch) or an exported ONNX file (no torch).

Both choose, per row, the legal action with the highest logit (deterministic play): the
logits of illegal actions are replaced by ``MASKED_LOGIT`` before the argmax.

Security: an SB3 ``.zip`` file contains Python pickles; loading one can run arbitrary code.
Load only ``.zip`` files you trust (ones you trained). ONNX (``scenegym export RUN``, which
writes ``policy.onnx``) holds only the network and is the format to share.

Every policy file carries its metadata (:mod:`scenegym.agents.policy_info`); loading reads
and checks it first, so a damaged, foreign or misplaced file is refused by name.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scenegym.agents.policy_info import (
    PolicyInfo,
    check_use,
    from_onnx_props,
    read_zip_info,
)

MASKED_LOGIT = -1e9
POLICY_SUFFIXES = (".zip", ".onnx")


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
    """Load an SB3 ``.zip`` (PPO or MaskablePPO, told apart by its stored policy class).

    The file is a pickle: load only files you trust.
    """
    from sb3_contrib import MaskablePPO
    from stable_baselines3 import PPO
    from stable_baselines3.common.save_util import load_from_zip_file

    read_zip_info(path)  # a damaged or foreign archive is refused by name
    data, _, _ = load_from_zip_file(path, device="cpu", load_data=True)
    if not isinstance(data, dict) or "policy_class" not in data:
        raise ValueError(f"policy file {str(path)!r} holds no Stable-Baselines3 model")
    maskable = "sb3_contrib" in getattr(data.get("policy_class"), "__module__", "")
    algo = MaskablePPO if maskable else PPO
    return algo.load(path, env=env, device="cpu", **kwargs)


class PolicyAgent:
    """A trained SB3 policy (torch) acting on batches.

    Args:
        model: A loaded PPO or MaskablePPO model.
    """

    def __init__(self, model, info: PolicyInfo | None = None):
        self.model, self.info = model, info
        self.policy = model.policy
        self.policy.set_training_mode(False)

    @classmethod
    def load(cls, path) -> PolicyAgent:
        """Load an SB3 ``.zip``. It is a pickle: load only files you trust."""
        return cls(load_sb3_model(path), read_zip_info(path))

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """float32[B, num_actions] raw logits."""
        import torch

        with torch.no_grad():
            t = torch.as_tensor(np.asarray(obs, np.float32), device=self.policy.device)
            return policy_logits(self.policy, t).cpu().numpy()

    def act(self, obs, masks, env_ids=None) -> np.ndarray:
        """The legal action with the highest logit, per row."""
        return masked_argmax(self.logits(obs), np.asarray(masks, np.bool_))


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
    """The agent for a policy file: ``.onnx`` (onnxruntime) or ``.zip`` (SB3, trusted only).

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
