"""The ability catalogue and the archetype stat blocks, as data.

The Frontiers Engine names no abilities; this small catalogue exercises every mechanism of
Flow of Play: a 1-AP melee and ranged attack, a 2-AP heavy attack, an Energy ability against
Mental Defense, a forced-movement attack, a heal, a Free Action, and two Reactions (a guard
and an opportunity strike). Archetypes store their attribute scores and modifiers, HP,
Defenses, Energy and base Momentum Value explicitly: no derivation formula is assumed.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenegym.envs.core.validate import check_choice, check_int, check_ints
from scenegym.envs.frontiers import state as st


@dataclass(frozen=True)
class Ability:
    """One catalogue ability.

    Attributes:
        name: Its name (archetypes list abilities by name).
        kind: ``attack``, ``heal``, ``boost`` (a Free Action: +``bonus_mp`` MP this Turn),
            ``guard`` (Reaction to an attack declared against the reactor or an ally within
            ``range_max``: +``bonus`` Physical Defense until the start of the reactor's next
            Turn) or ``opportunity`` (Reaction to an enemy leaving ``range_max`` by spending
            MP: an attack on it).
        ap: Action Points it costs.
        energy: Energy it costs (paid at declaration; Overspend allowed).
        free: A Free Action: no AP, once per round, only in the user's Turn.
        range_min: Nearest target, in Units.
        range_max: Farthest target, in Units.
        attribute: Attribute whose modifier adds to the roll (``state.ATTR_NAMES``).
        defense: ``physical`` or ``mental``: the Defense the roll must meet or beat.
        dice: Damage (or healing) dice.
        sides: Sides of each damage (or healing) die.
        bonus: Added to the damage or healing; a guard's Defense bonus.
        push: Units a hit pushes the target away from the user (forced movement).
        impair: MP a hit takes from the target's next Turn.
        immobilise: A hit immobilises the target until the end of its next Turn.
        mv_shift: Added to the user's Momentum Value from the next round when it is used.
        bonus_mp: MP a ``boost`` adds.
    """

    name: str
    kind: str
    ap: int = 1
    energy: int = 0
    free: bool = False
    range_min: int = 0
    range_max: int = 1
    attribute: str = "vigor"
    defense: str = "physical"
    dice: int = 1
    sides: int = 6
    bonus: int = 0
    push: int = 0
    impair: int = 0
    immobilise: bool = False
    mv_shift: int = 0
    bonus_mp: int = 0

    def check(self, where: str) -> None:
        """Refuse a bad field, naming ``where`` (``abilities[2]``) and what is allowed."""
        check_choice(f"{where}.kind", self.kind, st.KIND_NAMES)
        check_int(f"{where}.ap", self.ap, 0, 3)
        check_int(f"{where}.energy", self.energy, 0, 20)
        check_choice(f"{where}.free", self.free, (True, False))
        check_int(f"{where}.range_min", self.range_min, 0, st.MAX_LINE)
        check_int(f"{where}.range_max", self.range_max, self.range_min, st.MAX_LINE)
        check_choice(f"{where}.attribute", self.attribute, st.ATTR_NAMES)
        check_choice(f"{where}.defense", self.defense, st.DEFENSE_NAMES)
        check_int(f"{where}.dice", self.dice, 0, 10)
        check_int(f"{where}.sides", self.sides, 1, 20)
        check_int(f"{where}.bonus", self.bonus, 0, 20)
        check_int(f"{where}.push", self.push, 0, st.MAX_LINE)
        check_int(f"{where}.impair", self.impair, 0, 10)
        check_choice(f"{where}.immobilise", self.immobilise, (True, False))
        check_int(f"{where}.mv_shift", self.mv_shift, -10, 10)
        check_int(f"{where}.bonus_mp", self.bonus_mp, 0, 10)
        if self.free and self.kind in st.REACTION_KINDS:
            raise ValueError(f"config field '{where}.free' is True for a {self.kind} Reaction; "
                             "allowed: only abilities used in the user's own Turn are Free")


@dataclass(frozen=True)
class Archetype:
    """A stat block.

    Attributes:
        name: Its name (the party and the enemy pool list archetypes by name).
        scores: Vigor, Finesse, Acuity, Resolve, Awareness, Intuition scores.
        mods: Their modifiers (stored, not derived).
        hp: Maximum HP.
        pdef: Physical Defense.
        mdef: Mental Defense.
        energy: Maximum Energy.
        mv: Base Momentum Value, 0..10.
        abilities: Names of its catalogue abilities.
    """

    name: str
    scores: tuple
    mods: tuple
    hp: int
    pdef: int
    mdef: int
    energy: int
    mv: int
    abilities: tuple

    def check(self, where: str, ability_names: tuple) -> None:
        """Refuse a bad field, naming ``where`` (``archetypes[1]``) and what is allowed."""
        check_ints(f"{where}.scores", self.scores, st.NUM_ATTRS, 1, 30)
        check_ints(f"{where}.mods", self.mods, st.NUM_ATTRS, -5, 10)
        check_int(f"{where}.hp", self.hp, 1, 500)
        check_int(f"{where}.pdef", self.pdef, 0, 40)
        check_int(f"{where}.mdef", self.mdef, 0, 40)
        check_int(f"{where}.energy", self.energy, 0, 50)
        check_int(f"{where}.mv", self.mv, 0, 10)
        if self.mods[st.VIGOR] < 0 or self.mods[st.RESOLVE] < 0:
            raise ValueError(f"config field '{where}.mods' gives Vigor or Resolve a negative "
                             "modifier; allowed: 0 or more (maximum Wounds = 1 + Vigor "
                             "modifier, maximum Fatigue = 1 + Resolve modifier must be at least 1)")
        if not isinstance(self.abilities, tuple):
            raise ValueError(f"config field '{where}.abilities' must be a tuple of ability names")
        for k, name in enumerate(self.abilities):
            check_choice(f"{where}.abilities[{k}]", name, ability_names)


ABILITIES = (
    Ability("strike", "attack", ap=1, range_max=1, attribute="vigor", dice=1, sides=8),
    Ability("shoot", "attack", ap=1, range_min=2, range_max=8, attribute="awareness",
            dice=1, sides=6),
    Ability("heavy blow", "attack", ap=2, range_max=1, attribute="vigor", dice=2, sides=8,
            immobilise=True, mv_shift=2),
    Ability("mind spike", "attack", ap=1, energy=2, range_max=6, attribute="intuition",
            defense="mental", dice=1, sides=8, impair=2),
    Ability("shove", "attack", ap=1, range_max=1, attribute="vigor", dice=1, sides=4, push=2),
    Ability("mend", "heal", ap=1, energy=2, range_max=1, dice=1, sides=8, bonus=2),
    Ability("dash", "boost", ap=0, free=True, range_max=0, bonus_mp=2),
    Ability("guard", "guard", ap=1, range_max=1, bonus=2),
    Ability("opportunity strike", "opportunity", ap=1, range_max=1, attribute="vigor",
            dice=1, sides=6),
)

ARCHETYPES = (
    Archetype("vanguard", (16, 12, 10, 12, 10, 10), (3, 1, 0, 1, 0, 0), hp=24, pdef=14,
              mdef=11, energy=6, mv=5,
              abilities=("strike", "heavy blow", "shove", "dash", "guard",
                         "opportunity strike")),
    Archetype("skirmisher", (12, 16, 12, 10, 14, 12), (1, 3, 1, 0, 2, 1), hp=18, pdef=13,
              mdef=12, energy=6, mv=3,
              abilities=("strike", "shoot", "dash", "guard", "opportunity strike")),
    Archetype("mystic", (10, 12, 14, 16, 12, 14), (0, 1, 2, 3, 1, 2), hp=16, pdef=11,
              mdef=14, energy=9, mv=6,
              abilities=("strike", "mind spike", "mend", "dash", "guard")),
    Archetype("brute", (16, 10, 8, 10, 10, 8), (3, 0, -1, 0, 0, -1), hp=20, pdef=12,
              mdef=10, energy=4, mv=6,
              abilities=("strike", "heavy blow", "shove", "opportunity strike")),
    Archetype("raider", (12, 14, 10, 10, 12, 10), (1, 2, 0, 0, 1, 0), hp=14, pdef=13,
              mdef=11, energy=4, mv=4,
              abilities=("strike", "shoot", "dash", "guard", "opportunity strike")),
)
