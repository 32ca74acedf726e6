"""Hostile and invalid browser input: a clear error back and nothing changes.

A real uvicorn server on 127.0.0.1 (in a thread); raw WebSocket clients send
bad JSON, huge messages, wrong tokens, actions out of turn, illegal amounts,
stale hands and floods; bad HTTP bodies go to the lobby API.  After each
refusal no state message follows (the room did not change) and a new
spectator sees the same ``seq``.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")
exceptions = pytest.importorskip("websockets.exceptions")

from webserver import Server, thread_server  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with thread_server() as running:
        yield running


def _room(server: Server) -> tuple[str, list[str]]:
    room = server.create(kind="cash", seats=[{"player": "human"}, {"player": "human"}],
                         stack=1000, pause_seconds=0, seed=3)
    room_id = room["room"]["id"]
    return room_id, [server.join(room_id, seat, f"p{seat}") for seat in (0, 1)]


@contextlib.contextmanager
def _socket(server: Server, room_id: str, token: str | None = "", hello: bool = True) -> Iterator[Any]:
    with sync_client.connect(server.ws(f"/ws/room/{room_id}"), max_size=2**20) as ws:
        if hello:
            ws.send(json.dumps({"type": "hello", "token": token or None}))
            welcome = json.loads(ws.recv(timeout=10))
            assert welcome["type"] in ("welcome", "error"), welcome
        yield ws


def _next(ws: Any) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=10)))


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = _next(ws)
        if message["type"] == "state":
            return message


def _drain(ws: Any) -> dict[str, Any]:
    """Read what was sent so far; the newest state."""
    newest = _state(ws)
    while True:
        try:
            message = json.loads(ws.recv(timeout=0.3))
        except TimeoutError:
            return newest
        if message["type"] == "state":
            newest = message


def _refused(ws: Any, raw: str | bytes, code: str) -> dict[str, Any]:
    """Send ``raw``; the answer is an ``error`` with ``code`` and no state came first."""
    ws.send(raw)
    message = _next(ws)
    assert message["type"] == "error", message
    assert message["code"] == code, message
    assert message["message"]
    return message


def _seq(server: Server, room_id: str) -> int:
    with _socket(server, room_id, None) as ws:
        return int(_state(ws)["seq"])


def test_hostile_messages_change_nothing(server: Server) -> None:
    room_id, tokens = _room(server)
    with _socket(server, room_id, tokens[0]) as a, _socket(server, room_id, tokens[1]) as b:
        state = _drain(a)
        _drain(b)
        hand, to_act = state["hand_number"], state["to_act"]
        assert to_act in (0, 1)
        mover, waiter = (a, b) if to_act == 0 else (b, a)
        seq = _seq(server, room_id)

        _refused(mover, "{bad", "bad_json")
        _refused(mover, "[1, 2]", "bad_json")
        _refused(mover, '{"type": "action", "hand": NaN, "action": "c"}', "bad_json")
        _refused(mover, json.dumps({"type": "dance"}), "bad_message")
        _refused(mover, json.dumps({"type": "action", "hand": hand, "action": "c", "x": 1}), "bad_message")
        _refused(mover, json.dumps({"type": "action", "hand": str(hand), "action": "c"}), "bad_message")
        _refused(mover, json.dumps({"type": "action", "hand": True, "action": "c"}), "bad_message")
        _refused(mover, json.dumps({"type": "action", "hand": hand, "action": 300}), "bad_message")
        _refused(mover, json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large")
        _refused(waiter, json.dumps({"type": "action", "hand": hand, "action": "c"}), "not_your_turn")
        _refused(mover, json.dumps({"type": "action", "hand": hand + 1, "action": "c"}), "stale_hand")
        for text in ("r 12.5", "r -5", "xyz", "b", "r 1e3"):
            _refused(mover, json.dumps({"type": "action", "hand": hand, "action": text}), "bad_action")
        for text in ("r 101", "r 99999999", "k"):
            error = _refused(mover, json.dumps({"type": "action", "hand": hand, "action": text}),
                             "illegal_action")
            assert "legal" in error["message"]
        assert _seq(server, room_id) == seq  # nothing changed

        # the connection still works, and a legal action is taken
        mover.send(json.dumps({"type": "ping"}))
        assert _next(mover) == {"type": "pong"}
        mover.send(json.dumps({"type": "action", "hand": hand, "action": "c"}))
        assert _state(mover)["seq"] == seq + 1


def test_tokens_and_spectators(server: Server) -> None:
    room_id, tokens = _room(server)
    seq = _seq(server, room_id)
    with _socket(server, room_id, hello=False) as ws:
        _refused(ws, json.dumps({"type": "action", "hand": 1, "action": "c"}), "hello_first")
        _refused(ws, json.dumps({"type": "hello", "token": "not-a-token"}), "bad_token")
        _refused(ws, json.dumps({"type": "action", "hand": 1, "action": "c"}), "not_seated")
        forged = tokens[0][:-1] + ("B" if tokens[0].endswith("A") else "A")  # one character off, never the token
        _refused(ws, json.dumps({"type": "hello", "token": forged}), "bad_token")
    other_id, other_tokens = _room(server)
    with _socket(server, room_id, hello=False) as ws:  # a token of another room
        _refused(ws, json.dumps({"type": "hello", "token": other_tokens[0]}), "bad_token")
    assert _seq(server, room_id) == seq


def test_flooding_is_limited(server: Server) -> None:
    room_id, tokens = _room(server)
    seq = _seq(server, room_id)
    with _socket(server, room_id, tokens[0]) as ws:
        for _ in range(100):
            ws.send(json.dumps({"type": "ping"}))
        answers: list[dict[str, Any]] = []
        while len(answers) < 100:
            message = _next(ws)
            if message["type"] != "state":
                answers.append(message)
        pongs = [m for m in answers if m["type"] == "pong"]
        limited = [m for m in answers if m.get("code") == "rate_limited"]
        assert len(pongs) + len(limited) == 100
        assert 30 <= len(pongs) <= 70 and len(limited) >= 30  # a burst of 40, then 20 a second
    with _socket(server, room_id, tokens[0]) as ws:  # a flood past the limit: closed
        with pytest.raises(exceptions.ConnectionClosed) as closed:
            for _ in range(2000):
                ws.send("{junk")
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is None or closed.value.rcvd.code in (1000, 1008)
    with _socket(server, room_id, tokens[0]) as ws:  # a frame over the server's maximum
        with pytest.raises(exceptions.ConnectionClosed):
            ws.send("x" * 200_000)
            while True:
                ws.recv(timeout=10)
    assert _seq(server, room_id) == seq


def test_bad_http_requests(server: Server) -> None:
    assert server.request("POST", "/api/rooms", raw=b"{bad")[1]["error"]["code"] == "bad_json"
    for body, code in (
        ({"kind": "poker"}, "bad_message"),
        ({"kind": "cash", "seats": [{"player": "human"}] * 11}, "bad_message"),
        ({"kind": "cash", "seats": [{"player": "ai", "level": "godlike"}] * 2}, "bad_message"),
        ({"kind": "cash", "stack": -1}, "bad_message"),
        ({"kind": "cash", "stack": True}, "bad_message"),
        ({"kind": "cash", "small_blind": 200, "big_blind": 100}, "bad_config"),
        ({"kind": "sitngo", "mode": "nolimit", "seats": [{"player": "human"}] * 3}, "bad_config"),
        ({"kind": "cash", "name": ""}, "bad_message"),
        ({"kind": "cash", "hacker": 1}, "bad_message"),
    ):
        status, reply = server.request("POST", "/api/rooms", body)
        assert status == 400 and reply["error"]["code"] == code, (body, reply)
    status, reply = server.request("POST", "/api/rooms", raw=b'{"kind": "cash", "name": "' + b"x" * 20000 + b'"}')
    assert status == 413 and reply["error"]["code"] == "too_large"
    room_id, _ = _room(server)
    status, reply = server.request("POST", f"/api/rooms/{room_id}/join", {"seat": 0, "name": "z"})
    assert status == 409 and reply["error"]["code"] == "seat_taken"
    status, reply = server.request("POST", f"/api/rooms/{room_id}/join", {"seat": 9, "name": "z"})
    assert status == 400
    status, reply = server.request("GET", "/api/rooms/nope")
    assert status == 404 and reply["error"]["code"] == "no_room"
    status, reply = server.request("POST", "/api/replays?format=phh", raw=b"not = [a phh")
    assert status == 400 and reply["error"]["code"] == "bad_history"
