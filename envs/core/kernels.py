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
from typing import Any

import numpy as np
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


def rules_name(rules: RuleFunctions) -> str:
    """The name of a loops copy for ``rules``: the module of their ``apply`` (rulesets that
    share their rules, such as two conflicts of one game, share their copies)."""
    return getattr(rules.apply, "py_func", rules.apply).__module__.replace(".", "_")


def policy_order(policy: CompiledPolicy) -> tuple[str, str]:
    """Sort key of a compiled policy: its name, then its function's."""
    act = getattr(policy.act, "py_func", policy.act)
    return policy.name, f"{act.__module__}.{act.__qualname__}"


def slotted(crew: CompiledPolicy, gm: CompiledPolicy):
    """The two seats' policies in slot order (by :func:`policy_order`, so (A, B) and (B, A)
    share their compiled loops), and the crew's and the GM's slot."""
    if policy_order(gm) < policy_order(crew):
        return (gm, crew), (1, 0)
    return (crew, gm), (0, 1)


def policy_args(crew: CompiledPolicy, gm: CompiledPolicy) -> tuple:
    """The ``policy`` argument of the loops for these seats (see ``loops.policy_action``)."""
    (a, b), slots = slotted(crew, gm)
    return (a.params, b.params, np.array([a.seed, b.seed], np.uint64),
            np.array(slots, np.int64))


def compile_loops(rules: RuleFunctions, a: CompiledPolicy = PYTHON,
                  b: CompiledPolicy = PYTHON) -> BatchKernels:
    """The batch loops around ``rules``, with the compiled policies ``a`` and ``b`` in their
    two slots (compiled on first call; one copy per triple)."""
    tag = f"{rules_name(rules)}__{a.name}__{b.name}"
    path = loops_copy(tag, (*rules, a.act, b.act))
    module_name = f"scenegym._loops.{path.stem}"
    module: Any = sys.modules.get(module_name)  # a module of the loops with rule_* bound
    if module is not None and (module.policy_a, module.policy_b, module.rule_apply,
                               module.rule_begin, module.rule_legal, module.rule_observe) != (
                                   a.act, b.act, rules.apply, rules.begin, rules.legal,
                                   rules.observe):
        raise ValueError(f"two different compiled policies or rules share the names {tag!r} "
                         "and their functions' module and qualified names (closures from one "
                         "factory?): give each policy a name of its own")
    if module is None:
        spec: Any = importlib.util.spec_from_file_location(module_name, path)  # never None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.rule_begin, module.rule_apply = rules.begin, rules.apply
        module.rule_legal, module.rule_observe = rules.legal, rules.observe
        module.policy_a, module.policy_b = a.act, b.act
        sys.modules[module_name] = module
    return BatchKernels(module.begin_batch, module.apply_batch, module.refresh_batch,
                        module.seated_advance, module.play_episodes)


__all__ = ["LOSE", "RAISE", "BatchKernels", "RuleFunctions", "compile_loops", "pending",
           "policy_args", "slotted"]
