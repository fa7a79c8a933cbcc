"""The ``sta`` ruleset as everything above the rules sees it
(see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.ruleset import EnvId, Layout, Ruleset
from scenegym.envs.sta import rules
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig, StaSocialConfig, kernel_params
from scenegym.envs.sta.observation import OBSERVATION_NAMES, SOCIAL_OBSERVATION_NAMES, observe
from scenegym.envs.sta.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: StaConfig) -> set[int]:
    """Both sides pick characters and act in every conflict."""
    return {CREW, GM}


PERSONAL_LAYOUT = Layout(st.STATE_SIZE, ACTION_NAMES[:st.NUM_PERSONAL_ACTIONS], OBSERVATION_NAMES)
SOCIAL_LAYOUT = Layout(st.STATE_SIZE, ACTION_NAMES, SOCIAL_OBSERVATION_NAMES)


def layout(config: StaConfig) -> Layout:
    """A personal conflict has no social actions nor social observation slots."""
    return SOCIAL_LAYOUT if config.conflict == "social" else PERSONAL_LAYOUT


ENV = "scenegym.envs.sta.env:STA"
AGENTS = "scenegym.agents.sta_heuristic"

RULES = (rules.begin, rules.apply, rules.legal, observe)
AGENT_REFERENCES = {"heuristic": f"{AGENTS}:heuristic"}
RULESTATS = "scenegym.evaluation.rulestats.sta"

STA = Ruleset(
    name="sta",
    config_type=StaConfig,
    rules=RULES,
    layout=layout,
    params=kernel_params,
    phase_names=st.PHASE_NAMES,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
    env_ids=(EnvId("scenegym/STAPersonalConflict-v0", ENV + "PersonalConflictEnv",
                   ENV + "PersonalConflictVectorEnv"),),
    agents=AGENT_REFERENCES,
    odds="scenegym.evaluation.odds.sta",
    rulestats=RULESTATS,
)

# The same rules under the social conflict's defaults (a ruleset of its own, so that its
# default config, and with it every size, is the social one).
STA_SOCIAL = Ruleset(
    name="sta_social",
    config_type=StaSocialConfig,
    rules=RULES,
    layout=layout,
    params=kernel_params,
    phase_names=st.PHASE_NAMES,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
    env_ids=(EnvId("scenegym/STASocialConflict-v0", ENV + "SocialConflictEnv",
                   ENV + "SocialConflictVectorEnv"),),
    agents=AGENT_REFERENCES,
    rulestats=RULESTATS,
)
