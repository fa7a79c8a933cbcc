"""Named tuples handed down by reference (envs/core/byref.py): they read and write as the tuple
does, a helper takes one pointer for them, and they cannot leave compiled code."""

import sys
from collections import namedtuple

import numpy as np
import pytest
from numba import njit
from numba.core.errors import NumbaError

from scenegym.envs.core import borrow as borrow_module
from scenegym.envs.core.borrow import BORROWING, borrow
from scenegym.envs.core.byref import REFUSAL, RefTuple, by_ref
from scenegym.envs.core.dice import Dice, make_dice


@njit
def _roll_count(dice, i):
    """What a rule does with the dice: read a key, count a die."""
    dice.counts[i] += 1
    return dice.keys[i], dice.counts[i], dice.script.shape[1]


@njit
def _through_ref(keys, counts, script, i):
    return _roll_count(by_ref(Dice(borrow(keys), borrow(counts), borrow(script))), i)


@njit
def _through_tuple(keys, counts, script, i):
    return _roll_count(Dice(borrow(keys), borrow(counts), borrow(script)), i)


def _parameters(dispatcher, by_reference: bool) -> int:
    """Parameters of the LLVM function ``dispatcher`` compiled for the dice by reference or as
    a tuple (its signature's first argument): the named values of its ``define`` line."""
    (sig,) = [s for s in dispatcher.signatures if isinstance(s[0], RefTuple) == by_reference]
    name = dispatcher.overloads[sig].fndesc.mangled_name
    (line,) = [line for line in dispatcher.inspect_llvm(sig).splitlines()
               if line.startswith("define") and f"@{name}(" in line]
    return line.count("%")


def test_a_tuple_by_reference_reads_and_writes_the_tuples_arrays():
    for through in (_through_ref, _through_tuple):
        dice = make_dice(3)
        dice.keys[:] = (10, 20, 30)
        assert through(dice.keys, dice.counts, dice.script, 1) == (20, 1, 0)
        assert through(dice.keys, dice.counts, dice.script, 1) == (20, 2, 0)
        assert dice.counts.tolist() == [0, 2, 0]  # the batch's own counters were written


def test_a_helper_takes_one_pointer_for_the_dice_instead_of_their_arrays():
    dice = make_dice(2)
    _through_ref(dice.keys, dice.counts, dice.script, 0)
    _through_tuple(dice.keys, dice.counts, dice.script, 0)
    assert BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    # the tuple: three arrays of 7, 7 and 9 words; by reference: one pointer (numba adds a
    # return slot and an exception slot, and the index is one more)
    assert _parameters(_roll_count, by_reference=False) >= 23 + 3
    assert _parameters(_roll_count, by_reference=True) == 1 + 3


def test_returning_a_tuple_by_reference_to_python_is_refused_at_compile_time():
    @njit
    def leak(keys, counts, script):
        return by_ref(Dice(borrow(keys), borrow(counts), borrow(script)))

    dice = make_dice(2)
    with pytest.raises(NumbaError, match="points into its caller's stack frame"):
        leak(dice.keys, dice.counts, dice.script)
    assert "cannot be returned" in REFUSAL


def test_a_tuple_holding_counted_arrays_is_refused():
    @njit
    def owned(keys, counts, script):
        return _roll_count(by_ref(Dice(keys, counts, script)), 0)

    dice = make_dice(2)
    with pytest.raises(NumbaError, match="by_ref takes a named tuple of borrowed arrays"):
        owned(dice.keys, dice.counts, np.zeros((2, 0), np.int32))


_Pair = namedtuple("_Pair", ["a", "b"])  # its own type: numba remembers an intrinsic's typing


def test_without_borrowing_the_tuple_itself_is_handed_on_and_counted(monkeypatch):
    # a numba release without borrowed views (borrow.BORROWING False): the same reads and
    # writes, on the tuple itself, each reference counted as numba counts any array
    monkeypatch.setattr(borrow_module, "BORROWING", False)

    @njit
    def bump(a, b):
        pair = by_ref(_Pair(a, b))
        pair.a[0] += 1
        return pair.b.sum()

    a, b = np.zeros(2, np.int64), np.ones(3, np.int64)
    before = sys.getrefcount(a), sys.getrefcount(b)
    for _ in range(1000):
        assert bump(a, b) == 3
    assert a[0] == 1000
    assert (sys.getrefcount(a), sys.getrefcount(b)) == before  # none taken, none dropped
