"""The batch loops' prefetch hint: it reads nothing into the program and faults on nothing."""

import numpy as np

from scenegym.envs.core.prefetch import prefetch_row


def test_prefetch_of_every_row_and_past_the_last_changes_nothing():
    for dtype in (np.int32, np.float32, np.bool_):
        rows = np.arange(5 * 37).reshape(5, 37).astype(dtype)
        before = rows.copy()
        for r in range(rows.shape[0] + 2):  # the loops ask for row i + 1 of the last row too
            prefetch_row(rows, r)
        assert np.array_equal(rows, before)


def test_the_loops_prefetch_only_rows_that_overflow_the_measured_threshold():
    """Issue 25, item 2: a batch whose touched rows fit below PREFETCH_BYTES gets no hint; the
    observation counts only when the loop renders it."""
    from scenegym.envs.core.prefetch import PREFETCH_BYTES, prefetch_pays

    width = 256  # int32: 1 KiB a state row
    fits = PREFETCH_BYTES // (1024 + 1)  # rows whose state and mask stay below it
    state, masks = np.zeros((fits, width), np.int32), np.zeros((fits, 1), np.bool_)
    obs = np.zeros((fits, width), np.float32)
    assert not prefetch_pays(state, masks, obs, False)
    assert prefetch_pays(state, masks, obs, True)  # the observation doubles the bytes
    more = fits * 2
    assert prefetch_pays(np.zeros((more, width), np.int32), np.zeros((more, 1), np.bool_),
                         np.zeros((more, width), np.float32), False)
