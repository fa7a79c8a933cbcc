"""The ``frontiers`` ruleset as everything above the rules sees it
(see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.reward import DirectorWeights
from scenegym.envs.core.ruleset import Layout, Ruleset, fixed_layout
from scenegym.envs.frontiers import rules
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.config import FrontiersConfig, kernel_params
from scenegym.envs.frontiers.ids import ENV_IDS
from scenegym.envs.frontiers.observation import OBSERVATION_NAMES, SLOTS, observe
from scenegym.envs.frontiers.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: FrontiersConfig) -> set[int]:
    """Both seats decide: the crew its PCs, the GM its enemies and their Reactions."""
    return {CREW, GM}


def hidden(config: FrontiersConfig) -> str:
    """What a seat's observation hides of the state: the other seat's declarations under
    the Simultaneous Turn Alternative, nothing otherwise."""
    if config.simultaneous_turns:
        return ("simultaneous_turns=True: each seat declares its plans hidden from the other "
                "(Simultaneous Turn Alternative), and the state holds them")
    return ""


AGENTS = "scenegym.envs.frontiers.heuristic"

FRONTIERS = Ruleset(
    name="frontiers",
    config_type=FrontiersConfig,
    rules=(rules.begin, rules.apply, rules.legal, observe),
    layout=fixed_layout(Layout(st.STATE_SIZE, ACTION_NAMES, OBSERVATION_NAMES,
                                observation_scales=tuple(SLOTS.scale))),
    params=kernel_params,
    phase_names=st.PHASE_NAMES,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
    env_ids=ENV_IDS,
    agents={"heuristic": f"{AGENTS}:heuristic"},
    odds="scenegym.envs.frontiers.odds",
    rulestats="scenegym.envs.frontiers.stats",
    scenario="scenegym.envs.frontiers.content:load",
    invariants="scenegym.envs.frontiers.invariants",
    # an encounter of about 150 decisions (both seats) is "the right length"
    director=DirectorWeights(swing_cap=3, target_decisions=150),
    # the stall agent: end the Turn unspent, take no Reaction, move Momentum by nothing
    stall_actions=("end the Turn", "no more Reactions", "Momentum +0"),
    hidden=hidden,
)
