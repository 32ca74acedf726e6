"""Dealing: the engine's shuffle and the checks on given cards, seeds and seats.

Used by :mod:`pokerkit_core.engine.state` (``deal``, ``show``) and
:mod:`pokerkit_core.engine.observation`; nothing here knows a hand's state.

References:
    docs/rules.rst section 2 (each player gets two hole cards; five board cards);
    CASES.md C44 (unbiased shuffle, no duplicate cards) and C45 (the engine
    owns its random source).
"""

from __future__ import annotations

import operator
import random
from enum import Enum
from math import perm
from typing import Any, Iterable, NamedTuple, Sequence, Union

from ..evaluation.cards import CARDS, Card, as_cards, format_cards
from ..errors import CardError, InvalidConfigError, shown
from ..evaluation.evaluator import STATE_KERNEL
from .rules import GameConfig

__all__ = [
    "CardsArg", "Deal", "draw_codes", "seed_arg", "seat_arg", "deal_cards", "deck_codes", "make_deal",
]

_Random: Any
try:  # the C generator behind random.Random, without its Python seeding wrapper
    from _random import Random as _Random
except ImportError:  # pragma: no cover - not CPython
    _Random = random.Random

CardsArg = Union[str, Iterable[Card]]
"""Cards as text (``"AsKd"``) or any iterable of :class:`~pokerkit_core.evaluation.cards.Card`."""


def draw_codes(rng: random.Random, pool: list[int], count: int) -> list[int]:
    """Draw ``count`` cards from ``pool`` by a partial Fisher-Yates shuffle.

    Step ``i`` (0, 1, ...) swaps position ``i`` with a uniformly chosen
    position among ``i .. len(pool) - 1``.  The step indices are the digits
    of one integer drawn uniformly (by rejection, so without bias) below
    ``len(pool)! / (len(pool) - count)!`` and read in mixed radix
    ``len(pool), len(pool) - 1, ...``: the digits are independent and each
    exactly uniform, so every ordered selection is equally likely, at the cost
    of one ``getrandbits`` call.  ``pool`` is reordered in place.

    Args:
        rng: The engine-owned random source.
        pool: Card codes (or any items) to draw from.
        count: How many to draw, at most ``len(pool)``.

    Returns:
        The drawn items in drawing order.

    References:
        Fisher and Yates (1938); Durstenfeld, CACM 7(7) 1964; CASES.md C44.
    """
    n = len(pool)
    if count <= 0:
        return []
    total = perm(n, count)
    bits = total.bit_length()
    getrandbits = rng.getrandbits
    value = getrandbits(bits)
    while value >= total:
        value = getrandbits(bits)
    for i in range(count):
        value, j = divmod(value, n - i)
        j += i
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


_SEED_BITS = 128


def seed_arg(seed: object) -> int | None:
    """The seed handed to :class:`random.Random` (see :func:`deal`).

    Args:
        seed: An int or NumPy integer (not a bool, not an enum member) or
            ``None``.

    Returns:
        ``None`` for ``None``; a non-negative seed as a plain int; a negative
        seed ``s`` as ``s mod 2**128`` (two's complement), so ``-7`` and
        ``7`` deal differently.

    Raises:
        InvalidConfigError: ``seed`` is not an integer (bools and enum
            members refused) or None.
    """
    if seed is None:
        return None
    if seed.__class__ is bool or seed.__class__.__name__ == "bool_" or isinstance(seed, Enum):
        raise InvalidConfigError(f"seed must be an int or None, got {shown(seed)}")
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidConfigError(f"seed must be an int or None, got {shown(seed)}") from None
    # random.Random ignores the sign; two's complement keeps -7 and 7 apart
    return value if value >= 0 else value & ((1 << _SEED_BITS) - 1)


def seat_arg(seat: object, n: int) -> int:
    """``seat`` as a seat number 0..n-1 (ints and numpy ints; not bools).

    Args:
        seat: The seat, any integer type with ``__index__``.
        n: Number of seats at the table.

    Returns:
        The seat as a plain ``int`` in ``0..n-1``.

    Raises:
        InvalidConfigError: Not an integer seat of the table.
    """
    if seat.__class__ is bool or seat.__class__.__name__ == "bool_":
        raise InvalidConfigError(f"seat must be an int, not the bool {shown(seat)}")
    try:
        index = operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidConfigError(f"seat must be an int, got {shown(seat)}") from None
    if not 0 <= index < n:
        raise InvalidConfigError(f"seat {shown(index)} is not one of seats 0-{n - 1}")
    return index


def deal_cards(
    config: GameConfig,
    seed: int | None,
    deck: CardsArg | None,
    hole_cards: Sequence[CardsArg | None] | None,
    board: CardsArg | None,
) -> list[int]:
    """The cards of one deal, as card codes: known cards placed, the rest drawn.

    Args:
        config: The game; its dealt-in seats (stack above 0) get cards.
        seed: Seed for the :class:`random.Random` that draws unknown cards
            (already checked by :func:`seed_arg`).
        deck: A full deal order: two cards per dealt-in seat in seat order,
            then five cards per board (at least ``2 * players + 5 *
            config.boards`` distinct cards); excludes ``hole_cards`` and
            ``board``.
        hole_cards: One entry per seat: two known cards, or ``None`` to
            draw them.
        board: Up to five known cards of the first board, flop first.

    Returns:
        ``2 * players + 5 * config.boards`` card codes (0-51, distinct) in
        deal order: two per dealt-in seat in seat order, then five per
        board.  Codes, not Card objects: the engine computes its card masks
        from them.

    Raises:
        CardError: Bad, duplicate or too few/many cards, hole cards for a
            seat not dealt in, both ``deck`` and known cards, or a Card
            whose fields were rewritten (not one of the 52 shared cards).

    References:
        docs/rules.rst section 2; CASES.md C44, C45 (shuffle, seeding).
    """
    d = config._derived
    live = d.live
    need = 2 * len(live) + 5 * config.boards
    first_board = 2 * len(live)
    if deck is None and hole_cards is None and board is None:  # the usual deal
        return draw_codes(_Random(seed), list(range(52)), need)
    elif deck is not None:
        if hole_cards is not None or board is not None:
            raise CardError("deck", "give either deck= or hole_cards=/board=, not both")
        order = as_cards(deck, "deck")
        seen: set[Card] = set()
        for card in order:
            if card in seen:
                raise CardError(str(card), f"the deck holds {card} twice")
            seen.add(card)
        if len(order) < need:
            raise CardError(
                format_cards(order, " "), f"the deck needs at least {need} cards, got {len(order)}"
            )
        drawn = list(order[:need])
    else:
        slots: list[Card | None] = [None] * need
        origin: dict[Card, str] = {}

        def place(card: Card, k: int, where: str) -> None:
            if card in origin:
                raise CardError(str(card), f"card {card} is given twice: {origin[card]} and {where}")
            origin[card] = where
            slots[k] = card

        if hole_cards is not None:
            if not isinstance(hole_cards, (list, tuple)):
                raise CardError(
                    shown(hole_cards),
                    f"hole_cards must be a list with one entry per seat ({d.n}): card text, "
                    "Cards or None",
                )
            if len(hole_cards) != d.n:
                raise CardError(
                    "hole_cards", f"give one entry per seat ({d.n}), got {len(hole_cards)}"
                )
            for seat, cards in enumerate(hole_cards):
                if cards is None:
                    continue
                known = as_cards(cards, f"hole_cards[{seat}]")
                if seat not in live:
                    if known:
                        raise CardError(
                            format_cards(known),
                            f"seat {seat} is not dealt in (stack 0) but was given hole cards",
                        )
                    continue
                if len(known) != 2:
                    raise CardError(
                        format_cards(known), f"seat {seat} needs 2 hole cards, got {len(known)}"
                    )
                k = 2 * live.index(seat)
                place(known[0], k, f"seat {seat}'s hole cards")
                place(known[1], k + 1, f"seat {seat}'s hole cards")
        if board is not None:
            known = as_cards(board, "board")
            if len(known) > 5:
                raise CardError(
                    format_cards(known), f"a board has at most 5 cards, got {len(known)}"
                )
            for k, card in enumerate(known):
                place(card, first_board + k, "the board")
        fixed = [card for card in slots if card is not None]
        missing = need - len(fixed)
        if missing:
            used = {card.code for card in fixed}
            pool = [code for code in range(52) if code not in used]
            rng = _Random(seed)
            codes = iter(draw_codes(rng, pool, missing))
            drawn = [card if card is not None else CARDS[next(codes)] for card in slots]
        else:
            drawn = [card for card in slots if card is not None]
    return [_code(card) for card in drawn]


_CODES = frozenset(range(52))


def deck_codes(config: GameConfig, codes: object) -> list[int]:
    """A deal order given as card codes, checked: what :func:`deal_cards`
    returns for ``deck=`` (the first ``2 * players + 5 * config.boards``).

    Args:
        config: The game; its dealt-in seats get cards.
        codes: A list or tuple of card codes (``Card.code``: ints 0-51, not
            bools), distinct, at least as many as the deal needs.

    Returns:
        The codes the deal takes, in order.

    Raises:
        CardError: Not a list or tuple of distinct ints 0-51, or too short.
    """
    need = 2 * len(config._derived.live) + 5 * config.boards
    if _fast_codes is not None:
        checked = _fast_codes(codes, need)
        if checked is not None:
            return checked  # type: ignore[no-any-return]
    if codes.__class__ is not list and codes.__class__ is not tuple:
        raise CardError(shown(codes), "the deck must be a list of card codes 0-51")
    items: list[Any] = list(codes)
    if {code.__class__ for code in items} - {int} or not _CODES.issuperset(items):
        bad = next(c for c in items if c.__class__ is not int or not 0 <= c < 52)
        raise CardError(shown(bad), "not a card code (an int 0-51)")
    if len(set(items)) != len(items):
        twice = next(c for i, c in enumerate(items) if c in items[:i])
        raise CardError(str(CARDS[twice]), f"the deck holds {CARDS[twice]} twice")
    if len(items) < need:
        raise CardError(
            format_cards([CARDS[c] for c in items], " "),
            f"the deck needs at least {need} cards, got {len(items)}",
        )
    return items[:need]


def _code(card: Card) -> int:
    """The code of one of the 52 shared cards (a rewritten Card is refused)."""
    code = card.code
    if code.__class__ is not int or not 0 <= code < 52 or CARDS[code] is not card:
        raise CardError(shown(card), "not one of the 52 cards (its fields were changed)")
    return code


_MASK = tuple(1 << (16 * (code & 3) + (code >> 2)) for code in range(52))
"""Card mask by code, computed here: the engine never reads a Card's fields."""


class Deal(NamedTuple):
    """What the deal fixed for the whole hand (the engine's record).

    Attributes:
        hole: Per seat, two hole cards (``None`` for a seat not dealt in).
        boards: One five-card board per run, first board first
            (``config.boards`` of them; the further ones are read only by a
            run-out).
        hole_masks: Per seat, the card mask of its hole cards (0 if not
            dealt in), from the engine's card codes.
        board_masks: Per board, the mask of each of its five cards.
    """

    hole: tuple[tuple[Card, ...] | None, ...]
    boards: tuple[tuple[Card, ...], ...]
    hole_masks: tuple[int, ...]
    board_masks: tuple[tuple[int, ...], ...]


NO_DEAL = Deal((), ((),), (), ((),))
_tuple_new = tuple.__new__  # a Deal without its Python __new__



def make_deal(n: int, live: tuple[int, ...], boards: int, codes: list[int]) -> Deal:
    """The :class:`Deal` record from the card codes :func:`deal_cards` drew.

    Args:
        n: Seats at the table.
        live: Dealt-in seats, seat order.
        boards: Boards (``GameConfig.boards``).
        codes: The codes, in deal order.

    Returns:
        The hand's cards and the engine's own masks of them.
    """
    cards = CARDS
    mask = _MASK
    k = 2 * len(live)
    if k == 2 * n:  # every seat dealt in: pairs of the first 2n codes, in C loops
        firsts, seconds = codes[0:k:2], codes[1:k:2]
        card, bit = cards.__getitem__, mask.__getitem__
        hole: Any = tuple(zip(map(card, firsts), map(card, seconds)))
        hole_masks: Any = tuple(map(int.__or__, map(bit, firsts), map(bit, seconds)))
    else:
        hole = [None] * n
        hole_masks = [0] * n
        i = 0
        for seat in live:
            a, b = codes[i], codes[i + 1]
            hole[seat] = (cards[a], cards[b])
            hole_masks[seat] = mask[a] | mask[b]
            i += 2
    if boards == 1:
        five = codes[k : k + 5]
        return _tuple_new(Deal, (
            tuple(hole),
            (tuple(map(cards.__getitem__, five)),),
            tuple(hole_masks),
            (tuple(map(mask.__getitem__, five)),),
        ))  # fmt: skip
    runs = [codes[k + 5 * r : k + 5 * r + 5] for r in range(boards)]
    return Deal(
        tuple(hole),
        tuple(tuple(cards[c] for c in run) for run in runs),
        tuple(hole_masks),
        tuple(tuple(mask[c] for c in run) for run in runs),
    )


def _checked_binding(fast_codes: Any, deal_record: Any) -> tuple[Any, Any]:
    """The C ``deal_codes`` and ``deal_record``, checked once against the
    Python references on a probe deal (heads-up and 6-max, one and two
    boards): both hand any call they do not read back to Python without a
    word, so a C module that no longer reads this layout (``Deal``, the
    card and mask tables) would otherwise leave every deal to Python
    silently.

    Raises:
        TypeError: A function declined or differed on a probe (refusing to
            bind, as the engine's ``bind_engine`` does).
    """
    for n, boards in ((2, 1), (6, 1), (6, 2)):
        live = tuple(range(n))
        codes = list(range(51, -1, -1))
        need = 2 * n + 5 * boards
        if fast_codes(codes, need) != codes[:need]:
            raise TypeError("deal_codes does not read the probe deck; refusing to bind")
        made = deal_record(Deal, CARDS, _MASK, n, live, boards, codes[:need])
        if made is None or made != _make_deal_py(n, live, boards, codes[:need]):
            raise TypeError("deal_record does not build the probe deal; refusing to bind")
    return fast_codes, deal_record


_fast_codes: Any = None
_make_deal_py = make_deal
if STATE_KERNEL is not None:  # the same two functions in C (csrc/pkc_engine.c)
    _fast_codes, _deal_record = _checked_binding(STATE_KERNEL.deal_codes, STATE_KERNEL.deal_record)

    def make_deal(n: int, live: tuple[int, ...], boards: int, codes: list[int]) -> Deal:  # noqa: F811
        """Same as the Python ``make_deal`` above (built in C)."""
        made = _deal_record(Deal, CARDS, _MASK, n, live, boards, codes)
        return _make_deal_py(n, live, boards, codes) if made is None else made
