"""The ``frontiers`` ruleset as the engine sees it (see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.kernels import make_batch_kernels
from scenegym.envs.core.reward import DirectorWeights
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.frontiers import rules
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig, kernel_params
from scenegym.envs.frontiers.observation import OBS_SIZE, OBSERVATION_NAMES, observe
from scenegym.envs.frontiers.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: FrontiersConfig) -> set[int]:
    """Both seats decide: the crew its PCs, the GM its enemies and their Reactions."""
    return {CREW, GM}


FRONTIERS = Ruleset(
    name="frontiers",
    config_type=FrontiersConfig,
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
    # an encounter of about 150 decisions (both seats) is "the right length"
    director=DirectorWeights(swing_cap=3, target_decisions=150),
)
