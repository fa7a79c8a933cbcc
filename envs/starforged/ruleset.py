"""The ``starforged`` ruleset as the engine sees it (see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.kernels import make_batch_kernels
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.starforged import rules
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig, kernel_params
from scenegym.envs.starforged.observation import OBS_SIZE, OBSERVATION_NAMES, observe
from scenegym.envs.starforged.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: StarforgedConfig) -> set[int]:
    """The crew always decides; the GM when it chooses prices or the situation."""
    seats = {CREW}
    if config.price_by == "gm" or config.situation == "gm":
        seats.add(GM)
    return seats


STARFORGED = Ruleset(
    name="starforged",
    config_type=StarforgedConfig,
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
