"""Hand values: :class:`HandCategory` and :class:`HandRank`.

A :class:`HandRank` is the value of a poker hand as the evaluator computes it:
an int where a higher value is a better hand (``value >> 12`` is the
:class:`HandCategory`), the cards it was computed from, the five that play
and the hand in words.  Their public home is :mod:`pokerkit_core.evaluation.evaluator`,
which builds them, re-exports both names and, as the one importer of the C
modules, gives :class:`HandRank` the C call that picks the five cards that
play among six or seven.  Internal to the library: import them from
:mod:`pokerkit_core.evaluation.evaluator` (or the package).

References:
    The rules (docs/rules.rst), section 1: hand categories, the wheel, only
    five cards play.
"""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from typing import Callable, ClassVar, Sequence

from .cards import Card
from ..errors import CardError, EvaluatorError, shown

__all__ = ["HandCategory", "HandRank"]


def _unbound_five_of(cards: tuple[Card, ...]) -> Sequence[Card]:
    """Stands in for the C call until :mod:`pokerkit_core.evaluation.evaluator` loads."""
    raise EvaluatorError("the C evaluator is not loaded: import pokerkit_core.evaluation.evaluator")


class HandCategory(IntEnum):
    """Hand categories, weakest (1) to strongest (9), as in the rules
    (docs/rules.rst), section 1."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """The category in words, e.g. ``"full house"``."""
        return self.name.lower().replace("_", " ")


def _ordered_five(five: Sequence[Card], category: HandCategory) -> tuple[Card, ...]:
    """The five playing cards, most important first (e.g. trips before the pair)."""
    counts = Counter(card.rank for card in five)
    ordered = sorted(five, key=lambda c: (counts[c.rank], c.rank, c.suit), reverse=True)
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) and {
        c.rank for c in five
    } == {12, 0, 1, 2, 3}:
        ordered = ordered[1:] + ordered[:1]  # the wheel: five-high, ace last
    return tuple(ordered)


class HandRank:
    """The value of a poker hand: totally ordered, hashable, printable.

    Two hands compare equal exactly when they have the same value, whatever
    their suits (``<`` is then false and ``<=`` true).  Comparison with
    anything but a :class:`HandRank` raises ``TypeError``.

    Args:
        value: The evaluator's int (higher is better; ``value >> 12`` is the
            category).
        cards: The 5 to 7 cards the value was computed from.

    Raises:
        CardError: ``value`` is not a value of this evaluator, or ``cards``
            is not 5 to 7 cards.

    Attributes:
        value: The evaluator's int.
        cards: The cards evaluated, as given.
    """

    __slots__ = ("value", "cards", "_best_five")
    __module__ = "pokerkit_core.evaluation.evaluator"  # its public home (and pickles' name)

    _five_of: ClassVar[Callable[[tuple[Card, ...]], Sequence[Card]]] = _unbound_five_of
    """Private: the five cards that play among 6 or 7 (the C evaluator's
    ``pkc_best_five``), set by :mod:`pokerkit_core.evaluation.evaluator` when it loads."""

    value: int
    cards: tuple[Card, ...]
    _best_five: tuple[Card, ...] | None

    def __init__(self, value: int, cards: Sequence[Card]) -> None:
        cards = tuple(cards)
        if value.__class__ is not int or not 1 <= value >> 12 <= 9:
            raise CardError(shown(value), "not a hand value of this evaluator")
        if not 5 <= len(cards) <= 7 or any(c.__class__ is not Card for c in cards):
            raise CardError(shown(cards), "a hand is 5 to 7 Cards")
        self.value = value
        self.cards = cards
        self._best_five = None

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that play, most important first.

        The cards that make the category come first, then kickers (a full
        house lists its trips before its pair; a wheel ends with its ace).
        Computed on first access.

        Raises:
            EvaluatorError: Six or seven cards while the C evaluator is not
                loaded (only when this internal module was imported on its
                own, without :mod:`pokerkit_core.evaluation.evaluator`).
        """
        if self._best_five is None:
            if len(self.cards) == 5:
                five: Sequence[Card] = self.cards
            else:
                five = HandRank._five_of(self.cards)
            self._best_five = _ordered_five(five, HandCategory(self.value >> 12))
        return self._best_five

    @property
    def category(self) -> HandCategory:
        """The hand's category."""
        return HandCategory(self.value >> 12)

    def describe(self) -> str:
        """The hand in words, e.g. ``"Full house, kings over fives"``.

        Returns:
            The category and the ranks that decide it, in English.
        """
        cat = self.category
        five = self.best_five
        r = [c.rank for c in five]
        if cat is HandCategory.STRAIGHT_FLUSH:
            return "Royal flush" if r[0] == 12 else f"Straight flush, {r[0].word}-high"
        if cat is HandCategory.FOUR_OF_A_KIND:
            return f"Four of a kind, {r[0].plural}"
        if cat is HandCategory.FULL_HOUSE:
            return f"Full house, {r[0].plural} over {r[3].plural}"
        if cat is HandCategory.FLUSH:
            return f"Flush, {r[0].word}-high"
        if cat is HandCategory.STRAIGHT:
            return f"Straight, {r[0].word}-high"
        if cat is HandCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {r[0].plural}"
        if cat is HandCategory.TWO_PAIR:
            return f"Two pair, {r[0].plural} and {r[2].plural}"
        if cat is HandCategory.ONE_PAIR:
            return f"One pair, {r[0].plural}"
        return f"High card, {r[0].word}"

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"<HandRank {self.value} {self.describe()!r} {' '.join(map(str, self.best_five))}>"

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self.value == other.value
        return NotImplemented

    def __lt__(self, other: "HandRank") -> bool:
        if isinstance(other, HandRank):
            return self.value < other.value
        return NotImplemented

    def __le__(self, other: "HandRank") -> bool:
        if isinstance(other, HandRank):
            return self.value <= other.value
        return NotImplemented

    def __gt__(self, other: "HandRank") -> bool:
        if isinstance(other, HandRank):
            return self.value > other.value
        return NotImplemented

    def __ge__(self, other: "HandRank") -> bool:
        if isinstance(other, HandRank):
            return self.value >= other.value
        return NotImplemented
