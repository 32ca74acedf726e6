"""One client cannot flood the replayer: uploads per window, and a fair share of the store.

A client (its address) may upload ``REPLAY_UPLOADS_PER_WINDOW`` replays in any
``REPLAY_UPLOAD_WINDOW_SECONDS``; the next one is refused with 429 and a
``Retry-After`` saying when the oldest leaves the window.  The store keeps at
most ``MAX_STORED_REPLAYS_PER_CLIENT`` of one client's uploads, and when it is
full an upload pushes out another client's replay only if that client holds
at least as many as the uploader: one client uploading without end never
empties the others.  The clock is faked (``time`` as the replay module sees
it), so the figures are exact.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from pokerkit_core.formats import phh
from pokerkit_core.formats.replay import record as history_of
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.tables.session import TableConfig, TableSession
from pokerkit_core.web import replay as replay_module
from pokerkit_core.web.limits import (
    MAX_STORED_REPLAYS,
    MAX_STORED_REPLAYS_PER_CLIENT,
    REPLAY_UPLOAD_WINDOW_SECONDS,
    REPLAY_UPLOADS_PER_WINDOW,
)
from pokerkit_core.web.protocol import ProtocolError
from pokerkit_core.web.replay import Replays, UploadWindow
from pokerkit_core.web.store import DATABASE_NAME, Store

from test_web_clock import FakeTime


@pytest.fixture
def clock(monkeypatch: Any) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(replay_module, "time", fake)
    return fake


@pytest.fixture(scope="module")
def phh_text() -> str:
    session = TableSession(TableConfig(stacks=(1000,) * 2),
                           [load_policy("easy", seed=s) for s in range(2)], seed=5)
    record = session.play_hand()
    assert record.state is not None
    return phh.dumps(history_of(record.state, players=["a", "b"], hand_id=1))


def _kept(store: Store, ids: list[str]) -> list[str]:
    return [i for i in ids if store.replay(i) is not None]


def test_the_window_refuses_the_upload_over_the_limit(clock: FakeTime) -> None:
    window = UploadWindow(uploads=3, seconds=60.0)
    for _ in range(2):
        window.take("10.0.0.1")
        clock.pass_seconds(10)
    window.take("10.0.0.1")  # three uploads at 0, 10 and 20 s
    with pytest.raises(ProtocolError) as caught:
        window.take("10.0.0.1")
    assert caught.value.status == 429 and caught.value.code == "too_many"
    assert caught.value.retry_after == 40  # the upload at 0 s leaves the window at 60 s
    window.take("10.0.0.2")  # another address has its own quota
    clock.pass_seconds(40)
    window.take("10.0.0.1")  # the first upload left the window
    with pytest.raises(ProtocolError) as again:
        window.take("10.0.0.1")
    assert again.value.retry_after == 10


def test_the_window_forgets_quiet_clients(clock: FakeTime) -> None:
    window = UploadWindow(uploads=1, seconds=60.0)
    for n in range(100):
        window.take(f"10.0.{n}.1")
    clock.pass_seconds(60)
    window.take("10.1.0.1")
    assert len(window._times) == 1


def test_one_client_keeps_at_most_its_share(tmp_path: Path) -> None:
    store = Store(tmp_path)
    others = [f"o{n}" for n in range(3)]
    for n, replay_id in enumerate(others):
        store.save_replay(replay_id, 1000.0 + n, "phh", "x", keep=10, client=f"10.0.0.{n + 2}",
                          keep_per_client=4)
    flood = [f"f{n}" for n in range(30)]
    for n, replay_id in enumerate(flood):
        store.save_replay(replay_id, 2000.0 + n, "phh", "x", keep=10, client="10.0.0.1",
                          keep_per_client=4)
    assert _kept(store, others) == others
    assert _kept(store, flood) == flood[-4:]  # its newest four, the oldest going first
    store.close()


def test_a_full_store_is_shared_fairly(tmp_path: Path) -> None:
    store = Store(tmp_path)
    others = [f"o{n}" for n in range(4)]
    for n, replay_id in enumerate(others):  # four clients fill the store, one replay each
        store.save_replay(replay_id, 1000.0 + n, "phh", "x", keep=5, client=f"10.0.0.{n + 2}")
    store.save_replay("big", 1100.0, "phh", "x", keep=6, client="10.0.0.2")  # one holds two
    flood = [f"f{n}" for n in range(50)]
    for n, replay_id in enumerate(flood):  # no cap per client: only the store's size
        store.save_replay(replay_id, 2000.0 + n, "phh", "x", keep=5, client="10.0.0.1")
    # the first upload took the oldest replay of the client holding two;
    # from then on everyone holds one and the uploader's own oldest goes
    assert _kept(store, others + ["big"]) == ["o1", "o2", "o3", "big"]
    assert _kept(store, flood) == flood[-1:]
    store.close()


def test_an_old_database_gains_the_client_column(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("CREATE TABLE replays (id TEXT PRIMARY KEY, created REAL NOT NULL, "
               "format TEXT NOT NULL, text TEXT NOT NULL)")
    db.execute("INSERT INTO replays VALUES ('old', 1.0, 'phh', 'old text')")
    db.commit()
    db.close()
    store = Store(tmp_path)
    store.save_replay("new", 2.0, "phh", "new text", keep=5, client="10.0.0.1", keep_per_client=1)
    assert store.replay("old") == ("phh", "old text")
    assert store.replay("new") == ("phh", "new text")
    store.close()


def test_replays_count_each_clients_uploads(clock: FakeTime, phh_text: str) -> None:
    replays = Replays(Store(":memory:"))

    async def run() -> None:
        for _ in range(REPLAY_UPLOADS_PER_WINDOW):
            await replays.add_async(phh_text, "phh", "10.0.0.1")
        with pytest.raises(ProtocolError) as caught:
            await replays.add_async(phh_text, "phh", "10.0.0.1")
        assert caught.value.retry_after == int(REPLAY_UPLOAD_WINDOW_SECONDS)
        with pytest.raises(ProtocolError) as unreadable:  # counted, then refused as unreadable
            await replays.add_async("not a hand", "phh", "10.0.0.2")
        assert unreadable.value.code == "bad_history"
        assert len(replays.uploads._times["10.0.0.2"]) == 1

    asyncio.run(run())


def test_the_store_limits_are_a_share_of_the_store() -> None:
    assert MAX_STORED_REPLAYS_PER_CLIENT * 2 <= MAX_STORED_REPLAYS


def _post(base: str, path: str, body: bytes) -> tuple[int, Message, Any]:
    req = urllib.request.Request(base + path, data=body, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            return reply.status, reply.headers, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, json.loads(exc.read())


def test_an_upload_over_the_limit_gets_429_and_retry_after(clock: FakeTime, phh_text: str) -> None:
    pytest.importorskip("starlette")
    from webserver import thread_server

    with thread_server() as server:
        for _ in range(REPLAY_UPLOADS_PER_WINDOW):
            status, _, reply = _post(server.base, "/api/replays?format=phh", phh_text.encode())
            assert status == 201, reply
        clock.pass_seconds(REPLAY_UPLOAD_WINDOW_SECONDS - 100)
        status, headers, refused = _post(server.base, "/api/replays?format=phh", phh_text.encode())
        assert status == 429
        assert refused["error"]["code"] == "too_many"
        assert headers.get("Retry-After") == "100"
        assert "try again in 100 seconds" in refused["error"]["message"]
        clock.pass_seconds(100)
        status, _, reply = _post(server.base, "/api/replays?format=phh", phh_text.encode())
        assert status == 201, reply


def test_the_options_tell_the_page_the_upload_quota() -> None:
    pytest.importorskip("starlette")
    from webserver import thread_server

    with thread_server() as server:
        with urllib.request.urlopen(f"{server.base}/api/options", timeout=30) as reply:
            quota = json.loads(reply.read())["limits"]["replay_uploads"]
    assert quota == {
        "per_window": REPLAY_UPLOADS_PER_WINDOW,
        "window_seconds": REPLAY_UPLOAD_WINDOW_SECONDS,
        "kept_per_client": MAX_STORED_REPLAYS_PER_CLIENT,
    }
