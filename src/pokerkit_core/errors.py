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
    "ActionParseError",
    "SerializationError",
    "NotYourTurnError",
    "HandOverError",
    "SessionBusyError",
    "HistoryParseError",
    "SiteHistoryError",
    "PolicyError",
    "IsolatedPolicyError",
    "DecisionTimeout",
    "PolicyDied",
    "ProbeError",
    "EvaluatorError",
    "RangeError",
    "AcpcProtocolError",
    "MissingExtraError",
    "install_hint",
    "SeedWarning",
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


class ActionParseError(PokerError, ValueError):
    """Text that is not an action (``Action.parse("raise lots")``).

    Not an :class:`IllegalActionError`: the text says nothing yet about
    whether an action would be legal.

    Attributes:
        text: The offending text (cut to a bounded excerpt) or ``repr`` of a
            non-text value.
        reason: What was wrong, e.g. ``"raise needs a raise-to amount in
            digits 0-9"``.
        valid: The forms that would be read.
    """

    def __init__(self, text: str, reason: str, valid: str) -> None:
        super().__init__(text, reason, valid)
        self.text = text
        self.reason = reason
        self.valid = valid

    def __str__(self) -> str:
        return f"cannot read {self.text!r} as an action: {self.reason}; write {self.valid}"


class SerializationError(PokerError, ValueError):
    """JSON (or a dict) that is not a valid serialized value.

    The one error :func:`pokerkit_core.formats.serialize.loads` and
    :func:`~pokerkit_core.formats.serialize.from_dict` raise for bad input, whatever
    was wrong: not JSON, too long or too deep, an unknown type or version, a
    missing or mistyped field, or values the rules refuse (an impossible
    state).

    Attributes:
        path: Where in the document, e.g. ``"config.stacks[3]"`` (``""`` for
            the whole document).
        reason: What was wrong there.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(path, reason)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}" if self.path else self.reason


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


class SessionBusyError(PokerError, RuntimeError):
    """A table session was asked to change while it is busy with a call.

    A :class:`~pokerkit_core.tables.session.TableSession` refuses any call that would
    change it (``start_hand``, ``apply``, ``time_out``, ``play_hand``,
    ``run``, ``abandon_hand``, ``sit_out``, ``fill`` ..., and their async
    forms) while one of those calls is still running: from a policy's
    ``decide`` or hook, from a listener, or from another task while an async
    call is awaiting.  Nothing about the session changes.  A policy that
    raises it from ``decide`` gets what any raising policy gets: a recorded
    fault and the default action for its own seat (with ``strict``, a
    :class:`PolicyError`).
    """


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


class SiteHistoryError(HistoryParseError):
    """An online site's hand history could not be read
    (:mod:`pokerkit_core.formats.sites`).

    Attributes:
        message: What was expected and what was found.
        line: 1-based line number in the file, or ``None`` when unknown.
        path: The file (as given), or ``None`` for text not read from a file.
    """

    def __init__(self, message: str, line: int | None = None, path: str | None = None) -> None:
        super().__init__(message, line)
        self.path = path

    def __str__(self) -> str:
        where = "" if self.path is None else f"{self.path}: "
        return where + super().__str__()


class PolicyError(PokerError):
    """A policy could not be found, loaded or run."""


class IsolatedPolicyError(PolicyError):
    """A policy running in its own process (``isolate=True``) failed one
    request: it raised there (the message names its exception), or it answered
    something that is not a valid reply.

    A runner treats it like any exception from ``decide`` or a hook: a
    recorded fault, and the default action (check if legal, else fold).
    """


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


class PolicyDied(IsolatedPolicyError):
    """An isolated policy's process ended, hung past a second time limit, or
    broke the wire protocol; it is replaced by the default action for the rest
    of the match (raised once, by the request that found it)."""


class ProbeError(PolicyError):
    """A policy cannot be probed for its strategy at other hole cards (the
    local best response of :mod:`pokerkit_core.ai.lbr` needs that): it has no
    ``action_probabilities`` and either no known factory, a factory that
    cannot be called as ``factory(seed=seed)``, or fresh instances with the
    same seed that disagree on the same observation (it is not deterministic
    given its seed).  The message says which.
    """


class EvaluatorError(PokerError):
    """The C core reported a failure (a bug or an exhausted resource)."""


class RangeError(PokerError, ValueError):
    """A hand range such as ``"QQ+, AKs"`` could not be parsed or is empty."""


class AcpcProtocolError(HistoryParseError):
    """An ACPC peer sent a line this side refuses to act on.

    A line longer than the ACPC dealer's limit (4,095 bytes with its end of
    line), or a ``MATCHSTATE`` that cannot happen in the game: a raise above
    the stack, board cards before their round, a hand number going
    backwards.  The message is one line and quotes a bounded excerpt.
    """


def install_hint(extra: str) -> str:
    """How to install the optional extra ``extra``: the one text of every
    install hint (errors, help texts).

    Args:
        extra: The ``pokerkit_core`` extra, e.g. ``"plot"``.

    Returns:
        For ``"plot"``: ``pip install "pokerkit_core[plot]"`` followed by
        ``(from a source checkout: pip install ".[plot]")``: the form for
        the published package, and the form that works in a checkout of the
        source, where ``pokerkit_core[plot]`` would ask a package index.
    """
    return f'pip install "pokerkit_core[{extra}]" (from a source checkout: pip install ".[{extra}]")'


class MissingExtraError(PokerError, ImportError):
    """An optional feature needs a package that is not installed.

    The message ends with :func:`install_hint` for the extra.

    Attributes:
        package: The missing package, e.g. ``"matplotlib"``.
        extra: The ``pokerkit_core`` extra that installs it, e.g. ``"plot"``.
        feature: What needs it, e.g. ``"plotting"`` (``""``: "this").
    """

    def __init__(self, package: str, extra: str, feature: str = "") -> None:
        super().__init__(package, extra, feature)
        self.package, self.extra, self.feature = package, extra, feature

    def __str__(self) -> str:
        what = f"{self.feature} needs" if self.feature else "this needs"
        return f"{what} {self.package}: {install_hint(self.extra)}"


class SeedWarning(UserWarning):
    """An isolated run was given a seed a bot could guess (an explicit seed
    below :data:`~pokerkit_core.seeding.GUESSABLE_SEED_BOUND`): a bot that
    knows the library's code can try the likely seeds until one gives its own
    seed or hole cards, and then knows every deck.  Against untrusted bots
    leave the seed out (a fresh one is drawn and reported) or keep it secret
    until the run is over."""
