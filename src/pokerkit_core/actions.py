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
    RULES.md section 2 (actions, raise-to amounts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from .errors import IllegalActionError, shown
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


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a kind and, for bets and raises, the raise-to total.

    Args:
        kind: The kind of action.
        to: For ``BET`` and ``RAISE``: the player's total bet for the current
            street after the action, in chips (raise-to, not raise-by).
            Must be 0 for the other kinds.

    Raises:
        IllegalActionError: ``kind`` is not an :class:`ActionKind`, ``to`` is
            not an int from 1 to :data:`~pokerkit_core.rules.MAX_CHIPS` for a bet or raise (bools and floats are
            refused), or is anything but the int 0 for another kind.  The
            error's ``action`` holds the raw arguments and its ``legal``
            describes the valid forms.
    """

    kind: ActionKind
    to: int = 0

    def __post_init__(self) -> None:
        kind, to = self.kind, self.to
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

    def __repr__(self) -> str:
        if self.kind is ActionKind.BET or self.kind is ActionKind.RAISE:
            return f"{self.kind.name.title()}({self.to})"
        return _CONSTANT_NAMES[self.kind]

    def __str__(self) -> str:
        text = _SHORT[self.kind]
        if self.kind is ActionKind.BET or self.kind is ActionKind.RAISE:
            return f"{text} {self.to}"
        return text

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the short text form: ``f``, ``k``, ``c``, ``b 300``, ``r 300``, ``allin``.

        Long names (``fold``, ``check``, ``call``, ``bet 300``, ``raise 300``,
        ``all-in``) and ``x`` for check are accepted too.

        Args:
            text: The action text; amounts are raise-to totals in chips.

        Returns:
            The action.

        Raises:
            IllegalActionError: ``text`` is not a str, or not an action (an
                unknown word, an amount that is not ASCII digits 0-9, is 0 or
                above :data:`~pokerkit_core.rules.MAX_CHIPS`, more than 100
                digits or 200 characters, or an amount where none belongs).  The error's ``legal`` describes the valid
                forms.
        """
        if not isinstance(text, str):
            raise IllegalActionError(text, _VALID_TEXT, f"action text must be a str, not {_type_note(text)}")
        if len(text) > _MAX_TEXT:
            excerpt = text[:40] + "..."
            raise IllegalActionError(excerpt, _VALID_TEXT, f"action text too long ({len(text)} characters)")
        parts = text.strip().lower().split()
        kind = _FROM_SHORT.get(parts[0]) if parts else None
        if kind is None or len(parts) > 2:
            raise IllegalActionError(text, _VALID_TEXT, "not an action")
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            if len(parts) != 2 or not _AMOUNT_RE.fullmatch(parts[1]):
                raise IllegalActionError(
                    text, _VALID_TEXT, f"{kind.value} needs a raise-to amount in digits 0-9"
                )
            if len(parts[1]) > _MAX_DIGITS:
                raise IllegalActionError(
                    text, _VALID_TEXT, f"the amount has more than {_MAX_DIGITS} digits"
                )
            return cls(kind, int(parts[1]))
        if len(parts) != 1:
            raise IllegalActionError(text, _VALID_TEXT, f"{kind.value} takes no amount")
        return cls(kind)


Fold = Action(ActionKind.FOLD)
"""Give up the hand."""
Check = Action(ActionKind.CHECK)
"""Pass without betting (only with nothing to call)."""
Call = Action(ActionKind.CALL)
"""Match the current bet (all-in for less when the stack is short)."""
AllIn = Action(ActionKind.ALL_IN)
"""Put in the whole stack: a call, bet or raise as the situation makes it."""


def Bet(to: int) -> Action:  # noqa: N802 - reads as an action constant
    """A bet on an unopened street making the player's street total ``to`` chips.

    Args:
        to: The player's total for the street after the bet, chips.

    Returns:
        ``Action(ActionKind.BET, to)``.

    Raises:
        IllegalActionError: ``to`` is not an int from 1 to :data:`~pokerkit_core.rules.MAX_CHIPS`.
    """
    return Action(ActionKind.BET, to)


def Raise(to: int) -> Action:  # noqa: N802 - reads as an action constant
    """A raise making the player's street total ``to`` chips (raise-to).

    Args:
        to: The player's total for the street after the raise, chips.

    Returns:
        ``Action(ActionKind.RAISE, to)``.

    Raises:
        IllegalActionError: ``to`` is not an int from 1 to :data:`~pokerkit_core.rules.MAX_CHIPS`.
    """
    return Action(ActionKind.RAISE, to)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Everything the seat to act may do.

    Amounts are chips; ``*_to`` amounts are the player's street total.

    Attributes:
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
        return allowed and self.min_raise_to <= action.to <= self.max_raise_to

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
