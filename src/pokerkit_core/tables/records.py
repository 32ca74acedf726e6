"""What a table session keeps between hands: seats and hand records.

:class:`SeatState` (whether a seat is dealt in), :class:`TableSeats` (who sits
where and the chips each seat holds), :class:`HandRecord` (one finished hand)
and :class:`TableListener` (receives a session's progress).  Re-exported by
:mod:`pokerkit_core.tables.session`.

References:
    docs/rules.rst section 3 (no cash-out).
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Protocol, TypeVar, cast

from ..engine.checks import check_policy, int_arg
from ..engine.dealing import seat_arg
from ..errors import InvalidConfigError, SessionBusyError
from ..engine.events import Event
from ..engine.policy import Policy
from ..engine.positions import Positions
from ..engine.state import HandState
from .config import Blinds, check_table_chips

__all__ = ["HandRecord", "SeatState", "TableListener", "TableSeats", "call_listener"]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand of a session.

    Attributes:
        hand_number: 1-based number of the hand in the session.
        blinds: The blinds it was played with.
        positions: Its button and blind seats.
        starting_stacks: Chips of each seat when dealt, seat 0 first
            (0 for an empty seat).
        final_stacks: Chips of each seat after the hand, seat 0 first.
        results: Net chips won (+) or lost (-) by each seat.
        busted: Seats that started the hand with chips and ended with none
            (always empty with :attr:`StackMode.RESET`).
        state: The hand's final state (its ``history`` and ``config``
            describe the hand fully), or ``None`` if the session was created
            with ``keep_hands=False``.
    """

    hand_number: int
    blinds: Blinds
    positions: Positions
    starting_stacks: tuple[int, ...]
    final_stacks: tuple[int, ...]
    results: tuple[int, ...]
    busted: tuple[int, ...]
    state: HandState | None = field(default=None, compare=False, repr=False)


class SeatState(Enum):
    """Whether a seat is dealt in.

    A seat's chips stay with the seat whatever its state (the rooms have no
    cash-out: docs/rules.rst section 3).
    """

    PLAYING = "playing"
    """A player sits there and is dealt in while the seat has chips."""

    SITTING_OUT = "sitting-out"
    """A player sits there but is not dealt in until they come back
    (:meth:`TableSession.sit_in`)."""

    EMPTY = "empty"
    """No player: the seat is not dealt in (its chips wait for the next
    player, :meth:`TableSession.fill`)."""


class TableListener(Protocol):
    """Receives a session's progress (the terminal game prints it).

    All methods are optional in practice: the session calls them through
    ``getattr`` and skips the missing ones.
    """

    def hand_started(self, hand_number: int, state: HandState) -> None:
        """A hand has been dealt (blinds and antes already posted).

        Args:
            hand_number: 1-based number of the hand in the session.
            state: The hand just after the deal; no one has acted yet.
        """

    def events(self, state: HandState, new_events: tuple[Event, ...]) -> None:
        """``new_events`` were appended to the history; ``state`` is current.

        Args:
            state: The hand after the events.
            new_events: The events added since the last call, oldest first
                (the first call of a hand carries the forced bets and the
                deal).
        """

    def hand_ended(self, record: HandRecord) -> None:
        """A hand is over.

        Args:
            record: The finished hand's record (also appended to
                :attr:`TableSession.records`).
        """


_Method = TypeVar("_Method", bound=Callable[..., Any])


def playing(name: str) -> Callable[[_Method], _Method]:
    """Mark a :class:`TableSeats` method as a playing call ``name``: refused
    with :class:`~pokerkit_core.errors.SessionBusyError` while another one
    runs, and the session is busy until it returns (or its coroutine ends)."""

    def wrap(method: _Method) -> _Method:
        if inspect.iscoroutinefunction(method):

            @functools.wraps(method)
            async def guarded_async(self: TableSeats, *args: Any, **kwargs: Any) -> Any:
                self._refuse_busy(name)
                self._busy = name
                try:
                    return await method(self, *args, **kwargs)
                finally:
                    self._busy = None

            return cast(_Method, guarded_async)

        @functools.wraps(method)
        def guarded(self: TableSeats, *args: Any, **kwargs: Any) -> Any:
            self._refuse_busy(name)
            self._busy = name
            try:
                return method(self, *args, **kwargs)
            finally:
                self._busy = None

        return cast(_Method, guarded)

    return wrap


def call_listener(target: object, name: str, *args: object) -> None:
    """Call ``target.name(*args)`` if it exists (a :class:`TableListener`
    hook; its errors propagate: they are the caller's own)."""
    hook = getattr(target, name, None)
    if callable(hook):
        hook(*args)

class TableSeats:
    """The seats of a table between hands: who sits where, who is dealt in,
    and the chips each seat holds (a base of
    :class:`~pokerkit_core.tables.session.TableSession`).

    A seat's chips stay with the seat whatever happens to its player (the
    rooms have no cash-out: docs/rules.rst section 3); chips come to a table
    only by :meth:`fill` with ``chips`` at a seat without chips or by
    :meth:`add_chips` (a rebuy), and leave it only by :meth:`take_chips`.
    """

    _players: list[Policy | None]
    _seat_states: list[SeatState]
    _stacks: tuple[int, ...]

    @property
    def players(self) -> tuple[Policy | None, ...]:
        """The player of each seat, seat 0 first (``None``: an external
        player, or nobody: see :attr:`seat_states`)."""
        return tuple(self._players)

    @property
    def seat_states(self) -> tuple[SeatState, ...]:
        """Each seat's :class:`SeatState`, seat 0 first."""
        return tuple(self._seat_states)

    @property
    def live(self) -> tuple[bool, ...]:
        """Whether each seat has a player who will be dealt the next hand
        (playing, not sitting out, with chips)."""
        return tuple(
            state is SeatState.PLAYING and chips > 0
            for state, chips in zip(self._seat_states, self._stacks)
        )

    def _hand_number_in_progress(self) -> int | None:
        raise NotImplementedError  # pragma: no cover - the session defines it

    _busy: str | None = None  # the playing call running now (see playing())

    def _refuse_busy(self, what: str) -> None:
        """Raise :class:`SessionBusyError` if a playing call is running."""
        if self._busy is not None:
            raise SessionBusyError(
                f"{what}() was called while the session is inside {self._busy}() (from a "
                "policy, the listener or another task); the session is unchanged: call it "
                f"once {self._busy}() has returned"
            )

    def _between_hands(self, seat: object, what: str, method: str) -> int:
        self._refuse_busy(method)
        number = self._hand_number_in_progress()
        if number is not None:
            raise InvalidConfigError(
                f"{what} is done between hands: hand {number} is in progress"
            )
        return seat_arg(seat, len(self._players))

    def sit_out(self, seat: int) -> None:
        """The player at ``seat`` sits out: not dealt in from the next hand
        on (the seat keeps its chips).

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a seat,
                or it is not playing (empty, or already sitting out).
            SessionBusyError: Called while the session is inside a playing
                call (e.g. from a policy or the listener); nothing changes.
        """
        seat = self._between_hands(seat, "sitting out", "sit_out")
        if self._seat_states[seat] is not SeatState.PLAYING:
            raise InvalidConfigError(f"seat {seat} is {self._seat_states[seat].value}")
        self._seat_states[seat] = SeatState.SITTING_OUT

    def sit_in(self, seat: int) -> None:
        """The player at ``seat`` comes back: dealt in from the next hand on
        (if the seat has chips).

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a seat,
                or it is not sitting out.
            SessionBusyError: Called while the session is inside a playing
                call (e.g. from a policy or the listener); nothing changes.
        """
        seat = self._between_hands(seat, "coming back", "sit_in")
        if self._seat_states[seat] is not SeatState.SITTING_OUT:
            raise InvalidConfigError(f"seat {seat} is {self._seat_states[seat].value}")
        self._seat_states[seat] = SeatState.PLAYING

    def leave(self, seat: int) -> None:
        """The player at ``seat`` leaves the table; the seat's chips stay
        with the seat (no cash-out) for whoever :meth:`fill` seats there.

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a seat,
                or it is already empty.
            SessionBusyError: Called while the session is inside a playing
                call (e.g. from a policy or the listener); nothing changes.
        """
        seat = self._between_hands(seat, "leaving", "leave")
        if self._seat_states[seat] is SeatState.EMPTY:
            raise InvalidConfigError(f"seat {seat} is already empty")
        self._seat_states[seat] = SeatState.EMPTY
        self._unseated(self._players[seat])
        self._players[seat] = None

    def fill(self, seat: int, player: Policy | None, *, chips: int | None = None) -> None:
        """Seat a player at an empty seat, dealt in from the next hand on.

        Args:
            seat: An empty seat.
            player: A policy, or ``None`` for an external player.
            chips: Only for a seat without chips: the new player's buy-in,
                chips (the only way chips come to the table).  A seat with
                chips (left by its previous player) is taken over with them.

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not an
                empty seat, ``chips`` given for a seat with chips or missing
                (or not an int from 1 to MAX_CHIPS) for one without, or
                ``chips`` that would bring the table above ``MAX_CHIPS`` in
                all (:func:`~pokerkit_core.tables.config.check_table_chips`).
            SessionBusyError: Called while the session is inside a playing
                call (e.g. from a policy or the listener); nothing changes.
            PolicyError: ``player`` is neither ``None`` nor a policy.
        """
        seat = self._between_hands(seat, "filling a seat", "fill")
        if self._seat_states[seat] is not SeatState.EMPTY:
            raise InvalidConfigError(f"seat {seat} is {self._seat_states[seat].value}, not empty")
        if player is not None:
            check_policy(seat, player)
        current = self._stacks[seat]
        if current > 0 and chips is not None:
            raise InvalidConfigError(
                f"seat {seat} has {current} chips: the new player takes them (no chips=)"
            )
        if current == 0:
            if chips is None:
                raise InvalidConfigError(f"seat {seat} has no chips: give chips= (the buy-in)")
            amount = int_arg("chips", chips, 1)
            check_table_chips(self._stacks + (amount,), "chips")
        if player is not None:
            player = self._seated(player)
        if current == 0:
            self._stacks = self._stacks[:seat] + (amount,) + self._stacks[seat + 1:]
        self._players[seat] = player
        self._seat_states[seat] = SeatState.PLAYING

    def add_chips(self, seat: int, chips: int) -> None:
        """A rebuy or top-up: ``chips`` more at a seat with a player, dealt
        from the next hand on (chips come to the table: the caller keeps
        the buy-in ledger).

        Args:
            seat: A seat with a player (playing or sitting out).
            chips: Chips added, an int from 1 to ``MAX_CHIPS``.

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a seat
                or is empty, ``chips`` is not an int from 1 to ``MAX_CHIPS``,
                or the table would hold more than ``MAX_CHIPS`` in all.
                Nothing changes.
            SessionBusyError: Called while the session is inside a playing
                call; nothing changes.
        """
        seat = self._between_hands(seat, "adding chips", "add_chips")
        if self._seat_states[seat] is SeatState.EMPTY:
            raise InvalidConfigError(f"seat {seat} is empty: fill() it with chips=")
        amount = int_arg("chips", chips, 1)
        stacks = self._stacks[:seat] + (self._stacks[seat] + amount,) + self._stacks[seat + 1:]
        check_table_chips(stacks, "chips")
        self._stacks = stacks

    def take_chips(self, seat: int, chips: int) -> None:
        """``chips`` leave the table from ``seat`` (a cash-out or a host's
        correction; the caller keeps the ledger).

        Args:
            seat: A seat of the table.
            chips: Chips taken, an int from 1 to the seat's stack.

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a
                seat, or ``chips`` is not an int from 1 to the seat's stack.
                Nothing changes.
            SessionBusyError: Called while the session is inside a playing
                call; nothing changes.
        """
        seat = self._between_hands(seat, "taking chips", "take_chips")
        amount = int_arg("chips", chips, 1)
        if amount > self._stacks[seat]:
            raise InvalidConfigError(f"seat {seat} has {self._stacks[seat]} chips, not {amount}")
        self._stacks = self._stacks[:seat] + (self._stacks[seat] - amount,) + self._stacks[seat + 1:]

    def _unseated(self, player: Policy | None) -> None:
        """``player`` left its seat (the session ends its process, if any)."""

    def _seated(self, player: Policy) -> Policy:
        """The policy that plays for ``player`` once seated (the session
        puts it in its own process when the table isolates its bots)."""
        return player
