"""The public history of a hand: one frozen event per thing that happened.

Every event here is public: hole cards appear only in :class:`HandShown`
(a reveal everybody sees); :class:`HoleCardsDealt` says only that a seat got
its cards.  ``HandState.history`` is a tuple of these events in order.

Events are immutable values built on :class:`tuple` (like
:func:`~typing.NamedTuple`): fields by name or position, ``_asdict()``, and
no way to rewrite a field, not even with ``object.__setattr__``, so a
policy or exporter that receives the history cannot change the record.  Two
events are equal when they are of the same class with equal fields (a
``HandMucked(2)`` never equals a ``HoleCardsDealt(2)``).

References:
    docs/rules.rst section 2 (posting, betting, run-out, showdown, uncalled bets).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple, Union, get_args

from .actions import Action
from ..evaluation.cards import Card
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
    "RakeTaken",
    "PotAwarded",
]


class BlindPosted(NamedTuple):
    """A forced bet: ``kind`` is ``"ante"``, ``"small blind"``, ``"big blind"`` or ``"straddle"``.

    Attributes:
        seat: The posting seat.
        amount: Chips posted (less than the forced bet when the seat is
            all-in).
        kind: ``"ante"``, ``"small blind"``, ``"big blind"`` or
            ``"straddle"`` (each straddle after the big blind, in posting
            order: UTG straddle, double straddle, ...).
    """

    seat: int
    amount: int
    kind: str

    def __str__(self) -> str:
        return f"seat {self.seat} posts {self.kind} {self.amount}"


class HoleCardsDealt(NamedTuple):
    """Seat ``seat`` received its two hole cards (not shown here)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} is dealt two cards"


class ActionTaken(NamedTuple):
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


class BoardDealt(NamedTuple):
    """Board cards for ``street``: three for the flop, one for turn and river.

    Attributes:
        street: The street the cards belong to.
        cards: The new cards.
        board: Which board (0 = the first; 1, ... for the further boards of
            a hand run more than once, ``GameConfig.boards``).
    """

    street: Street
    cards: tuple[Card, ...]
    board: int = 0

    def __str__(self) -> str:
        where = f" (board {self.board + 1})" if self.board else ""
        return f"{self.street.name.lower()}{where}: {' '.join(map(str, self.cards))}"


class HandShown(NamedTuple):
    """Seat ``seat`` showed its hole cards (showdown, run-out or voluntary)."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} shows {' '.join(map(str, self.cards))}"


class HandMucked(NamedTuple):
    """Seat ``seat`` threw its hand away at showdown without showing it."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} mucks"


class UncalledBetReturned(NamedTuple):
    """The unmatched part of a bet, or of an ante nobody matched (the others
    all-in from a short ante), went back to its owner (never in a pot)."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"uncalled {self.amount} returned to seat {self.seat}"


class PotAwarded(NamedTuple):
    """Pot ``pot_index`` (0 = main pot) paid to ``seats``, ``amounts`` each.

    Amounts are ints, or :class:`fractions.Fraction` under
    ``OddChipRule.EXACT``.  When the board was run more than once, each
    board's showdown pays its part of every pot in its own event (``board``
    0, 1, ...); the amounts of a pot's events add up to the pot.

    Attributes:
        pot_index: 0 for the main pot, then the side pots.
        seats: Seats paid, seat order.
        amounts: Chips each, in the order of ``seats``.
        board: The board whose showdown paid them (0 = the first).
    """

    pot_index: int
    seats: tuple[int, ...]
    amounts: tuple[int | Fraction, ...]
    board: int = 0

    def __str__(self) -> str:
        name = "main pot" if self.pot_index == 0 else f"side pot {self.pot_index}"
        where = f" (board {self.board + 1})" if self.board else ""
        paid = ", ".join(f"seat {s} wins {a}" for s, a in zip(self.seats, self.amounts))
        return f"{name}{where}: {paid}"


class RakeTaken(NamedTuple):
    """The house took ``amount`` chips of rake from pot ``pot_index``
    (0 = main pot) before awarding it (``GameConfig.rake_rate``).

    Attributes:
        pot_index: 0 for the main pot, then the side pots.
        amount: Chips taken.
    """

    pot_index: int
    amount: int

    def __str__(self) -> str:
        name = "main pot" if self.pot_index == 0 else f"side pot {self.pot_index}"
        return f"rake {self.amount} from the {name}"


Event = Union[
    BlindPosted,
    HoleCardsDealt,
    ActionTaken,
    BoardDealt,
    HandShown,
    HandMucked,
    UncalledBetReturned,
    RakeTaken,
    PotAwarded,
]
"""Any event of the public hand history."""


def _eq(self: tuple[Any, ...], other: object) -> bool:
    return self.__class__ is other.__class__ and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    return not _eq(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    return hash((self.__class__.__name__, tuple(self)))


def _unordered(self: object, other: object) -> bool:
    raise TypeError(f"{self.__class__.__name__} values have no order")


def seal_values(*classes: type) -> None:
    """Give tuple-backed value classes class-aware ``==``/``hash`` and no order.

    Args:
        classes: :func:`~typing.NamedTuple` classes.
    """
    for cls in classes:
        cls.__eq__ = _eq  # type: ignore[assignment,method-assign]
        cls.__ne__ = _ne  # type: ignore[assignment,method-assign]
        cls.__hash__ = _hash  # type: ignore[assignment,method-assign]
        for name in ("__lt__", "__le__", "__gt__", "__ge__"):
            setattr(cls, name, _unordered)


seal_values(*get_args(Event))  # every event class, as the Union lists them
