"""Hands per second of an isolated match against the same match in-process.

Plays the same ACPC heads-up match (blinds 50/100, 20,000 chips, seed 1)
twice in one run: with both policies in this process, then with
``isolate=True`` (each policy in its own process, one pipe round trip per
decision), and prints hands/s of each, their ratio, and whether the results
agree (they must, for these seeded baseline bots).  Target: >= 2,000
isolated hands/s.

Run: ``python benchmarks/bench_isolation.py [--hands N] [--duplicate]
[--pairs call:raise random:call]``.  Figures depend on the machine and its
load (each decision wakes another process: a busy machine slows the isolated
match far more than the in-process one).
"""

from __future__ import annotations

import argparse
import os
import time

from pokerkit_core.match import MatchResult, run_match


def timed(pair: list[str], hands: int, duplicate: bool, isolate: bool) -> tuple[float, MatchResult]:
    """Seconds (wall) and result of one match."""
    start = time.perf_counter()
    result = run_match(pair, hands=hands, seed=1, duplicate=duplicate, isolate=isolate)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--duplicate", action="store_true")
    parser.add_argument("--pairs", nargs="+", default=["call:raise", "random:call"])
    args = parser.parse_args()
    print(f"{args.hands} hands per match, duplicate={args.duplicate}, load {os.getloadavg()[0]:.1f}")
    print(f"{'match':<14} {'in-process':>12} {'isolated':>12} {'ratio':>7}  same result")
    for text in args.pairs:
        pair = text.split(":")
        local_s, local = timed(pair, args.hands, args.duplicate, False)
        isolated_s, isolated = timed(pair, args.hands, args.duplicate, True)
        same = [(p.chips, p.errors) for p in local.players] == [
            (p.chips, p.errors) for p in isolated.players
        ]
        print(
            f"{text:<14} {args.hands / local_s:>8.0f} h/s {args.hands / isolated_s:>8.0f} h/s "
            f"{local_s / isolated_s:>7.2f}  {same}"
        )
    print("target: >= 2,000 isolated hands/s")


if __name__ == "__main__":
    main()
