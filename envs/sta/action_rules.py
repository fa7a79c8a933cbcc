"""Config fields of the personal conflict's further actions and spends (a block of their own).

Star Trek Adventures 2nd edition core rulebook, "Combat Actions" (pp. 288-289), "Injuries"
and "Recovery and Healing" (pp. 291-292), "Assistance in Combat" (p. 292) and "Personal
Conflict Momentum Spends" (p. 293): Sprint, Direct, Ready, Create Trait, Guard for an ally,
treating an Injury, the extra major action, Alter Trait, Disarm, the out-of-turn Assist, the
Accurate weapon quality and the GM's reinforcements. :class:`ActionRules` is a base of
:class:`scenegym.envs.sta.config.StaConfig`; :func:`action_params` gives the kernels' numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenegym.envs.core.validate import check_choice, check_int, check_ints
from scenegym.envs.sta import state as st

RESERVE_TIERS = ("minor", "notable")  # a reinforcement's cost is given for these tiers


@dataclass(frozen=True)
class ActionRules:
    """Numbers and switches of the actions and spends beyond the basic attack.

    Attributes:
        sprint_zones: Zones a Sprint moves ("You move two zones, to any point within Long
            range").
        sprint_skill: (attribute, department) of the Sprint task (the action table says
            Fitness + Conn; the terrain text says Fitness + Security).
        sprint_difficulty: Difficulty of the Sprint task (0).
        sprint_task: Interpretation: a Sprint whose path costs Momentum (difficult terrain,
            obstacles) always attempts its task, to generate that Momentum.
        sprint_from_reach: Interpretation: Sprint is allowed with an enemy within Reach (only
            the Movement minor action forbids it).
        extra_major_cost: Momentum for a second major action in a turn (not Immediate).
        extra_major_difficulty: Difficulty added to the second major action's task.
        max_majors: Most major actions a character attempts in one round.
        direct_cost: Momentum (an NPC: Threat) to Direct.
        direct_skill: (attribute, department) of the leader's assisting die (Control + Command).
        direct_range: Interpretation: the ally "who can hear you" is at most this many zones
            away (1: Medium range, where shouting carries).
        crew_leader: The PC in authority who may Direct; -1: the PC with the best Command.
        npc_leader: The NPC (index) in authority who may Direct; -1: the highest tier, first.
        create_trait_difficulty: Difficulty of Create Trait (2).
        trait_skill: Interpretation: (attribute, department) of Create Trait.
        trait_difficulty: Difficulty a hindering trait adds to its bearer's tasks (a helpful
            trait removes as much; interpretation).
        trait_max: Interpretation: most hindering (or helpful) traits on one character.
        alter_trait_cost: Momentum for Alter Trait after a successful attack (a hindering
            trait on the target; once per turn).
        disarm_costs: Momentum for Disarm: a one-handed, a two-handed weapon.
        weapon_hands: Hands of each weapon (1 or 2), in the order of ``weapon_severity``.
        weapon_accurate: 1: the weapon is Accurate.
        aim_rerolls: d20s Aim re-rolls (1).
        accurate_rerolls: d20s Aim re-rolls with an Accurate weapon ("any number": 5).
        injury_difficulty: Interpretation: Difficulty each untreated Injury adds to its
            bearer's tasks ("As with any trait, this may make some actions more difficult";
            "A treated Injury no longer imposes any penalty").
        guard_ally_difficulty: Difficulty added to Guard conferred on an ally within Reach.
        npc_reserve: Tiers of NPCs the GM may bring in as reinforcements (minor, notable),
            in the NPC slots after ``npc_tiers``.
        reinforce_costs: Threat to bring in a Minor, a Notable NPC (1, 2).
        reinforcements_wait: Interpretation: a reinforcement arrives at the NPCs' edge zone
            having acted this round.
    """

    sprint_zones: int = 2
    sprint_skill: tuple[int, int] = (st.FITNESS, st.CONN)
    sprint_difficulty: int = 0
    sprint_task: bool = True
    sprint_from_reach: bool = True
    extra_major_cost: int = 2
    extra_major_difficulty: int = 1
    max_majors: int = 2
    direct_cost: int = 1
    direct_skill: tuple[int, int] = (st.CONTROL, st.COMMAND)
    direct_range: int = 1
    crew_leader: int = -1
    npc_leader: int = -1
    create_trait_difficulty: int = 2
    trait_skill: tuple[int, int] = (st.REASON, st.SCIENCE)
    trait_difficulty: int = 1
    trait_max: int = 2
    alter_trait_cost: int = 2
    disarm_costs: tuple[int, int] = (1, 2)
    weapon_hands: tuple[int, ...] = (1, 1, 1, 1, 1, 2, 1, 2)
    weapon_accurate: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0, 1)
    aim_rerolls: int = 1
    accurate_rerolls: int = 5
    injury_difficulty: int = 1
    guard_ally_difficulty: int = 1
    npc_reserve: tuple = ()
    reinforce_costs: tuple[int, int] = (1, 2)
    reinforcements_wait: bool = True

    def _check_actions(self):
        """Refuse a bad action field, naming it and what is allowed."""
        for name in ("sprint_zones", "direct_range"):
            check_int(name, getattr(self, name), 1, st.MAX_ZONES - 1)
        for name in ("sprint_difficulty", "create_trait_difficulty", "extra_major_difficulty",
                     "guard_ally_difficulty"):
            check_int(name, getattr(self, name), 0, 5)
        for name in ("extra_major_cost", "direct_cost", "trait_difficulty", "alter_trait_cost",
                     "injury_difficulty"):
            check_int(name, getattr(self, name), 0, 10)
        check_int("max_majors", self.max_majors, 1, 2)
        check_int("trait_max", self.trait_max, 0, 5)
        check_int("aim_rerolls", self.aim_rerolls, 0, 10)
        check_int("accurate_rerolls", self.accurate_rerolls, 0, 10)
        for name in ("sprint_skill", "direct_skill", "trait_skill"):
            check_ints(name, getattr(self, name), 2, 0, st.NUM_ATTRIBUTES - 1)
        check_ints("disarm_costs", self.disarm_costs, 2, 0, 10)
        check_ints("reinforce_costs", self.reinforce_costs, 2, 0, 20)
        for name in ("sprint_task", "sprint_from_reach", "reinforcements_wait"):
            check_choice(name, getattr(self, name), (True, False))
        check_int("crew_leader", self.crew_leader, -1, self.pcs - 1)
        check_int("npc_leader", self.npc_leader, -1, len(self.npc_tiers) - 1)
        n_weapons = len(self.weapon_severity)
        check_ints("weapon_hands", self.weapon_hands, n_weapons, 1, 2)
        check_ints("weapon_accurate", self.weapon_accurate, n_weapons, 0, 1)
        self._check_reserve()

    def _check_reserve(self):
        if not isinstance(self.npc_reserve, tuple):
            raise ValueError("config field 'npc_reserve' must be a tuple of tiers "
                             f"({', '.join(RESERVE_TIERS)})")
        room = st.MAX_NPCS - len(self.npc_tiers)
        if len(self.npc_reserve) > room:
            raise ValueError(f"config field 'npc_reserve' holds {len(self.npc_reserve)} NPCs; "
                             f"allowed: at most {room} (npc_tiers and npc_reserve share "
                             f"{st.MAX_NPCS} NPC slots)")
        for k, tier in enumerate(self.npc_reserve):
            check_choice(f"npc_reserve[{k}]", tier, RESERVE_TIERS)
        n = len(self.npc_tiers) + len(self.npc_reserve)
        check_ints("npc_weapon", self.npc_weapon[:n], n, 0, len(self.weapon_severity) - 1)
        check_ints("npc_protection", self.npc_protection[:n], n, 0, 5)


ACTION_PARAMS = (
    "sprint_zones", "sprint_skill", "sprint_difficulty", "sprint_task", "sprint_from_reach",
    "extra_major_cost", "extra_major_difficulty", "max_majors", "direct_cost", "direct_skill",
    "direct_range", "crew_leader", "npc_leader", "create_trait_difficulty", "trait_skill",
    "trait_difficulty", "trait_max", "alter_trait_cost", "disarm_costs", "aim_rerolls",
    "accurate_rerolls", "injury_difficulty", "guard_ally_difficulty", "reinforce_costs",
    "reinforcements_wait",
)
"""The kernel parameters of this block (booleans as ints); ``npc_reserve`` is placed by
:func:`scenegym.envs.sta.config.character_table` and counted in ``reserves``, and
``weapon_hands`` and ``weapon_accurate`` by :func:`scenegym.envs.sta.config.kernel_params`
with the weapon table's other columns (padded to one size)."""


def action_params(cfg: ActionRules) -> dict:
    """The kernel parameters of this block, by name."""
    out = {name: getattr(cfg, name) for name in ACTION_PARAMS}
    for name in ("sprint_task", "sprint_from_reach", "reinforcements_wait"):
        out[name] = int(out[name])
    out["reserves"] = len(cfg.npc_reserve)
    return out
