"""Table sessions: button and blind rotation, stacks, limits (RULES.md 2-5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core.engine.actions import Action, Raise
from pokerkit_core.errors import InvalidConfigError, PolicyError
from pokerkit_core.engine.events import ActionTaken, BlindPosted
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.state import HandState
from bots import CallBot, ShoveBot
from pokerkit_core.engine.positions import ButtonRule, Positions, first_positions, next_positions
from pokerkit_core.tables.session import (
    Blinds,
    StackMode,
    TableConfig,
    TableSession,
)


class BadBot:
    """Always asks for an impossible raise."""

    name = "bad"

    def decide(self, observation: Observation) -> Action:
        return Raise(10**9)


def first_actor(state: HandState | None) -> int:
    assert state is not None
    return next(e.seat for e in state.history if isinstance(e, ActionTaken))


def big_blind_poster(state: HandState | None) -> int:
    assert state is not None
    return next(
        e.seat for e in state.history if isinstance(e, BlindPosted) and e.kind == "big blind"
    )


# -- pure rotation ------------------------------------------------------------


def test_first_positions_full_ring_and_heads_up() -> None:
    assert first_positions((True,) * 4, button=3) == Positions(3, 0, 1)
    # heads-up: the button posts the small blind
    assert first_positions((True, True), button=1) == Positions(1, 1, 0)
    # heads-up with the given button on an empty seat: next live player has it
    assert first_positions((False, True, True, False), button=3) == Positions(1, 1, 2)


def test_dead_button_rotation_with_busts() -> None:
    live = (True,) * 5
    p = Positions(0, 1, 2)
    # seat 2 (the big blind) busts: the small blind is dead, button on seat 1
    p = next_positions(p, (True, True, False, True, True))
    assert p == Positions(1, 2, 3)
    assert p.small_blind_posted_by((True, True, False, True, True)) is None
    # seat 1 (the button-to-be's small blind seat) busts: dead button on 2
    live = (True, False, False, True, True)
    p = next_positions(p, live)
    assert p == Positions(2, 3, 4)
    assert p.small_blind_posted_by(live) == 3
    p = next_positions(p, live)
    assert p == Positions(3, 4, 0)


def test_moving_button_option() -> None:
    # seat 0 on the button busts among three: the button moves to seat 1,
    # heads-up seat 1 posts the small blind and seat 2 the big blind again.
    p = next_positions(
        Positions(0, 1, 2), (False, True, True), rule=ButtonRule.MOVING_BUTTON
    )
    assert p == Positions(1, 1, 2)
    p = next_positions(Positions(0, 1, 2), (True,) * 4, rule=ButtonRule.MOVING_BUTTON)
    assert p == Positions(1, 2, 3)


def test_c25_b_rotation_three_to_two() -> None:
    # A (0) BTN, B (1) SB, C (2) BB; A busts.
    p = next_positions(Positions(0, 1, 2), (False, True, True))
    assert p.big_blind_seat == 1  # the BB moves on to B
    assert p.button == p.small_blind_seat == 2  # C gets button and SB


def test_c29_rotation_never_freezes() -> None:
    live = (False, True, True, False)
    p = first_positions(live, button=3)
    seen = [p]
    for _ in range(3):
        p = next_positions(p, live)
        seen.append(p)
    assert [q.big_blind_seat for q in seen] == [2, 1, 2, 1]
    assert [q.button for q in seen] == [1, 2, 1, 2]
    assert all(q.small_blind_seat == q.button for q in seen)


def test_rotation_rejects_bad_tables() -> None:
    with pytest.raises(InvalidConfigError):
        first_positions((True, False), button=0)
    with pytest.raises(InvalidConfigError):
        first_positions((True, True), button=2)
    with pytest.raises(InvalidConfigError):
        next_positions(Positions(0, 1, 9), (True, True, True))


@settings(max_examples=200, deadline=None)
@given(
    seats=st.integers(3, 9),
    data=st.data(),
)
def test_dead_button_big_blind_moves_exactly_one_seat(seats: int, data: st.DataObject) -> None:
    live = [True] * seats
    p = first_positions(tuple(live), button=data.draw(st.integers(0, seats - 1)))
    for _ in range(30):
        alive = [s for s in range(seats) if live[s]]
        if len(alive) > 2 and data.draw(st.booleans()):
            live[data.draw(st.sampled_from(alive))] = False
        q = next_positions(p, tuple(live))
        # the big blind goes to the first live seat after the previous one
        step = 1
        while not live[(p.big_blind_seat + step) % seats]:
            step += 1
        assert q.big_blind_seat == (p.big_blind_seat + step) % seats
        assert live[q.big_blind_seat]
        if sum(live) == 2:
            assert q.button == q.small_blind_seat != q.big_blind_seat
            assert live[q.button]
        else:
            assert q.small_blind_seat == p.big_blind_seat
            assert q.button == p.small_blind_seat
        p = q


# -- sessions -------------------------------------------------------------------


def test_c25_b_session_three_to_two() -> None:
    for seed in range(200):
        session = TableSession(
            TableConfig(stacks=(100, 1000, 1000), blinds=Blinds(5, 10), button=0),
            [ShoveBot(), CallBot(), CallBot()],
            seed=seed,
        )
        first = session.play_hand()
        if first.busted == (0,):
            break
    else:  # pragma: no cover
        pytest.fail("no deal busted seat 0")
    assert first.positions == Positions(0, 1, 2)
    second = session.play_hand()
    state = second.state
    assert state is not None
    assert (state.config.button, state.config.small_blind_seat, state.config.big_blind_seat) == (
        2,
        2,
        1,
    )
    assert state.config.stacks[0] == 0  # A left the table
    assert big_blind_poster(state) == 1
    assert first_actor(state) == 2  # C (button, SB) acts first pre-flop
    assert big_blind_poster(first.state) == 2  # nobody posts the BB twice running


def test_c29_session_heads_up_with_sitting_out_seat() -> None:
    session = TableSession(
        TableConfig(stacks=(0, 1000, 1000, 0), blinds=Blinds(5, 10), button=3, max_hands=4),
        [None, CallBot(), CallBot(), None],
        seed=3,
    )
    records = session.run()
    assert len(records) == 4
    states = [r.state for r in records]
    assert [big_blind_poster(s) for s in states] == [2, 1, 2, 1]
    for state in states:
        assert state is not None
        other = 3 - big_blind_poster(state)
        assert state.config.button == state.config.small_blind_seat == other
        assert first_actor(state) == other  # heads-up: button acts first pre-flop


def test_carried_stacks_conserve_chips_and_busted_players_leave() -> None:
    session = TableSession(
        TableConfig(stacks=(300, 500, 700, 900), blinds=Blinds(10, 20)),
        [ShoveBot(), ShoveBot(), ShoveBot(), ShoveBot()],
        seed=11,
    )
    records = session.run()
    assert sum(session.stacks) == 2400
    assert sum(1 for s in session.stacks if s > 0) == 1
    gone: set[int] = set()
    for before, record in zip((None, *records), records):
        if before is not None:
            assert record.starting_stacks == before.final_stacks
        assert sum(record.final_stacks) == 2400
        assert all(record.starting_stacks[s] == 0 for s in gone)
        assert sum(record.results) == 0
        gone.update(record.busted)
    assert len(session.hands) == len(records)


def test_reset_stacks_acpc_style() -> None:
    session = TableSession(
        TableConfig(
            stacks=(20_000, 20_000), blinds=Blinds(50, 100), stack_mode=StackMode.RESET,
            max_hands=6,
        ),
        [ShoveBot(), CallBot()],
        seed=5,
    )
    records = session.run()
    assert len(records) == 6
    assert all(r.starting_stacks == (20_000, 20_000) for r in records)
    assert all(r.busted == () for r in records)
    assert [r.positions.button for r in records] == [0, 1, 0, 1, 0, 1]  # alternates
    assert session.stacks == (20_000, 20_000)


def test_limit_by_wall_time() -> None:
    now = [0.0]
    session = TableSession(
        TableConfig(stacks=(1000, 1000, 1000), blinds=Blinds(5, 10), max_seconds=60.0),
        [CallBot(), CallBot(), CallBot()],
        seed=1,
        clock=lambda: now[0],
    )
    session.play_hand()
    now[0] = 59.0
    assert not session.is_over
    session.play_hand()
    now[0] = 60.0
    assert session.is_over
    with pytest.raises(InvalidConfigError):
        session.play_hand()
    assert session.hand_count == 2


def test_blind_source_is_asked_per_hand() -> None:
    class Rising:
        def blinds_at(self, hand_number: int) -> Blinds:
            return Blinds(5 * hand_number, 10 * hand_number)

    session = TableSession(
        TableConfig(stacks=(10_000, 10_000, 10_000), blinds=Rising(), max_hands=3),
        [CallBot(), CallBot(), CallBot()],
        seed=2,
    )
    records = session.run()
    assert [r.state.config.big_blind for r in records if r.state] == [10, 20, 30]


def test_faulty_policy_checks_or_folds_and_is_recorded() -> None:
    session = TableSession(
        TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), max_hands=1),
        [BadBot(), CallBot()],
        seed=4,
    )
    session.run()
    assert session.faults and all(f.seat == 0 for f in session.faults)
    strict = TableSession(
        TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), strict=True),
        [BadBot(), CallBot()],
        seed=4,
    )
    with pytest.raises(PolicyError):
        strict.play_hand()
    assert strict.hand_count == 0 and strict.stacks == (1000, 1000)


def test_bad_session_settings_raise() -> None:
    with pytest.raises(InvalidConfigError):
        TableConfig(stacks=(1000, 0))
    with pytest.raises(InvalidConfigError):
        TableConfig(stacks=(1000, 1000), max_hands=0)
    with pytest.raises(InvalidConfigError):
        TableSession(TableConfig(stacks=(1000, 1000)), [CallBot()])
    with pytest.raises(InvalidConfigError):
        TableSession(TableConfig(stacks=(1000, 1000, 0)), [CallBot(), CallBot(), CallBot()])
    with pytest.raises(InvalidConfigError):
        Blinds(20, 10)


def test_hands_can_be_dropped_from_records() -> None:
    session = TableSession(
        TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), max_hands=2, keep_hands=False),
        [CallBot(), CallBot()],
        seed=random.Random(0).randrange(100),
    )
    records = session.run()
    assert all(r.state is None for r in records) and session.hands == ()


def test_dead_small_blind_when_the_big_blind_busts() -> None:
    # four seats, button 0, SB 1, BB 2; the big blind (short, all-in) busts
    for seed in range(200):
        session = TableSession(
            TableConfig(stacks=(1000, 1000, 60, 1000), blinds=Blinds(10, 20), button=0),
            [CallBot(), CallBot(), ShoveBot(), CallBot()],
            seed=seed,
        )
        first = session.play_hand()
        if first.busted == (2,):
            break
    else:  # pragma: no cover
        pytest.fail("no deal busted seat 2")
    second = session.play_hand()
    state = second.state
    assert state is not None
    assert second.positions == Positions(1, 2, 3)
    # the small blind is dead (its seat is empty): nobody posts it
    assert (state.config.button, state.config.small_blind_seat, state.config.big_blind_seat) == (
        1,
        None,
        3,
    )
    kinds = [e.kind for e in state.history if isinstance(e, BlindPosted)]
    assert kinds == ["big blind"]
    assert first_actor(state) == 0  # left of the big blind
    third = session.play_hand()
    assert third.positions == Positions(2, 3, 0)  # dead button on the empty seat 2
    assert third.state is not None and big_blind_poster(third.state) == 0


@pytest.mark.parametrize(
    "bad",
    [{"raise_cap": "4"}, {"button": 0.0}, {"max_hands": True}, {"max_seconds": "60"}, {"button": None}],
)
def test_table_config_refuses_wrong_types(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidConfigError):
        TableConfig(stacks=(100, 100), **bad)  # type: ignore[arg-type]
