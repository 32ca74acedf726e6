"""Decision time of each registered policy.

Each policy plays ``--hands`` ACPC heads-up hands (blinds 50/100, 20,000 chips)
against ``normal``, its seat alternating, and every call of its ``decide`` is
timed (``time.perf_counter``; the observation is built before the clock
starts).  Prints the median, 90th percentile and mean decision time per
policy, and the number of decisions.  Target: ``hard`` median <= 20 ms.

Run: ``python benchmarks/bench_policies.py [--hands N] [--policies hard normal ...]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from pokerkit_core.match import play_hand
from pokerkit_core.policy import Policy, available_policies, load_policy
from pokerkit_core.rules import GameConfig


class Timed:
    """Wraps a policy and records the duration of each decision (seconds)."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def decide(self, observation: Any) -> Any:
        start = time.perf_counter()
        action = self.inner.decide(observation)
        self.times.append(time.perf_counter() - start)
        return action

    def hand_started(self, observation: Any) -> None:
        hook = getattr(self.inner, "hand_started", None)
        if hook is not None:
            hook(observation)

    def hand_ended(self, observation: Any, results: Any) -> None:
        hook = getattr(self.inner, "hand_ended", None)
        if hook is not None:
            hook(observation, results)


def bench(name: str, hands: int, seed: int) -> list[float]:
    """Decision times (seconds) of ``name`` over ``hands`` hands against normal."""
    timed = Timed(load_policy(name, seed=seed))
    opponent = load_policy("normal", seed=seed + 1)
    for hand in range(hands):
        seats = (timed, opponent) if hand % 2 == 0 else (opponent, timed)
        play_hand(GameConfig.acpc_heads_up(button=(hand // 2) % 2), seats, seed=seed + hand)
    return timed.times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policies", nargs="*", default=None)
    args = parser.parse_args()
    names = args.policies or list(available_policies())
    print(f"{'policy':<10} {'decisions':>9} {'median ms':>10} {'p90 ms':>8} {'mean ms':>8}")
    for name in names:
        times = sorted(bench(name, args.hands, args.seed))
        if not times:
            print(f"{name:<10} {0:>9}")
            continue
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"{name:<10} {len(times):>9} {statistics.median(times) * 1e3:>10.3f} "
            f"{p90 * 1e3:>8.3f} {statistics.fmean(times) * 1e3:>8.3f}"
        )


if __name__ == "__main__":
    main()
