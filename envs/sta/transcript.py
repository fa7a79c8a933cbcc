"""Readable transcripts of personal conflicts, built from the event log."""

from __future__ import annotations

from scenegym.envs.core.events import (
    DECISION,
    DIE,
    EPISODE_END,
    NOTE,
    OUTCOME,
    POOL,
    lines_by_decision,
)
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.sta import state as st

DIE_NAMES = {st.DIE_TASK: "d20", st.DIE_ASSIST: "assist d20", st.DIE_BATTLEFIELD: "battlefield"}
END_NAMES = {1: "the crew wins", -1: "the crew loses", 0: "no winner"}
TRAIT_TEXT = {1: "a hindering trait is created", -1: "a hindering trait is removed",
              2: "a helpful trait is created"}


def who(c: int) -> str:
    """``PC 0`` / ``NPC 1`` for character slot ``c``."""
    return f"PC {c}" if c < st.MAX_PCS else f"NPC {c - st.MAX_PCS}"


def _ranged(first: int, count: int, label: str, names=None):
    """(first, count, label, names) of an action block."""
    return first, count, label, names


ACTION_BLOCKS = (
    _ranged(st.A_PICK, st.MAX_CHARS, "take the turn:", None),
    _ranged(st.A_MOVE, st.MAX_ZONES, "move to zone", None),
    _ranged(st.A_APPROACH, st.MAX_CHARS, "move into Reach of", None),
    _ranged(st.A_ATTACK_STUN, st.MAX_CHARS, "Stun attack on", None),
    _ranged(st.A_ATTACK_DEADLY, st.MAX_CHARS, "Deadly attack on", None),
    _ranged(st.A_FIRST_AID, st.MAX_CHARS, "First Aid on", None),
    _ranged(st.A_ASSIST, st.MAX_CHARS, "Assist", None),
    _ranged(st.A_SPRINT, st.MAX_ZONES, "Sprint to zone", None),
    _ranged(st.A_DIRECT, st.MAX_CHARS, "Direct", None),
    _ranged(st.A_READY, st.MAX_CHARS, "Ready an attack on", None),
    _ranged(st.A_CREATE_TRAIT, st.MAX_CHARS, "Create Trait on", None),
    _ranged(st.A_TREAT, st.MAX_CHARS, "First Aid: treat an Injury of", None),
    _ranged(st.A_GUARD_ALLY, st.MAX_CHARS, "Guard", None),
    _ranged(st.A_REINFORCE, st.MAX_NPCS, "spend Threat: reinforcement", None),
    _ranged(st.A_REQUEST, st.MAX_CHARS, "make a request of", None),
    _ranged(st.A_DECEIVE, st.MAX_CHARS, "Deception on", None),
    _ranged(st.A_INTIMIDATE, st.MAX_CHARS, "Intimidation of", None),
    _ranged(st.A_SHUT, st.NUM_ATTRIBUTES, "Fatigue shuts down", st.ATTRIBUTE_NAMES),
)
SINGLE_ACTIONS = {
    st.A_AIM: "Aim", st.A_DRAW: "Draw Item", st.A_PRONE: "Stand / Drop Prone",
    st.A_END_MINOR: "no more minor actions", st.A_GUARD: "Guard", st.A_WITHDRAW: "Withdraw",
    st.A_PASS: "Pass", st.A_BUY: "buy a d20", st.A_BUY_THREAT: "buy a d20 with Threat",
    st.A_DETERMINATION: "Determination: Perfect Opportunity", st.A_ROLL: "roll",
    st.A_SEVERITY: "Added Severity", st.A_INTENSE: "Intense: +1 severity",
    st.A_DONE: "no more spends", st.A_AVOID: "Avoid Injury", st.A_TAKE: "take the Injury",
    st.A_COUNTER_STUN: "Stun Counterattack", st.A_COUNTER_DEADLY: "Deadly Counterattack",
    st.A_NO_COUNTER: "no Counterattack", st.A_KEEP: "Keep the Initiative",
    st.A_HAND_OVER: "hand over", st.A_NPC_FIRST: "spend Threat: an NPC acts first",
    st.A_CREW_FIRST: "a PC acts first", st.A_EVIDENCE: "offer Evidence",
    st.A_NEGOTIATE: "make an offer (Negotiation)", st.A_YIELD: "yield", st.A_RESIST: "resist",
    st.A_GIVE_IN: "give in", st.A_SUFFER: "resist by suffering Stress",
    st.A_RECOVER: "spend Momentum: remove 1 Stress",
    st.A_SPRING_STUN: "spring the readied Stun attack",
    st.A_SPRING_DEADLY: "spring the readied Deadly attack", st.A_HOLD: "let it pass",
    st.A_ALTER_TRAIT: "Alter Trait", st.A_DISARM: "Disarm",
    st.A_STEP_BACK: "move out of Reach", st.A_EXTRA_MAJOR: "a second major action",
}


def action_name(a: int) -> str:
    """A short name for a flat action id."""
    if a in SINGLE_ACTIONS:
        return SINGLE_ACTIONS[a]
    for first, count, label, names in ACTION_BLOCKS:
        if first <= a < first + count:
            k = a - first
            if names is not None:
                return f"{label} {names[k]}"
            if first in (st.A_MOVE, st.A_SPRINT):
                return f"{label} {k}"
            return f"{label} {who(st.MAX_PCS + k if first == st.A_REINFORCE else k)}"
    return f"action {a}"


ACTION_NAMES = tuple(action_name(a) for a in range(st.NUM_ACTIONS))

NOTE_TEXT = {
    st.NOTE_ROUND: lambda b, c, d: f"Round {b}",
    st.NOTE_TURN: lambda b, c, d: f"{who(b)} takes a turn" + (" (kept initiative)" if c else ""),
    st.NOTE_INJURY: lambda b, c, d: f"{who(b)} faces a {'Deadly' if d else 'Stun'} Injury, "
                                    f"severity {c}",
    st.NOTE_DEFEATED: lambda b, c, d: f"{who(b)} is Defeated" + (" and Dying" if c else ""),
    st.NOTE_AVOID: lambda b, c, d: f"{who(b)} avoids the consequence (severity {c})",
    st.NOTE_REVIVED: lambda b, c, d: f"{who(b)} is revived by {who(c)}",
    st.NOTE_WITHDRAW: lambda b, c, d: f"{who(b)} withdraws",
    st.NOTE_MINOR: lambda b, c, d: f"minor: {action_name(c)}",
    st.NOTE_MAJOR: lambda b, c, d: f"major: {action_name(c)}",
    st.NOTE_COMPLICATION: lambda b, c, d: f"{who(b)} suffers {c} complication(s)",
    st.NOTE_KEEP: lambda b, c, d: f"{who(b)} keeps the initiative",
    st.NOTE_COUNTER: lambda b, c, d: f"{who(b)} counterattacks",
    st.NOTE_FIRST: lambda b, c, d: "an NPC takes the first turn",
    st.NOTE_GRANTED: lambda b, c, d: f"{who(c)} grants {who(b)}'s request",
    st.NOTE_RESISTED: lambda b, c, d: f"{who(b)} resists {who(c)}'s request",
    st.NOTE_LIE: lambda b, c, d: f"{who(c)} believes {who(b)}'s lie",
    st.NOTE_LIES_DISCOVERED: lambda b, c, d: f"{who(b)}'s {c} lie(s) are discovered",
    st.NOTE_FEAR: lambda b, c, d: f"{who(b)} is intimidated by {who(c)}",
    st.NOTE_EVIDENCE: lambda b, c, d: f"{who(b)} offers Evidence",
    st.NOTE_OFFER: lambda b, c, d: f"{who(b)} makes an offer",
    st.NOTE_FATIGUED: lambda b, c, d: f"{who(b)} is Fatigued",
    st.NOTE_RECOVER: lambda b, c, d: f"{who(b)} recovers {c} Stress",
    st.NOTE_SPRINT: lambda b, c, d: f"{who(b)} sprints to zone {c}",
    st.NOTE_DIRECT: lambda b, c, d: f"{who(b)} directs {who(c)}",
    st.NOTE_READY: lambda b, c, d: f"{who(b)} readies an attack on {who(c)}",
    st.NOTE_SPRING: lambda b, c, d: f"{who(b)}'s readied attack interrupts {who(c)}",
    st.NOTE_TRAIT: lambda b, c, d: f"{who(b)}: " + TRAIT_TEXT.get(c, "trait"),
    st.NOTE_DISARM: lambda b, c, d: f"{who(b)} drops its weapon",
    st.NOTE_TREATED: lambda b, c, d: f"{who(c)} treats an Injury of {who(b)}",
    st.NOTE_REINFORCE: lambda b, c, d: f"{who(b)} arrives ({st.TIER_NAMES[c]})",
    st.NOTE_ASSIST_NOW: lambda b, c, d: f"{who(b)} assists {who(c)}, giving up its turn",
    st.NOTE_EXTRA_MAJOR: lambda b, c, d: f"{who(b)} takes a second major action",
    st.NOTE_STEP_BACK: lambda b, c, d: f"{who(b)} moves out of {who(c)}'s Reach",
}


def describe(ev) -> str:
    """One event as a fragment of text."""
    if ev.kind == DECISION:
        return f"{SEAT_NAMES.get(ev.a, '?')}: {ACTION_NAMES[ev.c]}"
    if ev.kind == DIE:
        return f"{DIE_NAMES.get(ev.c, 'die')} {ev.b}"
    if ev.kind == OUTCOME:
        if ev.c == st.ROLL_REACTION:
            return f"{who(ev.d)} reacts: {ev.a} successes"
        won = "success" if ev.d % 2 else "failure"
        return f"{who(ev.d // 2)}: {ev.a} successes against Difficulty {ev.b}: {won}"
    if ev.kind == POOL:
        return f"{st.POOL_NAMES[ev.a]} {ev.b} -> {ev.c}"
    if ev.kind == NOTE:
        return NOTE_TEXT[ev.a](ev.b, ev.c, ev.d) if ev.a in NOTE_TEXT else f"note {ev.a}"
    if ev.kind == EPISODE_END:
        return f"Scene over: {END_NAMES.get(ev.a, '?')}"
    return f"event {ev.kind}"


def transcript(events, config=None) -> list[str]:
    """Lines of text for one env's events: a line per decision and what followed it."""
    return lines_by_decision(events, describe)
