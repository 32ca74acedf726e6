"""Hands per second of an isolated match against the same match in-process.

Plays the same ACPC heads-up match (blinds 50/100, 20,000 chips, seed 1)
twice in one run: with both policies in this process, then with
``isolate=True`` (each policy in its own process, one pipe round trip per
decision), and prints hands/s of each, their ratio, and whether the results
agree (they must, for these seeded baseline bots).  Target: >= 2,000
isolated hands/s.

It also prints the time of one decision's round trip (an
:class:`~pokerkit_core.isolation.IsolatedPolicy` answering the same
observation) against the floor of the machine: a bare pipe echo between two
processes, measured in the same run.

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


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``; else None)."""
    try:
        with open(f"/proc/{pid}/stat") as fp:
            fields = fp.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def round_trips(count: int = 3000) -> tuple[float, float, float, float | None]:
    """Per round trip of one isolated decision, as the hand driver asks it
    (``decide_state``): wall microseconds, CPU microseconds of this process
    and of the policy's process; and the wall microseconds of a bare pipe
    echo.  The CPU figures hardly depend on the machine's load; the wall
    figures do (each request wakes another process)."""
    from pokerkit_core import GameConfig, deal
    from pokerkit_core.isolation import IsolatedPolicy

    state = deal(GameConfig.acpc_heads_up(), seed=1)
    seat = state.to_act or 0
    with IsolatedPolicy("call") as policy:
        for _ in range(100):
            policy.decide_state(state, seat, 1)
        pid = policy.pid or 0
        child_before = _cpu_seconds(pid)
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(count):
            policy.decide_state(state, seat, 1)
        decide_us = (time.perf_counter() - start) / count * 1e6
        parent_us = (time.process_time() - cpu) / count * 1e6
        child_after = _cpu_seconds(pid)
    child_us = (
        None
        if child_before is None or child_after is None
        else (child_after - child_before) / count * 1e6
    )
    return decide_us, parent_us, _pipe_echo(count), child_us


def _pipe_echo(count: int) -> float:
    """Microseconds per round trip of 200 bytes through two pipes to a forked
    echo process and 8 bytes back (POSIX)."""
    from_parent, to_child = os.pipe()
    from_child, to_parent = os.pipe()
    pid = os.fork()
    if pid == 0:  # the echo: only its own ends open, so that it sees end-of-file
        try:
            os.close(to_child)
            os.close(from_child)
            while data := os.read(from_parent, 512):
                os.write(to_parent, data[:8])
        finally:
            os._exit(0)
    os.close(from_parent)
    os.close(to_parent)
    start = time.perf_counter()
    for _ in range(count):
        os.write(to_child, b"x" * 200)
        os.read(from_child, 512)
    seconds = time.perf_counter() - start
    os.close(to_child)
    os.close(from_child)
    os.waitpid(pid, 0)
    return seconds / count * 1e6


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
    decide_us, parent_us, pipe_us, child_us = round_trips()
    child = "?" if child_us is None else f"{child_us:.0f}"
    print(
        f"one decision's round trip {decide_us:.0f} us wall (CPU: {parent_us:.0f} us here, "
        f"{child} us in the policy's process); bare pipe echo {pipe_us:.0f} us"
    )
    print("target: >= 2,000 isolated hands/s")


if __name__ == "__main__":
    main()
