"""Showdowns: ten-handed side pots, run it twice, results kept in the state."""

from __future__ import annotations

import pickle

from strategies import check_down, play

from pokerkit_core import (
    AllIn,
    Bet,
    BoardDealt,
    Call,
    Check,
    Fold,
    GameConfig,
    HandMucked,
    HandShown,
    HandState,
    PotAwarded,
    Raise,
    act,
    deal,
    parse_cards,
    resolve_pots,
    show,
)


def test_ten_handed_side_pots_and_odd_chip() -> None:
    stacks = (1000, 1000, 301, 1000, 1000, 1000, 1000, 1000, 1000, 1000)
    config = GameConfig(stacks=stacks, button=9)
    assert (config.small_blind_seat, config.big_blind_seat) == (0, 1)
    holes: list[str | None] = [None] * 10
    holes[2], holes[3], holes[4] = "AsKs", "AdKd", "QcQh"
    state = deal(config, hole_cards=holes, board="AhKc7d5s2c")
    assert state.to_act == 2
    # seat 2 all-in 301, seat 3 calls, seat 4 all-in 1000, the rest fold, seat 3 calls
    state = play(state, AllIn, Call, AllIn, *[Fold] * 7, Call)
    assert state.is_over
    result = resolve_pots(state)
    # main pot: 3 x 301 + both blinds = 1053, split by the two AK: the odd chip
    # goes to the first winner clockwise from the button (seat 2 before seat 3)
    assert [(p.amount, p.eligible, p.winners, p.shares) for p in result.pots] == [
        (1053, (2, 3, 4), (2, 3), (527, 526)),
        (1398, (3, 4), (3,), (1398,)),
    ]
    assert state.stacks == (950, 900, 527, 1924, 0, 1000, 1000, 1000, 1000, 1000)
    assert sum(state.stacks) == sum(stacks)


def run_twice_hand() -> HandState:
    # pot 51 + 1000 + 1000 = 2051: 1026 to the first board, 1025 to the second
    config = GameConfig(stacks=(1000, 1000, 1000), small_blind=51, big_blind=100, button=0, boards=2)
    deck = "AhAd 2c3c KhKd" + " Ac7c8d4h2h" + " AsKsQsJsTs"
    state = deal(config, deck=deck)
    return play(state, AllIn, Fold, Call)


def test_run_it_twice_splits_each_pot_between_boards_with_odd_chips() -> None:
    state = run_twice_hand()
    assert state.is_over
    assert state.boards == (
        tuple(parse_cards("Ac7c8d4h2h")),
        tuple(parse_cards("AsKsQsJsTs")),
    )
    assert state.board == state.boards[0]
    awards = [e for e in state.history if isinstance(e, PotAwarded)]
    # board 1: seat 0's trip aces win the 1026; board 2: a royal flush on the
    # board ties, 1025 split 513 / 512, the odd chip to seat 2 (the first
    # winner clockwise from the button, seat 0)
    assert awards == [
        PotAwarded(0, (0,), (1026,), 0),
        PotAwarded(0, (0, 2), (512, 513), 1),
    ]
    assert state.stacks == (1538, 949, 513)
    (pot,) = state.pots
    assert (pot.amount, pot.winners, pot.shares) == (2051, (0, 2), (1538, 513))
    assert [tuple(p.amount for p in parts) for parts in state.board_pots] == [(1026,), (1025,)]
    streets = [(e.street.name, e.board) for e in state.history if isinstance(e, BoardDealt)]
    assert streets == [
        ("FLOP", 0), ("TURN", 0), ("RIVER", 0), ("FLOP", 1), ("TURN", 1), ("RIVER", 1),
    ]
    result = resolve_pots(state)
    assert result.boards == state.boards and result.board_pots == state.board_pots


def test_run_twice_after_the_flop_shares_the_flop() -> None:
    config = GameConfig.no_limit(players=2, stack=1000, boards=2)
    deck = "AhAd KhKd" + " 2c7d9h3s4s" + " 5c6c8c" + "TcJc"
    state = deal(config, deck=deck)
    state = play(state, Call, "k")  # limp, check: flop 2c 7d 9h
    state = play(state, AllIn, Call)
    assert state.is_over
    first, second = state.boards
    assert first[:3] == second[:3] == tuple(parse_cards("2c7d9h"))
    assert second[3:] == tuple(parse_cards("TcJc"))  # board 2 takes its own turn and river
    assert sum(state.stacks) == 2000


def test_one_board_is_the_default_and_unchanged() -> None:
    state = check_down(deal(GameConfig.no_limit(players=3, stack=1000), seed=5))
    assert len(state.boards) == 1 and len(state.board_pots) == 1
    assert all(e.board == 0 for e in state.history if isinstance(e, PotAwarded))


def test_results_are_kept_and_voluntary_show_ranks() -> None:
    state = deal(GameConfig.no_limit(players=3, stack=1000), seed=11)
    state = play(state, Call, Call, "k", "b 100", Fold, Fold)
    assert state.is_over and state.shown_cards == (None, None, None)
    assert resolve_pots(state).shown == {}
    revealed = show(state, 0)
    assert revealed.shown_cards[0] == state.hole_cards[0]
    assert set(resolve_pots(revealed).shown) == {0}
    assert resolve_pots(revealed).shown[0].cards[:2] == state.hole_cards[0]
    assert [e for e in revealed.history if isinstance(e, HandShown)] == [
        HandShown(0, state.hole_cards[0])
    ]


def test_states_compare_hash_and_pickle_by_value() -> None:
    config = GameConfig.straddled(players=4)
    one = play(deal(config, seed=3), Call, Call)
    two = play(deal(config, seed=3), Call, Call)
    assert one == two and hash(one) == hash(two) and one is not two
    assert one != act(one, Fold)
    assert play(deal(config, seed=4), Call, Call) != one
    again = pickle.loads(pickle.dumps(one))
    assert again == one and again.history == one.history
    assert act(again, Call) == act(one, Call)
    final = run_twice_hand()
    assert pickle.loads(pickle.dumps(final)) == final
    assert pickle.loads(pickle.dumps(final)).pots == final.pots


# ------------------------------------------------------- showing order (TDA 16)

def _reveals(state: HandState) -> list[tuple[str, int]]:
    return [(type(e).__name__, e.seat) for e in state.history if isinstance(e, (HandShown, HandMucked))]


def _to_river(config: GameConfig, holes: list[str]) -> HandState:
    # everybody calls or checks to the river; 4 seats, button 0
    state = deal(config, hole_cards=holes, board="AhKh3c9d4s")
    state = play(state, Call, Call, Call, Check, *[Check] * 8)
    assert state.to_act == 1 and len(state.board) == 5
    return state


HOLES = ["KsKd", "7c2h", "AsAd", "QsQd"]  # seat 2 holds the best hand


def test_river_bettor_shows_first_and_a_beaten_caller_mucks() -> None:
    # muck_losing_hands: seat 3 bets the river, seats 1 and 2 call, seat 0
    # folds.  The last aggressor (seat 3, QQ) shows first; 72 cannot beat it
    # and mucks; AA beats it and shows.  Left of the button would have been 72.
    config = GameConfig(stacks=(1000,) * 4, button=0, muck_losing_hands=True)
    state = play(_to_river(config, HOLES), Check, Check, Bet(200), Fold, Call, Call)
    assert state.is_over
    assert _reveals(state) == [("HandShown", 3), ("HandMucked", 1), ("HandShown", 2)]
    assert state.shown_cards[1] is None and state.stacks == (900, 700, 1700, 700)


def test_after_a_raise_the_raiser_shows_first() -> None:
    config = GameConfig(stacks=(1000,) * 4, button=0, muck_losing_hands=True)
    state = play(_to_river(config, HOLES), Bet(100), Fold, Fold, Fold)
    assert not _reveals(state)  # nobody called: no showdown
    state = play(_to_river(config, HOLES), Bet(100), Raise(300), Fold, Fold, Call)
    # seat 2 raised last: its AA shows first, then seat 1 (72, the bettor, beaten) mucks
    assert _reveals(state) == [("HandShown", 2), ("HandMucked", 1)]


def test_all_in_and_call_shows_every_hand_with_mucking_on() -> None:
    # seat 1 (72) holds 300 and goes all-in on the river; seats 2 (AA) and
    # 3 (QQ) call, seat 0 folds.  Poker TDA 16: once a player is all-in,
    # every hand is turned face up, QQ's too although AA beats it.
    config = GameConfig(stacks=(1000, 300, 1000, 1000), button=0, muck_losing_hands=True)
    state = play(_to_river(config, HOLES), AllIn, Call, Call, Fold)
    assert state.is_over
    assert _reveals(state) == [("HandShown", 1), ("HandShown", 2), ("HandShown", 3)]
    assert all(state.shown_cards[seat] is not None for seat in (1, 2, 3))
    # the same river checked down: QQ (seat 3) mucks after AA shows
    quiet = play(_to_river(config, HOLES), Check, Check, Check, Check)
    assert ("HandMucked", 3) in _reveals(quiet)


def test_checked_down_river_shows_from_the_first_seat_left_of_the_button() -> None:
    # button 2: seat 3 is first left of the button; checked down, it shows
    # first, then seat 0 (KK beats QQ: shown), seat 1 (72: mucks), seat 2 (AA)
    config = GameConfig(stacks=(1000,) * 4, button=2, muck_losing_hands=True)
    state = deal(config, hole_cards=HOLES, board="AhKh3c9d4s")
    state = check_down(state)
    assert _reveals(state) == [
        ("HandShown", 3), ("HandShown", 0), ("HandMucked", 1), ("HandShown", 2)
    ]
    # the order is the same with every hand shown (the default)
    everyone = check_down(deal(GameConfig(stacks=(1000,) * 4, button=2), hole_cards=HOLES,
                               board="AhKh3c9d4s"))
    assert [seat for _, seat in _reveals(everyone)] == [3, 0, 1, 2]
