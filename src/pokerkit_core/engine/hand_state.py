"""The fields of a hand state: a named record with queries, value equality, pickling.

:class:`~pokerkit_core.engine.state.HandState` (built by
:func:`~pokerkit_core.engine.state.deal`, advanced by
:func:`~pokerkit_core.engine.state.act`) is this record plus its transitions.  The
fields are private slots set by name: the state after the forced bets is
built once per table with keyword arguments, and every later state is a
copy of its predecessor (:func:`copy_state`) with the changed fields set,
which costs less than passing all of them to a constructor.

References:
    docs/rules.rst section 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from ..evaluation.cards import Card
from .dealing import Deal
from ..errors import HandOverError
from ..evaluation.evaluator import STATE_KERNEL
from .events import Event
from .pots import Chips, Pot
from .rules import GameConfig, Street
from .showdown import Showdown

__all__ = ["HandFields", "copy_state"]

_S = TypeVar("_S", bound="HandFields")


_FIELDS = (
    "_config",
    "_deal",
    "_street",
    "_to_act",
    "_board",
    "_stacks",
    "_bets",
    "_contribs",
    "_folded",
    "_acted",
    "_call_to",
    "_min_inc",
    "_nraises",
    "_history",
    "_shown",
    "_boards",
    "_showdown",
    "_values",
)
"""The private fields of a hand state, in pickling order (the order of
``StateBase`` in ``csrc/pkc_engine.c``)."""

if TYPE_CHECKING:
    _Base = object
elif STATE_KERNEL is not None:  # the fields as a C struct: copies and act in C
    _Base = STATE_KERNEL.StateBase
else:  # pragma: no cover - PyPy: the same fields as Python slots
    _Base = object


class HandFields(_Base):
    """The fields and queries of a hand state (the base of
    :class:`~pokerkit_core.engine.state.HandState`, which adds the transitions).

    All per-seat tuples have one entry per seat, seat 0 first; empty seats
    (stack 0 in the config) have zeros and count as folded.  Amounts are
    chips.  After the hand, ``stacks`` are the final stacks (under
    ``OddChipRule.EXACT`` they may hold :class:`fractions.Fraction` values).

    The constructor is internal (keyword-only private fields, used once per
    table for the state after the forced bets); every later state is a copy
    of its predecessor with the changed fields set by name.
    """

    __slots__ = () if _Base is not object else _FIELDS

    _config: GameConfig
    _deal: Deal
    _street: Street
    _to_act: int
    _board: tuple[Card, ...]
    _stacks: tuple[int, ...]
    _bets: tuple[int, ...]
    _contribs: tuple[int, ...]
    _folded: tuple[bool, ...]
    _acted: tuple[int, ...]
    _call_to: int
    _min_inc: int
    _nraises: int
    _history: tuple[Event, ...]
    _shown: tuple[tuple[Card, ...] | None, ...]
    _boards: tuple[tuple[Card, ...], ...] | None
    _showdown: Showdown | None
    _values: tuple[int, ...]

    def __init__(
        self,
        *,
        config: GameConfig,
        deal: Deal,
        street: Street,
        to_act: int,
        board: tuple[Card, ...],
        stacks: tuple[int, ...],
        bets: tuple[int, ...],
        contribs: tuple[int, ...],
        folded: tuple[bool, ...],
        acted: tuple[int, ...],
        call_to: int,
        min_inc: int,
        nraises: int,
        history: tuple[Event, ...],
        shown: tuple[tuple[Card, ...] | None, ...],
    ) -> None:
        self._config = config
        self._deal = deal
        self._street = street
        self._to_act = to_act
        self._board = board
        self._stacks = stacks
        self._bets = bets
        self._contribs = contribs
        self._folded = folded
        self._acted = acted
        self._call_to = call_to
        self._min_inc = min_inc
        self._nraises = nraises
        self._history = history
        self._shown = shown
        self._boards = None
        self._showdown = None
        self._values = ()

    # ------------------------------------------------------------ properties
    @property
    def config(self) -> GameConfig:
        """The hand's :class:`GameConfig`."""
        return self._config

    @property
    def street(self) -> Street:
        """The current street; ``Street.SHOWDOWN`` once the hand is over."""
        return self._street

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def is_over(self) -> bool:
        """The hand has ended (pots paid; see :func:`resolve_pots`)."""
        return self._to_act < 0

    @property
    def board(self) -> tuple[Card, ...]:
        """Board cards dealt so far (0, 3, 4 or 5), of the first board."""
        return self._board

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board dealt so far, first board first.

        One entry (``(board,)``) unless the hand was run out more than once
        (``GameConfig.boards``); then each board holds five cards, the
        first ones shared.
        """
        return (self._board,) if self._boards is None else self._boards

    @property
    def hole_cards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Every seat's hole cards (``None`` for empty seats); hidden information."""
        return self._deal.hole

    @property
    def shown_cards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Per seat: the hole cards shown so far (showdown, run-out or a
        voluntary show), else ``None``; public information."""
        return self._shown

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat (after the hand: final stacks)."""
        return self._stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat on the current street (antes excluded)."""
        return self._bets

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand (uncalled returns deducted)."""
        return self._contribs

    @property
    def pot(self) -> int:
        """All chips committed to the hand, current street bets included."""
        return sum(self._contribs)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per seat: folded, or not dealt in (empty seat)."""
        return self._folded

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Per seat: in the hand with no chips behind."""
        stacks = self._stacks
        if self._to_act >= 0 and 0 not in stacks:  # the usual case, asked at every decision
            return (False,) * len(stacks)
        live = self._config._derived.live_mask
        folded = self._folded
        if self._to_act < 0:
            contribs = self._contribs
            starting = self._config.stacks
            return tuple(
                live[s] and not folded[s] and contribs[s] == starting[s] for s in range(len(live))
            )
        return tuple(live[s] and not folded[s] and stacks[s] == 0 for s in range(len(live)))

    @property
    def history(self) -> tuple[Event, ...]:
        """The public event history, oldest first (immutable events)."""
        return self._history

    @property
    def seats_in_hand(self) -> tuple[int, ...]:
        """Seats dealt in that have not folded, seat order."""
        return tuple(s for s, out in enumerate(self._folded) if not out)

    @property
    def button(self) -> int:
        """The button seat."""
        return self._config.button

    @property
    def small_blind_seat(self) -> int | None:
        """The seat that posted the small blind, or ``None``."""
        return self._config.small_blind_seat

    @property
    def big_blind_seat(self) -> int | None:
        """The seat that posted the big blind, or ``None``."""
        return self._config.big_blind_seat

    @property
    def call_to(self) -> int:
        """The street total to match (the current bet level)."""
        return self._call_to

    @property
    def min_raise_increment(self) -> int:
        """The minimum raise-to is ``call_to + min_raise_increment`` (before stack limits)."""
        return self._min_inc

    @property
    def raises_this_street(self) -> int:
        """Bets and full raises this street (the big blind counts pre-flop)."""
        return self._nraises

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The paid pots, main pot first, once the hand is over; ``()`` before.

        Winners and shares are added up over the boards of a hand run more
        than once (see :attr:`board_pots`).
        """
        result = self._showdown
        return () if result is None else result.pots

    @property
    def board_pots(self) -> tuple[tuple[Pot, ...], ...]:
        """Per board, each pot's part paid by that board's showdown, once
        the hand is over (one entry for a hand run once); ``()`` before."""
        result = self._showdown
        return () if result is None else result.board_pots

    @property
    def hand_results(self) -> tuple[Chips, ...]:
        """Net chips per seat (final minus starting stack), seat 0 first.

        Raises:
            HandOverError: The hand is not over yet (no result exists).
        """
        if self._to_act >= 0:
            raise HandOverError("the hand is not over yet: no results")
        starting = self._config.stacks
        return tuple(self._stacks[s] - starting[s] for s in range(len(starting)))

    # ------------------------------------------------------------ values
    def _key(self) -> tuple[object, ...]:
        return (
            self._config,
            self._deal,
            self._street,
            self._to_act,
            self._board,
            self._stacks,
            self._bets,
            self._contribs,
            self._folded,
            self._acted,
            self._call_to,
            self._min_inc,
            self._nraises,
            self._history,
            self._shown,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._key() == other._key()  # type: ignore[attr-defined,unused-ignore]

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_restore, (self.__class__, tuple(getattr(self, name) for name in _FIELDS)))

    def __repr__(self) -> str:
        street = self._street.name.lower()
        board = "".join(map(str, self._board)) or "-"
        who = "over" if self._to_act < 0 else f"seat {self._to_act} to act"
        return f"<{self.__class__.__name__} {street} board={board} stacks={self._stacks} bets={self._bets} {who}>"


def _restore(cls: type[_S], values: tuple[Any, ...]) -> _S:
    """Unpickle a hand state (its fields in order)."""
    state = object.__new__(cls)
    for name, value in zip(_FIELDS, values):
        object.__setattr__(state, name, value)
    return state


_new = object.__new__


def _copy_state(s: _S) -> _S:
    """A copy of ``s`` whose fields the engine then sets by name."""
    t: _S = _new(s.__class__)
    t._config = s._config
    t._deal = s._deal
    t._street = s._street
    t._to_act = s._to_act
    t._board = s._board
    t._stacks = s._stacks
    t._bets = s._bets
    t._contribs = s._contribs
    t._folded = s._folded
    t._acted = s._acted
    t._call_to = s._call_to
    t._min_inc = s._min_inc
    t._nraises = s._nraises
    t._history = s._history
    t._shown = s._shown
    t._boards = s._boards
    t._showdown = s._showdown
    t._values = s._values
    return t


copy_state = _copy_state
if _Base is not object:  # one allocation and 18 pointer copies in C
    copy_state = STATE_KERNEL.copy_state
