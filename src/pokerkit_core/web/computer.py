"""Computer seats decide off the event loop, in a small bounded pool of threads.

The server's rooms share one event loop.  A computer player deciding inside it
would hold up every room until it is done, so each room's policies are
wrapped in :class:`OffLoopPolicy`: its ``decide`` hands the work to the
server's :class:`ComputerPool` and returns an awaitable, which the table's
async driver (:meth:`~pokerkit_core.tables.session.TableSession.apply_async` and
friends) awaits while the loop goes on serving the other rooms.  One room asks
one decision at a time, in the order the hand needs them, and each policy
keeps its own seeded generator, so a room plays exactly the same hands as with
the policy inline.

A slow policy (an application embedding the server may register its own)
cannot starve the other rooms:

- at most :data:`~.limits.COMPUTER_THREADS` decisions run at once, all rooms
  together, and each may run for at most
  :data:`~.limits.COMPUTER_DECISION_SECONDS` once it has started; at that
  deadline it gives up its place, the awaitable raises
  :class:`~pokerkit_core.errors.DecisionTimeout` and the table's driver
  records a time-out fault and plays the default action for the seat (check
  if legal, else fold), as for any late decision;
- a thread cannot be stopped, so the late decision keeps running in its
  thread (a daemon thread: it does not hold up the server's shutdown) and its
  answer is discarded; meanwhile its room (:class:`RoomLane`) starts no other
  decision: the room's next one waits at most the deadline for it and times
  out in turn if it is still running.  So each room has at most one decision
  in a thread, a room stuck for ever holds one thread and no place, and the
  other rooms never wait behind a stuck decision for longer than the deadline.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from typing import Any, Callable

from ..engine.actions import Action
from ..errors import DecisionTimeout, PolicyError
from ..engine.observation import Observation
from ..engine.policy import Policy
from .limits import COMPUTER_DECISION_SECONDS, COMPUTER_THREADS

__all__ = ["ComputerPool", "OffLoopPolicy", "RoomLane"]

_Job = tuple[Callable[[Observation], Action], Observation, "concurrent.futures.Future[Action]"]


class ComputerPool:
    """Where computer seats decide: threads started as needed, a bounded
    number of decisions at once, each under a deadline (module docstring).

    Args:
        threads: Most decisions running on time at once, all rooms together
            (also the idle threads kept for the next decisions).
        decision_seconds: Most seconds one decision may run once started.
    """

    def __init__(self, threads: int = COMPUTER_THREADS,
                 decision_seconds: float = COMPUTER_DECISION_SECONDS) -> None:
        self.threads = threads
        self.decision_seconds = decision_seconds
        self._lock = threading.Lock()
        self._idle: list[queue.SimpleQueue[_Job | None]] = []  # threads waiting for a job
        self._slots: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        self._closed = False

    def lane(self) -> RoomLane:
        """A new room's way into the pool (one per room)."""
        return RoomLane(self)

    async def decide(self, policy: Policy, observation: Observation, lane: RoomLane) -> Action:
        """``policy.decide(observation)`` in a pool thread, for the room of ``lane``.

        Returns:
            The policy's answer (the driver checks it).

        Raises:
            DecisionTimeout: The decision ran for more than
                :attr:`decision_seconds`, or the room's previous decision was
                still running that long after its own deadline.
            Exception: What the policy's ``decide`` raised.
        """
        seconds = self.decision_seconds
        if lane.running is not None and not lane.running.done():
            try:
                await asyncio.wait_for(asyncio.wrap_future(lane.running), seconds)
            except TimeoutError:
                raise DecisionTimeout(
                    f"an earlier decision of this room is still running {seconds:g} s "
                    "after its deadline", seconds) from None
            except Exception:  # the earlier decision failed: its fault is recorded
                pass
        async with self._semaphore():
            work: concurrent.futures.Future[Action] = concurrent.futures.Future()
            self._start(policy.decide, observation, work)
            lane.running = work
            try:
                return await asyncio.wait_for(asyncio.wrap_future(work), seconds)
            except TimeoutError:
                raise DecisionTimeout(f"decide took longer than {seconds:g} s", seconds) from None

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._slots is None or self._slots[0] is not loop:  # one per event loop
            self._slots = (loop, asyncio.Semaphore(self.threads))
        return self._slots[1]

    def _start(self, decide: Callable[[Observation], Action], observation: Observation,
               work: concurrent.futures.Future[Action]) -> None:
        with self._lock:
            inbox = self._idle.pop() if self._idle else None
        if inbox is None:
            inbox = queue.SimpleQueue()
            threading.Thread(target=self._serve, args=(inbox,), daemon=True,
                             name="pokerkit-computer").start()
        inbox.put((decide, observation, work))

    def _serve(self, inbox: queue.SimpleQueue[_Job | None]) -> None:
        """A pool thread: run jobs until told to stop or not needed as an idle thread."""
        while True:
            job = inbox.get()
            if job is None:
                return
            decide, observation, work = job
            if work.set_running_or_notify_cancel():
                try:
                    work.set_result(decide(observation))
                except Exception as exc:  # the policy's failure, a fault of its seat
                    work.set_exception(exc)
                except BaseException as exc:  # SystemExit and the like: not for the event loop
                    work.set_exception(PolicyError(f"decide raised {exc!r}"))
            with self._lock:
                if self._closed or len(self._idle) >= self.threads:
                    return
                self._idle.append(inbox)

    def close(self) -> None:
        """Stop the idle threads; a decision under way is not waited for (a
        stuck policy does not hold up the shutdown: its thread is a daemon)."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for inbox in idle:
            inbox.put(None)


class RoomLane:
    """One room's way into a :class:`ComputerPool`: the room's decision
    still running in a thread, if any (so the room never starts a second).

    Args:
        pool: The server's pool.
    """

    def __init__(self, pool: ComputerPool) -> None:
        self.pool = pool
        self.running: concurrent.futures.Future[Action] | None = None


class OffLoopPolicy:
    """A policy whose ``decide`` runs in a :class:`ComputerPool`.

    Its ``decide`` returns an awaitable of the wrapped policy's action, so
    the table must be driven with its async methods; the optional hooks
    (``hand_started``, ``hand_ended``) and ``name`` are the wrapped
    policy's, called as they are (they are quick by the Policy protocol).

    Args:
        policy: The computer player.
        lane: Its room's lane (:meth:`ComputerPool.lane`), shared by the
            room's computer seats.
    """

    def __init__(self, policy: Policy, lane: RoomLane) -> None:
        self.policy = policy
        self._lane = lane

    async def decide(self, observation: Observation) -> Action:
        """The wrapped policy's decision, computed in the pool; raises as
        :meth:`ComputerPool.decide`."""
        return await self._lane.pool.decide(self.policy, observation, self._lane)

    def __getattr__(self, name: str) -> Any:
        if name in ("hand_started", "hand_ended", "name"):
            return getattr(self.policy, name)
        raise AttributeError(name)
