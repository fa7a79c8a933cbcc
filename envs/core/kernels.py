"""The compiled batch loops of one ruleset: a cacheable copy of :mod:`loops` per ruleset.

Numba caches only module-level functions: a loop built inside a factory function around a
ruleset's rules (a closure) is compiled again in every process. So each ruleset gets its own
copy of the loops module (:mod:`scenegym.envs.core.loops`), written once into the kernel
cache folder under a name that carries the ruleset's name and a digest of its sources, and
imported as a module of its own; its ``rule_*`` names are then bound to the ruleset's rules.
The copies are plain files, so numba caches their kernels like any other.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
from collections import namedtuple
from pathlib import Path

from numba import njit

from scenegym.envs.cache import kernel_cache_folder
from scenegym.envs.core import loops
from scenegym.envs.core.header import OVER, SEAT
from scenegym.envs.core.loops import LOSE, RAISE

BatchKernels = namedtuple("BatchKernels", ["begin", "apply", "refresh"])
RuleFunctions = namedtuple("RuleFunctions", ["begin", "apply", "legal", "observe"])
RuleFunctions.__doc__ = "A ruleset's four per-env ``@njit`` rules (see :mod:`loops`)."


@njit(cache=True)
def pending(state, seat, out):
    """Fill ``out`` with the running envs whose pending decision is ``seat``'s; count them."""
    n = 0
    for i in range(state.shape[0]):
        out[i] = state[i, SEAT] == seat and state[i, OVER] == 0
        n += out[i]
    return n


def rules_digest(rules: RuleFunctions) -> str:
    """A hash of the loops template and of the source files that define ``rules``."""
    h = hashlib.sha256(Path(loops.__file__).read_bytes())
    for path in sorted({inspect.getfile(getattr(f, "py_func", f)) for f in rules}):
        h.update(path.encode())
        h.update(Path(path).read_bytes())
    return h.hexdigest()[:12]


def loops_copy(name: str, rules: RuleFunctions) -> Path:
    """The ruleset's copy of the loops module in the cache folder (written if missing)."""
    folder = kernel_cache_folder() / "loops"
    path = folder / f"{name}_loops_{rules_digest(rules)}.py"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(Path(loops.__file__).read_bytes())
        os.replace(tmp, path)  # atomic: a concurrent process sees the whole file or none
    return path


def compile_loops(name: str, rules: RuleFunctions) -> BatchKernels:
    """The batch loops of ruleset ``name`` around its ``rules`` (compiled on first call)."""
    path = loops_copy(name, rules)
    module_name = f"scenegym._loops.{path.stem}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.rule_begin, module.rule_apply = rules.begin, rules.apply
        module.rule_legal, module.rule_observe = rules.legal, rules.observe
        sys.modules[module_name] = module
    return BatchKernels(module.begin_batch, module.apply_batch, module.refresh_batch)


__all__ = ["LOSE", "RAISE", "BatchKernels", "RuleFunctions", "compile_loops", "pending"]
