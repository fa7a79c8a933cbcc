"""Readable transcripts of Frontiers encounters, built from the event log."""

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
from scenegym.envs.frontiers import state as st

DIE_NAMES = ("Momentum d20", "attack d20", "damage", "healing", "Overspend roll", "strain roll",
             "setup")


def who(c: int) -> str:
    """A participant's name by slot: ``PC1`` or ``E2``."""
    return f"PC{c}" if c < st.MAX_PCS else f"E{c - st.MAX_PCS}"


def action_name(a: int) -> str:
    """A short name for a flat action id."""
    if a < st.A_MOVE:
        return f"ability {a - st.A_ABILITY}"
    if a < st.A_END:
        return f"move to Unit {a - st.A_MOVE}"
    if a == st.A_END:
        return "end the Turn"
    if a < st.A_REACT:
        return f"target {who(a - st.A_TARGET)}"
    if a < st.A_PASS:
        return f"{who(a - st.A_REACT)} reacts"
    if a == st.A_PASS:
        return "no more Reactions"
    return f"Momentum {a - st.A_ADJUST - st.MAX_ADJUST:+d}"


ACTION_NAMES = tuple(action_name(a) for a in range(st.NUM_ACTIONS))

NOTE_TEXT = {
    st.NOTE_ROUND: lambda b, c, d: f"Round {b}",
    st.NOTE_TURN: lambda b, c, d: f"{who(b)}'s Turn",
    st.NOTE_TURN_END: lambda b, c, d: f"{who(b)}'s Turn ends",
    st.NOTE_DECLARE: lambda b, c, d: f"{who(b)} declares ability {c} on {who(d)}",
    st.NOTE_REACT: lambda b, c, d: f"{who(b)} declares Reaction {c} (chain {d})",
    st.NOTE_RESOLVE_REACTION: lambda b, c, d: f"{who(b)}'s Reaction resolves",
    st.NOTE_UNCONSCIOUS: lambda b, c, d: f"{who(b)} falls Unconscious",
    st.NOTE_DEAD: lambda b, c, d: f"{who(b)} dies",
    st.NOTE_EFFECT_START: lambda b, c, d: f"{who(d)} {st.EFFECT_NAMES[b]} (by {who(c)})",
    st.NOTE_EFFECT_END: lambda b, c, d: f"{who(d)} no longer {st.EFFECT_NAMES[b]}",
    st.NOTE_PUSH: lambda b, c, d: f"{who(b)} pushed from Unit {c} to {d}",
    st.NOTE_WAKE: lambda b, c, d: f"{who(b)} regains consciousness",
    st.NOTE_SKIPPED: lambda b, c, d: f"{who(b)} cannot act",
    st.NOTE_OVERSPEND: lambda b, c, d: f"{who(b)} Overspends (Energy {c})",
    st.NOTE_ORDER: lambda b, c, d: f"order {b + 1}: {who(c)} (MV {d})",
    st.NOTE_REVIVE: lambda b, c, d: f"{who(b)} regains 1 HP",
    st.NOTE_FIZZLE: lambda b, c, d: f"{who(b)}'s declared ability {c} on {who(d)} fizzles",
    st.NOTE_ENCOUNTER: lambda b, c, d: f"encounter {b + 1} ends ({st.END_NAMES[d]}): {c:+d}",
    st.NOTE_STAND: lambda b, c, d: f"{who(b)} stands up",
}


def describe(ev) -> str:
    """One event as a fragment of text."""
    if ev.kind == DECISION:
        return f"{SEAT_NAMES.get(ev.a, '?')}: {ACTION_NAMES[ev.c]}"
    if ev.kind == DIE:
        return f"{DIE_NAMES[ev.c]} {ev.b}"
    if ev.kind == OUTCOME:
        a, t = divmod(ev.d, st.MAX_CHARS)
        return f"{who(a)} vs {who(t)}: {ev.b}, {'hit' if ev.a else 'miss'}"
    if ev.kind == POOL:
        return f"{who(ev.d)} {st.POOL_NAMES[ev.a]} {ev.b} -> {ev.c}"
    if ev.kind == NOTE:
        return NOTE_TEXT[ev.a](ev.b, ev.c, ev.d) if ev.a in NOTE_TEXT else f"note {ev.a}"
    if ev.kind == EPISODE_END:
        return f"Encounter over: {st.END_NAMES[ev.b]}"
    return f"event {ev.kind}"


def transcript(events, config=None) -> list[str]:
    """Lines of text for one env's events: a line per decision and what followed it."""
    return lines_by_decision(events, describe,
                             skip=lambda ev: ev.kind == NOTE and ev.a == st.NOTE_ORDER)
