"""What a policy file says it is, checked where it is used (agents/policy_info.py)."""

import dataclasses

import pytest

from scenegym.agents.policy_info import (
    PolicyInfo,
    check_use,
    config_digest,
    from_onnx_props,
    onnx_props,
    policy_info,
)
from scenegym.envs.rulesets import get_ruleset

SF = "scenegym/StarforgedSceneChallenge-v1"


def starforged_crew() -> PolicyInfo:
    return policy_info(SF, "crew", get_ruleset("starforged").config_type())


def test_the_metadata_survives_onnx_props_as_text():
    info = starforged_crew()
    props = onnx_props(info)
    assert all(isinstance(v, str) and k.startswith("scenegym.") for k, v in props.items())
    assert from_onnx_props(props, "p.onnx") == info


def test_a_variant_has_another_config_digest():
    config = get_ruleset("starforged").config_type()
    assert config_digest(config) == config_digest(config.replace())
    assert config_digest(config) != config_digest(config.replace(max_moves=config.max_moves + 1))


def test_use_in_its_ruleset_and_seat_passes_and_every_mismatch_names_both_sides():
    info = starforged_crew()
    check_use(info, "p.onnx", "starforged", "crew")
    check_use(info, "p.onnx", "starforged", 0)  # the header's seat number
    with pytest.raises(ValueError, match=r"p\.onnx.*crew seat.*the GM"):
        check_use(info, "p.onnx", "starforged", "gm")
    with pytest.raises(ValueError, match=r"p\.onnx.*trained on starforged.*cannot play momentum"):
        check_use(info, "p.onnx", "momentum", "crew")
    wider = dataclasses.replace(info, num_actions=info.num_actions + 1)
    with pytest.raises(ValueError, match=rf"among {info.num_actions + 1} actions.*"
                                         rf"{info.num_actions}"):
        check_use(wider, "p.onnx", "starforged", "crew")


def test_metadata_without_a_field_is_refused_by_the_file_name():
    props = onnx_props(starforged_crew())
    del props["scenegym.seat"]
    with pytest.raises(ValueError, match=r"p\.onnx.*lacks seat"):
        from_onnx_props(props, "p.onnx")
    with pytest.raises(ValueError, match=r"p\.onnx.*not a scenegym policy"):
        from_onnx_props({"producer": "someone"}, "p.onnx")
