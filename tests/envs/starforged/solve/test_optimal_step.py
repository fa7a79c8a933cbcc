"""The optimal Starforged agent's compiled decision (envs/starforged/optimal.py) asks the
solver's functions with no value table: an empty one, a constant of the compiled code, where a
fresh ``np.zeros`` at every decision cost a tenth to a sixth of an optimal-against-optimal
playtest. (The solver's roll values, 36 floats a move decision, are still allocated.)"""

import numpy as np
from llvm_calls import only_calls
from numba import njit
from solver_cases import SMALL

from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.optimal import optimal_act, solved_record


def _allocations_of(dispatcher, size: int) -> int:
    """Calls in ``dispatcher``'s one compiled function that allocate ``size`` bytes."""
    return only_calls(dispatcher, (f"@NRT_MemInfo_alloc_aligned(i64 {size},",))


def test_a_decision_of_the_optimal_agent_allocates_no_empty_table():
    # a fresh compile of the agent's own function (the cached one cannot be inspected)
    act = njit(optimal_act.py_func)
    record = solved_record(SMALL)
    o = np.zeros(200, np.float32)  # any observation; phase slots all 0: the fallback path
    m = np.zeros(st.NUM_ACTIONS, np.bool_)
    m[3] = True
    assert act(o, m, record[0], np.uint64(0), 0) == 3
    assert _allocations_of(act, 0) == 0
    assert _allocations_of(act, 288) > 0  # the roll values: what the check can see
