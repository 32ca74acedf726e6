"""What the server keeps and for how long: replays survive a restart, rooms end.

Uploaded replays are kept under ``--data`` (a new server on the same
directory still serves them, the oldest beyond the limit deleted); the
creator of a room closes it with its ``owner_token`` (its connections are told,
its hands deleted); finished and idle rooms are deleted after their time.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")

from pokerkit_core.formats import phh  # noqa: E402
from pokerkit_core.formats.replay import record as history_of  # noqa: E402
from pokerkit_core.engine.policy import load_policy  # noqa: E402
from pokerkit_core.tables.session import TableConfig, TableSession  # noqa: E402
from pokerkit_core.web.limits import FINISHED_ROOM_SECONDS, IDLE_ROOM_SECONDS  # noqa: E402
from pokerkit_core.web.lobby import Lobby  # noqa: E402
from pokerkit_core.web.protocol import ProtocolError, read_room_request  # noqa: E402
from pokerkit_core.web.store import Store  # noqa: E402

from webserver import thread_server  # noqa: E402


def _phh_text(seed: int) -> str:
    session = TableSession(TableConfig(stacks=(1000,) * 3),
                           [load_policy("easy", seed=s) for s in range(3)], seed=seed)
    record = session.play_hand()
    assert record.state is not None
    return phh.dumps(history_of(record.state, players=["a", "b", "c"], hand_id=seed))


def test_an_uploaded_replay_survives_a_restart(tmp_path: Path) -> None:
    with thread_server(tmp_path) as server:
        status, reply = server.request("POST", "/api/replays?format=phh", raw=_phh_text(4).encode())
        assert status == 201, reply
        status, before = server.request("GET", f"/api/replays/{reply['replay']}/hands/0")
        assert status == 200
    with thread_server(tmp_path) as server:
        status, after = server.request("GET", f"/api/replays/{reply['replay']}/hands/0")
        assert status == 200, after
        assert after == before
        status, missing = server.request("GET", "/api/replays/0123456789abcdef/hands/0")
        assert status == 404 and missing["error"]["code"] == "no_replay"


def test_the_store_keeps_the_newest_replays(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for n in range(5):
        store.save_replay(f"r{n}", 1000.0 + n, "phh", f"text {n}", keep=3)
    assert [store.replay(f"r{n}") for n in range(5)] == [
        None, None, ("phh", "text 2"), ("phh", "text 3"), ("phh", "text 4")]
    store.close()


def test_the_creator_closes_a_room(tmp_path: Path) -> None:
    with thread_server(tmp_path) as server:
        made = server.create(kind="cash", seats=[{"player": "human"}, {"player": "ai"}],
                             sit={"seat": 0, "name": "ann"})
        room_id, owner = made["room"]["id"], made["owner_token"]
        assert owner != made["token"]
        with sync_client.connect(server.ws(f"/ws/room/{room_id}")) as ws:
            ws.send(json.dumps({"type": "hello"}))
            assert json.loads(ws.recv(timeout=20))["type"] == "welcome"
            for token in (made["token"], owner[:-1] + ("A" if owner[-1] != "A" else "B")):
                status, refused = server.request("POST", f"/api/rooms/{room_id}/close", {"token": token})
                assert status == 403 and refused["error"]["code"] == "not_owner"
            assert server.request("GET", f"/api/rooms/{room_id}")[0] == 200
            status, closed = server.request("POST", f"/api/rooms/{room_id}/close", {"token": owner})
            assert status == 200 and closed == {"closed": room_id}
            messages = []
            while not messages or messages[-1]["type"] != "closed":
                messages.append(json.loads(ws.recv(timeout=20)))
            assert messages[-1] == {"type": "closed", "room": room_id, "reason": "closed by its creator"}
        assert server.request("GET", f"/api/rooms/{room_id}")[0] == 404
        status, bad = server.request("POST", f"/api/rooms/{room_id}/close", {"token": 5})
        assert status == 400 and bad["error"]["code"] == "bad_message"
    store = Store(tmp_path)
    assert [r for r, _, _ in store.rooms()] == [] and store.hands(room_id) == []
    store.close()
    with thread_server(tmp_path) as server:
        assert server.request("GET", f"/api/rooms/{room_id}")[0] == 404


async def _lobby_rooms(lobby: Lobby) -> tuple[str, str]:
    """A finished room (two computer players, one hand) and a room waiting for a person."""
    done = lobby.create(read_room_request({
        "kind": "cash", "max_hands": 1, "pause_seconds": 0, "seed": 1,
        "seats": [{"player": "ai", "level": "easy"}, {"player": "ai", "level": "easy"}]}))
    waiting = lobby.create(read_room_request({"kind": "cash", "seats": [{"player": "human"}] * 2}))
    finished = lobby.rooms[done["room"]["id"]]
    for _ in range(400):  # the first hand is dealt at once, its computer seats decide in the pool
        if finished.status == "over":
            break
        await asyncio.sleep(0.05)
    assert finished.status == "over"
    return done["room"]["id"], waiting["room"]["id"]


def test_finished_and_idle_rooms_expire(tmp_path: Path) -> None:
    store = Store(tmp_path)
    lobby = Lobby(store)

    async def run() -> None:
        done, waiting = await _lobby_rooms(lobby)
        ended = lobby.rooms[done].touched
        assert lobby.expire(ended + FINISHED_ROOM_SECONDS - 1) == []
        assert lobby.expire(ended + FINISHED_ROOM_SECONDS) == [done]
        assert set(lobby.rooms) == {waiting}
        assert store.hands(done) == []
        idle_since = lobby.rooms[waiting].touched
        assert lobby.expire(idle_since + IDLE_ROOM_SECONDS - 1) == []
        assert lobby.expire(idle_since + IDLE_ROOM_SECONDS) == [waiting]
        assert lobby.rooms == {}
        lobby.close()

    asyncio.run(run())
    assert list(store.rooms()) == []
    store.close()


def test_a_watched_room_does_not_go_idle() -> None:
    from pokerkit_core.web.connections import Connection

    store = Store(":memory:")
    lobby = Lobby(store)

    async def run() -> None:
        waiting = lobby.create(read_room_request({"kind": "cash", "seats": [{"player": "human"}] * 2}))
        room_id = waiting["room"]["id"]
        lobby.attach(Connection(room_id))
        assert lobby.expire(lobby.rooms[room_id].touched + 10 * IDLE_ROOM_SECONDS) == []
        lobby.close()

    asyncio.run(run())
    store.close()


def test_a_closed_room_is_refused() -> None:
    store = Store(":memory:")
    lobby = Lobby(store)

    async def run() -> None:
        made = lobby.create(read_room_request({"kind": "cash", "seats": [{"player": "human"}] * 2}))
        room_id = made["room"]["id"]
        lobby.close_room(room_id, made["owner_token"])
        with pytest.raises(ProtocolError) as caught:
            lobby.close_room(room_id, made["owner_token"])
        assert caught.value.code == "no_room" and caught.value.status == 404
        lobby.close()

    asyncio.run(run())
    store.close()
