"""The ``sta`` ruleset as everything above the rules sees it
(see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.ruleset import EnvId, Layout, Ruleset, fixed_layout
from scenegym.envs.sta import rules
from scenegym.envs.sta import state as st
from scenegym.envs.sta.config import StaConfig, kernel_params
from scenegym.envs.sta.observation import OBSERVATION_NAMES, observe
from scenegym.envs.sta.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: StaConfig) -> set[int]:
    """Both sides pick characters and act in every conflict."""
    return {CREW, GM}


ENV = "scenegym.envs.sta.env:STAPersonalConflict"
AGENTS = "scenegym.agents.sta_heuristic"

STA = Ruleset(
    name="sta",
    config_type=StaConfig,
    rules=(rules.begin, rules.apply, rules.legal, observe),
    layout=fixed_layout(Layout(st.STATE_SIZE, ACTION_NAMES, OBSERVATION_NAMES)),
    params=kernel_params,
    phase_names=st.PHASE_NAMES,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
    env_ids=(EnvId("scenegym/STAPersonalConflict-v0", ENV + "Env", ENV + "VectorEnv"),),
    agents={"heuristic": f"{AGENTS}:heuristic"},
    odds="scenegym.evaluation.odds.sta",
    rulestats="scenegym.evaluation.rulestats.sta",
)
