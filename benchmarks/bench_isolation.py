"""Hands per second of an isolated match against the same match in-process.

Plays the same ACPC heads-up match (blinds 50/100, 20,000 chips, seed 1)
in one run: with both policies in this process, then with ``isolate=True``
(each policy in its own process) once per ``chunks_at_once`` setting (1: the
chunks one after the other; the default,
:data:`~pokerkit_core.match.runner.ISOLATED_CHUNKS_AT_ONCE`: that many chunks at once,
their questions to each policy process sent together,
:mod:`pokerkit_core.match.lanes`), and prints hands/s of each (wall; also the
CPU time of this process per hand), the ratio of the best isolated figure to
the in-process one, whether all the results agree (they must, for these
seeded baseline bots), and the target: >= 2,000 isolated hands/s.

It also prints what starting a pair of policy processes costs, and the time
of one decision's round trip asked alone (an
:class:`~pokerkit_core.players.isolation.IsolatedPolicy` answering the same
observation) against the floor of the machine: a bare pipe echo between two
processes, measured in the same run.

Run: ``python benchmarks/bench_isolation.py [--hands N] [--duplicate]
[--pairs call:raise random:call] [--at-once 1 16]``.  Figures depend on the
machine and its load: a busy machine slows the isolated match far more than
the in-process one (each batch of questions wakes another process).
"""

from __future__ import annotations

import argparse
import os
import time

from pokerkit_core.match.runner import (
    DEFAULT_CHUNK_DEALS,
    ISOLATED_CHUNKS_AT_ONCE,
    MatchResult,
    run_match,
)

TARGET_HANDS_PER_SECOND = 2000
"""Issue 11's target for an isolated match between two baseline bots."""


def timed(
    pair: list[str], hands: int, duplicate: bool, isolate: bool, at_once: int | None = None
) -> tuple[float, float, MatchResult]:
    """Seconds (wall, and CPU of this process) and result of one match."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run_match(
        pair, hands=hands, seed=1, duplicate=duplicate, isolate=isolate,
        chunks_at_once=at_once if isolate else None,
    )
    return time.perf_counter() - start, time.process_time() - cpu, result


def _same(a: MatchResult, b: MatchResult) -> bool:
    return [(p.chips, p.errors) for p in a.players] == [(p.chips, p.errors) for p in b.players]


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
    from pokerkit_core.players.isolation import IsolatedPolicy

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


def start_pair(count: int = 5) -> float:
    """Wall milliseconds to start a pair of ``call`` policy processes (until
    both are ready), as a match starts one per pass."""
    from pokerkit_core.players.isolation import IsolatedPolicy, close_all
    from pokerkit_core.engine.policy import available_policies

    entry = available_policies()["call"]  # as a match passes it: no entry-point lookup
    start = time.perf_counter()
    for _ in range(count):
        pair = [IsolatedPolicy("call", seed=n, entry=entry) for n in (1, 2)]
        for policy in pair:
            policy.wait_ready()
        close_all(pair)
    return (time.perf_counter() - start) / count * 1e3


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
    parser.add_argument("--hands", type=int, default=8000)
    parser.add_argument("--duplicate", action="store_true")
    parser.add_argument("--pairs", nargs="+", default=["call:raise", "random:call"])
    parser.add_argument(
        "--at-once", nargs="+", type=int, default=sorted({1, ISOLATED_CHUNKS_AT_ONCE}),
        help="chunks_at_once settings of the isolated match",
    )
    args = parser.parse_args()
    chunks = -(-args.hands // ((2 if args.duplicate else 1) * DEFAULT_CHUNK_DEALS))
    print(
        f"{args.hands} hands per match ({chunks} chunks), duplicate={args.duplicate}, "
        f"load {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores"
    )
    isolated_heads = "".join(f"{f'isolated x{n}':>14}{'(CPU/hand)':>12}" for n in args.at_once)
    print(f"{'match':<12} {'in-process':>10} {'(CPU)':>8}{isolated_heads} {'ratio':>6}  same result")
    best: dict[str, float] = {}
    for text in args.pairs:
        pair = text.split(":")
        local_s, local_cpu, local = timed(pair, args.hands, args.duplicate, False)
        rates, cpus, same = [], [], True
        for at_once in args.at_once:
            isolated_s, isolated_cpu, isolated = timed(pair, args.hands, args.duplicate, True, at_once)
            rates.append(args.hands / isolated_s)
            cpus.append(isolated_cpu / args.hands * 1e6)
            same = same and _same(local, isolated)
        best[text] = max(rates)
        cells = "".join(f"{rate:>10.0f} h/s{cpu:>9.0f} us" for rate, cpu in zip(rates, cpus))
        print(
            f"{text:<12} {args.hands / local_s:>6.0f} h/s {args.hands / local_cpu:>8.0f}{cells} "
            f"{best[text] / (args.hands / local_s):>6.2f}  {same}"
        )
    decide_us, parent_us, pipe_us, child_us = round_trips()
    child = "?" if child_us is None else f"{child_us:.0f}"
    print(
        f"one decision's round trip {decide_us:.0f} us wall (CPU: {parent_us:.0f} us here, "
        f"{child} us in the policy's process); bare pipe echo {pipe_us:.0f} us"
    )
    new_ms = start_pair()
    print(
        f"a pair of policy processes starts in {new_ms:.1f} ms (a match starts one pair "
        "per pass; each chunk restarts its instances in them)"
    )
    reached = ", ".join(
        f"{text} {rate:,.0f} ({'met' if rate >= TARGET_HANDS_PER_SECOND else 'not met'})"
        for text, rate in best.items()
    )
    print(f"target: >= {TARGET_HANDS_PER_SECOND:,} isolated hands/s; best here: {reached}")


if __name__ == "__main__":
    main()
