"""The ``momentum`` ruleset as everything above the rules sees it
(see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.reward import DirectorWeights
from scenegym.envs.core.ruleset import Layout, Ruleset, fixed_layout
from scenegym.envs.momentum import rules
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.config import MomentumConfig, kernel_params
from scenegym.envs.momentum.ids import ENV_IDS
from scenegym.envs.momentum.observation import OBSERVATION_NAMES, SLOTS, observe
from scenegym.envs.momentum.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: MomentumConfig) -> set[int]:
    """Both seats decide: the crew its turns and spends, the GM its NPCs, Risk and costs."""
    return {CREW, GM}


AGENTS = "scenegym.envs.momentum.heuristic"

MOMENTUM = Ruleset(
    name="momentum",
    config_type=MomentumConfig,
    rules=(rules.begin, rules.apply, rules.legal, observe),
    layout=fixed_layout(Layout(st.STATE_SIZE, ACTION_NAMES, OBSERVATION_NAMES,
                                observation_scales=tuple(SLOTS.scale))),
    params=kernel_params,
    phase_names=st.PHASE_NAMES,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
    env_ids=ENV_IDS,
    agents={"heuristic": f"{AGENTS}:director", "heuristic-director": f"{AGENTS}:director",
            "heuristic-adversarial": f"{AGENTS}:adversarial"},
    gm_styles=("heuristic-adversarial",),  # its crew is the heuristic crew
    odds="scenegym.envs.momentum.odds",
    rulestats="scenegym.envs.momentum.stats",
    invariants="scenegym.envs.momentum.invariants",
    default_gm_reward="director",  # the seed's GM is a director, not an opponent
    # an episode of about 150 decisions (both seats) is "the right length"; 3 flips are plenty
    director=DirectorWeights(swing_cap=3, target_decisions=150),
    # the stall agent: pass, roll at Risk 0, Brace, keep the roll, a fiat that moves nothing;
    # never end the scene
    stall_actions=("pass", "Risk 0", "Brace", "keep the roll", "fiat +0 Momentum"),
)
