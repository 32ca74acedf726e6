"""A person's countdown survives a restart: the deadline is saved, not the full time.

The room's clocks are faked (``time.time`` and ``time.monotonic`` as seen by
:mod:`pokerkit_core.web.rooms`), so the figures are exact: a person with 30
seconds who used 20 before the server stopped has 10 left after it starts
again, never the full 30, and at least ``RESUME_SECONDS`` after a long stop.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from pokerkit_core.web import rooms as rooms_module
from pokerkit_core.web.limits import RESUME_SECONDS
from pokerkit_core.web.protocol import read_room_request
from pokerkit_core.web.rooms import Room
from pokerkit_core.web.store import Store


class FakeTime:
    """``time`` as the rooms module uses it: a wall clock and a monotonic clock we move."""

    def __init__(self) -> None:
        self.wall = 1_700_000_000.0
        self.mono = 500.0

    def time(self) -> float:
        return self.wall

    def monotonic(self) -> float:
        return self.mono

    def pass_seconds(self, seconds: float) -> None:
        self.wall += seconds
        self.mono += seconds

    def __getattr__(self, name: str) -> Any:  # strftime, gmtime: the real ones
        return getattr(time, name)


@pytest.fixture
def clock(monkeypatch: Any) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(rooms_module, "time", fake)
    return fake


def _room_with_a_person_to_act(clock: FakeTime) -> Room:
    request = read_room_request({"kind": "cash", "seed": 2, "decision_seconds": 30,
                                 "seats": [{"player": "human"}, {"player": "human"}]})
    room = Room.create("r1", request)
    asyncio.run(room.deal())
    assert room.session.to_act is not None
    room.deadline = clock.monotonic() + 30  # as the lobby sets it for a new decision
    return room


def _restart(room: Room, clock: FakeTime, down_seconds: float, mono_after: float) -> Room:
    saved = json.loads(json.dumps(room.save()))
    clock.wall += down_seconds
    clock.mono = mono_after  # a new process: its monotonic clock starts anywhere
    return Room.load(room.id, room.created, saved, None)


def test_the_countdown_goes_on_after_a_restart(clock: FakeTime) -> None:
    room = _room_with_a_person_to_act(clock)
    clock.pass_seconds(20)
    again = _restart(room, clock, down_seconds=2, mono_after=7.0)
    assert again.deadline is not None
    assert again.deadline - clock.monotonic() == pytest.approx(8.0)  # 30 - 20 used - 2 down
    assert again.state_message(None, set())["deadline_ms"] == 8000


def test_a_long_stop_leaves_the_resume_time(clock: FakeTime) -> None:
    room = _room_with_a_person_to_act(clock)
    clock.pass_seconds(25)
    again = _restart(room, clock, down_seconds=3600, mono_after=1.0)
    assert again.deadline is not None
    assert again.deadline - clock.monotonic() == pytest.approx(RESUME_SECONDS)


def test_the_progress_row_keeps_the_deadline(clock: FakeTime, tmp_path: Any) -> None:
    room = _room_with_a_person_to_act(clock)
    store = Store(tmp_path)
    store.save_room(room.id, room.created, room.save())
    seat = room.session.to_act
    assert seat is not None
    legal = room.session.observation(seat).legal
    assert legal is not None
    asyncio.run(room.act(seat, room.hand_number or 0, "k" if legal.can_check else "c"))
    room.deadline = clock.monotonic() + 30  # the next person's decision
    clock.pass_seconds(12)
    store.save_progress(room.id, room.hand_number or 0, room.seq, room.actions(), room.deadline_at())
    data, progress = next(store.rooms())[2], store.progress(room.id)
    store.close()
    assert progress is not None and progress[3] == pytest.approx(clock.wall + 18)
    clock.mono = 3.0
    again = Room.load(room.id, room.created, data, None, progress)
    assert again.session.to_act == room.session.to_act
    assert again.deadline is not None
    assert again.deadline - clock.monotonic() == pytest.approx(18.0)
