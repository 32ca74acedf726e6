"""The Policy protocol and the entry-point registry (pokerkit_core.engine.policy)."""

from __future__ import annotations

import importlib.metadata
from typing import Any

import pytest

from pokerkit_core.engine import policy as policy_module
from pokerkit_core.engine.actions import Check
from pokerkit_core.errors import PolicyError
from pokerkit_core.engine.policy import (
    ENTRY_POINT_GROUP,
    Policy,
    available_policies,
    load_policy,
    policy_factory,
)

BUILT_INS = ("easy", "normal", "hard", "random", "call", "raise")


def test_registry_finds_the_built_ins() -> None:
    found = available_policies()
    for name in BUILT_INS:
        assert name in found
        assert found[name].startswith("pokerkit_core.ai.policies.")
    assert list(found) == sorted(found)


@pytest.mark.parametrize("name", BUILT_INS)
def test_load_policy_returns_a_policy_with_that_name(name: str) -> None:
    policy = load_policy(name, seed=3)
    assert policy.name == name
    assert isinstance(policy, Policy)


def test_unknown_name_lists_the_registered_ones() -> None:
    with pytest.raises(PolicyError, match="no policy named 'nope'.*easy"):
        load_policy("nope")


class _Broken:
    name = "broken"

    def __init__(self, *, seed: int | None = None) -> None:
        raise RuntimeError("cannot start")


class _NoDecide:
    name = "nodecide"

    def __init__(self, *, seed: int | None = None) -> None:
        pass


def _entry(name: str, value: str) -> importlib.metadata.EntryPoint:
    return importlib.metadata.EntryPoint(name=name, value=value, group=ENTRY_POINT_GROUP)


def test_a_plug_in_registers_through_the_same_group(monkeypatch: pytest.MonkeyPatch) -> None:
    extra = (
        _entry("broken", f"{__name__}:_Broken"),
        _entry("nodecide", f"{__name__}:_NoDecide"),
        _entry("missing", "no_such_module_xyz:Bot"),
        _entry("notcallable", f"{__name__}:BUILT_INS"),
    )
    real = policy_module._entry_points

    def patched() -> Any:
        return tuple(real()) + extra

    monkeypatch.setattr(policy_module, "_entry_points", patched)
    names = available_policies()
    assert {"broken", "nodecide", "missing", "easy"} <= set(names)
    with pytest.raises(PolicyError, match="could not be created: cannot start"):
        load_policy("broken")
    with pytest.raises(PolicyError, match="no decide"):
        load_policy("nodecide")
    with pytest.raises(PolicyError, match="failed to load"):
        policy_factory("missing")
    with pytest.raises(PolicyError, match="not callable"):
        policy_factory("notcallable")


def test_protocol_is_structural() -> None:
    class Mine:
        name = "mine"

        def decide(self, observation: object) -> object:
            return Check

    assert isinstance(Mine(), Policy)
    assert not isinstance(object(), Policy)


def test_core_never_imports_the_built_in_policies() -> None:
    import ast
    from pathlib import Path

    root = Path(policy_module.__file__).parent
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.startswith(("policies", "ai")), path.name
                assert "pokerkit_core.ai" not in module, path.name
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("pokerkit_core.ai"), path.name
