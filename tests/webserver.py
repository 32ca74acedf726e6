"""A real uvicorn server on 127.0.0.1 for the web tests (thread or subprocess).

Helpers only; the tests are ``test_web_*.py``.  They skip without the ``web``
extra.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

import pokerkit_core

SRC = Path(pokerkit_core.__file__).resolve().parents[1]
"""Where a server subprocess imports pokerkit_core from: the copy the tests
import (the installed package in CI, ``src/`` in a checkout built in place)."""


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """Where a test server listens, with small JSON HTTP helpers."""

    def __init__(self, port: int, app: Any = None) -> None:
        self.port = port
        self.app = app

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def request(self, method: str, path: str, body: Any = None, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=30) as reply:
                text = reply.read().decode()
                status = reply.status
        except urllib.error.HTTPError as exc:
            text, status = exc.read().decode(), exc.code
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def create(self, **room: Any) -> dict[str, Any]:
        status, reply = self.request("POST", "/api/rooms", room)
        assert status == 201, reply
        return dict(reply)

    def join(self, room_id: str, seat: int, name: str) -> str:
        status, reply = self.request("POST", f"/api/rooms/{room_id}/join", {"seat": seat, "name": name})
        assert status == 200, reply
        return str(reply["token"])


def _wait_up(port: int, process: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


@contextlib.contextmanager
def thread_server(data: str | Path = ":memory:") -> Iterator[Server]:
    """The app under uvicorn in a thread of this process."""
    uvicorn = pytest.importorskip("uvicorn")
    from pokerkit_core.web.app import create_app
    from pokerkit_core.web.limits import SOCKET_FRAME_BYTES

    port = free_port()
    app = create_app(data)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error",
                            ws_max_size=SOCKET_FRAME_BYTES, ws_per_message_deflate=False,
                            lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        _wait_up(port)
        yield Server(port, app)
    finally:
        server.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def process_server(data: Path, port: int | None = None) -> Iterator[tuple[Server, subprocess.Popen[bytes]]]:
    """``pokerkit-core serve`` in a subprocess (killed at the end if still running)."""
    pytest.importorskip("uvicorn")
    port = port or free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerkit_core", "serve", "--port", str(port), "--data", str(data)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        _wait_up(port, process)
        yield Server(port), process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        if process.stderr is not None:
            process.stderr.close()
