"""Hand-written Star Trek Adventures personal-conflict players, one rule of thumb per decision.

Both seats: the first character able takes the turn; stand up when prone, draw a holstered
weapon, close into Reach when wielding a melee weapon; Aim before a ranged attack; take no
minor action after the major action; revive a
Defeated ally in reach of First Aid, else attack the first enemy open to attack (the crew
with Stun, the GM with Deadly when it may), else Guard; buy one d20 when the pool can spare
it (the crew from Momentum only); spend Determination on attacks; roll a Difficulty 0 task
for Momentum; always add severity, avoid injuries and counterattack when able; Keep the
Initiative when the pool holds ``keep_momentum``; take a second major action when it holds
``extra_momentum``; with a melee weapon and no enemy in Reach, Sprint towards the nearest
one; spring a readied attack.
The GM budgets its Threat over the scene: it keeps back a reserve for avoiding injuries,
``gm_reserve_threat`` at the start, shrinking as the rounds run out (none in the last round),
and spends only what lies above it (its *spare* Threat): for an NPC to act first and for a
Deadly attack (1 spare), a bought die (``gm_buy_threat``), Keep the Initiative
(``gm_keep_threat``), a second major action (``gm_extra_threat``) and a reinforcement
(``gm_reinforce_threat``).

The rules of thumb read only the observation (``scenegym.envs.sta.observation``) and the
action mask, as a trained policy would (inside the compiled step, only the slots they read:
``heuristic_view``); they are compiled, one row at a time.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from scenegym.envs.core.heuristic import CompiledHeuristic
from scenegym.envs.core.jit import njit
from scenegym.envs.core.params import as_record
from scenegym.envs.sta import state as st
from scenegym.envs.sta.observation import (
    CHAR_SLOTS,
    O_CHAR,
    O_SCENE,
    O_TASK,
    OBS_SIZE,
    THREAT_SCALE,
    heuristic_view,
)

O_MOMENTUM, O_THREAT, O_ROUND_SHARE, O_SIDE_CREW = O_SCENE, O_SCENE + 1, O_SCENE + 2, O_SCENE + 5
O_MINORS, O_AIMED, O_ROLLER_IS_ACTOR, O_ATTACK = O_TASK + 13, O_TASK + 14, O_TASK + 16, O_TASK
C_PRESENT, C_ZONE, C_DEFEATED, C_WITHDRAWN = 0, 2, 7, 8
C_PRONE, C_MELEE, C_IS_ACTOR, C_IS_VICTIM, C_REACH = 10, 15, 18, 20, 21


@njit(cache=True)
def first_legal(m, first, count):
    """The first legal action in ``first .. first+count-1``, or -1."""
    for a in range(first, first + count):
        if m[a]:
            return a
    return -1


@njit(cache=True)
def slot_of(o, flag):
    """The character slot whose ``flag`` is set, or -1."""
    for c in range(st.MAX_CHARS):
        if o[O_CHAR + c * CHAR_SLOTS + flag] > 0.5:
            return c
    return -1


@njit(cache=True)
def enemy_in_reach(o, actor):
    for c in range(st.MAX_CHARS):
        if (c < st.MAX_PCS) != (actor < st.MAX_PCS) and o[O_CHAR + c * CHAR_SLOTS + C_REACH] > 0.5:
            return True
    return False


@njit(cache=True)
def spare_threat(o, gm_reserve_threat):
    """The GM's Threat above its reserve for avoiding injuries: ``gm_reserve_threat`` scaled
    by the share of the scene's rounds still to come (round 1 of 8 keeps 7/8 of it, rounded
    up; the last round keeps none)."""
    threat = round(o[O_THREAT] * THREAT_SCALE)
    return threat - int(np.ceil(gm_reserve_threat * (1.0 - o[O_ROUND_SHARE]) - 1e-6))


@njit(cache=True)
def minor(o, m, actor):
    """Stand up, draw, close in with a melee weapon, aim a ranged one; else stop (also when
    the observation marks no actor, ``actor`` -1: nothing of the actor to read)."""
    if actor < 0:
        return st.A_END_MINOR
    k = O_CHAR + actor * CHAR_SLOTS
    if m[st.A_PRONE] and o[k + C_PRONE] > 0.5:
        return st.A_PRONE
    if m[st.A_DRAW]:
        return st.A_DRAW
    melee = o[k + C_MELEE] > 0.5
    if melee and not enemy_in_reach(o, actor):
        a = first_legal(m, st.A_APPROACH, st.MAX_CHARS)
        if a >= 0:
            return a
    if not melee and m[st.A_AIM] and o[O_MINORS] < 0.01:
        return st.A_AIM
    return st.A_END_MINOR


@njit(cache=True)
def zone_of(o, c):
    """Character slot ``c``'s zone, read back from the observation."""
    return round(o[O_CHAR + c * CHAR_SLOTS + C_ZONE] * (st.MAX_ZONES - 1))


@njit(cache=True)
def toward_enemy(o, m, actor):
    """The legal Sprint that ends nearest a standing enemy, or -1."""
    best, best_gap = -1, 99
    for z in range(st.MAX_ZONES):
        if not m[st.A_SPRINT + z]:
            continue
        for c in range(st.MAX_CHARS):
            k = O_CHAR + c * CHAR_SLOTS
            if ((c < st.MAX_PCS) != (actor < st.MAX_PCS) and o[k + C_PRESENT] > 0.5
                    and o[k + C_DEFEATED] < 0.5 and o[k + C_WITHDRAWN] < 0.5
                    and abs(zone_of(o, c) - z) < best_gap):
                best, best_gap = st.A_SPRINT + z, abs(zone_of(o, c) - z)
    return best


@njit(cache=True)
def major(o, m, actor, crew, spare):
    """The crew: First Aid, else a Stun attack; the GM: a Deadly attack when it has 1 spare
    Threat, else Stun, else First Aid; else, with a melee weapon, Sprint towards an enemy;
    else Guard (Pass when no more major actions are allowed this round). With no actor
    marked (``actor`` -1) no Sprint: only the actor's melee weapon calls for one."""
    aid = first_legal(m, st.A_FIRST_AID, st.MAX_CHARS)
    if crew and aid >= 0:
        return aid
    a = -1 if crew or spare < 1 else first_legal(m, st.A_ATTACK_DEADLY, st.MAX_CHARS)
    if a < 0:
        a = first_legal(m, st.A_ATTACK_STUN, st.MAX_CHARS)
    if a < 0:
        a = first_legal(m, st.A_ATTACK_DEADLY, st.MAX_CHARS)
    if a < 0:
        a = aid
    if a < 0 and actor >= 0 and o[O_CHAR + actor * CHAR_SLOTS + C_MELEE] > 0.5:
        a = toward_enemy(o, m, actor)
    if a < 0:
        a = st.A_GUARD if m[st.A_GUARD] else st.A_PASS
    return a


@njit(cache=True)
def build(o, m, crew, momentum_max, gm_buy_threat, spare):
    """Determination on attacks, one bought die when the pool can spare it, then roll (a
    Difficulty 0 task is rolled for Momentum as it is)."""
    if m[st.A_DONE]:
        return st.A_ROLL
    if m[st.A_DETERMINATION] and o[O_ROLLER_IS_ACTOR] > 0.5 and o[O_ATTACK] > 0.5:
        return st.A_DETERMINATION
    bought = o[O_TASK + 8] > 0.01
    if m[st.A_BUY] and not bought:
        if crew and round(o[O_MOMENTUM] * momentum_max) >= 2:
            return st.A_BUY
        if not crew and spare >= gm_buy_threat:
            return st.A_BUY
    return st.A_ROLL


@njit(cache=True)
def spend(o, m, crew):
    """Add severity: the crew from its pool, the GM only from the NPC's own Momentum (its
    Threat is kept for avoiding injuries)."""
    npc_momentum = round(o[O_TASK + 12] * 10)  # with any bonus Momentum of the task
    for a, cost in ((st.A_INTENSE, 1), (st.A_SEVERITY, 2)):
        if m[a] and (crew or npc_momentum >= cost):
            return a
    return st.A_DONE


@njit(cache=True)
def social_major(m, crew):
    """Show Evidence first; ask while the request is fresh; else change the context (the crew
    negotiates, the GM intimidates); else pass."""
    if m[st.A_EVIDENCE]:
        return st.A_EVIDENCE
    a = first_legal(m, st.A_REQUEST, st.MAX_CHARS)
    if a >= 0:
        return a
    if crew and m[st.A_NEGOTIATE]:
        return st.A_NEGOTIATE
    a = first_legal(m, st.A_INTIMIDATE, st.MAX_CHARS)
    return a if a >= 0 else st.A_PASS


@njit(cache=True)
def social_decision(o, m, phase, crew):
    """The social phases: always resist, suffer rather than give in, shut down Fitness."""
    if phase == st.MAJOR:
        return social_major(m, crew)
    if phase == st.YIELD:
        return st.A_RESIST
    if phase == st.GIVE:
        return st.A_SUFFER if m[st.A_SUFFER] else st.A_GIVE_IN
    if phase == st.SHUT_DOWN:
        return st.A_SHUT + st.FITNESS
    for a in (st.A_SEVERITY, st.A_RECOVER):
        if m[a]:
            return a
    return st.A_DONE


@njit(cache=True)
def end_of_turn(o, m, side_crew, ap, spare):
    """A second major action, else Keep the Initiative, when the pool holds enough (the GM:
    its spare Threat)."""
    if side_crew:
        pool = round(o[O_MOMENTUM] * ap.momentum_max)
        extra, keep = pool >= ap.extra_momentum, pool >= ap.keep_momentum
    else:
        extra, keep = spare >= ap.gm_extra_threat, spare >= ap.gm_keep_threat
    if m[st.A_EXTRA_MAJOR] and extra:
        return st.A_EXTRA_MAJOR
    return st.A_KEEP if m[st.A_KEEP] and keep else st.A_HAND_OVER


@njit(cache=True)
def pick(o, m, gm_reinforce_threat, spare):
    """The GM brings in a reinforcement while its spare Threat allows; else the first
    character able."""
    a = first_legal(m, st.A_REINFORCE, st.MAX_NPCS)
    if a >= 0 and spare >= gm_reinforce_threat:
        return a
    return first_legal(m, st.A_PICK, st.MAX_CHARS)


@njit(cache=True)
def decide(o, m, ap):
    """One decision for one row (``ap``: the :class:`HeuristicParams`)."""
    phase = np.argmax(o[:st.NUM_PHASES])
    side_crew = o[O_SIDE_CREW] > 0.5
    social = o.shape[0] > OBS_SIZE
    actor = slot_of(o, C_IS_ACTOR)
    # The actor's side decides (a readied attack acts in the other side's turn).
    actor_crew = actor < st.MAX_PCS if actor >= 0 else side_crew
    spare = spare_threat(o, ap.gm_reserve_threat)
    if phase == st.FIRST:
        return st.A_NPC_FIRST if spare >= 1 else st.A_CREW_FIRST
    if phase == st.PICK:
        return pick(o, m, ap.gm_reinforce_threat, spare)
    if phase == st.SPRING:
        if m[st.A_SPRING_DEADLY] and not actor_crew:
            return st.A_SPRING_DEADLY
        return st.A_SPRING_STUN if m[st.A_SPRING_STUN] else st.A_SPRING_DEADLY
    if social and phase in (st.MAJOR, st.YIELD, st.GIVE, st.SHUT_DOWN, st.SPEND):
        return social_decision(o, m, phase, side_crew)
    if phase == st.MINOR:
        return minor(o, m, actor)
    if phase == st.AFTER:
        return st.A_END_MINOR
    if phase == st.MAJOR:
        return major(o, m, actor, actor_crew, spare)
    if phase == st.BUY:
        crew = actor_crew if o[O_ROLLER_IS_ACTOR] > 0.5 else not actor_crew
        return build(o, m, crew, ap.momentum_max, ap.gm_buy_threat, spare)
    if phase == st.SPEND:
        return spend(o, m, actor_crew)
    if phase == st.AVOID:
        return st.A_AVOID
    if phase == st.COUNTER:
        if not actor_crew and m[st.A_COUNTER_STUN]:
            return st.A_COUNTER_STUN
        for a in (st.A_COUNTER_DEADLY, st.A_COUNTER_STUN):
            if m[a]:
                return a
        return st.A_NO_COUNTER
    return end_of_turn(o, m, actor_crew, ap, spare)


HeuristicParams = namedtuple("HeuristicParams", [
    "momentum_max", "keep_momentum", "gm_buy_threat", "gm_keep_threat", "extra_momentum",
    "gm_extra_threat", "gm_reinforce_threat", "gm_reserve_threat"])


@njit(cache=True)
def act_row(o, m, ap, key, n):
    """The action for the pending decision of one env (the compiled policy)."""
    return decide(o, m, ap)


@njit(cache=True)
def act_rows(obs, masks, ap, out):
    """One action per row, by the pending decision."""
    for r in range(obs.shape[0]):
        out[r] = act_row(obs[r], masks[r], ap, 0, 0)
    return out


@dataclass
class StaHeuristic(CompiledHeuristic):
    """Plays whichever personal-conflict decision is pending (crew or GM).

    Attributes:
        momentum_max: The crew pool's size, to read Momentum back from the observation.
        keep_momentum: The crew keeps the initiative with at least this much Momentum.
        gm_buy_threat: The GM buys a die while its spare Threat is at least this.
        gm_keep_threat: The GM keeps the initiative while its spare Threat is at least this.
        extra_momentum: The crew takes a second major action with at least this Momentum.
        gm_extra_threat: The GM takes a second major action while its spare Threat is at
            least this.
        gm_reinforce_threat: The GM brings in a reinforcement while its spare Threat is at
            least this.
        gm_reserve_threat: The Threat the GM keeps back for avoiding injuries at the start of
            the scene; the reserve shrinks with the rounds left (none in the last round).
    """

    policy_name: ClassVar[str] = "sta_heuristic"
    act_row = staticmethod(act_row)
    act_rows = staticmethod(act_rows)
    view_row = staticmethod(heuristic_view)

    momentum_max: int = 6
    keep_momentum: int = 4
    gm_buy_threat: int = 1
    gm_keep_threat: int = 2
    extra_momentum: int = 4
    gm_extra_threat: int = 4
    gm_reinforce_threat: int = 2
    gm_reserve_threat: int = 4

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record."""
        return as_record(HeuristicParams(
            self.momentum_max, self.keep_momentum, self.gm_buy_threat, self.gm_keep_threat,
            self.extra_momentum, self.gm_extra_threat, self.gm_reinforce_threat,
            self.gm_reserve_threat))


def heuristic(config=None) -> StaHeuristic:
    """The personal-conflict heuristic for either seat (the ruleset's ``"heuristic"``),
    reading Momentum back on the config's pool size."""
    return StaHeuristic() if config is None else StaHeuristic(momentum_max=config.momentum_max)
