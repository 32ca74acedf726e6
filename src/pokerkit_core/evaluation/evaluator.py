"""Hand evaluation over the C lookup-table evaluator.

This module is the only one that imports the compiled cffi module
``pokerkit_core._native``.  Every argument is checked here before it reaches
C, and a caller's mutable buffer is copied before it is checked (``_private``:
C runs without the GIL, so another thread could change it): card codes must be 0-51, distinct, and 5 to 7 per hand (the checks of
batches of card codes are in the internal ``pokerkit_core.evaluation.card_codes``;
:class:`HandCategory` and :class:`HandRank` are defined in the internal
``pokerkit_core.evaluation.hand_rank``, below this module, and re-exported here).

Hand values are ints where **a higher value is a better hand**; ``value >> 12``
is the :class:`HandCategory` (1 = high card ... 9 = straight flush).  The 7,462
distinct five-card hands get 7,462 distinct values.  Values are only comparable
with values from this library.

>>> rank = evaluate("As Ks Qs Js Ts 9c 2d")
>>> rank.category.label
'straight flush'
>>> str(evaluate("Kc Kd Ks 5h 5c"))
'Full house, kings over fives'
>>> evaluate("Td Jh Qs Kc Ad") == evaluate("Th Jd Qd Kh Ac")
True

References:
    The rules (docs/rules.rst), section 1: hand categories, the wheel, only
    five cards play.
"""

from __future__ import annotations

import math
import operator
import os
import sys
import threading
from array import array
from typing import Any, Callable, Iterable, Sequence, Union

from .. import _native
from .card_codes import _checked_codes, _codes_view, _flat_codes
from .cards import CARDS, Card, as_cards, parse_cards
from ..errors import CardError, EvaluatorError, InvalidConfigError, RangeError, shown
from .hand_rank import HandCategory, HandRank

__all__ = [
    "HandCategory",
    "HandRank",
    "evaluate",
    "evaluate_mask",
    "evaluate_codes",
    "evaluate_many",
    "evaluate_combos",
    "enumerate_categories",
    "table_bytes",
]

_ffi = _native.ffi
_lib = _native.lib

if _lib.pkc_init() != 0:  # pragma: no cover - only on allocation failure
    raise EvaluatorError("the C evaluator could not build its tables")

_SIZE_MAX = int(_ffi.cast("size_t", -1))
# status codes: their one home is csrc/pkc.h (the cdef reads them from there)
_E_CARD: int = _lib.PKC_E_CARD
_E_DUPLICATE: int = _lib.PKC_E_DUPLICATE

CardsLike = Union[str, Iterable[Card]]


def _private(data: Any) -> Any:
    """``data`` as a copy no other thread can change: the one rule of the C
    boundary, applied to every argument buffer *before* it is checked.

    cffi releases the GIL while C runs, so a caller's ``bytearray`` or
    ``array`` could be changed by another thread between the checks made here
    and C's reads of it: a card code checked as 0-51 could be 200 when C
    indexes a table with it.  Every function of this module that passes a
    caller's buffer to C first passes it through here and then checks and
    passes only what this returns.  ``bytes`` (immutable) and views of
    ``bytes`` come back as they are; a ``bytearray`` (or other ``bytes``
    subclass) becomes ``bytes``; an ``array`` a new ``array`` of the same
    type; any other ``memoryview`` a view of a ``bytes`` copy, of the same
    shape.  Anything else comes back as it is, for the caller's checks to
    refuse.
    """
    if data.__class__ is bytes:
        return data
    if isinstance(data, array):
        return data[:]
    if isinstance(data, (bytes, bytearray)):
        return memoryview(data).tobytes()
    if isinstance(data, memoryview):
        if data.obj.__class__ is bytes:
            return data
        copy = memoryview(data.tobytes())
        return copy.cast("B", list(data.shape or ())) if data.ndim == 2 and data.nbytes else copy
    return data


def _best_five_of(cards: tuple[Card, ...]) -> list[Card]:
    """The five cards that play among 6 or 7 Cards (``pkc_best_five``), for
    :attr:`HandRank.best_five`."""
    codes = _ffi.new("uint8_t[7]", [c.code for c in cards])
    out = _ffi.new("uint8_t[5]")
    _lib.pkc_best_five(codes, len(cards), out)
    return [CARDS[out[i]] for i in range(5)]


HandRank._five_of = _best_five_of

def evaluate(cards: CardsLike) -> HandRank:
    """Evaluate the best five-card hand among 5, 6 or 7 cards.

    On CPython this is a built-in function (``csrc/pkc_speedups.c``) that
    evaluates a tuple or list of Cards and builds the :class:`HandRank` in
    C, about 8 million calls a second; card text and anything else take the
    same path in Python (the same result or error).

    Args:
        cards: Card text (``"As Ks Qs Js Ts 9c 2d"``) or an iterable of
            :class:`Card`; 5 to 7 distinct cards (hole cards and board
            together).

    Returns:
        The hand's :class:`HandRank`; its ``best_five`` is computed when first
        read.

    Raises:
        CardError: Unparseable text, something that is not a card, a
            duplicate card, or fewer than 5 or more than 7 cards.

    References:
        The rules (docs/rules.rst), section 1.
    """
    try:
        hand: tuple[Card, ...] = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    except TypeError:
        raise CardError(shown(cards), "expected card text or an iterable of Cards") from None
    mask = 0
    try:
        for card in hand:
            mask |= card.mask
    except (AttributeError, TypeError):
        bad = next(c for c in hand if not isinstance(c, Card))
        raise CardError(shown(bad), "expected Card values or card text") from None
    if mask.bit_count() != len(hand):
        raise CardError(" ".join(map(str, hand)), "duplicate card")
    try:
        value = evaluate_mask(mask)
    except CardError:
        raise CardError(" ".join(map(str, hand)), f"need 5 to 7 cards, got {len(hand)}") from None
    rank = _new_rank(HandRank)
    rank.value = value
    rank.cards = hand
    rank._best_five = None
    return rank


_new_rank = object.__new__
_eval_mask = _lib.pkc_eval_mask


def evaluate_mask(mask: int) -> int:
    """Value of a hand given as a 64-bit card mask: the fast per-hand call.

    On CPython this is a built-in function (``csrc/pkc_speedups.c``) that
    calls the C evaluator directly, about 24 million calls a second in a
    Python loop; elsewhere the same checks run in Python over cffi.

    Args:
        mask: OR of :attr:`Card.mask` over 5 to 7 cards (bit
            ``16 * suit + rank``); see :func:`~pokerkit_core.evaluation.cards.cards_to_mask`.

    Returns:
        The hand value (higher is better; ``value >> 12`` is the category).

    Raises:
        CardError: ``mask`` is not an int in 0 to 2**64 - 1 (a bool, a
            float, a ``Fraction``, a ``Decimal`` or a NumPy float is refused,
            never truncated; NumPy integers are accepted), has bits that
            are not cards, or does not hold 5 to 7 cards.  (The C function
            checks the bits and the count itself and returns 0 for them.)
    """
    try:
        if mask.__class__ is bool:
            raise TypeError(mask)
        # operator.index takes ints and NumPy integers only: cffi alone would
        # truncate a Fraction, a Decimal or a NumPy float through __int__
        value: int = _eval_mask(operator.index(mask))
    except (TypeError, OverflowError):
        raise CardError(shown(mask), "mask must be an int in 0..2**64-1") from None
    if value:
        return value
    raise CardError(shown(mask), "mask must hold 5 to 7 cards and only card bits")


PURE_ENV = "POKERKIT_CORE_PURE"
"""The environment variable that runs the library without its C accelerator
``_speedups`` (PEP 399: the Python code is the reference, the C a faster
copy of parts of it).  Set to ``1`` before ``pokerkit_core`` is imported, every
call goes through the Python reference; the cffi evaluator and equity routine
(``_native``) stay, as they have no Python twin."""


def _load_speedups() -> Any:
    """The compiled accelerator ``_speedups``, or None where it is not built
    (PyPy) or switched off by :data:`PURE_ENV`.  This is the one place that
    imports it: every module reaches it through :data:`STATE_KERNEL` or the
    bound evaluators below."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    try:
        from .. import _speedups
    except ImportError:  # pragma: no cover - PyPy, where cffi is the fast path
        return None
    return _speedups


STATE_KERNEL: Any = _load_speedups()
"""Private: the C accelerator (hand-state kernel ``StateBase``, ``copy_state``,
``bind_engine``, ``deal_codes``, ``deal_record``, ``state_json`` of
``csrc/pkc_engine.c``),
or None: the pure-Python reference then serves every call."""


def _bind_speedups(fallback: Callable[[int], int]) -> Callable[[int], int] | None:
    """The built-in ``evaluate_mask`` of ``_speedups``, bound to this module's
    C evaluator and to ``fallback`` (for what it does not evaluate itself),
    or None without the accelerator."""
    if STATE_KERNEL is None:
        return None
    address = int(_ffi.cast("uintptr_t", _ffi.addressof(_lib, "pkc_eval_mask")))
    return STATE_KERNEL.bind(address, fallback)  # type: ignore[no-any-return]


_evaluate_mask_py = evaluate_mask
_fast_evaluate_mask = _bind_speedups(_evaluate_mask_py)
if _fast_evaluate_mask is not None:
    evaluate_mask = _fast_evaluate_mask  # type: ignore[assignment]  # same contract, in C


def _bind_evaluate(fallback: Callable[[CardsLike], HandRank]) -> Callable[[CardsLike], HandRank] | None:
    """The built-in ``evaluate`` of ``_speedups`` (tuples and lists of 5 to 7
    Cards evaluated in C, everything else handed to ``fallback``), or None
    without the accelerator."""
    if STATE_KERNEL is None:
        return None
    address = int(_ffi.cast("uintptr_t", _ffi.addressof(_lib, "pkc_eval_mask")))
    return STATE_KERNEL.bind_evaluate(address, fallback, CARDS, HandRank)  # type: ignore[no-any-return]


_evaluate_py = evaluate
_fast_evaluate = _bind_evaluate(_evaluate_py)
if _fast_evaluate is not None:
    evaluate = _fast_evaluate  # type: ignore[assignment]  # same contract, in C


def evaluate_codes(codes: Sequence[int]) -> int:
    """Value of a hand given as 5 to 7 card codes (``4 * rank + suit``).

    Args:
        codes: 5 to 7 distinct ints 0-51 (NumPy integers are accepted).

    Returns:
        The hand value (higher is better; ``value >> 12`` is the category).

    Raises:
        CardError: Not a sequence, a code that is not an int 0-51 (bools are
            refused), a duplicate, or a wrong count.
    """
    try:
        n = len(codes)
        iter(codes)
    except TypeError:
        raise CardError(shown(codes), "expected 5 to 7 int card codes") from None
    if not 5 <= n <= 7:
        raise CardError(shown(codes), f"need 5 to 7 card codes, got {n}")
    values = _checked_codes(codes, codes)
    seen = 0
    for code in values:
        if seen >> code & 1:
            raise CardError(shown(codes), f"duplicate card {CARDS[code]}")
        seen |= 1 << code
    value: int = _lib.pkc_eval_codes(_ffi.from_buffer("uint8_t[]", bytes(values)), n)
    return value


_INT32_FORMATS = frozenset({"i", "=i", "@i"} | ({"<i"} if sys.byteorder == "little" else {">i"}))


def evaluate_many(
    codes: Any, *, cards_per_hand: int | None = None, out: Any = None
) -> Any:
    """Evaluate a batch of hands in one C call.

    Args:
        codes: Card codes hand after hand, as any C-contiguous buffer of
            unsigned bytes (``bytes``, ``bytearray``, ``array('B')``, a ctypes
            ``c_uint8`` array, a NumPy ``uint8`` array of shape ``(n, k)``),
            which is copied first unless it is ``bytes`` (so that another
            thread changing it cannot change what C reads after the
            checks); or another integer buffer (e.g.
            NumPy ``int64``), a list of hands (lists of codes) or a flat
            list of codes, converted first (in lists, ints and NumPy
            integers; never bools or floats).
        cards_per_hand: Cards in each hand, 5 to 7.  Taken from a 2-D
            buffer's shape when omitted; otherwise 7.
        out: Optional writable, contiguous buffer of at least ``n`` native
            int32 values (e.g. ``numpy.empty(n, numpy.int32)``).  It may
            share memory with ``codes`` (the codes C reads are a copy).

    Returns:
        ``out`` if given, else a new ``array('i')`` of ``n`` values, one per
        hand in input order (``numpy.frombuffer(result, numpy.int32)`` views
        it without a copy).

    Raises:
        CardError: A code outside 0-51 or a card repeated within a hand (the
            message gives the hand's index and the code); a buffer that is
            not integers, is more than 2-D, or whose length is not a whole
            number of hands; ``cards_per_hand`` not 5-7; ``out`` not a
            writable, contiguous, native int32 buffer large enough.  For a
            bad hand, ``out`` (if given) then holds the values of the hands
            before it and is unchanged from it on; for the other errors
            nothing is written.
    """
    view = _private(_codes_view(codes))
    if cards_per_hand is None:
        cards_per_hand = view.shape[1] if view.ndim == 2 and view.shape else 7
    k = cards_per_hand
    if k.__class__ is not int or not 5 <= k <= 7:
        raise CardError(shown(k), "cards_per_hand must be 5, 6 or 7")
    if view.ndim == 2 and view.shape and view.shape[1] != k:
        raise CardError(shown(codes), f"buffer has {view.shape[1]} cards per row, expected {k}")
    total = view.nbytes
    if total % k:
        raise CardError(shown(codes), f"{total} card codes is not a whole number of {k}-card hands")
    n = total // k
    result = array("i", bytes(4 * n)) if out is None else out
    try:
        out_view = memoryview(result)
    except TypeError:
        raise CardError(shown(out), "out must be a writable buffer of int32 values") from None
    if out_view.itemsize != 4 or out_view.format not in _INT32_FORMATS:
        raise CardError(shown(out_view.format), "out must hold native-endian int32 values")
    if out_view.readonly or not out_view.c_contiguous:
        raise CardError("out", "out must be writable and contiguous")
    if out_view.nbytes < 4 * n:
        raise CardError("out", f"out holds {out_view.nbytes // 4} values, {n} needed")
    codes_ptr = _ffi.from_buffer("uint8_t[]", view)
    # the view that was checked, not `result` again: its buffer could differ
    out_ptr = _ffi.from_buffer("int32_t[]", out_view, require_writable=True)
    bad = _ffi.new("size_t *")
    status = _lib.pkc_eval_batch(codes_ptr, n, k, out_ptr, bad)
    if status in (_E_CARD, _E_DUPLICATE):
        hand = list(view.tobytes()[bad[0] * k : (bad[0] + 1) * k])
        what = "a card code outside 0-51" if status == _E_CARD else "a duplicate card"
        raise CardError(f"hand {bad[0]}: {hand}", what)
    if status != 0:  # pragma: no cover - arguments were checked above
        raise EvaluatorError(f"pkc_eval_batch failed with status {status}")
    return result


def evaluate_combos(combos: Any, board: CardsLike, *, dead: CardsLike = ()) -> "array[int]":
    """Values of many two-card combos on one board, in one C call.

    The hands of a range on a board, for ranking a range or counting how
    much of it a hand beats: each combo is evaluated with the same board
    cards (the board's part of the work is done once).

    Args:
        combos: Card codes (``4 * rank + suit``), two per combo: ``bytes``,
            a flat buffer of integers (NumPy array, ``array``) or a sequence
            of ints 0-51 (not bools).
        board: Three to five board cards (text or Cards).
        dead: Other known cards (text or Cards), e.g. your own hole cards:
            combos holding one are blocked, like combos holding a board card.

    Returns:
        An ``array('i')`` of one value per combo, in order; ``0`` for a
        blocked combo (it shares a card with the board or ``dead``).

    Raises:
        CardError: A code outside 0-51 or an odd number of codes, a combo of
            one card twice (the message names the combo), a board that is
            not 3 to 5 cards, a card repeated on the board and ``dead``, or
            a board or ``dead`` that is not card text or Cards.
    """
    codes = _flat_codes(combos)
    if codes is None:
        raise CardError(shown(combos), "combos must be card codes 0-51, two per combo") from None
    if len(codes) % 2:
        raise CardError(f"{len(codes)} codes", "combos need two card codes each")
    board_codes = bytes(card.code for card in as_cards(board, "board"))
    dead_codes = bytes(card.code for card in as_cards(dead, "dead"))
    if not 3 <= len(board_codes) <= 5:
        raise CardError(shown(board), f"a board for evaluate_combos has 3 to 5 cards, got {len(board_codes)}")
    n = len(codes) // 2
    out = array("i", bytes(4 * n))
    bad = _ffi.new("size_t *")
    status = _lib.pkc_eval_combos(
        codes, n, board_codes, len(board_codes), dead_codes, len(dead_codes),
        _ffi.from_buffer("int32_t[]", out, require_writable=True), bad,
    )
    if status in (_E_CARD, _E_DUPLICATE):
        if bad[0] == _SIZE_MAX:
            known = " ".join(CARDS[c].__str__() if c < 52 else str(c) for c in board_codes + dead_codes)
            raise CardError(known, "board and dead cards must be distinct cards")
        pair = list(codes[2 * bad[0] : 2 * bad[0] + 2])
        what = "a card code outside 0-51" if status == _E_CARD else "the same card twice"
        raise CardError(f"combo {bad[0]}: {pair}", what)
    if status != 0:  # pragma: no cover - arguments were checked above
        raise EvaluatorError(f"pkc_eval_combos failed with status {status}")
    return out


def enumerate_categories(cards_per_hand: int) -> tuple[dict[HandCategory, int], int]:
    """Evaluate every 5-, 6- or 7-card hand of the deck in one C call.

    Args:
        cards_per_hand: 5, 6 or 7 (7 means all 133,784,560 hands, about 0.3 s).

    Returns:
        The number of hands in each category, and the number of distinct
        values seen.

    Raises:
        CardError: ``cards_per_hand`` is not 5, 6 or 7.
    """
    if cards_per_hand.__class__ is not int or cards_per_hand not in (5, 6, 7):
        raise CardError(shown(cards_per_hand), f"cards_per_hand must be 5, 6 or 7, not {shown(cards_per_hand)}")
    counts = _ffi.new("uint64_t[10]")
    distinct = _ffi.new("uint32_t *")
    status = _lib.pkc_enumerate(cards_per_hand, counts, distinct)
    if status != 0:  # pragma: no cover
        raise EvaluatorError(f"pkc_enumerate failed with status {status}")
    return {cat: int(counts[cat]) for cat in HandCategory}, int(distinct[0])


def table_bytes() -> int:
    """Size of the evaluator's lookup tables, in bytes.

    Returns:
        The memory the C lookup tables take, bytes.
    """
    return int(_lib.pkc_table_bytes())


# ---- equity: the low-level call used by pokerkit_core.evaluation.equity -----------------

_E_EMPTY: int = _lib.PKC_E_EMPTY
_E_TOO_BIG: int = _lib.PKC_E_TOO_BIG
_E_STOPPED: int = _lib.PKC_E_STOPPED
_EQUITY_MODES: dict[str, int] = {
    "auto": _lib.PKC_EQUITY_AUTO,
    "exact": _lib.PKC_EQUITY_EXACT,
    "sample": _lib.PKC_EQUITY_SAMPLE,
}
MAX_EQUITY_PLAYERS: int = _lib.PKC_MAX_PLAYERS
"""Most players one equity calculation takes (``PKC_MAX_PLAYERS`` of pkc.h):
as many as a table seats (:data:`pokerkit_core.engine.rules.MAX_SEATS`, 10; a test
keeps the two equal)."""
SHARE_UNIT: int = _lib.PKC_SHARE_UNIT
"""Units of pot share in one deal (``PKC_SHARE_UNIT`` of pkc.h, 2520 =
lcm(1..10)): a k-way tie is worth ``SHARE_UNIT // k`` units, an integer for
every k up to :data:`MAX_EQUITY_PLAYERS`."""
CHECK_EVALUATIONS: int = _lib.PKC_CHECK_EVALUATIONS
"""Exact enumeration comes back to Python (to take a Ctrl-C) after about
this many hand evaluations (``PKC_CHECK_EVALUATIONS`` of pkc.h)."""


class _Stop(threading.local):
    """The exception that stopped this thread's C call, if any."""

    error: BaseException | None = None


_stop = _Stop()


def _check_in() -> None:
    """Called by C every :data:`CHECK_EVALUATIONS` evaluations of an exact
    enumeration; an exception raised here (or a signal handler's, such as
    ``KeyboardInterrupt``, which runs here) stops the enumeration."""


def _keep_going_error(exc_type: type, exc: BaseException, traceback: object) -> int:
    _stop.error = exc
    return 0


@_ffi.def_extern(name="pkc_py_keep_going", onerror=_keep_going_error)  # type: ignore[untyped-decorator]
def _keep_going() -> int:
    _check_in()
    return 1
_MAX_RANGE_COMBOS = 1326
_MAX_TRIALS = 1 << 40
_SEED_MASK = (1 << 64) - 1


def _equity_native(
    combos: bytes,
    weights: "array[float]",
    n_combos: Sequence[int],
    board: bytes,
    dead: bytes,
    *,
    mode: str,
    trials: int,
    seed: int,
    max_exact: float,
) -> tuple[bool, int, tuple[tuple[float, float, float, float], ...]]:
    """Private: all-in equity in one C call (``pkc_equity``); use :mod:`.equity`.

    Every argument is checked here before C sees it, and the buffers C reads
    are private copies taken before the checks (:func:`_private`).

    Args:
        combos: Two card codes per combo, the combos of player 0 first, then
            player 1's, and so on.
        weights: ``array('d')``, one finite weight >= 0 per combo.
        n_combos: Combos per player (1-1326 each; 2 to
            :data:`MAX_EQUITY_PLAYERS` (10) players); a player with
            one combo has fixed hole cards.
        board: 0-5 board card codes.
        dead: Dead card codes (out of the deck).
        mode: ``"auto"`` (exact when it costs at most ``max_exact`` hand
            evaluations, else ``trials`` samples), ``"exact"`` or ``"sample"``.
        trials: Deals to sample (1 to 2**40); ignored when exact.
        seed: Any int; used modulo 2**64.
        max_exact: Budget for exact enumeration, in hand evaluations.

    Returns:
        ``(exact, deals, per_player)`` with ``(win, tie, equity, stderr)``
        fractions for each player.

    Raises:
        CardError: A code outside 0-51, a combo with the same card twice, or
            a card both on the board / among the dead cards / in two fixed
            hands.
        RangeError: A player's combos all share a card with the board, the
            dead cards or fixed hands (or all weigh 0), or no deal gives every
            player distinct cards.
        InvalidConfigError: Not 2 to :data:`MAX_EQUITY_PLAYERS` players, a bad combo count, weights, mode
            or trials, too many cards for one deal, or an exact enumeration
            above ``max_exact``.
    """
    combos, weights, board, dead = _private(combos), _private(weights), _private(board), _private(dead)
    n_combos = tuple(n_combos)
    n_players = len(n_combos)
    if not 2 <= n_players <= MAX_EQUITY_PLAYERS:
        raise InvalidConfigError(f"equity needs 2 to {MAX_EQUITY_PLAYERS} players, got {n_players}")
    total = 0
    for n in n_combos:
        if n.__class__ is not int or not 1 <= n <= _MAX_RANGE_COMBOS:
            raise InvalidConfigError(f"a player needs 1 to 1326 combos, got {shown(n)}")
        total += n
    if not isinstance(combos, (bytes, bytearray)) or len(combos) != 2 * total:
        raise InvalidConfigError(f"expected {2 * total} combo card codes, got {len(combos)}")
    if not isinstance(weights, array) or weights.typecode != "d" or len(weights) != total:
        raise InvalidConfigError(f"expected an array('d') of {total} weights")
    if not (min(weights) >= 0.0 and all(map(math.isfinite, weights))):
        raise InvalidConfigError("weights must be finite and >= 0")
    for name, codes, limit in (("board", board, 5), ("dead", dead, 52)):
        if not isinstance(codes, (bytes, bytearray)) or len(codes) > limit:
            raise CardError(shown(codes), f"{name} must be bytes of at most {limit} codes")
    if max(combos) > 51 or (board and max(board) > 51) or (dead and max(dead) > 51):
        raise CardError("codes", "card code outside 0-51")
    if any(map(operator.eq, combos[0::2], combos[1::2])):
        raise CardError("combos", "a combo holds the same card twice")
    if 2 * n_players + 5 + len(dead) > 52:
        raise InvalidConfigError(
            f"{n_players} players, 5 board cards and {len(dead)} dead cards need more than 52"
        )
    known = 0
    for code in bytes(board) + bytes(dead):
        if known >> code & 1:
            raise CardError(str(CARDS[code]), f"duplicate card {CARDS[code]} on board/dead")
        known |= 1 << code
    offset = 0
    for player, n in enumerate(n_combos):
        if n == 1:
            for code in combos[2 * offset : 2 * offset + 2]:
                if known >> code & 1:
                    raise CardError(
                        str(CARDS[code]), f"card {CARDS[code]} of players[{player}] is dealt twice"
                    )
                known |= 1 << code
        offset += n
    if mode not in _EQUITY_MODES:
        raise InvalidConfigError(f"mode must be auto, exact or sample, not {shown(mode)}")
    if trials.__class__ is not int or not 1 <= trials <= _MAX_TRIALS:
        raise InvalidConfigError(f"trials must be an int from 1 to 2**40, got {shown(trials)}")
    if not isinstance(seed, int):
        raise InvalidConfigError(f"seed must be an int, got {shown(seed)}")
    if not (isinstance(max_exact, (int, float)) and max_exact >= 0):
        raise InvalidConfigError(f"max_exact must be >= 0, got {shown(max_exact)}")

    out = _ffi.new("double[]", 4 * n_players)
    deals = _ffi.new("uint64_t *")
    exact = _ffi.new("int *")
    bad = _ffi.new("int *")
    status = _lib.pkc_equity(
        n_players,
        _ffi.from_buffer("uint8_t[]", combos),
        _ffi.from_buffer("double[]", weights),
        _ffi.new("int32_t[]", list(n_combos)),
        _ffi.from_buffer("uint8_t[]", board) if board else _ffi.NULL,
        len(board),
        _ffi.from_buffer("uint8_t[]", dead) if dead else _ffi.NULL,
        len(dead),
        _EQUITY_MODES[mode],
        trials,
        seed & _SEED_MASK,
        float(max_exact),
        out,
        deals,
        exact,
        bad,
        _lib.pkc_py_keep_going,
    )
    if status == _E_STOPPED:  # _check_in raised (e.g. KeyboardInterrupt): raise it here
        error, _stop.error = _stop.error, None
        if error is None:  # pragma: no cover - C stops only when the callback says so
            raise EvaluatorError("pkc_equity stopped without a reason")
        raise error
    if status == _E_EMPTY:
        who = f"players[{bad[0]}]" if bad[0] >= 0 else "the players"
        raise RangeError(
            f"no deal is possible for {who}: every combo shares a card with the "
            "board, dead cards or other hands"
        )
    if status == _E_TOO_BIG:
        raise InvalidConfigError(
            f"exact enumeration would take more than {max_exact:.3g} hand evaluations"
        )
    if status in (_E_CARD, _E_DUPLICATE):  # pragma: no cover - checked above
        raise CardError("equity input", "bad or duplicate card code")
    if status != 0:  # pragma: no cover - arguments were checked above
        raise EvaluatorError(f"pkc_equity failed with status {status}")
    per_player = tuple(
        (out[4 * p], out[4 * p + 1], out[4 * p + 2], out[4 * p + 3]) for p in range(n_players)
    )
    return bool(exact[0]), int(deals[0]), per_player


# ---- range work for the AIs (csrc/pkc_range.c) --------------------------------

RANGE_COMBOS: int = _lib.PKC_COMBOS
"""Two-card combos (1,326); a range is one weight per combo, in the order of
:func:`combo_index`."""

RANGE_MAX_TRIALS: int = _lib.PKC_RANGE_MAX_TRIALS
"""Most deals :func:`range_equity` samples per hand."""


def combo_index(a: int, b: int) -> int:
    """Index of the combo of card codes ``a`` and ``b`` (either order) among
    the :data:`RANGE_COMBOS` combos: (0,1), (0,2), ..., (50,51)."""
    if a > b:
        a, b = b, a
    return a * (103 - a) // 2 + (b - a - 1)


def _range_args(weights: Any, board: bytes) -> None:
    if not isinstance(weights, array) or weights.typecode != "d" or len(weights) != RANGE_COMBOS:
        raise InvalidConfigError(f"a range needs an array('d') of {RANGE_COMBOS} weights")
    if not isinstance(board, (bytes, bytearray)) or len(board) > 5:
        raise CardError(shown(board), "board must be bytes of at most 5 card codes")


def _range_status(status: int, what: str) -> None:
    if status == 0:
        return
    if status in (_E_CARD, _E_DUPLICATE):
        raise CardError(what, "card codes must be 0-51 and distinct (board and each hand)")
    if status == _lib.PKC_E_ARG or status == _lib.PKC_E_COUNT:
        raise InvalidConfigError(f"bad {what}: weights must be finite and >= 0, the board 0, 3, 4 or 5 cards")
    raise EvaluatorError(f"{what} failed with status {status}")  # pragma: no cover - memory


RANGE_MAX_RANGES: int = _lib.PKC_RANGE_MAX_RANGES
"""Most ranges one :func:`range_equity` call takes."""


def range_equity(
    hands: bytes, ranges: Sequence["array[float]"], board: bytes, *, trials: int, seed: int
) -> "array[float]":
    """Equity of many hands against several weighted opponent ranges, in one C call.

    Args:
        hands: Two card codes per hand.
        ranges: 1 to :data:`RANGE_MAX_RANGES` ranges, each an ``array('d')``
            of :data:`RANGE_COMBOS` weights (finite, >= 0), index
            :func:`combo_index`.
        board: 0, 3, 4 or 5 board card codes.
        trials: Deals sampled per hand and range before the river (1 to
            :data:`RANGE_MAX_TRIALS`); the river is exact.
        seed: Any int (used modulo 2**64); each hand's deals come from
            ``seed``, the range's position and the hand's own combo, so a
            hand's result does not depend on the other hands.

    Returns:
        ``array('d')`` of ``len(hands) // 2 * len(ranges)`` values, hand by
        hand (entry ``i * len(ranges) + r``: hand ``i`` against range ``r``):
        the pot share (wins plus half the ties) in [0, 1], or -1 when every
        combo of the range shares a card with the hand or the board.

    Raises:
        CardError: A code outside 0-51, a hand of one card twice or holding a
            board card, a board card twice.
        InvalidConfigError: A range not an ``array('d')`` of 1,326 finite
            weights >= 0, no range or too many, a board of 1, 2 or more than
            5 cards, bad ``trials`` or ``seed``.

    ``hands``, ``board`` and the ranges are copied before they are checked
    (:func:`_private`): another thread changing them during the call cannot
    change what C reads.
    """
    hands, board = _private(hands), _private(board)
    ranges = [_private(weights) for weights in ranges]
    if not 1 <= len(ranges) <= RANGE_MAX_RANGES:
        raise InvalidConfigError(f"range_equity takes 1 to {RANGE_MAX_RANGES} ranges, got {len(ranges)}")
    for weights in ranges:
        _range_args(weights, board)
    if not isinstance(hands, (bytes, bytearray)) or len(hands) % 2:
        raise CardError(shown(hands), "hands must be bytes of two card codes each")
    if trials.__class__ is not int or not 1 <= trials <= RANGE_MAX_TRIALS:
        raise InvalidConfigError(f"trials must be an int from 1 to {RANGE_MAX_TRIALS}, got {shown(trials)}")
    if seed.__class__ is not int:
        raise InvalidConfigError(f"seed must be an int, got {shown(seed)}")
    n = len(hands) // 2
    joined = ranges[0] if len(ranges) == 1 else _join(ranges)
    out = array("d", bytes(8 * n * len(ranges)))
    if n == 0:
        return out
    status = _lib.pkc_range_equity(
        _ffi.from_buffer("uint8_t[]", hands), n, _ffi.from_buffer("double[]", joined), len(ranges),
        _ffi.from_buffer("uint8_t[]", board) if board else _ffi.NULL, len(board), trials,
        seed & _SEED_MASK, _ffi.from_buffer("double[]", out, require_writable=True),
    )
    _range_status(status, "range equity input")
    return out


def _join(ranges: Sequence["array[float]"]) -> "array[float]":
    joined = array("d", ranges[0])
    for weights in ranges[1:]:
        joined.extend(weights)
    return joined


def narrow_range(weights: "array[float]", board: bytes, keep: float, floor: float) -> None:
    """Narrow a range in place to its strongest share on a board (one C call).

    Combos holding a board card get weight 0; the rest are ranked by their
    value on the board, and the strongest ``keep`` share of the weight keeps
    its weight while the others are multiplied by ``floor``.

    Args:
        weights: ``array('d')`` of :data:`RANGE_COMBOS` weights; changed in place.
        board: 3 to 5 board card codes.
        keep: Share of the weight kept, 0-1.
        floor: Factor for the rest, 0-1.

    Raises:
        CardError: Bad or repeated board codes.
        InvalidConfigError: Bad weights, board size, ``keep`` or ``floor``
            (nothing is changed then).

    C works on a copy of ``weights`` and ``board`` taken before the checks
    (:func:`_private`), and the result is written back into ``weights`` at
    the end, in one step.
    """
    work, board = _private(weights), _private(board)
    _range_args(work, board)
    if not (isinstance(keep, (int, float)) and isinstance(floor, (int, float))):
        raise InvalidConfigError("keep and floor must be numbers from 0 to 1")
    status = _lib.pkc_range_narrow(
        _ffi.from_buffer("double[]", work, require_writable=True),
        _ffi.from_buffer("uint8_t[]", board) if board else _ffi.NULL, len(board),
        float(keep), float(floor),
    )
    _range_status(status, "range narrowing input")
    weights[:] = work
