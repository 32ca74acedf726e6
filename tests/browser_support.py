"""Fixtures of the browser tests: a real ``pokerkit-core serve`` and a headless Chromium.

The server runs in a subprocess on 127.0.0.1 and a free port with ``--data`` in a
temporary directory; the browser is the system's Chromium (``chromium`` or
``chromium-browser`` on PATH, or ``$CHROMIUM``) driven by Playwright.  Without
Playwright, a Chromium binary, or the web extra (Starlette, uvicorn) the tests skip
and say which is missing.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pokerkit_core

ROOT = Path(__file__).resolve().parents[1]
SRC = Path(os.environ.get("PKC_TEST_SRC") or Path(pokerkit_core.__file__).resolve().parents[1])
"""Where the server imports pokerkit_core from: the copy these tests import
(the installed package in CI, ``src/`` in a checkout built in place), or
``$PKC_TEST_SRC`` to try another."""


def chromium_path() -> str | None:
    """The system Chromium to drive, or None."""
    for name in (os.environ.get("CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"):
        if name:
            found = shutil.which(name)
            if found:
                return found
    return None


def visit(page: Any, url: str) -> None:
    """Open ``url`` and wait until its view is mounted: the router loads a
    view's module with a dynamic ``import()`` after the page's load event, so
    a control used before ``body[data-ready]`` may have no handler yet."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached")


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(base: str, method: str, path: str, body: object | None = None) -> Any:
    """A JSON request to the server (the test's own client, not the page's)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.loads(response.read().decode())


class Server:
    """A ``pokerkit-core serve`` subprocess."""

    def __init__(self, data: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        self.log = open(data / "server.log", "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pokerkit_core", "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data", str(data)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.log_path = data / "server.log"
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"server exited: {self.log_path.read_text(errors='replace')[-2000:]}")
            try:
                request(self.base, "GET", "/api/options")
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("server did not answer within 30 s") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def need_web_stack() -> None:
    """Skip unless the web extra and Playwright with a Chromium are there."""
    for module, extra in (("starlette", "web"), ("uvicorn", "web"), ("playwright", "test")):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f"browser tests need {module} (pip install '.[{extra}]')")
    if chromium_path() is None:
        pytest.skip("browser tests need a Chromium binary (chromium or chromium-browser on PATH, or $CHROMIUM)")


_shared: list[Server] = []
"""The one server of a test run (both browser modules use it; stopped at exit)."""


def _stop_shared() -> None:
    for srv in _shared:
        srv.stop()
    if _shared:
        shutil.rmtree(_shared[0].log_path.parent, ignore_errors=True)


@pytest.fixture(scope="module")
def server() -> Server:
    need_web_stack()
    if not _shared:
        _shared.append(Server(Path(tempfile.mkdtemp(prefix="pkc-web-test-"))))
        atexit.register(_stop_shared)
    if _shared[0].process.poll() is not None:
        pytest.fail(f"the server died: {_shared[0].log_path.read_text(errors='replace')[-2000:]}")
    return _shared[0]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_web_stack()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(15_000)
    try:
        yield pg
        assert not errors, f"JavaScript errors in the page: {errors}"
    finally:
        context.close()
