"""The C boundary: buffers another thread changes during a call.

cffi releases the GIL while C runs, so a caller's ``bytearray`` or ``array``
can change between the evaluator's checks and C's reads.  Every entry point
copies such buffers before checking them (``evaluator._private``): a call
made while another thread flips a code between a good and a bad value gives
either the result of the good buffer or the documented error, never
anything else (before the copy, ``range_equity`` read a code checked as
0-51 as 200 and indexed past its weights: ASan's heap overflow at
``pkc_range.c``).  ``tools/asan_tests.sh`` runs this file instrumented.
"""

from __future__ import annotations

import copy
import threading
from array import array
from typing import Any, Callable

import pytest

from pokerkit_core.errors import CardError, InvalidConfigError
from pokerkit_core.evaluation.evaluator import (
    RANGE_COMBOS,
    _equity_native,
    _private,
    evaluate_combos,
    evaluate_many,
    narrow_range,
    range_equity,
)

ROUNDS = 150


def _race(call: Callable[[Any], Any], good: Any, changes: list[tuple[int, Any]], errors: tuple[type, ...]) -> dict[str, int]:
    """Run ``call(shared)`` ROUNDS times while another thread keeps writing
    ``changes`` (index, bad value) into ``shared`` (a copy of ``good``) and
    writing the good values back; every result must equal ``call(good)``
    or be one of ``errors``.  Returns how many calls ended each way."""
    expected = call(good)
    shared = copy.copy(good)
    stop = threading.Event()

    def mutate() -> None:
        while not stop.is_set():
            for index, bad in changes:
                shared[index] = bad
                shared[index] = good[index]

    outcomes = {"same": 0, "error": 0}
    thread = threading.Thread(target=mutate)
    thread.start()
    try:
        for _ in range(ROUNDS):
            try:
                got = call(shared)
            except errors:
                outcomes["error"] += 1
            else:
                assert got == expected
                outcomes["same"] += 1
    finally:
        stop.set()
        thread.join()
    assert outcomes["same"] + outcomes["error"] == ROUNDS
    return outcomes


# 60 hands clear of every board below (codes 0-9 are the board's)
HANDS = bytes(code for pair in zip(range(10, 130, 2), range(11, 131, 2)) for code in pair if code < 52)
HANDS = HANDS[: len(HANDS) // 2 * 2]


@pytest.mark.parametrize("board", [bytes([0, 5, 9]), bytes([0, 5, 9, 2, 7])], ids=["flop", "river"])
def test_range_equity_hands_changed_by_another_thread(board: bytes) -> None:
    """The issue's case: the hands are a bytearray that another thread
    changes (a code to 200, then a board card) while range_equity runs."""
    ranges = [array("d", [1.0]) * RANGE_COMBOS, array("d", [0.5]) * RANGE_COMBOS]

    def call(hands: Any) -> list[float]:
        return list(range_equity(hands, ranges, board, trials=40, seed=7))

    outcomes = _race(call, bytearray(HANDS), [(1, 200), (len(HANDS) - 2, board[0])], (CardError,))
    assert outcomes["same"] > 0  # the good buffer was seen too


def test_range_equity_weights_and_board_changed_by_another_thread() -> None:
    board = bytearray([0, 5, 9, 2, 7])
    weights = array("d", [1.0]) * RANGE_COMBOS

    def on_weights(shared: Any) -> list[float]:
        return list(range_equity(HANDS, [shared], bytes(board), trials=10, seed=3))

    _race(on_weights, weights, [(100, float("nan")), (7, -1.0)], (InvalidConfigError,))

    def on_board(shared: Any) -> list[float]:
        return list(range_equity(HANDS, [weights], shared, trials=10, seed=3))

    _race(on_board, board, [(4, 250), (2, 0)], (CardError,))


def test_evaluate_many_and_equity_codes_changed_by_another_thread() -> None:
    hands = bytearray(range(7 * 7))  # seven 7-card hands

    def many(shared: Any) -> list[int]:
        return list(evaluate_many(shared, cards_per_hand=7))

    _race(many, hands, [(3, 99), (10, 9)], (CardError,))

    combos = bytearray([48, 49, 44, 45, 0, 1])  # AA, KK, 22

    def equity(shared: Any) -> Any:
        return _equity_native(
            shared, array("d", [1.0, 1.0, 1.0]), [1, 1, 1], b"", b"",
            mode="sample", trials=2000, seed=5, max_exact=0.0,
        )

    _race(equity, combos, [(0, 77), (3, 48)], (CardError,))


def test_narrow_range_board_changed_by_another_thread() -> None:
    start = array("d", [1.0]) * RANGE_COMBOS

    def narrow(shared: Any) -> list[float]:
        weights = array("d", start)
        narrow_range(weights, shared, 0.3, 0.1)
        return list(weights)

    _race(narrow, bytearray([0, 5, 9, 2]), [(1, 180), (3, 0)], (CardError,))


def test_narrow_range_still_changes_the_callers_weights() -> None:
    weights = array("d", [1.0]) * RANGE_COMBOS
    narrow_range(weights, bytes([0, 5, 9]), 0.5, 0.0)
    assert weights[0] == 0.0  # (0, 1) holds board card 0
    assert 0 < sum(weights) < RANGE_COMBOS


def test_private_copies_every_mutable_buffer() -> None:
    data = b"\x01\x02"
    assert _private(data) is data
    for mutable in (bytearray(data), array("B", data), memoryview(bytearray(data))):
        snapshot = _private(mutable)
        assert bytes(snapshot) == data
        mutable[0] = 9
        assert bytes(snapshot) == data  # the copy does not follow the original
    table = _private(memoryview(bytearray(range(14))).cast("B", (2, 7)))
    assert table.shape == (2, 7) and table.readonly


def test_evaluate_combos_numpy_integer_is_refused_as_documented() -> None:
    """``evaluate_combos(numpy.int64(5), ...)`` raised a bare TypeError
    (a NumPy integer is a 0-d buffer); a single code is not a run of combos:
    CardError.  NumPy integers inside a list, and 1-D NumPy arrays, work."""
    numpy = pytest.importorskip("numpy")
    for single in (numpy.int64(5), numpy.uint8(5), 5):
        with pytest.raises(CardError, match="two per combo"):
            evaluate_combos(single, "Ah Kd 7c")
    expected = list(evaluate_combos([0, 5], "Ah Kd 7c"))
    assert list(evaluate_combos([numpy.int64(0), numpy.int64(5)], "Ah Kd 7c")) == expected
    assert list(evaluate_combos(numpy.array([0, 5], dtype=numpy.int64), "Ah Kd 7c")) == expected
