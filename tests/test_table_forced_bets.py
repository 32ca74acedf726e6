"""Table sessions with straddles, big-blind and button antes and several boards
(docs/rules.rst section 2b): the session passes them to every hand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bots import CallBot, ShoveBot
from old_snapshots import next_old_deal_seed, old_format
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.engine.events import BlindPosted
from pokerkit_core.ai.policies.baselines import RandomPolicy
from pokerkit_core.engine.positions import ButtonRule
from pokerkit_core.engine.rules import AnteRule, BettingStructure
from pokerkit_core.engine.state import HandState, deal
from pokerkit_core.tables.session import Blinds, StackMode, TableConfig, TableSession
from pokerkit_core.tables.data import SNAPSHOT_VERSION, config_data, config_from_data
from pokerkit_core.tables.tournament import BlindSchedule, TournamentConfig


def posted(state: HandState | None, kind: str) -> list[tuple[int, int]]:
    """(seat, chips) of each forced bet of ``kind`` in the hand."""
    assert state is not None
    return [(e.seat, e.amount) for e in state.history if isinstance(e, BlindPosted) and e.kind == kind]


def next_live(seat: int, stacks: tuple[int, ...]) -> int:
    n = len(stacks)
    k = (seat + 1) % n
    while stacks[k] == 0:
        k = (k + 1) % n
    return k


@pytest.mark.parametrize("mode", [StackMode.RESET, StackMode.CARRY])
def test_straddle_and_big_blind_ante_conserve_chips_over_many_hands(mode: StackMode) -> None:
    stacks = (2_000,) * 6
    config = TableConfig(
        stacks=stacks,
        blinds=Blinds(10, 20, 20),
        straddles=1,
        ante_rule=AnteRule.BIG_BLIND,
        stack_mode=mode,
        max_hands=300,
    )
    players = [RandomPolicy(seed=seat) for seat in range(6)]
    session = TableSession(config, players, seed=11)
    records = session.run()
    # carrying stacks, random players bust until one is left (heads-up at the end)
    assert len(records) == 300 if mode is StackMode.RESET else len(records) > 5
    total = sum(stacks)
    for record in records:
        assert sum(record.final_stacks) == (total if mode is StackMode.CARRY else sum(record.starting_stacks))
        assert sum(record.results) == 0
        state = record.state
        assert state is not None
        dealt_in = sum(1 for s in record.starting_stacks if s > 0)
        bb_seat, bb = posted(state, "big blind")[0]
        assert bb <= 20
        antes = posted(state, "ante")
        # one big-blind ante for the table, posted by the big blind after the blind
        if record.starting_stacks[bb_seat] > bb:
            assert [seat for seat, _ in antes] == [bb_seat]
        if dealt_in >= 3:
            straddle = posted(state, "straddle")
            assert len(straddle) == 1
            seat, amount = straddle[0]
            assert seat == next_live(bb_seat, record.starting_stacks)
            assert amount == min(40, record.starting_stacks[seat])
        else:  # heads-up: no seat after the blinds
            assert posted(state, "straddle") == []
    assert sum(session.stacks) == total


def test_moving_button_moves_the_straddles() -> None:
    config = TableConfig(
        stacks=(1_000,) * 5,
        blinds=Blinds(5, 10),
        straddles=2,
        button_rule=ButtonRule.MOVING_BUTTON,
        max_hands=5,
    )
    session = TableSession(config, [CallBot() for _ in range(5)], seed=3)
    records = session.run()
    seen = []
    for record in records:
        straddles = posted(record.state, "straddle")
        assert [amount for _, amount in straddles] == [20, 40]  # 2 and 4 big blinds
        button = record.positions.button
        # UTG straddle two seats after the big blind's small blind ... : button+3, +4
        assert [seat for seat, _ in straddles] == [(button + 3) % 5, (button + 4) % 5]
        seen.append(straddles[0][0])
    assert seen == [(seen[0] + k) % 5 for k in range(5)]
    # the straddles follow the big blind of each hand (a blind schedule)
    assert config.straddles_at(300, 5) == (600, 1_200)
    assert config.straddles_at(300, 1) == (600,)


def test_button_ante_and_boards_reach_every_hand() -> None:
    config = TableConfig(
        stacks=(500, 500, 500),
        blinds=Blinds(5, 10, 15),
        ante_rule=AnteRule.BUTTON,
        boards=2,
        stack_mode=StackMode.RESET,
        max_hands=12,
    )
    session = TableSession(config, [ShoveBot() for _ in range(3)], seed=5)
    records = session.run()
    for record in records:
        state = record.state
        assert state is not None
        assert state.config.boards == 2 and state.config.ante_rule is AnteRule.BUTTON
        assert posted(state, "ante") == [(record.positions.button, 15)]
        # everyone shoves pre-flop: the board is run twice
        assert len(state.boards) == 2
        assert all(len(board) == 5 for board in state.boards)
        assert sum(record.results) == 0


def test_snapshot_round_trip_keeps_straddles_ante_rule_and_boards() -> None:
    config = TableConfig(
        stacks=(1_000, 1_000, 1_000, 0, 1_000),
        blinds=Blinds(5, 10, 10),
        straddles=1,
        ante_rule=AnteRule.BIG_BLIND,
        boards=3,
        stack_mode=StackMode.RESET,
        max_hands=30,
    )
    players = [CallBot(), ShoveBot(), CallBot(), None, ShoveBot()]
    session = TableSession(config, players, seed=8)
    for _ in range(4):
        session.play_hand()
    data = json.loads(json.dumps(session.snapshot()))
    assert data["version"] == SNAPSHOT_VERSION == 4
    assert (data["config"]["straddles"], data["config"]["ante_rule"], data["config"]["boards"]) == (
        1,
        "big-blind",
        3,
    )
    restored = TableSession.restore(data, players)
    assert restored.config == config
    for _ in range(6):
        if session.is_over:
            break
        a, b = session.play_hand(), restored.play_hand()
        assert a == b
        assert a.state is not None and b.state is not None
        assert a.state.history == b.state.history
        assert a.state.config.straddles == (20,) and a.state.config.boards == 3


def test_snapshot_mid_hand_with_a_straddle_replays() -> None:
    config = TableConfig(stacks=(1_000,) * 4, blinds=Blinds(5, 10), straddles=1, max_hands=3)
    session = TableSession(config, [None, CallBot(), None, CallBot()], seed=2)
    state = session.start_hand()
    assert state.config.straddles == (20,)
    data = json.loads(json.dumps(session.snapshot()))
    restored = TableSession.restore(data, [None, CallBot(), None, CallBot()])
    assert restored.state == state


def test_version_1_snapshot_reads_with_the_defaults() -> None:
    session = TableSession(TableConfig(stacks=(500, 500), max_hands=2), [CallBot(), CallBot()], seed=1)
    session.play_hand()
    data = old_format(session.snapshot(), version=1)  # no policies (version 3), no straddles... (version 2)
    restored = TableSession.restore(data, [CallBot(), CallBot()])
    assert (restored.config.straddles, restored.config.ante_rule, restored.config.boards) == (
        0,
        AnteRule.EVERY_SEAT,
        1,
    )
    # the deck generator goes on: the next hand is the one the version 1 session dealt next
    record = restored.play_hand()
    assert record.state is not None
    assert record.state.hole_cards == deal(record.state.config, seed=next_old_deal_seed(data)).hole_cards
    # version 2 requires them
    data["version"] = 2
    with pytest.raises(InvalidConfigError, match=r"snapshot\.config\.straddles is missing"):
        TableSession.restore(data, [CallBot(), CallBot()])
    data["version"] = 5
    with pytest.raises(InvalidConfigError, match="snapshot.version 5 is not supported"):
        TableSession.restore(data, [CallBot(), CallBot()])


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"straddles": -1}, "straddles"),
        ({"straddles": True}, "straddles"),
        ({"straddles": "1"}, "straddles"),
        ({"straddles": 1.0}, "straddles"),
        ({"straddles": 9, "stacks": (100,) * 10}, "straddles"),
        ({"straddles": 3, "stacks": (100,) * 4}, "straddles: 3 straddles need 5 seats"),
        ({"straddles": 1, "betting": BettingStructure.FIXED_LIMIT}, "straddles need no-limit"),
        ({"ante_rule": "big-blind"}, "ante_rule"),
        ({"ante_rule": None}, "ante_rule"),
        ({"boards": 0}, "boards"),
        ({"boards": 10}, "boards"),
        ({"boards": True}, "boards"),
        ({"boards": 7, "stacks": (100,) * 10}, "boards: 7 boards for 10 players"),
    ],
)
def test_bad_forced_bet_options_are_refused_naming_the_field(
    fields: dict[str, Any], fragment: str
) -> None:
    kwargs: dict[str, Any] = {"stacks": (100,) * 4, **fields}
    with pytest.raises(InvalidConfigError, match=fragment) as info:
        TableConfig(**kwargs)
    assert str(info.value).startswith(next(iter(fields)).split("_")[0])


def test_ten_seats_with_six_boards_and_eight_straddles() -> None:
    config = TableConfig(
        stacks=(300,) * 10, straddles=8, boards=6, stack_mode=StackMode.RESET, max_hands=3
    )
    session = TableSession(config, [ShoveBot() for _ in range(10)], seed=4)
    for record in session.run():
        assert record.state is not None
        assert len(posted(record.state, "straddle")) == 8
        assert len(record.state.boards) == 6
        assert sum(record.final_stacks) == 3_000


@pytest.mark.parametrize(
    ("key", "value", "fragment"),
    [
        ("straddles", -2, r"config\.straddles|straddles"),
        ("ante_rule", "big", r"config\.ante_rule must be one of"),
        ("boards", "2", "boards"),
    ],
)
def test_bad_plain_data_is_refused_naming_the_field(key: str, value: object, fragment: str) -> None:
    data = config_data(TableConfig(stacks=(100,) * 4, straddles=1, boards=2))
    assert config_from_data(data) == TableConfig(stacks=(100,) * 4, straddles=1, boards=2)
    data[key] = value
    with pytest.raises(InvalidConfigError, match=fragment):
        config_from_data(data)


def test_tournament_with_a_big_blind_ante() -> None:
    schedule = BlindSchedule.every(5, [(5, 10, 10), (10, 20, 20)])
    config = TournamentConfig(players=4, schedule=schedule, ante_rule=AnteRule.BIG_BLIND, max_hands=8)
    table = config.table_config()
    assert table.ante_rule is AnteRule.BIG_BLIND
    session = TableSession(table, [CallBot() for _ in range(4)], seed=1)
    for record in session.run():
        antes = posted(record.state, "ante")
        assert len(antes) == 1 and antes[0][0] == record.positions.big_blind_seat
    with pytest.raises(InvalidConfigError, match="ante_rule"):
        TournamentConfig(players=4, ante_rule="big-blind")  # type: ignore[arg-type]


def test_json_codec_round_trip_of_a_straddled_session() -> None:
    from pokerkit_core.formats import serialize

    config = TableConfig(
        stacks=(800,) * 4, blinds=Blinds(5, 10, 10), straddles=1,
        ante_rule=AnteRule.BUTTON, boards=2, stack_mode=StackMode.RESET, max_hands=6,
    )
    players = [ShoveBot(), CallBot(), ShoveBot(), CallBot()]
    session = TableSession(config, players, seed=12)
    session.play_hand()
    again = serialize.loads(serialize.dumps(session), players=players)
    assert isinstance(again, TableSession) and again.config == config
    assert [r.state.config.boards for r in again.records if r.state is not None] == [2]
    a, b = session.play_hand(), again.play_hand()
    assert a == b and a.state is not None and b.state is not None
    assert a.state.history == b.state.history
