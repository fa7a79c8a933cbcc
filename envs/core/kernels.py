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

from scenegym.envs.cache import kernel_cache_folder
from scenegym.envs.core import loops, search
from scenegym.envs.core.events import EVENT_WIDTH, kinds_mask
from scenegym.envs.core.header import OVER, SEAT
from scenegym.envs.core.jit import njit
from scenegym.envs.core.loops import LOSE, RAISE
from scenegym.envs.core.policy import PYTHON, CompiledPolicy

SearchWork = namedtuple("SearchWork", ["scratch", "mask", "obs", "keys", "counts", "script",
                                       "records", "lengths", "kinds", "children", "visits", "totals",
                                       "used", "path", "rounds", "steps",
                                       "outcome_keys", "outcome_nodes"])
SearchWork.__doc__ = "The scratch arrays of one search call (:func:`search_work`)."
BatchKernels = namedtuple("BatchKernels", ["begin", "apply", "refresh", "seated", "play",
                                           "observe"])
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


def rules_digest(functions, template=loops) -> str:
    """A hash of the ``template`` module (the loops) and of the source files that define
    ``functions``."""
    h = hashlib.sha256(Path(template.__file__).read_bytes())
    for f in functions:
        f = getattr(f, "py_func", f)
        h.update(f"{f.__module__}.{f.__qualname__}".encode())
    for path in sorted({inspect.getfile(getattr(f, "py_func", f)) for f in functions}):
        h.update(path.encode())
        h.update(Path(path).read_bytes())
    return h.hexdigest()[:12]


def loops_copy(name: str, functions, template=loops) -> Path:
    """The copy of the ``template`` module (the loops, or the search) for ``name`` in the
    cache folder (written if missing)."""
    kind = template.__name__.rpartition(".")[2]
    folder = kernel_cache_folder() / kind
    path = folder / f"{name}_{kind}_{rules_digest(functions, template)}.py"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(Path(template.__file__).read_bytes())
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
            np.array([*slots, a.reads, b.reads], np.int64))


def compile_loops(rules: RuleFunctions, a: CompiledPolicy = PYTHON,
                  b: CompiledPolicy = PYTHON) -> BatchKernels:
    """The batch loops around ``rules``, with the compiled policies ``a`` and ``b`` in their
    two slots (compiled on first call; one copy per triple)."""
    module = bound_copy(loops, rules, a, b)
    return BatchKernels(module.begin_batch, module.apply_batch, module.refresh_batch,
                        module.seated_advance, module.play_episodes, module.observe_stale)


def bound_copy(template, rules: RuleFunctions, a: CompiledPolicy, b: CompiledPolicy):
    """The copy of the ``template`` module (:mod:`loops`, or :mod:`search`) for ``rules``
    and the compiled policies ``a`` and ``b``, its ``rule_*`` and ``policy_*`` names bound
    (imported once per process)."""
    tag = f"{rules_name(rules)}__{a.name}__{b.name}"
    views = a.view_function, b.view_function
    path = loops_copy(tag, (*rules, a.act, b.act, *views), template)
    kind = template.__name__.rpartition(".")[2]
    module_name = f"scenegym._{kind}.{path.stem}"
    module: Any = sys.modules.get(module_name)  # a module of the template with rule_* bound
    if module is not None and (module.policy_a, module.policy_b, module.view_a, module.view_b,
                               module.rule_apply, module.rule_begin, module.rule_legal,
                               module.rule_observe) != (a.act, b.act, *views, rules.apply,
                                                        rules.begin, rules.legal, rules.observe):
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
        module.view_a, module.view_b = views
        sys.modules[module_name] = module
    return module


def compile_search(rules: RuleFunctions, a: CompiledPolicy, b: CompiledPolicy):
    """The compiled search (``search.search_rows``) over ``rules``, with the rollout policies
    ``a`` and ``b`` in their two slots (compiled on first call; one copy per triple)."""
    return bound_copy(search, rules, a, b).search_rows


def search_work(layout, sims: int) -> tuple:
    """Scratch arrays for a search of ``sims`` simulations under ``layout`` (one tree of at
    most ``sims + 1`` nodes, reused row after row; the value each root action met in each
    round of a paired root; the decisions simulated; the closed loop's table of outcomes,
    at most half full; a scratch row and its mask, and the searched root's row and mask),
    as ``search.search_rows`` takes them."""
    nodes = sims + 1
    slots = 1 << (2 * nodes - 1).bit_length()
    return tuple(SearchWork(
        scratch=np.zeros((2, layout.state_size), np.int32),
        mask=np.zeros((2, layout.num_actions), np.bool_),
        obs=np.zeros((1, layout.obs_size), np.float32),
        keys=np.zeros(1, np.uint64), counts=np.zeros(1, np.int64),
        script=np.zeros((1, 0), np.int32),
        records=np.zeros((1, 0, EVENT_WIDTH), np.int32), lengths=np.zeros(1, np.int64),
        kinds=kinds_mask(),
        children=np.full((nodes, layout.num_actions), -1, np.int32),
        visits=np.zeros(nodes, np.int64), totals=np.zeros(nodes, np.float64),
        used=np.zeros(1, np.int64), path=np.zeros(nodes + 1, np.int64),
        rounds=np.zeros((sims, layout.num_actions), np.float64),
        steps=np.zeros(1, np.int64), outcome_keys=np.zeros(slots, np.uint64),
        outcome_nodes=np.full(slots, -1, np.int64)))


__all__ = ["LOSE", "RAISE", "BatchKernels", "RuleFunctions", "compile_loops", "pending",
           "compile_search",
           "policy_args", "search_work", "slotted"]
