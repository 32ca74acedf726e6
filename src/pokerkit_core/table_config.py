"""Table settings, seat states and hand records, with their plain-data forms.

The values a :class:`~pokerkit_core.table.TableSession` is configured with
(:class:`TableConfig`, :class:`Blinds`, :class:`StackMode`), the state of each
seat between hands (:class:`SeatState`) and the record of each finished hand
(:class:`HandRecord`).  :func:`config_data` / :func:`config_from_data` and
:func:`record_data` / :func:`record_from_data` give them a plain form of
dicts, lists, ints and strings that :func:`json.dumps` writes as it is (a
session snapshot is built from them).  All are re-exported by
:mod:`pokerkit_core.table`.

References:
    docs/rules.rst sections 3-5.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, NamedTuple, Protocol

from .actions import Action
from .checks import (
    MAX_SEATS,
    bool_arg,
    check_policy,
    describe_exception,
    enum_arg,
    int_arg,
    items_arg,
    timeout_arg,
)
from .dealing import seat_arg
from .errors import InvalidConfigError, PokerError, shown
from .positions import ButtonRule, Positions
from .rules import BettingStructure
from .driver import PolicyFault
from .events import Event
from .isolation import isolation_args
from .policy import Policy
from .state import HandState

__all__ = [
    "StackMode",
    "SeatState",
    "Blinds",
    "BlindSource",
    "TableConfig",
    "HandRecord",
    "TableListener",
    "TableSeats",
    "SNAPSHOT_VERSION",
    "SNAPSHOT_FORMAT",
    "PendingHand",
    "SessionParts",
    "parse_snapshot",
    "config_data",
    "config_from_data",
    "record_data",
    "record_from_data",
]


class StackMode(Enum):
    """What happens to the stacks between hands."""

    CARRY = "carry"
    """Each hand starts with the chips the previous one left; busted players
    leave the table."""

    RESET = "reset"
    """Every hand starts with the session's starting stacks, as in the ACPC
    format (docs/rules.rst section 4); nobody busts."""


@dataclass(frozen=True, slots=True)
class Blinds:
    """The forced bets of one hand.

    Args:
        small_blind: Small blind, chips (``0`` for none).
        big_blind: Big blind, chips (at least 1).
        ante: Ante each dealt-in player posts, chips.

    Amounts are ints up to :data:`~pokerkit_core.rules.MAX_CHIPS` (numpy
    integers are taken and stored as ints; bools and enum members are not).

    Raises:
        InvalidConfigError: An amount that is not an int (a bool, an enum
            member, a float, text ...), a negative amount or one above
            ``MAX_CHIPS``, a big blind under 1, or a small blind above the big
            blind.
    """

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name, minimum in (("small_blind", 0), ("big_blind", 1), ("ante", 0)):
            object.__setattr__(self, name, int_arg(name, getattr(self, name), minimum))
        if self.small_blind > self.big_blind:
            raise InvalidConfigError(
                f"small_blind {self.small_blind} is above big_blind {self.big_blind}"
            )

    def blinds_at(self, hand_number: int) -> Blinds:
        """The same blinds for every hand (a :class:`BlindSource`).

        Args:
            hand_number: 1-based hand number in the session (only checked).

        Returns:
            ``self``.

        Raises:
            InvalidConfigError: ``hand_number`` is not an int of at least 1.
        """
        int_arg("hand_number", hand_number, 1)
        return self

    def __str__(self) -> str:
        text = f"{self.small_blind}/{self.big_blind}"
        return f"{text} ante {self.ante}" if self.ante else text


class BlindSource(Protocol):
    """Anything that gives the blinds of a hand by its number (``Blinds``,
    :class:`pokerkit_core.tournament.BlindSchedule`)."""

    def blinds_at(self, hand_number: int) -> Blinds:
        """The blinds of hand ``hand_number`` (1-based).

        Args:
            hand_number: 1-based number of the hand in the session; a
                session asks once per hand, before the deal.

        Returns:
            The small blind, big blind and ante of that hand, in chips.
        """
        ...


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Settings of a table session.

    Args:
        stacks: Starting stack of each seat, chips, seat 0 first (2 to ``MAX_SEATS`` = 10 seats);
            ``0`` marks an empty seat.  Any ordered iterable of ints (a
            tuple, a list, a generator; numpy integers taken); stored as a
            tuple of ints.
        blinds: Forced bets: a fixed :class:`Blinds` or any
            :class:`BlindSource` (e.g. a tournament blind schedule), asked
            once per hand before the deal.
        button: Seat of the first hand's button.
        button_rule: Rotation rule (dead button by default).
        stack_mode: Carry stacks over (default) or reset them every hand.
        betting: No-limit or fixed-limit.
        raise_cap: Fixed-limit bets per street (the big blind counts).
        max_hands: Stop after this many hands (``None``: no limit).
        max_seconds: Do not start a hand once this much wall time (seconds)
            has passed since the session began (``None``: no limit).
        keep_hands: Keep every hand's final state in the records (needed to
            export the hands); ``False`` keeps only the summaries.
        strict: Raise :class:`~pokerkit_core.errors.PolicyError` when a
            policy fails (in ``decide`` or a hook) or picks an illegal
            action; by default the fault is recorded in
            :attr:`TableSession.faults` and the seat checks (or folds if it
            cannot check).
        isolate: Run each seat's policy in its own process
            (:class:`~pokerkit_core.isolation.IsolatedPolicy`: the session
            sends each policy object there by pickling and seats the proxy),
            where it sees only its observations.
        decision_timeout: With ``isolate``: time limit of each decision and
            hook, seconds; over it the fault is recorded and the seat checks
            or folds (``None``: no limit).  Without isolation use
            :class:`TableSession`'s ``decision_timeout``.

    Enum-valued options take only the enum members (``StackMode.RESET``, not
    the text ``"reset"``); ``keep_hands`` and ``strict`` take only ``True``
    or ``False``; int options take ints (numpy integers too), never bools or
    enum members.

    Raises:
        InvalidConfigError: ``stacks`` not a sequence of 2-10 ints from 0 to
            :data:`~pokerkit_core.rules.MAX_CHIPS` or with fewer than two
            players; ``blinds`` without a ``blinds_at`` method; ``button``
            not an int seat of the table; ``button_rule``, ``stack_mode`` or
            ``betting`` not a member of :class:`ButtonRule`,
            :class:`StackMode` or
            :class:`~pokerkit_core.rules.BettingStructure`; ``raise_cap`` or
            ``max_hands`` not an int of at least 1; ``max_seconds`` not a
            positive number; ``keep_hands``, ``strict`` or ``isolate`` not a
            bool; ``decision_timeout`` not a positive number, or given
            without ``isolate``.

    References:
        docs/rules.rst sections 3-5.
    """

    stacks: tuple[int, ...]
    blinds: BlindSource = Blinds(50, 100)
    button: int = 0
    button_rule: ButtonRule = ButtonRule.DEAD_BUTTON
    stack_mode: StackMode = StackMode.CARRY
    betting: BettingStructure = BettingStructure.NO_LIMIT
    raise_cap: int = 4
    max_hands: int | None = None
    max_seconds: float | None = None
    keep_hands: bool = True
    strict: bool = False
    isolate: bool = False
    decision_timeout: float | None = None

    def __post_init__(self) -> None:
        items = items_arg("stacks", self.stacks, MAX_SEATS, "chip counts (one per seat)")
        if len(items) < 2:
            raise InvalidConfigError(f"a table has 2 to {MAX_SEATS} seats, got {len(items)}")
        stacks = tuple(int_arg(f"stacks[{seat}]", s, 0) for seat, s in enumerate(items))
        object.__setattr__(self, "stacks", stacks)
        if sum(1 for s in stacks if s > 0) < 2:
            raise InvalidConfigError("a session needs at least two players with chips")
        if not callable(getattr(self.blinds, "blinds_at", None)):
            raise InvalidConfigError(
                "blinds must be a Blinds or a BlindSource (an object with a "
                f"blinds_at(hand_number) method), got {shown(self.blinds)}"
            )
        object.__setattr__(self, "button", int_arg("button", self.button, 0, len(stacks) - 1))
        enum_arg("button_rule", self.button_rule, ButtonRule)
        enum_arg("stack_mode", self.stack_mode, StackMode)
        enum_arg("betting", self.betting, BettingStructure)
        object.__setattr__(self, "raise_cap", int_arg("raise_cap", self.raise_cap, 1))
        if self.max_hands is not None:
            object.__setattr__(self, "max_hands", int_arg("max_hands", self.max_hands, 1))
        seconds = self.max_seconds
        if seconds is not None and (
            seconds.__class__.__name__ in ("bool", "bool_")
            or not isinstance(seconds, numbers.Real)
            or not seconds > 0
        ):
            raise InvalidConfigError(
                f"max_seconds must be a positive number of seconds or None, got {shown(seconds)}"
            )
        bool_arg("keep_hands", self.keep_hands)
        bool_arg("strict", self.strict)
        timeout = isolation_args(self.isolate, self.decision_timeout)
        object.__setattr__(self, "decision_timeout", timeout)


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


def call_listener(target: object, name: str, *args: object) -> None:
    """Call ``target.name(*args)`` if it exists (a :class:`TableListener`
    hook; its errors propagate: they are the caller's own)."""
    hook = getattr(target, name, None)
    if callable(hook):
        hook(*args)

class TableSeats:
    """The seats of a table between hands: who sits where, who is dealt in,
    and the chips each seat holds (a base of
    :class:`~pokerkit_core.table.TableSession`).

    A seat's chips stay with the seat whatever happens to its player (the
    rooms have no cash-out: docs/rules.rst section 3); :meth:`fill` with ``chips``
    at a seat without chips is the only way chips come to a table.
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

    def _between_hands(self, seat: object, what: str) -> int:
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
        """
        seat = self._between_hands(seat, "sitting out")
        if self._seat_states[seat] is not SeatState.PLAYING:
            raise InvalidConfigError(f"seat {seat} is {self._seat_states[seat].value}")
        self._seat_states[seat] = SeatState.SITTING_OUT

    def sit_in(self, seat: int) -> None:
        """The player at ``seat`` comes back: dealt in from the next hand on
        (if the seat has chips).

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a seat,
                or it is not sitting out.
        """
        seat = self._between_hands(seat, "coming back")
        if self._seat_states[seat] is not SeatState.SITTING_OUT:
            raise InvalidConfigError(f"seat {seat} is {self._seat_states[seat].value}")
        self._seat_states[seat] = SeatState.PLAYING

    def leave(self, seat: int) -> None:
        """The player at ``seat`` leaves the table; the seat's chips stay
        with the seat (no cash-out) for whoever :meth:`fill` seats there.

        Raises:
            InvalidConfigError: A hand is in progress, ``seat`` is not a seat,
                or it is already empty.
        """
        seat = self._between_hands(seat, "leaving")
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
                (or not an int from 1 to MAX_CHIPS) for one without.
            PolicyError: ``player`` is neither ``None`` nor a policy.
        """
        seat = self._between_hands(seat, "filling a seat")
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
        if player is not None:
            player = self._seated(player)
        if current == 0:
            self._stacks = self._stacks[:seat] + (amount,) + self._stacks[seat + 1:]
        self._players[seat] = player
        self._seat_states[seat] = SeatState.PLAYING

    def _unseated(self, player: Policy | None) -> None:
        """``player`` left its seat (the session ends its process, if any)."""

    def _seated(self, player: Policy) -> Policy:
        """The policy that plays for ``player`` once seated (the session
        puts it in its own process when the table isolates its bots)."""
        return player

def field_of(data: object, key: str, where: str) -> Any:
    """``data[key]`` of a plain-data dict, or a clear error.

    Args:
        data: A dict read from JSON (or anything: it is checked).
        key: The key wanted.
        where: Its path for the message, e.g. ``"snapshot.config"``.

    Returns:
        The value (not checked further).

    Raises:
        InvalidConfigError: ``data`` is not a dict or has no ``key``.
    """
    if not isinstance(data, dict):
        raise InvalidConfigError(f"{where} must be an object (a dict), got {shown(data)}")
    if key not in data:
        raise InvalidConfigError(f"{where}.{key} is missing")
    return data[key]


def _ints(data: object, key: str, where: str) -> tuple[int, ...]:
    value = field_of(data, key, where)
    if not isinstance(value, (list, tuple)):
        raise InvalidConfigError(f"{where}.{key} must be a list of ints, got {shown(value)}")
    return tuple(int_arg(f"{where}.{key}[{i}]", v, 0) for i, v in enumerate(value))


def blinds_data(blinds: Blinds) -> dict[str, int]:
    """``{"small_blind": .., "big_blind": .., "ante": ..}`` (chips)."""
    return {"small_blind": blinds.small_blind, "big_blind": blinds.big_blind, "ante": blinds.ante}


def blinds_from_data(data: object, where: str) -> Blinds:
    """The :class:`Blinds` :func:`blinds_data` described.

    Raises:
        InvalidConfigError: A field missing or refused by :class:`Blinds`.
    """
    return Blinds(
        field_of(data, "small_blind", where),
        field_of(data, "big_blind", where),
        field_of(data, "ante", where),
    )


def config_data(config: TableConfig) -> dict[str, Any]:
    """A table config as plain data.

    Args:
        config: The settings.

    Returns:
        A dict of its fields: ``stacks`` (list of ints, chips), ``blinds``
        (:func:`blinds_data`, or ``None`` for a blind source that is not a
        :class:`Blinds`, e.g. a tournament schedule), ``button``,
        ``button_rule`` / ``stack_mode`` / ``betting`` (the enum values, str),
        ``raise_cap``, ``max_hands`` (int or ``None``), ``max_seconds``
        (number or ``None``), ``keep_hands`` and ``strict`` (bool).
    """
    blinds = config.blinds
    return {
        "stacks": list(config.stacks),
        "blinds": blinds_data(blinds) if isinstance(blinds, Blinds) else None,
        "button": config.button,
        "button_rule": config.button_rule.value,
        "stack_mode": config.stack_mode.value,
        "betting": config.betting.value,
        "raise_cap": config.raise_cap,
        "max_hands": config.max_hands,
        "max_seconds": config.max_seconds,
        "keep_hands": config.keep_hands,
        "strict": config.strict,
    }


def _enum(kind: type[Enum], data: object, key: str, where: str) -> Any:
    value = field_of(data, key, where)
    try:
        return kind(value)
    except ValueError:
        legal = ", ".join(repr(m.value) for m in kind)
        raise InvalidConfigError(f"{where}.{key} must be one of {legal}, got {shown(value)}") from None


def config_from_data(
    data: object, *, blinds: BlindSource | None = None, where: str = "config"
) -> TableConfig:
    """The :class:`TableConfig` :func:`config_data` described.

    Args:
        data: The plain data.
        blinds: The blind source to use; needed when the data has none
            (it was not a :class:`Blinds`), else it replaces the stored one.
        where: Path of ``data`` for messages.

    Returns:
        The settings.

    Raises:
        InvalidConfigError: A field missing, of the wrong type or refused by
            :class:`TableConfig`, or no blinds anywhere.
    """
    stored = field_of(data, "blinds", where)
    if blinds is None:
        if stored is None:
            raise InvalidConfigError(
                f"{where}.blinds is not stored (a custom blind source): pass blinds="
            )
        blinds = blinds_from_data(stored, f"{where}.blinds")
    return TableConfig(
        stacks=_ints(data, "stacks", where),
        blinds=blinds,
        button=field_of(data, "button", where),
        button_rule=_enum(ButtonRule, data, "button_rule", where),
        stack_mode=_enum(StackMode, data, "stack_mode", where),
        betting=_enum(BettingStructure, data, "betting", where),
        raise_cap=field_of(data, "raise_cap", where),
        max_hands=field_of(data, "max_hands", where),
        max_seconds=field_of(data, "max_seconds", where),
        keep_hands=field_of(data, "keep_hands", where),
        strict=field_of(data, "strict", where),
    )


def positions_data(positions: Positions) -> list[int]:
    """``[button, small_blind_seat, big_blind_seat]``."""
    return [positions.button, positions.small_blind_seat, positions.big_blind_seat]


def positions_from_data(data: object, where: str) -> Positions:
    """The :class:`Positions` :func:`positions_data` described.

    Raises:
        InvalidConfigError: Not a list of three seats.
    """
    if not isinstance(data, (list, tuple)) or len(data) != 3:
        raise InvalidConfigError(f"{where} must be [button, small blind, big blind], got {shown(data)}")
    return Positions(data[0], data[1], data[2])


def record_data(
    record: HandRecord, encode_state: Callable[[HandState], Any] | None = None
) -> dict[str, Any]:
    """A hand record as plain data.

    Args:
        record: The record.
        encode_state: Turns the kept final state into plain data (e.g. the
            JSON codec's ``to_dict``); without it the state is not stored.

    Returns:
        A dict: ``hand_number``, ``blinds`` (:func:`blinds_data`),
        ``positions`` (:func:`positions_data`), ``starting_stacks``,
        ``final_stacks``, ``results``, ``busted`` (lists of ints) and
        ``state`` (the encoded state or ``None``).
    """
    state = record.state
    return {
        "hand_number": record.hand_number,
        "blinds": blinds_data(record.blinds),
        "positions": positions_data(record.positions),
        "starting_stacks": list(record.starting_stacks),
        "final_stacks": list(record.final_stacks),
        "results": list(record.results),
        "busted": list(record.busted),
        "state": encode_state(state) if encode_state is not None and state is not None else None,
    }


def record_from_data(
    data: object,
    decode_state: Callable[[Any], HandState] | None = None,
    where: str = "record",
) -> HandRecord:
    """The :class:`HandRecord` :func:`record_data` described.

    Args:
        data: The plain data.
        decode_state: Inverse of the ``encode_state`` used, for a stored
            state (without it the record has no state).
        where: Path of ``data`` for messages.

    Returns:
        The record.

    Raises:
        InvalidConfigError: A field missing or of the wrong type.
    """
    results = field_of(data, "results", where)
    if not isinstance(results, (list, tuple)) or any(r.__class__ is not int for r in results):
        raise InvalidConfigError(f"{where}.results must be a list of ints, got {shown(results)}")
    stored = field_of(data, "state", where)
    return HandRecord(
        hand_number=int_arg(f"{where}.hand_number", field_of(data, "hand_number", where), 1),
        blinds=blinds_from_data(field_of(data, "blinds", where), f"{where}.blinds"),
        positions=positions_from_data(field_of(data, "positions", where), f"{where}.positions"),
        starting_stacks=_ints(data, "starting_stacks", where),
        final_stacks=_ints(data, "final_stacks", where),
        results=tuple(results),
        busted=_ints(data, "busted", where),
        state=decode_state(stored) if decode_state is not None and stored is not None else None,
    )


SNAPSHOT_VERSION = 1
"""Version of the plain-data form :meth:`TableSession.snapshot
<pokerkit_core.table.TableSession.snapshot>` writes (``"version"``)."""

SNAPSHOT_FORMAT = "pokerkit_core.table_session"
"""The ``"format"`` name of a session snapshot."""


class PendingHand(NamedTuple):
    """A hand in progress read from a snapshot (replayed on restore)."""

    hand_number: int
    seed: int
    blinds: Blinds
    positions: Positions
    stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    announced: bool


class SessionParts(NamedTuple):
    """Everything a snapshot holds, checked (see :func:`parse_snapshot`)."""

    config: TableConfig
    decision_timeout: float | None
    stacks: tuple[int, ...]
    seat_states: tuple[SeatState, ...]
    positions: Positions | None
    rng_state: tuple[Any, ...]
    elapsed_seconds: float
    records: tuple[HandRecord, ...]
    faults: tuple[PolicyFault, ...]
    hand: PendingHand | None


def _rng_state(data: object) -> tuple[Any, ...]:
    """A :meth:`random.Random.getstate` tuple from ``[version, [625 ints], gauss]``."""
    if (
        not isinstance(data, (list, tuple))
        or len(data) != 3
        or data[0].__class__ is not int
        or not isinstance(data[1], (list, tuple))
        or len(data[1]) != 625
        or any(v.__class__ is not int or not 0 <= v < 2**32 for v in data[1])
        or not (data[2] is None or data[2].__class__ is float)
    ):
        raise InvalidConfigError(
            "snapshot.rng must be [version, [625 ints of 32 bits], null or a float] "
            "(random.Random.getstate())"
        )
    return (data[0], tuple(data[1]), data[2])


def _action(text: str, where: str) -> Action:
    try:
        return Action.parse(text)
    except (PokerError, ValueError) as exc:
        raise InvalidConfigError(f"{where}: {describe_exception(exc)}") from None


def _pending(data: object, seats: int) -> PendingHand | None:
    if data is None:
        return None
    where = "snapshot.hand"
    actions = field_of(data, "actions", where)
    if not isinstance(actions, (list, tuple)) or any(not isinstance(a, str) for a in actions):
        raise InvalidConfigError(f"{where}.actions must be a list of action texts ('r 300')")
    seed = field_of(data, "seed", where)
    if seed.__class__ is not int:
        raise InvalidConfigError(f"{where}.seed must be an int, got {shown(seed)}")
    stacks = _ints(data, "stacks", where)
    if len(stacks) != seats:
        raise InvalidConfigError(f"{where}.stacks must have {seats} entries")
    return PendingHand(
        hand_number=int_arg(f"{where}.hand_number", field_of(data, "hand_number", where), 1),
        seed=seed,
        blinds=blinds_from_data(field_of(data, "blinds", where), f"{where}.blinds"),
        positions=positions_from_data(field_of(data, "positions", where), f"{where}.positions"),
        stacks=stacks,
        actions=tuple(_action(text, f"{where}.actions[{i}]") for i, text in enumerate(actions)),
        announced=bool_arg(f"{where}.announced", field_of(data, "announced", where)),
    )


def parse_snapshot(
    data: object,
    *,
    blinds: BlindSource | None = None,
    decode_state: Callable[[Any], HandState] | None = None,
) -> SessionParts:
    """Check a session snapshot (see ``TableSession.snapshot``) and read it.

    Args:
        data: The snapshot (a dict, e.g. from :func:`json.loads`).
        blinds: The blind source, when the snapshot stores none (or to
            replace it).
        decode_state: Decodes the kept final states of the records.

    Returns:
        The checked parts.

    Raises:
        InvalidConfigError: Not a snapshot of this version, or a field
            missing, of the wrong type or out of range (the message names
            the field, e.g. ``snapshot.stacks[2]``).
    """
    where = "snapshot"
    if field_of(data, "format", where) != SNAPSHOT_FORMAT:
        raise InvalidConfigError(f"snapshot.format must be {SNAPSHOT_FORMAT!r}")
    version = field_of(data, "version", where)
    if version != SNAPSHOT_VERSION or version.__class__ is not int:
        raise InvalidConfigError(
            f"snapshot.version {shown(version)} is not supported (this version reads "
            f"{SNAPSHOT_VERSION})"
        )
    config = config_from_data(field_of(data, "config", where), blinds=blinds, where="snapshot.config")
    seats = len(config.stacks)
    stacks = _ints(data, "stacks", where)
    raw_states = field_of(data, "seat_states", where)
    if not isinstance(raw_states, (list, tuple)) or len(raw_states) != seats or len(stacks) != seats:
        raise InvalidConfigError(f"snapshot.stacks and snapshot.seat_states need {seats} entries")
    states = tuple(
        _enum(SeatState, {"seat_states": s}, "seat_states", f"snapshot[{i}]")
        for i, s in enumerate(raw_states)
    )
    positions = field_of(data, "positions", where)
    elapsed = field_of(data, "elapsed_seconds", where)
    if elapsed.__class__ not in (int, float) or not 0 <= elapsed < float("inf"):
        raise InvalidConfigError(f"snapshot.elapsed_seconds must be seconds >= 0, got {shown(elapsed)}")
    records = field_of(data, "records", where)
    faults = field_of(data, "faults", where)
    if not isinstance(records, (list, tuple)) or not isinstance(faults, (list, tuple)):
        raise InvalidConfigError("snapshot.records and snapshot.faults must be lists")
    timeout = field_of(data, "decision_timeout", where)
    return SessionParts(
        config=config,
        decision_timeout=timeout_arg("decision_timeout", timeout),
        stacks=stacks,
        seat_states=states,
        positions=None if positions is None else positions_from_data(positions, "snapshot.positions"),
        rng_state=_rng_state(field_of(data, "rng", where)),
        elapsed_seconds=float(elapsed),
        records=tuple(
            record_from_data(r, decode_state, f"snapshot.records[{i}]") for i, r in enumerate(records)
        ),
        faults=tuple(PolicyFault.from_dict(f) for f in faults),
        hand=_pending(field_of(data, "hand", where), seats),
    )
