"""The Frontiers encounter config: every number of Flow of Play and every variant switch."""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass, fields

from scenegym.envs.core.config import RulesetConfig
from scenegym.envs.core.validate import check_choice, check_int, check_ints
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.catalogue import ABILITIES, ARCHETYPES

PLACEMENTS = ("random", "fixed")
BOOL = (True, False)

# Variant and Alternative names (as the playtest command takes them) -> config changes.
VARIANTS = {
    "fixed-momentum": {"fixed_momentum": True},
    "rolled-momentum": {"rolled_momentum": True},
    "escalating-rounds": {"escalation_from": 4},
    "two-ap": {"ap_per_turn": 2},
    "reaction-limit": {"reaction_limit": 1},
    "committed-action": {"committed_action": True},
    "action-based-movement": {"action_movement": True},
    "zone-movement": {"zone_movement": True},
    "no-overspend": {"no_overspend": True},
    "strain-on-use": {"strain_on_use": True},
    "conscious-at-zero-hp": {"conscious_at_zero": True},
    "gradual-wound-severity": {"gradual_wounds": True},
    "no-momentum": {"no_momentum": True},
    "simultaneous-turns": {"simultaneous_turns": True},
    "unified-resource": {"unified_resource": True},
}

# Switches that replace the same Default Rule: (field a, field b, why they cannot combine).
EXCLUSIVE = (
    ("fixed_momentum", "rolled_momentum",
     "both replace Establishing Momentum (base MV kept vs. rolled 1d20 + Finesse)"),
    ("fixed_momentum", "no_momentum", "No Momentum removes the Momentum that Fixed Momentum fixes"),
    ("rolled_momentum", "no_momentum", "No Momentum removes the Momentum that is rolled"),
    ("no_overspend", "strain_on_use",
     "both replace Overspending (no activation without Energy vs. a strain roll on every spend)"),
    ("unified_resource", "committed_action",
     "Unified Resource removes AP, and Committed Action is defined by spending all remaining AP"),
    ("unified_resource", "action_movement",
     "Unified Resource removes AP, and Action-Based Movement pays for movement in AP"),
    ("action_movement", "zone_movement",
     "Action-Based Movement prices Units in AP while Zone Movement prices Zones in MP"),
    ("unified_resource", "ap_per_turn",
     "Unified Resource removes AP, so the AP a Turn begins with (the 2 AP Variant) change "
     "nothing"),
    ("simultaneous_turns", "reaction_limit",
     "the Simultaneous Turn Alternative has no Reactions (no Turns to react outside of), so "
     "the Reaction Limit Variant changes nothing"),
)
# a switch is on when its field differs from its default (ap_per_turn 3, reaction_limit 0...)


@dataclass(frozen=True)
class FrontiersConfig(RulesetConfig):
    """Rules numbers, content and variant switches of a Frontiers encounter.

    Attributes:
        abilities: The ability catalogue (:class:`~scenegym.envs.frontiers.catalogue.Ability`).
        archetypes: The stat blocks (:class:`~scenegym.envs.frontiers.catalogue.Archetype`).
        party: Archetype names of the PCs, 1..4.
        enemy_pool: Archetype names enemies are drawn from (in order, when fixed).
        enemies_min: Fewest enemies the generator places.
        enemies_max: Most enemies the generator places (1..4).
        placement: ``random``: the generator rolls the enemy count, their archetypes and
            every starting Unit per episode; ``fixed``: ``enemies_max`` enemies from the
            pool in order, at ``pc_units`` and ``enemy_units``.
        line_length: Units of the battle line.
        start_spread: Each side starts within this many Units of its end of the line.
        pc_units: Fixed starting Units of the PCs.
        enemy_units: Fixed starting Units of the enemies.
        die: Sides of the resolution die (d20).
        ap_per_turn: AP at the start of each Turn ("3 AP"; 2 AP Variant: 2).
        mp_base: MP at the start of each Turn before the Finesse modifier ("3 + Finesse").
        max_rounds: Rounds before the encounter is cut off.
        cutoff_result: What an encounter cut off at ``max_rounds`` is worth to each seat: -1
            (a loss to the crew and to the GM alike, the default: neither seat is paid for
            stalling) or 0 (nothing, the reward before 0.2.0). In an expedition it is the
            encounter's result, and the expedition goes on after it.
        overspend_die: The even-sided die of an Overspend roll (odd: 1 Fatigue).
        negative_divisor: Negative Energy limit = maximum Energy // this ("half ... rounded
            down").
        wound_penalty: Defense lost per Wound ("-2 to Physical Defense, -2 to Mental").
        fatigue_penalty: Awareness and Intuition modifiers lost per Fatigue.
        wounds_base: Maximum Wounds = this + Vigor modifier.
        fatigue_base: Maximum Fatigue = this + Resolve modifier.
        prone_stand_mp: Interpretation: MP a prone participant pays to stand up, which it
            does at the start of its Turn when it can act (not below 0 MP; 0: standing is
            free). The seed makes a character fall prone (at 0 HP, past its maximum
            Fatigue, when Unconscious) and gives prone no effect of its own.
        prone_defense_change: Interpretation: added to a prone participant's Physical
            Defense (negative: easier to hit; 0: no effect).
        round_refresh: Interpretation: AP also refresh at the start of every Round, so a
            participant who has not yet taken its Turn can pay for Reactions (False: the
            literal reading, under which only the first Round allows them).
        turn_refresh: AP refresh at the start of each Turn ("At the start of your Turn: AP
            refreshes to maximum"). With ``round_refresh`` too (the default), a Reaction
            declared before one's own Turn costs nothing in effect (the Turn refills what it
            spent) and none is possible after it (unspent AP are lost). False (with
            ``round_refresh``): the Round's AP pay for the Reactions before one's Turn and
            for the Turn's Actions, so "Reactions cost AP" bites.
        negative_finesse_adjusts: Interpretation: a negative Finesse modifier allows a
            Momentum adjustment of up to its size (False, the default: "up to" a bound below
            0 allows none).
        encounters: Encounters of an expedition (one episode): after a win or a cut-off,
            ``downtime_hours`` of Downtime, then the next encounter with new enemies; the
            crew is paid +1 per encounter won as it ends, and a loss ends the expedition.
        downtime_hours: Hours of Downtime between the encounters of an expedition.
        downtime_energy: Energy regained per hour of Downtime ("Regain 1 Energy").
        extended_hours: Hours of uninterrupted Downtime that recover HP ("at least 3").
        extended_divisor: HP recovered per extended period = maximum HP // this ("1/2").
        revive_after: Interpretation: when the party wins, every unconscious, living PC
            regains 1 HP ("If the Encounter concludes and an ally can reach them").
        fixed_momentum: Fixed Momentum Variant: no Finesse adjustment.
        rolled_momentum: Rolled Momentum Variant: MV = 1d20 + Finesse modifier.
        no_momentum: No Momentum Alternative: PCs and enemies alternate by slot.
        escalation_from: Escalating Rounds Variant: from this Round on, damage +1 per Round
            since (0: off; the variant: 4).
        reaction_limit: Reaction Limit Variant: Reactions per Round (0: unlimited).
        committed_action: Committed Action Variant: an Action spending all remaining AP
            gains ``committed_bonus`` to its roll.
        committed_bonus: The Committed Action bonus (+2).
        action_movement: Action-Based Movement Variant: no MP; 1 AP per
            ``units_per_ap`` Units.
        units_per_ap: Units 1 AP buys under Action-Based Movement (2).
        zone_movement: Zone Movement Variant: the line becomes ``zones`` Zones; two
            participants in the same Zone are Engaged, one Zone apart Near, further Far;
            moving to an adjacent Zone costs 1 MP. Ranges and pushes in Units become Zones:
            up to ``engaged_units`` is Engaged (0), up to ``near_units`` Near (1), beyond Far
            (2). The party starts in the first Zone, the enemies in the last.
        zones: Zones of the line under Zone Movement (3: Engaged, Near, Far apart).
        engaged_units: Ranges up to this many Units count as Engaged.
        near_units: Ranges up to this many Units count as Near.
        no_overspend: No Overspend Variant: no activation without the Energy.
        strain_on_use: Strain on Use Variant: every Energy spend rolls ``strain_die``; odd:
            1 Fatigue; no negative Energy.
        strain_die: The die of the strain roll.
        conscious_at_zero: Conscious at 0 HP Variant.
        zero_hp_penalty: Resolution-roll penalty at 0 HP under that variant (-4).
        gradual_wounds: Gradual Wound Severity Variant: the k-th Wound costs k Defense.
        simultaneous_turns: Simultaneous Turn Alternative: each Round every participant
            declares (hidden from the other seat), then all resolve in Momentum order and
            results apply at the end of the Round (see
            :mod:`scenegym.envs.frontiers.simultaneous`).
        unified_resource: Unified Resource Alternative: no AP; an Action costs
            ``unified_energy_per_ap`` Energy per AP it would cost (plus its own Energy);
            Reactions ``unified_reaction_energy`` more; every Round restores
            ``unified_regain`` Energy.
        unified_energy_per_ap: See ``unified_resource``.
        unified_reaction_energy: See ``unified_resource``.
        unified_regain: See ``unified_resource``.
    """

    abilities: tuple = ABILITIES
    archetypes: tuple = ARCHETYPES
    party: tuple = ("vanguard", "skirmisher", "mystic")
    enemy_pool: tuple = ("brute", "raider")
    enemies_min: int = 2
    enemies_max: int = 4
    placement: str = "random"
    line_length: int = 12
    start_spread: int = 3
    pc_units: tuple = (0, 1, 2, 0)
    enemy_units: tuple = (11, 10, 9, 11)
    die: int = 20
    ap_per_turn: int = 3
    mp_base: int = 3
    max_rounds: int = 12
    cutoff_result: int = -1
    overspend_die: int = 20
    negative_divisor: int = 2
    wound_penalty: int = 2
    fatigue_penalty: int = 2
    wounds_base: int = 1
    fatigue_base: int = 1
    prone_stand_mp: int = 0
    prone_defense_change: int = 0
    encounters: int = 1
    downtime_hours: int = 3
    downtime_energy: int = 1
    extended_hours: int = 3
    extended_divisor: int = 2
    round_refresh: bool = True
    turn_refresh: bool = True
    negative_finesse_adjusts: bool = False
    revive_after: bool = True
    fixed_momentum: bool = False
    rolled_momentum: bool = False
    no_momentum: bool = False
    escalation_from: int = 0
    reaction_limit: int = 0
    committed_action: bool = False
    committed_bonus: int = 2
    action_movement: bool = False
    units_per_ap: int = 2
    zone_movement: bool = False
    zones: int = 3
    engaged_units: int = 1
    near_units: int = 6
    no_overspend: bool = False
    strain_on_use: bool = False
    strain_die: int = 20
    conscious_at_zero: bool = False
    zero_hp_penalty: int = 4
    gradual_wounds: bool = False
    simultaneous_turns: bool = False
    unified_resource: bool = False
    unified_energy_per_ap: int = 1
    unified_reaction_energy: int = 1
    unified_regain: int = 3

    def __post_init__(self):
        self._check_content()
        self._check_layout()
        for name, low, high in (("die", 2, 100), ("ap_per_turn", 1, 3), ("mp_base", 0, 10),
                                ("max_rounds", 1, 1000), ("cutoff_result", -1, 0),
                                ("negative_divisor", 1, 10),
                                ("wound_penalty", 0, 10), ("fatigue_penalty", 0, 10),
                                ("wounds_base", 1, 10), ("fatigue_base", 1, 10),
                                ("prone_stand_mp", 0, 10), ("prone_defense_change", -20, 20),
                                ("encounters", 1, 100), ("downtime_hours", 0, 100),
                                ("downtime_energy", 0, 50), ("extended_hours", 1, 24),
                                ("extended_divisor", 1, 10),
                                ("escalation_from", 0, 1000), ("reaction_limit", 0, 10),
                                ("committed_bonus", 0, 10), ("units_per_ap", 1, 10),
                                ("zones", 2, st.MAX_LINE), ("engaged_units", 0, st.MAX_LINE),
                                ("zero_hp_penalty", 0, 20), ("unified_energy_per_ap", 0, 10),
                                ("unified_reaction_energy", 0, 10), ("unified_regain", 0, 50)):
            check_int(name, getattr(self, name), low, high)
        for name in ("overspend_die", "strain_die"):
            check_int(name, getattr(self, name), 2, 100)
            if getattr(self, name) % 2:
                raise ValueError(f"config field {name!r} is {getattr(self, name)}; allowed: an "
                                 "even-sided die (odd faces give Fatigue)")
        for name in ("round_refresh", "turn_refresh", "negative_finesse_adjusts", "revive_after", "fixed_momentum", "rolled_momentum",
                     "no_momentum", "committed_action", "action_movement", "zone_movement",
                     "no_overspend",
                     "strain_on_use", "conscious_at_zero", "gradual_wounds", "unified_resource",
                     "simultaneous_turns"):
            check_choice(name, getattr(self, name), BOOL)
        check_int("near_units", self.near_units, self.engaged_units, st.MAX_LINE)
        if not (self.round_refresh or self.turn_refresh):
            raise ValueError("config fields 'round_refresh' and 'turn_refresh' are both False; "
                             "allowed: at least one True (else nobody has AP after Round 1)")
        defaults = {f.name: f.default for f in fields(self)}
        for a, b, why in EXCLUSIVE:
            if getattr(self, a) != defaults[a] and getattr(self, b) != defaults[b]:
                raise ValueError(f"config fields {a!r} ({getattr(self, a)!r}) and {b!r} "
                                 f"({getattr(self, b)!r}) cannot both be on: {why}")

    def _check_content(self):
        if not isinstance(self.abilities, tuple) or not 1 <= len(self.abilities) <= st.MAX_ABILITIES:
            raise ValueError(f"config field 'abilities' must be a tuple of 1..{st.MAX_ABILITIES} "
                             "Ability values")
        for k, ability in enumerate(self.abilities):
            ability.check(f"abilities[{k}]")
        names = tuple(a.name for a in self.abilities)
        if not isinstance(self.archetypes, tuple) or not 1 <= len(self.archetypes) <= st.MAX_ARCHETYPES:
            raise ValueError(f"config field 'archetypes' must be a tuple of 1..{st.MAX_ARCHETYPES} "
                             "Archetype values")
        for k, arch in enumerate(self.archetypes):
            arch.check(f"archetypes[{k}]", names)
        kinds = tuple(a.name for a in self.archetypes)
        if not isinstance(self.party, tuple) or not 1 <= len(self.party) <= st.MAX_PCS:
            raise ValueError(f"config field 'party' must be a tuple of 1..{st.MAX_PCS} archetype names")
        for k, name in enumerate(self.party):
            check_choice(f"party[{k}]", name, kinds)
        if not isinstance(self.enemy_pool, tuple) or not 1 <= len(self.enemy_pool) <= st.MAX_POOL:
            raise ValueError(f"config field 'enemy_pool' must be a tuple of 1..{st.MAX_POOL} "
                             "archetype names")
        for k, name in enumerate(self.enemy_pool):
            check_choice(f"enemy_pool[{k}]", name, kinds)
        check_int("enemies_max", self.enemies_max, 1, st.MAX_ENEMIES)
        check_int("enemies_min", self.enemies_min, 1, self.enemies_max)

    def _check_layout(self):
        check_choice("placement", self.placement, PLACEMENTS)
        check_int("line_length", self.line_length, 2, st.MAX_LINE)
        check_int("start_spread", self.start_spread, 1, self.line_length)
        check_ints("pc_units", self.pc_units, st.MAX_PCS, 0, self.line_length - 1)
        check_ints("enemy_units", self.enemy_units, st.MAX_ENEMIES, 0, self.line_length - 1)

    @staticmethod
    def variant_names() -> tuple[str, ...]:
        """The names of every Variant and Alternative (``--variant NAME``)."""
        return tuple(VARIANTS)

    @staticmethod
    def variant_changes(*names: str) -> dict:
        """The config fields the named Variants and Alternatives change (``"two-ap"``...)."""
        changes: dict = {}
        for name in names:
            check_choice("variant", name, tuple(VARIANTS))
            changes.update(VARIANTS[name])
        return changes

    @classmethod
    def with_variants(cls, *names: str, **overrides) -> FrontiersConfig:
        """The config with the named Variants and Alternatives on (``"two-ap"``...)."""
        return cls(**{**cls.variant_changes(*names), **overrides})


Params = namedtuple("Params", [
    "pcs", "enemies_min", "enemies_max", "random_placement", "line_length", "start_spread",
    "pc_units", "enemy_units", "party", "enemy_pool", "pool_size",
    "arch_scores", "arch_mods", "arch_hp", "arch_pdef", "arch_mdef", "arch_energy", "arch_mv",
    "arch_abilities",
    "num_abilities", "ab_kind", "ab_ap", "ab_energy", "ab_free", "ab_range_min",
    "ab_range_max", "ab_attribute", "ab_defense", "ab_dice", "ab_sides", "ab_bonus", "ab_push",
    "ab_impair", "ab_immobilise", "ab_mv_shift", "ab_bonus_mp",
    "kind_abilities", "action_abilities", "free_abilities", "ap_abilities",
    "die", "ap_per_turn", "mp_base", "max_rounds", "cutoff_result", "overspend_die",
    "negative_divisor",
    "wound_penalty", "fatigue_penalty", "wounds_base", "fatigue_base", "prone_stand_mp",
    "prone_defense_change", "encounters", "downtime_hours",
    "downtime_energy",
    "extended_hours", "extended_divisor", "round_refresh", "turn_refresh",
    "negative_finesse_adjusts",
    "revive_after", "fixed_momentum", "rolled_momentum", "no_momentum", "escalation_from",
    "reaction_limit", "committed_action", "committed_bonus", "action_movement",
    "units_per_ap", "no_overspend", "strain_on_use", "strain_die", "conscious_at_zero",
    "zero_hp_penalty", "gradual_wounds", "simultaneous_turns", "unified_resource",
    "unified_energy_per_ap",
    "unified_reaction_energy", "unified_regain",
])


def ability_masks(abilities) -> dict:
    """The catalogue as bitmasks (bit ``k``: ability ``k``), so that a kernel tests a
    participant's abilities (its ``ABILITIES`` column, a bitmask) all at once.

    Returns:
        ``kind_abilities``: the abilities of each kind, in ``KIND_NAMES`` order;
        ``action_abilities``: the Actions (``ACTION_KINDS``); ``free_abilities``: the Free
        Actions; ``ap_abilities``: the others that cost 1 AP or more.
    """
    def mask(test):
        return sum(1 << k for k, a in enumerate(abilities) if test(a))
    return dict(
        kind_abilities=tuple(mask(lambda a, kind=kind: a.kind == kind) for kind in st.KIND_NAMES),
        action_abilities=mask(lambda a: a.kind in st.ACTION_KINDS),
        free_abilities=mask(lambda a: a.free),
        ap_abilities=mask(lambda a: not a.free and a.ap > 0))


def _pad(values, size: int) -> tuple:
    """``values`` padded with zeros to ``size`` (every config compiles to one record layout)."""
    return tuple(values) + (0,) * (size - len(values))


def _column(rows, field, size, convert=int) -> tuple:
    """One field of every row, as a tuple of ``size`` ints."""
    return _pad([convert(getattr(r, field)) for r in rows], size)


def zone_of(units: int, cfg: FrontiersConfig) -> int:
    """A distance in Units as Zones apart: Engaged 0, Near 1, Far 2."""
    return 0 if units <= cfg.engaged_units else (1 if units <= cfg.near_units else 2)


def layout(cfg: FrontiersConfig) -> dict:
    """The line, the starting places and the ranges: in Units, or (Zone Movement) Zones."""
    abilities = cfg.abilities
    if not cfg.zone_movement:
        out = {"line_length": cfg.line_length, "start_spread": cfg.start_spread,
               "pc_units": cfg.pc_units, "enemy_units": cfg.enemy_units}
        for field in ("range_min", "range_max", "push"):
            out["ab_" + field] = _column(abilities, field, st.MAX_ABILITIES)
        return out
    last = cfg.zones - 1
    out = {"line_length": cfg.zones, "start_spread": 1, "pc_units": (0,) * st.MAX_PCS,
           "enemy_units": (last,) * st.MAX_ENEMIES}
    for field in ("range_min", "range_max", "push"):
        out["ab_" + field] = _pad([zone_of(getattr(a, field), cfg) for a in abilities],
                                  st.MAX_ABILITIES)
    return out


def kernel_params(cfg: FrontiersConfig) -> Params:
    """The plain numbers the kernels read (catalogue and archetypes flattened by field)."""
    abilities, archs = cfg.abilities, cfg.archetypes
    names = [a.name for a in abilities]
    kinds = [a.name for a in archs]
    masks = tuple(sum(1 << names.index(n) for n in set(a.abilities)) for a in archs)
    na, nk = st.MAX_ABILITIES, st.MAX_ARCHETYPES
    flat = dict(
        arch_scores=_pad([v for a in archs for v in a.scores], nk * st.NUM_ATTRS),
        arch_mods=_pad([v for a in archs for v in a.mods], nk * st.NUM_ATTRS),
        arch_hp=_column(archs, "hp", nk), arch_pdef=_column(archs, "pdef", nk),
        arch_mdef=_column(archs, "mdef", nk), arch_energy=_column(archs, "energy", nk),
        arch_mv=_column(archs, "mv", nk), arch_abilities=_pad(masks, nk),
        ab_kind=_column(abilities, "kind", na, st.KIND_NAMES.index),
        ab_attribute=_column(abilities, "attribute", na, st.ATTR_NAMES.index),
        ab_defense=_column(abilities, "defense", na, st.DEFENSE_NAMES.index),
    )
    for field in ("ap", "energy", "free", "dice", "sides", "bonus", "impair", "immobilise",
                  "mv_shift", "bonus_mp"):
        flat["ab_" + field] = _column(abilities, field, na)
    pool = [kinds.index(n) for n in cfg.enemy_pool]
    flat.update(ability_masks(abilities))
    return Params(
        pcs=len(cfg.party), enemies_min=cfg.enemies_min, enemies_max=cfg.enemies_max,
        random_placement=int(cfg.placement == "random"),
        party=_pad([kinds.index(n) for n in cfg.party], st.MAX_PCS),
        enemy_pool=_pad(pool, st.MAX_POOL),
        pool_size=len(pool), num_abilities=len(abilities),
        die=cfg.die, ap_per_turn=cfg.ap_per_turn, mp_base=cfg.mp_base,
        max_rounds=cfg.max_rounds, cutoff_result=cfg.cutoff_result,
        overspend_die=cfg.overspend_die,
        negative_divisor=cfg.negative_divisor, wound_penalty=cfg.wound_penalty,
        fatigue_penalty=cfg.fatigue_penalty, wounds_base=cfg.wounds_base,
        fatigue_base=cfg.fatigue_base, prone_stand_mp=cfg.prone_stand_mp,
        prone_defense_change=cfg.prone_defense_change, encounters=cfg.encounters,
        downtime_hours=cfg.downtime_hours, downtime_energy=cfg.downtime_energy,
        extended_hours=cfg.extended_hours, extended_divisor=cfg.extended_divisor,
        round_refresh=int(cfg.round_refresh), turn_refresh=int(cfg.turn_refresh),
        negative_finesse_adjusts=int(cfg.negative_finesse_adjusts),
        revive_after=int(cfg.revive_after), fixed_momentum=int(cfg.fixed_momentum),
        rolled_momentum=int(cfg.rolled_momentum), no_momentum=int(cfg.no_momentum),
        escalation_from=cfg.escalation_from, reaction_limit=cfg.reaction_limit,
        committed_action=int(cfg.committed_action), committed_bonus=cfg.committed_bonus,
        action_movement=int(cfg.action_movement), units_per_ap=cfg.units_per_ap,
        no_overspend=int(cfg.no_overspend), strain_on_use=int(cfg.strain_on_use),
        strain_die=cfg.strain_die, conscious_at_zero=int(cfg.conscious_at_zero),
        zero_hp_penalty=cfg.zero_hp_penalty, gradual_wounds=int(cfg.gradual_wounds),
        simultaneous_turns=int(cfg.simultaneous_turns),
        unified_resource=int(cfg.unified_resource),
        unified_energy_per_ap=cfg.unified_energy_per_ap,
        unified_reaction_energy=cfg.unified_reaction_energy,
        unified_regain=cfg.unified_regain, **flat, **layout(cfg),
    )
