"""Tasks in a personal conflict: attacks, First Aid and Guard; Injuries and avoiding them.

Star Trek Adventures 2nd edition core rulebook, "Attacks" and "Injuries", pp. 289-292:
"MELEE ATTACK: Attempt a Daring + Security task with a Difficulty of 1. If the target is
aware of your attack and able to defend themselves, this becomes an opposed task instead";
"RANGED ATTACK: Attempt a Control + Security task with a Difficulty of 2. If the target has
Cover ... this becomes an opposed task instead"; "If the Attack was an opposed task, and the
target won, then they may ... spend 2 Momentum to Counterattack"; "When a character suffers
an Injury, they are also Defeated"; "When you suffer an Injury, you may Avoid Injury by
taking Stress". Opposed tasks: the reactive side rolls first and its successes set the
Difficulty; ties go to the active side; a failed active side hands the reactive side the
shortfall as Momentum.
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, OUTCOME, record
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.jit import njit
from scenegym.envs.sta.battlefield import distance
from scenegym.envs.sta.characters import (
    attribute,
    can_pay,
    department,
    enemy_in_reach,
    fatigued,
    gain_momentum,
    has_focus,
    in_reach,
    leave_reach,
    set_pool,
    side_of,
    standing,
    weapon_in_hand,
)
from scenegym.envs.sta.effects import create_trait, disarm_cost, sprint_move, treat
from scenegym.envs.sta.state import (
    ACTOR,
    ADDED,
    AIMED,
    ASSIST_FOR,
    AVOID,
    AVOIDED,
    BONUS,
    BOON,
    BOUGHT,
    BUY,
    COMPLICATIONS,
    CONTROL,
    COUNTER,
    DARING,
    DEADLY,
    DEADLY_INJURIES,
    DEFEATED,
    DIE_ASSIST,
    DIE_TASK,
    DIFFICULTY,
    DIRECTOR,
    EXTRA,
    GUARD,
    HINDER,
    INJURIES,
    INSIGHT,
    MAJOR_NPC,
    MAX_CHARS,
    MEDICINE,
    MINOR_NPC,
    NOTABLE_NPC,
    NOTE_AVOID,
    NOTE_COMPLICATION,
    NOTE_DEFEATED,
    NOTE_INJURY,
    NOTE_REVIVED,
    OPPOSED,
    PERFECT,
    POOL_STRESS,
    POOL_THREAT,
    PRONE,
    PROTECTION,
    REACTION,
    ROLL_ACTIVE,
    ROLL_REACTION,
    ROLLER,
    SECURITY,
    SEVERITY,
    SPEND,
    SPENT,
    STRESS,
    STRESS_MAX,
    STUN_INJURIES,
    SUCCESSES,
    TARGET,
    TASK,
    TASK_ATTACK,
    TASK_CREATE_TRAIT,
    TASK_FIRST_AID,
    TASK_GUARD,
    TASK_SPRINT,
    TASK_TREAT,
    THREAT,
    TIER,
    UNTREATED,
    VICTIM,
    VICTIM_DEADLY,
    WORST,
    ZONE,
    ZONE_COVER,
)
from scenegym.envs.sta.task import (
    assisted,
    momentum_generated,
    roll_pool,
    shortfall,
    succeeds,
    target_number,
)
from scenegym.envs.sta.turns import await_decision, check_end, end_turn

# ---------------------------------------------------------------------------------------------
# Which task, how hard


@njit(cache=True)
def skill(s, p):
    """(attribute, department) of the current task: Melee Daring + Security, Ranged Control
    + Security, First Aid Daring + Medicine, Guard Insight + Security; Sprint and Create
    Trait by the config."""
    task = s[TASK]
    if task == TASK_FIRST_AID or task == TASK_TREAT:
        return DARING, MEDICINE
    if task == TASK_GUARD:
        return INSIGHT, SECURITY
    if task == TASK_SPRINT:
        return p.sprint_skill[0], p.sprint_skill[1]
    if task == TASK_CREATE_TRAIT:
        return p.trait_skill[0], p.trait_skill[1]
    return (DARING, SECURITY) if attack_is_melee(s, p) else (CONTROL, SECURITY)


@njit(cache=True)
def attack_is_melee(s, p):
    return p.weapon_melee[weapon_in_hand(s, s[ACTOR])] == 1


@njit(cache=True)
def base_difficulty(s, p):
    """The task's own Difficulty (an opposed task's comes from the reaction instead)."""
    task = s[TASK]
    if task == TASK_FIRST_AID:
        return p.first_aid_difficulty
    if task == TASK_TREAT:
        return s[WORST + s[TARGET]]
    if task == TASK_GUARD:
        return p.guard_difficulty + (p.guard_ally_difficulty if s[TARGET] != s[ACTOR] else 0)
    if task == TASK_SPRINT:
        return p.sprint_difficulty
    if task == TASK_CREATE_TRAIT:
        return p.create_trait_difficulty
    return p.melee_difficulty if attack_is_melee(s, p) else p.ranged_difficulty


@njit(cache=True)
def penalty(s, p, c):
    """Difficulty ``c`` brings to any task roll of its own: its complications, hindering
    traits less helpful ones, Stun and untreated Injuries, and Fatigue ("+1 Difficulty on
    all task rolls")."""
    extra = p.complication_difficulty * s[COMPLICATIONS + c]
    extra += p.trait_difficulty * (s[HINDER + c] - s[BOON + c])
    extra += p.injury_difficulty * (s[UNTREATED + c] + s[STUN_INJURIES + c])
    if fatigued(s, c):
        extra += p.fatigue_penalty
    return extra


@njit(cache=True)
def reaction_successes(s, p, c, successes):
    """The Difficulty a roll that sets one (an opposed task's reaction, a social asker's
    roll) hands on: each +1 Difficulty of the roller's own takes one success off
    [reaction_penalties]; its pending complications are used up by the roll."""
    if p.reaction_penalties == 0:
        return successes
    successes = max(0, successes - penalty(s, p, c))
    s[COMPLICATIONS + c] = 0
    return successes


@njit(cache=True)
def difficulty_modifiers(s, p):
    """Difficulty added by circumstances: Fatigue, complications, an enemy in Reach of a
    task that is not a melee attack, the target's Guard, a prone target at range; traits
    (hindering, helpful, untreated Injuries) and a second major action (not when Directed)."""
    c, t = s[ACTOR], s[TARGET]
    melee_attack = s[TASK] == TASK_ATTACK and attack_is_melee(s, p)
    extra = penalty(s, p, c)
    if s[EXTRA] == 1 and s[DIRECTOR] < 0:
        extra += p.extra_major_difficulty
    if enemy_in_reach(s, c) and not melee_attack:
        extra += p.reach_penalty
    if s[TASK] == TASK_ATTACK:
        extra += p.guard_bonus * s[GUARD + t]
        if not melee_attack and s[PRONE + t] == 1 and distance(s[ZONE + c], s[ZONE + t]) >= 1:
            extra += p.prone_ranged_penalty
    return extra


@njit(cache=True)
def is_opposed(s, p):
    """Melee: the target is aware and defends; Ranged: the target has Cover."""
    if s[TASK] != TASK_ATTACK:
        return False
    if attack_is_melee(s, p):
        return p.targets_aware == 1
    return s[ZONE_COVER + s[ZONE + s[TARGET]]] == 1


@njit(cache=True)
def await_roll(s, roller):
    """The roller's side builds its dice pool."""
    s[ROLLER] = roller
    s[BOUGHT] = 0
    s[PERFECT] = 0
    await_decision(s, BUY, side_of(roller))


@njit(cache=True)
def start_task(s, p, dice, log, i):
    """Set the Difficulty; the reactive side rolls first; a Difficulty 0 task may be rolled
    for Momentum or taken unrolled [zero_difficulty_roll] (Sprint always rolls)."""
    s[OPPOSED] = is_opposed(s, p)
    s[DIFFICULTY] = difficulty_modifiers(s, p) + (0 if s[OPPOSED] else base_difficulty(s, p))
    s[REACTION] = 0
    s[SUCCESSES] = 0
    if s[OPPOSED]:
        await_roll(s, s[TARGET])
        return
    s[DIFFICULTY] = max(0, s[DIFFICULTY])
    if s[DIFFICULTY] == 0 and s[TASK] != TASK_SPRINT and p.zero_roll == 0:
        s[COMPLICATIONS + s[ACTOR]] = 0
        task_succeeded(s, p, dice, log, i, False)
    else:
        await_roll(s, s[ACTOR])


# ---------------------------------------------------------------------------------------------
# Rolling


@njit(cache=True)
def roll_for(s, p, dice, log, i, c, n, perfect, rerolls, purpose):
    """``c`` rolls ``n`` dice on the current task's skill; returns (successes, complications)."""
    a, d = skill(s, p)
    return roll_skill(s, p, dice, log, i, c, a, d, n, perfect, rerolls, purpose)


@njit(cache=True)
def roll_skill(s, p, dice, log, i, c, a, d, n, perfect, rerolls, purpose):
    """``c`` rolls ``n`` dice on attribute ``a`` + department ``d``."""
    tn = target_number(attribute(s, c, a), department(s, c, d))
    return roll_pool(p, dice, log, i, n, tn, department(s, c, d), has_focus(s, c, d), perfect,
                     rerolls, purpose, p.complication_range)


@njit(cache=True)
def aim_rerolls(s, p):
    """Dice an Aimed attack re-rolls: one, or with an Accurate weapon "any number"."""
    if s[AIMED] == 0 or s[TASK] != TASK_ATTACK:
        return 0
    if p.weapon_accurate[weapon_in_hand(s, s[ACTOR])] == 1:
        return p.accurate_rerolls
    return p.aim_rerolls


@njit(cache=True)
def assistance(s, p, dice, log, i, leader):
    """Each ally who chose to Assist ``leader`` rolls 1d20; returns (successes, complications)."""
    total = 0
    complications = 0
    for a in range(MAX_CHARS):
        if s[ASSIST_FOR + a] == leader:
            s[ASSIST_FOR + a] = -1
            if standing(s, a):
                n, k = roll_for(s, p, dice, log, i, a, 1, False, 0, DIE_ASSIST)
                total += n
                complications += k
    d = s[DIRECTOR]
    if d >= 0 and standing(s, d):  # "you Assist with Control + Command"
        n, k = roll_skill(s, p, dice, log, i, d, p.direct_skill[0], p.direct_skill[1], 1,
                          False, 0, DIE_ASSIST)
        total += n
        complications += k
    return total, complications


@njit(cache=True)
def note_complications(s, log, i, c, n):
    """Complications raise the character's next task's Difficulty."""
    if n > 0:
        s[COMPLICATIONS + c] += n
        record(log, i, NOTE, NOTE_COMPLICATION, c, n)


@njit(cache=True)
def roll_task(s, p, dice, log, i):
    """Roll the pending pool: the reaction sets the Difficulty; the active roll resolves."""
    c = s[ROLLER]
    n = p.base_dice + s[BOUGHT]
    if c != s[ACTOR]:
        successes, complications = roll_for(s, p, dice, log, i, c, n, s[PERFECT], 0, DIE_TASK)
        successes = reaction_successes(s, p, c, successes)
        record(log, i, OUTCOME, successes, 0, ROLL_REACTION, c)
        note_complications(s, log, i, c, complications)
        s[REACTION] = successes
        s[DIFFICULTY] = max(0, s[DIFFICULTY] + successes)
        await_roll(s, s[ACTOR])
        return
    successes, complications = roll_for(s, p, dice, log, i, c, n, s[PERFECT], aim_rerolls(s, p),
                                        DIE_TASK)
    helped, extra = assistance(s, p, dice, log, i, c)
    successes = assisted(successes, helped)
    s[SUCCESSES] = successes
    s[COMPLICATIONS + c] = 0  # the old complications applied to this task
    note_complications(s, log, i, c, complications + extra)
    won = succeeds(successes, s[DIFFICULTY])
    record(log, i, OUTCOME, successes, s[DIFFICULTY], ROLL_ACTIVE, c * 2 + won)
    if won:
        gain_momentum(s, p, log, i, c, momentum_generated(successes, s[DIFFICULTY]))
        s[BONUS] = prone_bonus(s, p)
        task_succeeded(s, p, dice, log, i, True)
    elif p.success_at_cost == 1 and side_of(c) == CREW:
        note_complications(s, log, i, c, 1)
        task_succeeded(s, p, dice, log, i, False)
    else:
        task_failed(s, p, log, i)


@njit(cache=True)
def prone_bonus(s, p):
    """Melee and Close-range attacks at a prone target gain bonus Momentum ("Bonus Momentum
    cannot be saved": it pays this attack's spends first and the rest is lost)."""
    c, t = s[ACTOR], s[TARGET]
    if s[TASK] == TASK_ATTACK and s[PRONE + t] == 1 and s[ZONE + c] == s[ZONE + t]:
        return p.prone_close_bonus
    return 0


# ---------------------------------------------------------------------------------------------
# Outcomes


@njit(cache=True)
def task_succeeded(s, p, dice, log, i, may_spend):
    """Apply a success: an attack injures (after Momentum spends), First Aid revives, Guard
    raises the Difficulty of attacks against the actor."""
    c, t = s[ACTOR], s[TARGET]
    if s[TASK] == TASK_ATTACK:
        s[SEVERITY] = p.weapon_severity[weapon_in_hand(s, c)]
        s[ADDED] = 0
        if may_spend and any_spend(s, p):
            await_decision(s, SPEND, side_of(c))
        else:
            inflict(s, p, log, i, t, s[SEVERITY], s[DEADLY])
    elif s[TASK] == TASK_FIRST_AID:
        s[DEFEATED + t] = 0
        record(log, i, NOTE, NOTE_REVIVED, t, c)
        end_turn(s, p, log, i)
    elif s[TASK] == TASK_TREAT:
        treat(s, log, i, t, c)
        end_turn(s, p, log, i)
    elif s[TASK] == TASK_CREATE_TRAIT:
        create_trait(s, p, log, i, c, t)
        end_turn(s, p, log, i)
    elif s[TASK] == TASK_SPRINT:
        sprint_move(s, p, log, i)
        end_turn(s, p, log, i)
    else:
        s[GUARD + t] = 1
        end_turn(s, p, log, i)


@njit(cache=True)
def task_failed(s, p, log, i):
    """A failed opposed attack hands the target the shortfall and, if it can pay, a
    Counterattack."""
    t = s[TARGET]
    if s[OPPOSED] == 1:
        gain_momentum(s, p, log, i, t, shortfall(s[SUCCESSES], s[DIFFICULTY]))
        if s[TASK] == TASK_ATTACK and (counter_options(s, p) > 0 or may_step_back(s, p)):
            await_decision(s, COUNTER, side_of(t))
            return
    if s[TASK] == TASK_SPRINT:  # the task only generates Momentum: the sprinter still runs
        sprint_move(s, p, log, i)
    end_turn(s, p, log, i)


@njit(cache=True)
def may_step_back(s, p):
    """The target who won an opposed melee attack may "move out of Reach" instead."""
    t, c = s[TARGET], s[ACTOR]
    return standing(s, t) and attack_is_melee(s, p) and in_reach(s, t, c) == 1


@njit(cache=True)
def can_add_severity(s, p, cost):
    return s[ADDED] < p.added_severity_max and can_pay(s, s[ACTOR], cost, False)


@njit(cache=True)
def intense(s, p):
    return p.weapon_intense[weapon_in_hand(s, s[ACTOR])] == 1


@njit(cache=True)
def may_alter_trait(s, p):
    """Alter Trait (2 Momentum, once per turn): a hindering trait on the target."""
    return ((s[SPENT] & 1) == 0 and s[HINDER + s[TARGET]] < p.trait_max
            and can_pay(s, s[ACTOR], p.alter_trait_cost, False))


@njit(cache=True)
def may_disarm(s, p):
    """Disarm (1 Momentum, 2 for a two-handed weapon; once per turn)."""
    cost = disarm_cost(s, p, s[TARGET])
    return (s[SPENT] & 2) == 0 and cost >= 0 and can_pay(s, s[ACTOR], cost, False)


@njit(cache=True)
def any_spend(s, p):
    """Some spend of a successful attack is affordable: Added Severity (or an Intense
    weapon's cheaper severity), Alter Trait, Disarm."""
    return (can_add_severity(s, p, p.added_severity_cost)
            or (intense(s, p) and can_add_severity(s, p, p.intense_cost))
            or may_alter_trait(s, p) or may_disarm(s, p))


@njit(cache=True)
def counter_options(s, p):
    """Bit 0: a Stun, bit 1: a Deadly Counterattack is open to the target."""
    t, c = s[TARGET], s[ACTOR]
    w = weapon_in_hand(s, t)
    if not standing(s, t) or not can_pay(s, t, p.counter_cost, False):
        return 0
    if p.weapon_melee[w] == 1 and not in_reach(s, t, c):
        return 0
    out = p.weapon_injury[w] & 1
    if p.weapon_injury[w] & 2 and (side_of(t) == CREW
                                   or can_pay(s, t, p.counter_cost + p.deadly_threat, False)):
        out |= 2
    return out


# ---------------------------------------------------------------------------------------------
# Injuries


@njit(cache=True)
def may_avoid(s, p, v):
    """A PC who is not Fatigued may take Stress; a Notable NPC may spend Threat once per
    scene, a Major NPC whenever it has the Threat; a Minor NPC never avoids."""
    tier = s[TIER + v]
    if tier == MINOR_NPC:
        return False
    if tier == NOTABLE_NPC:
        return s[AVOIDED + v] < p.notable_avoids and s[THREAT] >= s[SEVERITY]
    if tier == MAJOR_NPC:
        return s[THREAT] >= s[SEVERITY]
    return s[STRESS_MAX + v] > 0 and not fatigued(s, v)


@njit(cache=True)
def inflict(s, p, log, i, v, severity, deadly):
    """An Injury of ``severity`` (less Protection, at least 1) befalls ``v``."""
    protection = s[PROTECTION + v]
    if s[PRONE + v] == 1 and s[ZONE_COVER + s[ZONE + v]] == 1:
        protection += p.prone_cover_protection
    s[VICTIM] = v
    s[VICTIM_DEADLY] = deadly
    s[SEVERITY] = max(1, severity - protection)
    record(log, i, NOTE, NOTE_INJURY, v, s[SEVERITY], deadly)
    if may_avoid(s, p, v):
        await_decision(s, AVOID, CREW if side_of(v) == CREW else GM)
        return
    take_injury(s, p, log, i)


@njit(cache=True)
def take_injury(s, p, log, i):
    """The victim is Injured, Defeated and falls prone; the scene may end; else the turn does."""
    v = s[VICTIM]
    s[INJURIES + v] += 1
    if s[VICTIM_DEADLY] == 1:
        s[DEADLY_INJURIES + v] += 1
        s[UNTREATED + v] += 1
        s[WORST + v] = max(s[WORST + v], s[SEVERITY])
    else:
        s[STUN_INJURIES + v] += 1
    s[DEFEATED + v] = 1
    s[PRONE + v] = 1
    s[ASSIST_FOR + v] = -1
    leave_reach(s, v)
    record(log, i, NOTE, NOTE_DEFEATED, v, s[VICTIM_DEADLY])
    if not check_end(s, p, log, i):
        end_turn(s, p, log, i)


@njit(cache=True)
def avoid_injury(s, p, log, i):
    """Avoid Injury by suffering the consequence's cost; the turn ends."""
    suffer(s, p, log, i)
    end_turn(s, p, log, i)


@njit(cache=True)
def suffer(s, p, log, i):
    """Avoid a consequence: a PC suffers Stress equal to the severity (what does not fit
    fills the track and brings a complication); an NPC spends that much Threat."""
    v, sev = s[VICTIM], s[SEVERITY]
    record(log, i, NOTE, NOTE_AVOID, v, sev)
    if side_of(v) == CREW:
        room = s[STRESS_MAX + v] - s[STRESS + v]
        set_pool(s, log, i, STRESS + v, POOL_STRESS, s[STRESS + v] + min(sev, room), v)
        if sev > room:
            note_complications(s, log, i, v, 1)
    else:
        set_pool(s, log, i, THREAT, POOL_THREAT, s[THREAT] - sev, v)
        s[AVOIDED + v] += 1
