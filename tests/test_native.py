"""The C core at the Python boundary: hostile input raises, never crashes.

Also re-checks the design facts the C evaluator relies on (rank keys with
distinct sums, table size, deterministic tables).
"""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

from pokerkit_core.cards import CARDS, cards_to_mask, parse_cards
from pokerkit_core.errors import CardError, PokerError
from pokerkit_core.evaluator import evaluate, evaluate_codes, evaluate_many, evaluate_mask

CSRC = Path(__file__).resolve().parents[1] / "csrc" / "pkc_eval.c"


@pytest.mark.parametrize(
    "mask",
    [
        0,
        -1,
        1 << 13,  # not a card bit
        1 << 64,
        (1 << 200) | 0x1F,
        cards_to_mask(parse_cards("As Ks Qs Js")),  # four cards
        cards_to_mask(parse_cards("As Ks Qs Js Ts 9s 8s 7s")),  # eight cards
    ],
)
def test_bad_masks_raise(mask: int) -> None:
    with pytest.raises(CardError):
        evaluate_mask(mask)


@pytest.mark.parametrize("mask", [1.5, "31", None, True])
def test_non_int_masks_raise(mask: object) -> None:
    with pytest.raises(CardError):
        evaluate_mask(mask)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "codes",
    [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3, 3],
     [0, 1, 2, 3, 255], [0, 1, 2, 3, 1 << 40], [0, 1, 2, 3, 4.0]],
)
def test_bad_codes_raise(codes: list[int]) -> None:
    with pytest.raises(CardError):
        evaluate_codes(codes)


def test_bad_batches_raise_and_write_nothing() -> None:
    good = bytes([0, 5, 10, 15, 20, 25, 30])
    out = evaluate_many(good * 3)
    before = list(out)
    with pytest.raises(CardError, match="hand 2"):
        evaluate_many(good * 2 + bytes([0, 5, 10, 15, 20, 25, 52]), out=out)
    with pytest.raises(CardError, match="duplicate card in .hand 1"):
        evaluate_many(good + bytes([0, 5, 10, 15, 20, 25, 25]) + good, out=out)
    assert list(out) == before
    with pytest.raises(ValueError):
        evaluate_many(good[:-1])  # not a whole number of hands
    with pytest.raises(ValueError):
        evaluate_many(good, cards_per_hand=8)
    with pytest.raises(ValueError):
        evaluate_many(good * 2, out=bytearray(4))  # out too small
    with pytest.raises(CardError):
        evaluate_many([[0, 1, 2, 3, 4, 5, 300]])  # type: ignore[arg-type]


def test_every_error_is_a_poker_error() -> None:
    with pytest.raises(PokerError):
        evaluate_codes([0, 0, 0, 0, 0])


def _rank_keys() -> list[int]:
    text = CSRC.read_text()
    block = re.search(r"RANK_KEY\[13\] = \{([^}]*)\}", text)
    assert block is not None
    return [int(x.strip().rstrip("u")) for x in block.group(1).split(",") if x.strip()]


@pytest.mark.skipif(not CSRC.exists(), reason="csrc/ not beside the tests")
def test_rank_key_sums_are_distinct() -> None:
    keys = _rank_keys()
    assert len(keys) == 13
    sums: dict[int, int] = {0: 0}  # key sum -> number of cards
    for key in keys:
        grown = dict(sums)
        for total, cards in sums.items():
            for extra in range(1, 5):
                if cards + extra > 7:
                    break
                new = total + extra * key
                assert new not in grown, "two rank multisets share a key sum"
                grown[new] = cards + extra
        sums = grown
    assert len(sums) == 76_155
    assert max(sums) < 1 << 25


def test_tables_are_deterministic_across_processes() -> None:
    probe = (
        "from pokerkit_core.evaluator import evaluate_many;"
        "import hashlib,random;r=random.Random(5);"
        "b=bytes(c for _ in range(2000) for c in r.sample(range(52),7));"
        "print(hashlib.sha256(bytes(evaluate_many(b))).hexdigest())"
    )
    runs = {
        subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
        .stdout.strip()
        for _ in range(2)
    }
    assert len(runs) == 1


def test_every_card_evaluates_in_every_position() -> None:
    # each card code appears in a hand of each length, through every entry point
    for n, start in product((5, 6, 7), range(0, 52, 7)):
        codes = [(start + 3 * i) % 52 for i in range(n)]
        cards = [CARDS[c] for c in codes]
        value = evaluate(cards).value
        assert evaluate_codes(codes) == value == evaluate_mask(cards_to_mask(cards))


def test_concurrent_batches_agree() -> None:
    # the GIL is released in C and the tables are read-only: threads agree
    import random
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(9)
    flat = bytes(c for _ in range(20_000) for c in rng.sample(range(52), 7))
    expected = list(evaluate_many(flat))
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: list(evaluate_many(flat)), range(8)))
    assert all(r == expected for r in results)


def test_hostile_buffers() -> None:
    import ctypes

    numpy = pytest.importorskip("numpy")
    hand = [0, 4, 8, 12, 16, 20, 24]
    value = evaluate_codes(hand)
    # accepted: ctypes bytes, big-endian ints (converted), non-contiguous views
    assert list(evaluate_many((ctypes.c_uint8 * 7)(*hand))) == [value]
    assert list(evaluate_many(numpy.array([hand], ">i4"))) == [value]
    wide = numpy.zeros((1, 14), numpy.uint8)
    wide[0, ::2] = hand
    assert list(evaluate_many(wide[:, ::2])) == [value]
    assert evaluate_codes(numpy.array(hand, numpy.int64)) == value
    # refused with CardError, never a crash or a silent wrong answer
    for bad in (
        numpy.zeros((1, 7), numpy.float16),
        numpy.ones((1, 7), bool),
        numpy.zeros((1, 1, 7), numpy.uint8),
        numpy.array([hand[:6] + [-1]]),
        {},
    ):
        with pytest.raises(CardError):
            evaluate_many(bad)
    for out in (numpy.zeros(1, ">i4"), numpy.zeros(1, numpy.int64), 5, numpy.zeros(4, numpy.int32)[::2]):
        with pytest.raises(CardError):
            evaluate_many(bytes(hand), out=out)
    frozen = numpy.zeros(1, numpy.int32)
    frozen.flags.writeable = False
    with pytest.raises(CardError):
        evaluate_many(bytes(hand), out=frozen)


def test_out_overlapping_codes_reads_a_copy() -> None:
    import random

    numpy = pytest.importorskip("numpy")
    rng = random.Random(3)
    buf = numpy.zeros(2000, numpy.int32)
    raw = buf.view(numpy.uint8)
    raw[:7000] = [c for _ in range(1000) for c in rng.sample(range(52), 7)]
    expected = list(evaluate_many(raw[:7000].copy()))
    evaluate_many(raw[:7000], out=buf[1000:])
    assert list(buf[1000:]) == expected


def test_bad_hand_names_the_codes() -> None:
    with pytest.raises(CardError, match=r"hand 0: \[0, 4, 8, 12, 16, 20, 60\]"):
        evaluate_many(bytes([0, 4, 8, 12, 16, 20, 60]))


def test_hostile_python_values() -> None:
    from pokerkit_core.cards import Card, mask_to_cards
    from pokerkit_core.evaluator import HandRank

    for bad in (None, 5, [None] * 5):
        with pytest.raises(CardError):
            evaluate(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        HandRank(0, [])
    with pytest.raises(CardError):
        HandRank(evaluate("As Ks Qs Js Ts").value, list(CARDS[:8]))
    with pytest.raises(TypeError):
        _ = Card("As") < 5  # type: ignore[operator]
    with pytest.raises(CardError):
        cards_to_mask(["As"])  # type: ignore[list-item]
    with pytest.raises(CardError):
        mask_to_cards("x")  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Card(True, False)
    with pytest.raises(CardError):
        evaluate_codes([True, 1, 2, 3, 4])


def test_pre_combined_hand_keys_agree_and_are_memory_safe() -> None:
    import random

    from pokerkit_core import _native

    ffi, lib = _native.ffi, _native.lib
    rng = random.Random(21)
    n = 5_000
    flat = bytes(c for _ in range(n) for c in rng.sample(range(52), 7))
    keys, masks = ffi.new("uint64_t[]", n), ffi.new("uint64_t[]", n)
    bad = ffi.new("size_t *")
    assert lib.pkc_hand_keys(flat, n, 7, keys, masks, bad) == 0
    out = ffi.new("int32_t[]", n)
    lib.pkc_eval_keys(keys, masks, n, out)
    assert list(out) == list(evaluate_many(flat))
    # a bad hand is named and nothing is written
    keys2 = ffi.new("uint64_t[]", 2)
    assert lib.pkc_hand_keys(bytes([0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 5]), 2, 7, keys2, masks, bad) == -2
    assert bad[0] == 1 and list(keys2) == [0, 0]
    # arbitrary keys give some value but never read outside the tables
    junk_keys = ffi.new("uint64_t[]", [rng.getrandbits(64) for _ in range(2_000)])
    junk_masks = ffi.new("uint64_t[]", [rng.getrandbits(64) for _ in range(2_000)])
    junk_out = ffi.new("int32_t[]", 2_000)
    lib.pkc_eval_keys(junk_keys, junk_masks, 2_000, junk_out)
    assert all(0 <= v < 10 << 12 for v in junk_out)
