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
    "HandOverError",
    "HistoryParseError",
    "PolicyError",
    "IsolatedPolicyError",
    "DecisionTimeout",
    "PolicyDied",
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


class IsolatedPolicyError(PolicyError):
    """A policy running in its own process (``isolate=True``) failed one
    request: it raised there (the message names its exception), or it answered
    something that is not a valid reply.

    A runner treats it like any exception from ``decide`` or a hook: a
    recorded fault, and the default action (check if legal, else fold).
    """


class DecisionTimeout(IsolatedPolicyError):
    """An isolated policy did not answer within its ``decision_timeout``.

    Attributes:
        seconds: The time limit that was exceeded, seconds.
    """

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message, seconds)
        self.seconds = seconds

    def __str__(self) -> str:
        return str(self.args[0])


class PolicyDied(IsolatedPolicyError):
    """An isolated policy's process ended, hung past a second time limit, or
    broke the wire protocol; it is replaced by the default action for the rest
    of the match (raised once, by the request that found it)."""


class EvaluatorError(PokerError):
    """The C core reported a failure (a bug or an exhausted resource)."""


class RangeError(PokerError, ValueError):
    """A hand range such as ``"QQ+, AKs"`` could not be parsed or is empty."""
