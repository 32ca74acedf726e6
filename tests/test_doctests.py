"""Run the examples in the docstrings of the installed package's modules."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pokerkit_core

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(pokerkit_core.__path__, "pokerkit_core.")
    if not name.endswith("__main__") and "._native" not in name
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failures in {name}"
