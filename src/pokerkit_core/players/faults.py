"""Fault records: what a runner writes down when a player fails.

A :class:`PolicyFault` is one failed or late decision, or one failed hook, of
a computer player (or a time-out of an external one); :class:`FaultKind` says
which.  :class:`StopSession` is the one exception a player may raise that is
never a fault: it stops play.  The hand driver
(:class:`~pokerkit_core.players.driver.HandDriver`) writes the records; matches, tables,
tournaments and the ACPC dealer keep them.

References:
    STYLE.md item 12 (one loop that asks players, one fault record).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..errors import InvalidConfigError, shown

__all__ = ["FaultKind", "PolicyFault", "StopSession"]


class FaultKind(Enum):
    """What went wrong in a :class:`PolicyFault`."""

    RAISED = "raised"
    """``decide`` raised an exception."""

    NOT_AN_ACTION = "not-an-action"
    """``decide`` returned something that is not an ``Action``."""

    ILLEGAL = "illegal"
    """``decide`` returned an action the rules refuse here."""

    TIMEOUT = "timeout"
    """A decision or hook went over the time limit (or an external seat was
    timed out by the application)."""

    HOOK = "hook"
    """A ``hand_started`` or ``hand_ended`` hook raised (nothing was played
    instead: the hand went on as if it had returned)."""


@dataclass(frozen=True, slots=True)
class PolicyFault:
    """One fault of a player: a failed or late decision, or a failed hook.

    Attributes:
        hand_number: The runner's number of the hand (a table counts from 1,
            a match from 0; ``None`` if the runner gave none).
        seat: The faulty seat.
        message: What went wrong, e.g. ``"decide raised ValueError: ..."``,
            ``"decide returned an illegal action: ..."``, ``"decide took
            longer than 2 s"`` or ``"hand_started raised KeyError: ..."``.
        kind: The :class:`FaultKind`.
        substitute: What was played instead: ``"check"``, ``"fold"``, or
            ``""`` for a hook (nothing played).
        player: In a match, the index of the player (0 or 1, in the order
            given to :func:`~pokerkit_core.match.runner.run_match`); else ``None``.
        name: In a match, the player's name; else ``""``.
    """

    hand_number: int | None
    seat: int
    message: str
    kind: FaultKind = FaultKind.RAISED
    substitute: str = ""
    player: int | None = None
    name: str = ""

    @property
    def hand(self) -> int | None:
        """:attr:`hand_number` under the name match faults used."""
        return self.hand_number

    def to_dict(self) -> dict[str, Any]:
        """The fault as a JSON-ready dict.

        Returns:
            ``hand_number`` (int or ``None``), ``hand`` (the same),
            ``seat`` (int), ``message`` (str), ``kind`` (the
            :class:`FaultKind` value, str), ``substitute`` (str),
            ``player`` (int or ``None``) and ``name`` (str).
        """
        return {
            "hand_number": self.hand_number,
            "hand": self.hand_number,
            "seat": self.seat,
            "message": self.message,
            "kind": self.kind.value,
            "substitute": self.substitute,
            "player": self.player,
            "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PolicyFault:
        """The fault :meth:`to_dict` described.

        Args:
            data: A dict as :meth:`to_dict` returns it (``hand`` ignored).

        Returns:
            The fault.

        Raises:
            InvalidConfigError: A key is missing or has the wrong type.
        """
        try:
            fault = cls(
                hand_number=data["hand_number"],
                seat=data["seat"],
                message=data["message"],
                kind=FaultKind(data["kind"]),
                substitute=data["substitute"],
                player=data["player"],
                name=data["name"],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidConfigError(f"not a fault record: {shown(data)} ({exc})") from None
        for key, kinds in (
            ("hand_number", (int, type(None))),
            ("seat", (int,)),
            ("message", (str,)),
            ("substitute", (str,)),
            ("player", (int, type(None))),
            ("name", (str,)),
        ):
            value = getattr(fault, key)
            if value.__class__ not in kinds:
                raise InvalidConfigError(f"fault field {key} has the wrong type: {shown(value)}")
        return fault


class StopSession(Exception):
    """Raised by a player (e.g. a person who quits) to stop play now.

    It is never a fault: the driver lets it through, leaving the hand as it
    was before the interrupted call (a table keeps the hand and a later
    ``play_hand`` / ``start_hand`` resumes it).
    """
