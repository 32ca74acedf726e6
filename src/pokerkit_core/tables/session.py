"""Table sessions: consecutive hands with button and blind rotation.

A :class:`TableSession` deals hand after hand at one table.  Between hands it
moves the button and the blinds, carries the stacks over (or resets them, as in
the ACPC format), lets busted players leave and stops after a number of hands or
a wall time.  Nobody can cash out during a session: the session object has no
way to take chips off the table.  Every hand's final
:class:`~pokerkit_core.engine.state.HandState` is kept in a :class:`HandRecord`, so the
whole session can be exported (for example with the history writers).

A seat's player is a policy (a computer player) or an external player the
application drives (``None``): :meth:`TableSession.start_hand` deals and lets
the computer seats act until an external seat must act, :meth:`TableSession.apply`
plays that seat's action, :meth:`TableSession.time_out` its default action.
Policies with ``async def decide`` are awaited by
:meth:`TableSession.play_hand_async` under a per-decision time limit.  Every
hand is played by the one hand driver, :class:`~pokerkit_core.players.driver.HandDriver`.
:meth:`TableSession.snapshot` saves a session as plain data and
:meth:`TableSession.restore` goes on with it, dealing the same hands.

The button and blinds move as :mod:`pokerkit_core.engine.positions` says
(:func:`~pokerkit_core.engine.positions.next_positions`).

References:
    docs/rules.rst section 2 (positions, heads-up), section 3 (rooms limited by time
    or hands, no cash-out), section 4 (ACPC stacks reset every hand) and
    section 5 (dead-button rule, Poker TDA rule 32 / 33).
"""

from __future__ import annotations

import numbers
import operator
import random
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..engine.actions import Action
from ..engine.checks import players_arg, timeout_arg
from ..engine.dealing import seed_arg
from ..players.driver import HandDriver, PolicyFault, StopSession
from ..errors import HandOverError, InvalidConfigError, PolicyError, shown
from ..engine.events import Event
from ..players.isolation import IsolatedPolicy, close_all
from ..engine.observation import Observation, observe
from ..engine.policy import Policy
from ..engine.positions import Positions, first_positions, next_positions
from ..engine.rules import GameConfig
from ..seeding import derive, fresh_seed, warn_if_guessable
from ..engine.state import HandState, deal
from .config import Blinds, BlindSource, StackMode, TableConfig, blinds_of
from .records import HandRecord, SeatState, TableListener, TableSeats, call_listener, playing
from .snapshot import restore_session, session_snapshot

__all__ = [
    "Blinds", "BlindSource", "StackMode", "TableConfig", "HandRecord", "TableListener",
    "TableSession", "SeatState", "PolicyFault", "StopSession", "DEAL_LABEL",
]

DEAL_LABEL = "session.deal"
"""The label of a session's decks: the deal seed of the ``k``-th hand a
:class:`TableSession` deals is ``derive(seed, DEAL_LABEL, k)``
(:func:`~pokerkit_core.seeding.derive`, 128 bits, the width of seed the
engine's deal uses in full), ``seed`` the session's seed and ``k`` counting
from 1, an abandoned hand included."""

@dataclass
class _Hand:
    """The hand a session is playing (kept until it is fully concluded)."""

    driver: HandDriver
    number: int
    seed: int
    blinds: Blinds
    positions: Positions
    config: GameConfig
    live: tuple[bool, ...]
    announced: bool = False  # the listener was told the hand started
    record: HandRecord | None = None  # set once the hand is recorded
    done: bool = False  # hooks and listener told the end


class TableSession(TableSeats):
    """A running table: deals consecutive hands between its players.

    Players: each seat holds a policy (a computer player), ``None`` for an
    external player whose actions the application supplies (:meth:`start_hand`,
    :meth:`apply`, :meth:`time_out`), or nobody (an empty seat: ``None`` with
    a stack of 0).  :meth:`play_hand` and :meth:`run` are for tables whose
    dealt-in players are all computers; ``await`` :meth:`play_hand_async`
    for policies with ``async def decide`` in an event loop.  Between hands
    a seat can sit out (:meth:`sit_out`), come back (:meth:`sit_in`), be left
    (:meth:`leave`) or be filled (:meth:`fill`); its chips stay with the seat.

    Every hand is played by the one hand driver
    (:class:`~pokerkit_core.players.driver.HandDriver`).  Faults: a policy whose
    ``decide`` raises, returns an illegal action or goes over
    ``decision_timeout``, or whose optional ``hand_started`` / ``hand_ended``
    hook fails, is recorded in :attr:`faults` and the hand goes on (the seat
    checks if it can, else folds; a failed hook is skipped).  With
    :attr:`TableConfig.strict` a policy's fault raises
    :class:`~pokerkit_core.errors.PolicyError` instead.

    Interruptions: anything that escapes in the middle of a hand
    (:class:`StopSession` from a player, ``KeyboardInterrupt``, a strict
    ``PolicyError``, an exception of the ``listener``, a cancelled task) leaves
    that hand on the session, unrecorded, with the stacks as they were before
    it.  The next :meth:`play_hand` / :meth:`start_hand` (or their async
    forms) resumes that same hand where it stopped, same cards, asking the
    interrupted seat again; :meth:`abandon_hand` drops it instead.

    Re-entrant calls: while :meth:`play_hand`, :meth:`run`,
    :meth:`start_hand`, :meth:`apply` or :meth:`time_out` (or an async form)
    runs, those and every call that changes the seats raise
    :class:`~pokerkit_core.errors.SessionBusyError` (from a policy, the
    listener or another task) and change nothing; queries stay open.

    Args:
        config: Session settings.
        players: One entry per seat, seat 0 first: a policy, or ``None`` (an
            external player where the seat has chips, an empty seat where
            its stack is 0).  Any ordered iterable.
        seed: Seeds the decks of all hands: an int of any size (not a bool;
            negative seeds differ from their absolute value), as
            :func:`~pokerkit_core.engine.state.deal` takes it, or ``None`` for a
            fresh 128-bit one (:func:`~pokerkit_core.seeding.fresh_seed`);
            kept in ``seed`` (a negative one as the engine reads it:
            modulo ``2**128``; after :meth:`restore` the saved session's,
            or ``None`` for a snapshot older than version 4, whose deck
            generator goes on).  Each hand's deck is derived from it one-way
            (:data:`DEAL_LABEL`): a hand's deal seed reveals neither this
            seed nor another hand's deck.  With ``config.isolate`` an
            explicit seed below ``2**64`` in size warns
            (:class:`~pokerkit_core.errors.SeedWarning`).
        listener: Optional :class:`TableListener`.
        clock: Wall clock for ``max_seconds``, in seconds (tests pass a
            fake): a callable returning a number.
        decision_timeout: Most seconds a policy's decision (or hook) may
            take (``None``: no limit); see
            :class:`~pokerkit_core.players.driver.HandDriver`.
        hold_run_out: Hold the action that starts an all-in run-out with
            board cards to come (:attr:`held`) until
            :meth:`release_run_out` says how many boards to run (run it
            twice asked at the all-in; deal with ``config.boards`` 2).
            :meth:`play_hand` and :meth:`run` stop at a held action with
            :class:`~pokerkit_core.errors.HandOverError` (the hand stays in
            progress: release it, then go on).

    Raises:
        InvalidConfigError: ``config`` is not a :class:`TableConfig`;
            ``players`` is not a sequence or does not match the seats (a
            policy for a seat with no chips); ``seed`` is not an int or
            ``None``; ``clock`` is not callable or does not return a number;
            ``decision_timeout`` is not a positive number of seconds up to
            1,000,000 (``checks.MAX_TIMEOUT``) or ``None``.
        PolicyError: A seat's player is not a policy (it has no callable
            ``decide``, or is a policy class instead of an instance).

    References:
        docs/rules.rst sections 3-5.
    """

    def __init__(
        self,
        config: TableConfig,
        players: Sequence[Policy | None],
        *,
        seed: int | None = None,
        listener: object | None = None,
        clock: Callable[[], float] = time.monotonic,
        decision_timeout: float | None = None,
        hold_run_out: bool = False,
    ) -> None:
        if not isinstance(config, TableConfig):
            raise InvalidConfigError(f"config must be a TableConfig, got {shown(config)}")
        seats = players_arg(players)
        if len(seats) != len(config.stacks):
            raise InvalidConfigError(
                f"{len(seats)} players for {len(config.stacks)} seats: give one entry per "
                "seat of config.stacks (a policy, or None for an external player or an "
                "empty seat)"
            )
        for seat, (policy, stack) in enumerate(zip(seats, config.stacks)):
            if policy is not None and stack == 0:
                raise InvalidConfigError(
                    f"seat {seat}: a policy for a seat without chips (stack 0, player "
                    f"{shown(policy)}); seat it later with fill(seat, player, chips=...)"
                )
        if not callable(clock):
            raise InvalidConfigError(
                f"clock must be a callable returning seconds, got {shown(clock)}"
            )
        seed_used = seed_arg(seed)
        if seed_used is None:
            seed_used = fresh_seed()
        if seed is not None and config.isolate:
            warn_if_guessable(operator.index(seed), "session")
        self.config = config
        self.decision_timeout = timeout_arg("decision_timeout", decision_timeout)
        if self.decision_timeout is None:
            self.decision_timeout = config.decision_timeout
        self._owned: list[IsolatedPolicy] = []
        if config.isolate:
            seats = self._isolated(seats, self.decision_timeout)
        self._players: list[Policy | None] = list(seats)
        self._seat_states = [
            SeatState.PLAYING if stack > 0 else SeatState.EMPTY for stack in config.stacks
        ]
        self.seed: int | None = seed_used
        # where the decks come from: the session seed (each deal derived from
        # it), or the generator of a session restored from a snapshot older
        # than version 4 (its draws go on)
        self._decks: int | random.Random = seed_used
        self._deals = 0  # hands dealt so far, abandoned ones included
        self._listener = listener
        self._clock = clock
        self._started_at = self._now()
        # chips of each seat between hands; with StackMode.RESET the stacks
        # every hand starts with
        self._stacks: tuple[int, ...] = config.stacks
        self._positions: Positions | None = None
        self._records: list[HandRecord] = []
        self._faults: list[PolicyFault] = []
        self._hand: _Hand | None = None
        self.hold_run_out = bool(hold_run_out)

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
        """Chips of each seat between hands, seat 0 first (a hand in progress
        is not counted until it ends)."""
        return self._stacks

    @property
    def hand_count(self) -> int:
        """Number of hands played (recorded) so far."""
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
        """Player faults so far (see :attr:`TableConfig.strict`)."""
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
        """True once fewer than two seats can be dealt in or a limit is
        reached (a hand in progress is finished first).

        Raises:
            InvalidConfigError: The session's ``clock`` returned something
                that is not a number (only asked with ``max_seconds``).
        """
        if self._hand is not None:
            return False
        if sum(1 for flag in self.live if flag) < 2:
            return True
        if self.config.max_hands is not None and self.hand_count >= self.config.max_hands:
            return True
        limit = self.config.max_seconds
        return limit is not None and self.elapsed_seconds >= limit

    @property
    def is_between_hands(self) -> bool:
        """No hand is in progress (none started yet, or the last one ended
        and was recorded); :attr:`is_over` says whether the session is."""
        return self._hand is None

    @property
    def hand_over(self) -> bool:
        """Deprecated name of :attr:`is_between_hands` (warns
        ``DeprecationWarning``)."""
        warnings.warn(
            "TableSession.hand_over is deprecated; use TableSession.is_between_hands",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._hand is None

    @property
    def state(self) -> HandState | None:
        """The hand in progress, else the last hand's final state (``None``
        before the first hand, or if hands are not kept)."""
        if self._hand is not None:
            return self._hand.driver.state
        return self._records[-1].state if self._records else None

    @property
    def to_act(self) -> int | None:
        """The external seat that must act now (:meth:`apply`), or ``None``."""
        return None if self._hand is None else self._hand.driver.to_act

    @property
    def held(self) -> tuple[int, Action] | None:
        """``(seat, action)`` held before an all-in run-out (``hold_run_out``),
        waiting for :meth:`release_run_out`; ``None`` when nothing is held."""
        return None if self._hand is None else self._hand.driver.held

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see of the hand in progress (or of the last
        hand, once it is over).

        Args:
            seat: A seat of the table.

        Returns:
            The seat's :class:`~pokerkit_core.engine.observation.Observation`,
            stamped with the hand number; ``legal`` is set when it is to act.

        Raises:
            InvalidConfigError: No hand has been dealt yet (or the last one
                was not kept), or ``seat`` is not a seat of the table.
        """
        if self._hand is not None:
            return self._hand.driver.observation(seat)
        state = self.state
        if state is None:
            raise InvalidConfigError("no hand to observe: start_hand() deals one")
        return observe(state, seat, hand_number=self._records[-1].hand_number)

    def next_positions(self) -> Positions:
        """Button and blind seats the next hand will use.

        Returns:
            The next hand's button and blind seats: :func:`first_positions`
            before the first hand, :func:`next_positions` under
            :attr:`TableConfig.button_rule` after that (a seat sitting out or
            empty counts as a seat without a player).

        Raises:
            InvalidConfigError: Fewer than two live seats (the session is
                over).

        References:
            docs/rules.rst section 5; Poker TDA rules (dead button).
        """
        if self._positions is None:
            return first_positions(self.live, button=self.config.button)
        return next_positions(self._positions, self.live, rule=self.config.button_rule)

    def next_game_config(self) -> GameConfig:
        """The :class:`~pokerkit_core.engine.rules.GameConfig` of the next hand.

        Returns:
            The settings :func:`~pokerkit_core.engine.state.deal` uses for the next
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
        return self._game_config(positions, blinds_of(self.config.blinds, self.hand_count + 1))

    def _game_config(self, positions: Positions, blinds: Blinds) -> GameConfig:
        live = self.live
        config = self.config
        small_blind_seat = positions.small_blind_posted_by(live)
        posters = 1 if small_blind_seat is None else 2
        return GameConfig(
            stacks=tuple(s if flag else 0 for s, flag in zip(self._stacks, live)),
            small_blind=blinds.small_blind,
            big_blind=blinds.big_blind,
            ante=blinds.ante,
            button=positions.button,
            small_blind_seat=small_blind_seat,
            big_blind_seat=positions.big_blind_seat,
            betting=config.betting,
            raise_cap=config.raise_cap,
            straddles=config.straddles_at(blinds.big_blind, sum(live) - posters),
            ante_rule=config.ante_rule,
            boards=config.boards,
        )

    # -- hands -----------------------------------------------------------

    def _hand_number_in_progress(self) -> int | None:
        return None if self._hand is None else self._hand.number

    def _begin(self) -> _Hand:
        """The hand in progress, or a newly dealt one."""
        if self._hand is not None:
            return self._hand
        if self.is_over:
            raise InvalidConfigError("the session is over")
        live = self.live
        positions = self.next_positions()
        number = self.hand_count + 1
        blinds = blinds_of(self.config.blinds, number)
        config = self._game_config(positions, blinds)
        self._hand = self._hand_from(number, self._next_deal_seed(), blinds, positions, config, live)
        return self._hand

    def _next_deal_seed(self) -> int:
        """The deal seed of the next hand dealt (:data:`DEAL_LABEL`)."""
        self._deals += 1
        if isinstance(self._decks, random.Random):  # restored from a version 1-3 snapshot
            return self._decks.getrandbits(64)
        return derive(self._decks, DEAL_LABEL, self._deals)

    def _hand_from(
        self,
        number: int,
        seed: int,
        blinds: Blinds,
        positions: Positions,
        config: GameConfig,
        live: tuple[bool, ...],
    ) -> _Hand:
        driver = HandDriver(
            deal(config, seed=seed),
            [p if flag else None for p, flag in zip(self._players, live)],
            hand_number=number,
            on_fault=self._faults.append,
            strict=self.config.strict,
            decision_timeout=self.decision_timeout,
            on_events=None if self._listener is None else self._events,
            hold_run_out=self.hold_run_out,
        )
        return _Hand(driver, number, seed, blinds, positions, config, live)

    def _events(self, state: HandState, new_events: tuple[Event, ...]) -> None:
        call_listener(self._listener, "events", state, new_events)

    def _announce(self, hand: _Hand) -> None:
        if not hand.announced:
            hand.announced = True
            state = hand.driver.state
            call_listener(self._listener, "hand_started", hand.number, state)
            if state.history:
                call_listener(self._listener, "events", state, tuple(state.history))

    def _record(self, hand: _Hand) -> HandRecord:
        """Record a finished hand (once) and carry its stacks over."""
        if hand.record is None:
            state = hand.driver.state
            start = hand.config.stacks
            final = tuple(state.stacks)
            busted = tuple(
                seat for seat, (s, f) in enumerate(zip(start, final)) if s > 0 and f == 0
            )
            if self.config.stack_mode is StackMode.RESET:
                busted = ()
            else:
                self._stacks = tuple(
                    f if flag else s for s, f, flag in zip(self._stacks, final, hand.live)
                )
            hand.record = HandRecord(
                hand_number=hand.number,
                blinds=hand.blinds,
                positions=hand.positions,
                starting_stacks=start,
                final_stacks=final,
                results=tuple(f - s for f, s in zip(final, start)),
                busted=busted,
                state=state if self.config.keep_hands else None,
            )
            self._positions = hand.positions
            self._records.append(hand.record)
        return hand.record

    def _conclude(self, hand: _Hand, late: PolicyError | None) -> HandRecord:
        """After the ``hand_ended`` hooks: tell the listener, close the hand."""
        record = self._record(hand)
        if not hand.done:
            hand.done = True
            self._hand = None
            call_listener(self._listener, "hand_ended", record)
        if late is not None:
            raise late
        return record

    def _refuse_external(self, what: str) -> None:
        """Refuse, before anything is dealt, a hand with an external seat."""
        live = self.live if self._hand is None else self._hand.live
        seats = zip(self._players, live)
        external = [s for s, (p, live) in enumerate(seats) if live and p is None]
        if not external:
            return
        seat = external[0]
        raise InvalidConfigError(
            f"seat {seat} is an external player: {what} is for tables of computer players; "
            "drive this hand with start_hand() and apply()"
        )

    @playing("play_hand")
    def play_hand(self) -> HandRecord:
        """Deal and play one hand to its end (every dealt-in seat a computer
        player), or finish the interrupted hand in progress.

        The blind source is asked once, for this hand, before the deal.

        Returns:
            The hand's record (also appended to :attr:`records`).

        Raises:
            InvalidConfigError: The session is already over; the blind
                source fails, returns something that is not a
                :class:`Blinds` or gives amounts the game refuses; or an
                external player is dealt in.
            PolicyError: With ``strict``, a policy returned an illegal
                action, went over the time limit or raised in ``decide`` or
                ``hand_started`` (the hand stays in progress: not recorded,
                stacks unchanged), or raised in ``hand_ended`` (raised after
                the hand is recorded and every hook has run).
            StopSession: A policy ended the session; a hand in progress stays
                on the session (from ``hand_ended`` it is already recorded).
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        return self._play_hand()

    def _play_hand(self) -> HandRecord:
        self._refuse_external("play_hand")
        return self._recorded(self._go(self._begin(), deal=True, whole=True))

    @playing("play_hand_async")
    async def play_hand_async(self) -> HandRecord:
        """:meth:`play_hand` in an event loop: ``async def decide`` (and
        async hooks) are awaited, each under ``decision_timeout``.

        A plain (synchronous) ``decide`` runs in the loop as it is and cannot
        be interrupted (a late answer is a time-out fault); run a bot that
        may hang with an async ``decide`` or in another process.

        Returns and raises as :meth:`play_hand`.
        """
        self._refuse_external("play_hand_async")
        return self._recorded(await self._go_async(self._begin(), deal=True, whole=True))

    @playing("run")
    def run(self) -> tuple[HandRecord, ...]:
        """Play hands until the session is over (all computer players).

        Returns:
            Every hand's record, first hand first.

        Raises:
            InvalidConfigError: As :meth:`play_hand`; or the stacks reset
                every hand and there is no ``max_hands`` nor ``max_seconds``
                (it would never end: :attr:`TableConfig.is_endless`).
            PolicyError: With ``strict``, a policy failed.
            StopSession: A policy ended the session.
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        if self.config.is_endless:
            raise InvalidConfigError("run(): a StackMode.RESET table needs max_hands or max_seconds")
        while not self.is_over:
            self._play_hand()
        close_all(self._owned)
        return self.records

    def _isolated(
        self, seats: tuple[Policy | None, ...], timeout: float | None
    ) -> tuple[Policy | None, ...]:
        """Each policy behind an :class:`IsolatedPolicy` (started and ready)."""
        started: list[IsolatedPolicy] = []
        try:
            for policy in seats:
                if policy is not None and not isinstance(policy, IsolatedPolicy):
                    started.append(IsolatedPolicy(policy, decision_timeout=timeout))
            for proxy in started:
                proxy.wait_ready()
        except BaseException:
            close_all(started)
            raise
        self._owned.extend(started)
        owned = iter(started)
        return tuple(
            p if p is None or isinstance(p, IsolatedPolicy) else next(owned) for p in seats
        )

    def _seated(self, player: Policy) -> Policy:
        """A player seated by :meth:`fill` is isolated like the first ones."""
        if not self.config.isolate:
            return player
        return self._isolated((player,), self.decision_timeout)[0] or player

    def _unseated(self, player: Policy | None) -> None:
        """A player who leaves an isolated table: its process ends now."""
        if isinstance(player, IsolatedPolicy) and player in self._owned:
            self._owned.remove(player)
            close_all((player,))

    def close(self) -> None:
        """End the policy processes this session started (``isolate``).

        Idempotent; a closed session's isolated seats check or fold.

        Raises:
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        self._refuse_busy("close")
        close_all(self._owned)

    def __enter__(self) -> "TableSession":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the one sequence, in a plain loop and in an event loop ------------

    def _go(self, hand: _Hand, *, deal: bool, whole: bool = False) -> _Hand:
        """Let the computer seats play ``hand`` as far as they can: (``deal``)
        its ``hand_started`` hooks and the listener's news of the deal, then
        their decisions; once it is over (``whole``: it must be), its
        ``hand_ended`` hooks and its record."""
        driver = hand.driver
        if deal:
            driver.start()
            self._announce(hand)
        driver.advance()
        if whole or driver.is_over:
            self._conclude(hand, driver.finish())
        return hand

    async def _go_async(self, hand: _Hand, *, deal: bool, whole: bool = False) -> _Hand:
        """:meth:`_go`, awaiting async policies (the driver's async loop)."""
        driver = hand.driver
        if deal:
            await driver.start_async()
            self._announce(hand)
        await driver.advance_async()
        if whole or driver.is_over:
            self._conclude(hand, await driver.finish_async())
        return hand

    @staticmethod
    def _recorded(hand: _Hand) -> HandRecord:
        assert hand.record is not None  # (_conclude recorded it)
        return hand.record

    @playing("start_hand")
    def start_hand(self) -> HandState:
        """Deal the next hand (or resume the one in progress) and let the
        computer seats act until an external seat must act or the hand ends.

        Returns:
            The hand now: :attr:`to_act` names the external seat to act, or
            the hand is over (then already recorded; :attr:`is_between_hands`).

        Raises:
            InvalidConfigError: The session is over, or the blind source
                fails.
            PolicyError: With ``strict``, a policy failed.
            StopSession: A policy ended the session.
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        return self._go(self._begin(), deal=True).driver.state

    @playing("start_hand_async")
    async def start_hand_async(self) -> HandState:
        """:meth:`start_hand`, awaiting async policies (as
        :meth:`play_hand_async`); returns and raises as :meth:`start_hand`."""
        return (await self._go_async(self._begin(), deal=True)).driver.state

    def _hand_in_progress(self) -> _Hand:
        hand = self._hand
        if hand is None:
            raise HandOverError("no hand in progress: start_hand() deals the next one")
        return hand

    @playing("apply")
    def apply(self, seat: int, action: Action) -> HandState:
        """Play an external seat's action, then let the computer seats act
        until an external seat must act or the hand ends.

        Args:
            seat: The external seat to act (:attr:`to_act`).
            action: Its action (raise-to totals, chips).

        Returns:
            The hand now (see :meth:`start_hand`).

        Raises:
            HandOverError: No hand is in progress.
            NotYourTurnError: It is not ``seat``'s turn (``err.to_act``
                names whose it is); nothing changes.
            IllegalActionError: ``action`` is not an ``Action`` or not legal
                (``err.legal`` lists what is); nothing changes.
            InvalidConfigError: ``seat`` is not a seat of the table.
            PolicyError: With ``strict``, a policy failed afterwards.
            StopSession: A policy ended the session.
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        hand = self._hand_in_progress()
        hand.driver.apply(seat, action)
        return self._go(hand, deal=False).driver.state

    @playing("apply_async")
    async def apply_async(self, seat: int, action: Action) -> HandState:
        """:meth:`apply`, awaiting async policies afterwards; returns and
        raises as :meth:`apply`."""
        hand = self._hand_in_progress()
        hand.driver.apply(seat, action)
        return (await self._go_async(hand, deal=False)).driver.state

    @playing("release_run_out")
    def release_run_out(self, boards: int) -> HandState:
        """Play the action :attr:`held` before the run-out, running the
        board out ``boards`` times (1 or 2), and end the hand (recorded).

        Returns:
            The hand now (see :meth:`start_hand`).

        Raises:
            HandOverError: No hand is in progress, or no action is held.
            InvalidConfigError: ``boards`` is not 1 or 2, or above the
                hand's ``boards``; nothing changes.
            PolicyError: With ``strict``, a policy's ``hand_ended`` failed.
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        hand = self._hand_in_progress()
        hand.driver.release_run_out(boards)
        return self._go(hand, deal=False).driver.state

    @playing("release_run_out_async")
    async def release_run_out_async(self, boards: int) -> HandState:
        """:meth:`release_run_out`, awaiting async hooks; returns and
        raises as :meth:`release_run_out`."""
        hand = self._hand_in_progress()
        hand.driver.release_run_out(boards)
        return (await self._go_async(hand, deal=False)).driver.state

    @playing("time_out")
    def time_out(self, seat: int) -> HandState:
        """The external seat to act ran out of time: record a time-out fault
        and play its default action (check if legal, else fold), then let the
        computer seats act.

        Args:
            seat: The external seat to act.

        Returns:
            The hand now (see :meth:`start_hand`).

        Raises:
            HandOverError: No hand is in progress.
            NotYourTurnError: It is not ``seat``'s turn.
            InvalidConfigError: ``seat`` is not a seat of the table.
            PolicyError: With ``strict``, a policy failed afterwards.
            StopSession: A policy ended the session.
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        hand = self._hand_in_progress()
        hand.driver.time_out(seat)
        return self._go(hand, deal=False).driver.state

    @playing("time_out_async")
    async def time_out_async(self, seat: int) -> HandState:
        """:meth:`time_out`, awaiting async policies afterwards; returns and
        raises as :meth:`time_out`."""
        hand = self._hand_in_progress()
        hand.driver.time_out(seat)
        return (await self._go_async(hand, deal=False)).driver.state

    def abandon_hand(self) -> None:
        """Drop the hand in progress (interrupted or waiting for an external
        seat): it is not recorded and the stacks stay as they were before it;
        the next hand is dealt from the next deck.

        Raises:
            HandOverError: No hand is in progress.
            SessionBusyError: Called inside another playing call; nothing changes.
        """
        self._refuse_busy("abandon_hand")
        hand = self._hand_in_progress()
        if hand.record is not None:  # already recorded: only hooks were pending
            hand.done = True
        self._hand = None

    # -- save and restore -------------------------------------------------

    def snapshot(
        self, *, encode_state: Callable[[HandState], Any] | None = None
    ) -> dict[str, Any]:
        """The whole session as plain data (dicts, lists, ints, floats,
        strings, bools, ``None``) that :func:`json.dumps` writes as it is.

        It holds the settings (:func:`~pokerkit_core.tables.data.config_data`),
        each seat's chips and :class:`SeatState`, which seats are external,
        the last positions, the session's seed and the number of hands dealt
        (``"seed"``, ``"deals"``; a session restored from a snapshot older
        than version 4: its deck generator's state, ``"rng"``), the wall
        time so far, every record and fault, and the hand in progress if any
        (its deal seed and the actions played, as text such as ``"r 300"``),
        each seat's policy state (``state_to_dict()``,
        docs/serialization.rst), under ``"format"`` / ``"version"``
        (:data:`~pokerkit_core.tables.data.SNAPSHOT_VERSION`).
        :meth:`restore` rebuilds a session that deals exactly the hands this
        one would.  A hand whose ``hand_ended`` hooks were interrupted counts
        as finished.

        A snapshot is a secret: its seed (as the generator's state before
        it) gives every deck the session will deal.  Keep it where the
        players cannot read it, as the session itself.

        Args:
            encode_state: Encodes the records' kept final states (e.g. a JSON
                codec's ``to_dict``); without it they are left out.

        Returns:
            The snapshot.

        Raises:
            InvalidConfigError: The session's ``clock`` returned something
                that is not a number.
            PolicyError: A policy's ``state_to_dict()`` raised or returned
                something that is not a dict.
        """
        return session_snapshot(self, encode_state)

    @classmethod
    def restore(
        cls,
        snapshot: object,
        players: Sequence[Policy | None],
        *,
        blinds: BlindSource | None = None,
        listener: object | None = None,
        clock: Callable[[], float] = time.monotonic,
        decode_state: Callable[[Any], HandState] | None = None,
        hold_run_out: bool = False,
    ) -> TableSession:
        """A session rebuilt from :meth:`snapshot`, going on where it stopped.

        It deals the same next hands as the saved session (from the saved
        seed and number of hands dealt, or for a snapshot older than
        version 4 from its deck generator's state); a hand that was in
        progress is dealt again from its seed and replayed to where it was
        (the policies' ``hand_started`` hooks are not called again).  Each saved policy
        state goes into the given policy of the same ``name`` that has
        ``state_from_dict()`` (docs/serialization.rst).

        Args:
            snapshot: What :meth:`snapshot` returned (e.g. after a JSON round
                trip).
            players: One entry per seat, as for the constructor: a policy or
                ``None`` (external, or an empty seat).
            blinds: The blind source, needed when it was not a
                :class:`Blinds` (e.g. a tournament schedule).
            listener: Optional :class:`TableListener`.
            clock: Wall clock, seconds (the time already played counts).
            decode_state: Decodes the records' states (inverse of the
                ``encode_state`` given to :meth:`snapshot`).

        Returns:
            The restored session.

        Raises:
            InvalidConfigError: A snapshot field missing, of the wrong type or
                inconsistent (the message names it), ``players`` not one per
                seat or a policy at an empty seat, or a pending hand that
                does not replay, or a policy state its policy refuses
                (every given policy is then left unchanged).
            PolicyError: A player that is not a policy, or a policy's
                ``state_from_dict()`` raised something else.
        """
        return restore_session(
            cls, snapshot, players, blinds=blinds, listener=listener, clock=clock,
            decode_state=decode_state, hold_run_out=hold_run_out,
        )
