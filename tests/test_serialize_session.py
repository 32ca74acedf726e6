"""A whole TableSession through serialize: saved between hands or in the
middle of one, restored with fresh policies, it deals and plays exactly the
hands the original does; bad documents name the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bots import CallBot
from pokerkit_core import SerializationError
from pokerkit_core.engine.actions import AllIn, Call, Check, Raise
from pokerkit_core.engine.policy import Policy
from pokerkit_core.formats.serialize import dumps, from_dict, loads, to_dict
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

from strategies import reversed_keys, shuffled

CONFIG = TableConfig(stacks=(1500, 0, 1200, 900, 2000), blinds=Blinds(10, 20), max_hands=40)


def players() -> list[Policy | None]:
    return [CallBot(), None, CallBot(), CallBot(), CallBot()]


def external() -> list[Policy | None]:
    return [None, None, CallBot(), CallBot(), CallBot()]


def drive(session: TableSession, hands: int) -> None:
    """Play ``hands`` hands, seat 0 (external) raising once a hand, else calling."""
    for _ in range(hands):
        if session.is_between_hands:
            session.start_hand()
        play_out(session)


def play_out(session: TableSession) -> None:
    raised = False
    while not session.is_between_hands:
        seat = session.to_act
        assert seat == 0
        legal = session.observation(0).legal
        assert legal is not None
        if not raised and legal.can_raise:
            action, raised = Raise(legal.min_raise_to), True
        else:
            action = Call if legal.can_call else Check
        session.apply(0, action)


def snapshot_without_clock(session: TableSession) -> dict[str, Any]:
    data = to_dict(session)
    del data["snapshot"]["elapsed_seconds"]
    return data


def test_a_session_saved_between_hands_deals_the_same_next_hands() -> None:
    original = TableSession(CONFIG, players(), seed=21)
    for _ in range(4):
        original.play_hand()
    text = dumps(original)
    assert json.loads(text)["type"] == "TableSession"
    copy = loads(text, players=players())
    assert isinstance(copy, TableSession)
    assert copy.records == original.records and copy.stacks == original.stacks
    assert all(r.state is not None for r in copy.records)
    assert [r.state for r in copy.records] == [r.state for r in original.records]
    for _ in range(6):
        a, b = original.play_hand(), copy.play_hand()
        assert a == b and a.state == b.state
    assert snapshot_without_clock(copy) == snapshot_without_clock(original)


def test_a_session_with_its_keys_in_another_order_restores_the_same() -> None:
    """The session's document (records, their states and configs, the
    snapshot's settings and policies) with the keys of every object shuffled,
    and reversed, restores the same table, which plays on identically."""
    import random

    original = TableSession(CONFIG, players(), seed=21)
    for _ in range(3):
        original.play_hand()
    data = json.loads(dumps(original))
    for other in (shuffled(data, random.Random(2)), reversed_keys(data)):
        copy = loads(json.dumps(other), players=players())
        assert isinstance(copy, TableSession)
        assert copy.records == original.records and copy.stacks == original.stacks
        assert snapshot_without_clock(copy) == snapshot_without_clock(original)
    copy = loads(json.dumps(reversed_keys(data)), players=players())
    for _ in range(3):
        a, b = original.play_hand(), copy.play_hand()
        assert a == b and a.state == b.state


def test_a_session_saved_mid_hand_plays_on_identically() -> None:
    original = TableSession(CONFIG, external(), seed=5)
    drive(original, 2)
    original.start_hand()
    assert original.to_act == 0
    original.apply(0, Raise(original.observation(0).legal.min_raise_to))  # type: ignore[union-attr]
    assert not original.is_between_hands
    copy = loads(dumps(original), players=external())
    assert copy.state == original.state and copy.to_act == original.to_act
    play_out(original)
    play_out(copy)
    drive(original, 5)
    drive(copy, 5)
    assert copy.records == original.records and len(copy.records) == 8
    assert snapshot_without_clock(copy) == snapshot_without_clock(original)


def test_all_in_table_round_trips_through_from_dict() -> None:
    config = TableConfig(stacks=(300, 300), blinds=Blinds(5, 10), max_hands=10)
    original = TableSession(config, [None, CallBot()], seed=2)
    original.start_hand()
    if not original.is_between_hands:
        original.apply(0, AllIn)
    copy = from_dict(json.loads(dumps(original)), players=[None, CallBot()])
    assert copy.records == original.records and copy.stacks == original.stacks


def bad(data: dict[str, Any], where: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    return data


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        (("snapshot", "stacks", 2), "x", "snapshot.stacks[2]"),
        (("snapshot", "version"), 7, "snapshot.version"),
        (("snapshot", "records"), "nope", "snapshot.records"),
        (("snapshot", "records", 0, "state", "actions", 0), "r 1", "snapshot.records[0].state.actions[0]"),
        (("snapshot", "records", 1, "state", "deck", 0), "Zz", "snapshot.records[1].state.deck[0]"),
        (("snapshot",), [1, 2], "snapshot"),
        (("extra",), 1, "extra"),
        (("version",), 2, "version"),
    ],
)
def test_bad_session_documents_name_the_field(where: tuple[Any, ...], value: Any, path: str) -> None:
    session = TableSession(CONFIG, players(), seed=3)
    session.play_hand()
    session.play_hand()
    data = bad(to_dict(session), where, value)
    with pytest.raises(SerializationError) as info:
        from_dict(data, players=players())
    assert info.value.path == path
    with pytest.raises(SerializationError) as info:
        loads(json.dumps(data), players=players())
    assert info.value.path == path


def test_players_are_required_and_checked() -> None:
    session = TableSession(CONFIG, players(), seed=3)
    text = dumps(session)
    with pytest.raises(SerializationError, match="players="):
        loads(text)
    with pytest.raises(SerializationError, match="players"):
        loads(text, players=[CallBot()])  # one entry for five seats
    with pytest.raises(SerializationError, match="seat 1 is empty"):
        loads(text, players=[CallBot()] * 5)  # a policy at the empty seat
