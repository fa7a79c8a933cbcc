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


def test_the_loops_hint_with_borrowed_views_and_count_no_reference_per_row():
    """The hint is a call per env: handed the batch's arrays as they are, numba counted a
    reference to each of the three at its entry and exit (six atomic operations an env,
    half the floor's time). The loops hand it borrowed views: every call in the loops'
    source, and the types the step's loop compiles it for."""
    import ast
    import inspect
    import sys

    from numba import njit

    from scenegym.envs.core import borrow, loops
    from scenegym.envs.core.batch import SceneBatch
    from scenegym.envs.rulesets import get_ruleset

    calls = [node for node in ast.walk(ast.parse(inspect.getsource(loops)))
             if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "prefetch_env"]
    assert len(calls) == 3  # the step, the seated step, the playtest's loop
    for call in calls:
        assert all(isinstance(arg, ast.Call) and arg.func.id == "borrow"
                   for arg in call.args[:3]), ast.unparse(call)
    assert borrow.BORROWING, "this numba release offers no borrowed views (see borrow.py)"
    rs = get_ruleset("starforged")
    engine = SceneBatch(rs, rs.default_config(), 4)
    engine.reset(7)
    engine.step(engine.masks.argmax(axis=1), observe=False)
    copy = sys.modules[rs.kernels.apply.py_func.__module__]
    retyped = njit(copy.apply_batch.py_func)  # the loop typed again: the types of its calls
    for step in rs.kernels.apply.signatures:
        retyped.compile(step)
    signatures = copy.prefetch_env.signatures
    assert signatures, "the step did not go through the loops' prefetch_env"
    for sig in signatures:
        assert all(isinstance(t, borrow.BorrowedArray) for t in sig[:3]), sig
