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
