"""Isolated chunks played at once through shared policy processes
(:mod:`pokerkit_core.match.lanes`): each chunk still gets fresh instances with
its own seeds and plays its hands in order, the passes of a duplicate match
never share a process, and time-outs and deaths are handled per lane."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from bots import Remembering
from cheaters import Dier, GlobalMirrorMemory, Hanger, Hooked, PipeCloser, Sleeper
from procs_bots import running as _running

from pokerkit_core.errors import InvalidConfigError, PolicyDied, PolicyError
from pokerkit_core.players.isolation import IsolatedPolicy
from pokerkit_core.match.runner import MatchResult, run_match
from pokerkit_core.match.lanes import MAX_CHUNKS_AT_ONCE
from pokerkit_core.engine.observation import observe
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import act, deal


def _numbers(result: MatchResult) -> list[tuple[int, int]]:
    return [(p.chips, p.errors) for p in result.players]


def _actions(result: MatchResult) -> list[tuple[Any, ...]]:
    return [tuple(state.history) for state in result.hand_states]


@pytest.mark.parametrize("duplicate", [False, True])
def test_a_stateful_bot_plays_the_same_hands_as_in_process(duplicate: bool) -> None:
    kwargs: dict[str, Any] = dict(
        hands=120, seed=5, chunk_deals=7, duplicate=duplicate, keep_hands=True
    )
    local = run_match([Remembering, "random"], **kwargs)
    assert len({a for hand in _actions(local) for a in hand}) > 5  # it plays varied actions
    # (workers=2: each worker process plays every other chunk through lanes of its own)
    for at_once, workers in ((1, 1), (3, 1), (MAX_CHUNKS_AT_ONCE, 1), (3, 2)):
        isolated = run_match([Remembering, "random"], isolate=True, chunks_at_once=at_once,
                             workers=workers, **kwargs)
        assert _actions(isolated) == _actions(local)
        assert _numbers(isolated) == _numbers(local)
        assert isolated.seats == local.seats


def test_hooks_and_their_faults_are_those_of_the_in_process_match() -> None:
    kwargs: dict[str, Any] = dict(hands=40, seed=2, chunk_deals=5, duplicate=True)
    local = run_match([Hooked, "call"], **kwargs)
    isolated = run_match([Hooked, "call"], isolate=True, chunks_at_once=4, **kwargs)
    assert [(f.hand, f.kind, f.player) for f in isolated.errors] == [
        (f.hand, f.kind, f.player) for f in local.errors
    ]
    assert len(local.errors) == 8  # the 3rd hand_ended of each chunk's instance
    assert _numbers(isolated) == _numbers(local)


@pytest.mark.parametrize("at_once", [1, 3])
def test_a_slow_decision_is_timed_out_in_its_own_lane(at_once: int) -> None:
    # Sleeper oversleeps (1.5 s) its 2nd decision of each instance: once per
    # chunk; its late answer comes within the next limit, so it is kept.
    slow = run_match(
        [Sleeper, "call"], hands=6, seed=1, chunk_deals=2, isolate=True, decision_timeout=1.0,
        chunks_at_once=at_once,
    )
    assert [f.hand for f in slow.errors] == [0, 2, 4]
    assert all("did not answer within 1 s" in f.message for f in slow.errors)
    assert slow.players[0].chips + slow.players[1].chips == 0


@pytest.mark.parametrize("at_once", [1, 3])
def test_a_dead_process_is_reported_once_per_chunk(at_once: int) -> None:
    # Dier's process exits at its 2nd decision; with 3 chunks at once one
    # process holds all three instances.
    dead = run_match([Dier, "call"], hands=6, seed=1, chunk_deals=2, isolate=True,
                     chunks_at_once=at_once)
    assert len(dead.errors) == 3 and all("exit code 3" in f.message for f in dead.errors)
    assert sorted({f.hand // 2 for f in dead.errors}) == [0, 1, 2]  # one per chunk


def test_a_process_that_closes_its_pipe_and_lives_on_is_killed_after_a_second() -> None:
    """A process whose pipe closes is awaited through its sentinel (for its
    exit code), not in a blocking join: one that lives on is killed after
    CLOSED_GRACE_SECONDS, each lane it held is told once, and the match
    (with the other pass's processes) plays on to the end."""
    from pokerkit_core.match.lanes import CLOSED_GRACE_SECONDS

    closed = run_match([PipeCloser, "call"], hands=8, seed=1, chunk_deals=2, isolate=True,
                       chunks_at_once=4, duplicate=True)
    assert closed.hands == 8 and closed.deals == 4 and CLOSED_GRACE_SECONDS == 1.0
    messages = [f.message for f in closed.errors]
    # one process per pass held both chunks' lanes: each lane is told once
    assert len(messages) == 4 and all("closed its pipe and did not end within 1 s" in m for m in messages)
    assert sum(p.chips for p in closed.players) == 0


def test_a_hung_process_is_killed_and_the_match_finishes() -> None:
    hung = run_match([Hanger, "call"], hands=8, seed=1, chunk_deals=2, isolate=True,
                     decision_timeout=0.3, chunks_at_once=4)
    assert hung.hands == 8
    kinds = [f.message for f in hung.errors]
    assert sum("did not answer within 0.3 s" in m and "after" not in m for m in kinds) == 1
    # the kill is reported to every lane of the process once (the hung one too:
    # its next question finds it dead), then the default action plays
    assert sum("after a time-out" in m for m in kinds) == 4
    assert sorted(f.hand for f in hung.errors if "after" in f.message) == [0, 2, 4, 6]


def test_a_death_in_a_workers_lanes_is_reported_once_per_chunk() -> None:
    # 6 chunks over 2 workers, each playing its 3 at once in one process per player
    dead = run_match([Dier, "call"], hands=12, seed=1, chunk_deals=2, isolate=True,
                     chunks_at_once=3, workers=2)
    assert dead.hands == 12
    assert sorted(f.hand // 2 for f in dead.errors) == [0, 1, 2, 3, 4, 5]
    assert all("exit code 3" in f.message for f in dead.errors)


def test_a_policy_that_cannot_be_built_fails_a_match_with_workers() -> None:
    from cheaters import BadFactory

    with pytest.raises(PolicyError, match="cannot build"):
        run_match([BadFactory, "call"], hands=8, chunk_deals=1, isolate=True, chunks_at_once=2,
                  workers=2)


def test_later_chunks_get_a_new_process_after_a_death() -> None:
    dead = run_match([Dier, "call"], hands=12, seed=1, chunk_deals=2, isolate=True,
                     chunks_at_once=2)
    # 6 chunks, 2 at a time: every chunk's instance dies once, in 3 processes
    assert len(dead.errors) == 6


def test_the_processes_do_not_carry_memory_across_the_passes() -> None:
    kwargs: dict[str, Any] = dict(hands=400, seed=9, duplicate=True, chunk_deals=50)
    for at_once in (1, 4):
        result = run_match([GlobalMirrorMemory, "call"], isolate=True, chunks_at_once=at_once, **kwargs)
        assert result.players[0].chips == 0


def test_chunks_at_once_is_checked() -> None:
    with pytest.raises(InvalidConfigError, match="chunks_at_once"):
        run_match(["call", "call"], hands=2, isolate=True, chunks_at_once=MAX_CHUNKS_AT_ONCE + 1)


def test_a_policy_that_cannot_be_built_fails_the_match() -> None:
    from cheaters import BadFactory

    with pytest.raises(PolicyError, match="cannot build"):
        run_match([BadFactory, "call"], hands=4, chunk_deals=1, isolate=True, chunks_at_once=2)


def test_a_pipe_closer_is_awaited_while_the_other_process_plays_on() -> None:
    # PipeCloser closes its pipe and lingers: this side awaits its end (its
    # sentinel) without blocking, while Steady's answers (10 ms each) come in;
    # they are on time, and the closed process's lanes are told of its death
    # once each.  (An answer that came in while this side was busy: below.)
    from cheaters import PipeCloser, Steady

    result = run_match([PipeCloser, Steady], hands=40, seed=1, chunk_deals=2, isolate=True,
                       decision_timeout=0.5, chunks_at_once=8)
    assert result.players[0].errors == 20  # each chunk's instance, once
    assert result.players[1].errors == 0


def test_a_policy_that_cannot_be_built_leaves_no_process_behind() -> None:
    # the four processes of a duplicate match start together; the first fails
    import multiprocessing

    from cheaters import BadFactory

    from pokerkit_core.players.isolation import PROCESS_NAME

    with pytest.raises(PolicyError, match="cannot build") as caught:
        run_match([BadFactory, "call"], hands=8, chunk_deals=2, duplicate=True, isolate=True,
                  chunks_at_once=2)
    assert caught.value.__traceback__ is not None  # (the frames are still held here)
    assert [p for p in multiprocessing.active_children() if p.name == PROCESS_NAME] == []


def test_a_time_out_is_the_slow_decisions_not_a_quick_one_asked_with_it() -> None:
    # OddSleeper oversleeps in chunk 1 only (seed 66: chunks 0, 2 and 3 have
    # even seeds); its quick answers in the other lanes, asked in the same
    # write, must not wait for the slow one (they would be late in its place,
    # and the slow one on time)
    from cheaters import OddSleeper

    kwargs: dict[str, Any] = dict(hands=8, seed=66, chunk_deals=2, isolate=True, decision_timeout=1.0)
    one = run_match([OddSleeper, "call"], chunks_at_once=1, **kwargs)
    assert [(f.hand, f.kind.name) for f in one.errors] == [(2, "TIMEOUT")]
    for _ in range(3):
        lanes = run_match([OddSleeper, "call"], chunks_at_once=4, **kwargs)
        assert [(f.hand, f.kind.name) for f in lanes.errors] == [(2, "TIMEOUT")]


@pytest.mark.parametrize("lanes", [True, False])
def test_a_process_that_ended_is_dead_though_a_copy_holds_its_pipe(lanes: bool) -> None:
    # ForkThenDie's copy keeps the pipe open (no end-of-file) for 30 s; the
    # match (or a proxy asked alone, as tables do) sees its process end long
    # before, and then ends the copy too (issue 24: it is in its session)
    import multiprocessing.forkserver
    import signal

    from cheaters import ForkThenDie, fork_copy_file

    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to tell a running process from a zombie")
    run_match(["call", "call"], hands=2, isolate=True)  # the forkserver is up
    server: Any = multiprocessing.forkserver._forkserver  # type: ignore[attr-defined]
    path = Path(fork_copy_file(server._forkserver_pid))
    path.unlink(missing_ok=True)
    try:
        if lanes:
            dead = run_match([ForkThenDie, "call"], hands=4, seed=1, chunk_deals=2, isolate=True,
                             chunks_at_once=2)
            assert len(dead.errors) == 2 and all("exit code 3" in f.message for f in dead.errors)
            expected = 2  # one per instance
        else:
            state = deal(GameConfig.acpc_heads_up(button=0), seed=3)
            with IsolatedPolicy(ForkThenDie) as proxy:
                state = act(state, proxy.decide(observe(state, state.to_act or 0)))
                with pytest.raises(PolicyDied, match="exit code 3"):
                    proxy.decide(observe(state, state.to_act or 0))
            expected = 1
        copies = [int(line) for line in path.read_text(encoding="utf-8").split()]
        assert len(copies) == expected
        assert not _running(copies[0])  # ended with its policy's process
    finally:
        for pid in [int(line) for line in path.read_text(encoding="utf-8").split()] if path.exists() else []:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        path.unlink(missing_ok=True)


def test_a_reply_to_a_question_not_yet_sent_breaks_the_protocol() -> None:
    from cheaters import EarlyReplier

    result = run_match([EarlyReplier, "call"], hands=16, seed=1, chunk_deals=2, isolate=True,
                       chunks_at_once=8)
    assert result.hands == 16
    assert result.players[0].errors >= 1
    assert any("wire protocol" in f.message for f in result.errors)
    assert result.players[0].chips + result.players[1].chips == 0


def test_a_late_reply_naming_a_known_action_leaves_the_bad_reply_count() -> None:
    """A reply to a timed-out question is dropped unjudged, whether the lanes
    read it from its bytes (``_known_action``: an action text met before) or
    the general way (as ``IsolatedPolicy._drain`` drops one): it does not
    clear the count of unreadable replies in a row, so a bot cannot keep off
    the stop at ``MAX_BAD_REPLIES`` by timing out a known action between its
    unreadable replies.  An answer in time does clear it."""
    from collections import deque

    from pokerkit_core.engine.actions import Action, ActionKind
    from pokerkit_core.players.isolation_child import DECIDE
    from pokerkit_core.match.lanes import _Ask, _Bots, _Lanes

    def framed(data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + data

    proxy = IsolatedPolicy.__new__(IsolatedPolicy)
    proxy._bad, proxy.dead = 0, None
    proxy._buffer = framed(b"1 a raise 300")
    assert proxy._action(proxy._body(proxy._frame() or "", 1)) == Action(ActionKind.RAISE, 300)  # learnt
    proxy._fill = lambda wait=True: True  # type: ignore[method-assign]  # (what was read is in the buffer)
    bots = _Bots(proxy, 0, 0)
    lanes = _Lanes.__new__(_Lanes)
    answered: list[object] = []
    lanes._reply = lambda ask, body, error=None, action=None: answered.append(action)  # type: ignore[method-assign]
    for text in (b"7 a raise 300", b"7 a raise 301"):  # (known, and not: the general way)
        late = _Ask(None, 7, DECIDE, None, 0, "decide")  # type: ignore[arg-type]
        late.late = True
        bots.waiting, bots.sent = deque([late]), 1
        proxy._buffer, proxy._bad = framed(text), 2
        lanes.read(bots, 0.0)
        assert (proxy._bad, proxy._buffer, bots.sent, answered) == (2, b"", 0, [])
    bots.waiting, bots.sent = deque([_Ask(None, 8, DECIDE, None, 0, "decide")]), 1  # type: ignore[arg-type]
    proxy._buffer = framed(b"8 a raise 300")
    lanes.read(bots, 0.0)
    assert (proxy._bad, answered) == (0, [Action(ActionKind.RAISE, 300)])


def test_a_pipe_found_closed_while_timing_out_is_awaited_not_timed_out() -> None:
    """A question over its limit whose process's pipe turns out to be at
    end-of-file (read in ``check_time``, after this side was busy) is not
    timed out: the process is ending, so its questions wait for its end
    (its death, told once to each lane) for up to CLOSED_GRACE_SECONDS."""
    import select
    import types
    from collections import deque

    from pokerkit_core.players.isolation_child import DECIDE
    from pokerkit_core.match.lanes import CLOSED_GRACE_SECONDS, _Ask, _Bots, _Lanes

    proxy = IsolatedPolicy.__new__(IsolatedPolicy)
    proxy.dead, proxy._fd, proxy._buffer, proxy._bad = None, -1, b"", 0
    proxy._fill = lambda wait=True: False  # type: ignore[method-assign]  # (end-of-file)
    proxy._poller = types.SimpleNamespace(poll=lambda timeout=None: [(-1, select.POLLHUP)])
    bots = _Bots(proxy, 0, 0)
    lane = types.SimpleNamespace(name="closer")
    bots.waiting, bots.sent = deque([_Ask(lane, 7, DECIDE, None, 0, "decide")]), 1  # type: ignore[arg-type]
    lanes = _Lanes.__new__(_Lanes)
    lanes.every, lanes.limit, lanes.by_fd = [bots], 0.5, {}
    answered: list[object] = []
    lanes._reply = lambda ask, body, error=None, action=None: answered.append(error)  # type: ignore[method-assign]
    assert lanes.check_time(10.0) == CLOSED_GRACE_SECONDS  # (its grace, from when the end-of-file was read)
    assert (answered, bots.closed_at, bots.sent, bots.waiting[0].late) == ([], 10.0, 1, False)


def test_an_answer_that_came_in_while_this_side_was_busy_is_not_a_time_out() -> None:
    """A question over its limit whose reply is already readable (it came
    in while this side was busy: dealing, starting a process, or another
    process's reap) is answered, not timed out."""
    import select
    import types
    from collections import deque

    from pokerkit_core.players.isolation_child import DECIDE
    from pokerkit_core.match.lanes import _Ask, _Bots, _Lanes

    proxy = IsolatedPolicy.__new__(IsolatedPolicy)
    proxy.dead, proxy._fd, proxy._buffer, proxy._bad = None, -1, b"", 0

    def fill(wait: bool = True) -> bool:  # (the reply, read from the pipe)
        proxy._buffer += len(b"7 a call").to_bytes(4, "big") + b"7 a call"
        return True

    proxy._fill = fill  # type: ignore[method-assign]
    proxy._poller = types.SimpleNamespace(poll=lambda timeout=None: [(-1, select.POLLIN)])
    bots = _Bots(proxy, 0, 0)
    ask = _Ask(types.SimpleNamespace(name="steady"), 7, DECIDE, None, 0, "decide")  # type: ignore[arg-type]
    bots.waiting, bots.sent = deque([ask]), 1
    lanes = _Lanes.__new__(_Lanes)
    lanes.every, lanes.limit, lanes.by_fd = [bots], 0.5, {}
    answered: list[object] = []
    lanes._reply = lambda ask, body, error=None, action=None: answered.append((ask.seq, error))  # type: ignore[method-assign]
    assert lanes.check_time(10.0) is None  # (nothing left out)
    assert (answered, bots.sent, ask.late, bots.head_since) == ([(7, None)], 0, False, 10.0)
