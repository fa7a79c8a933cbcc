"""Per-ruleset playtest statistics: event records and ended scenes in, counters out.

A ruleset names its module in its ``Ruleset`` value (``rulestats``); the module provides
``make(config)`` returning an object
with:

- ``add_events(envs, records)``: one step's drained records (see
  :func:`scenegym.envs.core.events.drain_arrays`);
- ``add_ended(rows)``: the state rows (int32[k, F]) of scenes that just ended;
- ``summary() -> dict``: name -> frequency table (:func:`scenegym.envs.core.stats.frequency_table`)
  or a plain number.

and, optionally, per-scene figures (for paired comparisons such as ``scenegym variants``):

- ``scene_columns``: a tuple of names;
- ``scene_values(envs, rows) -> int64[k, len(scene_columns)]``: the figures of the scenes
  that just ended, in batch envs ``envs`` with state rows ``rows`` (called after the events
  of their last step were added).

The generic part of a playtest (win rate, length, lead changes) is not repeated here.
"""

from __future__ import annotations


class NoRuleStats:
    """The statistics of a ruleset without its own module: none."""

    def add_events(self, envs, records) -> None:
        pass

    def add_ended(self, rows) -> None:
        pass

    def summary(self) -> dict:
        return {}
