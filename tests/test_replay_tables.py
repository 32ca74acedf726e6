"""PHH write/read/replay of live-table hands: straddles, 10 seats, per-seat antes."""

from __future__ import annotations

import pytest
from strategies import check_down, play

from pokerkit_core import AllIn, AnteRule, Call, Check, Fold, GameConfig, HandState, Raise, deal
from pokerkit_core.errors import HistoryParseError, InvalidConfigError
from pokerkit_core.formats import phh
from pokerkit_core.formats.model import HandHistory
from pokerkit_core.engine.state import legal_actions
from pokerkit_core.formats.replay import ReplayResult, config_for, record, replay


def round_trip(state: HandState) -> tuple[str, HandHistory, ReplayResult]:
    text = phh.dumps(record(state))
    hand = phh.loads(text)
    result = replay(hand)
    assert result.ok, result.error
    return text, hand, result


def test_straddled_hand_round_trips_through_phh() -> None:
    config = GameConfig.straddled(players=6, stack=10_000, count=2, button=0)
    state = play(deal(config, seed=5), Raise(1_200), Call, Fold, Fold, Fold, Call)
    state = check_down(state)
    text, hand, result = round_trip(state)
    assert "blinds_or_straddles" in text and hand.blinds == (50, 100, 200, 400, 0, 0)
    replayed, _ = config_for(hand)
    assert replayed.straddles == (200, 400)
    assert result.state is not None and result.state.stacks == tuple(
        state.stacks[(config.button + 1 + k) % 6] for k in range(6)
    )


def test_ten_seats_and_big_blind_ante_round_trip() -> None:
    config = GameConfig.big_blind_ante(players=10, stack=5_000, small_blind=100, big_blind=200)
    state = check_down(play(deal(config, seed=8), AllIn, AllIn, *[Fold] * 8))
    text, hand, result = round_trip(state)
    assert hand.player_count == 10
    assert "antes" in text and hand.antes == (0, 200, 0, 0, 0, 0, 0, 0, 0, 0)
    assert result.state is not None and sum(result.state.stacks) == 50_000
    replayed = config_for(hand)[0]  # the same rule, so a short big blind posts alike
    assert (replayed.ante_rule, replayed.ante, replayed.antes) == (AnteRule.BIG_BLIND, 200, None)


def test_per_seat_antes_replay() -> None:
    config = GameConfig(stacks=(1000, 2000, 1500), antes=(10, 0, 30), button=2)
    state = check_down(play(deal(config, seed=2), Call, Call))
    _, _, result = round_trip(state)
    assert result.state is not None and sorted(result.state.stacks) == sorted(state.stacks)


def test_straddles_must_follow_the_big_blind() -> None:
    # a straddle from the button (player 3 of 4): GameConfig.straddle_seat
    hand = phh.loads(
        "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 200]\n"
        "min_bet = 100\nstarting_stacks = [1000, 1000, 1000, 1000]\nactions = []\n"
    )
    config, _ = config_for(hand)
    assert (config.button, config.straddles, config.straddle_seat) == (3, (200,), 3)
    # straddles by players 3 and 5, not consecutive: refused
    hand = phh.loads(
        "variant = 'NT'\nantes = [0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 200, 0, 400]\n"
        "min_bet = 100\nstarting_stacks = [1000, 1000, 1000, 1000, 1000, 1000]\nactions = []\n"
    )
    with pytest.raises(InvalidConfigError, match="consecutive players after the big blind"):
        config_for(hand)


def test_a_hand_of_antes_only_has_no_blind_seats() -> None:
    hand = phh.loads(
        "variant = 'NT'\nantes = [5, 5, 5]\nblinds_or_straddles = [0, 0, 0]\n"
        "min_bet = 20\nstarting_stacks = [100, 100, 100]\nactions = []\n"
    )
    config, _ = config_for(hand)
    assert (config.small_blind_seat, config.big_blind_seat, config.big_blind, config.ante) == (None, None, 20, 5)
    assert [bet.kind for bet in config.forced_bets] == ["ante"] * 3
    hand = phh.loads(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0, 0]\n"
        "min_bet = 20\nstarting_stacks = [100, 100]\nactions = []\n"
    )
    with pytest.raises(InvalidConfigError, match="no blind or ante"):
        config_for(hand)


@pytest.mark.parametrize(
    ("boards", "players", "actions"),
    [
        (2, 2, ("shove", "shove")),  # all-in pre-flop: both boards dealt whole
        (3, 3, (Call, Call, Check, "shove", "shove", "shove")),  # all-in on the flop
        (2, 6, ("shove", Fold, Fold, Fold, "shove", "shove")),  # side pots on two boards
    ],
)
def test_multi_board_hand_round_trips_through_phh(
    boards: int, players: int, actions: tuple[object, ...]
) -> None:
    stacks = tuple(1_000 + 137 * k for k in range(players))
    config = GameConfig(stacks=stacks, boards=boards)
    state = deal(config, seed=21 + boards)
    for action in actions:
        if action == "shove":  # all-in if a raise is left, else call
            action = AllIn if AllIn in legal_actions(state) else Call
        state = play(state, action)  # type: ignore[arg-type]
    assert state.is_over and len(state.boards) == boards
    text, hand, result = round_trip(state)
    assert f"_boards = {boards}" in text
    assert hand.boards == boards
    order = tuple((config.button + 1 + k) % players for k in range(players))
    assert hand.finishing_stacks == tuple(state.stacks[seat] for seat in order)
    assert result.state is not None
    assert result.state.boards == state.boards  # every board dealt again, in order
    assert [p.amount for p in result.state.pots] == [p.amount for p in state.pots]
    # the PHH text reads back to the same hand, and writes the same text
    assert phh.dumps(phh.loads(text)) == text


def test_one_board_hand_writes_no_boards_key() -> None:
    state = play(deal(GameConfig(stacks=(500, 500)), seed=3), AllIn, AllIn)
    text = phh.dumps(record(state))
    assert "_boards" not in text and phh.loads(text).boards == 1


@pytest.mark.parametrize(
    ("value", "fragment"),
    [("0", r"_boards\) must be an int from 1 to 9"), ('"2"', "_boards"), ("10", "_boards"), ("true", "_boards")],
)
def test_bad_boards_key_is_refused(value: str, fragment: str) -> None:
    text = phh.dumps(record(play(deal(GameConfig(stacks=(500, 500)), seed=3), AllIn, AllIn)))
    with pytest.raises(HistoryParseError, match=fragment):
        phh.loads(text + f"_boards = {value}\n")


def test_board_cards_that_do_not_split_into_boards_are_refused() -> None:
    state = play(deal(GameConfig(stacks=(500, 500), boards=3), seed=4), AllIn, AllIn)
    hand = phh.loads(phh.dumps(record(state)))
    bad = HandHistory(**{**{f: getattr(hand, f) for f in hand.__dataclass_fields__}, "entries": hand.entries[:-1]})
    with pytest.raises(HistoryParseError, match="do not make 2 further boards"):
        bad.board_runs
