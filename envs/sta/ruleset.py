"""The ``sta`` ruleset as the engine sees it (see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.kernels import make_batch_kernels
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.sta import rules
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig, kernel_params
from scenegym.envs.sta.observation import OBS_SIZE, OBSERVATION_NAMES, observe
from scenegym.envs.sta.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: StaConfig) -> set[int]:
    """Both sides pick characters and act in every conflict."""
    return {CREW, GM}


STA = Ruleset(
    name="sta",
    config_type=StaConfig,
    state_size=st.STATE_SIZE,
    num_actions=st.NUM_ACTIONS,
    obs_size=OBS_SIZE,
    action_names=ACTION_NAMES,
    phase_names=st.PHASE_NAMES,
    observation_names=OBSERVATION_NAMES,
    kernels=make_batch_kernels(rules.begin, rules.apply, rules.legal, observe),
    params=kernel_params,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
)
