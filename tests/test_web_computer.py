"""Computer seats decide off the event loop: a slow one holds up only its own room.

A deliberately slow policy (it waits on an event the test sets) sits in one
room; another room of the same server keeps answering its people meanwhile.
A room whose computer seats decide in the pool deals and plays exactly the
hands it deals with the policies inline.  A policy that never answers (an
embedding application's own) times out at the pool's deadline with a
time-out fault and the default action, its room starts no second decision
while the first still runs, and two such rooms (as many as the pool's
threads) do not stop a third room's computer seats from playing.
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

from pokerkit_core.engine.actions import Action, ActionKind  # noqa: E402
from pokerkit_core.players.driver import FaultKind  # noqa: E402
from pokerkit_core.engine.events import ActionTaken  # noqa: E402
from pokerkit_core.engine.observation import Observation  # noqa: E402
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
        if room.session.is_between_hands:
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
    from pokerkit_core.tables.session import TableConfig, TableSession

    def session() -> TableSession:
        return TableSession(TableConfig(stacks=(1000,) * 3),
                            [None, rooms_module.load_policy("normal", seed=1), None], seed=8)

    inline, pooled = session(), session()
    inline.start_hand()
    asyncio.run(pooled.start_hand_async())
    while not inline.is_between_hands:
        seat = inline.to_act
        assert seat is not None and pooled.to_act == seat
        inline.time_out(seat)
        asyncio.run(pooled.time_out_async(seat))
    assert pooled.is_between_hands and pooled.records == inline.records
    assert [r.state for r in pooled.records] == [r.state for r in inline.records]
    assert [f.kind for f in pooled.faults] == [f.kind for f in inline.faults] != []


class StuckPolicy:
    """Never answers until the test ends (an embedding application's broken bot)."""

    name = "stuck"
    release = threading.Event()
    started: list[int] = []

    def decide(self, observation: Observation) -> Action:
        self.started.append(observation.seat)
        self.release.wait(60)
        legal = observation.legal
        assert legal is not None
        return Action.parse("k" if legal.can_check else "c", legal)


@pytest.fixture
def stuck(monkeypatch: Any) -> Any:
    """``hard`` seats are :class:`StuckPolicy`; released at the end."""
    real = rooms_module.load_policy
    StuckPolicy.started = []
    StuckPolicy.release = threading.Event()
    monkeypatch.setattr(rooms_module, "load_policy",
                        lambda level, seed=None: StuckPolicy() if level == "hard" else real(level, seed=seed))
    yield StuckPolicy
    StuckPolicy.release.set()


DEADLINE = 1.0  # seconds: far above a built-in decision, so only the stuck one times out


def test_a_stuck_computer_seat_times_out_with_a_fault(stuck: Any) -> None:
    pool = ComputerPool(decision_seconds=DEADLINE)
    request = read_room_request({"kind": "cash", "seed": 5, "seats": [
        {"player": "human"}, {"player": "ai", "level": "hard"}]})
    room = Room.create("a", request, pool)

    async def run() -> None:
        await asyncio.wait_for(room.deal(), 30)
        while room.session.to_act != 0 or len(room.session.faults) < 2:
            if room.session.is_between_hands:
                await asyncio.wait_for(room.deal(), 30)
                continue
            legal = room.session.observation(0).legal
            assert legal is not None
            await asyncio.wait_for(room.act(0, room.hand_number or 0, "k" if legal.can_check else "c"), 30)

    asyncio.run(run())
    faults = room.session.faults
    assert [(f.seat, f.kind) for f in faults[:2]] == [(1, FaultKind.TIMEOUT)] * 2
    assert "longer than 1 s" in faults[0].message
    assert "earlier decision of this room is still running" in faults[1].message
    assert stuck.started == [1]  # the second decision never started: the first still runs
    state = room.session.state if not room.session.is_between_hands else room.last_state
    assert state is not None
    by_seat_1 = [e.action.kind for e in state.history if isinstance(e, ActionTaken) and e.seat == 1]
    assert by_seat_1 and set(by_seat_1) <= {ActionKind.CHECK, ActionKind.FOLD}  # the default action
    pool.close()


def test_stuck_rooms_do_not_starve_another_room(stuck: Any) -> None:
    pool = ComputerPool(threads=2, decision_seconds=DEADLINE)
    computers = [{"player": "ai", "level": "hard"}] * 2
    stuck_rooms = [Room.create(f"s{n}", read_room_request({"kind": "cash", "seed": n, "seats": computers}),
                               pool) for n in range(2)]
    free = Room.create("free", read_room_request({"kind": "cash", "seed": 9, "seats": [
        {"player": "ai", "level": "easy"}, {"player": "ai", "level": "normal"}]}), pool)

    async def run() -> None:
        deals = [asyncio.ensure_future(r.deal()) for r in stuck_rooms]
        for _ in range(600):  # both stuck decisions hold a thread each: as many as the pool's
            if len(stuck.started) == 2:
                break
            await asyncio.sleep(0.05)
        assert len(stuck.started) == 2
        await asyncio.wait_for(free.deal(), 30)  # a whole hand of computer decisions meanwhile
        assert free.session.hand_count == 1 and free.session.faults == ()
        assert not stuck.release.is_set()
        await asyncio.wait_for(asyncio.gather(*deals), 30)

    asyncio.run(run())
    for room in stuck_rooms:
        assert [f.kind for f in room.session.faults] == [FaultKind.TIMEOUT]
        assert room.session.is_between_hands  # the seat to act folded (or checked) by default
    assert len(stuck.started) == 2
    pool.close()


def test_a_room_goes_on_once_its_slow_decision_comes_back(stuck: Any) -> None:
    pool = ComputerPool(decision_seconds=DEADLINE)
    room = Room.create("a", read_room_request({"kind": "cash", "seed": 2, "seats": [
        {"player": "ai", "level": "hard"}, {"player": "ai", "level": "easy"}]}), pool)

    async def run() -> None:
        while not stuck.started:  # deal until the stuck seat is asked (it may fold by default)
            await asyncio.wait_for(room.deal(), 30)
        stuck.release.set()  # the late answer comes back (and is discarded)
        asked = len(stuck.started)
        for _ in range(20):
            await asyncio.wait_for(room.deal(), 30)
            if len(stuck.started) > asked:
                break
        assert len(stuck.started) > asked  # the seat decides again, now answering at once

    asyncio.run(run())
    assert [f.kind for f in room.session.faults] == [FaultKind.TIMEOUT]
    pool.close()


class ExitingPolicy:
    """Raises ``SystemExit`` in its pool thread (it must not reach the event loop)."""

    name = "exiting"

    def decide(self, observation: Observation) -> Action:
        raise SystemExit(3)


def test_a_policy_raising_in_its_thread_is_a_fault(monkeypatch: Any) -> None:
    real = rooms_module.load_policy
    monkeypatch.setattr(rooms_module, "load_policy",
                        lambda level, seed=None: ExitingPolicy() if level == "hard" else real(level, seed=seed))
    pool = ComputerPool(decision_seconds=DEADLINE)
    room = Room.create("a", read_room_request({"kind": "cash", "seed": 4, "seats": [
        {"player": "ai", "level": "hard"}, {"player": "ai", "level": "easy"}]}), pool)

    async def run() -> None:
        while not room.session.faults:
            await asyncio.wait_for(room.deal(), 30)

    asyncio.run(run())
    fault = room.session.faults[0]
    assert (fault.seat, fault.kind) == (0, FaultKind.RAISED) and "SystemExit(3)" in fault.message
    assert room.session.is_between_hands
    pool.close()
