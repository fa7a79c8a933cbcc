"""The optional event log: every decision, die, outcome and pool change, per env.

The log is off by default and then costs one branch per record (a zero-capacity buffer).
When on, each env appends fixed-width int32 records; the Python side drains them after
each batch step into :class:`EventRecord` tuples, which the rulesets turn into transcripts
and the evaluation package into statistics.

Record layout (int32[EVENT_WIDTH]): ``[kind, a, b, c, d]`` with the meaning per kind:

- ``DECISION``: a = seat, b = phase, c = action.
- ``DIE``: a = sides, b = face, c = purpose (ruleset-defined code).
- ``OUTCOME``: a = outcome code, b = detail, c = roll code (ruleset-defined).
- ``POOL``: a = pool code, b = old value, c = new value, d = character (or -1).
- ``EPISODE_END``: a = result (+1 crew won, -1 crew lost, 0 cut off), b = reason code.
- ``NOTE``: a = note code, b, c = arguments (ruleset-defined).
"""

from __future__ import annotations

from collections import namedtuple
from typing import NamedTuple

import numpy as np
from numba import int64

from scenegym.envs.core.jit import njit

DECISION, DIE, OUTCOME, POOL, EPISODE_END, NOTE = 1, 2, 3, 4, 5, 6
KIND_NAMES = {DECISION: "decision", DIE: "die", OUTCOME: "outcome", POOL: "pool",
              EPISODE_END: "scene_end", NOTE: "note"}
EVENT_WIDTH = 5

ALL_KINDS = tuple(KIND_NAMES)

EventLog = namedtuple("EventLog", ["records", "lengths", "kinds"])
EventLog.__doc__ = """Per-env append buffers.

Attributes:
    records: int32[n, capacity, EVENT_WIDTH]. Capacity 0 switches the log off.
    lengths: int64[n]. Records written since the last drain.
    kinds: int64[1], the kinds written, one bit each (bit ``kind``; :func:`kinds_mask`):
        a reader that counts a few kinds (a playtest's statistics) spares the rules writing
        the others.
"""


class EventRecord(NamedTuple):
    """One drained record: ``kind`` and its four arguments (see module docstring)."""

    kind: int
    a: int
    b: int
    c: int
    d: int


@njit(inline="always")
def record(log, i, kind, a, b, c=0, d=0):
    """Append one record to env ``i``'s buffer; a no-op when the log is off.

    Inlined where it is called, so that a call leaving ``c`` and ``d`` out compiles nothing
    of its own (numba compiles a function again for each set of omitted defaults); the one
    compiled :func:`append_record` takes every number as an int64.
    """
    append_record(log, int64(i), int64(kind), int64(a), int64(b), int64(c), int64(d))


@njit(cache=True)
def append_record(log, i, kind, a, b, c, d):
    """:func:`record` with every number an int64."""
    cap = log.records.shape[1]
    if cap == 0 or (log.kinds[0] >> kind) & 1 == 0:
        return
    n = log.lengths[i]
    if n >= cap:
        raise ValueError("event log overflow: drain the log more often or raise its capacity")
    row = log.records[i, n]
    row[0] = kind
    row[1] = a
    row[2] = b
    row[3] = c
    row[4] = d
    log.lengths[i] = n + 1


def kinds_mask(kinds=ALL_KINDS) -> np.ndarray:
    """The ``kinds`` field of a log that writes the record kinds ``kinds`` (all by default)."""
    unknown = sorted(set(kinds) - set(KIND_NAMES))
    if unknown:
        raise ValueError(f"unknown event kinds {unknown}; allowed: {sorted(KIND_NAMES)}")
    return np.array([sum(1 << k for k in set(kinds))], np.int64)


def make_log(num_envs: int, capacity: int = 0, kinds=ALL_KINDS) -> EventLog:
    """Allocate a log; ``capacity`` records per env between drains (0 = off), of the record
    ``kinds`` alone (all by default)."""
    return EventLog(np.zeros((num_envs, capacity, EVENT_WIDTH), np.int32),
                    np.zeros(num_envs, np.int64), kinds_mask(kinds))


def drain(log: EventLog) -> list[list[EventRecord]]:
    """Return and clear every env's records since the last drain."""
    out = []
    for i in range(log.lengths.shape[0]):
        n = int(log.lengths[i])
        out.append([EventRecord(*map(int, r)) for r in log.records[i, :n]])
    log.lengths[:] = 0
    return out


def drain_arrays(log: EventLog) -> tuple[np.ndarray, np.ndarray]:
    """Return and clear every env's records since the last drain, as arrays.

    Like :func:`drain`, without building a Python object per record (for statistics over
    many scenes).

    Returns:
        ``(envs, records)``: int64[M] batch index of each record and int32[M, EVENT_WIDTH]
        the records, env by env, each env's in the order written.
    """
    total = int(log.lengths.sum())
    envs = np.empty(total, np.int64)
    records = np.empty((total, log.records.shape[2]), np.int32)
    gather_records(log.records, log.lengths, envs, records)
    return envs, records


def drain_blocks(log: EventLog, most: int):
    """Drain the log as :func:`drain_arrays` does, in blocks of consecutive envs of at most
    ``most`` records each (an env with more is a block alone), so that a drain takes the
    same memory at any batch size.

    Yields:
        ``(envs, records)`` of each block in turn, ``envs`` numbered in the whole batch.
    """
    ends = np.cumsum(log.lengths)
    start, n = 0, log.lengths.shape[0]
    while start < n:
        before = int(ends[start - 1]) if start else 0
        stop = max(start + 1, int(np.searchsorted(ends, before + most, side="right")))
        envs, records = drain_arrays(EventLog(log.records[start:stop], log.lengths[start:stop],
                                              log.kinds))
        envs += start
        yield envs, records
        start = stop


@njit(cache=True)
def gather_records(buffers, lengths, envs, records):
    """Copy each env's ``lengths[i]`` records, env by env, into ``records`` (and ``i`` into
    ``envs``); clear the lengths."""
    m = 0
    for i in range(lengths.shape[0]):
        for r in range(lengths[i]):
            envs[m] = i
            for c in range(buffers.shape[2]):
                records[m, c] = buffers[i, r, c]
            m += 1
        lengths[i] = 0


def lines_by_decision(events, describe, skip=None) -> list[str]:
    """Transcript lines of one env's events: a line per decision and what followed it.

    Args:
        events: The env's :class:`EventRecord` list.
        describe: ``event -> str``, one event as a fragment of text.
        skip: ``event -> bool``, events left out (default: none).
    """
    lines: list[str] = []
    current: list[str] = []
    for ev in events:
        if ev.kind == DECISION and current:
            lines.append("; ".join(current))
            current = []
        if skip is None or not skip(ev):
            current.append(describe(ev))
    if current:
        lines.append("; ".join(current))
    return lines
