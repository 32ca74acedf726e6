"""Cards: ranks, suits, the 52 cards, and their text forms.

A card is written as a rank character from ``23456789TJQKA`` followed by a suit
character from ``cdhs`` (``"As"`` is the ace of spades, ``"Td"`` the ten of
diamonds).  Rank and suit characters are accepted in either case and ``10`` is
accepted for the ten; text always formats back to the canonical form.

Every card has an integer *code*, ``4 * rank + suit`` (0 = ``2c`` ... 51 =
``As``), and a 64-bit *mask* bit, ``1 << (16 * suit + rank)``; both are the
forms the C evaluator takes.

>>> parse_cards("As Kd")
(Card('As'), Card('Kd'))
>>> Card.parse("td").code
33
>>> format_cards(parse_cards("AsKd"))
'AsKd'
"""

from __future__ import annotations

import re
from enum import IntEnum
from operator import itemgetter
from typing import Any, Iterable, Iterator

from ..errors import CardError, shown

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "CARDS",
    "parse_cards",
    "as_cards",
    "format_cards",
    "cards_to_mask",
    "mask_to_cards",
    "full_deck",
    "is_card",
]

try:  # the C descriptor behind collections.namedtuple's fields (CPython)
    from _collections import _tuplegetter  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - other interpreters

    def _tuplegetter(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)


def _field(index: int, doc: str) -> Any:
    """A read-only field kept in a tuple at ``index``: as fast to read as a
    slot, and nothing can set it (there is no slot to write)."""
    return _tuplegetter(index, doc)


RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class Rank(IntEnum):
    """Card rank, deuce (0) to ace (12); a higher value is a higher rank."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The rank's character, e.g. ``"T"`` for ten."""
        return RANK_CHARS[self]

    @property
    def word(self) -> str:
        """The rank's English name, e.g. ``"ten"``."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The rank's plural, e.g. ``"sixes"``."""
        return "sixes" if self is Rank.SIX else self.word + "s"


class Suit(IntEnum):
    """Card suit: clubs (0), diamonds (1), hearts (2), spades (3); suits are equal in value."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The suit's character, e.g. ``"s"``."""
        return SUIT_CHARS[self]


class Card(tuple[Rank, Suit, int, int]):  # the fields live in the tuple
    """One playing card: an immutable, hashable value.

    Cards are interned: ``Card(Rank.ACE, Suit.SPADES) is Card.parse("As")``.
    They order by code (rank first, then suit), which is a sorting convenience,
    not poker strength.

    ``Card("As")`` parses text (as :meth:`parse`); ``Card(Rank.ACE,
    Suit.SPADES)`` takes a rank and a suit.

    The fields are kept inside a tuple (the class derives from ``tuple``;
    read them as ``rank``, ``suit``, ``code`` and ``mask``, not by index),
    so no code holding a card can change them, not even with
    ``object.__setattr__``: the 52 shared cards mean the same everywhere in
    the process.  The class cannot be subclassed.

    Args:
        rank: The rank, a :class:`Rank` or an int 0-12; or the card's text
            when ``suit`` is omitted.
        suit: The suit, a :class:`Suit` or an int 0-3.

    Raises:
        CardError: ``rank`` or ``suit`` is out of range, or the text is not
            one card.
    """

    __slots__ = ()

    rank: Rank = _field(0, "The rank.")
    suit: Suit = _field(1, "The suit.")
    code: int = _field(
        2, "``4 * rank + suit`` (0 = ``2c`` ... 51 = ``As``)."
    )
    mask: int = _field(
        3, "The card's bit, ``1 << (16 * suit + rank)``."
    )

    def __new__(cls, rank: int | str, suit: int | None = None) -> "Card":
        if isinstance(rank, str) and suit is None:
            return cls.parse(rank)
        if rank.__class__ is bool or not (isinstance(rank, int) and 0 <= rank <= 12):
            raise CardError(shown(rank), "rank must be 0-12 (deuce to ace)")
        if suit.__class__ is bool or not (isinstance(suit, int) and 0 <= suit <= 3):
            raise CardError(shown(suit), "suit must be 0-3 (clubs, diamonds, hearts, spades)")
        return CARDS[4 * rank + suit]

    def __init_subclass__(cls, **kwargs: object) -> None:
        raise TypeError("Card cannot be subclassed (the 52 cards are fixed values)")

    @classmethod
    def _make(cls, code: int) -> "Card":
        mask = 1 << (16 * (code & 3) + (code >> 2))
        return tuple.__new__(cls, (Rank(code >> 2), Suit(code & 3), code, mask))

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    @classmethod
    def from_code(cls, code: int) -> "Card":
        """The card with code ``code`` (``4 * rank + suit``, 0-51).

        Args:
            code: ``4 * rank + suit``; rank 0 (deuce) to 12 (ace), suit 0-3
                in ``cdhs`` order.

        Returns:
            The shared :class:`Card` value (``CARDS[code]``).

        Raises:
            CardError: ``code`` is not an int in 0-51.
        """
        if code.__class__ is bool or not isinstance(code, int) or not 0 <= code <= 51:
            raise CardError(shown(code), "card code must be an int 0-51")
        return CARDS[code]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse one card such as ``"As"``, ``"td"`` or ``"10h"``.

        Args:
            text: One rank character (or ``10``) and one suit character,
                either case, surrounding spaces or commas allowed.

        Returns:
            The card.

        Raises:
            CardError: The text is not exactly one card; the message names the
                bad rank or suit.
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(text, f"expected one card, found {len(cards)}")
        return cards[0]

    def __str__(self) -> str:
        return _TEXT[self[2]]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[self[2]]}')"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __hash__(self) -> int:
        return self[2]

    def __lt__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self[2] < other[2]

    def __le__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self[2] <= other[2]

    def __gt__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self[2] > other[2]

    def __ge__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self[2] >= other[2]


_TEXT = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)

CARDS: tuple[Card, ...] = tuple(Card._make(code) for code in range(52))
"""All 52 cards, indexed by code (``CARDS[0]`` is ``2c``, ``CARDS[51]`` is ``As``)."""

_MASK_OF: dict[int, int] = {id(card): card.mask for card in CARDS}
"""The mask of each of the 52 shared cards by identity: a look-up that a
``Card`` built around the interning (``tuple.__new__(Card, ...)``) misses."""


def is_card(value: object) -> bool:
    """``value`` is one of the 52 shared :class:`Card` values.

    A ``Card`` object built around the interning (``tuple.__new__(Card,
    ...)``) is not one: its fields could say anything.

    Args:
        value: Anything.

    Returns:
        True only for an element of :data:`CARDS`.
    """
    return id(value) in _MASK_OF

_CARD_RE = re.compile(r"\s*(10|[^\s,])([^\s,]?)[\s,]*")
_RANK_OF = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_OF.update({c.lower(): i for i, c in enumerate(RANK_CHARS)})
_RANK_OF["10"] = 8
_SUIT_OF = {c: i for i, c in enumerate(SUIT_CHARS)}
_SUIT_OF.update({c.upper(): i for i, c in enumerate(SUIT_CHARS)})


def _iter_cards(text: str) -> Iterator[Card]:
    pos = 0
    end = len(text.rstrip(" \t\r\n,"))
    if not text.strip(" \t\r\n,"):
        return
    while pos < end:
        match = _CARD_RE.match(text, pos)
        if match is None:  # pragma: no cover - the pattern always matches here
            raise CardError(text, f"cannot read a card at position {pos}")
        rank_text, suit_text = match.group(1), match.group(2)
        if rank_text not in _RANK_OF:
            raise CardError(text, f"unknown rank {shown(rank_text)} (ranks are 23456789TJQKA)")
        if suit_text == "":
            raise CardError(text, f"missing suit after {shown(rank_text)} (suits are cdhs)")
        if suit_text not in _SUIT_OF:
            raise CardError(text, f"unknown suit {shown(suit_text)} (suits are cdhs)")
        yield CARDS[4 * _RANK_OF[rank_text] + _SUIT_OF[suit_text]]
        pos = match.end()


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse cards written together or apart: ``"AsKd"``, ``"As Kd"``, ``"As,Kd"``.

    Args:
        text: Cards, each a rank character and a suit character, optionally
            separated by spaces or commas. An empty string gives ``()``.
        allow_duplicates: Accept the same card twice (default: refuse).

    Returns:
        The cards in the order written.

    Raises:
        CardError: An unknown rank or suit, a missing suit, or (unless
            ``allow_duplicates``) a card given twice; the message names it.
    """
    if not isinstance(text, str):
        raise CardError(shown(text), "cards must be given as text")
    cards = tuple(_iter_cards(text))
    if not allow_duplicates and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(text, f"duplicate card {card}")
            seen.add(card)
    return cards


def as_cards(value: str | Iterable[Card], what: str, *, distinct: bool = False) -> tuple[Card, ...]:
    """Cards given as card text or as any iterable of :class:`Card`: the
    check behind every "cards" argument of the library (board, dead cards,
    deck, hole cards).

    Args:
        value: Card text (``"AsKd"``, ``"As Kd"``) or an iterable of
            :class:`Card` (not a lone Card, not bytes).
        what: Name of the argument, for error messages (``"board"``).
        distinct: Also refuse a card given twice in a sequence (text always
            refuses it).

    Returns:
        The cards in the order given.

    Raises:
        CardError: Unreadable card text, a lone :class:`Card`, bytes, a
            non-iterable, an item that is not a :class:`Card`, or (with
            ``distinct``) a card given twice.
    """
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, (Card, bytes, bytearray)):
        raise CardError(shown(value), f"{what} must be card text or a sequence of Cards")
    try:
        cards = tuple(value)
    except TypeError:
        raise CardError(shown(value), f"{what} must be card text or a sequence of Cards") from None
    for card in cards:
        if id(card) not in _MASK_OF:
            raise CardError(shown(value), f"{what} must hold Card values, got {shown(card)}")
    if distinct and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(format_cards(cards, " "), f"duplicate card {card} in {what}")
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], sep: str = "") -> str:
    """Write cards back as text: ``format_cards(cards)`` gives ``"AsKd"``.

    Args:
        cards: Any iterable of :class:`Card`.
        sep: Text placed between cards (``" "`` gives ``"As Kd"``).

    Returns:
        The cards' text in iteration order (``""`` for no cards); it
        round-trips through :func:`parse_cards`.
    """
    return sep.join(str(card) for card in cards)


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The 64-bit card mask of ``cards`` (bit ``16 * suit + rank`` per card).

    Args:
        cards: Any iterable of distinct :class:`Card`.

    Returns:
        The mask, a non-negative int (0 for no cards).

    Raises:
        CardError: Something that is not one of the 52 :class:`Card` values,
            or a card given twice.
    """
    mask = 0
    mask_of = _MASK_OF
    for card in cards:
        bit = mask_of.get(id(card))
        if bit is None:
            raise CardError(shown(card), "expected a Card")
        if mask & bit:
            raise CardError(str(card), f"duplicate card {card}")
        mask |= bit
    return mask


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 64-bit card mask, in code order.

    Args:
        mask: An int with bit ``16 * suit + rank`` set per card (see
            :func:`cards_to_mask`).

    Returns:
        The cards, lowest code first.

    Raises:
        CardError: ``mask`` is not an int, or has a bit that is not a card.
    """
    if mask.__class__ is not int:
        raise CardError(shown(mask), "a card mask must be an int")
    if mask < 0 or mask & ~0x1FFF1FFF1FFF1FFF:
        raise CardError(hex(mask), "mask has bits that are not cards")
    return tuple(card for card in CARDS if mask & card.mask)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in code order (``2c 2d 2h 2s 3c ... As``).

    Returns:
        The shared tuple :data:`CARDS` (52 cards, ``CARDS[code]``).
    """
    return CARDS
