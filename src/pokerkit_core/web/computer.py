"""Computer seats decide off the event loop, in a small bounded thread pool.

The server's rooms share one event loop.  A computer player deciding inside it
would hold up every room until it is done, so each room's policy is wrapped in
:class:`OffLoopPolicy`: its ``decide`` hands the work to the server's
:class:`ComputerPool` (at most :data:`~.limits.COMPUTER_THREADS` threads) and
returns an awaitable, which the table's async driver
(:meth:`~pokerkit_core.table.TableSession.apply_async` and friends) awaits
while the loop goes on serving the other rooms.  One room asks one decision
at a time, in the order the hand needs them, and each policy keeps its own
seeded generator, so a room plays exactly the same hands as with the policy
inline.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

from ..actions import Action
from ..observation import Observation
from ..policy import Policy
from .limits import COMPUTER_THREADS

__all__ = ["ComputerPool", "OffLoopPolicy"]


class ComputerPool:
    """The threads computer seats decide in (created on first use).

    Args:
        threads: Most decisions running at once, all rooms together.
    """

    def __init__(self, threads: int = COMPUTER_THREADS) -> None:
        self.threads = threads
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None

    def submit(self, policy: Policy, observation: Observation) -> asyncio.Future[Any]:
        """``policy.decide(observation)`` in a pool thread, as a future of the running loop.

        Raises:
            RuntimeError: No event loop is running (the table was driven with
                a synchronous method).
        """
        loop = asyncio.get_running_loop()
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(
                max_workers=self.threads, thread_name_prefix="pokerkit-computer")
        return loop.run_in_executor(self._executor, policy.decide, observation)

    def close(self) -> None:
        """Stop the threads: decisions not started are cancelled, one under way
        is not waited for (a stuck policy does not hold up the shutdown)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class OffLoopPolicy:
    """A policy whose ``decide`` runs in a :class:`ComputerPool`.

    Its ``decide`` returns an awaitable of the wrapped policy's action, so
    the table must be driven with its async methods; the optional hooks
    (``hand_started``, ``hand_ended``) and ``name`` are the wrapped
    policy's, called as they are (they are quick by the Policy protocol).

    Args:
        policy: The computer player.
        pool: Where it decides.
    """

    def __init__(self, policy: Policy, pool: ComputerPool) -> None:
        self.policy = policy
        self._pool = pool

    def decide(self, observation: Observation) -> asyncio.Future[Action]:
        """The wrapped policy's decision, computed in the pool."""
        return self._pool.submit(self.policy, observation)

    def __getattr__(self, name: str) -> Any:
        if name in ("hand_started", "hand_ended", "name"):
            return getattr(self.policy, name)
        raise AttributeError(name)
