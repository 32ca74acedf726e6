"""The C hand evaluator through its Python API.

Exhaustive category counts, agreement with a reference evaluator on random
hands (hypothesis), and the evaluator cases C30-C34, C36, C37 of CASES.md.
"""

from __future__ import annotations

from array import array
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core.evaluation.cards import CARDS, Card, cards_to_mask, parse_cards
from pokerkit_core.errors import CardError
from pokerkit_core.evaluation.evaluator import (
    HandCategory,
    HandRank,
    enumerate_categories,
    evaluate,
    evaluate_codes,
    evaluate_combos,
    evaluate_many,
    evaluate_mask,
    table_bytes,
)

from reference_evaluator import score

FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}

SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def test_all_five_card_hands() -> None:
    counts, distinct = enumerate_categories(5)
    assert counts == FIVE_CARD_COUNTS
    assert sum(counts.values()) == 2_598_960
    assert distinct == 7_462


def test_all_seven_card_hands() -> None:
    counts, distinct = enumerate_categories(7)
    assert counts == SEVEN_CARD_COUNTS
    assert sum(counts.values()) == 133_784_560
    assert distinct == 4_824  # 7-card hands never make the lowest high-card hands


def test_all_six_card_hands() -> None:
    # the published six-card distribution (20,358,520 hands)
    counts, _ = enumerate_categories(6)
    assert counts == {
        HandCategory.STRAIGHT_FLUSH: 1_844,
        HandCategory.FOUR_OF_A_KIND: 14_664,
        HandCategory.FULL_HOUSE: 165_984,
        HandCategory.FLUSH: 205_792,
        HandCategory.STRAIGHT: 361_620,
        HandCategory.THREE_OF_A_KIND: 732_160,
        HandCategory.TWO_PAIR: 2_532_816,
        HandCategory.ONE_PAIR: 9_730_740,
        HandCategory.HIGH_CARD: 6_612_900,
    }
    assert sum(counts.values()) == 20_358_520


def test_tables_are_small() -> None:
    assert table_bytes() <= 256 * 1024


hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda n: st.lists(st.sampled_from(CARDS), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=600, deadline=None)
@given(hands, hands)
def test_orders_like_the_reference(a: list[Card], b: list[Card]) -> None:
    ra, rb = evaluate(a), evaluate(b)
    sa, sb = score(a), score(b)
    assert (ra < rb) == (sa < sb)
    assert (ra == rb) == (sa == sb)
    assert (ra > rb) == (sa > sb)
    assert ra.category == sa[0]


@settings(max_examples=300, deadline=None)
@given(hands)
def test_all_entry_points_agree(cards: list[Card]) -> None:
    rank = evaluate(cards)
    assert evaluate_mask(cards_to_mask(cards)) == rank.value
    assert evaluate_codes([c.code for c in cards]) == rank.value
    assert list(evaluate_many(bytes(c.code for c in cards), cards_per_hand=len(cards))) == [
        rank.value
    ]
    # the best five really is a five-card subset worth the same
    assert set(rank.best_five) <= set(cards)
    assert evaluate(rank.best_five) == rank
    assert score(rank.best_five) == score(cards)


def _rank(board: str, hole: str) -> HandRank:
    return evaluate(parse_cards(board) + parse_cards(hole))


def test_c30_wheel() -> None:
    board = "As 2d 3c 4h 9s"
    x, y, z = _rank(board, "5c Kd"), _rank(board, "Ac Kh"), _rank(board, "6c 6h")
    assert x.category is HandCategory.STRAIGHT and str(x) == "Straight, five-high"
    assert y.category is HandCategory.ONE_PAIR and str(y) == "One pair, aces"
    assert z.category is HandCategory.ONE_PAIR and str(z) == "One pair, sixes"
    assert x > y > z
    assert evaluate("As 2d 3c 4h 5s") < evaluate("2d 3c 4h 5s 6s")
    assert evaluate("Ks Ad 2c 3h 4s").category is HandCategory.HIGH_CARD  # no wrap-around
    assert [str(c) for c in x.best_five] == ["5c", "4h", "3c", "2d", "As"]


def test_c31_steel_wheel() -> None:
    board = "2d 3d 4d 5d 9s"
    x, y, z = _rank(board, "Ad Kc"), _rank(board, "6c 6h"), _rank(board, "6d Jc")
    assert x.category is HandCategory.STRAIGHT_FLUSH and str(x) == "Straight flush, five-high"
    assert y.category is HandCategory.STRAIGHT
    assert z.category is HandCategory.STRAIGHT_FLUSH and str(z) == "Straight flush, six-high"
    assert z > x > y


def test_c32_straight_and_flush_in_different_cards() -> None:
    board = "Th Jh Qh 2h 3h"
    x, y, z = _rank(board, "9c Kh"), _rank(board, "8h 9h"), _rank(board, "Ah Ac")
    assert x.category is HandCategory.FLUSH
    assert [str(c) for c in x.best_five] == ["Kh", "Qh", "Jh", "Th", "3h"]
    assert z.category is HandCategory.FLUSH and z > x
    assert y.category is HandCategory.STRAIGHT_FLUSH and str(y) == "Straight flush, queen-high"
    assert y > z
    assert evaluate("9c Th Jh Qh Kh 2h 3h").category is HandCategory.FLUSH


def test_c33_flush_beats_straight() -> None:
    board = "5h 8h 9c Th 2h"
    x, y = _rank(board, "Jd Qs"), _rank(board, "Ah 3c")
    assert x.category is HandCategory.STRAIGHT and str(x) == "Straight, queen-high"
    assert y.category is HandCategory.FLUSH and str(y) == "Flush, ace-high"
    assert y > x


@pytest.mark.parametrize(
    ("board", "x", "y", "words"),
    [
        ("Jd 7h Jc Kh Ks", "Ah 8h", "As Qc", "Two pair, kings and jacks"),
        ("Ah Jd 3c Qs 3d", "8c 5h", "8s 2c", "One pair, threes"),
        ("Qh Qc As Tc 5h", "Th 3c", "Td 9h", "Two pair, queens and tens"),
    ],
)
def test_c34_only_five_cards_play(board: str, x: str, y: str, words: str) -> None:
    rx, ry = _rank(board, x), _rank(board, y)
    assert rx == ry and not rx < ry and not rx > ry
    assert str(rx) == words


def test_c34_kickers_named() -> None:
    rx = _rank("Jd 7h Jc Kh Ks", "Ah 8h")
    assert [c.rank.char for c in rx.best_five] == ["K", "K", "J", "J", "A"]


def test_c36_board_flush_plays() -> None:
    board = "3d 6d Td Jd Ad"
    x, y = _rank(board, "2d 4c"), _rank(board, "5s Tc")
    assert x == y
    assert [str(c) for c in x.best_five] == ["Ad", "Jd", "Td", "6d", "3d"]
    assert str(x) == "Flush, ace-high"


def test_c37_comparison_operators_on_equal_hands() -> None:
    a, b = evaluate("Td Jh Qs Kc Ad"), evaluate("Th Jd Qd Kh Ac")
    assert not a < b and not a > b
    assert a <= b and a >= b and a == b and hash(a) == hash(b)
    h = evaluate("9c 4c 4s 9d 4h Qc 6c")
    assert h.category is HandCategory.FULL_HOUSE and str(h) == "Full house, fours over nines"
    assert h <= h and h >= h and not h < h
    # the direction is documented: a higher value is a better hand
    assert evaluate("As Ks Qs Js Ts").value > evaluate("2c 3d 4h 5s 7c").value
    with pytest.raises(TypeError):
        _ = a < 5  # type: ignore[operator]


def test_descriptions() -> None:
    assert str(evaluate("Kc Kd Ks 5h 5c")) == "Full house, kings over fives"
    assert str(evaluate("As Ks Qs Js Ts 9c 2d")) == "Royal flush"
    assert str(evaluate("7c 7d 7h 7s 2c")) == "Four of a kind, sevens"
    assert str(evaluate("7c 7d 7h 9s 2c")) == "Three of a kind, sevens"
    assert str(evaluate("Ac 3d 7h 9s Jc")) == "High card, ace"


def test_evaluate_errors() -> None:
    with pytest.raises(CardError, match="need 5 to 7 cards, got 4"):
        evaluate("As Ks Qs Js")
    with pytest.raises(CardError, match="need 5 to 7 cards, got 8"):
        evaluate("As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(CardError, match="duplicate"):
        evaluate("As Ks Qs Js As")
    with pytest.raises(CardError):
        evaluate([1, 2, 3, 4, 5])  # type: ignore[list-item]


def test_evaluate_many_buffers() -> None:
    numpy = pytest.importorskip("numpy")
    hands7 = [parse_cards("As Ks Qs Js Ts 9c 2d"), parse_cards("2c 3d 4h 5s 7c 8d 9h")]
    rows = [[c.code for c in h] for h in hands7]
    expected = [evaluate(h).value for h in hands7]
    flat = bytes(code for row in rows for code in row)
    assert list(evaluate_many(flat)) == expected
    assert list(evaluate_many(bytearray(flat))) == expected
    assert list(evaluate_many(array("B", flat))) == expected
    arr = numpy.array(rows, dtype=numpy.uint8)
    assert list(evaluate_many(arr)) == expected
    out = numpy.zeros(2, dtype=numpy.int32)
    assert evaluate_many(arr, out=out) is out and list(out) == expected
    assert list(evaluate_many(numpy.array(rows, dtype=numpy.int64))) == expected
    five = numpy.array([[c.code for c in parse_cards("Kc Kd Ks 5h 5c")]], dtype=numpy.uint8)
    assert list(evaluate_many(five)) == [evaluate("Kc Kd Ks 5h 5c").value]
    assert len(evaluate_many(b"")) == 0


def test_five_card_values_are_a_dense_ladder() -> None:
    # every category's values are consecutive from category << 12
    values = {evaluate(list(c)).value for c in combinations(parse_cards("As Ks Qs Js Ts 9s 8s"), 5)}
    assert min(values) >> 12 == HandCategory.FLUSH
    assert max(values) == (HandCategory.STRAIGHT_FLUSH << 12) + 9  # royal: the top of 10


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board_size=st.integers(3, 5), dead_size=st.integers(0, 4))
def test_evaluate_combos_is_evaluate_codes_per_combo(seed: int, board_size: int, dead_size: int) -> None:
    """Each combo gets the value of its two cards with the board, and 0 when
    it holds a board or dead card."""
    import random

    rng = random.Random(seed)
    known = rng.sample(range(52), board_size + dead_size)
    board, dead = [CARDS[c] for c in known[:board_size]], [CARDS[c] for c in known[board_size:]]
    pairs = [tuple(rng.sample(range(52), 2)) for _ in range(rng.randint(0, 300))]
    values = evaluate_combos(bytes(c for p in pairs for c in p), board, dead=dead)
    assert len(values) == len(pairs)
    for (a, b), value in zip(pairs, values):
        if a in known or b in known:
            assert value == 0
        else:
            assert value == evaluate_codes([a, b, *known[:board_size]])


def test_evaluate_combos_refuses_bad_input() -> None:
    board = "As Kd 7h"
    assert list(evaluate_combos(b"", board)) == []
    assert list(evaluate_combos(array("B", [0, 1]), board)) == [evaluate_codes([0, 1, 51, 45, 22])]
    for combos, board_, dead, message in [
        (bytes([0, 0]), board, "", r"the same card twice in 'combo 0"),
        (bytes([0, 1, 2, 52]), board, "", r"outside 0-51 in 'combo 1: \[2, 52\]'"),
        ([0, 300], board, "", r"card code 300 is not an int 0-51 in '\[0, 300\]'"),
        ([0], board, "", "two card codes each"),
        ("AsKd", board, "", "two per combo"),
        ([0, 1], "As Kd", "", "3 to 5 cards, got 2"),
        ([0, 1], "As Kd 7h 2c 3c 4c", "", "3 to 5 cards, got 6"),
        ([0, 1], board, "Kd", "board and dead cards must be distinct"),
        ([0, 1], [1, 2, 3], "", "board must hold Card values"),
        ([0, 1], board, 5, "dead must be card text or a sequence of Cards"),
    ]:
        with pytest.raises(CardError, match=message):
            evaluate_combos(combos, board_, dead=dead)  # type: ignore[arg-type]


# ---- one rule for card codes in batches -------------------------------------


def test_batch_functions_take_numpy_ints_in_lists_and_show_bad_input_as_given() -> None:
    """evaluate_codes, evaluate_many and evaluate_combos read a list of codes
    the same way: ints and NumPy integers, never bools or floats; an error
    shows the argument as given and the first bad code."""
    import numpy

    from pokerkit_core import evaluate_codes, evaluate_combos, evaluate_many

    i64, u8 = numpy.int64, numpy.uint8
    hand = [51, 47, 43, 39, 35]  # As Ks Qs Js Ts (code 4 * rank + suit)
    value = evaluate_codes(hand)
    mixed = [i64(51), u8(47), 43, 39, 35]
    assert evaluate_codes(mixed) == value
    assert list(evaluate_many([mixed])) == [value]
    assert list(evaluate_many(mixed, cards_per_hand=5)) == [value]  # a flat list too
    assert list(evaluate_combos([i64(0), u8(1)], "As Ks Qs")) == list(evaluate_combos([0, 1], "As Ks Qs"))
    for code, bad in {"np.int64(52)": i64(52), "True": True, "1.0": 1.0, "-1": -1}.items():
        for function, arg in (
            (evaluate_many, [[bad, 1, 2, 3, 4]]),
            (evaluate_codes, [bad, 1, 2, 3, 4]),
            (lambda combos: evaluate_combos(combos, "As Ks Qs"), [bad, 1]),
        ):
            with pytest.raises(CardError) as info:
                function(arg)
            message = str(info.value)
            assert f"card code {code} is not an int 0-51" in message, message
            assert repr(arg) in message  # the argument, as given
    with pytest.raises(CardError, match=r"card code 60 is not an int 0-51 in 'array\(\[\[60"):
        evaluate_many(numpy.array([[60, 1, 2, 3, 4]]))
    with pytest.raises(CardError, match=r"card code 300 is not an int 0-51 in '\[300, 1\]'"):
        evaluate_combos([300, 1], "As Ks Qs")


def test_hand_rank_lives_below_the_evaluator() -> None:
    """``HandRank`` is defined in the internal ``hand_rank`` module (below the
    evaluator, which alone imports C) but named after its public home, so a
    pickle loads the evaluator; a fresh interpreter that imports only
    ``hand_rank`` gets an EvaluatorError for the C-picked best five, not a crash."""
    import pickle
    import subprocess
    import sys
    from pathlib import Path

    from pokerkit_core.evaluation import evaluator, hand_rank

    assert evaluator.HandRank is hand_rank.HandRank and evaluator.HandCategory is hand_rank.HandCategory
    assert evaluator.HandRank.__module__ == "pokerkit_core.evaluation.evaluator"
    rank = evaluator.evaluate("Kc Kd Ks 5h 5c 2d 9s")
    assert pickle.loads(pickle.dumps(rank)).best_five == rank.best_five
    code = (
        "import sys; from pokerkit_core import hand_rank; from pokerkit_core.evaluation.cards import parse_cards; "
        "from pokerkit_core.errors import EvaluatorError\n"
        "assert 'pokerkit_core.evaluation.evaluator' not in sys.modules\n"
        f"r = hand_rank.HandRank({rank.value}, parse_cards('Kc Kd Ks 5h 5c 2d 9s'))\n"
        "assert str(hand_rank.HandRank(r.value, parse_cards('Kc Kd Ks 5h 5c'))) == 'Full house, kings over fives'\n"
        "try:\n    r.best_five\nexcept EvaluatorError:\n    pass\nelse:\n    raise SystemExit(1)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(hand_rank.__file__).parents[1])
