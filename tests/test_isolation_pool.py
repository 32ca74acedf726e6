"""Policy processes kept from chunk to chunk of an isolated match
(:mod:`pokerkit_core.isolation_pool`): each chunk still gets fresh instances
with its own seed, the passes of a duplicate match never share a process, and
a dead or stuck child is replaced."""

from __future__ import annotations

from typing import Any

from bots import SeedCounter
from cheaters import Dier, GlobalMirrorMemory, Sleeper

from pokerkit_core.actions import Raise
from pokerkit_core.isolation import IsolatedPolicy, close_all
from pokerkit_core.isolation_pool import ProcessPool, restart
from pokerkit_core.match import MatchResult, run_match
from pokerkit_core.rules import GameConfig
from pokerkit_core.state import deal

STATE = deal(GameConfig.acpc_heads_up(), seed=1)
SEAT = STATE.to_act or 0


def _answers(pair: Any) -> list[Any]:
    return [policy.decide_state(STATE, SEAT) for policy in pair]


def _numbers(result: MatchResult) -> list[tuple[int, int]]:
    return [(p.chips, p.errors) for p in result.players]


def test_kept_pair_restarts_as_fresh_instances_and_stays_in_its_pass() -> None:
    pool = ProcessPool([SeedCounter, SeedCounter], ["a", "b"], [None, None], None)
    taken: list[Any] = []
    try:
        first = pool.take(0, (1000, 2000))
        assert _answers(first) == [Raise(1001), Raise(2001)]
        assert _answers(first) == [Raise(1002), Raise(2002)]  # the same instances
        pids = [p.pid for p in first]
        pool.give_back(0, first)
        taken.append(pool.take(1, (1000, 2000)))  # the other pass: never these processes
        assert not {p.pid for p in taken[0]} & set(pids)
        again = pool.take(0, (5000, 6000))
        assert [p.pid for p in again] == pids
        assert _answers(again) == [Raise(5001), Raise(6001)]  # fresh, with the new seeds
        again[0]._stop("stopped by the test")
        pool.give_back(0, again)  # a dead child: the pair is closed, not kept
        assert not any(p.is_alive for p in again)
        taken.append(pool.take(0, (7, 8)))
        assert not {p.pid for p in taken[1]} & set(pids)
        assert _answers(taken[1]) == [Raise(8), Raise(9)]
    finally:
        close_all(p for pair in taken for p in pair)
        pool.close()


def test_restart_of_a_policy_object_gives_a_fresh_copy() -> None:
    with IsolatedPolicy(SeedCounter(seed=7)) as policy:
        assert [policy.decide_state(STATE, SEAT) for _ in range(2)] == [Raise(8), Raise(9)]
        restart(policy, 123)  # an object ignores the seed, as at the start
        assert policy.decide_state(STATE, SEAT) == Raise(8)


def test_multi_chunk_isolated_match_gives_the_in_process_result() -> None:
    kwargs: dict[str, Any] = dict(hands=60, seed=4, chunk_deals=10, duplicate=True)
    local = run_match(["random", "call"], **kwargs)
    for at_once in (1, 3):
        isolated = run_match(["random", "call"], isolate=True, chunks_at_once=at_once, **kwargs)
        assert _numbers(isolated) == _numbers(local)


def test_each_chunk_gets_a_fresh_instance_after_a_time_out_or_a_death() -> None:
    # Sleeper oversleeps (1.5 s) its 2nd decision of each instance: once per
    # chunk; its late answer comes within the next limit, so it is kept.
    slow = run_match(
        [Sleeper, "call"], hands=6, seed=1, chunk_deals=2, isolate=True, decision_timeout=1.0,
        chunks_at_once=1,
    )
    assert [f.hand for f in slow.errors] == [0, 2, 4]
    assert all("did not answer within 1 s" in f.message for f in slow.errors)
    # Dier's process exits at its 2nd decision: each chunk starts a new one.
    dead = run_match([Dier, "call"], hands=6, seed=1, chunk_deals=2, isolate=True)
    assert len(dead.errors) == 3 and all("exit code 3" in f.message for f in dead.errors)


def test_kept_processes_do_not_carry_memory_across_the_passes() -> None:
    kwargs: dict[str, Any] = dict(hands=400, seed=9, duplicate=True, chunk_deals=50)
    for at_once in (1, 4):
        result = run_match([GlobalMirrorMemory, "call"], isolate=True, chunks_at_once=at_once, **kwargs)
        assert result.players[0].chips == 0
