"""Hands per second importing the shared PokerStars files, against PokerKit.

Reads every file under ``../shared/site-histories/PokerStars`` once (the text,
decoded), then times, best of ``--repeat`` runs (``time.perf_counter`` and
CPU time):

* ``pokerkit_core``: :func:`pokerkit_core.formats.sites.read_text` and
  :func:`~pokerkit_core.formats.sites.check` on every hand: parse, build the
  hand history, replay it on the engine and compare pots, rake and stacks
  with the summary;
* ``pokerkit_core parse only``: the reading alone;
* ``pokerkit``: PokerKit's ``HandHistory.from_pokerstars`` on the same texts,
  each hand then played through (iterating its states), when PokerKit is
  installed (``pip install pokerkit``): the peer, in the same run.

Hands/s counts the hands each one imports (ours: replayed equal to the
summary; PokerKit: parsed and played through without an error; its warnings
and printed tracebacks are silenced).  Target: ``pokerkit_core`` at least 10x
PokerKit's hands/s.

Run: ``python benchmarks/bench_import.py [--repeat R] [--folder DIR]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import time
import warnings
from pathlib import Path
from typing import Callable

from pokerkit_core.formats.sites import check, decode, iter_files, read_text
from pokerkit_core.formats.sites.check import HandOutcome

FOLDER = Path(__file__).resolve().parents[2] / "shared" / "site-histories" / "PokerStars"


def best(repeat: int, run: Callable[[], int]) -> tuple[float, float, int]:
    """Shortest wall and CPU time of ``repeat`` runs, seconds, and the count ``run`` returned."""
    wall, cpu, count = [], [], 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        count = run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), min(cpu), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--folder", type=Path, default=FOLDER)
    args = parser.parse_args()
    texts = [(str(path), decode(path.read_bytes())) for path in iter_files([args.folder])]
    texts = [(path, text) for path, text in texts if "PokerStars" in text[:200]]
    print(f"{len(texts)} PokerStars files under {args.folder}")

    def ours() -> int:
        count = 0
        for path, text in texts:
            for item in read_text(text, path):
                outcome = item if isinstance(item, HandOutcome) else check(item)
                count += outcome.status == "equal"
        return count

    def ours_parse() -> int:
        return sum(1 for path, text in texts for _ in read_text(text, path))

    rows = [("pokerkit_core (parse, replay, check)", best(args.repeat, ours)),
            ("pokerkit_core parse only", best(args.repeat, ours_parse))]
    try:
        from pokerkit import HandHistory  # type: ignore[import-not-found]
    except ImportError:
        HandHistory = None
    if HandHistory is not None:

        def theirs() -> int:
            count = 0
            with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
                warnings.simplefilter("ignore")  # PokerKit warns (and prints a traceback) per bad hand
                for _, text in texts:
                    hands = HandHistory.from_pokerstars(text)
                    while True:
                        try:
                            hand = next(hands)
                        except StopIteration:
                            break
                        except Exception:  # noqa: BLE001 - PokerKit stops reading the file
                            break
                        try:
                            for _ in hand:  # every state of the hand, played through
                                pass
                        except Exception:  # noqa: BLE001 - a hand PokerKit cannot replay counts none
                            continue
                        count += 1
            return count

        rows.append(("pokerkit from_pokerstars (+ replay)", best(args.repeat, theirs)))
    for name, (wall, cpu, count) in rows:
        print(f"{name:38s} {count:5d} hands  {wall * 1e3:8.1f} ms wall  {cpu * 1e3:8.1f} ms CPU  "
              f"{count / cpu if cpu else float('inf'):9.0f} hands/s (CPU)")
    if HandHistory is not None:
        ours_rate = rows[0][1][2] / rows[0][1][1]
        theirs_rate = rows[-1][1][2] / rows[-1][1][1] if rows[-1][1][2] else 0.0
        if theirs_rate:
            print(f"speed-up: {ours_rate / theirs_rate:.1f}x (hands/s, CPU; hands each imports)")


if __name__ == "__main__":
    main()
