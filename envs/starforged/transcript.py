"""Readable transcripts of Starforged scenes, built from the event log."""

from __future__ import annotations

from scenegym.envs.core.events import DECISION, DIE, EPISODE_END, NOTE, OUTCOME, POOL
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.starforged import state as st

ROLL_NAMES = {st.ROLL_MOVE: "", st.ROLL_PROGRESS: "Finish the Scene (progress roll)",
              st.ROLL_ENDURE: "Endure roll"}
DIE_NAMES = {st.DIE_ACTION: "action die", st.DIE_CHALLENGE: "challenge die",
             st.DIE_ORACLE: "Pay the Price d100", st.DIE_SITUATION: "situation",
             st.DIE_APPROACH: "approach die"}
IMPACT_NAMES = {st.WOUNDED: "wounded", st.SHAKEN: "shaken", st.UNPREPARED: "unprepared"}


def action_name(a: int) -> str:
    """A short name for a flat action id."""
    if a < st.A_SECURE_ADVANTAGE:
        return f"Face Danger +{st.STAT_NAMES[a]}"
    if a < st.A_FINISH:
        return f"Secure an Advantage +{st.STAT_NAMES[a - st.A_SECURE_ADVANTAGE]}"
    if a < st.A_PRICE:
        return {st.A_FINISH: "Finish the Scene", st.A_KEEP: "keep the roll",
                st.A_BURN: "burn momentum", st.A_TAKE_MOMENTUM: "take +momentum",
                st.A_TAKE_BONUS: "take +1 on the next move"}[a]
    if a < st.A_SITUATION:
        return f"price: {st.PRICE_NAMES[a - st.A_PRICE]}"
    if a < st.A_APPROACH:
        return f"situation: {st.SITUATION_NAMES[a - st.A_SITUATION]}"
    return f"approach: act with {st.STAT_NAMES[a - st.A_APPROACH]}"


ACTION_NAMES = tuple(action_name(a) for a in range(st.NUM_ACTIONS))


def describe(ev) -> str:
    """One event as a fragment of text."""
    if ev.kind == DECISION:
        if ev.b == st.PRICE:  # the price itself follows as a note
            return f"{SEAT_NAMES.get(ev.a, '?')}: Pay the Price"
        return f"{SEAT_NAMES.get(ev.a, '?')}: {ACTION_NAMES[ev.c]}"
    if ev.kind == DIE:
        return f"{DIE_NAMES.get(ev.c, 'die')} {ev.b}"
    if ev.kind == OUTCOME:
        match = " with a match" if ev.d else ""
        label = ROLL_NAMES[ev.c]
        return f"{label + ': ' if label else ''}score {ev.b}: {st.OUTCOME_NAMES[ev.a]}{match}"
    if ev.kind == POOL:
        if ev.a == st.POOL_IMPACT:
            return f"impact marked: {IMPACT_NAMES.get(ev.d, '?')}"
        return f"{st.POOL_NAMES[ev.a]} {ev.b} -> {ev.c}"
    if ev.kind == NOTE:
        return describe_note(ev)
    if ev.kind == EPISODE_END:
        result = {1: "objective met", -1: "objective failed", 0: "cut off"}[ev.a]
        return f"Scene over: {result}"
    return f"event {ev.kind}"


def describe_note(ev) -> str:
    """A NOTE record as text."""
    if ev.a == st.NOTE_BURN:
        return f"burns momentum {ev.b} (score was {ev.c})"
    if ev.a == st.NOTE_CANCEL:
        return f"momentum {ev.b} cancels the action die {ev.c}"
    if ev.a == st.NOTE_PRICE:
        return f"{st.PRICE_NAMES[ev.b]} ({ev.c})"
    if ev.a == st.NOTE_FINISH:
        return f"Finish the Scene ({st.FINISH_REASONS[ev.b]}) with {ev.c} full boxes"
    if ev.a == st.NOTE_SITUATION:
        return f"Begin the Scene: {st.SITUATION_NAMES[ev.b]}, clock of {ev.c}"
    if ev.a == st.NOTE_APPROACH:
        return f"the crew must act with {st.STAT_NAMES[ev.b]}"
    return f"note {ev.a}"


def transcript(events, config=None) -> list[str]:
    """Lines of text for one env's events: a line per decision and what followed it.

    A line reads like ``Move 3, crew: Face Danger +edge; action die 4; challenge dice [6 1];
    score 7: Weak hit; Progress 4 -> 8; Clock 1 -> 2``.
    """
    lines: list[str] = []
    current: list[str] = []
    moves = 0
    for ev in events:
        starts_line = ev.kind == DECISION or (ev.kind == NOTE and ev.a == st.NOTE_FINISH
                                              and ev.b != st.FINISH_CHOSEN)
        if starts_line and current:
            lines.append(join_fragments(current))
            current = []
        text = describe(ev)
        if ev.kind == DECISION and ev.b == st.MOVE:
            moves += 1
            text = f"Move {moves}, {text}"
        current.append(text)
        if ev.kind == EPISODE_END:
            lines.append(join_fragments(current))
            current = []
    if current:
        lines.append(join_fragments(current))
    return lines


def join_fragments(fragments: list[str]) -> str:
    """Join a line's fragments, the two challenge dice of a roll shown together."""
    out: list[str] = []
    prefix = DIE_NAMES[st.DIE_CHALLENGE] + " "
    k = 0
    while k < len(fragments):
        pair = fragments[k:k + 2]
        if len(pair) == 2 and all(f.startswith(prefix) for f in pair):
            out.append(f"challenge dice [{pair[0][len(prefix):]} {pair[1][len(prefix):]}]")
            k += 2
        else:
            out.append(fragments[k])
            k += 1
    return "; ".join(out)
