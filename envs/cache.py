"""Where numba keeps the compiled kernels: one folder per version of what they compile to.

Numba checks a cached kernel only against its own file's timestamp, not against the modules
whose constants it compiled in (a state layout, the header), nor against the numba release
or the ``NUMBA_BOUNDSCHECK`` flag it was compiled under. So the cache lives in a folder named
by a digest of everything that changes the machine code:

- the code of every kernel module (:func:`kernel_modules`), parsed, so comments and
  docstrings, help text included, do not count: editing them keeps the kernels. The kernel
  modules are found, not listed: every module of the package (tests, examples and docs
  aside) that uses numba (imports it, or calls or decorates with ``njit``, ``intrinsic`` and
  the like), and every module of the package these import, directly or not, at the top or
  in a function (a state layout, the header: constants numba compiles in);
- the numba version;
- whether bounds checking is on (``NUMBA_BOUNDSCHECK=1`` compiles an index check into every
  array access: a bounds-checked run never loads an unchecked kernel, nor the other way round);
- whether borrowed views are on (``SCENEGYM_BORROW``, :mod:`scenegym.envs.core.borrow`).

What each module imports and whether it uses numba are read from its syntax tree, which is
remembered with its code digest by the digest of the file's bytes (``module-facts.json``
beside the cache folders): at each import the modules are only read, not parsed.

The folder is ``$NUMBA_CACHE_DIR/scenegym-<digest>`` when ``NUMBA_CACHE_DIR`` is set, else
``$XDG_CACHE_HOME/scenegym/numba-<digest>`` (``~/.cache`` when unset). Folders of other
digests not used for :data:`KEEP_DAYS` days are removed, beyond the :data:`KEEP_RECENT` most
recently used. A folder that cannot be written is not used: the kernels are compiled into a
temporary folder of the process, with one warning (:func:`use_versioned_cache`).
"""

from __future__ import annotations

import ast
import atexit
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from importlib.abc import MetaPathFinder
from importlib.util import find_spec
from pathlib import Path

from scenegym.envs.notice import notice

ROOT = Path(__file__).resolve().parent.parent  # the scenegym package folder
PACKAGE = "scenegym"  # the name ROOT installs as
NOT_PACKAGED = frozenset({"tests", "examples", "docs", "build", "dist"})  # folders under ROOT
NUMBA_NAMES = frozenset({"njit", "jit", "vectorize", "guvectorize", "intrinsic", "overload",
                         "overload_method", "overload_attribute", "generated_jit", "cfunc",
                         "register_jitable", "jitclass", "stencil"})
KEEP_RECENT = 4
KEEP_DAYS = 7
MEMO_VERSION = 3  # bump when :func:`module_facts` changes what it records


def code_of(path: Path) -> str:
    """The code of a module without its comments and docstrings (a dump of its syntax tree)."""
    return _code_of_tree(ast.parse(path.read_text()))


def _code_of_tree(tree: ast.Module) -> str:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            setattr(node, "body", body[1:] or [ast.Pass()])  # any node with a body
    return ast.dump(tree)


def package_modules(root: Path = ROOT) -> dict[str, str]:
    """Every module of the package at ``root``, its file by dotted name
    (``scenegym.envs.cache``): the ``*.py`` files of ``root`` and of its folders that install
    with it (not tests, examples, docs, build output, hidden folders nor folders whose name
    is no Python name). Plain strings, not paths: this runs at each import."""
    modules: dict[str, str] = {}
    stack = [(str(root), PACKAGE, True)]
    while stack:
        folder, package, top = stack.pop()
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            name = entry.name
            if entry.is_dir(follow_symlinks=False):
                if (name.isidentifier() and not name.startswith("_")
                        and not (top and name in NOT_PACKAGED)):
                    stack.append((entry.path, f"{package}.{name}", False))
            elif name.endswith(".py") and name[:-3].isidentifier():
                modules[package if name == "__init__.py" else f"{package}.{name[:-3]}"] = (
                    entry.path)
    return modules


def module_facts(tree: ast.Module, name: str, is_package: bool) -> tuple[bool, str]:
    """Whether the module ``name`` uses numba (imports it, names ``numba.``, or calls or
    decorates with one of :data:`NUMBA_NAMES`), and its imports, in one string (few objects
    to load at each import): ``module`` for ``import module``, ``module:name,name`` for
    ``from module import name, name``, separated by spaces (relative imports made absolute)."""
    uses_numba, imports = False, list[str]()
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports.extend(alias.name for alias in node.names)
            uses_numba |= any(alias.name.split(".")[0] == "numba" for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            imports.append(f"{base}:{','.join(alias.name for alias in node.names)}")
            uses_numba |= base.split(".")[0] == "numba"
        elif isinstance(node, ast.Attribute):
            uses_numba |= isinstance(node.value, ast.Name) and node.value.id == "numba"
        elif isinstance(node, ast.Call | ast.FunctionDef | ast.ClassDef):
            callees = [node.func] if isinstance(node, ast.Call) else node.decorator_list
            for callee in callees:
                callee = callee.func if isinstance(callee, ast.Call) else callee
                called = getattr(callee, "id", None) or getattr(callee, "attr", None)
                uses_numba |= called in NUMBA_NAMES
    return uses_numba, " ".join(imports)


def _read_memo(memo_file: Path | None) -> dict:
    try:
        memo = json.loads(memo_file.read_text()) if memo_file else {}
    except (OSError, ValueError):
        return {}
    return memo if isinstance(memo, dict) and memo.get("version") == MEMO_VERSION else {}


def _write_memo(memo_file: Path, memo: dict) -> None:
    try:
        memo_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo_file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(memo))
        os.replace(tmp, memo_file)
    except OSError:
        pass


def scan(root: Path = ROOT, memo_file: Path | None = None) -> dict[str, tuple[str, list]]:
    """Every module of the package at ``root``: its path and ``[code digest, uses numba,
    imports]`` (:func:`code_of`, :func:`module_facts`), remembered in ``memo_file`` by the
    module's name and the digest of its file's bytes: parsing every module at each import costs a tenth of
    a second or more, reading them a few milliseconds."""
    memo = _read_memo(memo_file)
    known = memo.get("modules", {})
    used: dict[str, list] = {}
    found = {}
    for name, path in package_modules(root).items():
        with open(path, "rb") as file:
            source = file.read()
        raw = f"{name} {hashlib.sha256(source).hexdigest()}"  # facts depend on the name
        facts = known.get(raw)
        if facts is None:
            tree = ast.parse(source)
            uses_numba, imported = module_facts(tree, name, path.endswith("__init__.py"))
            code = hashlib.sha256(_code_of_tree(tree).encode()).hexdigest()
            facts = [code, uses_numba, imported]
        used[raw] = facts
        found[name] = (path, facts)
    if memo_file and used != known:
        _write_memo(memo_file, {"version": MEMO_VERSION, "modules": used})
    return found


def kernel_closure(found: dict[str, tuple[str, list]]) -> list[str]:
    """The modules that use numba and every module of the package they import, directly or
    not (``from a import b``: the module ``a.b`` if there is one, else ``a``), by name."""
    todo = [name for name, (_, facts) in found.items() if facts[1]]
    closure = set(todo)
    while todo:
        for entry in found[todo.pop()][1][2].split():
            module, _, names = entry.partition(":")
            targets = [module] if not names else [
                f"{module}.{n}" if f"{module}.{n}" in found else module for n in names.split(",")]
            for target in targets:
                if target in found and target not in closure:
                    closure.add(target)
                    todo.append(target)
    return sorted(closure)


def kernel_modules(root: Path = ROOT, memo_file: Path | None = None) -> list[Path]:
    """The files whose code the digest covers (:func:`kernel_closure` of :func:`scan`)."""
    found = scan(root, memo_file)
    return [Path(found[name][0]) for name in kernel_closure(found)]


def source_digest(root: Path = ROOT, boundscheck: bool | None = None,
                  memo_file: Path | None = None) -> str:
    """A digest of the kernel modules' code under ``root``, the numba version and the
    bounds-check flag (default: numba's current setting)."""
    import numba

    if boundscheck is None:
        # type checkers: numba.config sets its options at run time
        boundscheck = bool(numba.config.BOUNDSCHECK)  # type: ignore[attr-defined]
    borrow = os.environ.get("SCENEGYM_BORROW", "1") != "0"  # see envs/core/borrow.py
    h = hashlib.sha256(f"numba {numba.__version__} boundscheck {int(boundscheck)} "
                       f"borrow {int(borrow)}".encode())
    found = scan(root, memo_file)
    for name in kernel_closure(found):
        h.update(name.encode())
        h.update(found[name][1][0].encode())
    return h.hexdigest()[:16]


def cache_parent() -> tuple[Path, str]:
    """The folder that holds the cache folders, and their name prefix."""
    user_dir = os.environ.get("NUMBA_CACHE_DIR")
    if user_dir:
        return Path(user_dir), "scenegym-"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "scenegym", "numba-"


def cache_dir(digest: str) -> Path:
    """The kernel cache folder for digest ``digest``."""
    parent, prefix = cache_parent()
    return parent / f"{prefix}{digest}"


def prune(current: Path, keep_recent: int = KEEP_RECENT, keep_days: float = KEEP_DAYS) -> list:
    """Remove the sibling cache folders of ``current`` that are neither among the
    ``keep_recent`` most recently used nor used in the last ``keep_days`` days."""
    prefix = cache_parent()[1]
    if not current.parent.is_dir():
        return []
    others = sorted((p for p in current.parent.glob(prefix + "*")
                     if p.is_dir() and p != current), key=lambda p: p.stat().st_mtime,
                    reverse=True)
    cutoff = time.time() - keep_days * 86400
    removed = [p for p in others[keep_recent - 1:] if p.stat().st_mtime < cutoff]
    for p in removed:
        shutil.rmtree(p, ignore_errors=True)
    return removed


_FOLDER: Path | None = None


def cannot_write(folder: Path) -> str | None:
    """Why ``folder`` cannot be made or written in (its files created), or None when it can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".probe-")
        os.close(handle)
        os.unlink(probe)
    except OSError as err:
        return err.strerror or str(err)
    return None


def fallback_folder() -> Path:
    """A folder of this process for the kernels, removed when it exits (their cache is then
    compiled in memory, for this run alone)."""
    temporary = Path(tempfile.mkdtemp(prefix="scenegym-kernels-"))
    atexit.register(shutil.rmtree, temporary, ignore_errors=True)
    return temporary / "numba"


def use_versioned_cache() -> Path:
    """Point numba's cache at this version's folder, mark it used, prune old ones.

    A folder that cannot be written (a read-only home or ``NUMBA_CACHE_DIR``, an immutable
    folder) is not used: the kernels are compiled into a temporary folder of this process,
    and it warns once (numba is being loaded: every kernel will compile in memory), naming
    the folder, why, and the variable that moves it.
    """
    import numba

    global _FOLDER
    parent, prefix = cache_parent()
    folder = cache_dir(source_digest(memo_file=parent / f"{prefix}module-facts.json"))
    problem = cannot_write(folder)
    if problem is None:
        prune(folder)
    else:
        notice(f"the kernel cache folder {str(folder)!r} cannot be written ({problem}): "
               "this run compiles the kernels in memory, a minute or more per ruleset; "
               "set NUMBA_CACHE_DIR to a writable folder to keep them")
        folder = fallback_folder()
        folder.mkdir()
    numba.config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]  # (see above)
    _FOLDER = folder
    return folder


class _WhenNumbaLoads(MetaPathFinder):
    """Finds ``numba`` as the other finders do, and has its loader call
    :func:`use_versioned_cache` as soon as numba's own module has run: before any module
    that imports numba defines a kernel (numba fixes a kernel's cache folder when it is
    decorated). Removes itself on first use."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "numba":
            return None
        sys.meta_path.remove(self)
        spec = find_spec(fullname)
        if spec is not None and spec.loader is not None:
            exec_module = spec.loader.exec_module

            def exec_then_point_the_cache(module):
                exec_module(module)
                use_versioned_cache()

            spec.loader.exec_module = exec_then_point_the_cache
        return spec


def use_versioned_cache_when_numba_loads() -> None:
    """Point numba's cache at this version's folder now if numba is loaded, else as soon as
    it is: ``import scenegym`` then loads no numba (nothing is compiled until an env is
    made)."""
    if "numba" in sys.modules:
        use_versioned_cache()
    elif not any(isinstance(f, _WhenNumbaLoads) for f in sys.meta_path):
        sys.meta_path.insert(0, _WhenNumbaLoads())


def kernel_cache_folder() -> Path:
    """The folder in use (set as numba loads, see :func:`use_versioned_cache`)."""
    return _FOLDER if _FOLDER is not None else use_versioned_cache()
