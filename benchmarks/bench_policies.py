"""Decision time of each registered policy.

Each policy plays ``--hands`` ACPC heads-up hands (blinds 50/100, 20,000 chips)
against ``normal``, its seat alternating, and every call of its ``decide`` is
timed (``time.process_time``: CPU time of this process, so other load on the machine counts little; the observation is built before the clock
starts).  Prints per policy the number of decisions, the median, 90th and
99th percentile and mean decision time, and the hands per second of the
whole match against ``normal`` (engine and both players, one process, one
core).  Targets (issue 16): ``hard`` median <= 1 ms and >= 500 hands/s
against ``normal``; ``normal`` against itself is the peer measured in the
same run.

Run: ``python benchmarks/bench_policies.py [--hands N] [--policies hard normal ...]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from pokerkit_core.match.runner import play_hand
from pokerkit_core.engine.policy import Policy, available_policies, load_policy
from pokerkit_core.engine.rules import GameConfig


class Timed:
    """Wraps a policy and records the duration of each decision (seconds)."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def decide(self, observation: Any) -> Any:
        start = time.process_time()
        action = self.inner.decide(observation)
        self.times.append(time.process_time() - start)
        return action

    def hand_started(self, observation: Any) -> None:
        hook = getattr(self.inner, "hand_started", None)
        if hook is not None:
            hook(observation)

    def hand_ended(self, observation: Any, results: Any) -> None:
        hook = getattr(self.inner, "hand_ended", None)
        if hook is not None:
            hook(observation, results)


def bench(name: str, hands: int, seed: int) -> tuple[list[float], float]:
    """Decision times (seconds) of ``name`` over ``hands`` hands against
    normal, and the hands played per CPU second (timing included)."""
    timed = Timed(load_policy(name, seed=seed))
    opponent = load_policy("normal", seed=seed + 1)
    start = time.process_time()
    for hand in range(hands):
        seats = (timed, opponent) if hand % 2 == 0 else (opponent, timed)
        play_hand(GameConfig.acpc_heads_up(button=(hand // 2) % 2), seats, seed=seed + hand)
    return timed.times, hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policies", nargs="*", default=None)
    args = parser.parse_args()
    names = args.policies or list(available_policies())
    print(
        f"{'policy':<10} {'decisions':>9} {'median ms':>10} {'p90 ms':>8} {'p99 ms':>8} "
        f"{'mean ms':>8} {'hands/s':>8}"
    )
    for name in names:
        raw, rate = bench(name, args.hands, args.seed)
        times = sorted(raw)
        if not times:
            print(f"{name:<10} {0:>9}")
            continue
        p90 = times[int(0.9 * (len(times) - 1))]
        p99 = times[int(0.99 * (len(times) - 1))]
        print(
            f"{name:<10} {len(times):>9} {statistics.median(times) * 1e3:>10.3f} "
            f"{p90 * 1e3:>8.3f} {p99 * 1e3:>8.3f} {statistics.fmean(times) * 1e3:>8.3f} "
            f"{rate:>8.0f}"
        )


if __name__ == "__main__":
    main()
