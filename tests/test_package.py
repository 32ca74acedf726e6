"""The package's metadata: one version, the licence, the abi3 wheel tag."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pokerkit_core

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

pytestmark = pytest.mark.skipif(not (ROOT / "pyproject.toml").exists(), reason="not in a checkout")


def _pyproject() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def test_version_has_one_home() -> None:
    doc: dict[str, object] = _pyproject()
    project = doc["project"]
    assert isinstance(project, dict) and "version" not in project and "version" in project["dynamic"]
    tool = doc["tool"]
    assert isinstance(tool, dict)
    assert tool["setuptools"]["dynamic"]["version"] == {"attr": "pokerkit_core._version.__version__"}
    assert pokerkit_core.__version__.count(".") == 2


def test_licence_file_is_the_declared_mit_licence() -> None:
    project = _pyproject()["project"]
    assert isinstance(project, dict) and project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    assert "include README.md CHANGELOG.md LICENSE" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")


def test_wheel_is_tagged_abi3_for_310_and_later() -> None:
    """setup.py asks bdist_wheel for the cp310-abi3 tag (what
    ``requires-python`` says) whenever the extensions use the stable ABI; a
    cibuildwheel config then builds one CPython wheel per platform."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert '{"bdist_wheel": {"py_limited_api": "cp310"}}' in text
    assert '("Py_LIMITED_API", "0x030A0000")' in text
    doc = _pyproject()
    assert doc["project"]["requires-python"] == ">=3.10"  # type: ignore[index]
    assert doc["tool"]["cibuildwheel"]["build"] == ["cp310-*", "pp310-*"]  # type: ignore[index]
