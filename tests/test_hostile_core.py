"""Hostile input to the core API: every refusal is a PokerError, no state changes.

Cases found by an adversarial pass over the public API (huge ints, wrong
types where a state or street belongs, buffers of other integer types,
weights that overflow a float).
"""

from __future__ import annotations

from array import array

import pytest

from pokerkit_core import (
    Call,
    GameConfig,
    HandState,
    Raise,
    Range,
    Street,
    act,
    calculate_equity,
    deal,
    evaluate_codes,
    evaluate_combos,
    evaluate_many,
    evaluate_mask,
    legal_actions,
    resolve_pots,
    show,
)
from pokerkit_core.errors import (
    CardError,
    IllegalActionError,
    InvalidConfigError,
    PokerError,
    RangeError,
    shown,
)
from pokerkit_core.engine.observation import observe
from pokerkit_core.engine.rules import MAX_CHIPS

HUGE = 10**5000  # str() of it raises ValueError in Python 3.11+: messages must not print it


def test_shown_is_safe_and_short() -> None:
    assert shown(HUGE) == "<an int of about 5001 digits>"
    assert shown(5) == "5" and shown("x" * 200).endswith("...") and len(shown("x" * 200)) == 80
    assert shown([HUGE]) == "<list object>"

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert shown(Hostile()) == "<Hostile object>"


@pytest.mark.parametrize(
    "make",
    [
        lambda: GameConfig.no_limit(stack=-HUGE),
        lambda: GameConfig.no_limit(stack=HUGE),
        lambda: GameConfig(stacks=(HUGE, HUGE)),
        lambda: GameConfig(stacks=(100, 100), big_blind=MAX_CHIPS + 1),
        lambda: Raise(-HUGE),
        lambda: Raise(HUGE),
        lambda: Raise(MAX_CHIPS + 1),
        lambda: evaluate_mask(HUGE),
        lambda: evaluate_codes([HUGE, 1, 2, 3, 4]),
        lambda: Range.from_codes(HUGE),
        lambda: Range.from_codes(2**40),  # not a request for 2**40 zero bytes
        lambda: evaluate_combos(HUGE, "As Kd 7h"),
    ],
)
def test_huge_ints_are_refused_with_a_poker_error(make: object) -> None:
    with pytest.raises(PokerError) as caught:
        make()  # type: ignore[operator]
    assert "digits" in str(caught.value) or "from" in str(caught.value) or "0-51" in str(caught.value)


def test_chip_amounts_are_plain_ints_up_to_max_chips() -> None:
    numpy = pytest.importorskip("numpy")
    config = GameConfig(stacks=(numpy.int64(300), MAX_CHIPS), big_blind=numpy.int32(20), small_blind=10)
    assert config.stacks == (300, MAX_CHIPS) and type(config.stacks[0]) is int
    assert type(config.big_blind) is int
    assert Raise(MAX_CHIPS).to == MAX_CHIPS
    for bad in (True, Street.RIVER, numpy.bool_(True), 1.0):
        with pytest.raises(InvalidConfigError, match="stacks\\[0\\] must be an int from 0"):
            GameConfig(stacks=(bad, 100))  # type: ignore[arg-type]
    assert deal(config, seed=numpy.int64(7)).hole_cards == deal(config, seed=7).hole_cards
    for seed in (True, Street.FLOP, 1.5, "7"):
        with pytest.raises(InvalidConfigError, match="seed must be an int"):
            deal(config, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="<an int of about 5001 digits> is not one of seats"):
        observe(deal(config, seed=1), HUGE)


def test_bet_size_takes_betting_streets_only() -> None:
    fl = GameConfig.fixed_limit(players=2)
    assert fl.bet_size(Street.RIVER) == fl.big_bet
    for street in (-1, 1, 1.5, True, None, "x", Street.SHOWDOWN):
        with pytest.raises(InvalidConfigError, match="Street.PREFLOP, FLOP, TURN or RIVER"):
            fl.bet_size(street)  # type: ignore[arg-type]


def test_state_functions_refuse_what_is_not_a_state() -> None:
    state = deal(GameConfig.no_limit(players=2), seed=1)
    for call in (
        lambda s: act(s, Call),
        legal_actions,
        lambda s: show(s, 0),
        resolve_pots,
        lambda s: observe(s, 0),
    ):
        for bad in (None, "state", 5, state.config):
            with pytest.raises(InvalidConfigError, match="HandState"):
                call(bad)  # type: ignore[operator]
    for number in (-1, "x", 1.5, True):
        with pytest.raises(InvalidConfigError, match="hand_number"):
            observe(state, 0, hand_number=number)  # type: ignore[arg-type]
    assert observe(state, 0, hand_number=3).hand_number == 3
    before = repr(state)
    with pytest.raises(IllegalActionError):
        act(state, Raise(MAX_CHIPS))  # more than the stack
    assert repr(state) == before and isinstance(state, HandState)


def test_range_weights_that_overflow_a_float() -> None:
    assert Range.parse("AKs:1e308").weights[0] == 1e308  # finite: kept, scaled for C
    result = calculate_equity(["AA:1.7e308, KK:1.7e308", "JJ"], trials=2_000, seed=1)
    same = calculate_equity(["AA, KK", "JJ"], trials=2_000, seed=1)
    assert [p.equity for p in result.players] == [p.equity for p in same.players]
    with pytest.raises(RangeError, match="too large for a float"):
        Range.parse("AA").with_weights((10**400, 1, 1, 1, 1, 1))


def test_code_buffers_are_read_value_by_value() -> None:
    numpy = pytest.importorskip("numpy")
    four_three = Range.from_codes(numpy.array([5, 9], dtype=numpy.int16))
    assert [str(a) + str(b) for a, b in four_three.combos] == ["4d3d"]
    assert Range.from_codes(array("i", [5, 9])) == four_three
    assert list(evaluate_combos(numpy.array([0, 1], numpy.int64), "As Kd 7h")) == [
        evaluate_codes([0, 1, 51, 45, 22])
    ]
    for bad in (numpy.array([True, False]), [True, 2], numpy.array([5, 900], numpy.int16), [0.0, 1.0]):
        with pytest.raises(RangeError):
            Range.from_codes(bad)
        with pytest.raises(CardError):
            evaluate_combos(bad, "As Kd 7h")


def test_evaluate_many_odd_lists_and_dtypes() -> None:
    numpy = pytest.importorskip("numpy")
    for bad in ([[], []], [[0, 1, 2, 3]], numpy.zeros((1, 7), "m8[s]")):
        with pytest.raises(CardError):
            evaluate_many(bad)
    assert list(evaluate_many([])) == []
