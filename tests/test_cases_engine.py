"""CASES.md scenarios for the rules engine; the case numbers are the assertions.

Covers C01-C05, C07-C09, C12-C14, C16, C18, C19, C21, C23, C25 (scenario A),
C26, C27, C44 and C45, each with neighbouring variants of the same fault kind.
Seats are listed clockwise; "raise to N" is the street total.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from strategies import check_down, play

from pokerkit_core import (
    ActionTaken,
    AllIn,
    Bet,
    BettingStructure,
    BoardDealt,
    Call,
    Check,
    Fold,
    GameConfig,
    HandShown,
    IllegalActionError,
    OddChipRule,
    PotAwarded,
    Raise,
    Street,
    UncalledBetReturned,
    act,
    deal,
    legal_actions,
    resolve_pots,
)
from pokerkit_core.engine.state import draw_codes


def events(state, kind):  # type: ignore[no-untyped-def]
    return [e for e in state.history if isinstance(e, kind)]


# --------------------------------------------------------------------- C01
def c01_config(utg_stack: int = 16) -> GameConfig:
    # S0 SB 19, S1 BB 200, S2 UTG, S3 BTN 200; preflop order S2, S3, S0, S1.
    return GameConfig(stacks=(19, 200, utg_stack, 200), small_blind=1, big_blind=2, button=3)


def test_c01_short_all_in_after_full_all_in_raise() -> None:
    state = deal(c01_config(), seed=1)
    assert state.to_act == 2
    state = play(state, AllIn, Call)  # S2 all-in to 16 (full), S3 calls
    assert state.to_act == 0
    state = act(state, AllIn)  # S0 all-in to 19: increment 3 < 14, short
    legal = legal_actions(state)
    assert (legal.seat, legal.can_fold, legal.call_amount, legal.call_to) == (1, True, 17, 19)
    assert legal.can_raise and (legal.min_raise_to, legal.max_raise_to) == (33, 200)
    state = act(state, Call)
    legal = legal_actions(state)
    assert legal.seat == 3
    assert (legal.can_fold, legal.can_call, legal.call_amount) == (True, True, 3)
    assert not legal.can_raise and not legal.can_check
    with pytest.raises(IllegalActionError, match="not reopened"):
        act(state, Raise(40))
    state = act(state, Call)
    assert state.street is Street.FLOP
    assert state.stacks[1] == state.stacks[3] == 181
    final = check_down(state)
    pots = resolve_pots(final).pots
    assert (pots[0].amount, pots[0].eligible) == (64, (0, 1, 2, 3))
    assert (pots[1].amount, pots[1].eligible) == (9, (0, 1, 3))
    assert len(pots) == 2


def test_c01_control_full_raise_not_all_in() -> None:
    state = deal(c01_config(utg_stack=200), seed=1)
    state = play(state, Raise(16), Call, AllIn)
    assert legal_actions(state).can_raise  # the BB has not acted yet
    state = act(state, Call)
    for seat in (2, 3):  # clockwise from the BB; both only fold / call 3
        legal = legal_actions(state)
        assert legal.seat == seat
        assert (legal.can_call, legal.call_amount, legal.can_raise) == (True, 3, False)
        state = act(state, Call)
    assert state.street is Street.FLOP


def test_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    # BB 100: seat 3 raises to 300 (increment 200); seat 4 all-in 400 (short);
    # seat 5 all-in 550: 250 above what seat 3 last faced >= 200 -> reopened.
    config = GameConfig(stacks=(10_000, 10_000, 10_000, 10_000, 400, 550), button=0)
    state = deal(config, seed=3)
    state = play(state, Raise(300), AllIn, AllIn, Fold, Fold, Call)
    legal = legal_actions(state)
    assert legal.seat == 3
    assert legal.can_raise and legal.min_raise_to == 750  # 550 + the last full raise 200


def test_short_all_ins_below_a_full_raise_do_not_reopen() -> None:
    config = GameConfig(stacks=(10_000, 10_000, 10_000, 10_000, 400, 450), button=0)
    state = deal(config, seed=3)
    state = play(state, Raise(300), AllIn, AllIn, Fold, Fold, Call)
    legal = legal_actions(state)
    assert legal.seat == 3 and legal.call_amount == 150
    assert not legal.can_raise


def test_short_all_in_keeps_last_full_raise_size() -> None:
    # RULES.md 2: BB 100, raise to 300, all-in to 400 -> next minimum raise-to 600.
    config = GameConfig(stacks=(10_000, 10_000, 10_000, 10_000, 400), button=0)
    state = play(deal(config, seed=2), Raise(300), AllIn)
    legal = legal_actions(state)
    assert legal.seat == 0 and legal.min_raise_to == 600


# --------------------------------------------------------------------- C02
def test_c02_call_amount_after_short_all_in_reraise_on_flop() -> None:
    config = GameConfig(
        stacks=(928, 263, 930, 417, 775, 350), small_blind=2, big_blind=5, button=5
    )
    holes = [None, "7c2d", None, None, "AsAd", None]
    state = deal(config, hole_cards=holes, board="QsTd3h4c8s")
    state = play(state, Fold, Fold, Raise(15), Fold, Fold, Raise(109), Call)
    assert state.pot == 220 and state.street is Street.FLOP
    state = play(state, Bet(55), Raise(123), AllIn)
    legal = legal_actions(state)
    assert legal.seat == 4 and legal.call_amount == 31 and legal.call_to == 154
    assert (legal.can_fold, legal.can_call, legal.can_raise, legal.can_check) == (
        True,
        True,
        False,
        False,
    )
    assert [str(a) for a in legal.actions()] == ["f", "c"]
    state = act(state, Call)
    assert state.pot == 528 and state.is_over
    assert state.contributions[1] == 263 and state.contributions[4] == 263
    # no action after the flop call: turn and river dealt, then showdown
    after = state.history[[type(e) for e in state.history].index(BoardDealt) :]
    assert [e.street for e in after if isinstance(e, BoardDealt)] == [
        Street.FLOP,
        Street.TURN,
        Street.RIVER,
    ]
    assert not [e for e in after if isinstance(e, ActionTaken) and e.street > Street.FLOP]
    assert state.stacks[4] == 512 + 528 and state.stacks[1] == 0


# --------------------------------------------------------------------- C03
def c03_state():  # type: ignore[no-untyped-def]
    # HU NL 10/20: seat 1 = BTN/SB 1000, seat 0 = BB 200.
    config = GameConfig(stacks=(200, 1000), small_blind=10, big_blind=20, button=1)
    return play(deal(config, seed=4), Raise(100), Raise(180))


def test_c03_min_raise_not_cut_to_short_opponent() -> None:
    state = c03_state()
    legal = legal_actions(state)
    assert legal.seat == 1
    assert (legal.can_fold, legal.call_amount, legal.call_to) == (True, 80, 180)
    assert (legal.min_raise_to, legal.max_raise_to) == (260, 1000)
    with pytest.raises(IllegalActionError, match="below the minimum 260"):
        act(state, Raise(200))
    state = act(state, Raise(260))
    legal = legal_actions(state)
    assert (legal.seat, legal.can_fold, legal.call_amount, legal.can_raise) == (0, True, 20, False)
    state = act(state, Call)
    assert UncalledBetReturned(1, 60) in state.history
    assert state.pot == 400 and state.is_over


# --------------------------------------------------------------------- C04
def c04_river(short_stack: int, deep: int, bet: int):  # type: ignore[no-untyped-def]
    # HU 5/10: seat 0 = BTN/SB (P2), seat 1 = BB (P1, acts first after the flop).
    config = GameConfig(stacks=(50 + short_stack, deep), small_blind=5, big_blind=10)
    state = play(deal(config, seed=5), Raise(50), Call, Check, Check, Check, Check)
    assert state.street is Street.RIVER and state.pot == 100
    return act(state, Bet(bet))


def test_c04_all_in_raise_smaller_than_minimum_is_allowed() -> None:
    state = c04_river(29, 1000, 22)
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.can_raise) == (0, 22, True)
    assert (legal.min_raise_to, legal.max_raise_to, legal.max_is_all_in) == (29, 29, True)
    assert AllIn in legal and Raise(29) in legal and Raise(28) not in legal
    with pytest.raises(IllegalActionError):
        act(state, Raise(28))
    state = act(state, Raise(29))
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.can_raise, legal.can_fold) == (1, 7, False, True)
    state = act(state, Call)
    assert state.pot == 158 and state.is_over


def test_c04_whole_stack_raise_accepted() -> None:
    state = c04_river(1000, 1050, 25)
    legal = legal_actions(state)
    assert (legal.min_raise_to, legal.max_raise_to) == (50, 1000)
    final = act(state, Raise(1000))
    assert final.stacks[0] == 0
    same = act(state, AllIn)
    assert same.bets == final.bets and same.stacks == final.stacks


# --------------------------------------------------------------------- C05
def c05_state():  # type: ignore[no-untyped-def]
    config = GameConfig(stacks=(2000, 2000), small_blind=60, big_blind=120, button=0)
    return play(deal(config, seed=6), Raise(240), AllIn)


def test_c05_player_facing_all_in_must_act_first() -> None:
    state = c05_state()
    legal = legal_actions(state)
    assert legal.seat == 0 and state.board == () and not events(state, BoardDealt)
    assert [str(a) for a in legal.actions()] == ["f", "c", "allin"]
    assert legal.call_amount == 1760 and not legal.can_raise


def test_c05_fold_returns_uncalled() -> None:
    state = act(c05_state(), Fold)
    assert UncalledBetReturned(1, 1760) in state.history
    assert events(state, PotAwarded) == [PotAwarded(0, (1,), (480,))]
    assert state.stacks == (1760, 2240)


def test_c05_call_runs_out() -> None:
    state = act(c05_state(), Call)
    assert state.is_over and len(state.board) == 5 and state.pot == 4000
    assert sum(state.stacks) == 4000 and sorted(state.stacks) in ([0, 4000], [2000, 2000])


# --------------------------------------------------------------------- C07
def test_c07_short_all_in_in_slumbot_string() -> None:
    state = deal(GameConfig.acpc_heads_up(), seed=7)
    state = play(state, Raise(300), Raise(900), Call)  # b300b900c
    assert state.pot == 1800
    state = play(state, Check, Bet(1500), Raise(7200), Raise(18800))
    legal = legal_actions(state)
    assert (legal.min_raise_to, legal.max_raise_to, legal.max_is_all_in) == (19100, 19100, True)
    state = act(state, Raise(19100))  # b19100: the BB's whole stack
    legal = legal_actions(state)
    assert [str(a) for a in legal.actions()] == ["f", "c", "allin"]
    assert legal.call_amount == 300 == legal.stack
    state = act(state, Call)
    assert state.is_over and state.pot == 40_000 and len(state.board) == 5


# --------------------------------------------------------------------- C08
def test_c08_raise_to_semantics_and_acpc_amounts() -> None:
    state = deal(GameConfig.acpc_heads_up(button=1), seed=8)  # seat 1 = SB/button
    with pytest.raises(IllegalActionError, match="below the minimum 200"):
        act(state, Raise(100))  # "r100" equals the big blind: not a raise
    assert Raise(200) in legal_actions(state) and Raise(20_000) in legal_actions(state)
    state = play(state, Raise(300), Call, Bet(600))  # r300c/r900
    legal = legal_actions(state)
    assert legal.seat == 1 and legal.call_amount == 600
    committed_before_street = state.contributions[1] - state.bets[1]
    assert committed_before_street + legal.min_raise_to == 1500  # ACPC r1500
    assert committed_before_street + legal.max_raise_to == 20_000  # ACPC r20000
    assert state.pot == 1200


# --------------------------------------------------------------------- C09
def test_c09_minimum_raise_and_opening_bet() -> None:
    state = deal(GameConfig.no_limit(players=6), seed=9)  # SB 1, BB 2, UTG 3
    state = act(state, Raise(300))
    legal = legal_actions(state)
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (4, 500, 10_000)
    state = play(state, Fold, Fold, Fold, Fold, Call)
    assert state.street is Street.FLOP
    legal = legal_actions(state)
    assert legal.can_bet and not legal.can_raise and legal.min_raise_to == 100
    with pytest.raises(IllegalActionError, match="below the minimum 100"):
        act(state, Bet(99))
    with pytest.raises(IllegalActionError, match="no bet to raise"):
        act(state, Raise(200))
    assert act(state, Bet(100)).bets[2] == 100


def test_c09_flop_bet_is_not_a_raise_over_an_implicit_bet() -> None:
    config = GameConfig(stacks=(200, 200), small_blind=1, big_blind=2)
    state = play(deal(config, seed=10), Call, Check, Bet(2))
    assert legal_actions(state).min_raise_to == 4
    state = act(state, Raise(4))
    assert legal_actions(state).min_raise_to == 6


# --------------------------------------------------------------------- C12
def test_c12_no_raise_when_calling_takes_the_stack() -> None:
    config = GameConfig(stacks=(60, 1000), small_blind=5, big_blind=10)
    state = play(deal(config, seed=12), Call, Check, Bet(60))
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.can_raise) == (0, 50, False)
    assert [str(a) for a in legal.actions()] == ["f", "c", "allin"]
    state = act(state, Call)
    assert UncalledBetReturned(1, 10) in state.history


def test_c12_raise_beyond_stack_is_refused() -> None:
    config = GameConfig(stacks=(594, 0, 0, 6), small_blind=1, big_blind=2, button=0)
    state = act(deal(config, seed=12), Call)
    legal = legal_actions(state)
    assert legal.seat == 3 and legal.max_raise_to == 6
    with pytest.raises(IllegalActionError, match="more than your 6 chips"):
        act(state, Raise(8))
    state = act(state, Raise(6))
    assert state.stacks[3] == 0
    legal = legal_actions(state)
    assert [str(a) for a in legal.actions()] == ["f", "c"] and legal.call_amount == 4
    state = act(state, Fold)
    assert state.stacks == (592, 0, 0, 8)  # P3 takes the pot of 8: 4 returned + 4 won
    assert UncalledBetReturned(3, 4) in state.history
    assert events(state, PotAwarded) == [PotAwarded(0, (3,), (4,))]


# --------------------------------------------------------------------- C13
def c13_config(bonnie: int = 10_000, cap: int = 4) -> GameConfig:
    # 0 Adam UTG, 1 Bonnie MP, 2 Charlie CO, 3 Dennis BTN, 4 SB, 5 BB
    return GameConfig(
        stacks=(10_000, bonnie, 10_000, 10_000, 10_000, 10_000),
        small_blind=5,
        big_blind=10,
        button=3,
        betting=BettingStructure.FIXED_LIMIT,
        raise_cap=cap,
    )


def assert_only_call_fold(state) -> None:  # type: ignore[no-untyped-def]
    legal = legal_actions(state)
    assert legal.can_fold and legal.can_call and not legal.can_raise and legal.is_capped


def test_c13a_normal_cap() -> None:
    state = deal(c13_config(), seed=13)
    assert legal_actions(state).min_raise_to == legal_actions(state).max_raise_to == 20
    state = play(state, Call, Raise(20), Raise(30), Raise(40))
    for seat in (4, 5, 0, 1, 2):
        assert legal_actions(state).seat == seat
        assert_only_call_fold(state)
        state = act(state, Call)
    assert state.street is Street.FLOP and state.pot == 240


def test_c13b_half_bet_all_in_counts_as_raise() -> None:
    state = play(deal(c13_config(bonnie=15), seed=13), Call, AllIn)
    legal = legal_actions(state)
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (2, 25, 25)
    state = play(state, Raise(25), Raise(35))
    for seat in (4, 5, 0):
        assert legal_actions(state).seat == seat
        assert_only_call_fold(state)
        state = act(state, Call)


def test_c13c_under_half_bet_all_in_is_not_a_raise() -> None:
    state = play(deal(c13_config(bonnie=13), seed=13), Call, AllIn)
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (2, 13, 20, 20)
    with pytest.raises(IllegalActionError):
        act(state, Raise(23))
    state = play(state, Raise(20), Raise(30), Raise(40))
    assert legal_actions(state).seat == 5
    assert_only_call_fold(state)


def test_c13_cap_holds_heads_up_too_and_is_configurable() -> None:
    # The library keeps the cap with two players (as ACPC does).
    config = GameConfig(
        stacks=(1000, 1000), small_blind=5, big_blind=10, betting=BettingStructure.FIXED_LIMIT
    )
    state = play(deal(config, seed=14), Raise(20), Raise(30), Raise(40))
    assert_only_call_fold(state)
    state = play(state, Call)
    assert legal_actions(state).min_raise_to == 10  # flop: small bet
    state = play(state, Bet(10), Raise(20), Raise(30), Raise(40))
    assert_only_call_fold(state)
    state = play(state, Call)
    assert state.street is Street.TURN and legal_actions(state).min_raise_to == 20  # big bet
    three = deal(c13_config(cap=3), seed=13)
    three = play(three, Call, Raise(20), Raise(30))
    assert_only_call_fold(three)


# --------------------------------------------------------------------- C14
def test_c14_uncalled_excess_of_an_over_shove() -> None:
    config = GameConfig(stacks=(1200, 1000, 900, 900), small_blind=1, big_blind=2, button=3)
    holes = ["AhAs", "8c8d", "KhKs", "QhQs"]
    state = deal(config, hole_cards=holes, board="2c7d9hJs3c")
    state = play(state, AllIn, Call, AllIn)
    assert legal_actions(state).seat == 1
    state = act(state, Fold)
    assert UncalledBetReturned(0, 300) in state.history
    result = resolve_pots(state)
    assert [(p.amount, p.winners) for p in result.pots] == [(2702, (0,))]
    assert result.final_stacks == (3002, 998, 0, 0)
    assert result.results == (1802, -2, -900, -900)
    assert sum(result.results) == 0


# --------------------------------------------------------------------- C16
@pytest.mark.parametrize(
    ("a_cards", "final"),
    [("7h7d", (300, 200, 200)), ("6h6d", (0, 350, 350))],
)
def test_c16_side_pot_with_several_winners(a_cards: str, final: tuple[int, ...]) -> None:
    config = GameConfig(stacks=(100, 300, 300), small_blind=5, big_blind=10, button=0)
    state = deal(config, hole_cards=[a_cards, "AhKc", "AdKd"], board="KsQd7c4h2s")
    state = play(state, AllIn, AllIn, Call)
    result = resolve_pots(state)
    assert [(p.amount, p.eligible) for p in result.pots] == [(300, (0, 1, 2)), (400, (1, 2))]
    if a_cards == "7h7d":
        assert (result.pots[0].winners, result.pots[0].shares) == ((0,), (300,))
    else:
        assert (result.pots[0].winners, result.pots[0].shares) == ((1, 2), (150, 150))
    assert (result.pots[1].winners, result.pots[1].shares) == ((1, 2), (200, 200))
    assert result.final_stacks == final


def odd_chip_state(button: int, rule: OddChipRule = OddChipRule.LEFT_OF_BUTTON):  # type: ignore[no-untyped-def]
    # Ante 1 x 3 + 10 + 10 = 23 chips; the board (a royal flush) plays for both.
    config = GameConfig(
        stacks=(100, 100, 100), small_blind=5, big_blind=10, ante=1, button=button, odd_chip=rule
    )
    state = deal(config, hole_cards=["2c3d", "2d3c", "2h3s"], board="AsKsQsJsTs")
    first = legal_actions(state).seat
    folder = first
    state = act(state, Fold)
    state = act(state, Call)
    state = check_down(act(state, Check))
    return state, folder


@pytest.mark.parametrize("button", [0, 1, 2])
def test_odd_chip_goes_left_of_button_per_pot(button: int) -> None:
    state, folder = odd_chip_state(button)
    (pot,) = resolve_pots(state).pots
    assert pot.amount == 23 and folder not in pot.winners
    order = [(button + k) % 3 for k in range(1, 4)]
    first = next(seat for seat in order if seat in pot.winners)
    assert dict(zip(pot.winners, pot.shares))[first] == 12
    assert sorted(pot.shares) == [11, 12]


def test_odd_chip_exact_split_uses_fractions() -> None:
    state, folder = odd_chip_state(0, OddChipRule.EXACT)
    (pot,) = resolve_pots(state).pots
    assert pot.shares == (Fraction(23, 2), Fraction(23, 2))
    assert sum(resolve_pots(state).results) == 0
    assert state.stacks[folder] == 99


# --------------------------------------------------------------------- C18
def test_c18_side_pot_includes_players_yet_to_act() -> None:
    config = GameConfig(stacks=(1000, 150, 1000), small_blind=10, big_blind=20, button=0)
    state = deal(config, hole_cards=["KhKs", "AhAs", "QhQs"], board="2c7d9cJd3s")
    state = play(state, Raise(300), AllIn, Call)
    taken = events(state, ActionTaken)[1]
    assert (taken.action, taken.all_in, taken.amount_added) == (Call, True, 140)
    state = check_down(state)
    result = resolve_pots(state)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (450, (0, 1, 2), (1,)),
        (300, (0, 2), (0,)),
    ]
    assert result.final_stacks == (1000, 450, 700)


# --------------------------------------------------------------------- C19
def test_c19_all_in_then_fold_returns_uncalled() -> None:
    config = GameConfig(stacks=(1000, 1000), small_blind=5, big_blind=10, button=0)
    state = play(deal(config, seed=19), AllIn, Fold)
    assert UncalledBetReturned(0, 990) in state.history
    assert events(state, PotAwarded) == [PotAwarded(0, (0,), (20,))]
    assert state.stacks == (1010, 990) and state.hand_results == (10, -10)
    assert not events(state, HandShown)


# --------------------------------------------------------------------- C21
def test_c21_all_in_for_less_than_call_is_a_call() -> None:
    config = GameConfig(stacks=(1000, 198), small_blind=10, big_blind=20, button=0)
    state = play(deal(config, seed=21), Raise(60), Raise(100), Raise(280))
    with pytest.raises(IllegalActionError):
        act(state, Raise(198))
    legal = legal_actions(state)
    assert (legal.call_amount, legal.can_raise) == (98, False)
    state = act(state, AllIn)
    last = events(state, ActionTaken)[-1]
    assert (last.seat, last.action, last.amount_added, last.all_in) == (1, Call, 98, True)
    assert UncalledBetReturned(0, 82) in state.history
    assert state.pot == 396 and state.is_over and len(state.board) == 5


# --------------------------------------------------------------------- C23
def test_c23_antes_in_pot_not_counted_toward_bets() -> None:
    config = GameConfig(stacks=(100, 100, 100), small_blind=5, big_blind=10, ante=5, button=0)
    state = deal(config, seed=23)
    assert state.pot == 30 and state.bets == (0, 5, 10)
    state = act(state, Raise(20))
    assert state.stacks[0] == 75 and state.pot == 50
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (1, 15, 30, 95)


def test_short_ante_and_blind_post_what_they_have() -> None:
    config = GameConfig(stacks=(1000, 7, 3), small_blind=5, big_blind=10, ante=5, button=0)
    state = deal(config, seed=24)
    assert state.contributions == (5, 7, 3) and state.stacks == (995, 0, 0)
    legal = legal_actions(state)  # the short big blind does not lower the bet
    assert (legal.seat, legal.call_amount, legal.call_to) == (0, 10, 10)


# --------------------------------------------------------------------- C25
def test_c25a_heads_up_blinds_and_order() -> None:
    config = GameConfig(stacks=(1000, 1000), small_blind=5, big_blind=10, button=0)
    state = deal(config, seed=25)
    assert state.small_blind_seat == 0 and state.big_blind_seat == 1
    assert state.bets == (5, 10) and state.to_act == 0
    state = act(state, Call)
    assert state.to_act == 1 and legal_actions(state).can_check  # the BB option
    state = act(state, Check)
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert state.street is street and state.to_act == 1
        state = act(state, Check)
        assert state.to_act == 0
        state = act(state, Check)
    assert state.is_over
    nxt = GameConfig(stacks=(1000, 1000), small_blind=5, big_blind=10, button=1)
    assert (nxt.small_blind_seat, nxt.big_blind_seat, deal(nxt, seed=1).to_act) == (1, 0, 1)


# --------------------------------------------------------------------- C26
@pytest.mark.parametrize("bb_seat", [0, 1])
def test_c26_heads_up_ante_and_big_blind_only(bb_seat: int) -> None:
    other = 1 - bb_seat
    config = GameConfig(
        stacks=(400, 400),
        small_blind=0,
        big_blind=2,
        ante=1,
        button=other,
        small_blind_seat=None,
        big_blind_seat=bb_seat,
    )
    state = deal(config, seed=26)
    legal = legal_actions(state)
    assert legal.seat == other
    assert (legal.can_fold, legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (
        True,
        2,
        4,
        399,
    )
    state = play(state, Call, Check)
    assert state.street is Street.FLOP and state.to_act == bb_seat


# --------------------------------------------------------------------- C27
def test_c27_big_blind_keeps_option_after_sb_limp() -> None:
    config = GameConfig(stacks=(1000,) * 4, small_blind=10, big_blind=20, button=3)
    state = play(deal(config, seed=27), Fold, Fold, Call)
    legal = legal_actions(state)
    assert legal.seat == 1 and state.board == () and not events(state, BoardDealt)
    assert legal.can_check and not legal.can_fold
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 1000)
    with pytest.raises(IllegalActionError, match="can check"):
        act(state, Fold)
    assert len(act(state, Check).board) == 3


# --------------------------------------------------------------------- C44
def chi_square(counts: Counter[object], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(cells))


def test_c44_toy_deck_orders_are_uniform_and_naive_is_detected() -> None:
    rng = random.Random(44)
    trials = 60_000
    orders = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    index = {order: i for i, order in enumerate(orders)}
    ours = Counter(index[tuple(draw_codes(rng, [0, 1, 2], 3))] for _ in range(trials))
    naive: Counter[object] = Counter()
    for _ in range(trials):
        deck = [0, 1, 2]
        for i in range(3):
            j = rng.randrange(3)  # the biased "swap with any position" method
            deck[i], deck[j] = deck[j], deck[i]
        naive[index[tuple(deck)]] += 1
    limit = 20.5  # chi-square, 5 degrees of freedom, p = 0.001
    assert chi_square(ours, 6, trials) < limit
    assert chi_square(naive, 6, trials) > 10 * limit


def test_c44_card_positions_pass_chi_square() -> None:
    rng = random.Random(4444)
    trials = 30_000
    counts: Counter[object] = Counter()
    for _ in range(trials):
        for position, code in enumerate(draw_codes(rng, list(range(52)), 52)):
            counts[52 * position + code] += 1
    stat = chi_square(counts, 52 * 52, 52 * trials)
    dof = 51 * 51
    assert abs(stat - dof) < 6 * (2 * dof) ** 0.5


def test_c44_no_card_dealt_twice() -> None:
    config = GameConfig.no_limit(players=10, boards=2)
    for seed in range(2_000):
        state = deal(config, seed=seed)
        cards = [c for hole in state.hole_cards if hole for c in hole]
        cards += [c for board in state._deal.boards for c in board]
        assert len(set(cards)) == 30


# --------------------------------------------------------------------- C45
def run_hands(seed0: int, count: int, noise: bool = False):  # type: ignore[no-untyped-def]
    config = GameConfig.no_limit(players=3, stack=1_000)
    out = []
    for hand in range(count):
        if noise:
            random.random()
        state = deal(config, seed=seed0 + hand)
        policy = random.Random(hand)
        while not state.is_over:
            options = legal_actions(state).actions()
            state = act(state, options[policy.randrange(len(options))])
        out.append((state.hole_cards, state.board, state.stacks))
    return out


def test_c45_same_seed_same_hands_and_independent_of_global_random() -> None:
    first = run_hands(0, 1_000)
    assert run_hands(0, 1_000, noise=True) == first
    assert run_hands(10_000, 50) != first[:50]
    # interleaving two engines does not change either deal sequence
    config = GameConfig.no_limit(players=2)
    a = [deal(config, seed=s).hole_cards for s in range(100)]
    b = [deal(config, seed=s + 1).hole_cards for s in range(100)]
    mixed_a, mixed_b = [], []
    for s in range(100):
        mixed_a.append(deal(config, seed=s).hole_cards)
        random.shuffle([1, 2, 3])
        mixed_b.append(deal(config, seed=s + 1).hole_cards)
    assert (mixed_a, mixed_b) == (a, b)
