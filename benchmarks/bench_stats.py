"""Time of ``pokerkit-core stats`` on a 10,000-hand match log.

Plays a match (``--policies``, default ``random call``: quick to play, every
street reached often) with ``pokerkit-core match --log`` to a PHHS file, then
times, best of ``--repeat`` runs (``time.perf_counter``):

* ``stats``: the whole command, ``pokerkit-core stats LOG --json`` (reading,
  counting, printing);
* ``read``: reading the hands only (:func:`pokerkit_core.analysis.stats.read_hands`);
* ``count``: :func:`pokerkit_core.analysis.stats.player_stats` on hands already read;
* ``pokerkit read``: PokerKit's own PHH reader on the same file
  (``HandHistory.load_all``), when PokerKit is installed: the peer.

Target: ``stats`` under 5 s for 10,000 hands.  Wall and CPU (process) time
are both printed: on a shared, loaded machine the CPU time is the figure
that says what the code costs.

Run: ``python benchmarks/bench_stats.py [--hands N] [--policies A B] [--repeat R]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import tempfile
import time
from pathlib import Path
from typing import Callable

from pokerkit_core.cli import main as cli
from pokerkit_core.analysis.stats import player_stats, read_hands

TARGET_SECONDS = 5.0


def best(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """Shortest wall time and shortest CPU time of ``repeat`` runs of ``run``, seconds."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), min(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--policies", nargs=2, default=["random", "call"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "match.phhs"
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["match", *args.policies, "--hands", str(args.hands), "--seed", "1", "--log", str(log)])
        size_mb = log.stat().st_size / 1e6
        print(f"match log: {args.hands} hands ({' vs '.join(args.policies)}), {size_mb:.1f} MB")

        def command() -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                cli(["stats", str(log), "--json"])

        hands = list(read_hands(log))
        rows: list[tuple[str, tuple[float, float]]] = [
            ("stats", best(args.repeat, command)),
            ("read", best(args.repeat, lambda: list(read_hands(log)))),
            ("count", best(args.repeat, lambda: player_stats(hands))),
        ]
        try:
            from pokerkit import HandHistory as PokerKitHistory
        except ImportError:
            print("pokerkit not installed: no peer row")
        else:

            def peer() -> None:
                with open(log, "rb") as fp:
                    list(PokerKitHistory.load_all(fp))

            rows.append(("pokerkit read", best(args.repeat, peer)))
    read_cpu = dict(rows)["read"][1]
    print(f"{'step':<14} {'wall s':>7} {'CPU s':>7} {'hands/s':>9} {'CPU vs read':>12}")
    for name, (wall, cpu) in rows:
        print(f"{name:<14} {wall:7.2f} {cpu:7.2f} {args.hands / wall:9.0f} {cpu / read_cpu:12.2f}")
    wall, cpu = dict(rows)["stats"]
    limit = TARGET_SECONDS * args.hands / 10_000
    verdict = "met" if wall < limit else ("met in CPU time (machine loaded)" if cpu < limit else "NOT met")
    print(f"target: stats under {TARGET_SECONDS:g} s per 10,000 hands: {verdict} "
          f"(wall {wall:.2f} s, CPU {cpu:.2f} s)")


if __name__ == "__main__":
    main()
