"""Table sessions: consecutive hands with button and blind rotation.

A :class:`TableSession` deals hand after hand at one table.  Between hands it
moves the button and the blinds, carries the stacks over (or resets them, as in
the ACPC format), lets busted players leave and stops after a number of hands or
a wall time.  Nobody can cash out during a session: the session object has no
way to take chips off the table.  Every hand's final
:class:`~pokerkit_core.state.HandState` is kept in a :class:`HandRecord`, so the
whole session can be exported (for example with the history writers).

The button and blinds move as :mod:`pokerkit_core.positions` says
(:func:`~pokerkit_core.positions.next_positions`).

References:
    RULES.md section 2 (positions, heads-up), section 3 (rooms limited by time
    or hands, no cash-out), section 4 (ACPC stacks reset every hand) and
    section 5 (dead-button rule, Poker TDA rule 32 / 33).
"""

from __future__ import annotations

import numbers
import random
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Protocol, Sequence

from .actions import Action, Check, Fold
from .checks import (
    MAX_SEATS,
    bool_arg,
    describe_exception,
    enum_arg,
    int_arg,
    items_arg,
    players_arg,
)
from .dealing import seed_arg
from .errors import InvalidConfigError, PokerError, PolicyError, shown
from .events import Event
from .observation import Observation, observe
from .policy import Policy
from .positions import ButtonRule, Positions, first_positions, next_positions
from .rules import BettingStructure, GameConfig
from .state import HandState, act, deal, legal_actions

__all__ = [
    "Blinds",
    "BlindSource",
    "StackMode",
    "TableConfig",
    "HandRecord",
    "TableListener",
    "TableSession",
    "PolicyFault",
    "StopSession",
]

class StackMode(Enum):
    """What happens to the stacks between hands."""

    CARRY = "carry"
    """Each hand starts with the chips the previous one left; busted players
    leave the table."""

    RESET = "reset"
    """Every hand starts with the session's starting stacks, as in the ACPC
    format (RULES.md section 4); nobody busts."""


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
            positive number; ``keep_hands`` or ``strict`` not a bool.

    References:
        RULES.md sections 3-5.
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


@dataclass(frozen=True, slots=True)
class PolicyFault:
    """A policy that raised or chose an illegal action (it then checked or
    folded), or whose ``hand_started`` / ``hand_ended`` hook raised (the hand
    went on as if the hook had returned).

    Attributes:
        hand_number: 1-based hand number.
        seat: The faulty seat.
        message: What went wrong, e.g. ``"decide raised ValueError: ..."``,
            ``"hand_started raised KeyError: ..."`` or ``"decide returned
            an illegal action ..."``.
    """

    hand_number: int
    seat: int
    message: str


class StopSession(Exception):
    """Raised by a policy (e.g. a person who quits) to end the session now.

    The hand in progress is abandoned: it is not recorded and the stacks stay
    as they were before it.
    """


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


def _call_hook(target: object, name: str, *args: object) -> None:
    """Call ``target.name(*args)`` if it exists (listener hooks; errors propagate)."""
    hook = getattr(target, name, None)
    if callable(hook):
        hook(*args)


class TableSession:
    """A running table: deals consecutive hands between fixed players.

    Faults: a policy whose ``decide`` raises or returns an illegal action, or
    whose optional ``hand_started`` / ``hand_ended`` hook raises, is recorded
    in :attr:`faults` and the hand goes on (the seat checks or folds for a
    failed ``decide``; a failed hook is skipped).  With
    :attr:`TableConfig.strict` every such fault raises
    :class:`~pokerkit_core.errors.PolicyError` instead.
    :class:`StopSession` raised by a policy (from ``decide`` or a hook) is
    never a fault: it ends the session.  Exceptions raised by the
    ``listener`` are the caller's own and propagate unchanged.

    Args:
        config: Session settings.
        players: One policy per seat, seat 0 first; ``None`` for an empty seat
            (a seat with a starting stack of 0).  Any ordered iterable (a
            list, a tuple, a generator).
        seed: Seeds the decks of all hands (``None``: fresh randomness): an
            int, not a bool, exactly as :func:`~pokerkit_core.state.deal`
            takes it (negative seeds differ from their absolute value).
        listener: Optional :class:`TableListener`.
        clock: Wall clock for ``max_seconds``, in seconds (tests pass a
            fake): a callable returning a number.

    Raises:
        InvalidConfigError: ``config`` is not a :class:`TableConfig`;
            ``players`` is not a sequence or does not match the seats (a
            policy for an empty seat or none for a seat with chips); ``seed``
            is not an int or ``None``; ``clock`` is not callable or does not
            return a number.
        PolicyError: A seat's player is not a policy (it has no callable
            ``decide``, or is a policy class instead of an instance).

    References:
        RULES.md sections 3-5.
    """

    def __init__(
        self,
        config: TableConfig,
        players: Sequence[Policy | None],
        *,
        seed: int | None = None,
        listener: object | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not isinstance(config, TableConfig):
            raise InvalidConfigError(f"config must be a TableConfig, got {shown(config)}")
        seats = players_arg(players)
        if len(seats) != len(config.stacks):
            raise InvalidConfigError(
                f"{len(seats)} players for {len(config.stacks)} seats: give one policy per "
                "seat of config.stacks (None for an empty seat)"
            )
        for seat, (policy, stack) in enumerate(zip(seats, config.stacks)):
            if (policy is None) != (stack == 0):
                raise InvalidConfigError(
                    f"seat {seat}: a policy is needed exactly for seats with chips "
                    f"(stack {stack}, player {shown(policy)})"
                )
        if not callable(clock):
            raise InvalidConfigError(
                f"clock must be a callable returning seconds, got {shown(clock)}"
            )
        self.config = config
        self.players: tuple[Policy | None, ...] = seats
        self._rng = random.Random(seed_arg(seed))
        self._listener = listener
        self._clock = clock
        self._started_at = self._now()
        self._stacks: tuple[int, ...] = config.stacks
        self._positions: Positions | None = None
        self._records: list[HandRecord] = []
        self._faults: list[PolicyFault] = []

    def _now(self) -> float:
        now = self._clock()
        if (
            now.__class__.__name__ in ("bool", "bool_")
            or not isinstance(now, numbers.Real)
            or now != now  # NaN
        ):
            raise InvalidConfigError(f"clock() must return a number of seconds, got {shown(now)}")
        return now

    # -- queries ---------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips of each seat now (between hands), seat 0 first."""
        return self._stacks

    @property
    def live(self) -> tuple[bool, ...]:
        """Whether each seat has a player who will be dealt the next hand."""
        if self.config.stack_mode is StackMode.RESET:
            return tuple(s > 0 for s in self.config.stacks)
        return tuple(s > 0 for s in self._stacks)

    @property
    def hand_count(self) -> int:
        """Number of hands played so far."""
        return len(self._records)

    @property
    def records(self) -> tuple[HandRecord, ...]:
        """Every finished hand, first hand first."""
        return tuple(self._records)

    @property
    def hands(self) -> tuple[HandState, ...]:
        """Every finished hand's final state (empty if not kept)."""
        return tuple(r.state for r in self._records if r.state is not None)

    @property
    def faults(self) -> tuple[PolicyFault, ...]:
        """Policy faults so far (see :attr:`TableConfig.strict`)."""
        return tuple(self._faults)

    @property
    def elapsed_seconds(self) -> float:
        """Wall time since the session began, seconds.

        Raises:
            InvalidConfigError: The session's ``clock`` returned something
                that is not a number.
        """
        return self._now() - self._started_at

    @property
    def is_over(self) -> bool:
        """True once fewer than two players have chips or a limit is reached.

        Raises:
            InvalidConfigError: The session's ``clock`` returned something
                that is not a number (only asked with ``max_seconds``).
        """
        if sum(1 for flag in self.live if flag) < 2:
            return True
        if self.config.max_hands is not None and self.hand_count >= self.config.max_hands:
            return True
        limit = self.config.max_seconds
        return limit is not None and self.elapsed_seconds >= limit

    def next_positions(self) -> Positions:
        """Button and blind seats the next hand will use.

        Returns:
            The next hand's button and blind seats: :func:`first_positions`
            before the first hand, :func:`next_positions` under
            :attr:`TableConfig.button_rule` after that.

        Raises:
            InvalidConfigError: Fewer than two live seats (the session is
                over).

        References:
            RULES.md section 5; Poker TDA rules (dead button).
        """
        if self._positions is None:
            return first_positions(self.live, button=self.config.button)
        return next_positions(self._positions, self.live, rule=self.config.button_rule)

    def next_game_config(self) -> GameConfig:
        """The :class:`~pokerkit_core.rules.GameConfig` of the next hand.

        Returns:
            The settings :func:`~pokerkit_core.state.deal` uses for the next
            hand: stacks in chips per seat, seat 0 first (0 for a seat not
            dealt in), blinds and ante of hand :attr:`hand_count` + 1 from
            :attr:`TableConfig.blinds`, positions from
            :meth:`next_positions`, the session's betting and raise cap.

        Raises:
            InvalidConfigError: The session is over (fewer than two players),
                or the blind source fails, returns something that is not a
                :class:`Blinds`, or gives amounts the game refuses.
        """
        positions = self.next_positions()
        return self._game_config(positions, self._blinds_at(self.hand_count + 1))

    def _blinds_at(self, hand_number: int) -> Blinds:
        """Ask the blind source for hand ``hand_number``'s blinds (checked)."""
        source = self.config.blinds
        try:
            blinds: object = source.blinds_at(hand_number)
        except PokerError:
            raise
        except Exception as exc:  # a broken custom blind source
            raise InvalidConfigError(
                f"the blind source {shown(source)} failed for hand {hand_number}: "
                f"{describe_exception(exc)}"
            ) from exc
        if not isinstance(blinds, Blinds):
            raise InvalidConfigError(
                f"the blind source {shown(source)} returned {shown(blinds)} for hand "
                f"{hand_number}; blinds_at must return a Blinds"
            )
        return blinds

    def _game_config(self, positions: Positions, blinds: Blinds) -> GameConfig:
        live = self.live
        stacks = tuple(s if flag else 0 for s, flag in zip(self._start_stacks(), live))
        return GameConfig(
            stacks=stacks,
            small_blind=blinds.small_blind,
            big_blind=blinds.big_blind,
            ante=blinds.ante,
            button=positions.button,
            small_blind_seat=positions.small_blind_posted_by(live),
            big_blind_seat=positions.big_blind_seat,
            betting=self.config.betting,
            raise_cap=self.config.raise_cap,
        )

    def _start_stacks(self) -> tuple[int, ...]:
        if self.config.stack_mode is StackMode.RESET:
            return self.config.stacks
        return self._stacks

    # -- transitions -----------------------------------------------------

    def play_hand(self) -> HandRecord:
        """Deal and play one hand to its end.

        The blind source is asked once, for this hand, before the deal.

        Returns:
            The hand's record (also appended to :attr:`records`).

        Raises:
            InvalidConfigError: The session is already over, or the blind
                source fails, returns something that is not a
                :class:`Blinds` or gives amounts the game refuses.
            PolicyError: With ``strict``, a policy returned an illegal
                action or raised in ``decide`` or ``hand_started`` (the hand
                is dropped: not recorded, stacks unchanged), or raised in
                ``hand_ended`` (raised after the hand is recorded and every
                hook has run).
            StopSession: A policy ended the session; a hand in progress is
                dropped (from ``hand_ended`` the hand is already recorded).
        """
        if self.is_over:
            raise InvalidConfigError("the session is over")
        live = self.live
        positions = self.next_positions()
        hand_number = self.hand_count + 1
        blinds = self._blinds_at(hand_number)
        config = self._game_config(positions, blinds)
        state = deal(config, seed=self._rng.getrandbits(64))
        for seat, policy in enumerate(self.players):
            if policy is not None and live[seat]:
                problem = self._policy_hook(
                    policy, "hand_started", self._observe(state, seat, hand_number)
                )
                if problem is not None:
                    self._fault(hand_number, seat, policy, *problem)
        _call_hook(self._listener, "hand_started", hand_number, state)
        if state.history:
            _call_hook(self._listener, "events", state, tuple(state.history))
        while not state.is_over:
            actor = state.to_act
            if actor is None:  # pragma: no cover - the engine runs out itself
                break
            policy = self.players[actor]
            if policy is None:  # pragma: no cover - empty seats are not dealt
                raise PolicyError(f"seat {actor} has no player")
            following = self._turn(state, actor, policy, hand_number)
            _call_hook(
                self._listener, "events", following, tuple(following.history[len(state.history):])
            )
            state = following
        start = config.stacks
        final = tuple(state.stacks)
        results = tuple(f - s for f, s in zip(final, start))
        busted = tuple(
            seat for seat, (s, f) in enumerate(zip(start, final)) if s > 0 and f == 0
        )
        if self.config.stack_mode is StackMode.RESET:
            busted = ()
        else:
            self._stacks = final
        record = HandRecord(
            hand_number=hand_number,
            blinds=blinds,
            positions=positions,
            starting_stacks=start,
            final_stacks=final,
            results=results,
            busted=busted,
            state=state if self.config.keep_hands else None,
        )
        self._positions = positions
        self._records.append(record)
        late: PolicyError | None = None
        for seat, policy in enumerate(self.players):
            if policy is not None and live[seat]:
                problem = self._policy_hook(
                    policy, "hand_ended", self._observe(state, seat, hand_number), results
                )
                if problem is not None:
                    try:
                        self._fault(hand_number, seat, policy, *problem)
                    except PolicyError as exc:  # strict: raise once every hook has run
                        late = late or exc
        _call_hook(self._listener, "hand_ended", record)
        if late is not None:
            raise late
        return record

    def run(self) -> tuple[HandRecord, ...]:
        """Play hands until the session is over.

        Returns:
            Every hand's record, first hand first.

        Raises:
            InvalidConfigError: The blind source fails, returns something
                that is not a :class:`Blinds` or gives amounts the game
                refuses.
            PolicyError: With ``strict``, a policy returned an illegal action
                or raised (in ``decide`` or a hook).
            StopSession: A policy ended the session.
        """
        while not self.is_over:
            self.play_hand()
        return self.records

    @staticmethod
    def _policy_hook(
        policy: Policy, name: str, *args: object
    ) -> tuple[str, Exception] | None:
        """Call an optional policy hook; its failure (not StopSession) is returned."""
        hook = getattr(policy, name, None)
        if not callable(hook):
            return None
        try:
            hook(*args)
        except StopSession:
            raise
        except Exception as exc:  # a misbehaving policy never stops the session
            return f"{name} raised {describe_exception(exc)}", exc
        return None

    def _fault(
        self, hand_number: int, seat: int, policy: Policy, message: str, cause: Exception | None
    ) -> None:
        """Record a fault, or raise it as a PolicyError with ``strict``."""
        if self.config.strict:
            raise PolicyError(
                f"policy {shown(getattr(policy, 'name', '?'))} at seat {seat} failed in hand "
                f"{hand_number}: {message}"
            ) from cause
        self._faults.append(PolicyFault(hand_number, seat, message))

    def _turn(self, state: HandState, seat: int, policy: Policy, hand_number: int) -> HandState:
        """Ask ``policy`` for its action and apply it; a fault folds or checks."""
        cause: Exception | None = None
        try:
            action: object = policy.decide(self._observe(state, seat, hand_number))
        except StopSession:
            raise
        except Exception as exc:  # a faulty policy must not end the session
            message = f"decide raised {describe_exception(exc)}"
            cause = exc
        else:
            if not isinstance(action, Action):
                message = f"decide returned {shown(action)}, which is not an Action"
            else:
                try:
                    return act(state, action)
                except Exception as exc:  # an illegal action
                    message = f"decide returned an illegal action: {describe_exception(exc)}"
                    cause = exc
        self._fault(hand_number, seat, policy, message, cause)
        legal = legal_actions(state)
        return act(state, Check if legal.can_check else Fold)

    @staticmethod
    def _observe(state: HandState, seat: int, hand_number: int) -> Observation:
        return observe(state, seat, hand_number=hand_number)
