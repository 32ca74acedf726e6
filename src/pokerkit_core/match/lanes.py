"""Isolated chunks of a match played at once, through shared policy processes.

An isolated match (:func:`~pokerkit_core.match.runner.run_match` with
``isolate=True``) asks a process for every decision.  Asked one at a time,
each decision costs a pipe write, a sleep and a wake-up on each side.  Here a
few chunks (``chunks_at_once``) are played together by one thread (in this
process, or in each worker process for its group of chunks): each player of
each pass has one process (:class:`~pokerkit_core.players.isolation.IsolatedPolicy`
started with the first chunk's seed) holding one *lane* per chunk played at
once, a fresh instance of the policy for that chunk
(:mod:`pokerkit_core.players.isolation_child`).  The thread deals each lane's hands
through its own :class:`~pokerkit_core.players.driver.HandDriver`
(:meth:`~pokerkit_core.players.driver.HandDriver.next_call` /
:meth:`~pokerkit_core.players.driver.HandDriver.answer`), sends every question a
process has waiting in one write, and reads the answers as they come (one
``poll`` over all the processes).

What stays as when the chunks are played one after the other:

- each chunk's policies are fresh instances built with that chunk's seeds, and
  each plays the chunk's hands in order, so the result for a seed is the same
  as in this process for policies that depend only on their seed and
  observations (tested);
- the processes of the mirrored pass of a duplicate match are never those of
  the first pass (the ACPC restarts its bots), so a bot cannot carry its own
  cards from one pass to the other; with ``sequential_passes`` (the default
  of :func:`~pokerkit_core.match.runner.run_match`) the mirrored pass's processes
  start only once the first pass's have ended, for every chunk played here;
  within one pass, module-level state of a
  bot's code is shared by its lanes, which tells it nothing about its
  opponent's cards (each deal is played once per pass);
- each decision has its own time limit, counted from when the process has
  answered everything asked before it (``decision_timeout``): over it, the
  fault is recorded and the default action plays; the late answer is still
  awaited, once more for at most the limit, and a process that has not sent
  it by then is killed;
- a process that dies (or is killed, or breaks the wire protocol) is
  reported once per lane (a :class:`~pokerkit_core.errors.PolicyDied` fault),
  then the default action plays for those lanes to the end of their chunks;
  the next chunk that needs the player gets a new process.  A process whose
  pipe closes is awaited through its sentinel (its exit code goes in the
  fault) while the other processes play on; one that lives on is killed after
  :data:`CLOSED_GRACE_SECONDS`.

A policy that cannot be built for a chunk (its factory raises, or its process
cannot start or restart within its start time limit) fails the match with a
:class:`~pokerkit_core.errors.PolicyError`, as it does in this process.

References:
    Annual Computer Poker Competition rules (bots in their own processes,
    restarted for each duplicate pass, time limits per decision).
"""

from __future__ import annotations

import select
import time
from collections import deque
from typing import Any, Callable, Iterator, Sequence

from ..players import compact
from ..players import isolation_wire as wire
from ..engine.actions import Action, default_action
from ..players.driver import HandDriver
from ..errors import DecisionTimeout, PolicyDied, PolicyError, shown
from ..players.isolation import IsolatedPolicy, Remote, close_all
from ..players.isolation_child import DECIDE, ENDED, RESTART, STARTED
from .chunks import Chunk, ChunkResult, PassPlay, chunk_result, chunk_setup
from ..engine.observation import Observation
from ..engine.state import legal_actions

__all__ = ["CLOSED_GRACE_SECONDS", "MAX_CHUNKS_AT_ONCE", "Lane", "can_play_lanes", "play_lanes"]

MAX_CHUNKS_AT_ONCE = 64
"""Most chunks an isolated match plays at once (its processes hold one lane
per chunk; the questions waiting for one process stay far under a pipe's
buffer)."""

SEND_AT = 2
"""Questions for one process sent at once as soon as they are ready: the
process starts on them while this one deals the other chunks (all the
questions at the end of a round would leave each side idle while the other
works)."""

CLOSED_GRACE_SECONDS = 1.0
"""Time a process whose pipe reached end-of-file has to end (its exit code
goes in the fault) before it is killed; the other processes play on
meanwhile."""

_REAP_SECONDS = 2.0  # longest wait for the exit code once a process's sentinel fired
_OPS = {"decide": DECIDE, "hand_started": STARTED, "hand_ended": ENDED}


def can_play_lanes() -> bool:
    """Whether this platform has :func:`select.poll` (not Windows): without it
    an isolated match plays its chunks one after the other."""
    return hasattr(select, "poll")


class Lane(Remote):
    """One instance of a policy in a shared process: what a lane's
    :class:`~pokerkit_core.players.driver.HandDriver` seats.  Its questions are asked
    by :func:`play_lanes`, never through :meth:`decide`.

    Args:
        bots: The process.
        lane: The lane's number in it.
        name: Display name.
    """

    def __init__(self, bots: _Bots, lane: int, name: str) -> None:
        self.bots, self.lane, self.name = bots, lane, name
        self.held = wire.Held()
        self.dead: str | None = None
        self.ready = False
        self.hooks = (False, False)
        self.reported = False  # its death was reported as a fault

    def decide(self, observation: Observation) -> Any:
        """Not for direct use: a lane is asked by :func:`play_lanes`.

        Raises:
            PolicyError: Always.
        """
        raise PolicyError(f"lane {self.lane} of {shown(self.name)} is asked by the match's lanes loop")


class _Ask:
    """A question sent to a process and not yet answered, in order."""

    __slots__ = ("lane", "seq", "op", "slot", "seat", "call", "late", "seed")

    def __init__(self, lane: Lane, seq: int, op: int, slot: _Slot | None, seat: int, call: str,
                 seed: int | None = None) -> None:
        self.lane, self.seq, self.op, self.slot = lane, seq, op, slot
        self.seat, self.call, self.late, self.seed = seat, call, False, seed


class _Bots:
    """One policy process shared by lanes: its questions to send, and those
    sent and unanswered, in order."""

    def __init__(self, proxy: IsolatedPolicy, player: int, play: int) -> None:
        self.proxy, self.player, self.play = proxy, player, play
        self.outbox: list[tuple[Any, ...]] = []
        self.plain = True
        self.waiting: deque[_Ask] = deque()
        self.sent = 0  # of waiting, how many were written
        self.head_since = 0.0  # when the first waiting question became first
        self.lanes = 1  # lane 0 is built at the start
        self.closed_at: float | None = None  # when its pipe reached end-of-file

    @property
    def alive(self) -> bool:
        return self.proxy.dead is None

    def post(self, ask: _Ask, request: tuple[Any, ...], plain: bool) -> None:
        self.outbox.append(request)
        self.plain = self.plain and plain
        self.waiting.append(ask)

    def flush(self, now: float) -> None:
        """Send the questions posted (one write).

        Raises:
            PolicyDied: The pipe is closed.
        """
        if not self.outbox or self.closed_at is not None:  # (closed: they wait for its end)
            return
        if self.sent == 0:
            self.head_since = now
        payload = compact.pack(self.outbox, plain=self.plain)
        self.outbox, self.plain = [], True
        self.sent = len(self.waiting)
        self.proxy.send(payload)


class _Slot:
    """Plays the chunks of one pass, one after the other: a chunk's pass at a
    time, with one lane per player."""

    def __init__(self, play: int) -> None:
        self.play = play
        self.lanes: list[Lane | None] = [None, None]
        self.chunk: Chunk | None = None
        self.decks: list[list[int]] = []
        self.pass_play: PassPlay | None = None
        self.driver: HandDriver | None = None
        self.restarting = 0  # restarts asked and not yet answered
        self.asking = False  # a question is out
        self.encoded: tuple[Any, ...] = ()  # the hand's events so far, in the compact form
        self.plain = True  # every one of them is plain built-in values


class _Lanes:
    """The loop of :func:`play_lanes`, over the passes ``plays`` (all by
    default); ``done``: the passes of each chunk played before."""

    def __init__(self, chunks: Sequence[Chunk], at_once: int, on_deal: Callable[[int], None] | None,
                 plays: Sequence[int] | None = None,
                 done: dict[int, list[PassPlay | None]] | None = None) -> None:
        self.first = chunks[0]
        self.passes = self.first.passes
        self.plays = tuple(range(self.passes)) if plays is None else tuple(plays)
        self.queues = [deque(chunks if play in self.plays else ()) for play in range(self.passes)]
        self.setups: dict[int, tuple[tuple[int, int], list[list[int]]]] = {}
        self.done: dict[int, list[PassPlay | None]] = {} if done is None else done
        self.results: list[ChunkResult] = []
        self.on_deal = on_deal
        self.limit = self.first.decision_timeout
        self.poller = select.poll()
        # a process's pipe (False) and its sentinel (True: readable once it has ended)
        self.by_fd: dict[int, tuple[_Bots, bool]] = {}
        self.current: dict[tuple[int, int], _Bots] = {}  # (player, play) -> its process now
        self.every: list[_Bots] = []
        self.runnable: deque[_Slot] = deque()
        count = min(at_once, len(chunks))
        self.slots = [_Slot(play) for play in self.plays for _ in range(count)]
        self.active = len(self.slots)

    # -- processes ---------------------------------------------------------

    def _setup(self, chunk: Chunk) -> tuple[tuple[int, int], list[list[int]]]:
        setup = self.setups.get(chunk.index)
        if setup is None:
            setup = self.setups[chunk.index] = chunk_setup(chunk)
        return setup

    def _start(self, player: int, play: int, seed: int) -> IsolatedPolicy:
        c = self.first
        return IsolatedPolicy(
            c.players[player], seed=seed, decision_timeout=self.limit,
            name=c.names[player], entry=c.entries[player],
        )

    def _adopt(self, bots: _Bots) -> Lane:
        """Wait for a started process (already in :attr:`every`, so that it
        is closed whatever happens), which becomes its player's for the pass;
        its lane 0 (built with the seed it was started with)."""
        proxy = bots.proxy
        proxy.wait_ready()  # PolicyError: cannot be built; the match fails
        self.current[bots.player, bots.play] = bots
        for fd, ended in ((proxy.fd, False), (proxy.sentinel, True)):
            self.poller.register(fd, select.POLLIN)
            self.by_fd[fd] = bots, ended
        lane = Lane(bots, 0, proxy.name)
        lane.ready, lane.hooks = True, proxy.hooks
        return lane

    def _started(self, player: int, play: int, seed: int) -> _Bots:
        bots = _Bots(self._start(player, play, seed), player, play)
        self.every.append(bots)
        return bots

    def open(self) -> None:
        """Start every process at once (each with the seeds of its pass's
        first chunk, for the first slot's lanes), then give every slot its
        first chunk."""
        started = [
            self._started(player, play, self._setup(self.queues[play][0])[0][player])
            for play in self.plays
            for player in (0, 1)
        ]
        firsts: dict[int, _Slot] = {}
        for slot in self.slots:
            firsts.setdefault(slot.play, slot)
        for bots in started:  # (all in self.every: closed whatever happens)
            firsts[bots.play].lanes[bots.player] = self._adopt(bots)
        for slot in self.slots:
            self._begin(slot, self.queues[slot.play].popleft(), fresh=slot is firsts[slot.play])
        self.runnable.extend(self.slots)

    def close(self) -> None:
        close_all(bots.proxy for bots in self.every)  # (the dead ones were stopped)

    def _die(self, bots: _Bots, error: PolicyDied) -> None:
        """A process is gone: every lane waiting on it is told once."""
        for fd in (bots.proxy.fd, bots.proxy.sentinel):
            entry = self.by_fd.get(fd)
            if entry is not None and entry[0] is bots:
                del self.by_fd[fd]
                self.poller.unregister(fd)
        if bots in self.every:  # stopped, so closed: a long match may replace many
            self.every.remove(bots)
        waiting, bots.waiting, bots.outbox, bots.sent = list(bots.waiting), deque(), [], 0
        for ask in waiting:
            lane = ask.lane
            if lane.dead is None:
                lane.dead = bots.proxy.dead or "died"
            if ask.op == RESTART:  # the chunk needs a new process
                assert ask.slot is not None and ask.seed is not None
                ask.slot.restarting -= 1
                self._claim(ask.slot, bots.player, ask.seed)
                self._wake(ask.slot)
            elif not ask.late:
                lane.reported = True
                self._reply(ask, None, error)

    # -- chunks ------------------------------------------------------------

    def _begin(self, slot: _Slot, chunk: Chunk, fresh: bool = False) -> None:
        """Give ``slot`` the pass of ``chunk``: its lanes become fresh
        instances with the chunk's seeds (unless ``fresh``: they just were)."""
        seeds, decks = self._setup(chunk)
        slot.chunk, slot.decks = chunk, decks
        if not fresh:
            for player in (0, 1):
                self._claim(slot, player, seeds[player])

    def _claim(self, slot: _Slot, player: int, seed: int) -> None:
        """A fresh instance for ``slot``'s ``player``: a restart posted on the
        player's process, or lane 0 of a new process if that one has died
        (or its pipe has closed)."""
        bots = self.current.get((player, slot.play))
        if bots is None or not bots.alive or bots.closed_at is not None:  # (closed: it is ending)
            slot.lanes[player] = self._adopt(self._started(player, slot.play, seed))
            return
        lane = slot.lanes[player]
        if lane is None or lane.bots is not bots:
            lane = slot.lanes[player] = Lane(bots, bots.lanes, bots.proxy.name)
            bots.lanes += 1
        lane.ready, lane.dead, lane.reported = False, None, False
        lane.held.forget()
        seq = bots.proxy.next_seq()
        bots.post(
            _Ask(lane, seq, RESTART, slot, player, "restart", seed),
            (lane.lane, seq, RESTART, 0, (), None, (), seed),
            True,
        )
        slot.restarting += 1

    def _wake(self, slot: _Slot) -> None:
        if slot.restarting == 0 and not slot.asking:
            self.runnable.append(slot)

    def _pass_over(self, slot: _Slot) -> None:
        chunk, done = slot.chunk, slot.pass_play
        assert chunk is not None and done is not None
        passes = self.done.setdefault(chunk.index, [None] * self.passes)
        passes[slot.play] = done
        if all(passes[play] is not None for play in self.plays):
            self.setups.pop(chunk.index, None)  # (a later run deals its other passes again)
        if all(p is not None for p in passes):
            del self.done[chunk.index]
            self.results.append(chunk_result(chunk, passes))  # type: ignore[arg-type]
        slot.chunk, slot.pass_play, slot.driver = None, None, None
        queue = self.queues[slot.play]
        if queue:
            self._begin(slot, queue.popleft())
        else:
            self.active -= 1

    # -- asking ------------------------------------------------------------

    def step(self, slot: _Slot) -> None:
        """Play ``slot`` until it waits for a process (or has no chunk left)."""
        while slot.restarting == 0 and not slot.asking and slot.chunk is not None:
            if slot.pass_play is None:
                slot.pass_play = PassPlay(slot.chunk, slot.play, slot.decks, slot.lanes)  # type: ignore[arg-type]
            driver = slot.driver
            if driver is None:
                driver = slot.driver = slot.pass_play.next_hand()
                slot.encoded, slot.plain = (), True
                if driver is None:
                    self._pass_over(slot)
                    continue
            call = driver.next_call()
            if call is None:  # the hand is over and its hooks have run
                slot.pass_play.finish(driver.state)
                slot.driver = None
                if self.on_deal is not None:
                    self.on_deal(1)
                continue
            seat, name = call
            lane = slot.pass_play.seated[seat]
            assert isinstance(lane, Lane)
            if lane.dead is None and not lane.bots.alive:
                lane.dead = lane.bots.proxy.dead or "died"
            if lane.dead is not None:  # reported once, then the default action
                if name != "decide":
                    driver.answer(seat, name)
                elif lane.reported:  # (a seat is to act: its legal actions exist)
                    driver.answer(seat, name, default_action(legal_actions(driver.state)))
                else:
                    lane.reported = True
                    driver.answer(seat, name, error=_died(lane))
                continue
            self._ask(slot, lane, driver, seat, name)
            return

    def _ask(self, slot: _Slot, lane: Lane, driver: HandDriver, seat: int, call: str) -> None:
        bots = lane.bots
        seq = bots.proxy.next_seq()
        op = _OPS[call]
        if op == DECIDE:
            state = driver.state
            held = lane.held
            static, dynamic, key = held.parts(state, seat, driver.hand_number)
            history = state.history
            encoded = slot.encoded  # the hand's events, encoded once for both lanes
            if len(encoded) < len(history):
                more = compact.encode_events(history[len(encoded):])
                for form in more:
                    if form.__class__ is not tuple:
                        slot.plain = False
                encoded = slot.encoded = encoded + more
            # the same hand and seat: the lane holds a prefix of this history
            start = len(held.sent) if static is None else 0
            send = held.hold(history, static, key)
            request = (lane.lane, seq, op, start, encoded[start:] if start else encoded, send, dynamic, None)
            plain = slot.plain
        else:
            view = driver.observation(seat)
            static, dynamic = wire.observation_parts(view)
            extra = tuple(driver.state.hand_results or ()) if op == ENDED else None
            request, plain = lane.held.request(lane.lane, seq, op, view.history, static, dynamic, extra,
                                               engine=True)  # (the driver's view of its own state)
        bots.post(_Ask(lane, seq, op, slot, seat, call), request, plain)
        slot.asking = True
        if len(bots.outbox) >= SEND_AT:  # let it start on these while the rest are dealt
            try:
                bots.flush(time.monotonic())
            except PolicyDied as exc:
                self._die(bots, exc)

    def _reply(self, ask: _Ask, body: str | None, error: Exception | None = None,
               action: Action | None = None) -> None:
        """Hand an answer (a reply's body, the action a ``decide`` reply
        names, or an error) to its lane's driver."""
        slot = ask.slot
        assert slot is not None
        if ask.op == RESTART:
            lane = ask.lane
            assert body is not None
            if not body.startswith("ready "):
                detail = body[2:] if body.startswith("! ") else f"it answered {shown(body)}"
                raise PolicyError(f"policy {shown(lane.name)} could not be created again in its process: {detail}")
            flags = body.split(" ", 2)[1]
            lane.hooks = (flags[:1] == "1", flags[1:2] == "1")
            lane.ready = True
            slot.restarting -= 1
            self._wake(slot)
            return
        driver = slot.driver
        assert driver is not None
        slot.asking = False
        value: object = action
        if action is None and error is None and body is not None:
            try:
                if ask.op == DECIDE:
                    value = ask.lane.bots.proxy.action_of(body)
                elif body != "ok":
                    error = ask.lane.bots.proxy.error_of(body)
            except PolicyError as exc:  # IsolatedPolicyError, or PolicyDied: it was stopped
                error = exc
        if isinstance(error, PolicyDied):
            ask.lane.reported = True
            ask.lane.dead = ask.lane.bots.proxy.dead or "died"
        driver.answer(ask.seat, ask.call, value, error)
        self.runnable.append(slot)

    def read(self, bots: _Bots, now: float) -> None:
        """Take the replies ``bots`` has sent (it is readable)."""
        proxy = bots.proxy
        try:
            if not proxy.read_some():
                self._closed(bots, now)
                return
            while bots.sent:  # only what was asked
                ask = bots.waiting[0]
                reply = proxy.next_reply(ask.seq, ask.op == DECIDE)
                if reply is None:
                    break
                bots.waiting.popleft()
                bots.sent -= 1
                bots.head_since = now
                if not ask.late:  # (a late reply is dropped unjudged)
                    if isinstance(reply, str):
                        self._reply(ask, reply)
                    else:
                        proxy.reply_read()  # (as action_of does for a readable one)
                        self._reply(ask, None, action=reply)
                    if not bots.alive:  # the reply broke the protocol: it was stopped
                        raise PolicyDied(f"policy {shown(proxy.name)} {proxy.dead}")
            if not bots.sent and proxy.has_unread:
                raise proxy.stop("broke the wire protocol (a reply to a request never sent)")
        except PolicyDied as exc:
            self._die(bots, exc)

    def _closed(self, bots: _Bots, now: float) -> None:
        """Its pipe reached end-of-file: the process is ending (or closed its
        pipe and lives on).  Its sentinel reports the end, with the exit code
        (:meth:`ended`); its questions wait for that, while the other
        processes play on; one that has not ended within
        :data:`CLOSED_GRACE_SECONDS` is killed (:meth:`check_time`)."""
        fd = bots.proxy.fd
        entry = self.by_fd.get(fd)
        if entry is not None and entry[0] is bots:  # (readable for good now)
            del self.by_fd[fd]
            self.poller.unregister(fd)
        if bots.closed_at is None:
            bots.closed_at = now

    def _left(self, bots: _Bots, now: float) -> float | None:
        """Seconds left to the first question ``bots`` was sent, or ``None``
        (none sent, dead, or no limit)."""
        if not bots.sent or not bots.alive:
            return None
        limit = bots.proxy.start_timeout if bots.waiting[0].op == RESTART else self.limit
        return None if limit is None else bots.head_since + limit - now

    def ended(self, bots: _Bots) -> None:
        """Its process has ended: take the replies it sent, then it is dead
        (though its pipe may still be open: a process it forked can hold it)."""
        proxy = bots.proxy
        while bots.alive and bots.closed_at is None and proxy.readable():
            self.read(bots, time.monotonic())
        if bots.alive:
            # (spawn: its sentinel may close just before it is reaped)
            self._die(bots, proxy.stop_ended(_REAP_SECONDS))

    def check_time(self, now: float) -> float | None:
        """Time out the first question of any process over its limit; the
        seconds to the next limit, or ``None``."""
        soonest: float | None = None
        for i, bots in enumerate(list(self.every)):
            if i:  # (the time-outs before may have taken long: a kill, a new process)
                now = time.monotonic()
            left = self._left(bots, now)
            if left is not None and left <= 0 and bots.closed_at is None and bots.proxy.readable():
                # it answered while this side was busy (dealing, or waiting
                # for another process): not late; the next question's time
                # starts now (or its pipe is found closed: see below)
                self.read(bots, now)
                left = self._left(bots, now)
            if bots.closed_at is not None and bots.alive:
                grace = bots.closed_at + CLOSED_GRACE_SECONDS - now
                if grace <= 0:
                    self._die(bots, bots.proxy.stop(
                        f"closed its pipe and did not end within {CLOSED_GRACE_SECONDS:g} s"))
                    continue
                soonest = grace if soonest is None else min(soonest, grace)
                continue  # (it cannot answer now: no time-outs, one death report per lane)
            if left is None:
                continue
            if left > 0:
                soonest = left if soonest is None else min(soonest, left)
                continue
            head = bots.waiting[0]
            limit = bots.proxy.start_timeout if head.op == RESTART else self.limit
            assert limit is not None
            name = shown(head.lane.name)
            if head.op == RESTART:
                raise PolicyError(f"policy {name} did not restart within {limit:g} s")
            if head.late:
                self._die(bots, bots.proxy.stop(f"did not answer within {limit:g} s after a time-out"))
                continue
            head.late = True
            bots.head_since = now
            soonest = limit if soonest is None else min(soonest, limit)
            self._reply(head, None, DecisionTimeout(f"policy {name} did not answer within {limit:g} s", limit))
        return soonest

    def run(self) -> Iterator[ChunkResult]:
        clock = time.monotonic
        while self.active or self.results:
            while self.runnable:
                self.step(self.runnable.popleft())
            now = clock()
            for bots in list(self.every):
                if bots.outbox:
                    try:
                        bots.flush(now)
                    except PolicyDied as exc:
                        self._die(bots, exc)
            if self.results:
                yield from self.results
                self.results = []
            if self.runnable or not self.active:
                continue
            wait = self.check_time(now)  # (a time-out makes its slot runnable)
            if self.runnable:
                continue
            if not any(bots.waiting for bots in self.every):  # pragma: no cover - a bug
                raise RuntimeError("isolated match: chunks left but no question out")
            polled = dict(self.by_fd)  # a process started while reading may reuse a number
            events = self.poller.poll(None if wait is None else max(wait, 0.0) * 1000.0 + 1.0)
            for fd, _ in events:
                entry = polled.get(fd)
                if entry is not None and entry[0].alive:
                    # (its next question's time starts now: reading another
                    # may have taken long, or starting a new process)
                    if entry[1]:
                        self.ended(entry[0])
                    else:
                        self.read(entry[0], clock())


def _died(lane: Lane) -> PolicyDied:
    return PolicyDied(
        f"policy {shown(lane.name)} {lane.dead}; the default action plays for it from now on"
    )


def play_lanes(
    chunks: Sequence[Chunk], at_once: int, on_deal: Callable[[int], None] | None = None
) -> Iterator[ChunkResult]:
    """Play isolated ``chunks``, ``at_once`` of them together (see the module).

    Args:
        chunks: A match's chunks, or a worker's group of them (all
            isolated, in order).
        at_once: Chunks played together, 1 to :data:`MAX_CHUNKS_AT_ONCE`.
        on_deal: Called with 1 after each hand.

    Yields:
        Each chunk's result when both its passes are over (any order).

    Raises:
        PolicyError: A policy cannot be built, started or restarted.

    With ``sequential_passes`` (a duplicate match's chunks), every chunk's
    first pass is played, and its processes closed (they, and every process
    they started, have ended), before any process of the mirrored pass
    starts: no two processes that play the same deals are alive at once.
    """
    if not chunks:
        return
    first = chunks[0]
    if first.sequential_passes and first.passes > 1:
        runs: list[tuple[int, ...]] = [(play,) for play in range(first.passes)]
    else:
        runs = [tuple(range(first.passes))]
    done: dict[int, list[PassPlay | None]] = {}
    for plays in runs:
        lanes = _Lanes(chunks, at_once, on_deal, plays, done)
        try:
            lanes.open()
            yield from lanes.run()
        finally:
            lanes.close()
