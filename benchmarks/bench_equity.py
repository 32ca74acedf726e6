"""Equity benchmark: sampled boards per second, exact heads-up pre-flop time.

Run: ``python benchmarks/bench_equity.py [--quick]``.  Prints, for
pokerkit_core and (when importable) eval7 and PokerKit:

* heads-up pre-flop Monte Carlo, fixed hands (AhKh vs QsQd): boards/s;
* 3-way pre-flop Monte Carlo (AhKh vs QsQd vs 7c6c): boards/s;
* exact heads-up pre-flop (all 1,712,304 boards): seconds;
* exact 3-way pre-flop (AsKs vs QdQc vs 7h6h), exact range against range on a
  flop ("QQ+, AKs" vs "TT+, AQs+" on Qh7h2c) and README's AhKh vs QQ+ on
  Qh7h2c: ms a call (issue 14; ``benchmarks/c`` times the same cases in C);
* the hard AI's typical calls: a hand against a weighted range on a flop,
  5,000 samples or exact, and against two ranges with 10,000 samples: ms a
  call, Python overhead included.

One thread each; times are process CPU time (``time.process_time``), so
other load on the machine counts little; figures are medians of a few runs
(exact rows also show the best run).  eval7's and PokerKit's heads-up rows
end with ours / theirs.  These are the figures the README's "Equity"
paragraph quotes.  Targets (issue 6): >= 40 M heads-up boards/s, exact
heads-up pre-flop <= 10 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

from pokerkit_core.evaluation.equity import Range, calculate_equity


def median_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times = []
    result: Any = None
    for _ in range(repeat):
        t0 = time.process_time()
        result = fn()
        times.append(time.process_time() - t0)
    global BEST
    BEST = min(times)
    return statistics.median(times), result


BEST = 0.0  # fastest run of the last median_time call
OURS_HU = 0.0  # our heads-up sampled boards/s, for the peers' ratios


def row(name: str, what: str, value: str, note: str = "") -> None:
    print(f"{name:<14} {what:<38} {value:>16}  {note}")


def bench_ours(quick: bool) -> None:
    n = 2_000_000 if quick else 20_000_000
    global OURS_HU
    t, r = median_time(lambda: calculate_equity(["AhKh", "QsQd"], trials=n, seed=1), 3)
    OURS_HU = n / t
    row("pokerkit_core", "heads-up pre-flop sampled", f"{n / t / 1e6:.1f} M boards/s",
        f"AhKh {100 * r.players[0].equity:.2f}%")
    n3 = n // 2
    t, r = median_time(lambda: calculate_equity(["AhKh", "QsQd", "7c6c"], trials=n3, seed=1), 3)
    row("pokerkit_core", "3-way pre-flop sampled", f"{n3 / t / 1e6:.1f} M boards/s",
        f"AhKh {100 * r.players[0].equity:.2f}%")
    t, r = median_time(lambda: calculate_equity(["AhKh", "QsQd"], exact=True), 15)
    row("pokerkit_core", "exact heads-up pre-flop", f"{1e3 * t:.2f} ms",
        f"AhKh {100 * r.players[0].equity:.4f}% (best {1e3 * BEST:.2f} ms)")
    for label, players, board in (
        ("exact 3-way pre-flop", ["AsKs", "QdQc", "7h6h"], ""),
        ("exact range vs range, flop", ["QQ+, AKs", "TT+, AQs+"], "Qh7h2c"),
        ("exact AhKh vs QQ+, flop (README)", ["AhKh", "QQ+"], "Qh7h2c"),
    ):
        t, r = median_time(lambda: calculate_equity(players, board=board, exact=True), 15)
        row("pokerkit_core", label, f"{1e3 * t:.3f} ms",
            f"{100 * r.players[0].equity:.4f}% (best {1e3 * BEST:.3f} ms)")
    t, r = median_time(lambda: calculate_equity(["AhKh", "random"], trials=n, seed=1), 3)
    row("pokerkit_core", "heads-up vs random hand, sampled", f"{n / t / 1e6:.1f} M boards/s")
    opponents = Range.parse("22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+:0.5")
    calls = 200

    def ai_calls() -> None:
        for seed in range(calls):
            calculate_equity(["AhKd", opponents], board="Qs7h2c", trials=5_000, seed=seed)

    t, _ = median_time(ai_calls, 3)
    row("pokerkit_core", "hand vs weighted range, flop, 5k", f"{1e3 * t / calls:.3f} ms/call")

    def ai_exact() -> None:
        for _ in range(calls):
            calculate_equity(["AhKd", opponents], board="Qs7h2c")

    t, _ = median_time(ai_exact, 3)
    row("pokerkit_core", "hand vs weighted range, flop, exact", f"{1e3 * t / calls:.3f} ms/call")

    def ai_calls_3way() -> None:
        for seed in range(calls):
            calculate_equity(["AhKd", opponents, opponents], board="Qs7h2c", trials=10_000, seed=seed)

    t, _ = median_time(ai_calls_3way, 3)
    row("pokerkit_core", "hand vs 2 ranges, flop, 10k", f"{1e3 * t / calls:.3f} ms/call")


def bench_eval7(quick: bool) -> None:
    try:
        import eval7  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        row("eval7", "(not installed)", "-")
        return
    hero = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    n = 1_000_000 if quick else 5_000_000
    t, eq = median_time(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], n), 3)
    row("eval7", "heads-up pre-flop sampled", f"{n / t / 1e6:.1f} M boards/s",
        f"AhKh {100 * eq:.2f}%; ours / eval7 {OURS_HU * t / n:.1f}x")
    # eval7.py_hand_vs_range_exact only scores complete boards (it returns 0.0
    # pre-flop and on the flop), so it has no exact pre-flop figure
    row("eval7", "exact heads-up pre-flop", "-", "(complete boards only)")
    row("eval7", "3-way", "-", "(heads-up only)")


def bench_pokerkit(quick: bool) -> None:
    try:
        import pokerkit as pk  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        row("PokerKit", "(not installed)", "-")
        return
    n = 5_000 if quick else 20_000

    def run(ranges: tuple[str, ...]) -> Any:
        return pk.calculate_equities(
            tuple(pk.parse_range(r) for r in ranges), (), 2, 5, pk.Deck.STANDARD,
            (pk.StandardHighHand,), sample_count=n,
        )

    t, eq = median_time(lambda: run(("AhKh", "QsQd")), 1)
    row("PokerKit", "heads-up pre-flop sampled", f"{n / t / 1e3:.1f} k boards/s",
        f"AhKh {100 * eq[0]:.2f}%; ours / PokerKit {OURS_HU * t / n:,.0f}x")
    t, eq = median_time(lambda: run(("AhKh", "QsQd", "7c6c")), 1)
    row("PokerKit", "3-way pre-flop sampled", f"{n / t / 1e3:.1f} k boards/s",
        f"AhKh {100 * eq[0]:.2f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    print(f"{'library':<14} {'what':<38} {'speed / time':>16}  result")
    bench_ours(args.quick)
    bench_eval7(args.quick)
    bench_pokerkit(args.quick)


if __name__ == "__main__":
    main()
