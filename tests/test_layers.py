"""The package map of docs/architecture.rst: imports flow one way.

The library is packages by concept over a few base modules.  Each package
(or base module) may import only those listed before it in LAYERS; units of
one tuple are peers and may not import each other.  Inside a package the
modules import each other without cycles.  Imports under ``if
TYPE_CHECKING:`` are exempt.  Walks the source with ``ast``.
"""

from __future__ import annotations

import ast
import importlib
import warnings
from pathlib import Path

import pytest

import pokerkit_core

PACKAGE = Path(pokerkit_core.__file__).resolve().parent

# lower index = lower layer; units of one tuple are peers (may not import each other)
LAYERS: tuple[tuple[str, ...], ...] = (
    ("_version", "_moved", "_deprecated"),
    ("errors",),
    ("_native", "_speedups"),
    ("seeding", "units", "progress"),
    ("evaluation",),
    ("engine",),
    ("players",),
    ("tables",),
    ("formats",),
    ("match",),
    ("ai",),
    ("analysis",),
    ("envs",),
    ("web",),
    ("cli",),
    ("__main__", "__init__"),
)
RANK = {name: i for i, names in enumerate(LAYERS) for name in names}


def _top(module: str) -> str:
    return module.split(".")[0]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[str]:
    """Every pokerkit_core module ``path`` imports (relative to the package
    root), anywhere in the file but under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    type_checking: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_checking.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    pkg_parts = path.relative_to(PACKAGE).parts[:-1]
    for node in ast.walk(tree):
        if id(node) in type_checking:
            continue
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            base = list(pkg_parts[: len(pkg_parts) - (node.level - 1)])
            if node.module:
                found.append(".".join(base + [node.module]))
            else:
                found.extend(".".join(base + [alias.name]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pokerkit_core."):
            found.append(node.module.removeprefix("pokerkit_core."))
        elif isinstance(node, ast.Import):
            found.extend(
                a.name.removeprefix("pokerkit_core.") for a in node.names if a.name.startswith("pokerkit_core.")
            )
    return found


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_flow_one_way_between_packages(path: Path) -> None:
    own = _top(_module_name(path))
    if own not in RANK:
        pytest.fail(f"{own!r} is not placed in tests/test_layers.py LAYERS (and docs/architecture.rst)")
    for imported in _imports(path):
        target = _top(imported)
        if target == own or not target:
            continue
        assert target in RANK, f"{path.name} imports unknown module {imported!r}"
        assert RANK[target] < RANK[own], f"{_module_name(path)} imports {imported} (same or higher layer)"


def test_modules_of_a_package_import_each_other_without_cycles() -> None:
    """Inside each package, the modules' imports form no cycle."""
    graph: dict[str, set[str]] = {}
    for path in _modules():
        own = _module_name(path)
        graph.setdefault(own, set())
        for imported in _imports(path):
            if _top(imported) == _top(own) and imported != own and imported in {_module_name(p) for p in _modules()}:
                graph[own].add(imported)
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycle = trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])


def test_the_map_is_drawn_in_the_docs() -> None:
    """docs/architecture.rst names every unit of LAYERS, in the same order."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "architecture.rst").read_text(encoding="utf-8")
    table = [line for line in text.splitlines() if line.startswith("   * - ")]
    units = [name for names in LAYERS[:-1] for name in names]
    order = [next((i for i, line in enumerate(table) if f"``{u}``" in line), -1) for u in units]
    assert -1 not in order, [u for u, i in zip(units, order) if i == -1]
    assert order == sorted(order)


def test_the_core_never_imports_the_builtin_ai() -> None:
    below = {name for name, i in RANK.items() if i < RANK["ai"]}
    for path in _modules():
        if _top(_module_name(path)) in below:
            assert all(_top(i) != "ai" for i in _imports(path)), path


def test_only_the_evaluator_imports_the_compiled_modules() -> None:
    for path in _modules():
        if _module_name(path) != "evaluation.evaluator":
            assert all(_top(i) not in ("_native", "_speedups") for i in _imports(path)), path


def test_old_module_paths_still_import_with_a_warning() -> None:
    """The flat layout's documented module paths give the moved module
    itself (one object), with a DeprecationWarning naming the new path."""
    from pokerkit_core._moved import MOVED

    for old, new in sorted(MOVED.items()):
        with pytest.warns(DeprecationWarning, match=f"pokerkit_core.{old} moved to pokerkit_core.{new}"):
            module = importlib.import_module(f"pokerkit_core.{old}") if f"pokerkit_core.{old}" not in __import__("sys").modules else _reimport(old)
        assert module is importlib.import_module(f"pokerkit_core.{new}"), old
        assert module.__spec__.name == f"pokerkit_core.{new}", old  # type: ignore[attr-defined]  # its own spec kept


def test_a_module_imported_by_its_old_path_still_reloads() -> None:
    """importlib.reload runs the module again (its spec is its own, not the
    old path's, whose loader runs nothing)."""
    import sys
    import warnings

    sys.modules.pop("pokerkit_core.card_codes", None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module("pokerkit_core.card_codes")  # functions and constants only: safe to rerun
    assert module.__spec__ is not None and module.__spec__.name == "pokerkit_core.evaluation.card_codes"
    saved = module.__dict__["_INT_FORMATS"]
    module.__dict__["_INT_FORMATS"] = None
    try:
        assert importlib.reload(module) is module
        assert module.__dict__["_INT_FORMATS"] == saved  # the module's code ran again
    finally:
        module.__dict__["_INT_FORMATS"] = saved


def _reimport(old: str) -> object:
    """Import an old path again (dropped from sys.modules first, so the
    finder runs and warns again)."""
    import sys

    del sys.modules[f"pokerkit_core.{old}"]
    return importlib.import_module(f"pokerkit_core.{old}")


def _has_rl_extra() -> bool:
    """Gymnasium and PettingZoo (the ``rl`` extra) are installed."""
    import importlib.util

    return all(importlib.util.find_spec(name) for name in ("gymnasium", "pettingzoo"))


def test_the_package_does_not_import_envs() -> None:
    """``import pokerkit_core`` works without the ``rl`` extra: it never
    imports ``pokerkit_core.envs`` (checked in a fresh interpreter)."""
    import subprocess
    import sys

    code = (
        "import sys, pokerkit_core, pokerkit_core.cli; "
        "assert 'pokerkit_core.envs' not in sys.modules; "
        "assert 'gymnasium' not in sys.modules and 'pettingzoo' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent)


def test_no_package_attribute_shadows_a_module() -> None:
    """``import pokerkit_core.<module> as m`` gives the module: nothing
    re-exported at package level has a module's or a package's name."""
    import pkgutil
    import types

    for info in pkgutil.iter_modules(pokerkit_core.__path__):
        if info.name == "__main__":  # runs the command line
            continue
        if info.name == "envs" and not _has_rl_extra():
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            module = importlib.import_module(f"pokerkit_core.{info.name}")
        assert getattr(pokerkit_core, info.name) is module, info.name
        assert isinstance(module, types.ModuleType)
        assert info.name not in pokerkit_core.__all__, info.name
