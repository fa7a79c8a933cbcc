"""What a trained policy is: the metadata every saved or exported policy carries.

A policy file says which ruleset and env id (with its version) it was trained on, which seat
it plays, the sizes of its observation and action, a digest of the config it was trained
under and the scenegym version that wrote it. Loading a policy checks this against where it
is used and refuses a mismatch with a message that names both sides, before any shape error
can surface from torch or onnxruntime.

Where it is kept:

- an SB3 ``.zip``: the archive member :data:`ZIP_MEMBER` (JSON), beside SB3's own members
  (SB3 reads only the members it knows);
- an ``.onnx`` file: the model's own ``metadata_props``, one ``scenegym.<field>`` key per
  field, readable by any ONNX tool (``onnx.load(f).metadata_props``, onnxruntime's
  ``get_modelmeta().custom_metadata_map``).

This module needs neither torch nor onnx.
"""

from __future__ import annotations

import dataclasses
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from scenegym.envs.core.config import config_digest
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.rulesets import get_ruleset, ruleset_of_env

ZIP_MEMBER = "scenegym.json"
ONNX_PREFIX = "scenegym."
SEAT_WORDS = {"crew": "the crew", "gm": "the GM"}


@dataclass(frozen=True)
class PolicyInfo:
    """The metadata of one policy file (see the module docstring)."""

    ruleset: str
    env_id: str
    env_version: int
    seat: str
    obs_size: int
    num_actions: int
    config_digest: str
    package_version: str

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict, source: str) -> PolicyInfo:
        """Read the fields back (text values from ONNX included); refuse missing ones."""
        missing = [f.name for f in dataclasses.fields(cls) if f.name not in data]
        if missing:
            raise ValueError(f"policy file {source!r}: its scenegym metadata lacks "
                             f"{', '.join(missing)}")
        try:
            return cls(**{f.name: int(data[f.name]) if f.type == "int" else str(data[f.name])
                          for f in dataclasses.fields(cls)})
        except ValueError:
            raise ValueError(f"policy file {source!r}: its scenegym metadata is damaged "
                             f"({data})") from None


def env_version(env_id: str) -> int:
    """The version number of a Gymnasium id (``...-v0`` -> 0)."""
    match = re.search(r"-v(\d+)$", env_id)
    return int(match.group(1)) if match else 0


def policy_info(env_id: str, seat: str, config) -> PolicyInfo:
    """The metadata of a policy trained on ``env_id`` in ``seat`` under ``config``."""
    from scenegym import __version__

    rs = ruleset_of_env(env_id)
    layout = rs.layout_of(config)
    return PolicyInfo(rs.name, env_id, env_version(env_id), seat, int(layout.obs_size),
                      int(layout.num_actions), config_digest(config), __version__)


def read_zip_info(path) -> PolicyInfo:
    """The metadata of an SB3 ``.zip``; a damaged or foreign archive is refused by name."""
    try:
        with zipfile.ZipFile(path) as archive:
            raw = archive.read(ZIP_MEMBER)
    except zipfile.BadZipFile as err:
        raise ValueError(f"policy file {str(path)!r} is damaged or not a zip archive "
                         f"({err})") from None
    except KeyError:
        raise ValueError(f"policy file {str(path)!r} is not a scenegym policy: it carries no "
                         f"{ZIP_MEMBER} (policies are saved by scenegym train, selfplay "
                         "and export)") from None
    try:
        return PolicyInfo.from_dict(json.loads(raw), str(path))
    except json.JSONDecodeError:
        raise ValueError(f"policy file {str(path)!r}: its {ZIP_MEMBER} is damaged") from None


def onnx_props(info: PolicyInfo) -> dict[str, str]:
    """The ONNX ``metadata_props`` entries of ``info``."""
    return {ONNX_PREFIX + k: str(v) for k, v in info.to_dict().items()}


def from_onnx_props(props: dict, source: str) -> PolicyInfo:
    """The metadata from an ONNX model's ``metadata_props``; refused if it has none."""
    fields = {k[len(ONNX_PREFIX):]: v for k, v in props.items() if k.startswith(ONNX_PREFIX)}
    if not fields:
        raise ValueError(f"policy file {source!r} is not a scenegym policy: its ONNX metadata "
                         "has no scenegym.* entries (export it with scenegym export)")
    return PolicyInfo.from_dict(fields, source)


def check_use(info: PolicyInfo, source: str, ruleset: str, seat=None, config=None) -> None:
    """Refuse a policy used on another ruleset, in another seat, or with other sizes.

    Args:
        info: The policy's metadata.
        source: Its file, for the messages.
        ruleset: The ruleset it is asked to play.
        seat: The seat it is asked to play (``"crew"``/``"gm"`` or the header's number), or
            None when the caller does not say.
        config: The config of the game it joins (its sizes must match the policy's).

    Raises:
        ValueError: Naming both sides of the mismatch.
    """
    if info.ruleset != ruleset:
        raise ValueError(f"policy file {source!r} was trained on {info.ruleset} "
                         f"({info.env_id}); it cannot play {ruleset}")
    seat = SEAT_NAMES.get(seat, seat)
    if seat is not None and seat != info.seat:
        raise ValueError(f"policy file {source!r} plays {SEAT_WORDS[info.seat]} seat; it was "
                         f"asked to play {SEAT_WORDS.get(seat, seat)}")
    rs = get_ruleset(ruleset)
    layout = rs.layout_of(rs.config_type() if config is None else config)
    if (info.obs_size, info.num_actions) != (layout.obs_size, layout.num_actions):
        raise ValueError(f"policy file {source!r} observes {info.obs_size} values and chooses "
                         f"among {info.num_actions} actions; this {ruleset} config has "
                         f"{layout.obs_size} and {layout.num_actions} (another variant?)")


def read_policy_info(path) -> PolicyInfo:
    """The metadata of a policy file, ``.zip`` or ``.onnx``."""
    path = Path(path)
    if path.suffix == ".zip":
        return read_zip_info(path)
    from scenegym.agents.policy import onnx_session  # onnxruntime: the train extra

    return from_onnx_props(onnx_session(path).get_modelmeta().custom_metadata_map, str(path))
