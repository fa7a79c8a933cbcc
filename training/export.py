"""``scenegym export RUN --out FOLDER``: the policy network, masking included, as ONNX.

The graph's inputs are ``obs`` (float32[B, obs_size]) and ``mask`` (bool[B, num_actions]);
its outputs are ``masked_logits`` (the logits where the mask is true, else ``-1e9``) and
``action`` (int64[B], the argmax). ``B`` is dynamic. The file holds weights only, no
pickles: it is the format to share, and :class:`scenegym.agents.policy.OnnxPolicyAgent` runs it with
onnxruntime alone.

The policy's metadata (:mod:`scenegym.agents.policy_info`: ruleset, env id and version, seat,
sizes, config digest, package version) goes into the model's own ``metadata_props``. The
file is written atomically: a failed export leaves no file behind, not even a temp file.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import onnx
import torch

from scenegym.agents.policy import MASKED_LOGIT, load_sb3_model, policy_logits
from scenegym.agents.policy_info import onnx_props, read_zip_info
from scenegym.common.files import check_writable
from scenegym.envs.core.files import atomic_write

OPSET = 17


class MaskedPolicy(torch.nn.Module):
    """An SB3 actor-critic's actor with the legal-action mask applied inside the graph."""

    def __init__(self, policy):
        super().__init__()
        self.policy = policy

    def forward(self, obs, mask):
        logits = policy_logits(self.policy, obs)
        masked = torch.where(mask, logits, torch.full_like(logits, MASKED_LOGIT))
        return masked, torch.argmax(masked, dim=1)


def model_path(run) -> Path:
    """The model file of a run folder (its ``model.zip``), or ``run`` itself if a ``.zip``."""
    run = Path(run)
    path = run / "model.zip" if run.is_dir() else run
    if not path.is_file() or path.suffix != ".zip":
        raise FileNotFoundError(f"no trained model at {str(path)!r}: give a run folder with "
                                "model.zip or an SB3 .zip file")
    return path


def export_onnx(run, onnx_file) -> Path:
    """Write the policy of ``run`` (folder or ``.zip``) to ``onnx_file``.

    The ``.zip`` is an SB3 pickle: export only runs you trust.
    """
    onnx_file = check_writable(onnx_file, "--out")
    path = model_path(run)
    info = read_zip_info(path)
    policy = load_sb3_model(path).policy.to("cpu").eval()
    n_obs, n_act = policy.observation_space.shape[0], policy.action_space.n
    if (n_obs, n_act) != (info.obs_size, info.num_actions):
        raise ValueError(f"policy file {str(path)!r}: its network takes {n_obs} values and "
                         f"{n_act} actions, its metadata says {info.obs_size} and "
                         f"{info.num_actions}")
    example = (torch.zeros(2, n_obs), torch.ones(2, n_act, dtype=torch.bool))
    buf = io.BytesIO()
    with torch.no_grad(), warnings.catch_warnings():
        # torch's default exporter (dynamo) needs onnxscript; the TorchScript one does not
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(
            MaskedPolicy(policy), example, buf, input_names=["obs", "mask"],
            output_names=["masked_logits", "action"], opset_version=OPSET, dynamo=False,
            dynamic_axes={"obs": {0: "batch"}, "mask": {0: "batch"},
                          "masked_logits": {0: "batch"}, "action": {0: "batch"}})
    graph = onnx.load_from_string(buf.getvalue())
    onnx.helper.set_model_props(graph, onnx_props(info))
    atomic_write(onnx_file, lambda f: f.write(graph.SerializeToString()))
    return onnx_file
