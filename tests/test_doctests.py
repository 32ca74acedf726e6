"""Run the examples in the docstrings of the installed package's modules."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil

import pytest

import pokerkit_core

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(pokerkit_core.__path__, "pokerkit_core.")
    if not name.endswith("__main__") and "._native" not in name
)


_HAS_RL = all(importlib.util.find_spec(n) for n in ("gymnasium", "pettingzoo"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name.startswith("pokerkit_core.envs") and not _HAS_RL:
        pytest.skip('pokerkit_core.envs needs the rl extra: pip install "pokerkit_core[rl]"')
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failures in {name}"
