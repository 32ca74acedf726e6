"""All-in equity: exact enumeration and Monte Carlo over the C core.

Each player is given either as hole cards (``"AhKh"``) or as a **range** of
two-card combos in the usual notation, optionally weighted:

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
weight.  A deal gives every player one combo with no card twice (a combo
sharing a card with the board, the dead cards or another player's cards cannot
be dealt: *card removal*), with probability proportional to the product of the
combos' weights; the missing board cards are uniform over the rest of the
deck.  A player's *equity* is the fraction of deals won plus ``1/k`` of every
``k``-way tie.

>>> r = calculate_equity(["AhAs", "KdKc"])
>>> r.exact, r.trials, round(r.players[0].equity, 5)
(True, 1712304, 0.81255)
>>> round(calculate_equity(["QhQs", "TT+"]).players[0].equity, 4)
0.5001
>>> len(Range.parse("QQ+, AKs"))
22

**Exact or sampled.**  With ``trials=None`` (the default) the result is exact
whenever enumerating costs at most :data:`MAX_EXACT_EVALUATIONS` hand
evaluations (distinct deals up to suit symmetry x (boards x players + 16)):
any pre-flop with fixed hands, small ranges, and a hand against a range or a
random hand on the flop, turn or river (a few ms at most).  Otherwise
:data:`DEFAULT_TRIALS` deals are sampled.  Give
``trials=N`` to sample ``N`` deals, or ``exact=True`` to enumerate whatever it
costs (up to :data:`EXACT_LIMIT`).

**Bounded work.**  Sampling runs in chunks of at most :data:`SAMPLE_CHUNK`
deals, one C call each, so Ctrl-C (``KeyboardInterrupt``) is honoured between
chunks.  A deal whose combos share a card is drawn again (rejection); one C
call gives up after :data:`REJECTION_BUDGET` rejected draws (about half a
second).  With ``trials=None`` sampling then stops: ranges that rarely fit
together (nine players on ``"AA,KK,QQ,JJ,TT"``) give fewer than
:data:`DEFAULT_TRIALS` deals, and ``result.trials`` says how many.  With
``trials=N`` the next chunk carries on until ``N`` deals are sampled.  Chunk
0 uses ``seed`` itself and chunk ``i`` a seed derived from ``(seed, i)``,
so a seed still gives one result; calls of at most :data:`SAMPLE_CHUNK`
trials are a single C call, as before.  When draws are rejected thousands of
times in a row, the C core lists the combo tuples that fit together (when
there are at most 2**18) and draws from that list instead: exact, and fast
even for ranges that almost never fit.

References:
    RULES.md section 1 (showdown, split pots); Vose, "A linear algorithm for
    generating random numbers with a given distribution" (IEEE TSE 1991);
    Blackman and Vigna, "Scrambled linear pseudorandom number generators"
    (ACM TOMS 2021).
"""

from __future__ import annotations

import hashlib
import math
import re
import secrets
from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any, Iterable, Iterator, Sequence, Union, cast

from .cards import CARDS, RANK_CHARS, Card, format_cards, parse_cards
from .errors import CardError, InvalidConfigError, RangeError
from .evaluator import _equity_native

__all__ = [
    "Range",
    "PlayerEquity",
    "EquityResult",
    "calculate_equity",
    "DEFAULT_TRIALS",
    "MAX_EXACT_EVALUATIONS",
    "EXACT_LIMIT",
    "SAMPLE_CHUNK",
    "REJECTION_BUDGET",
]

DEFAULT_TRIALS = 1_000_000
"""Deals sampled when ``trials=None`` and exact enumeration is too costly."""

MAX_EXACT_EVALUATIONS = 60_000_000
"""With ``trials=None``, enumerate exactly when it costs at most this many hand
evaluations (about 0.2 s); heads-up pre-flop with fixed hands costs 3,424,608."""

EXACT_LIMIT = 20_000_000_000
"""The most hand evaluations ``exact=True`` accepts (roughly a minute)."""

SAMPLE_CHUNK = 250_000
"""Deals sampled per C call; Ctrl-C is honoured between calls."""

REJECTION_BUDGET = 1 << 25
"""Rejected draws (combos sharing a card) after which one C call stops
sampling; with ``trials=None`` sampling then ends (see "Bounded work")."""

_SEED_MASK = (1 << 64) - 1
_UNIT = 2520  # lcm(1..9): a k-way tie is worth 2520 / k units

Combo = tuple[Card, Card]
PlayerLike = Union[str, "Range", Sequence[Card]]

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
        raise RangeError(f"a range's text must be a str, not {text!r}")
    if not isinstance(weights, tuple):
        raise RangeError(f"weights must be a tuple of numbers, not {weights!r}")
    if not weights:
        values: tuple[float, ...] = (1.0,) * n
    else:
        if len(weights) != n:
            raise RangeError(f"{n} combos need {n} weights, got {len(weights)}")
        if not set(map(type, weights)) <= _WEIGHT_TYPES:
            for w in weights:  # subclasses of int and float (NumPy floats) pass, bools do not
                if w.__class__ not in _WEIGHT_TYPES and not (isinstance(w, (int, float)) and w.__class__ is not bool):
                    raise RangeError(f"weights must be finite numbers >= 0 (not bool), not {w!r}")
        values = tuple(map(float, weights))
        if not (math.isfinite(math.fsum(values)) and min(values) >= 0):
            bad = next(w for w in values if not (math.isfinite(w) and w >= 0))
            raise RangeError(f"weights must be finite numbers >= 0 (not bool), not {bad!r}")
        if not any(values):
            raise RangeError("every combo of the range weighs 0")
    packed = bytes(chain.from_iterable(pairs))
    combos = tuple(zip(map(CARDS.__getitem__, packed[0::2]), map(CARDS.__getitem__, packed[1::2])))
    object.__setattr__(rng, "combos", combos)
    object.__setattr__(rng, "weights", values)
    object.__setattr__(rng, "text", text)
    object.__setattr__(rng, "_codes", packed)
    object.__setattr__(rng, "_weights", array("d", values))


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
            raise RangeError(f"{item!r} names the same card twice (in {text!r})")
        return [_combo(a, b)]
    m = _CLASS_RE.fullmatch(item)
    if m:
        hi, lo = _RANK_OF[m.group(1)], _RANK_OF[m.group(2)]
        kind, plus = m.group(3), m.group(4)
        hi, lo = max(hi, lo), min(hi, lo)
        if hi == lo and kind:
            raise RangeError(f"a pair cannot be suited or offsuit: {item!r} (in {text!r})")
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
            raise RangeError(f"both ends of {item!r} must be alike suited/offsuit (in {text!r})")
        if a1 == b1 and a2 == b2:  # pairs
            if k1:
                raise RangeError(f"a pair cannot be suited or offsuit: {item!r} (in {text!r})")
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
            f"{item!r} is not a span of pairs, of one top card, or of connectors (in {text!r})"
        )
    raise RangeError(f"cannot read range item {item!r} (in {text!r})")


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
                raise RangeError(f"bad weight {weight_text!r} in {token!r}") from None
            if not (math.isfinite(weight) and weight >= 0.0):
                raise RangeError(f"weight must be finite and >= 0, not {weight_text!r}")
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
                raise RangeError(f"a combo must be two distinct Cards, not {combo!r}")
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
            codes: ``bytes`` (or any sequence of ints 0-51), two card codes
                (``4 * rank + suit``) per combo, in either order within a
                combo.
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
            raw = bytes(codes)
        except (TypeError, ValueError):
            raise RangeError(f"codes must be ints 0-51, two per combo, not {codes!r}"[:120]) from None
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
            raise RangeError(f"a range must be given as text, not {text!r}")
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
            raise RangeError(f"weights must be numbers, not {weights!r}")
        try:
            values = tuple(weights)
        except TypeError:
            raise RangeError(f"weights must be an iterable of numbers, not {weights!r}") from None
        return Range(self.combos, values, text=self.text)

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[tuple[Combo, float]]:
        return iter(zip(self.combos, self.weights))

    def __str__(self) -> str:
        return self.text or ", ".join(f"{a}{b}" for a, b in self.combos)


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's result.

    Attributes:
        hand: The player's hole cards (``"AhKh"``) or range text.
        win: Fraction of deals the player wins alone, in [0, 1].
        tie: Fraction of deals the player ties for the best hand, in [0, 1].
        equity: ``win`` plus ``1/k`` of each ``k``-way tie: the player's
            expected share of the pot, in [0, 1].
        stderr: Standard error of ``equity`` (0 when exact).
    """

    hand: str
    win: float
    tie: float
    equity: float
    stderr: float = 0.0

    @property
    def lose(self) -> float:
        """Fraction of deals another player wins or ties without this one."""
        return max(0.0, 1.0 - self.win - self.tie)


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The result of :func:`calculate_equity`.

    Attributes:
        exact: True when every deal was enumerated.
        trials: Deals counted: sampled deals, or when exact the number of
            combo tuples times boards enumerated (1,712,304 heads-up
            pre-flop with fixed hands).
        players: One :class:`PlayerEquity` per player, in input order.
    """

    exact: bool
    trials: int
    players: tuple[PlayerEquity, ...]

    @property
    def equities(self) -> tuple[float, ...]:
        """Each player's equity, in input order."""
        return tuple(p.equity for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the result.

        Returns:
            A dict with keys ``exact`` (bool), ``trials`` (int) and
            ``players``: a list with one dict per player, in input order,
            of keys ``hand`` (str), ``win``, ``tie`` and ``equity``
            (floats, fractions in [0, 1]).  ``stderr`` and ``lose`` are
            left out.
        """
        return {
            "exact": self.exact,
            "trials": self.trials,
            "players": [
                {"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity}
                for p in self.players
            ],
        }


def _cards_arg(cards: str | Iterable[Card] | None, what: str) -> tuple[Card, ...]:
    if cards is None:
        return ()
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (bytes, bytearray)):
        raise CardError(repr(cards), f"{what} must be card text or Card values, not bytes")
    try:
        result = tuple(cards)
    except TypeError:
        raise CardError(repr(cards), f"{what} must be card text or Card values") from None
    for card in result:
        if not isinstance(card, Card):
            raise CardError(repr(card), f"{what} must be card text or Card values")
    seen: set[Card] = set()
    for card in result:
        if card in seen:
            raise CardError(format_cards(result, " "), f"duplicate card {card} in {what}")
        seen.add(card)
    return result


def _player_arg(player: PlayerLike, index: int) -> tuple[str, bytes, "array[float]", int]:
    """(text, codes, weights, combos) for one player argument."""
    if isinstance(player, Range):
        return str(player), player._codes, player._weights, len(player)
    if isinstance(player, str):
        try:
            cards = parse_cards(player, allow_duplicates=True)
        except CardError:
            cards = ()
        if len(cards) == 2 and cards[0] is cards[1]:
            raise CardError(player, f"duplicate card {cards[0]}")
        if len(cards) != 2:
            rng = Range.parse(player)
            return str(rng), rng._codes, rng._weights, len(rng)
    else:
        if isinstance(player, (bytes, bytearray)) or not isinstance(player, Iterable):
            raise CardError(
                repr(player),
                f"players[{index}] must be hole cards (text or two Cards), range text "
                "or a Range",
            )
        cards = _cards_arg(player, f"players[{index}]")
        if len(cards) != 2:
            raise CardError(format_cards(cards, " "), f"hole cards must be 2 cards, not {len(cards)}")
    return format_cards(cards), bytes(c.code for c in cards), array("d", (1.0,)), 1


def calculate_equity(
    players: Sequence[PlayerLike],
    *,
    board: str | Iterable[Card] | None = (),
    dead: str | Iterable[Card] | None = (),
    trials: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
) -> EquityResult:
    """All-in equity of 2 to 9 players: win, tie and pot share per player.

    Args:
        players: 2-9 players, each hole cards (``"AhKh"``, ``"Ah Kh"`` or two
            :class:`Card`) or a range (a :class:`Range` or range text such as
            ``"QQ+, AKs"``; see the module documentation).
        board: 0-5 board cards (text or :class:`Card` values; ``None``: none).
        dead: Cards known to be out of the deck (e.g. folded hands; ``None``:
            none).
        trials: Deals to sample (1 to 2**40).  ``None``: exact when that
            costs at most :data:`MAX_EXACT_EVALUATIONS` hand evaluations,
            else :data:`DEFAULT_TRIALS` samples, fewer when ranges rarely fit
            together (see "Bounded work" in the module documentation).
        seed: Seed of the C generator (any int, used modulo 2**64; results
            for a seed are the same on every platform).  ``None`` draws one
            from the OS.
        exact: ``True`` enumerates every deal (refused above
            :data:`EXACT_LIMIT`); ``False`` samples; ``None`` decides as
            described for ``trials``.  Only a bool or ``None``.

    Returns:
        An :class:`EquityResult`, players in input order.

    Raises:
        CardError: Unreadable cards, a player that is neither cards nor a
            range, hole cards that are not two cards, more than 5 board
            cards, or a card in two places (two players, board, dead cards).
        RangeError: Unreadable range text; no deal possible (a range with no
            combo left after card removal, or ranges that cannot all be dealt
            at once; the message names the players and what blocks them); or
            sampling found no deal in :data:`REJECTION_BUDGET` draws although
            deals exist (combos too unlikely to meet: use ``exact=True``).
        InvalidConfigError: ``players`` not a sequence of 2-9 players;
            ``trials`` not an int from 1 to 2**40; ``seed`` not an int;
            ``exact`` not a bool; ``trials`` given with ``exact=True``; too
            many cards for one deal; an exact enumeration above
            :data:`EXACT_LIMIT`.

    References:
        RULES.md section 1 (showdown and split pots); CASES.md C40
        (card removal), C43 (tie accounting).
    """
    if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
        raise InvalidConfigError("players must be a sequence of hands or ranges")
    if not 2 <= len(players) <= 9:
        raise InvalidConfigError(f"equity needs 2 to 9 players, got {len(players)}")
    board_cards = _cards_arg(board, "board")
    if len(board_cards) > 5:
        raise CardError(format_cards(board_cards, " "), f"a board has 0 to 5 cards, not {len(board_cards)}")
    dead_cards = _cards_arg(dead, "dead cards")
    if trials is not None and (trials.__class__ is not int or not 1 <= trials <= 1 << 40):
        raise InvalidConfigError(f"trials must be an int from 1 to 2**40, got {trials!r}")
    if exact is not None and exact.__class__ is not bool:
        raise InvalidConfigError(f"exact must be True, False or None, got {exact!r}")
    if exact is True and trials is not None:
        raise InvalidConfigError("give trials or exact=True, not both")
    if seed is None:
        seed = secrets.randbits(64)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidConfigError(f"seed must be an int, got {seed!r}")

    texts: list[str] = []
    codes = bytearray()
    weights: array[float] = array("d")
    counts: list[int] = []
    for index, player in enumerate(players):
        text, pcodes, pweights, n = _player_arg(player, index)
        texts.append(text)
        codes += pcodes
        weights.extend(pweights)
        counts.append(n)

    _check_fixed_hands(texts, codes, counts, board_cards, dead_cards)

    if exact is True:
        mode, budget = "exact", float(EXACT_LIMIT)
    elif exact is False or trials is not None:
        mode, budget = "sample", 0.0
    else:
        mode, budget = "auto", float(MAX_EXACT_EVALUATIONS)
    combo_codes = bytes(codes)
    board_codes = bytes(c.code for c in board_cards)
    dead_codes = bytes(c.code for c in dead_cards)
    wanted = DEFAULT_TRIALS if trials is None else trials
    chunks: list[tuple[int, tuple[tuple[float, float, float, float], ...]]] = []
    done = 0
    index = 0
    while done < wanted:
        size = min(SAMPLE_CHUNK, wanted - done)
        try:
            is_exact, deals, per_player = _equity_native(
                combo_codes,
                weights,
                counts,
                board_codes,
                dead_codes,
                mode=mode if index == 0 else "sample",
                trials=size,
                seed=_chunk_seed(seed, index),
                max_exact=budget if index == 0 else 0.0,
            )
        except RangeError:
            message = _no_deal_message(texts, combo_codes, weights, counts, board_codes, dead_codes)
            raise RangeError(message) from None
        if is_exact:
            return _result(True, deals, texts, per_player)
        index += 1
        if deals:
            chunks.append((deals, per_player))
            done += deals
        elif done == 0:
            raise RangeError(
                f"sampling found no deal in {REJECTION_BUDGET} draws: deals exist, but "
                "these ranges almost never fit together (try exact=True, or wider ranges)"
            )
        if deals < size and trials is None:
            break  # the rejection budget is spent: keep what was sampled
    if len(chunks) == 1:
        return _result(False, chunks[0][0], texts, chunks[0][1])
    return _result(False, done, texts, _combine(chunks, len(texts)))


def _check_fixed_hands(
    texts: Sequence[str],
    codes: bytes | bytearray,
    counts: Sequence[int],
    board: Sequence[Card],
    dead: Sequence[Card],
) -> None:
    """Refuse a card held twice by fixed hands, the board and the dead cards.

    Raises:
        CardError: Naming the card and both of its places.
    """
    where: dict[int, str] = {}
    for cards, place in ((board, "on the board"), (dead, "among the dead cards")):
        for card in cards:
            if card.code in where:
                raise CardError(
                    str(card), f"card {card} is dealt twice: both {where[card.code]} and {place}"
                )
            where[card.code] = place
    offset = 0
    for p, n in enumerate(counts):
        if n == 1:
            for code in codes[2 * offset : 2 * offset + 2]:
                if code in where:
                    raise CardError(
                        str(CARDS[code]),
                        f"card {CARDS[code]} of players[{p}] ({texts[p]}) is dealt twice: "
                        f"it is also {where[code]}",
                    )
                where[code] = f"held by players[{p}] ({texts[p]})"
        offset += n


def _chunk_seed(seed: int, index: int) -> int:
    """Seed of sampling chunk ``index``: ``seed`` itself for chunk 0."""
    if index == 0:
        return seed
    key = b"%d:%d" % (seed & _SEED_MASK, index)
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")


def _combine(
    chunks: Sequence[tuple[int, tuple[tuple[float, float, float, float], ...]]], n_players: int
) -> tuple[tuple[float, float, float, float], ...]:
    """Pool the (win, tie, equity, stderr) fractions of several sampled chunks.

    Each chunk's fractions are exact ratios of integer counts (wins, ties,
    pot shares in units of 1/2520) to its deals, so the counts are recovered
    exactly by rounding and pooled; the standard error is pooled from the
    chunks' second moments.
    """
    total = sum(deals for deals, _ in chunks)
    out: list[tuple[float, float, float, float]] = []
    for p in range(n_players):
        wins = ties = units = 0
        squares = 0.0
        for deals, per_player in chunks:
            win, tie, eq, se = per_player[p]
            wins += round(win * deals)
            ties += round(tie * deals)
            units += round(eq * _UNIT * deals)
            squares += (se * se * deals + eq * eq) * deals  # sum of squared pot shares
        mean = units / (_UNIT * total)
        var = squares / total - mean * mean
        out.append((wins / total, ties / total, mean, math.sqrt(var / total) if var > 0 else 0.0))
    return tuple(out)


def _result(
    is_exact: bool,
    deals: int,
    texts: Sequence[str],
    per_player: Sequence[tuple[float, float, float, float]],
) -> EquityResult:
    return EquityResult(
        exact=is_exact,
        trials=deals,
        players=tuple(
            PlayerEquity(text, win, tie, eq, se)
            for text, (win, tie, eq, se) in zip(texts, per_player)
        ),
    )


def _no_deal_message(
    texts: Sequence[str],
    codes: bytes,
    weights: "array[float]",
    counts: Sequence[int],
    board: bytes,
    dead: bytes,
) -> str:
    """Explain why no deal gives every player distinct cards.

    Repeats the C core's card removal (a range left with one combo holds it
    for sure) while remembering who holds each card, so that the message
    names the player whose range emptied and exactly who blocks it, or else
    the players whose ranges cannot all be dealt at once.
    """
    holder: dict[int, str] = {}
    for code in board:
        holder[code] = "the board"
    for code in dead:
        holder[code] = "the dead cards"
    options: list[list[tuple[int, int]]] = []
    offset = 0
    for n in counts:
        options.append(
            [
                (codes[2 * i], codes[2 * i + 1])
                for i in range(offset, offset + n)
                if n == 1 or weights[i] > 0
            ]
        )
        offset += n
    settled = {p for p, n in enumerate(counts) if n == 1}
    for p in sorted(settled):
        for code in options[p][0]:
            holder.setdefault(code, f"players[{p}] ({texts[p]})")
    changed = True
    while changed:
        changed = False
        for p, combos in enumerate(options):
            if p in settled:
                continue
            left = [c for c in combos if c[0] not in holder and c[1] not in holder]
            if not left:
                blockers: list[str] = []
                for combo in combos:
                    for code in combo:
                        who = holder.get(code)
                        if who is not None and who not in blockers:
                            blockers.append(who)
                return (
                    f"no deal is possible: every combo of players[{p}] ({texts[p]}) "
                    f"shares a card with {_join(blockers)}"
                )
            if len(left) == 1:
                settled.add(p)
                changed = True
                held = format_cards((CARDS[left[0][0]], CARDS[left[0][1]]))
                for code in left[0]:
                    holder[code] = f"players[{p}] ({texts[p]}, left with {held} only)"
    rest = [f"players[{p}] ({texts[p]})" for p in range(len(counts)) if p not in settled]
    if len(rest) < 2:  # pragma: no cover - the C core found no deal, so two ranges clash
        return "no deal is possible: the hands cannot all be dealt without sharing a card"
    besides = " besides the cards already placed" if holder else ""
    return (
        f"no deal is possible: {_join(rest)} cannot all be dealt without sharing a "
        f"card{besides}"
    )


def _join(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
