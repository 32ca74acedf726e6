"""One browser connection: its outgoing queue, its seat and its rate limit.

The lobby never writes to a socket itself: it puts messages in each
connection's queue (without waiting), and the application's writer task sends
them, so a slow browser never holds up a table.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable

from .limits import MESSAGE_BURST, MESSAGES_PER_SECOND, REFUSALS_BEFORE_CLOSE

__all__ = ["Connection", "RateLimiter", "OUTBOX_MESSAGES"]

OUTBOX_MESSAGES = 256
"""Messages waiting for a browser before it is dropped as too slow."""


class RateLimiter:
    """A token bucket: ``rate`` messages a second, bursts of ``burst``.

    Args:
        rate: Messages per second allowed in the long run.
        burst: Messages allowed at once.
        clock: Seconds, monotonic (tests pass a fake).
    """

    def __init__(
        self,
        rate: float = MESSAGES_PER_SECOND,
        burst: float = MESSAGE_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = burst
        self._at = clock()
        self.refused = 0

    def allow(self) -> bool:
        """Take one message from the bucket; ``False`` (and counted) when it is empty."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.refused += 1
        return False

    def refund(self) -> None:
        """Give back the message just taken (an accepted action: the game
        itself bounds how often a seat may act)."""
        self._tokens = min(self.burst, self._tokens + 1)

    @property
    def exhausted(self) -> bool:
        """So many messages were refused that the connection should be closed."""
        return self.refused >= REFUSALS_BEFORE_CLOSE


class Connection:
    """A browser's connection to one room (or to a match view).

    Attributes:
        room_id: The room watched.
        seat: The seat played (``None``: a spectator).
        token_hash: SHA-256 of the seat's token it said ``hello`` with (a
            seat that changed hands since makes it a spectator's).
        greeted: ``hello`` was received.
        outbox: Messages (JSON text) waiting to be sent; ``None`` closes.
        limiter: The connection's rate limit.
    """

    def __init__(self, room_id: str) -> None:
        self.room_id = room_id
        self.seat: int | None = None
        self.token_hash: str | None = None  # the seat's token hash when greeted
        self.greeted = False
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_MESSAGES)
        self.limiter = RateLimiter()
        self.closed = False

    def send(self, text: str) -> None:
        """Queue a message; a browser that lets its queue fill up is closed."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        """Ask the writer to close the socket."""
        if not self.closed:
            self.closed = True
            while True:  # make room for the closing marker
                try:
                    self.outbox.put_nowait(None)
                    break
                except asyncio.QueueFull:
                    self.outbox.get_nowait()
