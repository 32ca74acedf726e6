"""Player actions and the set of legal actions.

Amounts are **raise-to** totals: ``Raise(300)`` means "make my total bet for
this street 300 chips", never "raise by 300".  The same holds for ``Bet``.

>>> Raise(300)
Raise(300)
>>> str(Raise(300)), str(Call), str(AllIn)
('r 300', 'c', 'allin')
>>> Action.parse("b 150") == Bet(150)
True

References:
    docs/rules.rst section 2 (actions, raise-to amounts).
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, NamedTuple

from ..evaluation.cards import _field
from ..errors import ActionParseError, IllegalActionError, shown
from .rules import MAX_CHIPS

__all__ = [
    "ActionKind",
    "Action",
    "Fold",
    "Check",
    "Call",
    "AllIn",
    "Bet",
    "Raise",
    "LegalActions",
    "default_action",
    "check_action",
    "not_an_action",
]


class ActionKind(Enum):
    """What a player does on their turn."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"


_SHORT = {
    ActionKind.FOLD: "f",
    ActionKind.CHECK: "k",
    ActionKind.CALL: "c",
    ActionKind.BET: "b",
    ActionKind.RAISE: "r",
    ActionKind.ALL_IN: "allin",
}
_FROM_SHORT = {text: kind for kind, text in _SHORT.items()}
_FROM_SHORT.update({"x": ActionKind.CHECK, "a": ActionKind.ALL_IN, "all-in": ActionKind.ALL_IN})
_FROM_SHORT.update({kind.value: kind for kind in ActionKind})
_FROM_SHORT.update({"cbr": ActionKind.RAISE, "cc": ActionKind.CALL})  # PHH
_CONSTANT_NAMES = {
    ActionKind.FOLD: "Fold",
    ActionKind.CHECK: "Check",
    ActionKind.CALL: "Call",
    ActionKind.ALL_IN: "AllIn",
}
_VALID_ACTIONS = (
    "Fold, Check, Call, AllIn, Bet(to) or Raise(to) with to an int raise-to from 1 to 10**18"
)
_VALID_TEXT = "f, k (or x), c, b N, r N or allin, where N is the raise-to in chips (digits 0-9)"
_AMOUNT_RE = re.compile(r"[0-9]+")
_GLUED_RE = re.compile(r"(b|r|cbr|bet|raise)([0-9]+)")
_MAX_DIGITS = 100
_MAX_TEXT = 200


class _RawAction(NamedTuple):
    """The raw arguments of an ``Action`` that could not be built (for errors)."""

    kind: Any
    to: Any

    def __repr__(self) -> str:
        if self.kind in (ActionKind.BET, ActionKind.RAISE):
            return f"{self.kind.name.title()}({shown(self.to)})"
        if isinstance(self.kind, ActionKind):
            return f"Action({self.kind}, {shown(self.to)})"
        return f"Action({shown(self.kind)}, {shown(self.to)})"


def _type_note(value: object) -> str:
    return f"{shown(value)} ({type(value).__name__})"


def _parse_error(text: object, reason: str) -> ActionParseError:
    excerpt = text if isinstance(text, str) and len(text) <= 60 else shown(text, 60)
    return ActionParseError(excerpt, reason, _VALID_TEXT)


def _checked(kind: object, to: object) -> None:
    """Refuse the fields of an action that cannot be built (see :class:`Action`)."""
    if not isinstance(kind, ActionKind):
        raise IllegalActionError(
            _RawAction(kind, to), _VALID_ACTIONS, f"kind must be an ActionKind, not {shown(kind)}"
        )
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        if to.__class__ is not int or not 0 < to <= MAX_CHIPS:
            raise IllegalActionError(
                _RawAction(kind, to),
                _VALID_ACTIONS,
                f"{kind.value} needs an int raise-to from 1 to {MAX_CHIPS:,}, got {_type_note(to)}",
            )
    elif to.__class__ is not int or to != 0:
        raise IllegalActionError(
            _RawAction(kind, to),
            _VALID_ACTIONS,
            f"{kind.value} takes no amount (to must be 0), got {_type_note(to)}",
        )


class Action(tuple[ActionKind, int]):  # the fields live in the tuple
    """One action: a kind and, for bets and raises, the raise-to total.

    An immutable, hashable value.  Its fields are kept inside a tuple (the
    class derives from ``tuple``: ``kind, to = action`` works), so the code
    that receives or returns an action cannot change them afterwards, not
    even with ``object.__setattr__``.  The class cannot be subclassed.  Two
    actions are equal when kind and amount are; an action never equals a
    plain tuple.

    Args:
        kind: The kind of action.
        to: For ``BET`` and ``RAISE``: the player's total bet for the current
            street after the action, in chips (raise-to, not raise-by).
            Must be 0 for the other kinds.

    Raises:
        IllegalActionError: ``kind`` is not an :class:`ActionKind`, ``to`` is
            not an int from 1 to :data:`~pokerkit_core.engine.rules.MAX_CHIPS` for a bet or raise (bools and floats are
            refused), or is anything but the int 0 for another kind.  The
            error's ``action`` holds the raw arguments and its ``legal``
            describes the valid forms.
    """

    __slots__ = ()
    __match_args__ = ("kind", "to")

    kind: ActionKind = _field(0, "The kind of action.")
    to: int = _field(
        1, "Raise-to total for the street of a bet or raise, chips (0 otherwise)."
    )

    def __new__(cls, kind: ActionKind, to: int = 0) -> "Action":
        _checked(kind, to)
        return tuple.__new__(cls, (kind, to))

    def __init_subclass__(cls, **kwargs: object) -> None:
        raise TypeError("Action cannot be subclassed (the engine takes Action values only)")

    def __reduce__(self) -> tuple[object, tuple[ActionKind, int]]:
        return (Action, (self[0], self[1]))

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Action and self[0] is other[0] and self[1] == other[1]

    def __ne__(self, other: object) -> bool:
        return not (other.__class__ is Action and self[0] is other[0] and self[1] == other[1])

    __hash__ = tuple.__hash__

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __call__(self, *args: object, **kwargs: object) -> "Action":
        name = repr(self)
        raise TypeError(f"{name} is already an action: write {name}, not {name}()")

    def __repr__(self) -> str:
        kind = self[0]
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            return f"{kind.name.title()}({self[1]})"
        return _CONSTANT_NAMES[kind]

    def __str__(self) -> str:
        kind = self[0]
        text = _SHORT[kind]
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            return f"{text} {self[1]}"
        return text

    @classmethod
    def parse(cls, text: str, legal: "LegalActions | None" = None) -> "Action":
        """Read the short text form: ``f``, ``k``, ``c``, ``b 300``, ``r 300``, ``allin``.

        Long names (``fold``, ``check``, ``call``, ``bet 300``, ``raise 300``,
        ``all-in``), ``x`` for check, an amount written against its letter
        (``r300``) and the PHH forms ``cbr 300`` (bet or raise to 300) and
        ``cc`` (check or call) are accepted too.

        Args:
            text: The action text; amounts are raise-to totals in chips.
            legal: The legal actions of the seat, if known: then ``b N``,
                ``r N`` and ``cbr N`` become whichever of bet and raise is
                possible, and ``cc`` check or call.  Without it ``cbr N`` is
                ``Raise(N)`` and ``cc`` is ``Call``.  The result is not
                checked for legality (``act`` does that).

        Returns:
            The action.

        Raises:
            ActionParseError: ``text`` is not a str, or not an action (an
                unknown word, an amount that is not ASCII digits 0-9, is 0 or
                above :data:`~pokerkit_core.engine.rules.MAX_CHIPS`, more than 100
                digits or 200 characters, or an amount where none belongs).
                The error's ``valid`` describes the valid forms.
        """
        if not isinstance(text, str):
            raise _parse_error(text, f"action text must be a str, not {_type_note(text)}")
        if len(text) > _MAX_TEXT:
            raise _parse_error(text[:40] + "...", f"action text too long ({len(text)} characters)")
        parts = text.strip().lower().split()
        if len(parts) == 1:
            glued = _GLUED_RE.fullmatch(parts[0])
            if glued is not None:
                parts = [glued.group(1), glued.group(2)]
        word = parts[0] if parts else ""
        kind = _FROM_SHORT.get(word)
        if kind is None or len(parts) > 2:
            raise _parse_error(text, "not an action")
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            name = "bet or raise" if word == "cbr" else kind.value
            if len(parts) != 2 or not _AMOUNT_RE.fullmatch(parts[1]):
                raise _parse_error(text, f"{name} needs a raise-to amount in digits 0-9")
            if len(parts[1]) > _MAX_DIGITS:
                raise _parse_error(text, f"the amount has more than {_MAX_DIGITS} digits")
            to = int(parts[1])
            if not 0 < to <= MAX_CHIPS:
                raise _parse_error(text, f"{name} needs a raise-to from 1 to {MAX_CHIPS:,}, got {to}")
            if legal is not None and (legal.can_bet or legal.can_raise):
                kind = ActionKind.BET if legal.can_bet else ActionKind.RAISE
            return tuple.__new__(cls, (kind, to))
        if len(parts) != 1:
            raise _parse_error(text, f"{kind.value} takes no amount")
        if word == "cc" and legal is not None and legal.can_check:
            kind = ActionKind.CHECK
        return _CONSTANTS[kind]


Fold = Action(ActionKind.FOLD)
"""Give up the hand."""
Check = Action(ActionKind.CHECK)
"""Pass without betting (only with nothing to call)."""
Call = Action(ActionKind.CALL)
"""Match the current bet (all-in for less when the stack is short)."""
AllIn = Action(ActionKind.ALL_IN)
"""Put in the whole stack: a call, bet or raise as the situation makes it."""

_CONSTANTS = {ActionKind.FOLD: Fold, ActionKind.CHECK: Check, ActionKind.CALL: Call, ActionKind.ALL_IN: AllIn}


def Bet(to: int) -> Action:  # noqa: N802 - reads as an action constant
    """A bet on an unopened street making the player's street total ``to`` chips.

    Args:
        to: The player's total for the street after the bet, chips.

    Returns:
        ``Action(ActionKind.BET, to)``.

    Raises:
        IllegalActionError: ``to`` is not an int from 1 to :data:`~pokerkit_core.engine.rules.MAX_CHIPS`.
    """
    return Action(ActionKind.BET, to)


def Raise(to: int) -> Action:  # noqa: N802 - reads as an action constant
    """A raise making the player's street total ``to`` chips (raise-to).

    Args:
        to: The player's total for the street after the raise, chips.

    Returns:
        ``Action(ActionKind.RAISE, to)``.

    Raises:
        IllegalActionError: ``to`` is not an int from 1 to :data:`~pokerkit_core.engine.rules.MAX_CHIPS`.
    """
    return Action(ActionKind.RAISE, to)


def not_an_action(value: object) -> str:
    """Why ``value`` is not an action, and what to write instead.

    Args:
        value: Something offered where an :class:`Action` belongs.

    Returns:
        A sentence for an error message, e.g. for the function ``Raise``
        itself: ``"Raise is a function: write Raise(to), to the raise-to
        total in chips, e.g. Raise(300)"``.
    """
    if value is Raise or value is Bet:
        name = value.__name__
        return f"{name} is a function: write {name}(to), to the raise-to total in chips, e.g. {name}(300)"
    if value is Action:
        return "Action is the class: write Fold, Check, Call, AllIn, Bet(to) or Raise(to)"
    if isinstance(value, ActionKind):
        if value in _CONSTANT_NAMES:
            return f"{value} is a kind, not an action: write {_CONSTANT_NAMES[value]}"
        return f"{value} is a kind, not an action: write {value.name.title()}(to)"
    if isinstance(value, str):
        return f"text is not an action: write Action.parse({shown(value, 40)})"
    return f"an action must be an Action (Fold, Check, Call, AllIn, Bet(to), Raise(to)), not {shown(value)}"


def check_action(value: object) -> Action:
    """``value`` as an action the engine can trust, or an error saying what to write.

    An :class:`Action` cannot be changed once built, but one can be put
    together around its constructor (``tuple.__new__(Action, ...)``); this
    checks its fields again (kind an :class:`ActionKind`, amount an int in
    range) at the cost of one type test per field.

    Args:
        value: What a caller or policy offered as an action.

    Returns:
        ``value`` itself.

    Raises:
        IllegalActionError: ``value`` is not an :class:`Action` (the reason
            says what to write instead: ``Raise(300)`` for ``Raise``), or
            its fields are not those of a valid action.
    """
    if value.__class__ is not Action:
        raise IllegalActionError(value, _VALID_ACTIONS, not_an_action(value))
    _checked(tuple.__getitem__(value, 0), tuple.__getitem__(value, 1))
    return value


class LegalActions(NamedTuple):
    """Everything the seat to act may do.

    Amounts are chips; ``*_to`` amounts are the player's street total.  An
    immutable value (a named tuple: its fields cannot be changed, not even
    with ``object.__setattr__``).

    Args:
        seat: The seat to act.
        can_fold: Folding is allowed (only when facing a bet).
        can_check: Checking is allowed (nothing to call).
        can_call: Calling is allowed (something to call).
        call_amount: Chips a call adds (capped at the stack: an all-in call).
        call_to: The street total to match (the current bet; a short blind
            does not lower it).
        can_bet: An opening bet is allowed (no bet this street).
        can_raise: A raise is allowed.
        min_raise_to: Smallest legal bet or raise-to (equals the all-in total
            when the stack cannot make a full raise).
        max_raise_to: Largest legal bet or raise-to.
        max_is_all_in: ``max_raise_to`` puts the whole stack in.
        is_capped: Fixed-limit raise cap reached this street.
        stack: Chips behind of the seat to act.
        bet: Chips the seat already has in front this street.
    """

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    call_to: int
    can_bet: bool
    can_raise: bool
    min_raise_to: int
    max_raise_to: int
    max_is_all_in: bool
    is_capped: bool
    stack: int
    bet: int = 0

    @property
    def all_in_to(self) -> int:
        """The street total if the seat puts in its whole stack."""
        return self.bet + self.stack

    @property
    def can_all_in(self) -> bool:
        """``AllIn`` is legal (an all-in call, or the maximum bet/raise is all-in)."""
        if self.can_call and self.call_amount == self.stack:
            return True
        return (self.can_bet or self.can_raise) and self.max_is_all_in

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        kind = action.kind
        if kind is ActionKind.FOLD:
            return self.can_fold
        if kind is ActionKind.CHECK:
            return self.can_check
        if kind is ActionKind.CALL:
            return self.can_call
        if kind is ActionKind.ALL_IN:
            return self.can_all_in
        allowed = self.can_bet if kind is ActionKind.BET else self.can_raise
        to = action.to
        return allowed and to.__class__ is int and self.min_raise_to <= to <= self.max_raise_to

    def actions(self) -> tuple[Action, ...]:
        """One representative legal action of each legal kind.

        Returns:
            In order: ``Fold``, ``Check``, ``Call``, the minimum ``Bet`` or
            ``Raise``, the maximum one when different, ``AllIn`` when legal.
        """
        out: list[Action] = []
        if self.can_fold:
            out.append(Fold)
        if self.can_check:
            out.append(Check)
        if self.can_call:
            out.append(Call)
        if self.can_bet or self.can_raise:
            kind = ActionKind.BET if self.can_bet else ActionKind.RAISE
            out.append(Action(kind, self.min_raise_to))
            if self.max_raise_to != self.min_raise_to:
                out.append(Action(kind, self.max_raise_to))
        if self.can_all_in:
            out.append(AllIn)
        return tuple(out)

    def __str__(self) -> str:
        parts: list[str] = []
        if self.can_fold:
            parts.append("fold")
        if self.can_check:
            parts.append("check")
        if self.can_call:
            all_in = " (all-in)" if self.call_amount == self.stack else ""
            parts.append(f"call {self.call_amount}{all_in}")
        if self.can_bet or self.can_raise:
            word = "bet" if self.can_bet else "raise to"
            if self.min_raise_to == self.max_raise_to:
                amount = f"{self.min_raise_to}"
            else:
                amount = f"{self.min_raise_to}..{self.max_raise_to}"
            all_in = " (all-in)" if self.max_is_all_in and self.max_raise_to == self.all_in_to else ""
            parts.append(f"{word} {amount}{all_in}")
        if self.is_capped:
            parts.append("(raises capped)")
        return ", ".join(parts) if parts else "nothing"


def default_action(legal: LegalActions) -> Action:
    """The action played for a seat whose decision failed or timed out.

    Args:
        legal: The seat's legal actions.

    Returns:
        :data:`Check` if checking is legal, else :data:`Fold` (the one
        default of every runner: the hand driver, isolated bots).
    """
    return Check if legal.can_check else Fold
