"""Forced bets as data: straddles, big-blind and button antes, per-seat antes."""

from __future__ import annotations

import pytest
from strategies import check_down, play

from pokerkit_core import (
    ActionTaken,
    AnteRule,
    BlindPosted,
    Call,
    Check,
    Fold,
    ForcedBet,
    GameConfig,
    IllegalActionError,
    InvalidConfigError,
    Raise,
    Street,
    UncalledBetReturned,
    act,
    deal,
    legal_actions,
    resolve_pots,
)


def actors(state: object) -> list[int]:
    return [e.seat for e in state.history if isinstance(e, ActionTaken)]  # type: ignore[attr-defined]


def test_straddle_minimum_raise_order_and_option() -> None:
    config = GameConfig.straddled(players=6, stack=10_000, count=1)  # button 0
    assert config.forced_bets == (
        ForcedBet(1, 50, "small blind"),
        ForcedBet(2, 100, "big blind"),
        ForcedBet(3, 200, "straddle"),
    )
    state = deal(config, seed=4)
    assert [(e.seat, e.amount, e.kind) for e in state.history if isinstance(e, BlindPosted)] == [
        (1, 50, "small blind"),
        (2, 100, "big blind"),
        (3, 200, "straddle"),
    ]
    # first to act is the seat after the straddler; the bet to call is the straddle
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.call_to, legal.min_raise_to) == (4, 200, 200, 400)
    with pytest.raises(IllegalActionError):
        act(state, Raise(399))
    state = play(state, Call, Call, Call, Call, Call)  # seats 4, 5, 0, 1, 2
    assert actors(state) == [4, 5, 0, 1, 2]
    # the straddler has the option: check or raise, minimum to 400
    legal = legal_actions(state)
    assert (legal.seat, legal.can_check, legal.can_raise, legal.min_raise_to) == (3, True, True, 400)
    flop = act(state, Check)
    assert flop.street is Street.FLOP and flop.to_act == 1 and flop.pot == 1_200
    raised = act(state, Raise(1_000))  # the straddler raises: everyone acts again
    assert legal_actions(raised).seat == 4 and legal_actions(raised).min_raise_to == 1_800


def test_double_straddle_measures_the_raise_from_the_largest_forced_bet() -> None:
    config = GameConfig.straddled(players=6, count=2)
    state = deal(config, seed=1)
    legal = legal_actions(state)
    assert (legal.seat, legal.call_to, legal.min_raise_to) == (5, 400, 800)
    state = play(state, Raise(800))
    assert legal_actions(state).min_raise_to == 1_200


def test_short_straddle_does_not_lower_the_bet() -> None:
    config = GameConfig(stacks=(1000, 1000, 1000, 150, 1000, 1000), button=0, straddles=(200,))
    state = deal(config, seed=2)
    assert [e for e in state.history if isinstance(e, BlindPosted)][-1] == BlindPosted(3, 150, "straddle")
    assert state.stacks[3] == 0 and state.all_in[3]
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.call_to, legal.min_raise_to) == (4, 200, 200, 400)
    state = play(state, Call, Fold, Fold, Fold, Fold)  # seat 4 calls; 5, 0, 1, 2 fold
    returned = [e for e in state.history if isinstance(e, UncalledBetReturned)]
    assert returned == [UncalledBetReturned(4, 50)]  # only 150 of the 200 is matched
    assert state.is_over and state.contributions == (0, 50, 100, 150, 150, 0)
    (pot,) = resolve_pots(state).pots
    assert (pot.amount, pot.eligible) == (450, (3, 4))


def test_straddle_configs_refused() -> None:
    with pytest.raises(InvalidConfigError, match="straddles need 3 dealt-in seats"):
        GameConfig(stacks=(100, 100), straddles=(200,))
    with pytest.raises(InvalidConfigError, match="below the forced bet"):
        GameConfig(stacks=(100,) * 4, straddles=(200, 150))
    with pytest.raises(InvalidConfigError, match="big blind"):
        GameConfig(stacks=(100,) * 4, big_blind_seat=None, small_blind_seat=1, straddles=(200,))


def test_big_blind_ante_posted_short_blind_first() -> None:
    # big blind 200, big-blind ante 200, the big blind holds 250: blind first
    # (Poker TDA 2024 RP-11), the remaining 50 is the ante, dead money
    config = GameConfig(
        stacks=(1000, 1000, 250), small_blind=100, big_blind=200, ante=200,
        ante_rule=AnteRule.BIG_BLIND, button=0,
    )
    holes = ["KsKd", "QsQd", "AsAd"]
    state = deal(config, hole_cards=holes, board="2c7d9hJc3s")
    posted = [e for e in state.history if isinstance(e, BlindPosted)]
    assert posted == [
        BlindPosted(1, 100, "small blind"),
        BlindPosted(2, 200, "big blind"),
        BlindPosted(2, 50, "ante"),
    ]
    assert state.call_to == 200 and state.bets == (0, 100, 200) and state.all_in[2]
    state = check_down(play(state, Raise(600), Call))
    result = resolve_pots(state)
    # the ante is not matched by anybody: main pot 3 x 200 + 50, side pot 2 x 400
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (650, (0, 1, 2), (2,)),
        (800, (0, 1), (0,)),
    ]
    assert state.stacks == (1200, 400, 650)


def test_every_seat_ante_is_taken_before_the_blinds() -> None:
    config = GameConfig(stacks=(1000, 30, 1000), small_blind=50, big_blind=100, ante=20, button=0)
    state = deal(config, seed=1)
    assert [e for e in state.history if isinstance(e, BlindPosted)][:4] == [
        BlindPosted(0, 20, "ante"),
        BlindPosted(1, 20, "ante"),
        BlindPosted(2, 20, "ante"),
        BlindPosted(1, 10, "small blind"),
    ]


def test_button_ante_and_per_seat_antes() -> None:
    config = GameConfig.button_ante(players=4, stack=1000, ante=100, button=3)
    assert config.forced_bets[-1] == ForcedBet(3, 100, "ante")
    state = deal(config, seed=3)
    assert state.contributions == (50, 100, 0, 100) and state.pot == 250
    state = play(state, Fold, Fold, Fold)  # seat 2, seat 3 (button), seat 0 fold
    assert state.is_over and state.stacks == (950, 1150, 1000, 900)
    per_seat = GameConfig(stacks=(1000,) * 3, antes=(5, 0, 25), button=0)
    assert [b for b in per_seat.forced_bets if b.kind == "ante"] == [
        ForcedBet(0, 5, "ante"),
        ForcedBet(2, 25, "ante"),
    ]
    state = deal(per_seat, seed=3)
    assert state.contributions == (5, 50, 125)
    total = check_down(play(state, Call, Call))
    assert sum(total.stacks) == 3000 and sum(p.amount for p in total.pots) == 330


def test_all_in_from_the_ante_wins_antes_only_up_to_its_own() -> None:
    config = GameConfig(stacks=(5, 1000, 1000), antes=(10, 0, 40), button=0)
    holes = ["AsAd", "KsKd", "QsQd"]
    state = check_down(play(deal(config, hole_cards=holes, board="2c7d9hJc3s"), Call))
    result = resolve_pots(state)
    # seat 0 is all-in with its 5-chip ante: 5 from itself and from seat 2's ante
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (10, (0, 1, 2), (0,)),
        (235, (1, 2), (1,)),
    ]
    assert state.stacks == (10, 1135, 860)


def test_an_ante_nobody_matched_is_returned_not_a_side_pot_won() -> None:
    # antes of 10 from every seat; seat 0 holds 5 and is all-in from its ante.
    # Seat 1's blind is returned as an uncalled bet, and so are the 5 chips
    # of its ante that seat 0 could not match: they are in no pot.
    config = GameConfig(stacks=(5, 1000), small_blind=5, big_blind=10, ante=10, button=0)
    state = deal(config, hole_cards=["AsAd", "KsKd"], board="2c7d9hJc3s")
    assert state.is_over
    returned = [e for e in state.history if isinstance(e, UncalledBetReturned)]
    assert returned == [UncalledBetReturned(1, 10), UncalledBetReturned(1, 5)]
    result = resolve_pots(state)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(10, (0, 1), (0,))]
    assert state.stacks == (10, 995) and state.contributions == (5, 5)


def test_a_dead_ante_nobody_still_in_can_win_is_returned() -> None:
    # per-seat antes 10 and 50: seat 0 is all-in from its 10, so it wins
    # antes only up to its own; seat 1's other 40 is returned, not a side pot
    config = GameConfig(stacks=(10, 1000), small_blind=5, big_blind=10, antes=(10, 50), button=0)
    state = deal(config, hole_cards=["AsAd", "KsKd"], board="2c7d9hJc3s")
    returned = [e for e in state.history if isinstance(e, UncalledBetReturned)]
    assert returned == [UncalledBetReturned(1, 10), UncalledBetReturned(1, 40)]
    assert [(p.amount, p.winners) for p in resolve_pots(state).pots] == [(20, (0,))]
    assert state.stacks == (20, 990)
    # a dead ante that a player with chips may still win stays in the pot
    config = GameConfig(stacks=(100, 1000), small_blind=5, big_blind=10, antes=(0, 50), button=0)
    state = check_down(play(deal(config, hole_cards=["AsAd", "KsKd"], board="2c7d9hJc3s"), Call))
    assert not [e for e in state.history if isinstance(e, UncalledBetReturned)]
    assert [(p.amount, p.winners) for p in resolve_pots(state).pots] == [(70, (0,))]
