"""All-in equity: exact enumeration and Monte Carlo over the C core.

Each player is given either as hole cards (``"AhKh"``) or as a **range** of
two-card combos (:class:`~pokerkit_core.evaluation.ranges.Range`, or its text in the
notation of :mod:`pokerkit_core.evaluation.ranges`, e.g. ``"QQ+, AKs:0.5"``).

A deal gives every player one combo with no card twice (a combo
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

**Exact or sampled.**  With ``trials=None`` (the default) the result is exact
whenever enumerating costs at most :data:`MAX_EXACT_EVALUATIONS` hand
evaluations (distinct deals up to suit symmetry x (boards x players + 16)):
any pre-flop with fixed hands, small ranges, and a hand against a range or a
random hand on the flop, turn or river (a few ms at most).  Otherwise
:data:`DEFAULT_TRIALS` deals are sampled.  Give
``trials=N`` to sample ``N`` deals, or ``exact=True`` to enumerate whatever it
costs (up to :data:`EXACT_LIMIT`).

**Bounded work.**  ``trials`` is at most :data:`MAX_TRIALS` and an exact
enumeration at most :data:`EXACT_LIMIT` hand evaluations; both can be
stopped.  Sampling runs in chunks of at most :data:`SAMPLE_CHUNK`
deals, one C call each, so Ctrl-C (``KeyboardInterrupt``) is honoured between
chunks; an exact enumeration (one C call) comes back to Python every
:data:`~pokerkit_core.evaluation.evaluator.CHECK_EVALUATIONS` hand evaluations, where
Ctrl-C stops it and raises ``KeyboardInterrupt`` as usual.  A deal whose combos share a card is drawn again (rejection); one C
call gives up after :data:`REJECTION_BUDGET` rejected draws (about half a
second).  With ``trials=None`` sampling then stops: ranges that rarely fit
together (nine or ten players on ``"AA,KK,QQ,JJ,TT"``) give fewer than
:data:`DEFAULT_TRIALS` deals, and ``result.trials`` says how many.  With
``trials=N`` a call that spends its budget before ``N`` deals raises
:class:`~pokerkit_core.errors.RangeError` (giving the rate at which the
ranges fit), so the time of a call is bounded by ``trials`` whatever the
ranges: a chunk that completes was rejected at most :data:`REJECTION_BUDGET`
times, which is under 135 rejected draws a deal in a full chunk.  Chunk
0 uses ``seed`` itself and chunk ``i`` a seed derived from ``(seed, i)``,
so a seed still gives one result; calls of at most :data:`SAMPLE_CHUNK`
trials are a single C call, as before.  When draws are rejected thousands of
times in a row, the C core lists the combo tuples that fit together (when
there are at most 2**18) and draws from that list instead: exact, and fast
even for ranges that almost never fit.

References:
    The rules (docs/rules.rst), section 1 (showdown, split pots); Vose, "A linear algorithm for
    generating random numbers with a given distribution" (IEEE TSE 1991);
    Blackman and Vigna, "Scrambled linear pseudorandom number generators"
    (ACM TOMS 2021).
"""

from __future__ import annotations

import hashlib
import math
from array import array
from dataclasses import dataclass
from typing import Any, Iterable, Sequence, Union

from .cards import CARDS, Card, as_cards, format_cards, parse_cards
from ..errors import CardError, InvalidConfigError, RangeError, shown
from .evaluator import MAX_EQUITY_PLAYERS, SHARE_UNIT, _equity_native
from .ranges import Range

__all__ = [
    "Range",
    "PlayerEquity",
    "EquityResult",
    "calculate_equity",
    "DEFAULT_TRIALS",
    "MAX_EXACT_EVALUATIONS",
    "EXACT_LIMIT",
    "MAX_TRIALS",
    "SAMPLE_CHUNK",
    "REJECTION_BUDGET",
]

DEFAULT_TRIALS = 1_000_000
"""Deals sampled when ``trials=None`` and exact enumeration is too costly."""

MAX_EXACT_EVALUATIONS = 60_000_000
"""With ``trials=None``, enumerate exactly when it costs at most this many hand
evaluations (about 0.2 s); heads-up pre-flop with fixed hands costs 3,424,608."""

EXACT_LIMIT = 20_000_000_000
"""The most hand evaluations ``exact=True`` accepts (a minute or two on one
core); Ctrl-C stops it within :data:`~pokerkit_core.evaluation.evaluator.CHECK_EVALUATIONS`
evaluations (a few hundredths of a second)."""

MAX_TRIALS = 1_000_000_000
"""The most deals ``trials`` may ask for (about a minute heads-up on one core,
several with nine or ten players); Ctrl-C stops sampling between chunks."""

SAMPLE_CHUNK = 250_000
"""Deals sampled per C call; Ctrl-C is honoured between calls."""

REJECTION_BUDGET = 1 << 25
"""Rejected draws (combos sharing a card) after which one C call stops
sampling; with ``trials=None`` sampling then ends, with ``trials=N`` the call
raises ``RangeError`` (see "Bounded work")."""

_SEED_MASK = (1 << 64) - 1

PlayerLike = Union[str, "Range", Sequence[Card]]


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
    return () if cards is None else as_cards(cards, what, distinct=True)


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
                shown(player),
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
    """All-in equity of 2 to 10 players: win, tie and pot share per player.

    Args:
        players: 2 to :data:`~pokerkit_core.evaluation.evaluator.MAX_EQUITY_PLAYERS`
            (10, as many as a table seats) players, each hole cards (``"AhKh"``, ``"Ah Kh"`` or two
            :class:`Card`) or a range (a :class:`Range` or range text such as
            ``"QQ+, AKs"``; see the module documentation).
        board: 0-5 board cards (text or :class:`Card` values; ``None``: none).
        dead: Cards known to be out of the deck (e.g. folded hands; ``None``:
            none).
        trials: Deals to sample (1 to :data:`MAX_TRIALS`).  ``None``: exact when that
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
            deals exist (combos too unlikely to meet: use ``exact=True``); or,
            with ``trials`` given, a chunk of sampling spent its
            :data:`REJECTION_BUDGET` before its deals were found (ranges that
            fit together too rarely for that many trials: ask for fewer, or
            ``trials=None``).
        InvalidConfigError: ``players`` not a sequence of 2 to
            :data:`~pokerkit_core.evaluation.evaluator.MAX_EQUITY_PLAYERS` players;
            ``trials`` not an int from 1 to :data:`MAX_TRIALS`; ``seed`` not an int;
            ``exact`` not a bool; ``trials`` given with ``exact=True``; too
            many cards for one deal; an exact enumeration above
            :data:`EXACT_LIMIT`.

    References:
        The rules (docs/rules.rst), section 1 (showdown and split pots); CASES.md C40
        (card removal), C43 (tie accounting).
    """
    if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
        raise InvalidConfigError("players must be a sequence of hands or ranges")
    if not 2 <= len(players) <= MAX_EQUITY_PLAYERS:
        raise InvalidConfigError(f"equity needs 2 to {MAX_EQUITY_PLAYERS} players, got {len(players)}")
    board_cards = _cards_arg(board, "board")
    if len(board_cards) > 5:
        raise CardError(format_cards(board_cards, " "), f"a board has 0 to 5 cards, not {len(board_cards)}")
    dead_cards = _cards_arg(dead, "dead cards")
    if trials is not None and (trials.__class__ is not int or not 1 <= trials <= MAX_TRIALS):
        raise InvalidConfigError(
            f"trials must be an int from 1 to {MAX_TRIALS:,} (MAX_TRIALS), got {shown(trials)}"
        )
    if exact is not None and exact.__class__ is not bool:
        raise InvalidConfigError(f"exact must be True, False or None, got {shown(exact)}")
    if exact is True and trials is not None:
        raise InvalidConfigError("give trials or exact=True, not both")
    if seed is None:
        import secrets  # here: it imports random, hashlib, base64

        seed = secrets.randbits(64)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidConfigError(f"seed must be an int, got {shown(seed)}")

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
        if deals < size:  # the call spent its rejection budget
            if trials is None:
                break  # keep what was sampled
            raise RangeError(
                f"sampling {wanted:,} deals would take too long: these ranges fit together "
                f"about once in {(REJECTION_BUDGET + deals) / deals:,.0f} draws ({deals:,} deals "
                f"in {REJECTION_BUDGET:,} rejected draws); ask for fewer trials, or give "
                "trials=None (the deals one rejection budget gives)"
            )
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
    pot shares in units of 1/``SHARE_UNIT``) to its deals, so the counts are recovered
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
            units += round(eq * SHARE_UNIT * deals)
            squares += (se * se * deals + eq * eq) * deals  # sum of squared pot shares
        mean = units / (SHARE_UNIT * total)
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
