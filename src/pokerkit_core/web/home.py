"""Home-game bookkeeping of a cash room: the chip log, the settlement, chat.

A room's chips come to the table by buy-ins (the starting stack, a seat
taken later, a rebuy or a top-up, chips the host adds) and leave it by
cash-outs (a player kicked or leaving, chips the host takes away).  Each of
these is a line of the room's chip log (:class:`ChipLog`); each player's
net result is the sum of their hands' results, so the nets of everyone who
played sum to zero and :func:`settlement` says who pays whom.

Nothing here touches a session: :mod:`.rooms` calls these after it changed
the table.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable

from .limits import CHAT_BURST, CHAT_KEPT, CHAT_PER_SECOND
from .connections import RateLimiter

__all__ = ["ChipEntry", "ChipLog", "Transfer", "settlement", "Chat", "CHIP_KINDS"]

CHIP_KINDS: tuple[str, ...] = ("buy-in", "rebuy", "top-up", "host-add", "host-remove", "cash-out")
"""Kinds of chip-log line: chips in (the first four but ``host-remove``) or out."""


@dataclass(frozen=True, slots=True)
class ChipEntry:
    """One line of the chip log.

    Attributes:
        hand: Hands finished when the chips moved (they count from hand
            ``hand + 1`` on).
        seat: The seat (0-based).
        name: The player's name then.
        kind: One of :data:`CHIP_KINDS`.
        chips: Chips brought (positive) or taken away (negative).
    """

    hand: int
    seat: int
    name: str
    kind: str
    chips: int


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` owes ``payee`` ``chips`` at the end of the game."""

    payer: str
    payee: str
    chips: int


class ChipLog:
    """The chip log of a room: every buy-in and cash-out, oldest first."""

    def __init__(self, entries: Iterable[ChipEntry] = ()) -> None:
        self.entries: list[ChipEntry] = list(entries)

    def add(self, hand: int, seat: int, name: str, kind: str, chips: int) -> ChipEntry:
        """Log chips moving; returns the new line.

        Raises:
            ValueError: ``kind`` is not one of :data:`CHIP_KINDS`, or
                ``chips`` is 0 or of the wrong sign for the kind (chips in
                are positive, ``host-remove`` and ``cash-out`` negative).
        """
        if kind not in CHIP_KINDS:
            raise ValueError(f"chip log kind {kind!r}: one of {', '.join(CHIP_KINDS)}")
        out = kind in ("host-remove", "cash-out")
        if chips == 0 or (chips < 0) != out:
            raise ValueError(f"a {kind} of {chips} chips: {'negative' if out else 'positive'} expected")
        entry = ChipEntry(hand, seat, name, kind, chips)
        self.entries.append(entry)
        return entry

    def data(self) -> list[dict[str, Any]]:
        """The log as JSON-ready dicts (the saved form and the ``ledger`` reply)."""
        return [asdict(e) for e in self.entries]

    @classmethod
    def load(cls, data: Iterable[dict[str, Any]]) -> ChipLog:
        """A log from :meth:`data`."""
        return cls(ChipEntry(**d) for d in data)


def settlement(nets: dict[str, int]) -> list[Transfer]:
    """Who pays whom so that everyone ends with their net result.

    The biggest loser pays the biggest winner as much as one of them needs,
    again until everyone is square: at most one transfer fewer than the
    players with a result.

    Args:
        nets: Each player's net result in chips (won minus lost); the
            values sum to zero.

    Returns:
        The transfers, the biggest loser's first.

    Raises:
        ValueError: The nets do not sum to zero (the message gives the sum).
    """
    total = sum(nets.values())
    if total != 0:
        raise ValueError(f"the nets sum to {total}, not 0")
    owe = sorted(((name, -n) for name, n in nets.items() if n < 0), key=lambda x: (-x[1], x[0]))
    win = sorted(((name, n) for name, n in nets.items() if n > 0), key=lambda x: (-x[1], x[0]))
    debts = [n for _, n in owe]
    credits = [n for _, n in win]
    out: list[Transfer] = []
    i = j = 0
    while i < len(owe) and j < len(win):
        amount = min(debts[i], credits[j])
        out.append(Transfer(owe[i][0], win[j][0], amount))
        debts[i] -= amount
        credits[j] -= amount
        if debts[i] == 0:
            i += 1
        if credits[j] == 0:
            j += 1
    return out


class Chat:
    """A room's table chat: the last :data:`~.limits.CHAT_KEPT` lines and a
    rate limit per seat (:data:`~.limits.CHAT_PER_SECOND`, bursts of
    :data:`~.limits.CHAT_BURST`).

    Args:
        clock: Seconds, monotonic (tests pass a fake).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self._limits: dict[int, RateLimiter] = {}
        self._clock = clock

    def allow(self, seat: int) -> bool:
        """Whether ``seat`` may say one more line now (counted when it may)."""
        limiter = self._limits.get(seat)
        if limiter is None:
            limiter = self._limits[seat] = RateLimiter(CHAT_PER_SECOND, CHAT_BURST, self._clock)
        return limiter.allow()

    def say(self, seat: int, name: str, text: str) -> dict[str, Any]:
        """Keep a line; returns the ``chat`` message sent to everyone."""
        line = {"type": "chat", "seat": seat, "name": name, "text": text,
                "at": time.strftime("%H:%M", time.gmtime())}
        self.lines.append(line)
        return line
