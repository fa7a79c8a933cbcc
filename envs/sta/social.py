"""Social conflict: requests, yielding or resisting, persuasion with Stress, social tools.

Star Trek Adventures 2nd edition core rulebook, "Social Conflict", pp. 279-283: "one side
wants something, and the other side is either able to grant that request, or they are
standing in the way"; "YIELD: The character receiving the request agrees to it";
"RESIST: ... this becomes an opposed task. The asking character first rolls ... to set the
Difficulty ... The resisting character rolls in response"; "If the asking character wins,
the resisting character may either give in ... or they may resist by suffering Stress. The
severity ... is equal to the number of successes scored by the asking character. The asking
character may increase this severity by 1 by spending 2 Momentum (Repeatable)"; "if a
character resists a request ... that request cannot be made again without being changed, or
without some other change of context". Social tools (Deception, Evidence, Intimidation,
Negotiation) change the context and the severity.
"""

from __future__ import annotations

from scenegym.envs.core.events import NOTE, OUTCOME, record
from scenegym.envs.core.header import CREW, end_episode
from scenegym.envs.core.jit import njit
from scenegym.envs.sta import state as st
from scenegym.envs.sta.characters import (
    attribute,
    can_escalate,
    can_pay,
    department,
    escalate,
    fatigued,
    gain_momentum,
    has_focus,
    lies_believed,
    lies_told,
    pay,
    set_pool,
    side_of,
    standing,
)
from scenegym.envs.sta.combat import (
    await_roll,
    may_avoid,
    note_complications,
    penalty,
    reaction_successes,
    suffer,
)
from scenegym.envs.sta.task import momentum_generated, roll_pool, shortfall, succeeds
from scenegym.envs.sta.turns import await_decision, end_turn


@njit(cache=True)
def skills_of(task):
    """(the actor's skill, the target's skill) of a social task."""
    if task == st.TASK_DECEIVE:
        return st.SKILL_DECEIVE, st.SKILL_SEE_THROUGH
    if task == st.TASK_INTIMIDATE:
        return st.SKILL_INTIMIDATE, st.SKILL_STAND_FIRM
    return st.SKILL_PERSUADE, st.SKILL_RESIST


@njit(cache=True)
def skill_roll(s, p, dice, log, i, c, o, skill, n, perfect):
    """``c`` rolls ``n`` d20 with a social skill against ``o``: a shut-down attribute fails
    outright; each lie ``c`` has told anyone widens the complication range, and a
    complication exposes the lies ``c`` told ``o``."""
    a, d = p.skills[2 * skill], p.skills[2 * skill + 1]
    if s[st.SHUT + c] == a:
        return 0, 0
    rng = min(p.complication_range + p.lie_complication_range * lies_told(s, c), p.die_sides)
    successes, complications = roll_pool(
        p, dice, log, i, n, attribute(s, c, a) + department(s, c, d), department(s, c, d),
        has_focus(s, c, d), perfect, 0, st.DIE_TASK, rng)
    lies = st.LIES + st.MAX_CHARS * c + o
    if complications > 0 and s[lies] > 0:
        record(log, i, NOTE, st.NOTE_LIES_DISCOVERED, c, s[lies])
        s[lies] = 0
    return successes, complications


@njit(cache=True)
def begin_social(s, p):
    """A request may be made of every character; each holds its Evidence; nothing is shut
    down."""
    for c in range(st.MAX_CHARS):
        s[st.FRESH + c] = 1
        s[st.EVIDENCE + c] = p.evidence_pieces
        s[st.SHUT + c] = -1
    s[st.SPENDER] = -1


@njit(cache=True)
def granted(s, log, i, asker):
    """The request is granted: the asking side has what it wanted and the scene ends."""
    record(log, i, NOTE, st.NOTE_GRANTED, asker, s[st.TARGET])
    crew = side_of(asker) == CREW
    end_episode(s, log, i, 1 if crew else -1, st.END_CREW_GRANTED if crew else st.END_NPC_GRANTED,
                0)


@njit(cache=True)
def offer_cost(s, p):
    """A Negotiation offer's price, dearer once Intimidation has soured the talks."""
    return p.offer_cost + p.hostility_cost * s[st.HOSTILE]


@njit(cache=True)
def context_changed(s, c):
    """``c`` changed the context for every opponent (Evidence shown, an offer made): its side
    may make its request of each of them again. Returns whether a resisted request was
    opened again."""
    opened = False
    for t in range(st.MAX_CHARS):
        if side_of(t) != side_of(c) and s[st.PRESENT + t] == 1:
            opened = opened or s[st.FRESH + t] == 0
            s[st.FRESH + t] = 1
    return opened


@njit(cache=True)
def social_major(s, p, dice, log, i, action):
    """A request, a social tool, or Pass."""
    c = s[st.ACTOR]
    record(log, i, NOTE, st.NOTE_MAJOR, c, action)
    if action == st.A_PASS:
        end_turn(s, p, log, i)
    elif action == st.A_EVIDENCE:
        s[st.EVIDENCE + c] -= 1
        s[st.SHOWN + c] += 1
        if not context_changed(s, c):
            s[st.PROOF + c] += 1
        record(log, i, NOTE, st.NOTE_EVIDENCE, c, s[st.SHOWN + c])
        end_turn(s, p, log, i)
    elif action == st.A_NEGOTIATE:
        escalate(s, log, i, c, offer_cost(s, p))
        s[st.OFFERS + c] += 1
        context_changed(s, c)
        record(log, i, NOTE, st.NOTE_OFFER, c, s[st.OFFERS + c])
        end_turn(s, p, log, i)
    elif action < st.A_DECEIVE:
        s[st.TASK] = st.TASK_REQUEST
        s[st.TARGET] = action - st.A_REQUEST
        await_decision(s, st.YIELD, side_of(s[st.TARGET]))
    else:
        intimidate = action >= st.A_INTIMIDATE
        s[st.TASK] = st.TASK_INTIMIDATE if intimidate else st.TASK_DECEIVE
        s[st.TARGET] = action - (st.A_INTIMIDATE if intimidate else st.A_DECEIVE)
        if intimidate:
            s[st.HOSTILE] = 1
        start_social_roll(s)


@njit(cache=True)
def start_social_roll(s):
    """The actor rolls first: its successes set the target's Difficulty."""
    s[st.SOCIAL_STEP] = 0
    s[st.RECOVERED] = 0
    await_roll(s, s[st.ACTOR])


@njit(cache=True)
def yield_or_resist(s, p, log, i, action):
    if action == st.A_YIELD:
        granted(s, log, i, s[st.ACTOR])
    else:
        start_social_roll(s)


@njit(cache=True)
def target_difficulty(s, p, first):
    """The target's Difficulty from the first roll (``first``: its successes, less the
    roller's own penalties): a request adds the target's fear, the asker's offers and the
    Evidence that lowers the asker's Difficulty (the resister's rises as much); a
    deception must be beaten ("If they score more successes, they are not deceived"); each
    failed attempt to intimidate the target weakens the next; the target's own penalties
    (Fatigue, complications)."""
    c, t = s[st.ACTOR], s[st.TARGET]
    if s[st.TASK] == st.TASK_REQUEST:
        difficulty = (first + s[st.FEAR + t] + s[st.OFFERS + c]
                      + p.evidence_difficulty * s[st.PROOF + c])
    elif s[st.TASK] == st.TASK_DECEIVE:
        difficulty = first + 1
    else:
        difficulty = max(0, first - s[st.BULLY_FAILS + t])
    return difficulty + penalty(s, p, t)


@njit(cache=True)
def social_roll(s, p, dice, log, i):
    """Roll the pending pool: the actor's sets the Difficulty; the target's resolves."""
    c, t = s[st.ACTOR], s[st.TARGET]
    first_skill, second_skill = skills_of(s[st.TASK])
    n = p.base_dice + s[st.BOUGHT]
    if s[st.SOCIAL_STEP] == 0:
        successes, complications = skill_roll(s, p, dice, log, i, c, t, first_skill, n,
                                               s[st.PERFECT])
        record(log, i, OUTCOME, successes, 0, st.ROLL_REACTION, c)
        s[st.FIRST_SUCCESSES] = successes
        first = reaction_successes(s, p, c, successes)
        s[st.COMPLICATIONS + c] = 0
        note_complications(s, log, i, c, complications)
        s[st.DIFFICULTY] = target_difficulty(s, p, first)
        s[st.SOCIAL_STEP] = 1
        await_roll(s, t)
        return
    successes, complications = skill_roll(s, p, dice, log, i, t, c, second_skill, n,
                                           s[st.PERFECT])
    s[st.SUCCESSES] = successes
    s[st.COMPLICATIONS + t] = 0
    note_complications(s, log, i, t, complications)
    won = succeeds(successes, s[st.DIFFICULTY])
    record(log, i, OUTCOME, successes, s[st.DIFFICULTY], st.ROLL_ACTIVE, t * 2 + won)
    if won:
        target_held(s, p, log, i, momentum_generated(successes, s[st.DIFFICULTY]))
    else:
        actor_prevailed(s, p, log, i, shortfall(successes, s[st.DIFFICULTY]))


@njit(cache=True)
def target_held(s, p, log, i, momentum):
    """The target resisted: the request of it is spent, whoever asks, until the context
    changes; a failed
    Intimidation makes the next one harder."""
    c, t = s[st.ACTOR], s[st.TARGET]
    gain_momentum(s, p, log, i, t, momentum)
    if s[st.TASK] == st.TASK_REQUEST:
        s[st.FRESH + t] = 0
        record(log, i, NOTE, st.NOTE_RESISTED, t, c)
    elif s[st.TASK] == st.TASK_INTIMIDATE:
        s[st.BULLY_FAILS + t] += 1
    offer_spends(s, p, log, i, t)


@njit(cache=True)
def actor_prevailed(s, p, log, i, momentum):
    """The actor won: a lie is believed, a fear imposed (both change the context of a
    request of the target); a request's severity is the asker's successes, plus the lies
    the target believes of the asker's side and the asker's Evidence shown."""
    c, t = s[st.ACTOR], s[st.TARGET]
    gain_momentum(s, p, log, i, c, momentum)
    if s[st.TASK] == st.TASK_REQUEST:
        s[st.SEVERITY] = (s[st.FIRST_SUCCESSES] + lies_believed(s, t, side_of(c))
                          + s[st.SHOWN + c])
        s[st.ADDED] = 0
    elif s[st.TASK] == st.TASK_DECEIVE:
        s[st.LIES + st.MAX_CHARS * c + t] += 1
        s[st.FRESH + t] = 1
        record(log, i, NOTE, st.NOTE_LIE, c, t)
    else:
        s[st.FEAR + t] += 1
        s[st.FRESH + t] = 1
        record(log, i, NOTE, st.NOTE_FEAR, t, c)
    offer_spends(s, p, log, i, c)


@njit(cache=True)
def may_recover(s, p, c):
    """After a successful task a PC may spend Momentum to remove its own Stress (not while
    Fatigued, at most recover_max per task)."""
    return (side_of(c) == CREW and s[st.STRESS + c] > 0 and not fatigued(s, c)
            and s[st.RECOVERED] < p.recover_max and s[st.MOMENTUM] >= p.recover_cost)


@njit(cache=True)
def may_add_severity(s, p, c):
    """The asker who won a Persuade task may raise the severity (2 Momentum, Repeatable)."""
    return (s[st.TASK] == st.TASK_REQUEST and c == s[st.ACTOR]
            and can_pay(s, c, p.social_severity_cost, False))


@njit(cache=True)
def offer_spends(s, p, log, i, c):
    """The winner ``c`` may spend Momentum; else the task concludes."""
    s[st.SPENDER] = c
    if may_recover(s, p, c) or may_add_severity(s, p, c):
        await_decision(s, st.SPEND, side_of(c))
    else:
        conclude(s, p, log, i)


@njit(cache=True)
def social_spend(s, p, log, i, action):
    """Added severity or Stress recovery, until done or nothing more is affordable."""
    c = s[st.SPENDER]
    if action == st.A_SEVERITY:
        pay(s, log, i, c, p.social_severity_cost, False)
        s[st.SEVERITY] += 1
        s[st.ADDED] += 1
    elif action == st.A_RECOVER:
        pay(s, log, i, c, p.recover_cost, False)
        set_pool(s, log, i, st.STRESS + c, st.POOL_STRESS, s[st.STRESS + c] - 1, c)
        s[st.RECOVERED] += 1
        record(log, i, NOTE, st.NOTE_RECOVER, c, 1)
    if action == st.A_DONE or not (may_recover(s, p, c) or may_add_severity(s, p, c)):
        conclude(s, p, log, i)


@njit(cache=True)
def conclude(s, p, log, i):
    """After the spends: a won request asks the target to give in or suffer; else the turn
    ends."""
    if s[st.TASK] == st.TASK_REQUEST and s[st.SPENDER] == s[st.ACTOR]:
        s[st.VICTIM] = s[st.TARGET]
        await_decision(s, st.GIVE, side_of(s[st.TARGET]))
    else:
        end_turn(s, p, log, i)


@njit(cache=True)
def give_or_suffer(s, p, log, i, action):
    """Give in (the request is granted) or resist by suffering the severity as Stress (an NPC:
    as Threat); a PC who becomes Fatigued shuts down an attribute."""
    v = s[st.VICTIM]
    if action == st.A_GIVE_IN:
        granted(s, log, i, s[st.ACTOR])
        return
    suffer(s, p, log, i)
    s[st.FRESH + v] = 0
    if fatigued(s, v) and s[st.SHUT + v] < 0:
        record(log, i, NOTE, st.NOTE_FATIGUED, v, 0)
        await_decision(s, st.SHUT_DOWN, CREW)
    else:
        end_turn(s, p, log, i)


@njit(cache=True)
def shut_down(s, p, log, i, action):
    """"select one of your attributes: while Fatigued, you automatically fail any task using
    that attribute.\""""
    s[st.SHUT + s[st.VICTIM]] = action - st.A_SHUT
    end_turn(s, p, log, i)


# ---------------------------------------------------------------------------------------------
# Legal actions


@njit(cache=True)
def legal_social_major(s, p, m):
    c = s[st.ACTOR]
    m[st.A_PASS] = True
    m[st.A_EVIDENCE] = s[st.EVIDENCE + c] > 0
    m[st.A_NEGOTIATE] = can_escalate(s, c, offer_cost(s, p))
    for t in range(st.MAX_CHARS):
        if side_of(t) != side_of(c) and standing(s, t):
            m[st.A_REQUEST + t] = s[st.FRESH + t] == 1
            m[st.A_DECEIVE + t] = True
            m[st.A_INTIMIDATE + t] = True


@njit(cache=True)
def legal_social(s, p, m, phase):
    """The legal actions of the social phases (and of MAJOR and SPEND in a social conflict)."""
    if phase == st.MAJOR:
        legal_social_major(s, p, m)
    elif phase == st.YIELD:
        m[st.A_YIELD] = True
        m[st.A_RESIST] = True
    elif phase == st.GIVE:
        m[st.A_GIVE_IN] = True
        m[st.A_SUFFER] = may_avoid(s, p, s[st.VICTIM])
    elif phase == st.SHUT_DOWN:
        m[st.A_SHUT:st.A_SHUT + st.NUM_ATTRIBUTES] = True
    elif phase == st.SPEND:
        c = s[st.SPENDER]
        m[st.A_DONE] = True
        m[st.A_SEVERITY] = may_add_severity(s, p, c)
        m[st.A_RECOVER] = may_recover(s, p, c)
