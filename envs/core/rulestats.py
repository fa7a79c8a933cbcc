"""Per-ruleset playtest statistics: event records and ended scenes in, counters out.

A ruleset names its module in its ``Ruleset`` value (``rulestats``); the module provides
``make(config)`` returning an object
with:

- ``add_events(envs, records)``: one step's drained records (see
  :func:`scenegym.envs.core.events.drain_arrays`); or, faster, ``tally(records, lengths)``:
  count the records of the log's buffers in place (``records``: int32[n, capacity,
  EVENT_WIDTH], env ``i``'s first ``lengths[i]`` rows) in one compiled pass, and set
  ``lengths`` to 0 (a playtest calls ``tally`` where the collector has it; the drained
  arrays cost more than the rules: at 4096 Starforged scenes the gather and numpy passes of
  ``add_events`` took longer than playing them);
- ``add_ended(rows)``: the state rows (int32[k, F]) of scenes that just ended;
- ``summary() -> dict``: name -> frequency table (:func:`scenegym.envs.core.stats.frequency_table`)
  or a plain number;

and, optionally, ``event_kinds``: the kinds of record it reads (a tuple of
:mod:`scenegym.envs.core.events` kinds); the playtest's log keeps those alone, so the rules
spend no time writing the others (every kind when it is absent),

and, optionally, per-scene figures (for paired comparisons such as ``scenegym variants``):

- ``scene_columns``: a tuple of names;
- ``scene_values(envs, rows) -> int64[k, len(scene_columns)]``: the figures of the scenes
  that just ended, in batch envs ``envs`` with state rows ``rows`` (called after the events
  of their last step were added).

and, to split a playtest over worker processes (``--workers``), ``merge(other)``: add the
counters of ``other`` (the same collector, fed other scenes) to its own, so that the summary
of scenes split among collectors is that of one collector fed them all
(:func:`add_counters` does it for the named counters). A collector without ``merge`` is
played in one process.

The generic part of a playtest (win rate, length, lead changes) is not repeated here.
"""

from __future__ import annotations

import numpy as np

from scenegym.envs.core.jit import njit


def code_index(codes, size: int) -> np.ndarray:
    """int64[size]: each code's place in ``codes`` (-1: a code not among them), for
    :func:`lookup` in a compiled tally."""
    index = np.full(size, -1, np.int64)
    index[np.asarray(list(codes), np.int64)] = np.arange(len(codes))
    return index


@njit(cache=True)
def lookup(index, code):
    """``index[code]``, -1 for a code outside it."""
    return index[code] if 0 <= code < index.shape[0] else -1


@njit(cache=True)
def count_code(counts, index, code):
    """Add one to ``counts`` at ``code``'s place (:func:`code_index`), if it has one."""
    k = lookup(index, code)
    if k >= 0:
        counts[k] += 1


def summed(mine, theirs):
    """``mine + theirs`` of counters: numbers and arrays added, lists joined, dicts added key
    by key (a key of one alone kept as it is, ``mine``'s keys first)."""
    if isinstance(mine, dict):
        return {key: summed(mine[key], theirs[key]) if key in mine and key in theirs
                else mine.get(key, theirs.get(key)) for key in {**mine, **theirs}}
    return mine + theirs


def add_counters(collector, other, names: tuple[str, ...]) -> None:
    """Add the counters ``names`` (attributes) of ``other`` to those of ``collector``."""
    for name in names:
        setattr(collector, name, summed(getattr(collector, name), getattr(other, name)))


class NoRuleStats:
    """The statistics of a ruleset without its own module: none."""

    def add_events(self, envs, records) -> None:
        pass

    def add_ended(self, rows) -> None:
        pass

    def merge(self, other) -> None:
        pass

    def summary(self) -> dict:
        return {}
