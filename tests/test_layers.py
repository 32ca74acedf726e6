"""The module map of STYLE.md: imports flow one way, and the core never
imports the built-in AI policies.

Each module may import only modules listed before it in LAYERS (imports under
``if TYPE_CHECKING:`` are exempt).  Walks the source with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pokerkit_core

PACKAGE = Path(pokerkit_core.__file__).resolve().parent

# lower index = lower layer; modules of one tuple are peers (may not import each other)
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_version"),
    ("seeding", "progress", "units"),
    ("cards",),
    ("card_codes", "hand_rank"),
    ("_native", "_speedups"),
    ("evaluator",),
    ("ranges",),
    ("equity",),
    ("betting",),
    ("hand_plan",),
    ("rules",),
    ("actions",),
    ("events",),
    ("pots",),
    ("dealing", "forced_bets"),
    ("showdown",),
    ("hand_state",),
    ("state",),
    ("results",),
    ("observation",),
    ("policy",),
    ("checks",),
    ("positions",),
    ("compact",),
    ("faults",),
    ("isolation_procs",),
    ("isolation_wire",),
    ("isolation_child",),
    ("isolation",),
    ("driver",),
    ("table_config",),
    ("table_records",),
    ("table_data",),
    ("table_snapshot",),
    ("table",),
    ("serialize_fields",),
    ("serialize",),
    ("match_chunks",),
    ("match_lanes",),
    ("tournament", "match", "history"),
    ("policies", "play", "acpc_net", "stats", "lbr"),
    ("plots", "envs"),
    ("web",),
    ("cli",),
    ("__main__", "__init__"),
)
RANK = {name: i for i, names in enumerate(LAYERS) for name in names}
CORE = {name for name, i in RANK.items() if i <= RANK["policy"]}


def _top(module: str) -> str:
    return module.split(".")[0]


def _imports(path: Path) -> list[str]:
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
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
            "pokerkit_core."
        ):
            found.append(node.module.removeprefix("pokerkit_core."))
        elif isinstance(node, ast.Import):
            found.extend(
                a.name.removeprefix("pokerkit_core.")
                for a in node.names
                if a.name.startswith("pokerkit_core.")
            )
    return found


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_flow_one_way(path: Path) -> None:
    own = _top(".".join(path.relative_to(PACKAGE).with_suffix("").parts))
    if own not in RANK:
        pytest.fail(f"module {own!r} is not placed in tests/test_layers.py LAYERS")
    for imported in _imports(path):
        target = _top(imported)
        if target == own or not target:
            continue
        assert target in RANK, f"{path.name} imports unknown module {imported!r}"
        assert RANK[target] < RANK[own], f"{own} imports {imported} (same or higher layer)"


def test_core_never_imports_builtin_policies() -> None:
    for path in _modules():
        own = _top(".".join(path.relative_to(PACKAGE).with_suffix("").parts))
        if own in CORE:
            assert all(_top(i) != "policies" for i in _imports(path)), path


def test_only_the_evaluator_imports_the_native_module() -> None:
    for path in _modules():
        if path.name != "evaluator.py":
            assert all(_top(i) not in ("_native", "_speedups") for i in _imports(path)), path


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
    re-exported at package level has a module's name."""
    import importlib
    import pkgutil
    import types

    import pokerkit_core

    for info in pkgutil.iter_modules(pokerkit_core.__path__):
        if info.name == "__main__":  # runs the command line
            continue
        if info.name == "envs" and not _has_rl_extra():
            continue
        module = importlib.import_module(f"pokerkit_core.{info.name}")
        assert getattr(pokerkit_core, info.name) is module, info.name
        assert isinstance(module, types.ModuleType)
        assert info.name not in pokerkit_core.__all__, info.name
