"""Scratch masks on the stack (envs/core/scratch.py): zeroed at every call, no heap allocation,
and no way out of compiled code."""

import numpy as np
import pytest
from llvm_calls import ALLOCATIONS, only_calls
from numba import njit
from numba.core.errors import NumbaError

from scenegym.envs.core.borrow import BORROWING
from scenegym.envs.core.scratch import stack_mask

WIDTH = 7  # a module-level int: a compile-time constant where a kernel names it


@njit
def _marks_per_round(rounds):
    """Each round marks one more slot of a fresh mask; returns what each fresh mask held."""
    held = np.zeros(rounds, np.int64)
    for r in range(rounds):
        m = stack_mask(WIDTH)
        held[r] = m.sum()
        m[: r % WIDTH + 1] = True
    return held


@njit
def _any_open_on_stack(k):
    m = stack_mask(WIDTH)
    m[k] = k % 2 == 1
    return m.any()


@njit
def _any_open_on_heap(k):
    m = np.zeros(WIDTH, np.bool_)
    m[k] = k % 2 == 1
    return m.any()


def test_each_call_gets_a_zeroed_mask_of_the_constant_width():
    assert _marks_per_round(20).tolist() == [0] * 20  # what the round before wrote is gone
    assert [_any_open_on_stack(k) for k in range(WIDTH)] == [k % 2 == 1 for k in range(WIDTH)]


def test_the_mask_is_not_allocated_on_the_heap():
    assert [_any_open_on_heap(k) for k in range(WIDTH)] == \
        [_any_open_on_stack(k) for k in range(WIDTH)]
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    assert only_calls(_any_open_on_heap, ALLOCATIONS) > 0  # what the stack mask avoids
    assert only_calls(_any_open_on_stack, ALLOCATIONS) == 0


def test_a_width_known_only_at_run_time_is_refused_naming_what_is_allowed():
    @njit
    def sized_at_run_time(n):
        return stack_mask(n).any()

    with pytest.raises(NumbaError, match="allowed: a compile-time constant of at least 1"):
        sized_at_run_time(WIDTH)


def test_the_mask_cannot_leave_compiled_code():
    @njit
    def leak():
        return stack_mask(WIDTH)

    with pytest.raises(NumbaError, match="cannot leave compiled code"):
        leak()
