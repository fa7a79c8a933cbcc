"""Dependencies point one way: rules know nothing of Gymnasium, agents or training.

Read from the source (every ``import`` statement of every module, and every string of the
engine's, since a ``"module:function"`` reference imports too), so a forbidden import is
caught even on a code path no test runs, and checked at run time for the heavy stack. The
import graph between the packages has no cycle and points down the layers only.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEARNING_STACK = ("torch", "stable_baselines3", "sb3_contrib", "onnxruntime", "ray")
UPPER_LAYERS = ("scenegym.agents", "scenegym.common", "scenegym.evaluation", "scenegym.training",
                "scenegym.cli")
GYM_ADAPTERS = {"env.py", "gym_env.py", "registration.py", "aec.py"}  # Gymnasium, PettingZoo


def imported_modules(path: Path) -> set[str]:
    """Every module named by an import statement of the file at ``path``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def engine_modules() -> list[Path]:
    """The engine and the rulesets: every module of envs/ but the Gymnasium adapters."""
    return [p for p in sorted((ROOT / "envs").rglob("*.py")) if p.name not in GYM_ADAPTERS]


def under(name: str, packages) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_and_rules_import_no_upper_layer(path):
    bad = {m for m in imported_modules(path)
           if under(m, UPPER_LAYERS + LEARNING_STACK + ("gymnasium",))}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_every_folder_has_its_layering_checked():
    checked = {p.parent for p in engine_modules()}
    assert ROOT / "envs" / "core" in checked
    assert {p.parent for p in (ROOT / "envs").glob("*/rules.py")} <= checked


def test_engine_at_run_time_loads_no_learning_stack_nor_upper_layer():
    code = ("import sys, scenegym.envs.core.batch, scenegym.envs.rulesets as r; "
            "[r.get_ruleset(n) for n in r.ruleset_names()]; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {LEARNING_STACK!r} "
            f"or m.startswith({UPPER_LAYERS!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- Strings: a module of envs/ names no upper layer, not even in a message or a reference ---

UPPER_NAMES = re.compile(r"\bscenegym\.(?:agents|evaluation|training|common|cli)\b"
                         r"|(?<![\w.\-/])(?:agents|evaluation|training|common)/[\w/.]")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are statements of their own: docstrings, and the
    attribute docstrings after an assignment (prose, never run)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def upper_layer_strings(path: Path) -> list[str]:
    """``line: string`` of every string constant of the module at ``path`` (f-string parts
    included, docstrings not) that names a layer above envs, as a module or a path."""
    tree = ast.parse(path.read_text())
    prose = docstrings(tree)
    return [f"{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in prose and UPPER_NAMES.search(node.value)]


def test_the_upper_layer_pattern_reads_modules_and_paths_only():
    named = ["scenegym.agents.registry:make_agent", "see common/text.py", "(evaluation/odds)",
             "import scenegym.cli", "training/cli.py"]
    unnamed = ["uncommon/x", "scenegym.agentsx", "agents", "the evaluation", "my_agents/x",
               "scenegym.envs.core"]
    assert all(UPPER_NAMES.search(s) for s in named)
    assert not any(UPPER_NAMES.search(s) for s in unnamed)


@pytest.mark.parametrize("path", sorted((ROOT / "envs").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_envs_strings_name_no_upper_layer(path):
    """A ``"module:function"`` reference or an ``importlib`` name is an import all the same,
    and a message that sends the user to an upper layer ties the engine to it."""
    bad = upper_layer_strings(path)
    assert not bad, f"{path.relative_to(ROOT)} names a layer above envs: {bad}"


# --- The graph: every import, at the top or in a function, between the packages ---

GAMES = tuple(sorted(p.parent.name for p in (ROOT / "envs").glob("*/rules.py")))
ENVS_BASE = {"__init__.py", "cache.py", "notice.py"}  # envs' own: run before any kernel is defined
# Each package's rank: a package imports only packages of a lower rank. The games share a
# rank and so import none of each other; so do evaluation and training. The package root
# (__init__.py: registers the ids and the agent maker) imports the adapters and may name
# anything; it is checked for cycles only.
RANKS = {"envs": 0, "envs.core": 1, **{f"envs.{game}": 2 for game in GAMES},
         "envs.adapters": 3, "scenegym": 4, "agents": 5, "common": 6, "evaluation": 7,
         "training": 7, "cli": 8}


def package_of(path: Path) -> str:
    """The package of the module at ``path``: ``envs`` (its ``__init__`` and the kernel
    cache), ``envs.core``, ``envs.<game>`` (but a game's Gymnasium ``env.py``),
    ``envs.adapters`` (the other modules of envs/: Gymnasium, PettingZoo, the registries),
    ``scenegym`` (the root), ``agents``, ``common``, ``evaluation``, ``training``, ``cli``."""
    parts = path.relative_to(ROOT).parts
    if parts == ("__init__.py",):
        return "scenegym"
    if parts == ("cli.py",):
        return "cli"
    if parts[0] != "envs":
        return parts[0]
    if len(parts) == 2:
        return "envs" if parts[1] in ENVS_BASE else "envs.adapters"
    if parts[1] == "core":
        return "envs.core"
    return "envs.adapters" if parts[-1] in GYM_ADAPTERS else f"envs.{parts[1]}"


def module_file(name: str) -> Path | None:
    """The file of the package's module ``name`` (``scenegym.a.b``), or of the closest
    enclosing module (``from scenegym.a import NAME``, an attribute of ``scenegym.a``)."""
    parts = name.split(".")[1:]
    while True:
        base = ROOT.joinpath(*parts)
        for candidate in (base.with_suffix(".py") if parts else None, base / "__init__.py"):
            if candidate is not None and candidate.is_file():
                return candidate
        if not parts:
            return None
        parts = parts[:-1]


def package_modules() -> list[Path]:
    """Every module of the layered packages (not tests, examples nor docs)."""
    return sorted(p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] in
                  ("__init__.py", "cli.py", "envs", "agents", "common", "evaluation", "training"))


def import_edges() -> dict[tuple[str, str], list[str]]:
    """``(importer, imported) -> ["file:line", ...]`` between packages, from every import
    statement of every module (``from a import b`` counts as ``a.b``: a module if it is one)."""
    edges: dict[tuple[str, str], list[str]] = {}
    for path in package_modules():
        source = package_of(path)
        module = ".".join(("scenegym",) + path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's package
                    anchor = module.split(".")[:-node.level]
                    base = ".".join(anchor + ([base] if base else []))
                names = [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                target = module_file(name) if name.split(".")[0] == "scenegym" else None
                if target is not None and package_of(target) != source:
                    edges.setdefault((source, package_of(target)), []).append(
                        f"{path.relative_to(ROOT)}:{node.lineno}")
    return edges


def cycles(edges) -> list[list[str]]:
    """The strongly connected sets of more than one package (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_package_of_known_rank():
    assert {package_of(p) for p in package_modules()} == set(RANKS)
    assert GAMES == ("frontiers", "momentum", "sta", "starforged")


def test_the_packages_import_each_other_without_cycles():
    edges = import_edges()
    found = cycles(edges)
    detail = [f"  {a} -> {b}: {', '.join(sorted(set(where))[:6])}"
              + (f" and {len(set(where)) - 6} more" if len(set(where)) > 6 else "")
              for (a, b), where in sorted(edges.items())
              if any(a in c and b in c for c in found)]
    assert not found, f"import cycles between packages: {found}\n" + "\n".join(detail)


def test_every_import_points_down_the_layers():
    """envs < envs/core < each game < envs/*.py (adapters, registries) < agents < common <
    evaluation, training (neither imports the other) < cli; the package root may name
    anything."""
    upward = {f"{a} -> {b}": where for (a, b), where in sorted(import_edges().items())
              if a != "scenegym" and RANKS[b] >= RANKS[a]}
    assert not upward, "imports against the layers:\n" + "\n".join(
        f"  {edge}: {', '.join(sorted(set(where)))}" for edge, where in upward.items())


def test_the_graph_sees_function_level_and_cross_game_imports(monkeypatch, tmp_path):
    """The checks above read what they are meant to (a fake tree)."""
    for folder in ("envs/core", "envs/momentum", "envs/sta", "agents", "common"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "envs" / "sta" / "rules.py").write_text(
        "def f():\n    from scenegym.envs.momentum import roll\n")
    (tmp_path / "envs" / "momentum" / "roll.py").write_text("import scenegym.envs.core\n")
    (tmp_path / "agents" / "a.py").write_text("from scenegym.common import text\n")
    (tmp_path / "common" / "text.py").write_text("from scenegym.agents import a\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    edges = import_edges()
    assert ("envs.sta", "envs.momentum") in edges and ("envs.momentum", "envs.core") in edges
    assert cycles(edges) == [["agents", "common"]]
