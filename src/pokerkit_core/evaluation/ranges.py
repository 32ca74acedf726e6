"""Ranges: weighted sets of two-card combos, and their text notation.

A range is written in the usual notation, optionally weighted:

========================  ==================================================
``QQ``, ``QQ+``           a pair; that pair and every higher pair
``99-66``                 the pairs from 99 down to 66
``AKs``, ``AKo``, ``AK``  suited (4 combos), offsuit (12), both (16)
``AQo+``, ``KTs+``        raise the kicker up to one below the top card
``A5s-A2s``               same top card, kickers from 5 down to 2
``76s-54s``               connectors (same gap): 76s, 65s, 54s
``AhKh``                  one explicit combo
``random`` (``any``)      all 1,326 combos
``AKs:0.5``               any item with a weight (default 1)
========================  ==================================================

Items are separated by commas or spaces; a combo named twice keeps its last
weight.  :func:`~pokerkit_core.evaluation.equity.calculate_equity` takes ranges (or
their text) for any player.

>>> len(Range.parse("QQ+, AKs"))
22
>>> Range.parse("AKs:0.5").weights[:2]
(0.5, 0.5)
"""

from __future__ import annotations

import math
import re
from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any, Iterable, Iterator, Sequence, cast

from .card_codes import _flat_codes
from .cards import CARDS, RANK_CHARS, Card, parse_cards
from ..errors import CardError, RangeError, shown

__all__ = ["Range", "Combo", "GRID_SIZE", "grid_class", "class_grid"]

Combo = tuple[Card, Card]

_RANK_OF = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_OF.update({c.lower(): i for i, c in enumerate(RANK_CHARS)})
_R = "[2-9TJQKAtjqka]"
_CLASS_RE = re.compile(rf"({_R})({_R})([so]?)(\+?)")
_SPAN_RE = re.compile(rf"({_R})({_R})([so]?)-({_R})({_R})([so]?)")
_COMBO_RE = re.compile(rf"({_R})([cdhsCDHS])({_R})([cdhsCDHS])")
_ALL_WORDS = frozenset({"random", "any", "all", "100%", "xx", "xxxx"})


def _combo(a: Card, b: Card) -> Combo:
    return (a, b) if a.code > b.code else (b, a)


def _fill(rng: "Range", codes: bytes, weights: Any, text: Any) -> None:
    """Check a range's combos (``codes``: two valid card codes per combo) and
    weights as whole buffers, and set every field of ``rng``."""
    if not codes or len(codes) % 2:
        raise RangeError("a range needs a non-empty tuple of combos (two cards each)")
    # each combo higher code first; None marks a card paired with itself
    checked = [(a, b) if a > b else (b, a) if b > a else None for a, b in zip(codes[0::2], codes[1::2])]
    if None in checked:
        card = CARDS[codes[2 * checked.index(None)]]
        raise RangeError(f"a combo must be two distinct Cards, not {card}{card}")
    pairs = cast("list[tuple[int, int]]", checked)
    n = len(pairs)
    if len(set(pairs)) != n:
        seen: set[tuple[int, int]] = set()
        for pair in pairs:
            if pair in seen:
                raise RangeError(f"combo {CARDS[pair[0]]}{CARDS[pair[1]]} is listed twice")
            seen.add(pair)
    if not isinstance(text, str):
        raise RangeError(f"a range's text must be a str, not {shown(text)}")
    if not isinstance(weights, tuple):
        raise RangeError(f"weights must be a tuple of numbers, not {shown(weights)}")
    if not weights:
        values: tuple[float, ...] = (1.0,) * n
    else:
        if len(weights) != n:
            raise RangeError(f"{n} combos need {n} weights, got {len(weights)}")
        if not set(map(type, weights)) <= _WEIGHT_TYPES:
            for w in weights:  # subclasses of int and float (NumPy floats) pass, bools do not
                if w.__class__ not in _WEIGHT_TYPES and not (isinstance(w, (int, float)) and w.__class__ is not bool):
                    raise RangeError(f"weights must be finite numbers >= 0 (not bool), not {shown(w)}")
        try:
            values = tuple(map(float, weights))
        except OverflowError:  # an int beyond the largest float
            raise RangeError("weights must be finite numbers >= 0: one is too large for a float") from None
        if not (all(map(math.isfinite, values)) and min(values) >= 0):
            bad = next(w for w in values if not (math.isfinite(w) and w >= 0))
            raise RangeError(f"weights must be finite numbers >= 0 (not bool), not {shown(bad)}")
        if not any(values):
            raise RangeError("every combo of the range weighs 0")
    packed = bytes(chain.from_iterable(pairs))
    combos = tuple(zip(map(CARDS.__getitem__, packed[0::2]), map(CARDS.__getitem__, packed[1::2])))
    object.__setattr__(rng, "combos", combos)
    object.__setattr__(rng, "weights", values)
    object.__setattr__(rng, "text", text)
    object.__setattr__(rng, "_codes", packed)
    top = max(values)
    # weights are relative: C gets them scaled to at most 1 when they are so
    # large that their sum could overflow
    object.__setattr__(rng, "_weights", array("d", values if top <= 1e100 else (w / top for w in values)))


_WEIGHT_TYPES = frozenset({int, float})


def _class_combos(hi: int, lo: int, kind: str) -> list[Combo]:
    """Combos of one hand class: a pair (hi == lo), or hi-lo suited/offsuit/both."""
    out: list[Combo] = []
    for s1 in range(3, -1, -1):
        for s2 in range(3, -1, -1):
            if hi == lo:
                if s2 < s1:
                    out.append(_combo(CARDS[4 * hi + s1], CARDS[4 * lo + s2]))
            elif (kind == "s" and s1 == s2) or (kind == "o" and s1 != s2) or kind == "":
                out.append(_combo(CARDS[4 * hi + s1], CARDS[4 * lo + s2]))
    return out


def _item_combos(item: str, text: str) -> list[Combo]:
    """The combos one range item (without its weight) stands for."""
    if item.lower() in _ALL_WORDS:
        return [_combo(CARDS[a], CARDS[b]) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)]
    m = _COMBO_RE.fullmatch(item)
    if m:
        a, b = parse_cards(item[:2])[0], parse_cards(item[2:])[0]
        if a is b:
            raise RangeError(f"{shown(item)} names the same card twice (in {shown(text)})")
        return [_combo(a, b)]
    m = _CLASS_RE.fullmatch(item)
    if m:
        hi, lo = _RANK_OF[m.group(1)], _RANK_OF[m.group(2)]
        kind, plus = m.group(3), m.group(4)
        hi, lo = max(hi, lo), min(hi, lo)
        if hi == lo and kind:
            raise RangeError(f"a pair cannot be suited or offsuit: {shown(item)} (in {shown(text)})")
        if not plus:
            return _class_combos(hi, lo, kind)
        if hi == lo:
            return [c for r in range(hi, 13) for c in _class_combos(r, r, "")]
        return [c for k in range(lo, hi) for c in _class_combos(hi, k, kind)]
    m = _SPAN_RE.fullmatch(item)
    if m:
        h1, l1, k1, h2, l2, k2 = m.groups()
        a1, b1 = sorted((_RANK_OF[h1], _RANK_OF[l1]), reverse=True)
        a2, b2 = sorted((_RANK_OF[h2], _RANK_OF[l2]), reverse=True)
        if k1 != k2:
            raise RangeError(f"both ends of {shown(item)} must be alike suited/offsuit (in {shown(text)})")
        if a1 == b1 and a2 == b2:  # pairs
            if k1:
                raise RangeError(f"a pair cannot be suited or offsuit: {shown(item)} (in {shown(text)})")
            lo_r, hi_r = sorted((a1, a2))
            return [c for r in range(hi_r, lo_r - 1, -1) for c in _class_combos(r, r, "")]
        if a1 == a2 and b1 != a1 and b2 != a2:  # same top card: A5s-A2s
            lo_k, hi_k = sorted((b1, b2))
            return [c for k in range(hi_k, lo_k - 1, -1) for c in _class_combos(a1, k, k1)]
        if a1 - b1 == a2 - b2 and a1 != b1:  # connectors: 76s-54s
            top, bottom = max(a1, a2), min(a1, a2)
            gap = a1 - b1
            return [c for t in range(top, bottom - 1, -1) for c in _class_combos(t, t - gap, k1)]
        raise RangeError(
            f"{shown(item)} is not a span of pairs, of one top card, or of connectors (in {shown(text)})"
        )
    raise RangeError(f"cannot read range item {shown(item)} (in {shown(text)})")


@lru_cache(maxsize=512)
def _parse_range(text: str) -> "Range":
    weights: dict[Combo, float] = {}
    items = [t for t in re.split(r"[,\s]+", re.sub(r"\s*:\s*", ":", text.strip())) if t]
    if not items:
        raise RangeError("empty range text")
    for token in items:
        item, sep, weight_text = token.partition(":")
        weight = 1.0
        if sep:
            try:
                weight = float(weight_text)
            except ValueError:
                raise RangeError(f"bad weight {shown(weight_text)} in {shown(token)}") from None
            if not (math.isfinite(weight) and weight >= 0.0):
                raise RangeError(f"weight must be finite and >= 0, not {shown(weight_text)}")
        for combo in _item_combos(item, text):
            weights.pop(combo, None)  # the last mention wins, in its place
            weights[combo] = weight
    return Range(tuple(weights), tuple(weights.values()), text=text.strip())


@dataclass(frozen=True, slots=True)
class Range:
    """A weighted set of two-card combos one player may hold.

    Build one with :meth:`parse` (``Range.parse("QQ+, AKs:0.5")``) or directly
    from combos and weights (e.g. an AI narrowing an opponent's range with
    :meth:`with_weights`).

    Attributes:
        combos: Distinct combos, each a pair of distinct :class:`Card`, the
            higher card code first (normalised on construction).
        weights: One finite weight >= 0 per combo, relative (they need not
            sum to 1); ``()`` means all 1.  At least one must be positive.
        text: The text the range was parsed from, or ``""``.

    Raises:
        RangeError: No combos, a combo that is not two distinct cards, a combo
            listed twice, weights that are not a tuple of one number per
            combo, a weight that is a bool, negative or not finite, all
            weights zero, or a ``text`` that is not a str.
    """

    combos: tuple[Combo, ...]
    weights: tuple[float, ...] = ()
    text: str = ""
    _codes: bytes = field(init=False, repr=False, compare=False)
    _weights: "array[float]" = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        combos = self.combos
        if not isinstance(combos, tuple) or not combos:
            raise RangeError("a range needs a non-empty tuple of combos")
        codes = bytearray()
        for combo in combos:
            if not (
                isinstance(combo, tuple)
                and len(combo) == 2
                and isinstance(combo[0], Card)
                and isinstance(combo[1], Card)
            ):
                raise RangeError(f"a combo must be two distinct Cards, not {shown(combo)}")
            codes.append(combo[0].code)
            codes.append(combo[1].code)
        _fill(self, bytes(codes), self.weights, self.text)

    @classmethod
    def from_codes(cls, codes: Any, weights: Sequence[float] = (), text: str = "") -> "Range":
        """A range from card codes, two per combo: the fast constructor.

        For programs that build many ranges (an AI narrowing an opponent's
        range at every decision): the checks run over the whole buffer at
        once instead of combo by combo, several times faster than building
        :class:`Card` pairs for the constructor.

        Args:
            codes: Card codes (``4 * rank + suit``), two per combo in either
                order: ``bytes``, a flat buffer of integers (NumPy array,
                ``array``) or a sequence of ints 0-51 (not bools).
            weights: A sequence of one finite number >= 0 per combo (not
                bools), at least one positive; ``()`` means all 1.
            text: The range's text (shown by ``str()``), or ``""``.

        Returns:
            The range; combos normalised as by the constructor (higher card
            code first), in the order given.

        Raises:
            RangeError: Codes that are not ints 0-51, an odd or zero count, a
                combo of one card twice, a combo listed twice, or bad
                weights (as for the constructor).
        """
        try:
            raw = _flat_codes(codes)
        except CardError as exc:  # a code that is not an int 0-51
            raise RangeError(str(exc)) from None
        if raw is None:
            raise RangeError(f"codes must be ints 0-51, two per combo, not {shown(codes)}")
        if raw and max(raw) > 51:
            raise RangeError(f"card code {max(raw)} is not 0-51")
        if not isinstance(weights, tuple) and isinstance(weights, Sequence) and not isinstance(weights, (str, bytes)):
            weights = tuple(weights)
        rng = object.__new__(cls)
        _fill(rng, raw, weights, text)
        return rng
    @classmethod
    def parse(cls, text: str) -> "Range":
        """Parse a range such as ``"QQ+, AKs, AQo+, 76s-54s, A5s-A2s, AhKh, KQs:0.5"``.

        Parsed ranges are cached, so parsing the same text again is cheap.

        Args:
            text: Items separated by commas or spaces (see the module
                documentation for the notation).

        Returns:
            The range, combos in the order written.

        Raises:
            RangeError: An unreadable item, a suited/offsuit pair, an
                inconsistent span, a bad weight, or an empty text.
        """
        if not isinstance(text, str):
            raise RangeError(f"a range must be given as text, not {shown(text)}")
        return _parse_range(text)

    @classmethod
    def random(cls) -> "Range":
        """All 1,326 combos, equally weighted (``Range.parse("random")``).

        Returns:
            The range of every two-card combo, each with weight 1.0 and
            text ``"random"``; cached, so calling again is cheap.
        """
        return _parse_range("random")

    def with_weights(self, weights: Iterable[float]) -> "Range":
        """The same combos with new weights (one per combo, in order).

        Args:
            weights: Any iterable of one finite number >= 0 per combo (not
                bools), at least one positive.

        Returns:
            A new range; this one is unchanged.

        Raises:
            RangeError: ``weights`` is not iterable, or as for the
                constructor.
        """
        if isinstance(weights, (str, bytes)):
            raise RangeError(f"weights must be numbers, not {shown(weights)}")
        try:
            values = tuple(weights)
        except TypeError:
            raise RangeError(f"weights must be an iterable of numbers, not {shown(weights)}") from None
        return Range(self.combos, values, text=self.text)

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[tuple[Combo, float]]:
        return iter(zip(self.combos, self.weights))

    def __str__(self) -> str:
        return self.text or ", ".join(f"{a}{b}" for a, b in self.combos)


GRID_SIZE = len(RANK_CHARS)
"""Rows (and columns) of the starting-hand grid: one per rank, ace first."""


def grid_class(row: int, column: int) -> str:
    """The starting-hand class of one cell of the 13x13 grid.

    Rows and columns run from the ace (0) down to the deuce (12); the diagonal
    holds the pairs, cells above it (``column > row``) the suited hands and
    cells below it the offsuit hands, as in the usual chart.

    Args:
        row: 0-12, ace first.
        column: 0-12, ace first.

    Returns:
        ``"AA"``, ``"AKs"``, ``"AKo"``, ...

    Raises:
        RangeError: ``row`` or ``column`` is not an int 0-12.

    >>> grid_class(0, 1), grid_class(1, 0), grid_class(12, 12)
    ('AKs', 'AKo', '22')
    """
    for value in (row, column):
        if value.__class__ is not int or not 0 <= value < GRID_SIZE:
            raise RangeError(f"grid rows and columns are ints 0-12, not {shown(value)}")
    hi, lo = RANK_CHARS[-1 - min(row, column)], RANK_CHARS[-1 - max(row, column)]
    if row == column:
        return hi + lo
    return hi + lo + ("s" if column > row else "o")


def class_grid(rng: Range) -> tuple[tuple[float, ...], ...]:
    """How much of each starting-hand class a range holds, as the 13x13 grid.

    A cell's value is the sum of the weights of the range's combos of that
    class over the class's combo count (6 for a pair, 4 suited, 12 offsuit),
    the weights first divided by the largest one when it is above 1 (weights
    are relative; up to 1 they read as frequencies).  So ``"AKs"`` gives 1.0
    in its cell, ``"AKs:0.5"`` 0.5 and ``"AhKh"`` 0.25.

    Args:
        rng: Any range.

    Returns:
        13 rows of 13 values from 0 to 1, laid out as :func:`grid_class`
        names the cells (row 0 = ace).

    Raises:
        RangeError: ``rng`` is not a :class:`Range`.

    >>> grid = class_grid(Range.parse("AKs, AhKd"))
    >>> grid[0][1], round(grid[1][0], 4)
    (1.0, 0.0833)
    """
    if not isinstance(rng, Range):
        raise RangeError(f"class_grid() needs a Range, not {shown(rng)}")
    top = max(1.0, max(rng.weights))
    cells = [[0.0] * GRID_SIZE for _ in range(GRID_SIZE)]
    for (a, b), weight in zip(rng.combos, rng.weights):
        hi, lo = 12 - max(a.rank, b.rank), 12 - min(a.rank, b.rank)
        if hi == lo or a.suit == b.suit:
            cells[hi][lo] += weight  # a pair, or suited: on or above the diagonal
        else:
            cells[lo][hi] += weight
    return tuple(
        tuple(min(1.0, value / top / _CLASS_COMBOS[(r > c) - (r < c)]) for c, value in enumerate(row))
        for r, row in enumerate(cells)
    )


_CLASS_COMBOS = {0: 6, -1: 4, 1: 12}
"""Combos of a grid cell's class by its side of the diagonal: pair, suited (above), offsuit."""
