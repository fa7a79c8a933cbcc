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
from scenegym.envs.core.policy import PYTHON, CompiledPolicy

BatchKernels = namedtuple("BatchKernels", ["begin", "apply", "refresh", "seated", "play"])
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


def entry_point(dispatcher, args):
    """The compiled function for the types of ``args`` (compiled or loaded if need be),
    called without numba's dispatch, which types every argument at every call: for a batch
    of one, that typing costs more than the rules. Call it only with arguments of the same
    types as ``args``."""
    return dispatcher.compile(tuple(dispatcher.typeof_pyval(a) for a in args))


def rules_digest(functions) -> str:
    """A hash of the loops template and of the source files that define ``functions``."""
    h = hashlib.sha256(Path(loops.__file__).read_bytes())
    for f in functions:
        f = getattr(f, "py_func", f)
        h.update(f"{f.__module__}.{f.__qualname__}".encode())
    for path in sorted({inspect.getfile(getattr(f, "py_func", f)) for f in functions}):
        h.update(path.encode())
        h.update(Path(path).read_bytes())
    return h.hexdigest()[:12]


def loops_copy(name: str, functions) -> Path:
    """The copy of the loops module for ``name`` in the cache folder (written if missing)."""
    folder = kernel_cache_folder() / "loops"
    path = folder / f"{name}_loops_{rules_digest(functions)}.py"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(Path(loops.__file__).read_bytes())
        os.replace(tmp, path)  # atomic: a concurrent process sees the whole file or none
    return path


def compile_loops(name: str, rules: RuleFunctions, crew: CompiledPolicy = PYTHON,
                  gm: CompiledPolicy = PYTHON) -> BatchKernels:
    """The batch loops of ruleset ``name`` around its ``rules``, with the seats' compiled
    policies ``crew`` and ``gm`` (compiled on first call; one copy per triple)."""
    tag = name if crew is PYTHON and gm is PYTHON else f"{name}__{crew.name}__{gm.name}"
    path = loops_copy(tag, (*rules, crew.act, gm.act))
    module_name = f"scenegym._loops.{path.stem}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.rule_begin, module.rule_apply = rules.begin, rules.apply
        module.rule_legal, module.rule_observe = rules.legal, rules.observe
        module.crew_policy, module.gm_policy = crew.act, gm.act
        sys.modules[module_name] = module
    return BatchKernels(module.begin_batch, module.apply_batch, module.refresh_batch,
                        module.seated_advance, module.play_episodes)


__all__ = ["LOSE", "RAISE", "BatchKernels", "RuleFunctions", "compile_loops", "pending"]
