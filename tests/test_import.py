"""``import pokerkit_core`` stays cheap: public names load on first use.

Behaviour, not timing: each check runs in a fresh interpreter and looks at
``sys.modules``.  (``python -X importtime -c "import pokerkit_core"`` gives
the figure.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pokerkit_core

HEAVY = ("multiprocessing", "concurrent.futures", "socket", "subprocess", "importlib.metadata", "asyncio", "tomllib", "tomli", "tqdm")


def _modules_after(code: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_import_loads_neither_the_c_core_nor_heavy_modules() -> None:
    loaded = _modules_after("import pokerkit_core")
    assert not loaded & set(HEAVY)
    assert "pokerkit_core.evaluation.evaluator" not in loaded and "pokerkit_core._native" not in loaded


def test_every_public_name_loads_without_heavy_modules() -> None:
    """Even ``from pokerkit_core import *`` (every export, the C core
    included) leaves the process pool, the entry-point registry and the
    network out until a match with workers or a policy lookup needs them."""
    loaded = _modules_after("from pokerkit_core import *")
    assert not loaded & set(HEAVY)
    assert "pokerkit_core.evaluation.evaluator" in loaded and "pokerkit_core.match.runner" in loaded


@pytest.mark.parametrize("name", sorted(set(pokerkit_core.__all__) - {"__version__"}))
def test_each_export_is_the_module_value(name: str) -> None:
    module = __import__(f"pokerkit_core.{pokerkit_core._EXPORTS[name]}", fromlist=[name])
    assert getattr(pokerkit_core, name) is getattr(module, name)


def test_exports_and_submodules_resolve_and_typos_do_not() -> None:
    assert set(pokerkit_core.__all__) == set(pokerkit_core._EXPORTS) | {"__version__"}
    assert set(pokerkit_core.__all__) <= set(dir(pokerkit_core))
    assert pokerkit_core.evaluation.evaluator.evaluate is pokerkit_core.evaluate
    with pytest.raises(AttributeError, match="has no attribute 'evaluat'"):
        pokerkit_core.evaluat  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute '_private'"):
        pokerkit_core._private  # noqa: B018


def test_lazy_names_have_their_types_and_misspelt_ones_are_errors(tmp_path: Path) -> None:
    # tests/typing_probe.py relies on "type: ignore" comments that --strict
    # (warn_unused_ignores) reports as unused if a module __getattr__ made
    # every attribute of the package type as Any.
    pytest.importorskip("mypy")
    probe = Path(__file__).with_name("typing_probe.py")
    package_root = Path(pokerkit_core.__file__).resolve().parents[1]
    env = dict(os.environ)
    if package_root.name != "site-packages":  # a checkout: mypy finds installed ones itself
        env["MYPYPATH"] = str(package_root)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(probe)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_type_checking_imports_are_the_public_table() -> None:
    """The names type checkers see (the ``if TYPE_CHECKING:`` block of
    ``__init__.py``, each ``X as X``) are exactly the one public table
    ``_PUBLIC``, module for module; ``__all__`` derives from that table."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(pokerkit_core.__file__).read_text(encoding="utf-8"))
    block = next(
        node for node in tree.body
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    )
    seen: dict[str, str] = {}
    for node in block.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            for alias in node.names:
                assert alias.asname == alias.name, f"{alias.name} needs 'as {alias.name}' to be re-exported"
                assert alias.name not in seen, f"{alias.name} imported twice"
                seen[alias.name] = str(node.module)
    assert seen == pokerkit_core._EXPORTS
    assert pokerkit_core.__all__ == ["__version__", *pokerkit_core._EXPORTS]
    assert len(pokerkit_core._EXPORTS) == sum(len(names) for names in pokerkit_core._PUBLIC.values())
