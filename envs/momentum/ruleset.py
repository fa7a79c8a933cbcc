"""The ``momentum`` ruleset as the engine sees it (see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.kernels import make_batch_kernels
from scenegym.envs.core.reward import DirectorWeights
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.momentum import rules
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig, kernel_params
from scenegym.envs.momentum.observation import OBS_SIZE, OBSERVATION_NAMES, observe
from scenegym.envs.momentum.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: MomentumConfig) -> set[int]:
    """Both seats decide: the crew its turns and spends, the GM its NPCs, Risk and costs."""
    return {CREW, GM}


MOMENTUM = Ruleset(
    name="momentum",
    config_type=MomentumConfig,
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
    default_gm_reward="director",  # the seed's GM is a director, not an opponent
    # a scene of about 150 decisions (both seats) is "the right length"; 3 flips are plenty
    director=DirectorWeights(swing_cap=3, target_decisions=150),
)
