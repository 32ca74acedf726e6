"""Issue 24: a session refuses re-entrant calls, keeps its chips under
MAX_CHIPS, does not run a RESET table forever, and its snapshot reader refuses
unknown keys at any depth."""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any, Callable

import pytest

from bots import CallBot, ShoveBot
from pokerkit_core.engine.actions import Action, Call, Check
from pokerkit_core.players.driver import FaultKind
from pokerkit_core.errors import InvalidConfigError, PolicyError, SessionBusyError
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.rules import MAX_CHIPS
from pokerkit_core.tables.session import Blinds, HandRecord, SeatState, StackMode, TableConfig, TableSession


def _picture(session: TableSession) -> tuple[Any, ...]:
    """What a refused call must not change."""
    state = session.state
    return (
        session.records,
        session.stacks,
        session.seat_states,
        session.hand_count,
        None if state is None else state.history,
        session.faults,
    )


class Reentrant:
    """Calls ``attempt(session)`` at its first decision, keeps what it raised
    and what the session looked like around it, then raises it on (or, with
    ``swallow``, calls)."""

    def __init__(self, attempt: Callable[[TableSession], object], *, swallow: bool = False) -> None:
        self.attempt = attempt
        self.swallow = swallow
        self.session: TableSession | None = None
        self.seen: list[BaseException] = []
        self.before: tuple[Any, ...] = ()
        self.after: tuple[Any, ...] = ()

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None and self.session is not None
        if not self.seen:
            self.before = _picture(self.session)
            try:
                self.attempt(self.session)
            except BaseException as exc:  # noqa: BLE001 - kept for the test
                self.seen.append(exc)
                self.after = _picture(self.session)
                if not self.swallow:
                    raise
            else:  # pragma: no cover - the session let the call through
                self.seen.append(AssertionError("not refused"))
        return Check if legal.can_check else Call


class RaisesOnce:
    """The reference: raises at its first decision, then checks or calls."""

    def __init__(self) -> None:
        self.raised = False

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        if not self.raised:
            self.raised = True
            raise RuntimeError("reference")
        return Check if legal.can_check else Call


CONFIG = TableConfig(stacks=(1_000, 1_000, 1_000), blinds=Blinds(5, 10), max_hands=4)

ATTEMPTS: dict[str, Callable[[TableSession], object]] = {
    "start_hand": lambda s: s.start_hand(),
    "play_hand": lambda s: s.play_hand(),
    "run": lambda s: s.run(),
    "apply": lambda s: s.apply(0, Call),
    "time_out": lambda s: s.time_out(0),
    "abandon_hand": lambda s: s.abandon_hand(),
    "sit_out": lambda s: s.sit_out(2),
    "leave": lambda s: s.leave(2),
    "close": lambda s: s.close(),
}


def _summaries(records: tuple[HandRecord, ...]) -> list[Any]:
    return [(r.hand_number, r.final_stacks, r.state.history if r.state else None) for r in records]


@pytest.mark.parametrize("name", sorted(ATTEMPTS))
def test_a_reentrant_call_from_decide_is_refused_and_changes_nothing(name: str) -> None:
    bot = Reentrant(ATTEMPTS[name])
    session = TableSession(CONFIG, [CallBot(), bot, CallBot()], seed=11)
    bot.session = session
    records = session.run()
    (error,) = bot.seen
    assert isinstance(error, SessionBusyError)
    assert f"{name}() was called while the session is inside run()" in str(error)
    assert bot.after == bot.before  # records, stacks, seats, hand, faults
    # the refusal is that policy's own fault, at its own seat, like any raise
    (fault,) = session.faults
    assert (fault.seat, fault.kind, fault.hand_number) == (1, FaultKind.RAISED, 1)
    assert "SessionBusyError" in fault.message
    # and the session plays exactly as with a policy that raised there
    reference = TableSession(CONFIG, [CallBot(), RaisesOnce(), CallBot()], seed=11)
    assert _summaries(records) == _summaries(reference.run())
    assert len(records) == 4


def test_a_policy_that_swallows_the_refusal_plays_its_own_seat() -> None:
    bot = Reentrant(ATTEMPTS["start_hand"], swallow=True)
    session = TableSession(CONFIG, [CallBot(), bot, CallBot()], seed=3)
    bot.session = session
    record = session.play_hand()
    assert isinstance(bot.seen[0], SessionBusyError) and session.faults == ()
    reference = TableSession(CONFIG, [CallBot(), CallBot(), CallBot()], seed=3)
    assert _summaries((record,)) == _summaries((reference.play_hand(),))


def test_strict_surfaces_the_refusal_as_a_policy_error_and_the_hand_resumes() -> None:
    config = TableConfig(stacks=(1_000, 1_000), blinds=Blinds(5, 10), strict=True, max_hands=1)
    bot = Reentrant(ATTEMPTS["play_hand"])
    session = TableSession(config, [bot, CallBot()], seed=5)
    bot.session = session
    with pytest.raises(PolicyError) as caught:
        session.play_hand()
    assert isinstance(caught.value.__cause__, SessionBusyError)
    assert session.hand_count == 0 and not session.is_between_hands and session.stacks == (1_000, 1_000)
    record = session.play_hand()  # asks the same seat again; it plays now
    reference = TableSession(config, [CallBot(), CallBot()], seed=5)
    assert _summaries((record,)) == _summaries((reference.play_hand(),))


def test_an_external_step_call_is_refused_from_a_computer_seat() -> None:
    config = TableConfig(stacks=(1_000, 1_000, 1_000), blinds=Blinds(5, 10))
    bot = Reentrant(lambda s: s.apply(0, Call))
    session = TableSession(config, [None, bot, CallBot()], seed=9)
    bot.session = session
    state = session.start_hand()
    while session.to_act is not None:
        state = session.apply(0, Check if state.legal_actions().can_check else Call)
    assert isinstance(bot.seen[0], SessionBusyError)
    assert "apply() was called while the session is inside" in str(bot.seen[0])
    assert [f.seat for f in session.faults] == [1]


def test_a_listener_cannot_change_the_seats_inside_run() -> None:
    class Listener:
        def __init__(self) -> None:
            self.session: TableSession | None = None

        def hand_ended(self, record: HandRecord) -> None:
            assert self.session is not None
            self.session.sit_out(0)

    listener = Listener()
    session = TableSession(CONFIG, [CallBot(), CallBot(), CallBot()], seed=1, listener=listener)
    listener.session = session
    with pytest.raises(SessionBusyError, match=r"sit_out\(\) was called .* inside run\(\)"):
        session.run()
    assert session.seat_states == (SeatState.PLAYING,) * 3 and session.hand_count == 1
    session.sit_out(0)  # between calls it is allowed again
    assert session.seat_states[0] is SeatState.SITTING_OUT


def test_async_calls_are_guarded_too() -> None:
    bot = Reentrant(ATTEMPTS["play_hand"])
    session = TableSession(CONFIG, [CallBot(), bot, CallBot()], seed=4)
    bot.session = session
    record = asyncio.run(session.play_hand_async())
    assert isinstance(bot.seen[0], SessionBusyError)
    assert "inside play_hand_async()" in str(bot.seen[0])
    assert record.hand_number == 1 and session.hand_count == 1


# -- bounds -------------------------------------------------------------------


def test_a_table_cannot_hold_more_than_max_chips() -> None:
    half = MAX_CHIPS // 2 + 1
    with pytest.raises(InvalidConfigError, match="stacks: the table would hold .* above MAX_CHIPS"):
        TableConfig(stacks=(half, half))
    # at the cap, a seat that wins every chip holds MAX_CHIPS and the session ends cleanly
    config = TableConfig(stacks=(MAX_CHIPS // 2, MAX_CHIPS // 2), blinds=Blinds(5, 10))
    records = TableSession(config, [ShoveBot(), ShoveBot()], seed=2).run()
    assert sum(records[-1].final_stacks) == MAX_CHIPS
    assert max(records[-1].final_stacks) <= MAX_CHIPS


def test_a_buy_in_that_would_pass_max_chips_is_refused() -> None:
    config = TableConfig(stacks=(MAX_CHIPS - 2_000, 1_000, 0), blinds=Blinds(5, 10))
    session = TableSession(config, [CallBot(), CallBot(), None])
    with pytest.raises(InvalidConfigError, match="chips: the table would hold"):
        session.fill(2, CallBot(), chips=1_001)
    assert session.stacks == (MAX_CHIPS - 2_000, 1_000, 0)
    assert session.seat_states[2] is SeatState.EMPTY
    session.fill(2, CallBot(), chips=1_000)
    assert sum(session.stacks) == MAX_CHIPS


def test_a_snapshot_over_max_chips_is_refused() -> None:
    config = TableConfig(stacks=(1_000, 1_000), blinds=Blinds(5, 10))
    snap = TableSession(config, [CallBot(), CallBot()], seed=1).snapshot()
    snap["stacks"] = [MAX_CHIPS, 1]
    with pytest.raises(InvalidConfigError, match="snapshot.stacks: the table would hold"):
        TableSession.restore(snap, [CallBot(), CallBot()])


def test_run_of_a_reset_table_needs_a_limit() -> None:
    config = TableConfig(stacks=(500, 500), blinds=Blinds(5, 10), stack_mode=StackMode.RESET)
    session = TableSession(config, [CallBot(), CallBot()], seed=1)
    with pytest.raises(InvalidConfigError, match="RESET table needs max_hands or max_seconds"):
        session.run()
    assert session.hand_count == 0 and session.is_between_hands
    session.play_hand()  # hand by hand it is still playable
    limited = TableConfig(
        stacks=(500, 500), blinds=Blinds(5, 10), stack_mode=StackMode.RESET, max_hands=3
    )
    assert len(TableSession(limited, [CallBot(), CallBot()], seed=1).run()) == 3


def _full_snapshot() -> dict[str, Any]:
    """A snapshot with a record, a fault and a hand in progress."""

    class Faulty:
        def decide(self, observation: Observation) -> Action:
            raise RuntimeError("boom")

    from pokerkit_core.formats import serialize

    config = TableConfig(stacks=(1_000, 1_000, 1_000), blinds=Blinds(5, 10))
    session = TableSession(config, [Faulty(), CallBot(), None], seed=6)
    session.start_hand()
    while session.to_act is not None:
        state = session.state
        assert state is not None
        session.apply(2, Check if state.legal_actions().can_check else Call)
    session.start_hand()
    snap = session.snapshot(encode_state=serialize.to_dict)
    assert snap["records"] and snap["faults"] and snap["hand"] is not None
    return json.loads(json.dumps(snap))


@pytest.mark.parametrize(
    "path",
    [
        ("config",),
        ("config", "blinds"),
        ("records", 0),
        ("records", 0, "blinds"),
        ("hand",),
        ("hand", "blinds"),
        ("faults", 0),
    ],
)
def test_the_snapshot_reader_refuses_unknown_nested_keys(path: tuple[object, ...]) -> None:
    from pokerkit_core.formats import serialize

    snap = _full_snapshot()
    TableSession.restore(copy.deepcopy(snap), [None, CallBot(), None], decode_state=serialize.from_dict)
    target: Any = snap
    for step in path:
        target = target[step]
    target["colour"] = "blue"
    where = "snapshot" + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path)
    with pytest.raises(InvalidConfigError) as caught:
        TableSession.restore(snap, [None, CallBot(), None], decode_state=serialize.from_dict)
    assert str(caught.value) == f"{where}.colour is not a field of {where}"
