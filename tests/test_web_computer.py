"""Computer seats decide off the event loop: a slow one holds up only its own room.

A deliberately slow policy (it waits on an event the test sets) sits in one
room; another room of the same server keeps answering its people meanwhile.
A room whose computer seats decide in the pool deals and plays exactly the
hands it deals with the policies inline.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")

from pokerkit_core.actions import Action  # noqa: E402
from pokerkit_core.observation import Observation  # noqa: E402
from pokerkit_core.web import rooms as rooms_module  # noqa: E402
from pokerkit_core.web.computer import ComputerPool  # noqa: E402
from pokerkit_core.web.protocol import read_room_request  # noqa: E402
from pokerkit_core.web.rooms import Room  # noqa: E402

from webserver import thread_server  # noqa: E402


class SlowPolicy:
    """Checks or calls, but only once the test lets it (a computer player stuck thinking)."""

    name = "slow"

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.release = threading.Event()

    def decide(self, observation: Observation) -> Action:
        self.asked.set()
        self.release.wait(60)
        legal = observation.legal
        assert legal is not None
        return Action.parse("k" if legal.can_check else "c", legal)


def _states(ws: Any, timeout: float = 20) -> Any:
    while True:
        message = json.loads(ws.recv(timeout=timeout))
        if message["type"] == "state":
            yield message


def _act_when_asked(ws: Any) -> None:
    """Wait until this seat is to act, then check or call (the reply is not awaited)."""
    for state in _states(ws):
        if state["to_act"] == state["you"]:
            legal = state["observation"]["legal"]
            ws.send(json.dumps({"type": "action", "hand": state["hand_number"],
                                "action": "k" if legal["can_check"] else "c"}))
            return


def _newest(ws: Any, after: int) -> dict[str, Any]:
    """The newest state on the socket, waiting for one with ``seq`` above ``after``."""
    newest: dict[str, Any] | None = None
    while True:
        try:
            message = json.loads(ws.recv(timeout=0.2 if newest is not None else 20))
        except TimeoutError:
            assert newest is not None
            return newest
        if message["type"] == "state" and message["seq"] > after:
            newest = message


def _play_turns(sockets: list[Any], turns: int) -> list[dict[str, Any]]:
    """Play ``turns`` actions at a table of people (one socket per seat, seat 0 first)."""
    answered: list[dict[str, Any]] = []
    seen = [_newest(ws, -1) for ws in sockets]
    while len(answered) < turns:
        state = max(seen, key=lambda s: s["seq"])
        seat = state["to_act"]
        assert seat is not None
        ws = sockets[seat]
        own = seen[seat] if seen[seat]["seq"] == state["seq"] else _newest(ws, seen[seat]["seq"])
        legal = own["observation"]["legal"]
        ws.send(json.dumps({"type": "action", "hand": own["hand_number"],
                            "action": "k" if legal["can_check"] else "c"}))
        seen = [_newest(w, own["seq"]) for w in sockets]
        answered.append(seen[seat])
    return answered


def test_a_slow_computer_seat_does_not_stall_another_room(monkeypatch: Any) -> None:
    slow = SlowPolicy()
    real = rooms_module.load_policy
    monkeypatch.setattr(rooms_module, "load_policy",
                        lambda level, seed=None: slow if level == "hard" else real(level, seed=seed))
    with thread_server() as server:
        stuck = server.create(kind="cash", seats=[{"player": "human"}, {"player": "ai", "level": "hard"}],
                              pause_seconds=0, seed=3, sit={"seat": 0, "name": "a"})
        free = server.create(kind="cash", seats=[{"player": "human"}, {"player": "human"}],
                             pause_seconds=0, seed=4, sit={"seat": 0, "name": "b"})
        other = server.join(free["room"]["id"], 1, "c")
        with sync_client.connect(server.ws(f"/ws/room/{stuck['room']['id']}")) as a, \
                sync_client.connect(server.ws(f"/ws/room/{free['room']['id']}")) as b, \
                sync_client.connect(server.ws(f"/ws/room/{free['room']['id']}")) as c:
            a.send(json.dumps({"type": "hello", "token": stuck["token"]}))
            b.send(json.dumps({"type": "hello", "token": free["token"]}))
            c.send(json.dumps({"type": "hello", "token": other}))
            if not slow.asked.wait(2):  # the person acts first: then the computer thinks
                _act_when_asked(a)
            assert slow.asked.wait(20)
            # the computer seat is stuck thinking; the other room plays on
            answered = _play_turns([b, c], 3)
            assert [s["room"] for s in answered] == [free["room"]["id"]] * 3
            assert answered[-1]["seq"] > answered[0]["seq"]
            assert not slow.release.is_set()
            slow.release.set()
            after = next(s for s in _states(a) if s["observation"]["history"][-1].get("seat") == 1)
            assert after["observation"]["history"][-1]["type"] == "ActionTaken"


async def _play(room: Room, hands: int) -> None:
    """Deal ``hands`` hands, the person at seat 0 checking or calling."""
    while room.session.hand_count < hands:
        if room.session.hand_over:
            await room.deal()
            continue
        seat = room.session.to_act
        assert seat == 0
        legal = room.session.observation(seat).legal
        assert legal is not None
        await room.act(seat, room.hand_number or 0, "k" if legal.can_check else "c")


def test_the_pool_plays_the_same_hands_as_inline_policies() -> None:
    request = read_room_request({"kind": "cash", "seed": 11, "seats": [
        {"player": "human"}, {"player": "ai", "level": "normal"}, {"player": "ai", "level": "easy"}]})
    pool = ComputerPool()
    pooled = Room.create("a", request, pool)
    inline = Room.create("b", request)
    asyncio.run(_play(pooled, 6))
    asyncio.run(_play(inline, 6))
    pool.close()
    assert [r.state for r in pooled.session.records] == [r.state for r in inline.session.records]
    assert pooled.session.stacks == inline.session.stacks
    assert sum(pooled.session.stacks) == 3 * 10_000


def test_time_out_async_plays_the_default_action_as_time_out() -> None:
    from pokerkit_core.table import TableConfig, TableSession

    def session() -> TableSession:
        return TableSession(TableConfig(stacks=(1000,) * 3),
                            [None, rooms_module.load_policy("normal", seed=1), None], seed=8)

    inline, pooled = session(), session()
    inline.start_hand()
    asyncio.run(pooled.start_hand_async())
    while not inline.hand_over:
        seat = inline.to_act
        assert seat is not None and pooled.to_act == seat
        inline.time_out(seat)
        asyncio.run(pooled.time_out_async(seat))
    assert pooled.hand_over and pooled.records == inline.records
    assert [r.state for r in pooled.records] == [r.state for r in inline.records]
    assert [f.kind for f in pooled.faults] == [f.kind for f in inline.faults] != []
