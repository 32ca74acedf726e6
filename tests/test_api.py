"""The public API's names: one home each, one verb per concept across formats.

A name a module exports (its ``__all__``, else its public top-level names) is
defined in one public module only, so ``from pokerkit_core.x import name``
never means two things.  Three families repeat by design, each called through
its module: the history verbs of every format module (``phh.dumps``,
``acpc.dumps``, ``serialize.dumps``: STYLE.md, "History I/O"), the
``register``/``run`` pair every command module of ``cli`` implements, and
the reader protocol of each room's module of ``formats.sites``.
Renamed names keep their old spelling for a while, with a DeprecationWarning.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

import pokerkit_core

PACKAGE = Path(pokerkit_core.__file__).resolve().parent

# one verb per concept, the same in every format module (formats/)
FORMAT_VERBS = frozenset({
    "load", "loads", "dump", "dumps", "dumps_all", "read_file", "iter_hands", "to_dict", "from_dict",
})
# the protocol of a room's reader (formats/sites/<room>.py): its header
# patterns and the function reading one hand (ipoker and partypoker also split
# a file into hands)
READER_PROTOCOL = frozenset({"STARTS", "parse_hand", "split"})
# the protocol of a command module (cli/*_cmd.py)
COMMAND_PROTOCOL = frozenset({"register", "run"})


def _public_modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if any(part.startswith("_") for part in parts):
            continue  # private modules (and __main__) define no public names
        modules[".".join(("pokerkit_core", *parts))] = path
    return modules


def _defined_names(path: Path) -> set[str]:
    """The public names ``path`` defines (not imports), by its ``__all__``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined: set[str] = set()
    exported: list[str] | None = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    defined.add(target.id)
                    if target.id == "__all__":
                        exported = [
                            item.value for item in getattr(node.value, "elts", ())
                            if isinstance(item, ast.Constant) and isinstance(item.value, str)
                        ]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.add(node.target.id)
    public = {name for name in defined if not name.startswith("_")}
    return public if exported is None else public & set(exported)


def _clashes() -> dict[str, list[str]]:
    homes: dict[str, list[str]] = defaultdict(list)
    for module, path in _public_modules().items():
        for name in _defined_names(path):
            if name in FORMAT_VERBS and module.startswith("pokerkit_core.formats."):
                continue
            if name in COMMAND_PROTOCOL and module.startswith("pokerkit_core.cli.") and module.endswith("_cmd"):
                continue
            if name in READER_PROTOCOL and module.startswith("pokerkit_core.formats.sites."):
                continue
            homes[name].append(module)
    return {name: modules for name, modules in sorted(homes.items()) if len(modules) > 1}


def test_no_public_name_has_two_homes() -> None:
    assert _clashes() == {}


def test_the_rake_names_are_in_the_public_table() -> None:
    """The rake event and the rake split are exported from the package, each
    the engine's own object (one home: engine.events, engine.rake)."""
    from pokerkit_core.engine.events import RakeTaken
    from pokerkit_core.engine.rake import RakeSplit

    assert pokerkit_core._EXPORTS["RakeTaken"] == "engine.events"
    assert pokerkit_core._EXPORTS["RakeSplit"] == "engine.rake"
    assert {"RakeTaken", "RakeSplit"} <= set(pokerkit_core.__all__)
    assert pokerkit_core.RakeTaken is RakeTaken and pokerkit_core.RakeSplit is RakeSplit


def test_the_scan_sees_the_public_modules() -> None:
    """The scan is not vacuous: it reads the engine, the formats and the players."""
    modules = _public_modules()
    assert len(modules) > 80
    assert "replay_actions" in _defined_names(modules["pokerkit_core.engine.state"])
    assert "replay" in _defined_names(modules["pokerkit_core.formats.replay"])
    assert {"pack", "decode_observation"} <= _defined_names(modules["pokerkit_core.players.compact"])


@pytest.mark.parametrize("module", ["pokerkit_core.formats.phh", "pokerkit_core.formats.acpc"])
def test_history_formats_share_the_verbs(module: str) -> None:
    fmt = __import__(module, fromlist=["_"])
    for verb in ("load", "loads", "dump", "dumps", "iter_hands"):
        assert callable(getattr(fmt, verb)) and verb in fmt.__all__, verb


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        ("pokerkit_core.engine.state", "replay", "replay_actions"),
        ("pokerkit_core.players.compact", "dumps", "pack"),
        ("pokerkit_core.players.compact", "rebuild", "decode_observation"),
        ("pokerkit_core.players.isolation_child", "serve", "serve_policy"),
        ("pokerkit_core.formats.acpc", "read_log", "load"),
    ],
)
def test_old_names_warn_and_give_the_new_one(module: str, old: str, new: str) -> None:
    mod = __import__(module, fromlist=["_"])
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated; use {module}\.{new}"):
        value = getattr(mod, old)
    assert value is getattr(mod, new)
    assert old not in mod.__all__ and new in mod.__all__
    with pytest.raises(AttributeError, match="has no attribute 'not_a_name'"):
        mod.not_a_name  # noqa: B018


def test_from_import_of_an_old_name_warns() -> None:
    with pytest.warns(DeprecationWarning, match="replay is deprecated"):
        from pokerkit_core.engine.state import replay  # noqa: F401


def test_session_is_between_hands_and_hand_over_warns() -> None:
    """``is_over`` is the session's end; a hand's end between two hands is
    ``is_between_hands`` (``hand_over`` beside ``is_over`` read as the same)."""
    from pokerkit_core import Blinds, TableConfig, TableSession

    session = TableSession(TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), max_hands=1), [None, None], seed=11)
    assert session.is_between_hands and not session.is_over
    session.start_hand()
    assert not session.is_between_hands and session.to_act is not None
    with pytest.warns(DeprecationWarning, match="use TableSession.is_between_hands"):
        assert session.hand_over is False
