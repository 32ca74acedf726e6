"""PHH write/read/replay of live-table hands: straddles, 10 seats, per-seat antes."""

from __future__ import annotations

import pytest
from strategies import check_down, play

from pokerkit_core import AllIn, AnteRule, Call, Fold, GameConfig, HandState, Raise, deal
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.history import phh
from pokerkit_core.history.model import HandHistory
from pokerkit_core.history.replay import ReplayResult, config_for, record, replay


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
    hand = phh.loads(
        "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 200]\n"
        "min_bet = 100\nstarting_stacks = [1000, 1000, 1000, 1000]\nactions = []\n"
    )
    with pytest.raises(InvalidConfigError, match="right after the big blind"):
        config_for(hand)
