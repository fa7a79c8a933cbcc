"""The event log's drains: records out env by env, in the order written, and the log cleared."""

import numpy as np
import pytest

from scenegym.envs.core.events import (
    DIE,
    EVENT_WIDTH,
    NOTE,
    POOL,
    append_record,
    drain,
    drain_arrays,
    drain_blocks,
    kinds_mask,
    make_log,
)


def filled_log(**kinds):
    """Three envs: env 0 with two records, env 1 with none, env 2 with three (of every
    kind the log keeps)."""
    log = make_log(3, capacity=4, **kinds)
    append_record(log, 0, DIE, 6, 4, 1, 0)
    append_record(log, 2, POOL, 1, 5, 3, -1)
    append_record(log, 0, NOTE, 2, 7, 0, 0)
    append_record(log, 2, DIE, 10, 9, 2, 0)
    append_record(log, 2, NOTE, 3, 0, 0, 1)
    return log


def test_drain_arrays_gives_each_envs_records_in_order_and_clears_the_log():
    envs, records = drain_arrays(filled_log())
    assert envs.tolist() == [0, 0, 2, 2, 2]
    assert records.shape == (5, EVENT_WIDTH) and records.dtype == np.int32
    assert records[:, 0].tolist() == [DIE, NOTE, POOL, DIE, NOTE]
    assert records[2].tolist() == [POOL, 1, 5, 3, -1]


def test_drain_arrays_agrees_with_drain_and_leaves_nothing_behind():
    log_a, log_b = filled_log(), filled_log()
    per_env = drain(log_a)
    envs, records = drain_arrays(log_b)
    expected = [(i, list(r)) for i, recs in enumerate(per_env) for r in recs]
    assert [(int(e), r.tolist()) for e, r in zip(envs, records)] == expected
    assert log_b.lengths.tolist() == [0, 0, 0]
    envs, records = drain_arrays(log_b)
    assert envs.shape == (0,) and records.shape == (0, EVENT_WIDTH)


def test_drain_arrays_of_a_log_that_is_off_is_empty():
    envs, records = drain_arrays(make_log(2, capacity=0))
    assert envs.shape == (0,) and records.shape == (0, EVENT_WIDTH)


def test_drain_blocks_gives_the_records_drain_arrays_gives_in_blocks_of_at_most_most():
    envs, records = drain_arrays(filled_log())
    log = filled_log()
    blocks = list(drain_blocks(log, 2))
    # envs 0 and 1 hold 2 records; env 2 holds 3, more than 2: a block alone
    assert [b[0].tolist() for b in blocks] == [[0, 0], [2, 2, 2]]
    assert np.concatenate([b[0] for b in blocks]).tolist() == envs.tolist()
    assert (np.concatenate([b[1] for b in blocks]) == records).all()
    assert not log.lengths.any()


def test_a_log_of_some_kinds_keeps_those_alone_in_the_order_written():
    envs, records = drain_arrays(filled_log(kinds=(NOTE, POOL)))
    assert envs.tolist() == [0, 2, 2]
    assert records[:, 0].tolist() == [NOTE, POOL, NOTE]
    assert records[1].tolist() == [POOL, 1, 5, 3, -1]


def test_an_unknown_kind_is_refused_naming_the_kinds_allowed():
    with pytest.raises(ValueError, match=r"unknown event kinds \[9\]; allowed: \[1, 2, 3, 4, 5, 6\]"):
        kinds_mask((NOTE, 9))
