"""Scratch masks on the stack: a rule that asks "is any action of this kind open?" without a heap
array.

A rule that fills a throw-away mask to ask whether anything in it is open (STA's "is a minor
action left?", asked at the end of every major action) would allocate it with ``np.zeros``:
numba's runtime then calls ``malloc`` and ``free`` and counts references to it, which took
about 4% of an STA playtest's samples. :func:`stack_mask` gives the rule the same zeroed bool
array in its own stack frame instead, as a borrowed view (:mod:`scenegym.envs.core.borrow`): no
allocation, no counting. Its length must be a compile-time constant (a module-level int,
such as a ruleset's ``NUM_ACTIONS``), and the array lives as long as the function that made
it: it cannot leave compiled code (refused when it compiles, as every borrowed view is), and
a rule must not return it to its compiled caller either. It is typed as the mask rows the
loops hand the rules (a rule row, ``borrow.rule_row``): a rule that fills it and the mask
(STA's ``legal_minor``) compiles once for both.

When this numba offers no borrowed views (:data:`scenegym.envs.core.borrow.BORROWING` False),
:func:`stack_mask` is ``np.zeros(n, np.bool_)``: the same results, allocated.
"""

from __future__ import annotations

import numpy as np
from numba import types
from numba.core.errors import NumbaTypeError
from numba.extending import intrinsic

from scenegym.envs.core import borrow
from scenegym.envs.core.jit import njit

if borrow.BORROWING:
    from llvmlite import ir
    from numba.core import cgutils
    from numba.np.arrayobj import populate_array

    @intrinsic
    def stack_mask(typingctx, n):
        """A zeroed bool[n] in the caller's stack frame (``n``: a compile-time constant)."""
        if not isinstance(n, types.IntegerLiteral) or n.literal_value < 1:
            raise NumbaTypeError(f"stack_mask's length is {n}; allowed: a compile-time "
                                 "constant of at least 1 (a module-level int imported by "
                                 "name, not read as a module's attribute)")
        size = n.literal_value
        mask_type = borrow.BorrowedRow(types.bool_)  # a rule row: the type the rules' masks have

        def codegen(context, builder, signature, args):
            byte = ir.IntType(8)
            data = cgutils.alloca_once(builder, byte, size=size)  # in the entry block
            cgutils.memset(builder, data, context.get_constant(types.intp, size), 0)
            mask = context.make_array(mask_type)(context, builder)
            intp = context.get_value_type(types.intp)
            populate_array(mask, data=builder.bitcast(data, mask.data.type),
                           shape=[ir.Constant(intp, size)], strides=[ir.Constant(intp, 1)],
                           itemsize=ir.Constant(intp, 1), meminfo=None)
            return mask._getvalue()

        return mask_type(n), codegen
else:  # pragma: no cover - only on a numba release without borrowed views

    @njit(cache=True)
    def stack_mask(n):
        """A zeroed bool[n] (allocated: this numba offers no borrowed views)."""
        return np.zeros(n, np.bool_)
