"""Table sessions: consecutive hands with button and blind rotation.

A :class:`TableSession` deals hand after hand at one table.  Between hands it
moves the button and the blinds, carries the stacks over (or resets them, as in
the ACPC format), lets busted players leave and stops after a number of hands or
a wall time.  Nobody can cash out during a session: the session object has no
way to take chips off the table.  Every hand's final
:class:`~pokerkit_core.state.HandState` is kept in a :class:`HandRecord`, so the
whole session can be exported (for example with the history writers).

The rotation itself is pure functions over a tuple of "live" flags, one per seat
(:func:`first_positions`, :func:`next_positions`), so it can be checked without
dealing a card:

>>> live = (True, True, True)
>>> p = first_positions(live, button=0)
>>> (p.button, p.small_blind_seat, p.big_blind_seat)
(0, 1, 2)
>>> p = next_positions(p, (False, True, True))  # seat 0 busted
>>> (p.button, p.small_blind_seat, p.big_blind_seat)  # heads-up: button posts the SB
(2, 2, 1)

References:
    RULES.md section 2 (positions, heads-up), section 3 (rooms limited by time
    or hands, no cash-out), section 4 (ACPC stacks reset every hand) and
    section 5 (dead-button rule, Poker TDA rule 32 / 33).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Protocol, Sequence

from .actions import Check, Fold
from .errors import InvalidConfigError, PolicyError
from .events import Event
from .observation import Observation, observe
from .policy import Policy
from .rules import BettingStructure, GameConfig
from .state import HandState, act, deal, legal_actions

__all__ = [
    "Blinds",
    "BlindSource",
    "ButtonRule",
    "StackMode",
    "Positions",
    "first_positions",
    "next_positions",
    "TableConfig",
    "HandRecord",
    "TableListener",
    "TableSession",
    "PolicyFault",
    "StopSession",
]


class ButtonRule(Enum):
    """How the button and the blinds move between hands.

    References:
        RULES.md section 5; Poker TDA rules (dead button).
    """

    DEAD_BUTTON = "dead-button"
    """The big blind moves exactly one live seat each hand; the small blind
    goes to the seat that had the big blind and the button to the seat that had
    the small blind, either of which may be empty (dead).  Nobody skips or
    repeats the big blind.  The default."""

    MOVING_BUTTON = "moving-button"
    """The button moves to the next live player and the blinds follow it; a
    player may pay the big blind twice or skip it when someone busts."""


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

    Raises:
        InvalidConfigError: A negative amount, a big blind under 1, or a
            small blind above the big blind.
    """

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidConfigError(f"{name} must be a non-negative int, got {value!r}")
        if self.big_blind < 1:
            raise InvalidConfigError(f"big_blind must be at least 1, got {self.big_blind}")
        if self.small_blind > self.big_blind:
            raise InvalidConfigError(
                f"small_blind {self.small_blind} is above big_blind {self.big_blind}"
            )

    def blinds_at(self, hand_number: int) -> Blinds:
        """The same blinds for every hand (a :class:`BlindSource`).

        Args:
            hand_number: 1-based hand number in the session (ignored).

        Returns:
            ``self``.
        """
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
class Positions:
    """Button and blind seats of one hand.

    Attributes:
        button: Seat of the button; may be an empty seat (dead button).
        small_blind_seat: Seat in the small-blind position; it posts only if
            a live player sits there (see :meth:`small_blind_posted_by`).
            Heads-up it equals ``button``.
        big_blind_seat: Seat of the big blind; always a live player.
    """

    button: int
    small_blind_seat: int
    big_blind_seat: int

    def small_blind_posted_by(self, live: Sequence[bool]) -> int | None:
        """The seat that posts the small blind, or ``None`` for a dead one.

        Args:
            live: One flag per seat, seat 0 first: ``True`` if a player with
                chips sits there.

        Returns:
            ``small_blind_seat`` if that seat is live, else ``None``.
        """
        return self.small_blind_seat if live[self.small_blind_seat] else None


def _next_live(live: Sequence[bool], seat: int) -> int:
    """First live seat strictly clockwise after ``seat`` (wrapping)."""
    count = len(live)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if live[candidate]:
            return candidate
    raise InvalidConfigError("no live seat at the table")


def _check_live(live: Sequence[bool]) -> None:
    if not 2 <= len(live) <= 9:
        raise InvalidConfigError(f"a table has 2 to 9 seats, got {len(live)}")
    if sum(1 for flag in live if flag) < 2:
        raise InvalidConfigError("a hand needs at least two live players")


def first_positions(live: Sequence[bool], *, button: int = 0) -> Positions:
    """Positions of a session's first hand.

    The small blind is the first live seat after the button and the big blind
    the next; heads-up (two live players) the button posts the small blind.
    If the given button seat is empty, heads-up the first live player after it
    takes the button.

    Args:
        live: One flag per seat, seat 0 first (2-9 seats, at least two live).
        button: Seat of the button, 0-based.

    Returns:
        The first hand's positions.

    Raises:
        InvalidConfigError: Fewer than two live seats, a seat count outside
            2-9, or ``button`` out of range.

    References:
        RULES.md section 2 (positions, heads-up rule).
    """
    _check_live(live)
    if not 0 <= button < len(live):
        raise InvalidConfigError(f"button seat {button} is not at the table")
    if sum(1 for flag in live if flag) == 2:
        small = button if live[button] else _next_live(live, button)
        return Positions(small, small, _next_live(live, small))
    small = _next_live(live, button)
    return Positions(button, small, _next_live(live, small))


def next_positions(
    previous: Positions,
    live: Sequence[bool],
    *,
    rule: ButtonRule = ButtonRule.DEAD_BUTTON,
) -> Positions:
    """Positions of the next hand.

    Dead-button rule (default): the big blind goes to the next live seat after
    the previous big blind; with three or more live players the small blind
    goes to the previous big blind's seat and the button to the previous small
    blind's seat, either possibly empty (a dead small blind is not posted).
    Moving-button rule: the button goes to the next live seat after the
    previous button and the blinds follow it.  With two live players, under
    either rule, the other player than the big blind has the button and posts
    the small blind.

    Args:
        previous: The previous hand's positions.
        live: One flag per seat for the coming hand, seat 0 first.
        rule: :class:`ButtonRule` to apply.

    Returns:
        The next hand's positions.

    Raises:
        InvalidConfigError: Fewer than two live seats, a seat count outside
            2-9, or ``previous`` naming seats that are not at the table.

    References:
        RULES.md section 5; Poker TDA rules (dead button); CASES.md C25, C29.
    """
    _check_live(live)
    count = len(live)
    for seat in (previous.button, previous.small_blind_seat, previous.big_blind_seat):
        if not 0 <= seat < count:
            raise InvalidConfigError(f"seat {seat} is not at the table")
    heads_up = sum(1 for flag in live if flag) == 2
    if rule is ButtonRule.MOVING_BUTTON:
        button = _next_live(live, previous.button)
        if heads_up:
            return Positions(button, button, _next_live(live, button))
        small = _next_live(live, button)
        return Positions(button, small, _next_live(live, small))
    big = _next_live(live, previous.big_blind_seat)
    if heads_up:
        small = _next_live(live, big)
        return Positions(small, small, big)
    return Positions(previous.small_blind_seat, previous.big_blind_seat, big)


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Settings of a table session.

    Args:
        stacks: Starting stack of each seat, chips, seat 0 first (2-9 seats);
            ``0`` marks an empty seat.
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
            policy fails or picks an illegal action; by default the fault is
            recorded in :attr:`TableSession.faults` and the seat checks (or
            folds if it cannot check).

    Raises:
        InvalidConfigError: Bad seat count, negative stacks, fewer than two
            players, a button out of range, or non-positive limits.

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
        stacks = tuple(self.stacks)
        object.__setattr__(self, "stacks", stacks)
        if not 2 <= len(stacks) <= 9:
            raise InvalidConfigError(f"a table has 2 to 9 seats, got {len(stacks)}")
        if any(not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in stacks):
            raise InvalidConfigError(f"stacks must be non-negative ints, got {stacks}")
        if sum(1 for s in stacks if s > 0) < 2:
            raise InvalidConfigError("a session needs at least two players with chips")
        for name in ("button", "raise_cap") + (("max_hands",) if self.max_hands is not None else ()):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidConfigError(f"{name} must be an int, got {value!r}")
        if self.max_seconds is not None and (
            not isinstance(self.max_seconds, (int, float)) or isinstance(self.max_seconds, bool)
        ):
            raise InvalidConfigError(f"max_seconds must be a number, got {self.max_seconds!r}")
        if not 0 <= self.button < len(stacks):
            raise InvalidConfigError(f"button seat {self.button} is not at the table")
        if self.max_hands is not None and self.max_hands < 1:
            raise InvalidConfigError(f"max_hands must be at least 1, got {self.max_hands}")
        if self.max_seconds is not None and not self.max_seconds > 0:
            raise InvalidConfigError(f"max_seconds must be positive, got {self.max_seconds}")
        if self.raise_cap < 1:
            raise InvalidConfigError(f"raise_cap must be at least 1, got {self.raise_cap}")


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
    """A policy that raised or chose an illegal action (it then checked or folded).

    Attributes:
        hand_number: 1-based hand number.
        seat: The faulty seat.
        message: What went wrong.
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
    hook = getattr(target, name, None)
    if callable(hook):
        hook(*args)


class TableSession:
    """A running table: deals consecutive hands between fixed players.

    Args:
        config: Session settings.
        players: One policy per seat, seat 0 first; ``None`` for an empty seat
            (a seat with a starting stack of 0).
        seed: Seeds the decks of all hands (``None``: fresh randomness).
        listener: Optional :class:`TableListener`.
        clock: Wall clock for ``max_seconds``, in seconds (tests pass a
            fake).

    Raises:
        InvalidConfigError: ``players`` does not match the seats (a policy
            for an empty seat or none for a seat with chips).

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
        if len(players) != len(config.stacks):
            raise InvalidConfigError(
                f"{len(players)} players for {len(config.stacks)} seats"
            )
        for seat, (policy, stack) in enumerate(zip(players, config.stacks)):
            if (policy is None) != (stack == 0):
                raise InvalidConfigError(
                    f"seat {seat}: a policy is needed exactly for seats with chips"
                )
        self.config = config
        self.players: tuple[Policy | None, ...] = tuple(players)
        self._rng = random.Random(seed)
        self._listener = listener
        self._clock = clock
        self._started_at = clock()
        self._stacks: tuple[int, ...] = config.stacks
        self._positions: Positions | None = None
        self._records: list[HandRecord] = []
        self._faults: list[PolicyFault] = []

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
        """Wall time since the session began, seconds."""
        return self._clock() - self._started_at

    @property
    def is_over(self) -> bool:
        """True once fewer than two players have chips or a limit is reached."""
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
                or the blind source gives amounts the game refuses.
        """
        live = self.live
        positions = self.next_positions()
        blinds = self.config.blinds.blinds_at(self.hand_count + 1)
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

        Returns:
            The hand's record (also appended to :attr:`records`).

        Raises:
            InvalidConfigError: The session is already over.
            PolicyError: With ``strict``, a policy returned an illegal
                action or failed.
            StopSession: A policy ended the session; the hand is dropped.
        """
        if self.is_over:
            raise InvalidConfigError("the session is over")
        live = self.live
        positions = self.next_positions()
        hand_number = self.hand_count + 1
        blinds = self.config.blinds.blinds_at(hand_number)
        config = self.next_game_config()
        state = deal(config, seed=self._rng.getrandbits(64))
        for seat, policy in enumerate(self.players):
            if policy is not None and live[seat]:
                _call_hook(policy, "hand_started", self._observe(state, seat, hand_number))
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
        for seat, policy in enumerate(self.players):
            if policy is not None and live[seat]:
                _call_hook(
                    policy, "hand_ended", self._observe(state, seat, hand_number), results
                )
        _call_hook(self._listener, "hand_ended", record)
        return record

    def run(self) -> tuple[HandRecord, ...]:
        """Play hands until the session is over.

        Returns:
            Every hand's record, first hand first.

        Raises:
            PolicyError: With ``strict``, a policy returned an illegal action
                or failed.
            StopSession: A policy ended the session.
        """
        while not self.is_over:
            self.play_hand()
        return self.records

    def _turn(self, state: HandState, seat: int, policy: Policy, hand_number: int) -> HandState:
        """Ask ``policy`` for its action and apply it; a fault folds or checks."""
        try:
            action = policy.decide(self._observe(state, seat, hand_number))
            return act(state, action)
        except StopSession:
            raise
        except Exception as exc:  # a faulty policy must not end the session
            if self.config.strict:
                raise PolicyError(
                    f"policy {getattr(policy, 'name', '?')!r} at seat {seat} failed: {exc}"
                ) from exc
            self._faults.append(PolicyFault(hand_number, seat, str(exc)))
        legal = legal_actions(state)
        return act(state, Check if legal.can_check else Fold)

    @staticmethod
    def _observe(state: HandState, seat: int, hand_number: int) -> Observation:
        return observe(state, seat, hand_number=hand_number)
