"""The web table's page files (``pokerkit_core/web/static``), checked without a browser.

Every file the page loads exists and ships as package data; every name a module
imports is exported by the module it names; each view of the router has its
template; nothing is fetched from another site (no CDN); and no script writes HTML
from strings (server text goes in as text only: a player's name cannot become markup).
"""

from __future__ import annotations

import fnmatch
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "pokerkit_core" / "web" / "static"

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

pytestmark = pytest.mark.skipif(not STATIC.is_dir(), reason="no web/static in this tree")

IMPORT = re.compile(r"import\s*\{([^}]*)\}\s*from\s*\"\./([\w.]+)\"")
DYNAMIC_IMPORT = re.compile(r"import\(\"\./([\w.]+)\"\)")
EXPORT = re.compile(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+(\w+)")


def _files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.is_file())


def _js() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js")}


def test_every_file_the_page_loads_exists() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r"(?:src|href)=\"/static/([^\"]+)\"", html)
    assert "js/app.js" in refs and "css/app.css" in refs
    for ref in refs:
        assert (STATIC / ref).is_file(), ref


def test_every_imported_name_is_exported() -> None:
    modules = _js()
    for name, text in modules.items():
        for names, target in IMPORT.findall(text):
            assert target in modules, f"{name} imports missing {target}"
            exported = set(EXPORT.findall(modules[target]))
            for imported in (n.strip() for n in names.split(",") if n.strip()):
                assert imported in exported, f"{name} imports {imported} that {target} does not export"
        for target in DYNAMIC_IMPORT.findall(text):
            assert target in modules and "export async function mount" in modules[target], target


def test_each_route_has_its_template() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    views = re.findall(r"\"(\w+)\", \(\) => import", _js()["app.js"])
    assert sorted(views) == ["lobby", "match", "replay", "table"]
    for view in views:
        assert f'<template id="view-{view}">' in html


def test_no_html_from_strings_and_nothing_from_other_sites() -> None:
    for path in _files():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), f"{path.name} refers to another site"
        if path.suffix == ".js":
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
                assert sink not in text, f"{path.name} uses {sink}"


def test_static_files_are_package_data() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        data = tomllib.load(f)["tool"]["setuptools"]["package-data"]
    patterns = [f"web/{p}" for p in data.get("pokerkit_core.web", [])] + list(data.get("pokerkit_core", []))
    package = ROOT / "src" / "pokerkit_core"
    for path in _files():
        rel = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(rel, p) for p in patterns), f"{rel} is not package data"
