"""Tables the application drives: external seats, the step API, seats
between hands, interrupted hands, and snapshot / restore (RULES.md 3-5)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bots import CallBot, ShoveBot
from pokerkit_core.engine.actions import Action, AllIn, Call, Check, Fold, Raise
from pokerkit_core.players.driver import FaultKind, StopSession
from pokerkit_core.errors import (
    HandOverError,
    IllegalActionError,
    InvalidConfigError,
    NotYourTurnError,
)
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.tables.session import Blinds, SeatState, StackMode, TableConfig, TableSession

CONFIG = TableConfig(stacks=(1000, 1000, 1000), blinds=Blinds(5, 10))


def step_table(**kwargs: Any) -> TableSession:
    """Seat 0 external, seats 1 and 2 computer players."""
    return TableSession(CONFIG, [None, CallBot(), CallBot()], seed=11, **kwargs)


def wait_for_external(session: TableSession, seat: int) -> None:
    """Deal until ``seat`` is to act (hands where it is not asked just end)."""
    for _ in range(50):
        session.start_hand()
        if session.to_act == seat:
            return
        finish_passively(session)
    raise AssertionError("the external seat was never asked")  # pragma: no cover


def finish_passively(session: TableSession) -> None:
    """External seats check or fold until the hand is over."""
    while (seat := session.to_act) is not None:
        legal = session.observation(seat).legal
        assert legal is not None
        session.apply(seat, Check if legal.can_check else Fold)


def random_legal(obs: Observation, rng: random.Random) -> Action:
    legal = obs.legal
    assert legal is not None
    if rng.random() < 0.7:
        return Check if legal.can_check else Call
    return rng.choice(legal.actions())


# -- the step API ------------------------------------------------------------------


def test_external_seat_is_asked_and_out_of_turn_is_refused() -> None:
    session = step_table()
    state = session.start_hand()
    assert not session.is_between_hands and session.to_act == 0 == state.to_act
    assert session.observation(0).legal is not None
    assert session.observation(1).legal is None and session.observation(1).hole_cards
    with pytest.raises(NotYourTurnError) as caught:
        session.apply(1, Call)
    assert caught.value.seat == 1 and caught.value.to_act == 0
    assert "seat 0's turn" in str(caught.value)
    assert isinstance(caught.value, IllegalActionError)
    assert session.state is state  # nothing changed
    with pytest.raises(InvalidConfigError, match="seat 7"):
        session.apply(7, Call)


def test_illegal_amounts_and_non_actions_change_nothing() -> None:
    session = step_table()
    state = session.start_hand()
    for bad in (Raise(11), Raise(10**6), Check, "r 300", None):
        with pytest.raises(IllegalActionError) as caught:
            session.apply(0, bad)  # type: ignore[arg-type]
        assert caught.value.legal is not None
        assert session.state is state and session.to_act == 0
    forged = Raise(300)
    with pytest.raises((AttributeError, TypeError)):  # Actions cannot be rewritten
        object.__setattr__(forged, "to", 300.5)
    assert forged.to == 300
    assert session.state is state
    after = session.apply(0, Raise(300))
    assert after.contributions[0] == 300 and session.faults == ()


def test_time_out_plays_the_default_action_and_records_a_fault() -> None:
    session = step_table()
    state = session.start_hand()
    legal = session.observation(0).legal
    assert legal is not None and not legal.can_check  # facing the big blind
    session.time_out(0)
    assert session.faults[-1].kind is FaultKind.TIMEOUT
    assert session.faults[-1].substitute == "fold" and session.faults[-1].seat == 0
    assert session.faults[-1].hand_number == 1
    new_state = session.state
    assert new_state is not None and new_state.folded[0] and not state.folded[0]
    # the hand went on without seat 0 and ended: recorded
    assert session.is_between_hands and session.hand_count == 1
    with pytest.raises(HandOverError):
        session.time_out(0)
    with pytest.raises(HandOverError):
        session.apply(0, Fold)


def test_play_hand_refuses_a_table_with_external_players() -> None:
    session = step_table()
    with pytest.raises(InvalidConfigError, match="seat 0 is an external player"):
        session.play_hand()
    with pytest.raises(InvalidConfigError, match="external"):
        session.run()
    # refused before the deal: no hand is left in progress, and the seat
    # can then leave and be filled by a computer player
    assert session.state is None and session.hand_count == 0
    session.leave(0)
    session.fill(0, CallBot())
    assert session.play_hand().hand_number == 1


def test_sit_out_and_come_back() -> None:
    session = step_table()
    wait_for_external(session, 0)
    with pytest.raises(InvalidConfigError, match="between hands"):
        session.sit_out(2)
    finish_passively(session)
    session.sit_out(2)
    assert session.seat_states[2] is SeatState.SITTING_OUT and not session.live[2]
    with pytest.raises(InvalidConfigError, match="sitting-out"):
        session.sit_out(2)
    chips = session.stacks[2]
    state = session.start_hand()
    assert state.hole_cards[2] is None and state.config.stacks[2] == 0
    finish_passively(session)
    assert session.stacks[2] == chips  # not dealt: its chips untouched
    session.sit_in(2)
    with pytest.raises(InvalidConfigError, match="playing"):
        session.sit_in(2)
    state = session.start_hand()
    assert state.hole_cards[2] is not None


def test_leave_and_fill_keep_the_chips_with_the_seat() -> None:
    session = step_table()
    session.start_hand()
    finish_passively(session)
    total = sum(session.stacks)
    chips = session.stacks[1]
    session.leave(1)
    assert session.seat_states[1] is SeatState.EMPTY and session.players[1] is None
    assert session.stacks[1] == chips and sum(session.stacks) == total
    with pytest.raises(InvalidConfigError, match="already empty"):
        session.leave(1)
    with pytest.raises(InvalidConfigError, match="takes them"):
        session.fill(1, CallBot(), chips=500)
    newcomer = ShoveBot()
    session.fill(1, newcomer)
    assert session.players[1] is newcomer and session.stacks[1] == chips
    with pytest.raises(InvalidConfigError, match="not empty"):
        session.fill(1, CallBot())
    # an empty seat without chips needs a buy-in
    table = TableSession(
        TableConfig(stacks=(1000, 1000, 0), blinds=Blinds(5, 10)), [CallBot(), None, None]
    )
    assert table.seat_states == (SeatState.PLAYING, SeatState.PLAYING, SeatState.EMPTY)
    with pytest.raises(InvalidConfigError, match="buy-in"):
        table.fill(2, CallBot())
    table.fill(2, None, chips=400)
    assert table.stacks == (1000, 1000, 400) and table.live == (True, True, True)


def test_chips_are_conserved_with_external_and_computer_seats() -> None:
    config = TableConfig(stacks=(5000, 8000, 12000, 3000, 9000), blinds=Blinds(10, 20))
    players = [None, load_policy("normal", seed=1), None, load_policy("easy", seed=2), CallBot()]
    session = TableSession(config, players, seed=5)
    total = sum(config.stacks)
    rng = random.Random(9)
    hands = 0
    while not session.is_over and hands < 150:
        if rng.random() < 0.1:  # between hands: someone sits out or comes back
            seat = rng.randrange(5)
            if session.seat_states[seat] is SeatState.SITTING_OUT:
                session.sit_in(seat)
            elif sum(session.live) > 2 and session.live[seat]:
                session.sit_out(seat)
        session.start_hand()
        while not session.is_between_hands:
            seat = session.to_act
            assert seat is not None and session.players[seat] is None
            if rng.random() < 0.05:
                session.time_out(seat)
            else:
                session.apply(seat, random_legal(session.observation(seat), rng))
        hands += 1
        assert sum(session.stacks) == total
        record = session.records[-1]
        assert sum(record.results) == 0
    assert session.hand_count == hands > 20


# -- interrupted hands -------------------------------------------------------------


class Interrupting(CallBot):
    """Raises ``error`` once, at its first decision in hand ``hand``, then
    plays like CallBot."""

    def __init__(self, error: BaseException, hand: int) -> None:
        self.error, self.hand, self.raised = error, hand, False

    def decide(self, observation: Observation) -> Action:
        if observation.hand_number == self.hand and not self.raised:
            self.raised = True
            raise self.error
        return super().decide(observation)


@pytest.mark.parametrize("error", [KeyboardInterrupt(), StopSession("quit")])
def test_an_interrupted_hand_is_resumed_with_the_same_deal(error: BaseException) -> None:
    config = TableConfig(stacks=(1000,) * 3, blinds=Blinds(5, 10), max_hands=4)
    reference = TableSession(config, [CallBot(), CallBot(), CallBot()], seed=21)
    reference.run()
    session = TableSession(config, [CallBot(), Interrupting(error, 2), CallBot()], seed=21)
    session.play_hand()
    with pytest.raises(type(error)):
        session.play_hand()  # the second hand is interrupted
    assert session.hand_count == 1 and not session.is_between_hands
    pending = session.state
    assert pending is not None and not pending.is_over
    assert session.stacks == reference.records[0].final_stacks  # not counted yet
    session.run()
    assert session.records == reference.records  # same deals, same play
    for ours, theirs in zip(session.hands, reference.hands):
        assert ours.hole_cards == theirs.hole_cards and ours.board == theirs.board
    assert session.records[1].state is not None
    assert session.records[1].state.hole_cards == pending.hole_cards


def test_abandon_hand_drops_it_and_deals_the_next_deck() -> None:
    config = TableConfig(stacks=(1000,) * 2, blinds=Blinds(5, 10))
    session = TableSession(config, [Interrupting(KeyboardInterrupt(), 1), CallBot()], seed=4)
    with pytest.raises(KeyboardInterrupt):
        session.play_hand()
    dropped = session.state
    session.abandon_hand()
    assert session.is_between_hands and session.stacks == (1000, 1000)
    record = session.play_hand()
    assert record.hand_number == 1 and record.state is not None and dropped is not None
    assert record.state.hole_cards != dropped.hole_cards
    with pytest.raises(HandOverError):
        session.abandon_hand()


# -- snapshot and restore ----------------------------------------------------------


def round_trip(session: TableSession) -> dict[str, Any]:
    return json.loads(json.dumps(session.snapshot()))  # type: ignore[no-any-return]


def test_a_restored_session_deals_the_same_next_hands() -> None:
    config = TableConfig(stacks=(2000, 0, 1500, 800), blinds=Blinds(25, 50), max_hands=30)
    players = lambda: [CallBot(), None, CallBot(), CallBot()]  # noqa: E731
    original = TableSession(config, players(), seed=77)
    for _ in range(6):
        original.play_hand()
    original.sit_out(3)
    snap = round_trip(original)
    copy = TableSession.restore(snap, players())
    assert copy.stacks == original.stacks and copy.seat_states == original.seat_states
    assert copy.records == original.records and copy.hand_count == 6
    assert copy.next_game_config() == original.next_game_config()
    for _ in range(5):
        a, b = original.play_hand(), copy.play_hand()
        assert a == b
        assert a.state is not None and b.state is not None
        assert a.state.hole_cards == b.state.hole_cards and a.state.board == b.state.board
    ours, theirs = copy.snapshot(), original.snapshot()
    del ours["elapsed_seconds"], theirs["elapsed_seconds"]
    assert ours == theirs


def test_a_hand_in_progress_is_saved_and_replayed() -> None:
    original = step_table()
    wait_for_external(original, 0)
    original.apply(0, Raise(100))
    snap = round_trip(original)
    assert "r 100" in snap["hand"]["actions"] and snap["hand"]["hand_number"] == 1
    copy = TableSession.restore(snap, [None, CallBot(), CallBot()])
    assert copy.state is not None and original.state is not None
    assert copy.state.history == original.state.history and copy.to_act == original.to_act
    while not original.is_between_hands:
        seat = original.to_act
        assert seat is not None and copy.to_act == seat
        action = AllIn if AllIn in (original.observation(seat).legal or ()) else Call
        original.apply(seat, action)
        copy.apply(seat, action)
    assert copy.records == original.records


def test_restore_names_the_bad_field() -> None:
    session = step_table()
    good = round_trip(session)
    cases: list[tuple[str, Any, str]] = [
        ("version", 99, "snapshot.version"),
        ("stacks", [1000, "x", 1000], r"snapshot.stacks\[1\]"),
        ("rng", [3, [1, 2], None], "snapshot.rng"),
        ("seat_states", ["playing", "dancing", "empty"], "seat_states"),
        ("records", "nope", "snapshot.records"),
    ]
    for key, value, fragment in cases:
        bad = dict(good)
        bad[key] = value
        with pytest.raises(InvalidConfigError, match=fragment):
            TableSession.restore(bad, [None, CallBot(), CallBot()])
    missing = dict(good)
    del missing["config"]
    with pytest.raises(InvalidConfigError, match="snapshot.config is missing"):
        TableSession.restore(missing, [None, CallBot(), CallBot()])
    with pytest.raises(InvalidConfigError, match="must be an object"):
        TableSession.restore([1, 2], [None])


def test_reset_mode_keeps_the_starting_stacks_through_a_restore() -> None:
    config = TableConfig(stacks=(500, 500), blinds=Blinds(5, 10), stack_mode=StackMode.RESET)
    session = TableSession(config, [ShoveBot(), CallBot()], seed=2)
    session.play_hand()
    copy = TableSession.restore(round_trip(session), [ShoveBot(), CallBot()])
    assert copy.stacks == (500, 500) and copy.play_hand() == session.play_hand()


def test_kept_states_travel_through_a_state_codec() -> None:
    from pokerkit_core.formats import serialize

    config = TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10))
    session = TableSession(config, [CallBot(), CallBot()], seed=8)
    session.play_hand()
    snap = json.loads(json.dumps(session.snapshot(encode_state=serialize.to_dict)))
    copy = TableSession.restore(snap, [CallBot(), CallBot()], decode_state=serialize.from_dict)
    (kept,) = copy.hands
    (original,) = session.hands
    assert kept.history == original.history and kept.hole_cards == original.hole_cards
    assert TableSession.restore(snap, [CallBot(), CallBot()]).hands == ()  # states left out
