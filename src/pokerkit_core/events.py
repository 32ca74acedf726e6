"""The public history of a hand: one frozen event per thing that happened.

Every event here is public: hole cards appear only in :class:`HandShown`
(a reveal everybody sees); :class:`HoleCardsDealt` says only that a seat got
its cards.  ``HandState.history`` is a tuple of these events in order.

References:
    RULES.md section 2 (posting, betting, run-out, showdown, uncalled bets).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Union

from .actions import Action
from .cards import Card
from .rules import Street

__all__ = [
    "Event",
    "BlindPosted",
    "HoleCardsDealt",
    "ActionTaken",
    "BoardDealt",
    "HandShown",
    "HandMucked",
    "UncalledBetReturned",
    "PotAwarded",
]


@dataclass(frozen=True, slots=True)
class BlindPosted:
    """A forced bet: ``kind`` is ``"ante"``, ``"small blind"`` or ``"big blind"``.

    Attributes:
        seat: The posting seat.
        amount: Chips posted (less than the blind when the seat is all-in).
        kind: ``"ante"``, ``"small blind"`` or ``"big blind"``.
    """

    seat: int
    amount: int
    kind: str

    def __str__(self) -> str:
        return f"seat {self.seat} posts {self.kind} {self.amount}"


@dataclass(frozen=True, slots=True)
class HoleCardsDealt:
    """Seat ``seat`` received its two hole cards (not shown here)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} is dealt two cards"


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A player's action, as the engine applied it.

    ``AllIn`` is recorded as what it was: ``Call`` (an all-in call for the
    amount to call or less), ``Bet(to)`` or ``Raise(to)``, with
    ``all_in=True``.

    Attributes:
        seat: The acting seat.
        action: The action (bets and raises carry the raise-to total).
        street: The street it was taken on.
        amount_added: Chips moved from the stack to the bet.
        all_in: The action put the player all-in.
    """

    seat: int
    action: Action
    street: Street
    amount_added: int
    all_in: bool = False

    def __str__(self) -> str:
        tail = " (all-in)" if self.all_in else ""
        return f"seat {self.seat}: {self.action}{tail}"


@dataclass(frozen=True, slots=True)
class BoardDealt:
    """Board cards for ``street``: three for the flop, one for turn and river."""

    street: Street
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.street.name.lower()}: {' '.join(map(str, self.cards))}"


@dataclass(frozen=True, slots=True)
class HandShown:
    """Seat ``seat`` showed its hole cards (showdown, run-out or voluntary)."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} shows {' '.join(map(str, self.cards))}"


@dataclass(frozen=True, slots=True)
class HandMucked:
    """Seat ``seat`` threw its hand away at showdown without showing it."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} mucks"


@dataclass(frozen=True, slots=True)
class UncalledBetReturned:
    """The unmatched part of a bet went back to its owner (never in a pot)."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"uncalled {self.amount} returned to seat {self.seat}"


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """Pot ``pot_index`` (0 = main pot) paid to ``seats``, ``amounts`` each.

    Amounts are ints, or :class:`fractions.Fraction` under
    ``OddChipRule.EXACT``.
    """

    pot_index: int
    seats: tuple[int, ...]
    amounts: tuple[int | Fraction, ...]

    def __str__(self) -> str:
        name = "main pot" if self.pot_index == 0 else f"side pot {self.pot_index}"
        paid = ", ".join(f"seat {s} wins {a}" for s, a in zip(self.seats, self.amounts))
        return f"{name}: {paid}"


Event = Union[
    BlindPosted,
    HoleCardsDealt,
    ActionTaken,
    BoardDealt,
    HandShown,
    HandMucked,
    UncalledBetReturned,
    PotAwarded,
]
"""Any event of the public hand history."""
