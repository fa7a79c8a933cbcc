"""Borrowed array views (envs/core/borrow.py): same memory, no reference held."""

import numpy as np
from numba import njit

from scenegym.envs.core.borrow import borrow


@njit
def _write_through_borrowed_rows(state):
    for i in range(state.shape[0]):
        row = borrow(state[i])
        row[1] = row[0] * 2
        row[2:] = 7


def test_a_borrowed_row_reads_and_writes_its_source():
    state = np.arange(12, dtype=np.int32).reshape(3, 4)
    expected = state.copy()
    expected[:, 1] = expected[:, 0] * 2
    expected[:, 2:] = 7
    _write_through_borrowed_rows(state)
    assert (state == expected).all()


def test_borrowing_leaves_the_source_reference_count_alone():
    import sys

    state = np.zeros((4, 3), np.int32)
    before = sys.getrefcount(state)
    for _ in range(100):
        _write_through_borrowed_rows(state)
    assert sys.getrefcount(state) == before
