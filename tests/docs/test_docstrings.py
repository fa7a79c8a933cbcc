"""Each env's spec (its class docstring) states the sizes its spaces have.

The spec states them as Gymnasium's own env docstrings do, one line under each heading:

    ## Action space
    ``Discrete(23)``, ...

    ## Observation space
    ``Box(-1, 1, (37,), float32)``, ...

The test reads those two lines of every registered id's single and native vector env class
and compares them with the env ``gym.make(id)`` builds.
"""

from __future__ import annotations

import re

import gymnasium as gym
import numpy as np
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.envs.registration import GENERIC_ENV, GENERIC_VECTOR_ENV
from scenegym.envs.rulesets import env_ids, load

DISCRETE = re.compile(r"Discrete\((\d+)\)")
BOX = re.compile(r"Box\(\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*,\s*\((\d+),\)\s*,\s*float32\s*\)")


def section(doc: str, heading: str) -> str:
    """The text under ``## heading`` up to the next ``##`` heading ('' if there is none)."""
    match = re.search(rf"^\s*## {heading}\s*$(.*?)(?=^\s*## |\Z)", doc, re.M | re.S)
    return match.group(1) if match else ""


def stated_sizes(doc: str) -> tuple[int | None, tuple[float, float, int] | None]:
    """The action count and the observation box (low, high, length) a spec states."""
    actions = DISCRETE.search(section(doc, "Action space"))
    box = BOX.search(section(doc, "Observation space"))
    return (int(actions.group(1)) if actions else None,
            (float(box.group(1)), float(box.group(2)), int(box.group(3))) if box else None)


def spec_classes(env_id: str) -> list[type]:
    """The id's own single and vector env classes (the generic classes carry no spec)."""
    spec = gym.spec(env_id)
    refs = [spec.entry_point, spec.vector_entry_point]
    return [load(ref) for ref in refs
            if isinstance(ref, str) and ref not in (GENERIC_ENV, GENERIC_VECTOR_ENV)]


def test_the_parser_reads_gymnasium_style_lines():
    doc = """Spec.

    ## Action space
    ``Discrete(134)``, one flat space.

    ## Observation space
    ``Box(-1, 1, (349,), float32)``, the same for both seats.

    ## Rewards
    Discrete(5) here is not the action space.
    """
    assert stated_sizes(doc) == (134, (-1.0, 1.0, 349))
    assert stated_sizes("## Rewards\n``Discrete(3)``") == (None, None)


@pytest.mark.parametrize("env_id", env_ids())
def test_docstring_states_the_spaces_sizes(env_id):
    classes = spec_classes(env_id)
    if not classes:
        pytest.skip(f"{env_id} uses the generic env classes, which have no spec of their own")
    env = gym.make(env_id)
    try:
        n = int(env.action_space.n)
        box = env.observation_space
        measured = (n, (float(box.low.min()), float(box.high.max()), box.shape[0]))
        assert box.shape == (box.shape[0],) and box.dtype == np.float32
    finally:
        env.close()
    for cls in classes:
        actions, obs = stated_sizes(cls.__doc__ or "")
        assert actions is not None, (f"{cls.__name__}'s docstring states no ``Discrete(N)`` "
                                     "under '## Action space'")
        assert obs is not None, (f"{cls.__name__}'s docstring states no "
                                 "``Box(low, high, (M,), float32)`` under '## Observation space'")
        assert (actions, obs) == measured, (
            f"{env_id}: {cls.__name__}'s docstring states Discrete({actions}) and "
            f"Box{obs[:2] + ((obs[2],),)}; the env has Discrete({n}) and "
            f"Box{measured[1][:2] + ((measured[1][2],),)}")
