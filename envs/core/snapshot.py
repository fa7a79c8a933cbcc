"""Clone and chance: a batch's state as a record, and fresh dice for a copy.

A state is its rows of ints plus each row's dice stream: the key of its episode and the
count of dice rolled in it (:mod:`scenegym.envs.core.dice`). So a batch, or some of its rows,
can be copied exactly (the same future dice: a replay of the same trajectory), or copied and
given fresh chance: a key of the copier's own, so what the copy rolls from then on is
independent of what the original will roll. A search must use fresh chance: a copy that keeps
its dice sees the future.

:class:`Snapshot` is the record :meth:`SceneBatch.get_state` returns and
:meth:`SceneBatch.set_state` takes (plain NumPy arrays and strings: it pickles). It names what
it belongs to (the ruleset, a digest of the config, the layout's sizes and the package
version), and a batch refuses, by name, a record of anything else.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from scenegym.envs.core.config import config_digest
from scenegym.envs.core.dice import rekey
from scenegym.envs.core.header import EPISODE
from scenegym.envs.core.version import __version__


class Snapshot(NamedTuple):
    """The state of a batch (:meth:`SceneBatch.get_state`): its own copy of every array.

    Attributes:
        ruleset: The ruleset's name.
        config_digest: :func:`config_digest` of the batch's config.
        layout: ``(state_size, num_actions, obs_size)``.
        version: The scenegym version that wrote it.
        seed: The batch's seed (the next episodes' dice follow it).
        env_ids: uint64[n], each env's id in the run (its next episodes' dice follow it).
        state: int32[n, state_size], the state rows.
        dice_keys: uint64[n], the key of each env's running episode.
        dice_counts: int64[n], dice rolled so far in each env's running episode.
        masks: bool[n, num_actions], the pending decisions' legal actions.
        obs: float32[n, obs_size], the pending seats' observations.
        log_records: int32[n, capacity, 5], the event records not drained yet.
        log_lengths: int64[n], how many there are per env.
    """

    ruleset: str
    config_digest: str
    layout: tuple[int, int, int]
    version: str
    seed: int
    env_ids: np.ndarray
    state: np.ndarray
    dice_keys: np.ndarray
    dice_counts: np.ndarray
    masks: np.ndarray
    obs: np.ndarray
    log_records: np.ndarray
    log_lengths: np.ndarray


IDENTITY = ("ruleset", "config_digest", "layout", "version")  # what a state must match


def identity(batch) -> dict:
    """What a state of ``batch`` is a state of: the fields of :data:`IDENTITY`."""
    lay = batch.layout
    return {"ruleset": batch.ruleset.name, "config_digest": config_digest(batch.config),
            "layout": (int(lay.state_size), int(lay.num_actions), int(lay.obs_size)),
            "version": __version__}


def check_identity(state: Snapshot, batch) -> None:
    """Refuse ``state`` unless it is a state of ``batch``'s ruleset, config, layout, version
    and size, naming the first field that differs."""
    if not isinstance(state, Snapshot):
        raise TypeError(f"a batch's state is a Snapshot (from get_state()), got "
                        f"{type(state).__name__}")
    for name, want in identity(batch).items():
        got = getattr(state, name)
        if got != want:
            raise ValueError(f"this state has {name} {got!r}; the batch has {name} {want!r}: "
                             "a state is set only on a batch of the same ruleset, config, "
                             "layout and scenegym version")
    if state.state.shape[0] != batch.num_envs:
        raise ValueError(f"this state has {state.state.shape[0]} envs; the batch has "
                         f"{batch.num_envs}")
    if state.log_records.shape != batch.log.records.shape:
        raise ValueError(f"this state has an event log of {state.log_records.shape[1]} "
                         f"records per env; the batch's holds {batch.log.records.shape[1]}")


def take(batch) -> Snapshot:
    """A copy of ``batch``'s state."""
    return Snapshot(**identity(batch), seed=int(batch.seed), env_ids=batch.env_ids.copy(),
                    state=batch.state.copy(), dice_keys=batch.dice.keys.copy(),
                    dice_counts=batch.dice.counts.copy(), masks=batch.masks.copy(),
                    obs=batch.obs.copy(), log_records=batch.log.records.copy(),
                    log_lengths=batch.log.lengths.copy())


def put(batch, state: Snapshot) -> None:
    """Write ``state`` into ``batch``'s own arrays (views of them stay valid)."""
    check_identity(state, batch)
    batch.seed = int(state.seed)
    pairs = ((batch.env_ids, state.env_ids), (batch.state, state.state),
             (batch.dice.keys, state.dice_keys), (batch.dice.counts, state.dice_counts),
             (batch.masks, state.masks), (batch.obs, state.obs),
             (batch.log.records, state.log_records), (batch.log.lengths, state.log_lengths))
    for mine, theirs in pairs:
        np.copyto(mine, theirs, casting="no")


def copy_rows(batch, rows, source, source_rows) -> None:
    """Make ``batch``'s rows ``rows`` exact copies of ``source``'s rows ``source_rows``:
    state, dice stream, env id, mask and observation. Their event logs start empty (the
    records before the copy are the source's). Their next episodes follow ``batch``'s seed
    and the env id copied: rows copied between batches of one seed replay across episodes."""
    if source is not batch:
        mine, theirs = identity(batch), identity(source)
        for name in IDENTITY:
            if mine[name] != theirs[name]:
                raise ValueError(f"rows are copied between batches of the same {name}: the "
                                 f"source has {theirs[name]!r}, this batch {mine[name]!r}")
    rows, source_rows = np.asarray(rows, np.int64), np.asarray(source_rows, np.int64)
    if source_rows.shape not in ((), rows.shape):
        raise ValueError(f"copy_rows takes one source row, or one per row: got "
                         f"{source_rows.size} for {rows.size}")
    if source.dice.script.shape[1] or batch.dice.script.shape[1]:
        raise ValueError("rows of a batch with scripted dice are not copied (the script "
                         "belongs to its env)")
    for mine, theirs in ((batch.env_ids, source.env_ids), (batch.state, source.state),
                         (batch.dice.keys, source.dice.keys),
                         (batch.dice.counts, source.dice.counts),
                         (batch.masks, source.masks), (batch.obs, source.obs)):
        mine[rows] = theirs[source_rows]
    batch.log.lengths[rows] = 0


def reseed(batch, chance, which=None) -> None:
    """Fresh chance for the rows ``which`` selects (bool[n]; None: every row).

    Row ``r`` goes on rolling the stream of seed ``chance`` (or ``chance[r]``, one per row):
    its running episode's key becomes ``episode_key(chance, env_ids[r], episode)``, the count
    of dice it has rolled unchanged. Reseeding every row with one seed also makes it the
    batch's seed, so the next episodes follow it too; rows reseeded apart keep the batch's seed
    for their next episodes. Copies of one row (same env id, same episode) given the same
    seed roll the same dice: give them seeds of their own.

    Raises:
        ValueError: The dice are scripted, or a seed is outside ``0..2**64-1``.
    """
    if batch.dice.script.shape[1]:
        raise ValueError("scripted dice cannot be reseeded: the script is their only source")
    seeds = chance_seeds(chance, batch.num_envs)
    rows = np.arange(batch.num_envs) if which is None else np.flatnonzero(which)
    rekey(batch.dice.keys, rows, seeds[rows], batch.env_ids,
          np.ascontiguousarray(batch.state[:, EPISODE]))
    if which is None and np.ndim(chance) == 0:
        batch.seed = int(chance)


def chance_seeds(chance, num_envs: int) -> np.ndarray:
    """uint64[num_envs]: ``chance``, one seed or a seed per env, each in ``0..2**64-1``."""
    seeds = np.asarray(chance)
    if (seeds.dtype.kind not in "iu" or seeds.shape not in ((), (num_envs,))
            or (seeds.size and seeds.min() < 0)):
        raise ValueError(f"chance must be a seed in 0..2**64-1 or {num_envs} of them (one per "
                         f"env), got {chance!r}")
    return np.broadcast_to(seeds.astype(np.uint64), (num_envs,))


__all__ = ["IDENTITY", "Snapshot", "chance_seeds", "config_digest", "copy_rows", "put",
           "reseed", "take"]
