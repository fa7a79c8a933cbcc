"""Software prefetch of the next env's rows, for the batch loops.

At a large batch, the envs' rows (state, observation, mask) no longer fit the core's caches
between two steps, and each rule step stalls on the cache lines it touches first, one after
the other. :func:`prefetch_row` asks the memory system for every line of a row at once
(LLVM's ``llvm.prefetch``: a hint, never a fault, no effect on results), so the loops can
request env ``i + 1``'s rows while env ``i``'s rules run.
"""

from __future__ import annotations

from llvmlite import binding, ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from scenegym.envs.core.jit import njit

CACHE_LINE = 64  # bytes
# Rows a loop that renders no observation touches beyond which it prefetches: measured
# (issue 25, item 2) on a 2-core EPYC (2 MiB L2 per core, 32 MiB L3), raw engine at
# 64..65536 envs: below the L3 the hardware prefetcher keeps up and the hints cost 10-90 ns
# a decision (momentum, Starforged); far beyond it (STA, Frontiers at 65536: 140-166 MiB)
# they halve a decision. Loops that render observations always prefetch (loops.rows_far).
PREFETCH_BYTES = 32 * 2**20
_NAME = "llvm.prefetch.p0" if binding.llvm_version_info >= (15,) else "llvm.prefetch.p0i8"


@intrinsic
def prefetch(typingctx, arr, row, col):
    """Hint the memory system to bring ``arr[row, col]``'s cache line in for reading."""
    if not (isinstance(arr, types.Array) and arr.ndim == 2):
        return None
    sig = types.void(arr, row, col)

    def codegen(context, builder, signature, args):
        aty = signature.args[0]
        ary = context.make_array(aty)(context, builder, args[0])
        index = [context.cast(builder, v, t, types.intp)
                 for v, t in zip(args[1:], signature.args[1:])]
        ptr = cgutils.get_item_pointer(context, builder, aty, ary, index, wraparound=False)
        i8p, i32 = ir.IntType(8).as_pointer(), ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, _NAME)
        # read (0), keep in all cache levels (3), data cache (1)
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True)
def prefetch_row(arr, row):
    """Hint every cache line of ``arr[row]`` (C-contiguous 2-D) in; nothing if out of range."""
    if row < arr.shape[0]:
        for col in range(0, arr.shape[1], max(1, CACHE_LINE // arr.itemsize)):
            prefetch(arr, row, col)


@njit(cache=True)
def prefetch_pays(state, masks, obs, observing):
    """Whether the rows a loop touches (state and mask, and the observation when it renders
    one) overflow :data:`PREFETCH_BYTES`."""
    row = state.shape[1] * state.itemsize + masks.shape[1] * masks.itemsize
    if observing:
        row += obs.shape[1] * obs.itemsize
    return state.shape[0] * row > PREFETCH_BYTES
