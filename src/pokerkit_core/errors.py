"""The exception tree of pokerkit_core.

Every exception the library raises on purpose derives from :class:`PokerError`;
those caused by bad input also derive from :class:`ValueError`, so callers can
catch either.  Exceptions keep their constructor arguments in ``args`` so that
they pickle across processes (the match runner uses worker processes).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "shown",
    "PokerError",
    "CardError",
    "InvalidConfigError",
    "IllegalActionError",
    "NotYourTurnError",
    "HandOverError",
    "HistoryParseError",
    "PolicyError",
    "DecisionTimeout",
    "EvaluatorError",
    "RangeError",
]


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for an error message: at most ``limit`` characters and
    safe for any value.

    An int too long to print (Python refuses ``str()`` of ints over 4,300
    digits) is described by its size, a ``repr`` that raises by the type's
    name, and a long ``repr`` is cut with ``...``.

    Args:
        value: Anything a caller passed in.
        limit: Longest text returned (at least 10).

    Returns:
        Text for a message, never raising.
    """
    limit = max(limit, 10)
    try:
        if type(value) is int and value.bit_length() > 256:  # noqa: E721 - exact ints only
            return f"<an int of about {int(value.bit_length() * 0.30103) + 1} digits>"
        text = str(repr(value))  # str(): a hostile str subclass from __repr__ becomes a str
        return text if len(text) <= limit else text[: limit - 3] + "..."
    except Exception:  # noqa: BLE001 - a hostile __repr__, or a huge int inside
        return f"<{type(value).__name__} object>"


class PokerError(Exception):
    """Root of every exception this library raises on purpose."""


class CardError(PokerError, ValueError):
    """Card text or card codes that do not name distinct, valid cards.

    Attributes:
        text: The offending text (or ``repr`` of the offending value).
        reason: What was wrong, e.g. ``"unknown rank 'X'"`` or
            ``"duplicate card As"``.
    """

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(text, reason)
        self.text = text
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.reason} in {self.text!r}"


class InvalidConfigError(PokerError, ValueError):
    """A game configuration, blind schedule or other setting is inconsistent."""


class IllegalActionError(PokerError, ValueError):
    """An action that the rules do not allow in this state.

    Attributes:
        action: The refused action.
        legal: What was legal instead (a ``LegalActions`` value).
        reason: The rule that was broken, in words.
    """

    def __init__(self, action: Any, legal: Any, reason: str) -> None:
        super().__init__(action, legal, reason)
        self.action = action
        self.legal = legal
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.action!r} is not legal: {self.reason}; legal: {self.legal}"


class NotYourTurnError(IllegalActionError):
    """A seat tried to act when it is not its turn (an external player of a
    table the application drives, or a remote seat).

    Attributes:
        action: The refused action.
        legal: ``None``: nothing is legal for this seat now.
        seat: The seat that tried to act.
        to_act: The seat whose turn it is (``None`` when no one may act:
            the hand is waiting for nobody, e.g. it has not started).
        reason: Whose turn it is, in words.
    """

    def __init__(self, action: Any, seat: int, to_act: int | None, note: str = "") -> None:
        whose = "no seat is to act" if to_act is None else f"it is seat {to_act}'s turn"
        super().__init__(action, None, f"seat {seat} may not act now: {whose}{note}")
        self.args = (action, seat, to_act, note)  # pickles with all its arguments
        self.seat = seat
        self.to_act = to_act

    def __str__(self) -> str:
        return f"{self.action!r} refused: {self.reason}"


class HandOverError(PokerError):
    """An action was offered to a hand that has already ended."""


class HistoryParseError(PokerError, ValueError):
    """A hand history (PHH, ACPC log or protocol line) could not be read.

    Attributes:
        message: What was wrong.
        line: 1-based line number in the source, or ``None`` when unknown.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message, line)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class PolicyError(PokerError):
    """A policy could not be found, loaded or run."""


class DecisionTimeout(PolicyError):
    """A player's decision (or hook) took longer than its time limit.

    A hand driver that gets this exception from a policy's ``decide`` (for
    example from a proxy that runs the bot in another process and stops
    waiting for it) records a time-out fault and plays the default action,
    exactly as when its own limit runs out.

    Attributes:
        seconds: The limit that was exceeded, seconds (``None``: unknown).
    """

    def __init__(self, message: str, seconds: float | None = None) -> None:
        super().__init__(message, seconds)
        self.seconds = seconds

    def __str__(self) -> str:
        return str(self.args[0])


class EvaluatorError(PokerError):
    """The C core reported a failure (a bug or an exhausted resource)."""


class RangeError(PokerError, ValueError):
    """A hand range such as ``"QQ+, AKs"`` could not be parsed or is empty."""
