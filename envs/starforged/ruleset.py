"""The ``starforged`` ruleset as everything above the rules sees it
(see :class:`scenegym.envs.core.ruleset.Ruleset`)."""

from __future__ import annotations

from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.ruleset import Layout, Ruleset, fixed_layout
from scenegym.envs.starforged import rules
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig, kernel_params
from scenegym.envs.starforged.ids import ENV_IDS
from scenegym.envs.starforged.observation import OBSERVATION_NAMES, SLOTS, observe
from scenegym.envs.starforged.transcript import ACTION_NAMES, transcript


def seats_with_decisions(config: StarforgedConfig) -> set[int]:
    """The crew always decides; the GM when it chooses prices, the situation or the approach."""
    seats = {CREW}
    if "gm" in (config.price_by, config.situation, config.approach):
        seats.add(GM)
    return seats


AGENTS = "scenegym.envs.starforged.heuristic"

STARFORGED = Ruleset(
    name="starforged",
    config_type=StarforgedConfig,
    rules=(rules.begin, rules.apply, rules.legal, observe),
    layout=fixed_layout(Layout(st.STATE_SIZE, ACTION_NAMES, OBSERVATION_NAMES,
                                observation_scales=tuple(SLOTS.scale))),
    params=kernel_params,
    phase_names=st.PHASE_NAMES,
    seats_with_decisions=seats_with_decisions,
    transcript=transcript,
    env_ids=ENV_IDS,
    agents={"heuristic": f"{AGENTS}:heuristic",
            "optimal": "scenegym.envs.starforged.optimal:optimal"},
    odds="scenegym.envs.starforged.odds",
    rulestats="scenegym.envs.starforged.stats",
    invariants="scenegym.envs.starforged.invariants",
    # the stall agent: Secure an Advantage (no progress) rather than Face Danger, never
    # Finish the Scene early, keep the roll; the GM asks a narrative cost
    stall_actions=("Secure an Advantage +edge", "Secure an Advantage +heart",
                   "Secure an Advantage +iron", "Secure an Advantage +shadow",
                   "Secure an Advantage +wits", "keep the roll", "take +momentum",
                   "price: narrative cost", "situation: equal footing"),
)
