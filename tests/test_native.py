"""The C core at the Python boundary: hostile input raises, never crashes.

Also re-checks the design facts the C evaluator relies on (rank keys with
distinct sums, table size, deterministic tables).
"""

from __future__ import annotations

import re
import subprocess
import sys
from array import array
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core.evaluation.cards import CARDS, cards_to_mask, parse_cards
from pokerkit_core.errors import CardError, PokerError
from pokerkit_core.evaluation import evaluator
from pokerkit_core.evaluation.evaluator import evaluate, evaluate_codes, evaluate_many, evaluate_mask

NO_ACCELERATOR = "no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)"

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


def test_non_integer_masks_are_refused_not_truncated() -> None:
    """A Fraction, a Decimal or a NumPy float of a valid mask's value has
    ``__int__`` (cffi would truncate it and evaluate): both the built-in and
    the cffi path refuse it; NumPy integers are ints and evaluate."""
    from decimal import Decimal
    from fractions import Fraction

    import numpy

    from pokerkit_core.evaluation import evaluator

    mask = cards_to_mask(parse_cards("As Ks Qs Js Ts"))
    value = evaluate_mask(mask)
    for function in (evaluator.evaluate_mask, evaluator._evaluate_mask_py):
        for bad in (Fraction(mask), Fraction(2 * mask + 1, 2), Decimal(mask), numpy.float32(mask), numpy.float64(mask)):
            with pytest.raises(CardError, match="mask must be an int"):
                function(bad)  # type: ignore[arg-type]
        assert function(numpy.uint64(mask)) == function(numpy.int64(mask)) == value  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "codes",
    [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3, 3],
     [0, 1, 2, 3, 255], [0, 1, 2, 3, 1 << 40], [0, 1, 2, 3, 4.0]],
)
def test_bad_codes_raise(codes: list[int]) -> None:
    with pytest.raises(CardError):
        evaluate_codes(codes)


def test_bad_batches_raise_and_write_only_the_hands_before() -> None:
    good = bytes([0, 5, 10, 15, 20, 25, 30])
    value = evaluate_codes(list(good))
    out = array("i", [-1] * 3)
    with pytest.raises(CardError, match="hand 2"):
        evaluate_many(good * 2 + bytes([0, 5, 10, 15, 20, 25, 52]), out=out)
    assert list(out) == [value, value, -1]
    out = array("i", [-1] * 3)
    with pytest.raises(CardError, match="duplicate card in .hand 1"):
        evaluate_many(good + bytes([0, 5, 10, 15, 20, 25, 25]) + good, out=out)
    assert list(out) == [value, -1, -1]
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
        "from pokerkit_core.evaluation.evaluator import evaluate_many;"
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
    from pokerkit_core.evaluation.cards import Card, mask_to_cards
    from pokerkit_core.evaluation.evaluator import HandRank

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


def test_hand_words_agree_and_are_memory_safe() -> None:
    import random

    from pokerkit_core import _native

    ffi, lib = _native.ffi, _native.lib
    rng = random.Random(21)
    for k in (5, 6, 7):
        n = 5_000
        flat = bytes(c for _ in range(n) for c in rng.sample(range(52), k))
        words = ffi.new("uint64_t[]", n)
        bad = ffi.new("size_t *")
        assert lib.pkc_hand_keys(flat, n, k, words, bad) == 0
        out = ffi.new("int32_t[]", n)
        lib.pkc_eval_keys(words, n, out)
        assert list(out) == list(evaluate_many(flat, cards_per_hand=k))
    # a bad hand is named and nothing is written
    words2 = ffi.new("uint64_t[]", 2)
    assert lib.pkc_hand_keys(bytes([0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 5]), 2, 7, words2, bad) == -2
    assert bad[0] == 1 and list(words2) == [0, 0]
    assert lib.pkc_hand_keys(bytes([0, 1, 2, 3]), 1, 4, words2, bad) == -3
    # arbitrary words give some value but never read outside the tables
    junk = ffi.new("uint64_t[]", [rng.getrandbits(64) for _ in range(2_000)])
    junk_out = ffi.new("int32_t[]", 2_000)
    lib.pkc_eval_keys(junk, 2_000, junk_out)
    assert all(0 <= v < 10 << 12 for v in junk_out)


@settings(max_examples=300, deadline=None)
@given(
    k=st.integers(5, 7),
    n=st.integers(0, 1_000),
    seed=st.integers(0, 2**32 - 1),
    corruptions=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 6), st.integers(0, 255)), max_size=3),
)
def test_checked_batch_matches_per_hand_check(k: int, n: int, seed: int, corruptions: list[tuple[float, int, int]]) -> None:
    """The one-pass vector check of ``pkc_eval_batch`` finds exactly the first
    bad hand of any batch (sizes crossing its 384-hand blocks and its 16-byte
    loads), and writes exactly the values of the hands before it."""
    import random

    rng = random.Random(seed)
    codes = bytearray(c for _ in range(n) for c in rng.sample(range(52), k))
    for where, position, byte in corruptions:
        if n:
            codes[int(where * n) * k + position % k] = byte
    hands = [list(codes[h * k : (h + 1) * k]) for h in range(n)]
    first_bad = next((h for h, hand in enumerate(hands) if max(hand) > 51 or len(set(hand)) < k), None)
    out = array("i", [-1] * n)
    if first_bad is None:
        evaluate_many(bytes(codes), cards_per_hand=k, out=out)
        assert list(out) == [evaluate_codes(hand) for hand in hands]
        return
    with pytest.raises(CardError, match=f"hand {first_bad}:"):
        evaluate_many(bytes(codes), cards_per_hand=k, out=out)
    assert list(out[:first_bad]) == [evaluate_codes(hand) for hand in hands[:first_bad]]
    assert list(out[first_bad:]) == [-1] * (n - first_bad)


@pytest.mark.skipif(evaluator.STATE_KERNEL is None, reason=NO_ACCELERATOR)
def test_builtin_evaluate_mask_is_the_python_one_in_c() -> None:
    """On CPython ``evaluate_mask`` is the C built-in of ``_speedups``; it
    returns what the cffi path returns and refuses what it refuses, with the
    same messages (it hands everything it does not evaluate to that path)."""
    import inspect
    import random
    import threading

    import numpy

    from pokerkit_core import _speedups
    from pokerkit_core.evaluation import evaluator

    builtin, fallback = evaluator.evaluate_mask, evaluator._evaluate_mask_py
    assert builtin is evaluator._fast_evaluate_mask and type(builtin).__name__ == "builtin_function_or_method"
    assert builtin.__module__ == "pokerkit_core.evaluation.evaluator"
    assert str(inspect.signature(builtin)) == "(mask)"
    assert builtin.__doc__ is not None and "Raises:" in builtin.__doc__
    rng = random.Random(5)
    masks = [cards_to_mask([CARDS[c] for c in rng.sample(range(52), rng.randint(5, 7))]) for _ in range(3_000)]
    values = [evaluate_codes([c.code for c in CARDS if c.mask & m]) for m in masks]
    assert [builtin(m) for m in masks] == values
    assert builtin(numpy.uint64(masks[0])) == values[0]  # not an exact int: the fallback evaluates it

    class Mask(int):
        pass

    assert builtin(Mask(masks[1])) == values[1]
    assert [fallback(m) for m in masks[:100]] == values[:100]
    for bad in (0, -1, 1 << 64, 1 << 13, True, 1.5, "31", None, masks[0] | 1 << 15):
        with pytest.raises(CardError) as fast_error:
            builtin(bad)
        with pytest.raises(CardError) as python_error:
            fallback(bad)
        assert str(fast_error.value) == str(python_error.value)
    errors: list[BaseException] = []

    def hammer() -> None:
        try:
            assert [builtin(m) for m in masks] == values
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    # each binding is its own: a second one (another fallback) leaves the first alone
    address = int(evaluator._ffi.cast("uintptr_t", evaluator._ffi.addressof(evaluator._lib, "pkc_eval_mask")))
    other = _speedups.bind(address, lambda mask: -mask)
    assert other(masks[0]) == values[0] and other(3) == -3
    with pytest.raises(CardError):
        builtin(3)
    del other
    # bind refuses what is not an address or a callable, before changing anything
    with pytest.raises(ValueError):
        _speedups.bind(0, fallback)
    with pytest.raises(TypeError):
        _speedups.bind("0x1", fallback)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _speedups.bind(1, 5)  # type: ignore[arg-type]
    assert builtin(masks[2]) == values[2]


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython subinterpreters")
def test_a_subinterpreter_does_not_disturb_the_main_binding() -> None:
    testcapi = pytest.importorskip("_testcapi")
    from pokerkit_core.evaluation import evaluator

    assert testcapi.run_in_subinterp("import pokerkit_core.evaluation.evaluator") == 0
    with pytest.raises(CardError, match="5 to 7 cards"):
        evaluator.evaluate_mask(3)
    with pytest.raises(CardError, match="need 5 to 7 cards"):
        evaluate("As Ks")


@pytest.mark.skipif(sys.version_info < (3, 12), reason="__buffer__ in Python classes is 3.12+")
def test_out_whose_buffer_changes_between_requests_is_safe() -> None:
    """``out`` is checked and written through one buffer request: an object
    that hands out a large buffer first and a tiny one next cannot make C
    write past the tiny one."""
    import random

    class Shifty:
        def __init__(self) -> None:
            self.calls = 0
            self.big, self.small = array("i", [0] * 5_000), array("i", [0])

        def __buffer__(self, flags: int) -> memoryview:
            self.calls += 1
            return memoryview(self.big if self.calls == 1 else self.small)

    rng = random.Random(3)
    codes = bytes(c for _ in range(5_000) for c in rng.sample(range(52), 7))
    shifty = Shifty()
    evaluate_many(codes, out=shifty)
    assert list(shifty.big) == list(evaluate_many(codes)) and list(shifty.small) == [0]


@pytest.mark.skipif(evaluator.STATE_KERNEL is None, reason=NO_ACCELERATOR)
def test_builtin_evaluate_is_the_python_one_in_c() -> None:
    """On CPython ``evaluate`` is a built-in for tuples and lists of the
    library's Cards; it returns what the Python ``evaluate`` returns, hands
    everything else to it (so errors are the same), and leaks nothing."""
    import copy
    import gc
    import inspect
    import random

    from pokerkit_core import _speedups
    from pokerkit_core.evaluation import evaluator
    from pokerkit_core.evaluation.cards import Card

    fast, python = evaluator.evaluate, evaluator._evaluate_py
    assert type(fast).__name__ == "builtin_function_or_method" and fast is evaluator._fast_evaluate
    assert str(inspect.signature(fast)) == "(cards)" and "Raises:" in (fast.__doc__ or "")
    rng = random.Random(9)
    for _ in range(2_000):
        hand = tuple(CARDS[c] for c in rng.sample(range(52), rng.randint(5, 7)))
        got, want = fast(hand), python(hand)
        assert (got.value, got.cards, got._best_five) == (want.value, want.cards, None)
        assert got.cards is hand and type(got) is evaluator.HandRank
        assert fast(list(hand)).cards == hand and str(fast(list(hand))) == str(want)
    fresh = Card._make(51)  # a Card that is not the interned one: the Python path
    assert fresh is not CARDS[51] and fast((fresh, *CARDS[:4])).value == python((fresh, *CARDS[:4])).value
    assert fast(copy.copy(CARDS[:5])).value == python(CARDS[:5]).value

    class Hand(tuple):  # type: ignore[type-arg]
        pass

    assert fast(Hand(CARDS[:7])).value == python(CARDS[:7]).value
    for bad in (CARDS[:4], CARDS[:8], (CARDS[0],) * 5, [1, 2, 3, 4, 5], None, 5, "xx", (CARDS[0], "As", *CARDS[1:4])):
        with pytest.raises(CardError) as fast_error:
            fast(bad)  # type: ignore[arg-type]
        with pytest.raises(CardError) as python_error:
            python(bad)  # type: ignore[arg-type]
        assert str(fast_error.value) == str(python_error.value)
    hand = CARDS[10:17]
    gc.collect()
    before = [sys.getrefcount(c) for c in hand] + [sys.getrefcount(hand)]
    for _ in range(10_000):
        fast(hand)
        fast(list(hand))
    gc.collect()
    assert [sys.getrefcount(c) for c in hand] + [sys.getrefcount(hand)] == before
    address = int(evaluator._ffi.cast("uintptr_t", evaluator._ffi.addressof(evaluator._lib, "pkc_eval_mask")))
    with pytest.raises(ValueError):
        _speedups.bind_evaluate(0, python, CARDS, evaluator.HandRank)
    with pytest.raises(TypeError):
        _speedups.bind_evaluate(address, python, CARDS[:51], evaluator.HandRank)
    with pytest.raises(TypeError):
        _speedups.bind_evaluate(address, python, tuple(range(52)), evaluator.HandRank)


@pytest.mark.skipif(evaluator.STATE_KERNEL is None, reason=NO_ACCELERATOR)
def test_builtins_pickle_take_keywords_and_are_collected() -> None:
    """The built-ins behave like the functions they stand for: they pickle by
    name (worker pools send them), accept their argument by keyword, and a
    binding dropped with its function is garbage-collected."""
    import gc
    import pickle
    import weakref

    from pokerkit_core import _speedups
    from pokerkit_core.evaluation import evaluator

    for function in (evaluator.evaluate, evaluator.evaluate_mask):
        assert pickle.loads(pickle.dumps(function)) is function
        assert function.__qualname__ == function.__name__
    hand = CARDS[:5]
    assert evaluator.evaluate(cards=hand) == evaluator.evaluate(hand)
    assert evaluator.evaluate_mask(mask=cards_to_mask(hand)) == evaluator.evaluate(hand).value
    with pytest.raises(TypeError):
        evaluator.evaluate(hand, hand)  # type: ignore[call-arg]
    address = int(evaluator._ffi.cast("uintptr_t", evaluator._ffi.addressof(evaluator._lib, "pkc_eval_mask")))

    class Fallback:
        def __call__(self, mask: int) -> int:
            return -1

    fallback = Fallback()
    gone = weakref.ref(fallback)
    bound = _speedups.bind(address, fallback)
    fallback.cycle = bound  # type: ignore[attr-defined]  # function -> binding -> fallback -> function
    assert bound(3) == -1
    del fallback, bound
    gc.collect()
    assert gone() is None


def _declarations(text: str) -> tuple[list[str], list[str]]:
    """The #define names and the prototypes (whitespace collapsed) of a
    header, comments and the include guard left out."""

    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    defines = re.findall(r"^#define\s+(PKC_\w+)\b", text, flags=re.M)
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    prototypes = [" ".join(p.split()) + ";" for p in body.split(";") if p.strip()]
    return [d for d in defines if d != "PKC_H"], prototypes


@pytest.mark.skipif(not CSRC.exists(), reason="csrc/ not beside the tests")
def test_cdef_is_pkc_h_without_the_preprocessor() -> None:
    """pkc_cdef.h declares every constant of pkc.h as ``#define NAME ...``
    (cffi reads the value from pkc.h) and every prototype word for word;
    its one addition is the extern "Python" callback."""
    header_defines, header_prototypes = _declarations((CSRC.parent / "pkc.h").read_text(encoding="utf-8"))
    cdef = (CSRC.parent / "pkc_cdef.h").read_text(encoding="utf-8")
    cdef_defines, cdef_prototypes = _declarations(cdef)
    assert cdef_defines == header_defines
    assert re.findall(r"^#define\s+\w+\s+(.*)$", cdef, flags=re.M) == ["..."] * len(cdef_defines)
    callbacks = [p for p in cdef_prototypes if p.startswith('extern "Python"')]
    assert callbacks == ['extern "Python" int pkc_py_keep_going(void);']
    assert [p for p in cdef_prototypes if p not in callbacks] == header_prototypes


def test_python_uses_the_c_constants() -> None:
    from pokerkit_core import _native
    from pokerkit_core.evaluation import evaluator

    lib = _native.lib
    assert (evaluator._E_CARD, evaluator._E_DUPLICATE, evaluator._E_EMPTY) == (lib.PKC_E_CARD, lib.PKC_E_DUPLICATE, lib.PKC_E_EMPTY)
    assert evaluator._EQUITY_MODES == {"auto": lib.PKC_EQUITY_AUTO, "exact": lib.PKC_EQUITY_EXACT, "sample": lib.PKC_EQUITY_SAMPLE}
    assert evaluator.MAX_EQUITY_PLAYERS == lib.PKC_MAX_PLAYERS
    assert evaluator.SHARE_UNIT == lib.PKC_SHARE_UNIT
    # every k-way tie up to the most players is a whole number of units
    assert all(lib.PKC_SHARE_UNIT % k == 0 for k in range(1, lib.PKC_MAX_PLAYERS + 1))
    assert lib.PKC_MASK_VALID == sum(card.mask for card in CARDS)


def test_c_equity_refuses_one_player_too_many() -> None:
    """pkc_equity itself (not only Python) returns PKC_E_ARG for
    PKC_MAX_PLAYERS + 1 players and for 1, before reading any combo; and
    takes PKC_MAX_PLAYERS players (a 10-way tie on a royal-flush board)."""
    from pokerkit_core import _native

    ffi, lib = _native.ffi, _native.lib
    n = lib.PKC_MAX_PLAYERS + 1
    combos = ffi.new("uint8_t[]", bytes(range(2 * n)))
    weights = ffi.new("double[]", [1.0] * n)
    counts = ffi.new("int32_t[]", [1] * n)
    board = ffi.new("uint8_t[]", [c.code for c in parse_cards("AsKsQsJsTs")])
    out = ffi.new("double[]", 4 * n)
    deals, exact, bad = ffi.new("uint64_t *"), ffi.new("int *"), ffi.new("int *")
    for players in (n, 1):
        status = lib.pkc_equity(players, combos, weights, counts, board, 5, ffi.NULL, 0,
                                lib.PKC_EQUITY_AUTO, 100, 1, 1e6, out, deals, exact, bad, ffi.NULL)
        assert status == lib.PKC_E_ARG
    status = lib.pkc_equity(n - 1, combos, weights, counts, board, 5, ffi.NULL, 0,
                            lib.PKC_EQUITY_SAMPLE, 100, 1, 0.0, out, deals, exact, bad, ffi.NULL)
    assert status == lib.PKC_OK and deals[0] == 100 and exact[0] == 0
    assert [out[4 * p + 2] for p in range(n - 1)] == [1 / (n - 1)] * (n - 1)
    assert out[4 * (n - 1) + 2] == 0.0  # the slot past the last player is untouched


@pytest.mark.parametrize("k", [5, 6, 7])
def test_a_bad_hand_anywhere_in_a_batch_is_found(k: int) -> None:
    """Positions across the vector groups and the ends of the batch blocks
    (360 hands): the bad hand's index is reported and only the hands before
    it are written."""
    import random

    rng = random.Random(k)
    n = 740  # two blocks of 360 and a tail
    hands = [rng.sample(range(52), k) for _ in range(n)]
    values = [evaluate_codes(h) for h in hands]
    edges = set(range(40)) | set(range(340, 380)) | set(range(700, 740))
    for bad in sorted(edges | set(rng.sample(range(n), 40))):
        for kind in ("card", "duplicate"):
            hostile = [list(h) for h in hands]
            if kind == "card":
                hostile[bad][bad % k] = 52 + bad % 200
            else:
                hostile[bad][bad % k] = hostile[bad][(bad + 1) % k]
            out = array("i", [-1] * n)
            with pytest.raises(CardError, match=f"hand {bad}"):
                evaluate_many(bytes(c for h in hostile for c in h), cards_per_hand=k, out=out)
            assert list(out[:bad]) == values[:bad]
            assert list(out[bad:]) == [-1] * (n - bad)


def test_the_pure_switch_runs_the_python_reference_alone() -> None:
    """``POKERKIT_CORE_PURE=1`` (PEP 399) keeps ``_speedups`` out: the
    evaluators and the engine are the Python reference, and they give the
    same answers as the accelerated build in this process."""
    import os

    code = (
        "import sys\n"
        "from pokerkit_core import evaluator, GameConfig, deal, act, legal_actions, Call\n"
        "from pokerkit_core.engine.state import HandState\n"
        "assert evaluator.STATE_KERNEL is None\n"
        "assert 'pokerkit_core._speedups' not in sys.modules\n"
        "assert type(evaluator.evaluate).__name__ == 'function'\n"
        "assert HandState.__mro__[-2].__module__ == 'pokerkit_core.engine.hand_state'\n"
        "s = act(deal(GameConfig.acpc_heads_up(), seed=7), Call)\n"
        "print(s.stacks, legal_actions(s), evaluator.evaluate('As Ks Qs Js Ts 9c 2d').value)\n"
    )
    env = {**os.environ, evaluator.PURE_ENV: "1"}
    pure = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    from pokerkit_core import Call, GameConfig, act, deal, legal_actions

    state = act(deal(GameConfig.acpc_heads_up(), seed=7), Call)
    expected = f"{state.stacks} {legal_actions(state)} {evaluate('As Ks Qs Js Ts 9c 2d').value}"
    assert pure.stdout.strip() == expected
