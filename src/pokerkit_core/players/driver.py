"""The one hand driver: the loop that asks players for their actions.

A :class:`HandDriver` plays one dealt hand between seats that are either
computer players (a :class:`~pokerkit_core.engine.policy.Policy`) or external players
(``None``: the application supplies their actions with :meth:`HandDriver.apply`,
for example from a web page or a chat).  Matches
(:func:`pokerkit_core.match.runner.play_hand`), table sessions
(:class:`pokerkit_core.tables.session.TableSession`) and the ACPC dealer all play their
hands through it, so every runner has:

- one way to ask a policy: its ``decide`` (and its optional ``hand_started``
  / ``hand_ended`` hooks) gets only its seat's
  :class:`~pokerkit_core.engine.observation.Observation`, never the engine state;
  ``decide`` may be a plain method or an ``async def``;
- one check of what a policy returns (an :class:`~pokerkit_core.engine.actions.Action`
  rebuilt from its fields, then :func:`~pokerkit_core.engine.state.act`);
- one fault record, :class:`PolicyFault`, with one wording per kind of fault,
  and one default action for a failed decision, :func:`default_action`
  (check if checking is legal, else fold);
- one per-decision time limit (``decision_timeout``, seconds): an ``async``
  decision is cancelled at the limit (:func:`asyncio.wait_for`); a plain
  decision cannot be interrupted in-process, so an answer that comes back late
  is discarded; a policy (or a proxy running it in another process) may also
  raise :class:`~pokerkit_core.errors.DecisionTimeout`.  Each is a
  :attr:`FaultKind.TIMEOUT` fault and the default action is played.

One logic, :meth:`HandDriver.next_call` / :meth:`HandDriver.answer`: the
question the hand needs next, and what to do with the answer.  Every playing
method is a loop over it: one plain loop (``play``, ``advance``, ``start``,
``finish``), one in an event loop (their ``_async`` twins), and a runner's
own (:mod:`pokerkit_core.match.lanes` asks many hands' questions at once).

Policies that run elsewhere (the remote-policy protocol): a policy that
defines ``decide_state(state, seat, hand_number)`` is asked through it
instead of ``decide`` (looked up once, when the driver is made), with the
engine state, the acting seat and the hand number, and no
:class:`~pokerkit_core.engine.observation.Observation` is built.  It is for a
proxy that sends on nothing but that seat's view
(:meth:`~pokerkit_core.players.isolation.IsolatedPolicy.decide_state`: the
policy itself runs in another process); a policy that runs in this process
must not define it (it would see the engine state, docs/rules.rst section 7).
Its hooks are called when :func:`~pokerkit_core.players.isolation.wants_hook`
says so (a :class:`~pokerkit_core.players.isolation.Remote` answers through
its public ``dead`` / ``ready`` / ``hooks``).

Three styles of use: ``play()`` (every seat a computer player),
``await play_async()``, and the step calls ``advance`` / ``apply`` /
``time_out`` / ``finish``:

>>> from pokerkit_core import GameConfig, deal
>>> from pokerkit_core.engine.policy import load_policy
>>> state = deal(GameConfig.no_limit(players=2, stack=1_000), seed=3)
>>> hand = HandDriver(state, [load_policy("call", seed=1), None])
>>> hand.advance().to_act, hand.to_act  # the computer limped: seat 1 (external) to act
(1, 1)
>>> from pokerkit_core import Check
>>> hand.apply(1, Check).to_act  # seat 1 checked; on the flop it acts first
1

Interruptions: an exception that is not a fault (:class:`StopSession`,
``KeyboardInterrupt``, ``asyncio.CancelledError``, an error of the caller's own
callbacks) leaves the driver exactly as it was before the interrupted call to
the policy; calling :meth:`HandDriver.advance` again asks the same seat again,
and each hook is called at most once per seat and hand.

References:
    docs/rules.rst section 7 (what a computer player may see); STYLE.md items 12
    and 14 (one loop that asks players; what a plug-in receives).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable, NamedTuple, Sequence

from ..engine.actions import Action, ActionKind, Check, default_action
from ..engine.rules import MAX_CHIPS
from ..engine.checks import describe_exception, policy_name, timeout_arg
from ..engine.dealing import seat_arg
from ..errors import (
    DecisionTimeout,
    HandOverError,
    IllegalActionError,
    InvalidConfigError,
    NotYourTurnError,
    PokerError,
    PolicyError,
    shown,
)
from ..engine.events import Event
from .faults import FaultKind, PolicyFault, StopSession
from .isolation import wants_hook
from ..engine.observation import Observation, observe
from ..engine.policy import Policy, method_of
from ..engine.state import HandState, act, legal_actions, replay_actions

__all__ = [
    "FaultKind",
    "PolicyFault",
    "StopSession",
    "HandDriver",
    "default_action",
]


_tuple_new = tuple.__new__
_STARTED, _DECIDE, _ENDED = 1, 2, 4  # the kinds of call, as a mask (HandDriver._next_call)
_EVERY = _STARTED | _DECIDE | _ENDED


class _Outcome(NamedTuple):
    """What one call to a policy gave: a value, an error, or a late answer
    (an immutable tuple, one per decision: cheaper to make than a frozen
    dataclass)."""

    value: object = None
    error: Exception | None = None
    late: bool = False


class HandDriver:
    """Plays one dealt hand: asks the computer seats, takes the external ones'
    actions from the application, handles every fault the same way.

    Args:
        state: The hand, as :func:`~pokerkit_core.engine.state.deal` returns it
            (or any state of it in progress).
        players: One entry per seat, seat 0 first: a policy (a computer
            player), or ``None`` for an external player (or a seat not dealt
            in: seats with a starting stack of 0 are never asked).
        hand_number: Number stamped on the observations and faults.
        on_fault: Called with each :class:`PolicyFault` as it happens.
        strict: Raise :class:`~pokerkit_core.errors.PolicyError` for a
            policy's fault instead of reporting it (a failed ``decide`` or
            ``hand_started`` at once; failed ``hand_ended`` hooks once every
            hook has run, see :meth:`finish`).
        decision_timeout: Most seconds one decision or hook may take
            (``None``: no limit).
        on_events: Called as ``on_events(state, new_events)`` after every
            action, with the events it added to the history.
        clock: Seconds for the time limit (tests pass a fake).
        hold_run_out: Hold an action that would start the run-out (every
            player still in all-in, or all but one, with board cards to
            come) instead of playing it: :attr:`held` names it, nobody is
            to act, and :meth:`release_run_out` plays it with the number
            of boards chosen then (run it twice asked at the all-in).  The
            hand should be dealt with ``config.boards`` 2: the first board
            is then the same whichever number is chosen.

    Raises:
        InvalidConfigError: ``state`` is not a ``HandState``, ``players``
            does not have one entry per seat, ``decision_timeout`` is not a
            positive number or ``None``, or ``clock`` is not callable.
        PolicyError: An entry that is neither ``None`` nor a policy (no
            callable ``decide``).
    """

    def __init__(
        self,
        state: HandState,
        players: Sequence[Policy | None],
        *,
        hand_number: int | None = None,
        on_fault: Callable[[PolicyFault], None] | None = None,
        strict: bool = False,
        decision_timeout: float | None = None,
        on_events: Callable[[HandState, tuple[Event, ...]], None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        hold_run_out: bool = False,
    ) -> None:
        if state.__class__ is not HandState:
            raise InvalidConfigError(f"expected a HandState, got {shown(state)}")
        seats = tuple(players)
        if len(seats) != state.config.seat_count:
            raise InvalidConfigError(
                f"{len(seats)} players for {state.config.seat_count} seats: give one per "
                "seat (None for an external player or an empty seat)"
            )
        # the remote-policy protocol (the module's "Policies that run
        # elsewhere"): looked up once; None for every other policy
        from_state: list[Callable[..., Any] | None] = []
        for seat, policy in enumerate(seats):
            if policy is None:
                from_state.append(None)
                continue
            if isinstance(policy, type) or not callable(getattr(policy, "decide", None)):
                raise PolicyError(f"seat {seat}: {shown(policy)} is not a policy")
            try:
                remote = getattr(policy, "decide_state", None)
            except Exception:  # noqa: BLE001 - a hostile __getattr__: as if missing
                remote = None
            from_state.append(remote if callable(remote) else None)
        self._timeout = timeout_arg("decision_timeout", decision_timeout)
        if not callable(clock):
            raise InvalidConfigError(f"clock must be callable, got {shown(clock)}")
        self._state = state
        self._players = seats
        self._from_state = from_state
        self._hooked = tuple(
            seat
            for seat, (policy, chips) in enumerate(zip(seats, state.config.stacks))
            if policy is not None and chips > 0
        )
        self.hand_number = hand_number
        self._on_fault = on_fault
        self._strict = bool(strict)
        self._on_events = on_events
        self._clock = clock
        self._actions: list[Action] = []
        self._started: set[int] = set()
        self._ended: set[int] = set()
        self._late: PolicyError | None = None
        self._hold = bool(hold_run_out)
        self._held: tuple[int, Action, HandState] | None = None

    # -- queries ---------------------------------------------------------

    @property
    def state(self) -> HandState:
        """The hand now."""
        return self._state

    @property
    def is_over(self) -> bool:
        """The hand has ended."""
        return self._state.is_over

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action played so far (substitutes included), first first."""
        return tuple(self._actions)

    @property
    def to_act(self) -> int | None:
        """The external seat to act now, or ``None`` (hand over, an action
        held before the run-out, or a computer seat's turn: :meth:`advance`
        plays it)."""
        seat = self._state.to_act
        if seat is None or self._players[seat] is not None or self._held is not None:
            return None
        return seat

    @property
    def held(self) -> tuple[int, Action] | None:
        """``(seat, action)`` held before the run-out (``hold_run_out``),
        waiting for :meth:`release_run_out`; ``None`` when nothing is held.
        :attr:`state` is the hand before that action."""
        return None if self._held is None else self._held[:2]

    def release_run_out(self, boards: int) -> HandState:
        """Play the held action, running the rest of the board out
        ``boards`` times (1 or 2).

        With two boards the hand goes on as dealt; with one, it is dealt
        again from the same cards with ``config.boards`` 1 (the same hole
        cards and first board: :func:`~pokerkit_core.engine.dealing.make_deal`)
        and every action replayed.

        Args:
            boards: 1 or 2, at most the deal's ``config.boards``.

        Returns:
            The hand after the action (over: the board was run out).

        Raises:
            HandOverError: No action is held.
            InvalidConfigError: ``boards`` is not 1 or 2, or above the
                deal's ``config.boards``; nothing changes.
        """
        if self._held is None:
            raise HandOverError("no action is held before a run-out")
        seat, action, following = self._held
        config = following.config
        if boards.__class__ is not int or not 1 <= boards <= min(2, config.boards):
            raise InvalidConfigError(f"boards must be 1 to {min(2, config.boards)}, got {shown(boards)}")
        if boards != config.boards:
            following = replay_actions(
                dataclasses.replace(config, boards=boards), _deal_order(self._state),
                [*self._actions, action],
            )
        self._held = None
        return self._moved(following, action)

    @property
    def is_finished(self) -> bool:
        """The hand is over and every ``hand_ended`` hook has been called."""
        return self.is_over and self._ended >= set(self._hooked)

    def is_external(self, seat: int) -> bool:
        """Whether ``seat`` is played by the application (no policy).

        Raises:
            InvalidConfigError: ``seat`` is not a seat of the table.
        """
        return self._players[seat_arg(seat, len(self._players))] is None

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (stamped with the hand number).

        Raises:
            InvalidConfigError: ``seat`` is not a seat of the table.
        """
        return observe(self._state, seat, hand_number=self.hand_number)

    def _computer_to_act(self) -> int | None:
        seat = self._state.to_act
        if seat is None or self._players[seat] is None or self._held is not None:
            return None
        return seat

    # -- the one place that calls a policy ------------------------------

    def _question(self, seat: int, call: str) -> tuple[Callable[..., Any] | None, tuple[object, ...]]:
        """The method that answers ``(seat, call)`` (``None``: the policy has
        none) and its arguments: the seat's view, or for a policy of the
        remote-policy protocol the state itself."""
        if call == "decide":
            method = self._from_state[seat]
            if method is not None:  # the remote-policy protocol: no Observation built here
                return method, (self._state, seat, self.hand_number)
            method = _method(self._players[seat], call)
            if method is None:
                return None, ()
            return method, (observe(self._state, seat, hand_number=self.hand_number),)
        method = _method(self._players[seat], call)
        return method, () if method is None else self._hook_args(seat, call)

    def _call(self, seat: int, call: str) -> _Outcome | None:
        """The policy's answer to ``(seat, call)`` (``None``: no such
        method), an ``async def``'s run to its end here."""
        method, args = self._question(seat, call)
        if method is None:
            return None
        started = self._clock() if self._timeout is not None else 0.0
        try:
            value = method(*args)
            if hasattr(value, "__await__"):
                value = _run_awaitable(value, self._timeout)
        except StopSession:
            raise
        except Exception as exc:  # a misbehaving player never stops the hand
            return self._answered(started, error=exc)
        return self._answered(started, value)

    async def _call_async(self, seat: int, call: str) -> _Outcome | None:
        """:meth:`_call`, an ``async def`` awaited under the time limit."""
        method, args = self._question(seat, call)
        if method is None:
            return None
        started = self._clock() if self._timeout is not None else 0.0
        try:
            value = method(*args)
            if hasattr(value, "__await__"):
                if self._timeout is None:
                    value = await value
                else:
                    import asyncio
                    value = await asyncio.wait_for(value, self._timeout)
        except StopSession:
            raise
        except Exception as exc:  # a misbehaving player never stops the hand
            return self._answered(started, error=exc)
        return self._answered(started, value)

    def _answered(
        self, started: float, value: object = None, error: Exception | None = None
    ) -> _Outcome:
        """A hook's answer; a late one, or a time-out error, is a time-out."""
        if error is not None:
            return _Outcome(error=error, late=isinstance(error, (DecisionTimeout, TimeoutError)))
        if self._timeout is None:
            return _tuple_new(_Outcome, (value, None, False))  # (_Outcome(value), without its __new__)
        if self._clock() - started > self._timeout:
            return _Outcome(late=True)
        return _Outcome(value)

    # -- faults and the one check of an action --------------------------

    def _fault(
        self,
        seat: int,
        kind: FaultKind,
        message: str,
        substitute: str,
        cause: BaseException | None,
        *,
        strict: bool | None = None,
    ) -> PolicyError | None:
        """Report a fault; with ``strict`` return the PolicyError to raise."""
        if self._strict if strict is None else strict:
            number = "?" if self.hand_number is None else self.hand_number
            error = PolicyError(
                f"policy {shown(policy_name(self._players[seat]))} at seat {seat} failed in "
                f"hand {number}: {message}"
            )
            error.__cause__ = cause
            return error
        if self._on_fault is not None:
            self._on_fault(PolicyFault(self.hand_number, seat, message, kind, substitute))
        return None

    def _problem(self, what: str, outcome: _Outcome) -> tuple[FaultKind, str] | None:
        """The fault kind and text of a failed call, or ``None``."""
        if outcome.late:
            if isinstance(outcome.error, DecisionTimeout):
                return FaultKind.TIMEOUT, f"{what} timed out: {describe_exception(outcome.error)}"
            return FaultKind.TIMEOUT, f"{what} took longer than {self._timeout:g} s"
        if outcome.error is not None:
            kind = FaultKind.RAISED if what == "decide" else FaultKind.HOOK
            return kind, f"{what} raised {describe_exception(outcome.error)}"
        return None

    def _settle(self, seat: int, outcome: _Outcome | None) -> HandState:
        """Play a policy's answer if it is a legal action, else fault + default."""
        state = self._state
        cause: BaseException | None = None
        problem: tuple[FaultKind, str] | None
        if outcome is None:  # no decide at all (it was deleted from the object)
            problem = (FaultKind.RAISED, "decide is missing")
        else:
            problem = self._problem("decide", outcome)
            cause = outcome.error
        if problem is None:
            assert outcome is not None
            value = outcome.value
            if value.__class__ is not Action:
                problem = (
                    FaultKind.NOT_AN_ACTION,
                    f"decide returned {shown(value)}, which is not an Action",
                )
            else:
                try:
                    chosen = _rebuilt(value)
                    return self._transition(act(state, chosen), chosen)
                except PokerError as exc:
                    problem = (
                        FaultKind.ILLEGAL,
                        f"decide returned an illegal action: {describe_exception(exc)}",
                    )
                    cause = exc
        substitute = default_action(legal_actions(state))
        error = self._fault(seat, problem[0], problem[1], _name(substitute), cause)
        if error is not None:
            raise error
        return self._transition(act(state, substitute), substitute)

    def _transition(self, following: HandState, action: Action) -> HandState:
        before = self._state
        if self._hold and self._held is None and _runs_out(before, following):
            seat = before.to_act
            assert seat is not None
            self._held = (seat, action, following)
            return before
        return self._moved(following, action)

    def _moved(self, following: HandState, action: Action) -> HandState:
        before = self._state
        self._state = following
        self._actions.append(action)
        if self._on_events is not None:
            self._on_events(following, tuple(following.history[len(before.history) :]))
        return following

    # -- hooks -----------------------------------------------------------

    def _hook_args(self, seat: int, hook: str) -> tuple[object, ...]:
        view = self.observation(seat)
        if hook == "hand_started":
            return (view,)
        return (view, self._state.hand_results or ())

    def _after_hook(self, seat: int, hook: str, outcome: _Outcome | None) -> PolicyError | None:
        if outcome is None:
            return None
        problem = self._problem(hook, outcome)
        if problem is None:
            return None
        return self._fault(seat, problem[0], problem[1], "", outcome.error)

    def _next_hook_seat(self, hook: str) -> int | None:
        """The next seat whose ``hook`` is due, marked as called (each hook
        runs at most once per seat and hand, even if interrupted; seats
        without it are skipped)."""
        done = self._started if hook == "hand_started" else self._ended
        for seat in self._hooked:
            if seat not in done:
                done.add(seat)
                policy = self._players[seat]
                if policy is not None and wants_hook(policy, hook):  # else no view to build
                    return seat
        return None

    # -- the one logic: next_call / answer -------------------------------

    def next_call(self) -> tuple[int, str] | None:
        """The next call the hand needs from a computer seat, for a runner
        that asks its players itself (for example many hands at once, each
        player's question sent together): ``(seat, "hand_started")``,
        ``(seat, "decide")`` or ``(seat, "hand_ended")``, in the order
        :meth:`play` makes them (:meth:`play` and every other playing method
        is a loop over this and :meth:`answer`); ``None`` once the hand is
        finished or an external seat must act.

        Answer it with :meth:`answer` before asking again.  A hook is
        marked as called when it is returned here (each hook runs at most
        once per seat and hand); ``decide`` is asked again until answered.
        The question is read from :attr:`state`, :attr:`hand_number`, and
        :meth:`observation` (for a hook, with ``state.hand_results``).
        """
        return self._next_call(_EVERY)

    def _next_call(self, calls: int) -> tuple[int, str] | None:
        """:meth:`next_call` among the kinds of call in ``calls`` (a mask of
        :data:`_STARTED`, :data:`_DECIDE`, :data:`_ENDED`)."""
        if calls & _STARTED and len(self._started) < len(self._hooked):
            seat = self._next_hook_seat("hand_started")
            if seat is not None:
                return seat, "hand_started"
        if calls & _DECIDE and self._held is None:
            seat = self._state.to_act
            if seat is not None and self._players[seat] is not None:
                return seat, "decide"
        if calls & _ENDED and self._state.is_over and len(self._ended) < len(self._hooked):
            seat = self._next_hook_seat("hand_ended")
            if seat is not None:
                return seat, "hand_ended"
        return None

    def answer(
        self, seat: int, call: str, value: object = None, error: Exception | None = None
    ) -> None:
        """Take the answer to :meth:`next_call`'s ``(seat, call)``: what the
        policy returned (``value``) or raised (``error``; a
        :class:`~pokerkit_core.errors.DecisionTimeout` is a time-out), handled
        as :meth:`advance` handles a policy's answer: an illegal or missing
        action, an error or a time-out is a fault and the default action
        plays (a hook's fault plays nothing).

        Raises:
            InvalidConfigError: ``(seat, call)`` is not a call
                :meth:`next_call` gave and that is still unanswered (an
                unknown call, a seat not to act, a hook not yet due); nothing
                changes.
            PolicyError: With ``strict``, the answer is a fault (for
                ``hand_ended``, kept for :meth:`finish` to return).
        """
        if call == "decide":
            if seat != self._computer_to_act():
                raise InvalidConfigError(
                    f"answer(): seat {shown(seat)} is not the computer seat to act "
                    f"({self._computer_to_act()})"
                )
        elif call not in ("hand_started", "hand_ended") or seat not in (
            self._started if call == "hand_started" else self._ended
        ):
            raise InvalidConfigError(
                f"answer(): {shown(call)} for seat {shown(seat)} was not asked by next_call() "
                "(calls: 'hand_started', 'decide', 'hand_ended')"
            )
        if error is None:
            outcome = _Outcome(value)
        else:
            outcome = _Outcome(error=error, late=isinstance(error, (DecisionTimeout, TimeoutError)))
        self._take(seat, call, outcome)

    def _take(self, seat: int, call: str, outcome: _Outcome | None) -> None:
        """Play an answer (``None``: the policy has no such method): a
        decision is settled; a failed ``hand_started`` is raised (with
        ``strict``), a failed ``hand_ended`` kept for :meth:`finish`."""
        if call == "decide":
            self._settle(seat, outcome)
            return
        failure = self._after_hook(seat, call, outcome)
        if call == "hand_ended":
            self._late = self._late or failure
        elif failure is not None:
            raise failure

    # -- the two loops over it: one plain, one in an event loop ----------

    def _drive(self, calls: int, once: bool = False) -> None:
        """Ask and answer every call in ``calls`` the hand needs now (with
        ``once``, stop after one decision)."""
        while (call := self._next_call(calls)) is not None:
            seat, name = call
            if name != "decide":
                self._take(seat, name, self._call(seat, name))
                continue
            calls &= ~_STARTED  # (a decision comes once every hand_started hook is called)
            self._settle(seat, self._call(seat, name))  # (_take's decide, with no detour)
            if once:
                return

    async def _drive_async(self, calls: int) -> None:
        """:meth:`_drive`, awaiting async policies under the time limit."""
        while (call := self._next_call(calls)) is not None:
            seat, name = call
            self._take(seat, name, await self._call_async(seat, name))

    # -- playing ---------------------------------------------------------

    def start(self) -> None:
        """Call each computer seat's ``hand_started`` hook (once per hand).

        Raises:
            PolicyError: With ``strict``, a hook failed.
            StopSession: A hook stopped play.
        """
        self._drive(_STARTED)

    async def start_async(self) -> None:
        """:meth:`start`, awaiting async hooks under the time limit.

        Raises:
            PolicyError: With ``strict``, a hook failed.
            StopSession: A hook stopped play.
        """
        await self._drive_async(_STARTED)

    def finish(self) -> PolicyError | None:
        """Call each computer seat's ``hand_ended`` hook (once per hand).

        Returns:
            With ``strict``, the first hook failure as a
            :class:`~pokerkit_core.errors.PolicyError` for the caller to
            raise once its own bookkeeping is done (every hook has run);
            otherwise ``None``.

        Raises:
            HandOverError: The hand is not over yet.
            StopSession: A hook stopped play (later hooks run on the next
                call).
        """
        self._check_over()
        self._drive(_ENDED)
        return self._late

    async def finish_async(self) -> PolicyError | None:
        """:meth:`finish`, awaiting async hooks (returns and raises as it).

        Returns:
            As :meth:`finish`.

        Raises:
            HandOverError: The hand is not over yet.
            StopSession: A hook stopped play.
        """
        self._check_over()
        await self._drive_async(_ENDED)
        return self._late

    def _check_over(self) -> None:
        if not self.is_over:
            raise HandOverError("the hand is not over: finish() is for a finished hand")

    def advance(self, *, once: bool = False) -> HandState:
        """Let the computer seats act until an external seat must act or the
        hand is over (calls :meth:`start` first if it has not run).

        Args:
            once: Play at most one decision (a client of a remote dealer
                answers one state at a time).

        Returns:
            The hand now.

        Raises:
            PolicyError: With ``strict``, a policy failed.
            StopSession: A policy stopped play (the hand stays as it was
                before that call; :meth:`advance` asks the same seat again).
        """
        self._drive(_STARTED | _DECIDE, once)
        return self._state

    async def advance_async(self) -> HandState:
        """:meth:`advance`, awaiting ``async def decide`` under the time limit.

        Returns:
            The hand now.

        Raises:
            PolicyError: With ``strict``, a policy failed.
            StopSession: A policy stopped play.
        """
        await self._drive_async(_STARTED | _DECIDE)
        return self._state

    def play(self) -> HandState:
        """Play the hand to its end (every seat a computer player) and call
        the ``hand_ended`` hooks.

        Returns:
            The final state.

        Raises:
            PolicyError: An external seat had to act (use :meth:`apply`), or
                with ``strict`` a policy failed.
            StopSession: A policy stopped play.
        """
        self.advance()
        self._refuse_external()
        late = self.finish()
        if late is not None:
            raise late
        return self._state

    async def play_async(self) -> HandState:
        """:meth:`play` in an event loop (see :meth:`advance_async`).

        Returns:
            The final state.

        Raises:
            PolicyError: An external seat had to act, or with ``strict`` a
                policy failed.
            StopSession: A policy stopped play.
        """
        await self.advance_async()
        self._refuse_external()
        late = await self.finish_async()
        if late is not None:
            raise late
        return self._state

    def _refuse_external(self) -> None:
        seat = self.to_act
        if seat is not None:
            raise PolicyError(
                f"seat {seat} has no policy (an external player): its actions must come "
                "through apply()"
            )

    def _check_turn(self, seat: object, action: object) -> int:
        state = self._state
        if state.is_over:
            raise HandOverError("the hand is over")
        if seat.__class__ is not int:
            seat = seat_arg(seat, len(self._players))
        elif not 0 <= seat < len(self._players):
            seat = seat_arg(seat, len(self._players))
        assert isinstance(seat, int)
        if self._held is not None:
            raise NotYourTurnError(action, seat, None, " (an action is held before the run-out)")
        if seat != state.to_act:
            raise NotYourTurnError(action, seat, state.to_act)
        if self._players[seat] is not None:
            raise NotYourTurnError(
                action, seat, state.to_act, " (a computer player's turn: advance() plays it)"
            )
        return seat

    def apply(self, seat: int, action: Action) -> HandState:
        """Play an external seat's action.

        Args:
            seat: The seat acting.
            action: Its action (amounts are raise-to totals, chips).

        Returns:
            The hand after the action (computer seats have not acted yet:
            call :meth:`advance`).

        Raises:
            HandOverError: The hand is over.
            InvalidConfigError: ``seat`` is not a seat of the table.
            NotYourTurnError: It is not ``seat``'s turn (``err.to_act``
                names whose it is), or the seat to act is a computer player.
            IllegalActionError: ``action`` is not an ``Action`` or not legal
                here (``err.legal`` lists what is); nothing changes.
        """
        seat = self._check_turn(seat, action)
        state = self._state
        if action.__class__ is not Action:
            raise IllegalActionError(
                action, legal_actions(state), f"{shown(action)} is not an Action"
            )
        chosen = _rebuilt(action)
        return self._transition(act(state, chosen), chosen)

    def replay(self, actions: Sequence[Action]) -> HandState:
        """Restore a hand in progress: play ``actions`` (as :attr:`actions`
        recorded them) for whoever is to act, asking no one; the
        ``hand_started`` hooks count as called.

        Args:
            actions: The actions played since the deal, first first.

        Returns:
            The hand after them.

        Raises:
            IllegalActionError: An action the hand refuses (the driver keeps
                the actions played before it).
            HandOverError: The hand ended before the last action.
        """
        self._started |= set(self._hooked)
        for action in actions:
            chosen = _rebuilt(action)
            self._transition(act(self._state, chosen), chosen)
        return self._state

    def time_out(self, seat: int, message: str | None = None) -> HandState:
        """An external seat ran out of time: record a time-out fault and play
        :func:`default_action` for it (never raised, even with ``strict``).

        Args:
            seat: The seat to act.
            message: The fault text (default ``"timed out"``).

        Returns:
            The hand after the default action.

        Raises:
            HandOverError: The hand is over.
            InvalidConfigError: ``seat`` is not a seat of the table.
            NotYourTurnError: It is not ``seat``'s turn, or a computer
                player's.
        """
        seat = self._check_turn(seat, None)
        substitute = default_action(legal_actions(self._state))
        text = "timed out" if message is None else str(message)
        self._fault(seat, FaultKind.TIMEOUT, text, _name(substitute), None, strict=False)
        return self._transition(act(self._state, substitute), substitute)


_method = method_of  # the one lookup of a policy's method


def _rebuilt(action: Action) -> Action:
    """``action`` if its fields are ones ``Action()`` accepts, else a fresh
    ``Action`` from them (its checks run again and refuse them: an action
    made with ``tuple.__new__`` skipped them; an ``Action`` is a tuple, so
    fields cannot be rewritten later)."""
    if action.__class__ is not Action:
        return Action(action.kind, action.to)
    kind, to = action
    if to.__class__ is int and kind.__class__ is ActionKind:
        if 0 < to <= MAX_CHIPS if kind is ActionKind.RAISE or kind is ActionKind.BET else to == 0:
            return action
    return Action(kind, to)


def _name(action: Action) -> str:
    return "check" if action == Check else "fold"


def _run_awaitable(value: Any, timeout: float | None) -> object:
    """Run an ``async def decide``'s coroutine from synchronous code."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        close = getattr(value, "close", None)
        if callable(close):
            close()
        raise PolicyError(
            "an async policy at a table driven inside an event loop: use the async "
            "driver (await play_hand_async())"
        )

    async def waited() -> object:
        return await asyncio.wait_for(value, timeout)

    return asyncio.run(waited())


def _runs_out(before: HandState, following: HandState) -> bool:
    """The action from ``before`` to ``following`` started the run-out:
    board cards still to come, and the hand over at once with two players
    or more still in (no more betting: every one of them all-in, or all but
    one)."""
    return (following.is_over and len(before.board) < 5 and len(following.board) == 5
            and following.folded.count(False) >= 2)


def _deal_order(state: HandState) -> list[int]:
    """The card codes ``state`` was dealt, in deal order (two per dealt-in
    seat in seat order, then five per board), as
    :func:`~pokerkit_core.engine.state.replay_actions` takes them."""
    codes = [card.code for cards in state.hole_cards if cards is not None for card in cards]
    return codes + [card.code for run in state._deal.boards for card in run]
