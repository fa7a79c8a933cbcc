"""The Star Trek Adventures personal-conflict config: every number of the rules, validated.

Sources: Star Trek Adventures 2nd edition core rulebook, "Conflict" chapter (pp. 276-293),
and the core task rules it leans on (target number, dice pool, Momentum, Threat).
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass

from scenegym.envs.core.config import RulesetConfig
from scenegym.envs.core.validate import check_choice, check_int, check_ints
from scenegym.envs.sta import state as st
from scenegym.envs.sta.action_rules import ACTION_PARAMS, ActionRules, action_params

TIER_CODES = {"minor": st.MINOR_NPC, "notable": st.NOTABLE_NPC, "major": st.MAJOR_NPC}
CONFLICTS = ("personal", "social")
FIRST_TURNS = ("doubt", "npcs", "crew")  # who takes the first turn (Conflict Structure, p. 276)
WEAPON_NAMES = ("unarmed", "knife", "blade", "phaser type-1", "phaser type-2", "phaser rifle",
                "disruptor pistol", "disruptor rifle")
SIX = 6
MAX_WEAPONS = 16  # weapon tables are padded to this size for the kernels (one compiled layout)


def _mask(departments) -> int:
    """A focus bit mask from department indices."""
    return sum(1 << d for d in departments)


@dataclass(frozen=True)
class StaConfig(RulesetConfig, ActionRules):
    """Rules numbers and switches of a personal conflict (crew of PCs against NPCs).

    The fields of the actions beyond the basic attack (Sprint, Direct, Ready, Create Trait,
    Disarm, reinforcements, ...) are those of :class:`ActionRules`.

    Attribute and department tuples are in the order of ``state.ATTRIBUTE_NAMES``
    (Control, Daring, Fitness, Insight, Presence, Reason) and ``state.DEPARTMENT_NAMES``
    (Command, Conn, Engineering, Medicine, Science, Security).

    Attributes:
        die_sides: Sides of each die (d20).
        base_dice: Dice of a task before buying (2d20).
        max_dice: Most dice on any task (5d20).
        die_costs: Cost of the 1st, 2nd, 3rd bought die ("1, then 2 more, then 3 more").
        complication_range: Faces at the top of the die that cause a complication (1: a 20).
        momentum_max: Most Momentum the crew pool holds; excess is lost.
        momentum_start: Crew Momentum at the start of the scene.
        threat_per_pc: GM Threat at the start of the scene, per PC.
        determination_start: Determination of each PC at the start.
        perfect_opportunity_adds: Determination's Perfect Opportunity adds a bonus d20 counted
            as a 1 (within ``max_dice``); False: it sets one die of the pool to 1.
        zero_difficulty_roll: A task of Difficulty 0 may be rolled for Momentum (its
            successes become Momentum, complications count); False: it always succeeds
            unrolled, making no Momentum.
        pcs: Player characters in the scene (1..4).
        pc_attributes: Attributes per PC.
        pc_departments: Departments per PC.
        pc_focus: Per PC, the departments for which a focus applies in this conflict.
        pc_weapon: Weapon of each PC (index into ``weapon_severity`` ...).
        pc_protection: Protection of each PC.
        npc_tiers: Tier of each NPC (``minor``, ``notable``, ``major``), 1..4 NPCs.
        npc_weapon: Weapon of each NPC.
        npc_protection: Protection of each NPC.
        tier_attributes: Attributes of a Minor, Notable and Major NPC.
        tier_departments: Departments of a Minor, Notable and Major NPC.
        tier_focus: Focus departments of a Minor, Notable and Major NPC.
        notable_avoids: Times a Notable NPC may Avoid Injury with Threat per scene.
        weapon_severity: Severity of each weapon (unarmed, knife, blade, phaser type-1,
            type-2, rifle, disruptor pistol, disruptor rifle).
        weapon_melee: 1: the weapon makes Melee Attacks; 0: Ranged Attacks.
        weapon_injury: 1 Stun only, 2 Deadly only, 3 Stun or Deadly.
        weapon_intense: 1: Intense (+1 severity per 1 Momentum spent).
        melee_difficulty: Difficulty of a Melee Attack (Daring + Security).
        ranged_difficulty: Difficulty of a Ranged Attack (Control + Security).
        first_aid_difficulty: Difficulty of First Aid to revive (Daring + Medicine).
        guard_difficulty: Difficulty of Guard (Insight + Security).
        targets_aware: Targets of Melee Attacks are aware and defend (an opposed task).
        reach_penalty: Difficulty added to a task that is not a melee attack in Reach of an enemy.
        guard_bonus: Difficulty added to attacks against a guarded character.
        fatigue_penalty: Difficulty added to a Fatigued character's tasks.
        reaction_penalties: A roll that sets a Difficulty (an opposed task's reaction, a
            social asker's roll) bears its roller's own penalties (Fatigue, traits,
            Injuries, complications): each +1 Difficulty takes one success off the
            Difficulty it sets; False: only the active roll bears them.
        complication_difficulty: Difficulty added to a character's next task per complication.
        prone_ranged_penalty: Difficulty added to Ranged Attacks at a prone target from
            Medium range or further.
        prone_cover_protection: Protection a prone target in cover gains.
        prone_close_bonus: Bonus Momentum of Melee and Close-range attacks at a prone target.
        deadly_threat: Threat a PC adds for a Deadly attack (an NPC spends it).
        extra_minor_cost: Momentum for the extra minor action.
        max_minors: Minor actions per turn (the first free).
        minors_after_major: A character may take its minor actions after its major action
            as well as before it, within the same limits ("attempted a single major action
            and any minor actions"); False: only before it.
        added_severity_cost: Momentum per +1 severity.
        added_severity_max: Most severity added by Momentum to one attack.
        intense_cost: Momentum per +1 severity with an Intense weapon.
        counter_cost: Momentum to Counterattack.
        keep_cost: Momentum to Keep the Initiative.
        npc_first_cost: Threat the GM spends to let an NPC take the first turn.
        first_turn: Who takes the first turn: ``doubt`` (there is doubt: the GM may spend
            ``npc_first_cost`` Threat for an NPC, else a PC goes first), ``npcs`` (the NPCs
            have an obvious reason, an ambush: an NPC goes first, no Threat) or ``crew``
            (a PC is the obvious choice: no Threat spend is offered).
        success_at_cost: A failed PC task becomes a success with a complication, no Momentum.
        weapons_drawn: Characters start with their weapon drawn.
        battlefield_cover: Fixed battlefield: cover flag per zone (empty: generate per scene).
        battlefield_terrain: Fixed battlefield: difficult-terrain cost per zone.
        battlefield_obstacles: Fixed battlefield: obstacle cost between zone z and z+1.
        zones_min: Fewest zones of a generated battlefield.
        zones_max: Most zones of a generated battlefield.
        cover_percent: Chance (percent) that a generated zone gives cover.
        terrain_percent: Chance that a generated zone is difficult terrain.
        obstacle_percent: Chance of an obstacle between two generated zones.
        terrain_cost_max: Highest generated terrain or obstacle cost (costs 1..this).
        max_rounds: Rounds before the scene is cut off.
        cutoff_result: What a scene cut off at ``max_rounds`` is worth to each seat: -1 (a
            loss to the crew and to the GM alike, the default: neither seat is paid for
            stalling) or 0 (nothing, the reward before 0.2.0).
        crew_withdraw_result: Crew result when the crew leaves by withdrawing (the objective
            is given up: a loss by default; 0 ends a terminated episode with no reward).
        npc_withdraw_result: Crew result when the NPCs leave by withdrawing.
        conflict: ``personal`` (combat) or ``social`` (requests and social tools).
        persuade_skill: (attribute, department) of the asking character's roll.
        resist_skill: (attribute, department) of the resisting character's roll.
        deceive_skill: (attribute, department) of Deception.
        see_through_skill: (attribute, department) of seeing through a Deception.
        intimidate_skill: (attribute, department) of Intimidation.
        stand_firm_skill: (attribute, department) of resisting Intimidation.
        evidence_pieces: Pieces of Evidence each character can offer in a scene.
        evidence_difficulty: Difficulty a piece of Evidence takes off its holder's later
            Persuade tasks (the resister's Difficulty rises as much) when it is not needed
            to open a resisted request again ("either allowing you to attempt a Persuade
            task or decreasing the Difficulty by 1"); 0: Evidence only adds severity.
        offer_cost: Threat a Negotiation offer costs (a PC adds it, an NPC spends it): the
            complication that is the offer's price.
        hostility_cost: Extra Threat per offer once Intimidation has been used.
        social_severity_cost: Momentum per +1 severity after winning a Persuade task.
        lie_complication_range: Complication range added per lie the deceiver holds.
        recover_cost: Momentum to remove 1 Stress after a successful task.
        recover_max: Most Stress removed that way on one task.
    """

    die_sides: int = 20
    base_dice: int = 2
    max_dice: int = 5
    die_costs: tuple[int, int, int] = (1, 2, 3)
    complication_range: int = 1
    momentum_max: int = 6
    momentum_start: int = 0
    threat_per_pc: int = 2
    determination_start: int = 1
    perfect_opportunity_adds: bool = True
    zero_difficulty_roll: bool = True
    pcs: int = 2
    pc_attributes: tuple = ((10, 10, 9, 9, 8, 8), (9, 10, 8, 10, 9, 8), (10, 9, 9, 8, 8, 10),
                            (8, 9, 10, 9, 10, 8))
    pc_departments: tuple = ((2, 3, 1, 2, 4, 4), (3, 2, 1, 4, 4, 2), (2, 4, 4, 1, 3, 2),
                             (4, 3, 2, 2, 1, 4))
    pc_focus: tuple = ((st.SECURITY,), (st.MEDICINE,), (st.ENGINEERING,), (st.SECURITY,))
    pc_weapon: tuple[int, ...] = (4, 3, 3, 4)
    pc_protection: tuple[int, ...] = (0, 0, 0, 0)
    npc_tiers: tuple = ("minor", "minor", "notable", "major")
    npc_weapon: tuple[int, ...] = (4, 4, 4, 7)
    npc_protection: tuple[int, ...] = (0, 0, 1, 1)
    tier_attributes: tuple = ((9, 9, 8, 8, 7, 7), (10, 9, 9, 8, 8, 7), (11, 11, 10, 10, 9, 8))
    tier_departments: tuple = ((1, 2, 0, 1, 0, 2), (2, 2, 0, 1, 1, 3), (3, 3, 1, 2, 2, 5))
    tier_focus: tuple = ((), (st.SECURITY,), (st.SECURITY,))
    notable_avoids: int = 1
    weapon_severity: tuple[int, ...] = (2, 2, 3, 3, 4, 5, 4, 5)
    weapon_melee: tuple[int, ...] = (1, 1, 1, 0, 0, 0, 0, 0)
    weapon_injury: tuple[int, ...] = (1, 2, 2, 3, 3, 3, 2, 2)
    weapon_intense: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 1, 1)
    melee_difficulty: int = 1
    ranged_difficulty: int = 2
    first_aid_difficulty: int = 2
    guard_difficulty: int = 0
    targets_aware: bool = True
    reach_penalty: int = 1
    guard_bonus: int = 1
    fatigue_penalty: int = 1
    reaction_penalties: bool = True
    complication_difficulty: int = 1
    prone_ranged_penalty: int = 1
    prone_cover_protection: int = 1
    prone_close_bonus: int = 2
    deadly_threat: int = 1
    extra_minor_cost: int = 1
    max_minors: int = 2
    minors_after_major: bool = True
    added_severity_cost: int = 2
    added_severity_max: int = 2
    intense_cost: int = 1
    counter_cost: int = 2
    keep_cost: int = 2
    npc_first_cost: int = 1
    first_turn: str = "doubt"
    success_at_cost: bool = False
    weapons_drawn: bool = True
    battlefield_cover: tuple[int, ...] = ()
    battlefield_terrain: tuple[int, ...] = ()
    battlefield_obstacles: tuple[int, ...] = ()
    zones_min: int = 3
    zones_max: int = 6
    cover_percent: int = 50
    terrain_percent: int = 25
    obstacle_percent: int = 25
    terrain_cost_max: int = 2
    max_rounds: int = 8
    cutoff_result: int = -1
    crew_withdraw_result: int = -1
    npc_withdraw_result: int = 1
    conflict: str = "personal"
    persuade_skill: tuple[int, int] = (st.PRESENCE, st.COMMAND)
    resist_skill: tuple[int, int] = (st.CONTROL, st.COMMAND)
    deceive_skill: tuple[int, int] = (st.PRESENCE, st.COMMAND)
    see_through_skill: tuple[int, int] = (st.INSIGHT, st.SECURITY)
    intimidate_skill: tuple[int, int] = (st.PRESENCE, st.SECURITY)
    stand_firm_skill: tuple[int, int] = (st.CONTROL, st.SECURITY)
    evidence_pieces: int = 1
    evidence_difficulty: int = 1
    offer_cost: int = 1
    hostility_cost: int = 1
    social_severity_cost: int = 2
    lie_complication_range: int = 1
    recover_cost: int = 2
    recover_max: int = 3

    def __post_init__(self):
        self._check_task()
        self._check_characters()
        self._check_costs()
        self._check_battlefield()
        check_int("max_rounds", self.max_rounds, 1, 1000)
        check_int("cutoff_result", self.cutoff_result, -1, 0)
        check_int("crew_withdraw_result", self.crew_withdraw_result, -1, 1)
        check_int("npc_withdraw_result", self.npc_withdraw_result, -1, 1)
        self._check_social()
        self._check_actions()

    def _check_task(self):
        check_int("die_sides", self.die_sides, 2, 100)
        check_int("base_dice", self.base_dice, 1, 10)
        check_int("max_dice", self.max_dice, self.base_dice, 10)
        check_ints("die_costs", self.die_costs, 3, 0, 10)
        check_int("complication_range", self.complication_range, 1, self.die_sides)
        check_int("momentum_max", self.momentum_max, 0, 100)
        check_int("momentum_start", self.momentum_start, 0, self.momentum_max)
        check_int("threat_per_pc", self.threat_per_pc, 0, 100)
        check_int("determination_start", self.determination_start, 0, 3)

    def _check_characters(self):
        check_int("pcs", self.pcs, 1, st.MAX_PCS)
        for name in ("pc_attributes", "pc_departments", "pc_focus"):
            if not isinstance(getattr(self, name), tuple) or len(getattr(self, name)) < self.pcs:
                raise ValueError(f"config field {name!r} must be a tuple with one entry per PC "
                                 f"(at least pcs={self.pcs})")
        for c in range(self.pcs):
            check_ints(f"pc_attributes[{c}]", self.pc_attributes[c], SIX, 1, self.die_sides)
            check_ints(f"pc_departments[{c}]", self.pc_departments[c], SIX, 0, 5)
            _check_focus(f"pc_focus[{c}]", self.pc_focus[c])
        n_weapons = len(self.weapon_severity) if isinstance(self.weapon_severity, tuple) else 0
        check_int("len(weapon_severity)", n_weapons, 1, MAX_WEAPONS)
        check_ints("pc_weapon", self.pc_weapon[:self.pcs], self.pcs, 0, n_weapons - 1)
        check_ints("pc_protection", self.pc_protection[:self.pcs], self.pcs, 0, 5)
        if not isinstance(self.npc_tiers, tuple) or not 1 <= len(self.npc_tiers) <= st.MAX_NPCS:
            raise ValueError(f"config field 'npc_tiers' must be a tuple of 1..{st.MAX_NPCS} tiers")
        for k, tier in enumerate(self.npc_tiers):
            check_choice(f"npc_tiers[{k}]", tier, tuple(TIER_CODES))
        n = len(self.npc_tiers)
        check_ints("npc_weapon", self.npc_weapon[:n], n, 0, n_weapons - 1)
        check_ints("npc_protection", self.npc_protection[:n], n, 0, 5)
        for name in ("tier_attributes", "tier_departments", "tier_focus"):
            if not isinstance(getattr(self, name), tuple) or len(getattr(self, name)) != 3:
                raise ValueError(f"config field {name!r} must hold 3 entries: minor, notable, major")
        for k in range(3):
            check_ints(f"tier_attributes[{k}]", self.tier_attributes[k], SIX, 1, self.die_sides)
            check_ints(f"tier_departments[{k}]", self.tier_departments[k], SIX, 0, 5)
            _check_focus(f"tier_focus[{k}]", self.tier_focus[k])
        check_int("notable_avoids", self.notable_avoids, 0, 10)
        for name in ("weapon_severity", "weapon_melee", "weapon_injury", "weapon_intense"):
            if not isinstance(getattr(self, name), tuple) or len(getattr(self, name)) != n_weapons:
                raise ValueError(f"config field {name!r} must have {n_weapons} entries (one per weapon)")
        check_ints("weapon_severity", self.weapon_severity, n_weapons, 1, 10)
        check_ints("weapon_melee", self.weapon_melee, n_weapons, 0, 1)
        check_ints("weapon_injury", self.weapon_injury, n_weapons, st.STUN_ONLY, st.STUN_OR_DEADLY)
        check_ints("weapon_intense", self.weapon_intense, n_weapons, 0, 1)

    def _check_costs(self):
        for name in ("melee_difficulty", "ranged_difficulty", "first_aid_difficulty",
                     "guard_difficulty"):
            check_int(name, getattr(self, name), 0, 5)
        for name in ("reach_penalty", "guard_bonus", "fatigue_penalty", "complication_difficulty",
                     "prone_ranged_penalty", "prone_cover_protection", "prone_close_bonus",
                     "deadly_threat", "extra_minor_cost", "added_severity_cost",
                     "added_severity_max", "intense_cost", "counter_cost", "keep_cost",
                     "npc_first_cost"):
            check_int(name, getattr(self, name), 0, 10)
        check_int("max_minors", self.max_minors, 1, 5)
        for name in ("targets_aware", "success_at_cost", "weapons_drawn", "reaction_penalties",
                     "perfect_opportunity_adds", "zero_difficulty_roll", "minors_after_major"):
            check_choice(name, getattr(self, name), (True, False))

    def _check_social(self):
        check_choice("conflict", self.conflict, CONFLICTS)
        check_choice("first_turn", self.first_turn, FIRST_TURNS)
        for name in SKILLS:
            check_ints(name, getattr(self, name), 2, 0, SIX - 1)
        for name in ("evidence_pieces", "evidence_difficulty", "offer_cost", "hostility_cost", "social_severity_cost",
                     "lie_complication_range", "recover_cost", "recover_max"):
            check_int(name, getattr(self, name), 0, 10)

    def _check_battlefield(self):
        check_int("zones_min", self.zones_min, 3, st.MAX_ZONES)
        check_int("zones_max", self.zones_max, self.zones_min, st.MAX_ZONES)
        for name in ("cover_percent", "terrain_percent", "obstacle_percent"):
            check_int(name, getattr(self, name), 0, 100)
        check_int("terrain_cost_max", self.terrain_cost_max, 1, 3)
        n = len(self.battlefield_cover)
        if n == 0:
            if self.battlefield_terrain or self.battlefield_obstacles:
                raise ValueError("config fields 'battlefield_terrain' and 'battlefield_obstacles' "
                                 "need 'battlefield_cover' (one entry per zone) as well")
            return
        check_int("len(battlefield_cover)", n, 3, st.MAX_ZONES)
        check_ints("battlefield_cover", self.battlefield_cover, n, 0, 1)
        check_ints("battlefield_terrain", self.battlefield_terrain, n, 0, 3)
        check_ints("battlefield_obstacles", self.battlefield_obstacles, n - 1, 0, 3)


@dataclass(frozen=True)
class StaSocialConfig(StaConfig):
    """:class:`StaConfig` whose defaults are a social conflict: two PCs and a Notable NPC."""

    conflict: str = "social"
    npc_tiers: tuple = ("notable",)
    npc_weapon: tuple[int, ...] = (6,)
    npc_protection: tuple[int, ...] = (0,)


SKILLS = ("persuade_skill", "resist_skill", "deceive_skill", "see_through_skill",
          "intimidate_skill", "stand_firm_skill")


def _check_focus(name: str, departments) -> None:
    """A focus entry is a tuple of department indices (0..5)."""
    if not isinstance(departments, tuple):
        raise ValueError(f"config field {name!r} must be a tuple of department indices 0..5")
    for k, d in enumerate(departments):
        check_int(f"{name}[{k}]", d, 0, SIX - 1)


Params = namedtuple("Params", [
    "die_sides", "base_dice", "max_dice", "die_costs", "complication_range", "momentum_max",
    "momentum_start", "threat_start", "determination_start", "perfect_adds", "zero_roll",
    "pcs", "npcs",
    "attributes", "departments", "focus", "weapon", "protection", "tier",
    "notable_avoids", "weapon_severity", "weapon_melee", "weapon_injury", "weapon_intense",
    "weapon_hands", "weapon_accurate",
    "melee_difficulty", "ranged_difficulty", "first_aid_difficulty", "guard_difficulty",
    "targets_aware", "reach_penalty", "guard_bonus", "fatigue_penalty", "reaction_penalties",
    "complication_difficulty", "prone_ranged_penalty", "prone_cover_protection",
    "prone_close_bonus", "deadly_threat", "extra_minor_cost", "max_minors", "minors_after_major",
    "added_severity_cost", "added_severity_max", "intense_cost", "counter_cost", "keep_cost",
    "npc_first_cost", "first_turn", "success_at_cost", "weapons_drawn", "fixed_zones", "cover", "terrain",
    "obstacles", "zones_min", "zones_max", "cover_percent", "terrain_percent",
    "obstacle_percent", "terrain_cost_max", "max_rounds", "cutoff_result", "crew_withdraw_result",
    "npc_withdraw_result", "social", "skills", "evidence_pieces", "evidence_difficulty",
    "offer_cost",
    "hostility_cost", "social_severity_cost", "lie_complication_range", "recover_cost",
    "recover_max", *ACTION_PARAMS, "reserves",
])


def _padded(column: tuple) -> tuple:
    """A weapon table's column padded with zeros to ``MAX_WEAPONS`` entries."""
    return column + (0,) * (MAX_WEAPONS - len(column))


def character_table(cfg: StaConfig):
    """Per character slot (PCs, then NPCs): tier, attributes, departments, focus mask,
    weapon, protection; empty slots are zeros."""
    tier, attrs, depts, focus, weapon, prot = [], [], [], [], [], []
    for c in range(st.MAX_PCS):
        here = c < cfg.pcs
        tier.append(st.PC)
        attrs += cfg.pc_attributes[c] if here else (0,) * SIX
        depts += cfg.pc_departments[c] if here else (0,) * SIX
        focus.append(_mask(cfg.pc_focus[c]) if here else 0)
        weapon.append(cfg.pc_weapon[c] if here else 0)
        prot.append(cfg.pc_protection[c] if here else 0)
    tiers = cfg.npc_tiers + cfg.npc_reserve  # reinforcements wait in the slots after
    for k in range(st.MAX_NPCS):
        here = k < len(tiers)
        code = TIER_CODES[tiers[k]] if here else st.MINOR_NPC
        tier.append(code)
        attrs += cfg.tier_attributes[code - 1] if here else (0,) * SIX
        depts += cfg.tier_departments[code - 1] if here else (0,) * SIX
        focus.append(_mask(cfg.tier_focus[code - 1]) if here else 0)
        weapon.append(cfg.npc_weapon[k] if here else 0)
        prot.append(cfg.npc_protection[k] if here else 0)
    return tuple(tier), tuple(attrs), tuple(depts), tuple(focus), tuple(weapon), tuple(prot)


def kernel_params(cfg: StaConfig) -> Params:
    """The plain numbers the kernels read."""
    tier, attrs, depts, focus, weapon, prot = character_table(cfg)
    n = len(cfg.battlefield_cover)
    pad = st.MAX_ZONES - n
    return Params(
        die_sides=cfg.die_sides, base_dice=cfg.base_dice, max_dice=cfg.max_dice,
        die_costs=cfg.die_costs, complication_range=cfg.complication_range,
        momentum_max=cfg.momentum_max, momentum_start=cfg.momentum_start,
        threat_start=cfg.threat_per_pc * cfg.pcs, determination_start=cfg.determination_start,
        perfect_adds=int(cfg.perfect_opportunity_adds), zero_roll=int(cfg.zero_difficulty_roll),
        pcs=cfg.pcs, npcs=len(cfg.npc_tiers), attributes=attrs, departments=depts, focus=focus,
        weapon=weapon, protection=prot, tier=tier, notable_avoids=cfg.notable_avoids,
        weapon_severity=_padded(cfg.weapon_severity), weapon_melee=_padded(cfg.weapon_melee),
        weapon_injury=_padded(cfg.weapon_injury), weapon_intense=_padded(cfg.weapon_intense),
        weapon_hands=_padded(cfg.weapon_hands), weapon_accurate=_padded(cfg.weapon_accurate),
        melee_difficulty=cfg.melee_difficulty, ranged_difficulty=cfg.ranged_difficulty,
        first_aid_difficulty=cfg.first_aid_difficulty, guard_difficulty=cfg.guard_difficulty,
        targets_aware=int(cfg.targets_aware), reach_penalty=cfg.reach_penalty,
        guard_bonus=cfg.guard_bonus, fatigue_penalty=cfg.fatigue_penalty,
        reaction_penalties=int(cfg.reaction_penalties),
        complication_difficulty=cfg.complication_difficulty,
        prone_ranged_penalty=cfg.prone_ranged_penalty,
        prone_cover_protection=cfg.prone_cover_protection,
        prone_close_bonus=cfg.prone_close_bonus, deadly_threat=cfg.deadly_threat,
        extra_minor_cost=cfg.extra_minor_cost, max_minors=cfg.max_minors,
        minors_after_major=int(cfg.minors_after_major),
        added_severity_cost=cfg.added_severity_cost, added_severity_max=cfg.added_severity_max,
        intense_cost=cfg.intense_cost, counter_cost=cfg.counter_cost, keep_cost=cfg.keep_cost,
        npc_first_cost=cfg.npc_first_cost, first_turn=FIRST_TURNS.index(cfg.first_turn),
        success_at_cost=int(cfg.success_at_cost),
        weapons_drawn=int(cfg.weapons_drawn), fixed_zones=n,
        cover=cfg.battlefield_cover + (0,) * pad, terrain=cfg.battlefield_terrain + (0,) * pad,
        obstacles=cfg.battlefield_obstacles + (0,) * (st.MAX_ZONES - len(cfg.battlefield_obstacles)),
        zones_min=cfg.zones_min, zones_max=cfg.zones_max, cover_percent=cfg.cover_percent,
        terrain_percent=cfg.terrain_percent, obstacle_percent=cfg.obstacle_percent,
        terrain_cost_max=cfg.terrain_cost_max, max_rounds=cfg.max_rounds,
        cutoff_result=cfg.cutoff_result,
        crew_withdraw_result=cfg.crew_withdraw_result, npc_withdraw_result=cfg.npc_withdraw_result,
        social=CONFLICTS.index(cfg.conflict),
        skills=sum((getattr(cfg, name) for name in SKILLS), ()),
        evidence_pieces=cfg.evidence_pieces, evidence_difficulty=cfg.evidence_difficulty,
        offer_cost=cfg.offer_cost,
        hostility_cost=cfg.hostility_cost, social_severity_cost=cfg.social_severity_cost,
        lie_complication_range=cfg.lie_complication_range, recover_cost=cfg.recover_cost,
        recover_max=cfg.recover_max, **action_params(cfg),
    )
