"""Action sets and the observation vector of the RL environments.

Two action sets turn an agent's integer action into an engine
:class:`~pokerkit_core.engine.actions.Action`:

* :class:`DiscreteActions` (the default): fold, check/call, the minimum
  bet/raise, bets/raises to fixed fractions of the pot, all-in;
* :class:`RaiseToActions`: fold, check/call, or any exact raise-to amount in
  chips.

Both give a mask of the actions that are legal now and refuse (or, on request,
clamp) the others.  :class:`ObservationEncoder` turns an
:class:`~pokerkit_core.engine.observation.Observation` into the fixed-length vector
whose layout is documented on the class and in ``docs/envs.rst``.

References:
    docs/rules.rst section 2 (actions, raise-to amounts, minimum raise);
    the docs' "Reinforcement learning environments" page.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import numpy as np
from gymnasium import spaces

from ..engine.actions import Action, ActionKind, AllIn, Call, Check, Fold, LegalActions
from ..evaluation.cards import Card
from ..errors import IllegalActionError, InvalidConfigError, shown
from ..engine.observation import Observation
from ..engine.rules import MAX_SEATS, Street
from ..evaluation.evaluator import STATE_KERNEL
from ..evaluation.evaluator import _ffi, _lib  # the cffi module (only the evaluator imports it)

__all__ = [
    "DEFAULT_POT_FRACTIONS",
    "FOLD",
    "CHECK_CALL",
    "MIN_RAISE",
    "DiscreteActions",
    "RaiseToActions",
    "ActionSet",
    "ObservationEncoder",
]

DEFAULT_POT_FRACTIONS: tuple[float, ...] = (0.5, 1.0, 2.0)
"""Pot fractions of the default discrete action set: half pot, pot, two pots."""

FOLD = 0
"""Action index of a fold (both action sets)."""
CHECK_CALL = 1
"""Action index of a check or call (both action sets)."""
MIN_RAISE = 2
"""Action index of the minimum bet or raise (discrete action set)."""

_MAX_FRACTIONS = 16


def _index_arg(index: object, size: int) -> int:
    """``index`` as a plain int action of a ``Discrete(size)`` space."""
    if index.__class__ is bool or index.__class__.__name__ == "bool_":
        raise IllegalActionError(shown(index), f"an int 0-{size - 1}", "an action is an int, not a bool")
    try:
        value = operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        if isinstance(index, np.ndarray) and index.shape in ((), (1,)) and index.dtype.kind in "iu":
            value = int(index.reshape(()))
        else:
            raise IllegalActionError(
                shown(index), f"an int 0-{size - 1}", "an action is an int index"
            ) from None
    if not 0 <= value < size:
        raise IllegalActionError(value, f"an int 0-{size - 1}", "not an action of this action space")
    return value


def _bet_or_raise(legal: LegalActions, to: int) -> Action:
    """The bet or raise to ``to`` chips (``AllIn`` when it is the whole stack)."""
    if to >= legal.all_in_to:
        return AllIn
    return Action(ActionKind.BET if legal.can_bet else ActionKind.RAISE, to)


def _passive(legal: LegalActions) -> Action:
    return Check if legal.can_check else Call


def _fold_or_passive(i: int, legal: LegalActions, clamp: bool) -> Action:
    """Index :data:`FOLD` or :data:`CHECK_CALL` of either action set."""
    if i == CHECK_CALL:
        return _passive(legal)
    if legal.can_fold:
        return Fold
    if clamp:
        return Check
    raise IllegalActionError(Fold, legal, "folding is not allowed when you can check")


class DiscreteActions:
    """Fold, check/call, minimum raise, pot-fraction raises, all-in.

    Index ``0`` folds, ``1`` checks or calls, ``2`` makes the minimum bet or
    raise, ``3 .. 2 + len(pot_fractions)`` bet or raise to the given
    fractions of the pot, and the last index (``3 + len(pot_fractions)``)
    goes all-in.  A bet or raise to fraction ``f`` of the pot is the raise-to
    ``call_to + floor(f * (pot + to_call))`` chips: the current bet plus
    ``f`` times the pot after calling (``f = 1`` is the "pot-sized raise";
    on an unopened street it is a bet of ``f`` times the pot).

    An index is legal (mask 1) when it names a distinct legal action: fold
    only when facing a bet, check/call always; the minimum raise when a bet or
    raise is allowed and is not all-in; a pot fraction when its raise-to lies
    strictly between the minimum raise-to and the all-in total and not above
    the maximum (so never in fixed-limit); all-in when a bet or raise is
    allowed and the maximum puts the whole stack in (an all-in *call* is
    index 1).

    Args:
        pot_fractions: Positive fractions of the pot, at most 16, each at most
            100 (floats, ints or :class:`~fractions.Fraction`; floats are read
            as the decimal they print as, so ``0.3`` is exactly 3/10).

    Raises:
        InvalidConfigError: A fraction that is not a positive number of at
            most 100, a repeated fraction, or more than 16 of them.

    References:
        docs/rules.rst section 2 (raise-to amounts, minimum raise, all-in).
    """

    __slots__ = ("pot_fractions", "size", "_ratios", "names")

    def __init__(self, pot_fractions: Sequence[float | Fraction] = DEFAULT_POT_FRACTIONS) -> None:
        if isinstance(pot_fractions, (str, bytes)) or not isinstance(pot_fractions, Sequence):
            raise InvalidConfigError(
                f"pot_fractions must be a sequence of numbers, got {shown(pot_fractions)}"
            )
        if len(pot_fractions) > _MAX_FRACTIONS:
            raise InvalidConfigError(f"at most {_MAX_FRACTIONS} pot fractions, got {len(pot_fractions)}")
        ratios: list[tuple[int, int]] = []
        kept: list[float] = []
        for value in pot_fractions:
            exact = _fraction_arg(value)
            pair = (exact.numerator, exact.denominator)
            if pair in ratios:
                raise InvalidConfigError(f"pot fraction {shown(value)} is given twice")
            ratios.append(pair)
            kept.append(float(exact))
        self.pot_fractions: tuple[float, ...] = tuple(kept)
        """The fractions of the pot, in index order (from index 3)."""
        self._ratios = tuple(ratios)
        self.size: int = 4 + len(ratios)
        """Number of actions (the ``Discrete`` size)."""
        self.names: tuple[str, ...] = (
            ("fold", "check/call", "min raise")
            + tuple(f"raise {f:g} pot" for f in kept)
            + ("all-in",)
        )
        """A short name per index, for rendering and documentation."""

    def space(self) -> spaces.Discrete:
        """A new ``Discrete(size)`` action space."""
        return spaces.Discrete(self.size)

    def _fraction_to(self, legal: LegalActions, pot: int, k: int) -> int:
        num, den = self._ratios[k]
        return legal.call_to + (num * (pot + legal.call_amount)) // den

    def mask(self, legal: LegalActions | None, pot: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """Which indices are legal now.

        Args:
            legal: The acting seat's legal actions, or ``None`` when the seat
                is not to act (all zeros).
            pot: All chips committed to the hand, current bets included.

        Returns:
            A new ``int8`` array of ``size`` zeros and ones.
        """
        if legal is None:
            return np.zeros(self.size, np.int8)
        return np.array(self.mask_values(legal, pot), np.int8)

    def mask_values(self, legal: LegalActions, pot: int) -> list[bool]:
        """:meth:`mask` of a seat to act as a list of bools (no NumPy).

        Args:
            legal: The acting seat's legal actions.
            pot: All chips committed to the hand, current bets included.

        Returns:
            ``size`` bools, index order.
        """
        if not (legal.can_bet or legal.can_raise):
            return [legal.can_fold, True] + [False] * (self.size - 2)
        low, high, all_in = legal.min_raise_to, legal.max_raise_to, legal.all_in_to
        values = [legal.can_fold, True, low < all_in]
        base = legal.call_to
        behind = pot + legal.call_amount
        for num, den in self._ratios:
            to = base + (num * behind) // den
            values.append(low < to < all_in and to <= high)
        values.append(legal.max_is_all_in)
        return values
        low, high, all_in = legal.min_raise_to, legal.max_raise_to, legal.all_in_to
        values = [legal.can_fold, True, low < all_in]
        for k in range(len(self._ratios)):
            to = self._fraction_to(legal, pot, k)
            values.append(low < to < all_in and to <= high)
        values.append(legal.max_is_all_in)
        return np.array(values, np.int8)

    def action(self, index: object, legal: LegalActions, pot: int, *, clamp: bool = False) -> Action:
        """The engine action for ``index``.

        Args:
            index: An action index (int or NumPy integer).
            legal: The acting seat's legal actions.
            pot: All chips committed to the hand, current bets included.
            clamp: Replace a masked index by the nearest legal action instead
                of raising: a fold that is not needed checks; a bet or raise
                that is not allowed checks or calls; a size below the minimum
                becomes the minimum and one above the maximum the maximum
                (all-in in no-limit).

        Returns:
            The action (bets and raises as raise-to totals, chips).

        Raises:
            IllegalActionError: ``index`` is not an int of the space, or
                (without ``clamp``) is masked now; ``legal`` on the error
                lists the legal actions.
        """
        i = _index_arg(index, self.size)
        if i in (FOLD, CHECK_CALL):
            return _fold_or_passive(i, legal, clamp)
        if not (legal.can_bet or legal.can_raise):
            if clamp:
                return _passive(legal)
            raise IllegalActionError(self.names[i], legal, "no bet or raise is allowed now")
        low, high, all_in = legal.min_raise_to, legal.max_raise_to, legal.all_in_to
        if i == MIN_RAISE:
            to = low
            ok = low < all_in
        elif i == self.size - 1:
            to = all_in
            ok = legal.max_is_all_in
        else:
            to = self._fraction_to(legal, pot, i - 3)
            ok = low < to < all_in and to <= high
        if ok:
            return _bet_or_raise(legal, to)
        if clamp:
            return _bet_or_raise(legal, min(max(to, low), high))
        raise IllegalActionError(
            self.names[i],
            legal,
            f"{self.names[i]} (raise-to {to}) is not a distinct legal amount here "
            f"(legal raise-to {low}..{high}, all-in {legal.all_in_to})",
        )


def _fraction_arg(value: object) -> Fraction:
    if value.__class__.__name__ in ("bool", "bool_"):
        raise InvalidConfigError(f"a pot fraction must be a number, not {shown(value)}")
    try:
        if isinstance(value, float):
            exact = Fraction(repr(value))
        else:
            exact = Fraction(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        raise InvalidConfigError(f"a pot fraction must be a number, got {shown(value)}") from None
    if not 0 < exact <= 100:
        raise InvalidConfigError(f"a pot fraction must be above 0 and at most 100, got {shown(value)}")
    return exact


class RaiseToActions:
    """Fold, check/call, or a bet/raise to an exact number of chips.

    Index ``0`` folds, ``1`` checks or calls, and index ``1 + n`` (``n >= 1``)
    bets or raises to ``n`` chips (the raise-to total for the street).  The
    space is ``Discrete(max_chips + 2)``; the mask marks fold when facing a
    bet, check/call, and every raise-to from the minimum to the maximum.

    Args:
        max_chips: The largest raise-to any seat could make: all the chips at
            the table (the sum of the starting stacks), at least 1.

    Raises:
        InvalidConfigError: ``max_chips`` is not an int of at least 1 or above
            ``2**31`` (the mask would not fit in memory).

    References:
        docs/rules.rst section 2 (raise-to amounts).
    """

    __slots__ = ("max_chips", "size")

    def __init__(self, max_chips: int) -> None:
        if max_chips.__class__ is not int or not 1 <= max_chips <= 2**31:
            raise InvalidConfigError(
                f"exact raise-to actions need at most 2**31 chips at the table, got {shown(max_chips)}"
            )
        self.max_chips = max_chips
        self.size = max_chips + 2

    def space(self) -> spaces.Discrete:
        """A new ``Discrete(max_chips + 2)`` action space."""
        return spaces.Discrete(self.size)

    def mask(self, legal: LegalActions | None, pot: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """Which indices are legal now (see :meth:`DiscreteActions.mask`).

        Args:
            legal: The acting seat's legal actions, or ``None`` (all zeros).
            pot: Unused (the signature of every action set).

        Returns:
            A new ``int8`` array of ``size`` zeros and ones.
        """
        out = np.zeros(self.size, np.int8)
        if legal is None:
            return out
        out[FOLD] = legal.can_fold
        out[CHECK_CALL] = 1
        if legal.can_bet or legal.can_raise:
            out[1 + legal.min_raise_to : 2 + legal.max_raise_to] = 1
        return out

    def action(self, index: object, legal: LegalActions, pot: int, *, clamp: bool = False) -> Action:
        """The engine action for ``index`` (see :meth:`DiscreteActions.action`).

        Args:
            index: ``0``, ``1`` or ``1 + raise-to`` (int or NumPy integer).
            legal: The acting seat's legal actions.
            pot: Unused.
            clamp: Replace an illegal index by the nearest legal action.

        Returns:
            The action.

        Raises:
            IllegalActionError: ``index`` is not an int of the space, or
                (without ``clamp``) not legal now.
        """
        i = _index_arg(index, self.size)
        if i in (FOLD, CHECK_CALL):
            return _fold_or_passive(i, legal, clamp)
        to = i - 1
        if not (legal.can_bet or legal.can_raise):
            if clamp:
                return _passive(legal)
            raise IllegalActionError(f"raise-to {to}", legal, "no bet or raise is allowed now")
        low, high = legal.min_raise_to, legal.max_raise_to
        if not low <= to <= high:
            if not clamp:
                raise IllegalActionError(
                    f"raise-to {to}", legal, f"the raise-to must be from {low} to {high}"
                )
            to = min(max(to, low), high)
        return _bet_or_raise(legal, to)


ActionSet = DiscreteActions | RaiseToActions
"""Either action set."""

_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN)


@dataclass(frozen=True, slots=True)
class _Block:
    name: str
    start: int
    stop: int
    meaning: str


class ObservationEncoder:
    """Turns an :class:`~pokerkit_core.engine.observation.Observation` into a vector.

    The vector is ``float32``; amounts are in big blinds.  Seats are listed
    relative to the observer: seat block ``k`` describes seat
    ``(observer + k) % seats``, so block 0 is always the observer itself.
    With ``n`` seats and ``m`` discrete actions the layout is:

    ======================  =========================================================
    indices                 meaning
    ======================  =========================================================
    0-51                    own hole cards, one-hot by card code (``4 * rank + suit``;
                            0 = 2c, 1 = 2d, 2 = 2h, 3 = 2s, ..., 51 = As)
    52-103                  board cards, one-hot by card code
    104-108                 street one-hot: pre-flop, flop, turn, river, hand over
    109                     pot: all chips committed, current bets included (bb)
    110                     to call: chips the observer must add to call (bb)
    111                     minimum raise-to (bb; 0 when the observer cannot raise now)
    112                     maximum raise-to (bb; 0 when the observer cannot raise now)
    113 + 6k .. 118 + 6k    seat block k: stack (bb), street bet (bb), in the hand
                            (not folded), all-in, has the button, is to act
    113 + 6n .. 112 + 7n    the observer's own seat number, one-hot
    113 + 7n .. 112+7n+m    mask of the discrete action set (see :class:`DiscreteActions`)
    ======================  =========================================================

    Args:
        seats: Seats at the table (2 or more).
        big_blind: Big blind, chips (the unit of every amount).
        max_chips: Chips at the table (sum of starting stacks): the upper
            bound of every amount entry.
        actions: The discrete action set whose mask ends the vector.

    Raises:
        InvalidConfigError: ``seats`` below 2, ``big_blind`` or ``max_chips``
            below 1.
    """

    __slots__ = (
        "seats",
        "big_blind",
        "max_chips",
        "actions",
        "size",
        "layout",
        "_seat_base",
        "_own",
        "_mask",
        "_zeros",
        "_native",
    )

    CARDS = 0
    BOARD = 52
    STREET = 104
    POT = 109
    TO_CALL = 110
    MIN_RAISE_TO = 111
    MAX_RAISE_TO = 112
    SEATS = 113
    SEAT_FIELDS = ("stack", "bet", "in hand", "all-in", "button", "to act")

    def __init__(self, seats: int, big_blind: int, max_chips: int, actions: DiscreteActions) -> None:
        if seats.__class__ is not int or seats < 2:
            raise InvalidConfigError(f"seats must be an int of at least 2, got {shown(seats)}")
        if not (big_blind.__class__ is int and big_blind >= 1):
            raise InvalidConfigError(f"big_blind must be an int of at least 1, got {shown(big_blind)}")
        if not (max_chips.__class__ is int and max_chips >= 1):
            raise InvalidConfigError(f"max_chips must be an int of at least 1, got {shown(max_chips)}")
        self.seats = seats
        self.big_blind = big_blind
        self.max_chips = max_chips
        self.actions = actions
        width = len(self.SEAT_FIELDS)
        self._seat_base = self.SEATS
        self._own = self.SEATS + width * seats
        self._mask = self._own + seats
        self.size: int = self._mask + actions.size
        """Length of the vector."""
        self._zeros = [0.0] * self.size
        self._native = (
            STATE_KERNEL is not None
            and seats <= min(MAX_SEATS, int(_lib.PKC_MAX_SEATS))
            and actions.size <= 4 + int(_lib.PKC_VEC_MAX_FRACTIONS)
            and max_chips < 2**62
        )
        self.layout: tuple[_Block, ...] = (
            _Block("hole cards", self.CARDS, self.BOARD, "one-hot by card code"),
            _Block("board", self.BOARD, self.STREET, "one-hot by card code"),
            _Block("street", self.STREET, self.POT, "one-hot: pre-flop, flop, turn, river, over"),
            _Block("pot", self.POT, self.POT + 1, "big blinds"),
            _Block("to call", self.TO_CALL, self.TO_CALL + 1, "big blinds"),
            _Block("min raise-to", self.MIN_RAISE_TO, self.MIN_RAISE_TO + 1, "big blinds"),
            _Block("max raise-to", self.MAX_RAISE_TO, self.MAX_RAISE_TO + 1, "big blinds"),
            _Block(
                "seats", self.SEATS, self._own, ", ".join(self.SEAT_FIELDS) + " per seat, observer first"
            ),
            _Block("own seat", self._own, self._mask, "one-hot seat number"),
            _Block("action mask", self._mask, self.size, "discrete action set mask"),
        )
        """Named index ranges ``(name, start, stop, meaning)`` of the vector."""

    def space(self) -> spaces.Box:
        """A new ``Box`` holding every vector this encoder makes."""
        high = np.ones(self.size, np.float32)
        bound = np.float32(self.max_chips / self.big_blind)
        high[self.POT : self.SEATS] = bound
        for k in range(self.seats):
            base = self._seat_base + len(self.SEAT_FIELDS) * k
            high[base : base + 2] = bound
        return spaces.Box(np.zeros(self.size, np.float32), high, dtype=np.float32)

    def encode(
        self, observation: Observation, mask: np.ndarray[Any, Any] | None = None
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The vector of ``observation``.

        Args:
            observation: What one seat sees (from
                :func:`~pokerkit_core.engine.observation.observe`).
            mask: The discrete action mask if already computed (from
                ``actions.mask(observation.legal, observation.pot)``).

        Returns:
            A new ``float32`` array of :attr:`size` entries.

        Raises:
            InvalidConfigError: The observation is of a table with another
                number of seats.
        """
        if observation.seat_count != self.seats:
            raise InvalidConfigError(
                f"this encoder is for {self.seats} seats, the observation has {observation.seat_count}"
            )
        legal = observation.legal
        if mask is None:
            mask = self.actions.mask(legal, observation.pot)
        return self.encode_state(
            observation.hole_cards,
            observation.board,
            int(observation.street),
            observation.pot,
            legal,
            observation.call_to,
            observation.bets,
            observation.stacks,
            observation.folded,
            observation.all_in,
            observation.button,
            observation.to_act,
            observation.seat,
            mask,
        )

    def encode_state(
        self,
        hole_cards: Sequence[Card],
        board: Sequence[Card],
        street: int,
        pot: int,
        legal: LegalActions | None,
        call_to: int,
        bets: Sequence[int],
        stacks: Sequence[int],
        folded: Sequence[bool],
        all_in: Sequence[bool],
        button: int,
        to_act: int | None,
        seat: int,
        mask: Sequence[float] | np.ndarray[Any, Any],
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The vector from the public facts one by one (as :meth:`encode`).

        Args:
            hole_cards: The observer's own hole cards.
            board: Board cards dealt so far.
            street: ``int(Street)``; 4 once the hand is over.
            pot: All chips committed, chips.
            legal: The observer's legal actions if it is to act, else ``None``.
            call_to: The street total to match, chips.
            bets: Street bets per seat, chips, seat 0 first.
            stacks: Chips behind per seat.
            folded: Per seat: folded or not dealt in.
            all_in: Per seat: in the hand with no chips behind.
            button: The button seat.
            to_act: The seat to act, or ``None``.
            seat: The observer.
            mask: The discrete action mask (``actions.size`` entries; a
                list or an array).

        Returns:
            A new ``float32`` array of :attr:`size` entries.

        With the C accelerator the vector is written by ``pkc_encode_seat``
        (``csrc/pkc_vecenv.c``), the same entries as this method's Python
        body (the reference, used under ``POKERKIT_CORE_PURE=1`` and for
        amounts that are not whole chips).
        """
        if self._native:
            fast = self._encode_c(
                hole_cards, board, street, pot, legal, call_to, bets, stacks, folded, all_in, button, to_act, seat, mask
            )
            if fast is not None:
                return fast
        return self._encode_py(
            hole_cards, board, street, pot, legal, call_to, bets, stacks, folded, all_in, button, to_act, seat, mask
        )

    def _encode_c(
        self,
        hole_cards: Sequence[Card],
        board: Sequence[Card],
        street: int,
        pot: int,
        legal: LegalActions | None,
        call_to: int,
        bets: Sequence[int],
        stacks: Sequence[int],
        folded: Sequence[bool],
        all_in: Sequence[bool],
        button: int,
        to_act: int | None,
        seat: int,
        mask: Sequence[float] | np.ndarray[Any, Any],
    ) -> np.ndarray[Any, np.dtype[np.float32]] | None:
        """:meth:`encode_state` in C, or None when C does not take the values."""
        if legal is None:
            amounts: tuple[int, ...] = (pot, call_to, 0, 0, 0, 0, 0)
        else:
            amounts = (
                pot, call_to, legal.call_amount, legal.min_raise_to, legal.max_raise_to,
                int(legal.can_bet or legal.can_raise), 1,
            )
        flags = mask.tolist() if isinstance(mask, np.ndarray) else mask
        out = np.empty(self.size, np.float32)
        try:
            status = _lib.pkc_encode_seat(
                self.seats, seat, [c.code for c in (*hole_cards, *board)], len(hole_cards), len(board), street,
                amounts, stacks, bets, folded, all_in, button, -1 if to_act is None else to_act,
                flags, len(flags), self.big_blind, _ffi.from_buffer("float[]", out), self.size,
            )
        except (TypeError, OverflowError):  # e.g. Fraction stacks (OddChipRule.EXACT)
            return None
        return out if status == 0 else None

    def _encode_py(
        self,
        hole_cards: Sequence[Card],
        board: Sequence[Card],
        street: int,
        pot: int,
        legal: LegalActions | None,
        call_to: int,
        bets: Sequence[int],
        stacks: Sequence[int],
        folded: Sequence[bool],
        all_in: Sequence[bool],
        button: int,
        to_act: int | None,
        seat: int,
        mask: Sequence[float] | np.ndarray[Any, Any],
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The Python reference of :meth:`encode_state`."""
        values = self._zeros[:]
        for card in hole_cards:
            values[card.code] = 1.0
        for card in board:
            values[52 + card.code] = 1.0
        values[104 + street] = 1.0
        bb = self.big_blind
        values[109] = pot / bb
        if legal is not None:
            values[110] = legal.call_amount / bb
            if legal.can_bet or legal.can_raise:
                values[111] = legal.min_raise_to / bb
                values[112] = legal.max_raise_to / bb
        elif to_act is not None:
            owe = call_to - bets[seat]
            values[110] = max(0, min(owe, stacks[seat])) / bb
        n = self.seats
        base = 113
        for s in (*range(seat, n), *range(seat)):
            values[base] = stacks[s] / bb
            values[base + 1] = bets[s] / bb
            if not folded[s]:
                values[base + 2] = 1.0
                if all_in[s]:
                    values[base + 3] = 1.0
            if s == button:
                values[base + 4] = 1.0
            if s == to_act:
                values[base + 5] = 1.0
            base += 6
        values[base + seat] = 1.0
        values[self._mask :] = mask.tolist() if isinstance(mask, np.ndarray) else list(mask)
        return np.array(values, np.float32)
