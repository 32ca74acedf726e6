"""Hand-evaluator throughput, ours and peers', measured in one run.

Prints evaluations per second, in the rows and words of the README's
"Hand evaluator" table, for:

* the C core on 10**6 pre-generated random 7-card hands (one C call each),
  given as card codes (checked, ``pkc_eval_batch``, and unchecked) and as hand
  words (the evaluator's own packed form of a hand, see ``pkc_hand_keys`` in
  ``csrc/pkc.h``), and over the full enumeration of 133,784,560 seven-card
  hands: the same C functions as rows 1-4 of ``benchmarks/c/bench_core.c``
  (which times them without Python and against OMPEval);
* Python per-hand calls: ``evaluate`` (friendly) and ``evaluate_mask`` (checked
  low level), with the bare, unchecked cffi call of ``pkc_eval_mask`` for scale;
* the checked batch call ``evaluate_many`` on a NumPy ``(n, 7)`` uint8 array,
  and ``evaluate_combos`` (a whole range on one board, per combo);
* the same random hands through treys, phevaluator (public and raw), eval7 and
  PokerKit when installed (``pip install .[bench]``), as ratios to ours.

Times are process CPU time (``time.process_time``; every row is one thread
of this process), best of a few runs, so other load on the machine counts
little.  Run: ``python benchmarks/bench_evaluator.py [--hands N]``.  Figures
depend on the machine; ratios within one run are the comparable part.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable

from pokerkit_core import _native
from pokerkit_core.evaluation.cards import CARDS, Card
from pokerkit_core.evaluation.evaluator import (
    enumerate_categories,
    evaluate,
    evaluate_combos,
    evaluate_mask,
    evaluate_many,
)


def rate(n: int, fn: Callable[[], object], repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in calls per second of process CPU time."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return n / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="random hands for the C core")
    parser.add_argument("--py-hands", type=int, default=200_000, help="hands for Python calls")
    args = parser.parse_args()

    rng = random.Random(2026)
    hands = [rng.sample(range(52), 7) for _ in range(args.hands)]
    flat = bytes(code for hand in hands for code in hand)
    py_hands = hands[: args.py_hands]
    rows: list[tuple[str, float]] = []

    ffi, lib = _native.ffi, _native.lib
    codes_c = ffi.from_buffer("uint8_t[]", flat)
    out_c = ffi.new("int32_t[]", args.hands)
    bad_c = ffi.new("size_t *")
    checked = rate(args.hands, lambda: lib.pkc_eval_batch(codes_c, args.hands, 7, out_c, bad_c), 5)
    rows.append(("C core, 10^6 random 7-card hands as codes, checked", checked))
    core = rate(args.hands, lambda: lib.pkc_eval_batch_unchecked(codes_c, args.hands, 7, out_c), 5)
    rows.append(("C core, the same hands as codes, no checks", core))
    words_c = ffi.new("uint64_t[]", args.hands)
    if lib.pkc_hand_keys(codes_c, args.hands, 7, words_c, bad_c) != 0:
        raise SystemExit("pkc_hand_keys refused the generated hands")
    keyed = rate(args.hands, lambda: lib.pkc_eval_keys(words_c, args.hands, out_c), 5)
    rows.append(("C core, the same hands as hand words (pkc_eval_keys)", keyed))
    enum = rate(133_784_560, lambda: enumerate_categories(7), 3)
    rows.append(("C core, all 133,784,560 seven-card hands", enum))

    try:
        import numpy

        batch_in = numpy.frombuffer(flat, dtype=numpy.uint8).reshape(-1, 7)
        batch_out = numpy.empty(args.hands, dtype=numpy.int32)
        batch = rate(args.hands, lambda: evaluate_many(batch_in, out=batch_out), 5)
        rows.append(("evaluate_many (checked batch, NumPy (n, 7))", batch))
    except ImportError:
        batch = rate(args.hands, lambda: evaluate_many(flat), 5)
        rows.append(("evaluate_many (checked batch, bytes)", batch))

    combos = bytes(c for a in range(52) for b in range(a + 1, 52) for c in (a, b))
    turn = [CARDS[c] for c in (43, 22, 0, 29)]  # Qs 7h 2c 9d
    reps = 2_000
    per_combo = rate(reps * 1326, lambda: [evaluate_combos(combos, turn) for _ in range(reps)])
    rows.append(("evaluate_combos (all 1,326 combos on a turn board)", per_combo))

    masks = [sum(CARDS[c].mask for c in hand) for hand in py_hands]
    card_hands = [tuple(CARDS[c] for c in hand) for hand in py_hands]
    n = len(py_hands)

    def loop(fn: Callable[[int], int]) -> Callable[[], None]:
        def run() -> None:
            for m in masks:
                fn(m)

        return run

    low = rate(n, loop(evaluate_mask))
    rows.append(("evaluate_mask (checked, per hand)", low))
    cffi_call = rate(n, loop(lib.pkc_eval_mask))
    rows.append(("the bare cffi call of pkc_eval_mask, for scale", cffi_call))

    def friendly() -> None:
        for hand in card_hands:
            evaluate(hand)

    ours_friendly = rate(n, friendly)
    rows.append(("evaluate (friendly, per hand)", ours_friendly))

    # name, rate, our comparable rates (label, rate)
    peers: list[tuple[str, float, list[tuple[str, float]]]] = []
    friendly_ref = [("evaluate", ours_friendly)]
    try:
        import treys

        tcards = [[treys.Card.new(str(CARDS[c])) for c in hand] for hand in py_hands]
        teval = treys.Evaluator()

        def run_treys() -> None:
            for h in tcards:
                teval.evaluate(h[:2], h[2:])

        peers.append(("treys Evaluator.evaluate", rate(n, run_treys, 1), friendly_ref))
    except ImportError:
        print("treys not installed: skipped")
    try:
        from phevaluator import _pheval, evaluate_cards

        def run_ph_raw() -> None:
            e7 = _pheval.evaluate_7cards
            for h in py_hands:
                e7(*h)  # phevaluator's card ids are 4 * rank + suit, as ours

        def run_ph() -> None:
            for h in py_hands:
                evaluate_cards(*h)

        peers.append(("phevaluator _pheval.evaluate_7cards (raw)", rate(n, run_ph_raw), [("evaluate_mask", low)]))
        peers.append(("phevaluator evaluate_cards (public)", rate(n, run_ph), friendly_ref))
    except ImportError:
        print("phevaluator not installed: skipped")
    try:
        import eval7

        ecards = [[eval7.Card(str(CARDS[c])) for c in hand] for hand in py_hands]

        def run_eval7() -> None:
            for h in ecards:
                eval7.evaluate(h)

        peers.append(("eval7.evaluate", rate(n, run_eval7), friendly_ref + [("evaluate_mask", low)]))
    except ImportError:
        print("eval7 not installed: skipped")
    try:
        from pokerkit import Card as PKCard
        from pokerkit import StandardHighHand

        pk_n = min(n, 5_000)
        pk_hands = [
            (
                tuple(PKCard.parse("".join(str(CARDS[c]) for c in hand[:2]))),
                tuple(PKCard.parse("".join(str(CARDS[c]) for c in hand[2:]))),
            )
            for hand in py_hands[:pk_n]
        ]

        def run_pk() -> None:
            for hole, board in pk_hands:
                StandardHighHand.from_game(hole, board)

        peers.append(("PokerKit StandardHighHand.from_game", rate(pk_n, run_pk, 1), friendly_ref))
    except ImportError:
        print("pokerkit not installed: skipped")

    print(f"{'workload (process CPU time)':<56} {'hands/s':>14}")
    for name, value in rows:
        print(f"{name:<56} {value:>14,.0f}")
    if peers:
        print(f"\n{'peer (same random hands)':<44} {'hands/s':>14}  ours / peer")
        for name, value, refs in peers:
            ratios = "; ".join(f"{ours / value:,.1f}x ({label})" for label, ours in refs)
            print(f"{name:<44} {value:>14,.0f}  {ratios}")
    _ = Card  # keep the import for readers: hands are Card objects above


if __name__ == "__main__":
    main()
