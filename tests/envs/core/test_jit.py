"""The rules' ``njit`` (envs/core/jit.py): a callee compiled once per argument width, not
once per constant or per integer width its callers pass."""

import importlib
import inspect
import os
import subprocess
import sys

import numba
import numpy as np
import pytest
from numba import types
from numba.core.registry import CPUDispatcher

from scenegym.envs.cache import PACKAGE, ROOT, kernel_modules
from scenegym.envs.core.jit import WideDispatcher, njit, widened


def test_widened_types_a_constant_by_its_type_and_a_narrow_integer_as_int64():
    assert widened(types.literal(3)) == types.int64
    assert widened(types.literal(True)) == types.boolean
    assert widened(types.int32) == types.int64
    assert widened(types.int8) == types.int64
    for kept in (types.int64, types.uint64, types.float32, types.int32[:], types.literal("hp")):
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
    assert len(cell.signatures) == 1
    plain, plain_total = _callers(numba.njit)
    assert plain_total(row) == total(row)
    assert len(plain.signatures) > 1  # numba's own: two literals and int32, 3 in numba 0.68


def test_keywords_defaults_and_boolean_constants_share_the_compile():
    @njit
    def pick(row, k, doubled=False):
        return row[k] * 2 if doubled else row[k]

    @numba.njit
    def both(row):
        return pick(row, 1) + pick(row, k=np.int32(2), doubled=True) + pick(row, 0, False)

    row = np.array([5, 6, 7], np.int32)
    assert both(row) == 6 + 14 + 5
    assert len(pick.signatures) == 2  # the default omitted, then given: numba's two kinds


def test_a_signature_is_refused_by_name():
    with pytest.raises(TypeError, match="takes no signature"):
        njit("int64(int64)")


def test_the_kernels_import_with_the_jit_disabled():
    """``NUMBA_DISABLE_JIT=1`` (numba's debugging switch) makes ``njit`` return the plain
    function, which the wide decorator hands back as it is."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    code = ("import scenegym.envs.starforged.rules as r, scenegym.envs.core.jit as j; "
            "print(type(r.apply).__name__, j.njit(lambda: 7)())")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["function", "7"]


def test_every_kernel_of_the_package_is_wide():
    """Every jitted function of the kernel modules is a :class:`WideDispatcher`, so no
    module of the rules compiles per constant again."""
    plain = []
    for path in kernel_modules():
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join((PACKAGE, *parts))
        module = importlib.import_module(name)
        for attr, value in inspect.getmembers(module, lambda v: isinstance(v, CPUDispatcher)):
            if value.py_func.__module__ == name and not isinstance(value, WideDispatcher):
                plain.append(f"{name}.{attr}")
    assert plain == []
