"""The rules' ``njit`` (envs/core/jit.py): a callee compiled once per argument width, not
once per constant or per integer width its callers pass."""

import importlib
import inspect

import numba
import numpy as np
from numba import types
from numba.core.registry import CPUDispatcher

from scenegym.envs.cache import PACKAGE, ROOT, kernel_modules
from scenegym.envs.core.jit import WideDispatcher, njit, widened

PLAIN_NUMBA = {"scenegym.evaluation.floor"}  # the floor: numba's njit as it comes, on purpose


def test_widened_types_a_constant_by_its_type_and_a_narrow_integer_as_int64():
    assert widened(types.literal(3)) == types.int64
    assert widened(types.literal(True)) == types.boolean
    assert widened(types.int32) == types.int64
    assert widened(types.int8) == types.int64
    for kept in (types.int64, types.uint64, types.float32, types.int32[:]):
        assert widened(kept) == kept


def _callers(decorate):
    @decorate
    def cell(row, k):
        return row[k] * 2

    @numba.njit
    def total(row):
        return cell(row, 0) + cell(row, 1) + cell(row, np.int32(2)) + cell(row, row[3])

    return cell, total


def test_one_compile_serves_constants_and_narrow_integers():
    row = np.array([3, 1, 2, 0], np.int32)
    cell, total = _callers(njit)
    assert total(row) == 2 * (3 + 1 + 2 + 3)  # the last cell is row[row[3]], row[0]
    assert len(cell.signatures) == 1  # numba's njit compiles 3: two literals and int32
    plain, plain_total = _callers(numba.njit)
    assert plain_total(row) == total(row)
    assert len(plain.signatures) == 3


def test_every_kernel_of_the_package_is_wide():
    """Every jitted function of the kernel modules is a :class:`WideDispatcher` (the floor
    aside), so no module of the rules compiles per constant again."""
    plain = []
    for path in kernel_modules():
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join((PACKAGE, *parts))
        if name in PLAIN_NUMBA:
            continue
        module = importlib.import_module(name)
        for attr, value in inspect.getmembers(module, lambda v: isinstance(v, CPUDispatcher)):
            if value.py_func.__module__ == name and not isinstance(value, WideDispatcher):
                plain.append(f"{name}.{attr}")
    assert plain == []
