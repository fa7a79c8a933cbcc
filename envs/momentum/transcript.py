"""Readable transcripts of Momentum scenes, built from the event log.

A line per decision and what followed it, for instance
``crew: roll; pool [6 5 2 1 3] risk [4 6 2]: Success (2 successes); ...``.
"""

from __future__ import annotations

from scenegym.envs.core.events import DECISION, DIE, EPISODE_END, NOTE, OUTCOME, POOL
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.momentum import state as st

DIE_LABELS = {st.DIE_POOL: "pool", st.DIE_RISK: "risk", st.DIE_OPPONENT: "opponent",
              st.DIE_UPGRADED: "pool", st.DIE_PRESS: "press"}
SIDE_NAMES = {st.CREW_SIDE: "crew", st.GM_SIDE: "GM"}


def action_name(a: int) -> str:
    """A short name for a flat action id."""
    if a < st.A_NPC:
        return f"PC {a - st.A_PC}"
    if a < st.A_TARGET:
        return f"NPC {a - st.A_NPC} acts"
    if a < st.A_RISK:
        return f"target PC {a - st.A_TARGET}"
    if a < st.A_PRESS:
        return f"Risk {a - st.A_RISK}"
    if a < st.A_COST:
        return {st.A_PRESS: "Press", st.A_BRACE: "Brace", st.A_WILLPOWER: "Willpower upgrade",
                st.A_ROLL: "roll", st.A_CORRECT: "Correct", st.A_KEEP: "keep the roll"}[a]
    if a < st.A_SEIZE:
        return f"cost: {st.COST_NAMES[a - st.A_COST]}"
    if a < st.A_FIAT:
        return {st.A_SEIZE: "seize initiative", st.A_PASS: "pass", st.A_END: "end the scene"}[a]
    return f"fiat {a - st.A_FIAT - st.FIAT_ACTIONS_MAX:+d} Momentum"


ACTION_NAMES = tuple(action_name(a) for a in range(st.NUM_ACTIONS))

NOTE_TEXT = {
    st.NOTE_ROUND: lambda b, c: f"Round {b}: {SIDE_NAMES[c]} leads",
    st.NOTE_CREW_TURN: lambda b, c: f"PC {b}'s turn",
    st.NOTE_NPC_TURN: lambda b, c: f"NPC {b}'s turn",
    st.NOTE_RISK: lambda b, c: f"Risk {b}" + (f" +{c} (cost)" if c else ""),
    st.NOTE_PRESS: lambda b, c: f"Press: Risk {b}",
    st.NOTE_BRACE: lambda b, c: f"Brace: Risk {b}",
    st.NOTE_UPGRADE: lambda b, c: f"PC {b} spends Willpower: one die is a 6",
    st.NOTE_CORRECT: lambda b, c: f"Correct (was {st.RESULT_NAMES[b]}): reroll",
    st.NOTE_SEIZE: lambda b, c: "the crew Seizes: its turns come next",
    st.NOTE_GM_SEIZE: lambda b, c: "the GM seizes initiative for the next round",
    st.NOTE_COST: lambda b, c: f"cost for PC {c}: {st.COST_NAMES[b]}",
    st.NOTE_FIAT: lambda b, c: f"GM fiat {b:+d}",
    st.NOTE_OUT: lambda b, c: f"PC {b} is out ({c} wounds)",
    st.NOTE_SCENE_START: lambda b, c: f"Structured scene: Momentum {b} of Full {c}",
    st.NOTE_SCENE_OVER: lambda b, c: f"Scene over ({st.END_NAMES[c]}): {_result(b)}",
    st.NOTE_ACT_BREAK: lambda b, c: f"Act break: act {b + 1}, Willpower regenerates",
    st.NOTE_HANDOFF: lambda b, c: f"PC {b} hands off to PC {c}",
}


def _result(r: int) -> str:
    return "crew wins" if r > 0 else ("crew loses" if r < 0 else "cut off")


def describe(ev) -> str:
    """One event (other than a die) as a fragment of text."""
    if ev.kind == DECISION:
        return f"{SEAT_NAMES.get(ev.a, '?')}: {ACTION_NAMES[ev.c]}"
    if ev.kind == OUTCOME:
        return f"{st.RESULT_NAMES[ev.a]} ({ev.b} successes)"
    if ev.kind == POOL:
        who = f" (PC {ev.d})" if ev.d >= 0 else ""
        return f"{st.POOL_NAMES[ev.a]}{who} {ev.b} -> {ev.c}"
    if ev.kind == NOTE:
        text = NOTE_TEXT.get(ev.a)
        return text(ev.b, ev.c) if text else f"note {ev.a}"
    if ev.kind == EPISODE_END:
        return f"Episode over ({st.END_NAMES[ev.b] if ev.b < len(st.END_NAMES) else ev.b}): " \
               f"result {ev.a:+d}"
    return f"event {ev.kind}"


def transcript(events, config=None) -> list[str]:
    """Lines of text for one env's events: a line per decision and what followed it."""
    lines: list[str] = []
    current: list[str] = []
    dice: dict[str, list[int]] = {}

    def flush_dice():
        if dice:
            current.append(" ".join(f"{k} [{' '.join(map(str, v))}]" for k, v in dice.items()))
            dice.clear()

    for ev in events:
        if ev.kind == DIE:
            dice.setdefault(DIE_LABELS.get(ev.c, "die"), []).append(ev.b)
            continue
        flush_dice()
        if ev.kind == DECISION and current:
            lines.append("; ".join(current))
            current = []
        text = describe(ev)
        if not (current and current[-1].split(": ", 1)[-1] == text):  # a decision's echo
            current.append(text)
    flush_dice()
    if current:
        lines.append("; ".join(current))
    return lines
