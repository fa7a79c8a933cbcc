"""The ``sta`` ruleset as everything above the rules sees it
(see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.ruleset import EnvId, Layout, Ruleset
from scenegym.envs.sta import rules
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig, StaSocialConfig, kernel_params
from scenegym.envs.sta.ids import PERSONAL_ENV_IDS, SOCIAL_ENV_IDS
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


AGENTS = "scenegym.envs.sta.heuristic"

# The stall agent's preferences: a turn that does nothing (Pass, Guard), no extra minor action
# or spend, Avoid Injury (a character stays in), no Counterattack, no readied attack sprung.
STALL_ACTIONS = ("Pass", "Guard", "no more minor actions", "no more spends", "Avoid Injury",
                 "no Counterattack", "let it pass", "hand over", "a PC acts first")
# In a social conflict also: resist a request rather than give in.
SOCIAL_STALL_ACTIONS = STALL_ACTIONS + ("resist", "resist by suffering Stress")


def sta_ruleset(name: str, config_type: type, env_ids: tuple[EnvId, ...], odds=None,
                stall_actions=STALL_ACTIONS) -> Ruleset:
    """A ruleset of the STA rules whose default config is ``config_type``'s, with the ids
    ``env_ids`` (:mod:`scenegym.envs.sta.ids`) and the stall agent's ``stall_actions``."""
    return Ruleset(
        name=name,
        config_type=config_type,
        rules=(rules.begin, rules.apply, rules.legal, observe),
        layout=layout,
        params=kernel_params,
        phase_names=st.PHASE_NAMES,
        seats_with_decisions=seats_with_decisions,
        transcript=transcript,
        env_ids=env_ids,
        agents={"heuristic": f"{AGENTS}:heuristic"},
        odds=odds,
        rulestats="scenegym.envs.sta.stats",
        scenario="scenegym.envs.sta.scenario:load",
        invariants="scenegym.envs.sta.invariants",
        stall_actions=stall_actions,
    )


STA = sta_ruleset("sta", StaConfig, PERSONAL_ENV_IDS, odds="scenegym.envs.sta.odds")
# The same rules under the social conflict's defaults (a ruleset of its own, so that its
# default config, and with it every size, is the social one).
STA_SOCIAL = sta_ruleset("sta_social", StaSocialConfig, SOCIAL_ENV_IDS,
                         stall_actions=SOCIAL_STALL_ACTIONS)
