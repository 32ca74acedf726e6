"""The one hand driver: one way to ask players, one fault record, one default
action, time limits (sync and async), step use."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bots import CallBot
from pokerkit_core.engine.actions import Action, Call, Check, Fold, Raise
from pokerkit_core.players.driver import FaultKind, HandDriver, PolicyFault, default_action
from pokerkit_core.errors import DecisionTimeout, InvalidConfigError, PolicyError
from pokerkit_core.match.runner import MatchFault, play_hand, run_match
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import deal
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

HEADS_UP = GameConfig.no_limit(players=2, stack=1000)


def faults_of(policy: object, *, seed: int = 1, **kwargs: Any) -> list[PolicyFault]:
    found: list[PolicyFault] = []
    HandDriver(
        deal(HEADS_UP, seed=seed), [policy, CallBot()], hand_number=1, on_fault=found.append, **kwargs
    ).play()
    return found


class Raises(CallBot):
    def decide(self, observation: Observation) -> Action:
        raise ValueError("boom")


class Forger(CallBot):
    def decide(self, observation: Observation) -> Action:
        action = Raise(300)
        object.__setattr__(action, "to", 300.5)
        return action


class ProxyTimesOut(CallBot):
    """What a process-isolation proxy does when its bot does not answer."""

    def decide(self, observation: Observation) -> Action:
        raise DecisionTimeout("the bot did not answer within 2 s", 2.0)


class Inspector(CallBot):
    """Keeps what it is given."""

    def __init__(self) -> None:
        self.seen: list[tuple[object, ...]] = []

    def hand_started(self, *args: object) -> None:
        self.seen.append(args)

    def decide(self, *args: object) -> Action:
        self.seen.append(args)
        return super().decide(*args)  # type: ignore[arg-type]

    def hand_ended(self, *args: object) -> None:
        self.seen.append(args)


def test_default_action_checks_when_free_else_folds() -> None:
    state = deal(HEADS_UP, seed=1)
    assert default_action(state.legal_actions()) is Fold  # facing the big blind
    state = state.act(Call)
    assert default_action(state.legal_actions()) == Check


def test_a_policy_is_given_only_its_observation() -> None:
    spy = Inspector()
    HandDriver(deal(HEADS_UP, seed=2), [spy, CallBot()], hand_number=4).play()
    assert spy.seen
    for args in spy.seen:
        assert isinstance(args[0], Observation) and args[0].seat == 0 and args[0].hand_number == 4
        assert all(not hasattr(a, "deck") for a in args)
    assert len(spy.seen[-1]) == 2 and isinstance(spy.seen[-1][1], tuple)  # hand_ended results


def test_one_fault_text_and_kind_per_fault() -> None:
    (raised,) = faults_of(Raises())
    assert raised == PolicyFault(1, 0, "decide raised ValueError: boom", FaultKind.RAISED, "fold")
    (forged,) = faults_of(Forger())  # refused when forged, or the forging itself fails
    assert forged.kind in (FaultKind.ILLEGAL, FaultKind.RAISED) and forged.substitute == "fold"
    (late,) = faults_of(ProxyTimesOut())
    assert late.kind is FaultKind.TIMEOUT and "did not answer" in late.message
    assert late.substitute == "fold"


def test_match_and_table_record_the_same_fault_text() -> None:
    table = TableSession(
        TableConfig(stacks=(1000, 1000), blinds=Blinds(50, 100), max_hands=1), [Raises(), CallBot()]
    )
    table.run()
    seen: list[tuple[int, str, str]] = []
    play_hand(GameConfig.acpc_heads_up(), [Raises(), CallBot()], seed=1, on_fault=lambda *f: seen.append(f))
    assert table.faults[0].message == seen[0][1] == "decide raised ValueError: boom"
    assert MatchFault is PolicyFault
    result = run_match([lambda seed: Raises(), "call"], hands=2, seed=1)
    assert result.errors[0].message == "decide raised ValueError: boom"
    assert result.errors[0].player == 0 and result.errors[0].hand == 0


def test_a_late_sync_answer_is_discarded() -> None:
    ticks = iter(range(0, 1000, 5))  # every clock reading is 5 s after the last
    (late, *_) = faults_of(CallBot(), decision_timeout=2, clock=lambda: next(ticks))
    assert late.kind is FaultKind.TIMEOUT and late.message == "decide took longer than 2 s"
    with pytest.raises(InvalidConfigError, match="decision_timeout"):
        HandDriver(deal(HEADS_UP, seed=1), [CallBot(), CallBot()], decision_timeout=0)


def test_strict_mode_with_a_hostile_name_raises_policy_error() -> None:
    class Nameless(Raises):
        @property
        def name(self) -> str:  # type: ignore[override]
            raise RuntimeError("no name")

    with pytest.raises(PolicyError, match="policy '<Nameless>' at seat 0 failed in hand 1"):
        faults_of(Nameless(), strict=True)


class SlowAsync:
    """An async bot that takes far too long, every time."""

    name = "slow"

    async def decide(self, observation: Observation) -> Action:
        await asyncio.sleep(3600)
        raise AssertionError("never reached")  # pragma: no cover


class QuickAsync(CallBot):
    async def decide(self, observation: Observation) -> Action:  # type: ignore[override]
        await asyncio.sleep(0)
        return super().decide(observation)


def test_a_slow_async_bot_is_timed_out_and_the_table_goes_on() -> None:
    config = TableConfig(stacks=(1000, 1000, 1000), blinds=Blinds(5, 10), max_hands=3)
    session = TableSession(
        config, [SlowAsync(), QuickAsync(), CallBot()], seed=3, decision_timeout=0.3
    )

    async def main() -> None:
        while not session.is_over:
            await session.play_hand_async()

    asyncio.run(main())
    assert session.hand_count == 3
    slow = [f for f in session.faults if f.seat == 0]
    assert slow and all(f.kind is FaultKind.TIMEOUT for f in slow)
    assert all(f.message == "decide took longer than 0.3 s" for f in slow)
    assert all(f.seat == 0 for f in session.faults)
    assert sum(session.stacks) == 3000


def test_async_bots_at_a_sync_table() -> None:
    config = TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), max_hands=2)
    session = TableSession(config, [QuickAsync(), CallBot()], seed=3)
    session.run()
    assert session.hand_count == 2 and session.faults == ()

    # inside a running event loop a sync table cannot run an async decide:
    # a fault (the default action is played), pointing to the async driver
    inside = TableSession(config, [QuickAsync(), CallBot()], seed=3)

    async def main() -> None:
        inside.play_hand()

    asyncio.run(main())
    assert inside.faults and "play_hand_async" in inside.faults[0].message


def test_hooks_run_once_per_hand_even_when_interrupted() -> None:
    class Counting(CallBot):
        def __init__(self) -> None:
            self.started = self.ended = self.decisions = 0

        def hand_started(self, observation: Observation) -> None:
            self.started += 1

        def decide(self, observation: Observation) -> Action:
            self.decisions += 1
            if self.decisions == 1:
                raise KeyboardInterrupt
            return super().decide(observation)

        def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
            self.ended += 1

    bot = Counting()
    driver = HandDriver(deal(HEADS_UP, seed=5), [bot, CallBot()])
    with pytest.raises(KeyboardInterrupt):
        driver.advance()
    assert driver.actions == () and not driver.is_over
    assert driver.play().is_over
    assert (bot.started, bot.ended) == (1, 1) and driver.is_finished


def test_the_acpc_client_answers_each_state_once_through_the_driver() -> None:
    from pokerkit_core.formats.acpc_net import AcpcClient

    class Counting(CallBot):
        calls = 0

        def decide(self, observation: Observation) -> Action:
            self.calls += 1
            return super().decide(observation)

    bot = Counting()
    client = AcpcClient(bot)
    # position 0 checks the big blind; it is also first to act on the flop,
    # but the dealer sends that state next: one decision per state
    assert client.respond("MATCHSTATE:0:3:c:7d3d|") == "MATCHSTATE:0:3:c:7d3d|:c"
    assert bot.calls == 1 and client.faults == []

    client = AcpcClient(Raises())
    assert client.respond("MATCHSTATE:0:3:c:7d3d|") == "MATCHSTATE:0:3:c:7d3d|:c"
    assert client.faults == ["hand 3: decide raised ValueError: boom"]


class _Plays:
    """Returns the same (possibly forged) value at every decision."""

    name = "plays"

    def __init__(self, value: object) -> None:
        self.value = value

    def decide(self, observation: Observation) -> object:
        return self.value


def test_forged_actions_are_illegal_faults_and_never_recorded() -> None:
    from pokerkit_core.engine.actions import ActionKind

    class Chips(int):
        pass

    forged = [
        tuple.__new__(Action, (ActionKind.RAISE, 300.5)),
        tuple.__new__(Action, (ActionKind.CALL, 0.0)),  # act itself ignores a call's amount
        tuple.__new__(Action, (ActionKind.CALL, Chips(0))),
        tuple.__new__(Action, (ActionKind.RAISE, Chips(300))),
        tuple.__new__(Action, ("raise", 300)),
        tuple.__new__(Action, (ActionKind.CHECK, 5)),
    ]
    for value in forged:
        faults: list[PolicyFault] = []
        state = deal(GameConfig.no_limit(players=2, stack=1_000), seed=3)
        hand = HandDriver(state, [_Plays(value), _Plays(value)], on_fault=faults.append)
        hand.play()
        assert faults and {f.kind for f in faults} == {FaultKind.ILLEGAL}, value
        assert all(a in (Check, Fold) for a in hand.actions)
        assert all(a[1].__class__ is int and a[0].__class__ is ActionKind for a in hand.actions)
    legal = HandDriver(deal(GameConfig.no_limit(players=2, stack=1_000), seed=3), [_Plays(Raise(300)), CallBot()])
    legal.play()
    assert legal.actions[:2] == (Raise(300), Call)  # a genuine action is played as it is


def test_next_call_and_answer_play_the_hand_play_would() -> None:
    from cheaters import Hooked

    state = deal(GameConfig.no_limit(players=3, stack=1_000), seed=11)
    players = [Hooked(), load_policy("random", seed=2), load_policy("call", seed=3)]
    played = HandDriver(state, [Hooked(), load_policy("random", seed=2), load_policy("call", seed=3)]).play()
    hand = HandDriver(state, players)
    calls = []
    while (call := hand.next_call()) is not None:
        seat, name = call
        calls.append(call)
        if name == "decide":
            hand.answer(seat, name, players[seat].decide(hand.observation(seat)))
        else:
            hand.answer(seat, name)
    assert hand.state.history == played.history
    assert calls[0] == (0, "hand_started") and calls[-1] == (0, "hand_ended")


def test_answer_refuses_a_call_not_asked_and_changes_nothing() -> None:
    state = deal(GameConfig.no_limit(players=2, stack=1_000), seed=4)
    hand = HandDriver(state, [load_policy("call", seed=1), load_policy("call", seed=2)])
    seat, name = hand.next_call() or (None, None)
    assert name == "decide"
    for bad_seat, bad_call in ((1 - seat, "decide"), (seat, "think"), (seat, "hand_ended")):
        with pytest.raises(InvalidConfigError, match="answer"):
            hand.answer(bad_seat, bad_call, Check)
        assert hand.state is state and hand.actions == ()


class FromState(CallBot):
    """The remote-policy protocol: asked through ``decide_state``, never
    ``decide`` (what an isolation proxy does, without the process)."""

    def __init__(self) -> None:
        self.asked: list[tuple[int | None, int, int | None]] = []

    def decide(self, observation: Observation) -> Action:
        raise AssertionError("decide_state is asked instead")

    def decide_state(self, state: Any, seat: int, hand_number: int | None) -> Action:
        self.asked.append((state.to_act, seat, hand_number))
        from pokerkit_core.engine.state import legal_actions

        return Call if legal_actions(state).can_call else Check


def test_a_policy_with_decide_state_is_asked_through_it_sync_and_async() -> None:
    """Any policy may implement the remote-policy protocol (not only
    IsolatedPolicy): the plain and the async loop both ask it with the
    state, its seat and the hand number, and play what it answers."""
    state = deal(HEADS_UP, seed=5)
    plain, awaited = FromState(), FromState()
    faults: list[PolicyFault] = []
    final = HandDriver(state, [CallBot(), plain], hand_number=7, on_fault=faults.append).play()
    again = asyncio.run(HandDriver(state, [CallBot(), awaited], hand_number=7).play_async())
    assert faults == [] and again.history == final.history
    assert plain.asked == awaited.asked
    assert plain.asked and all(asked == (1, 1, 7) for asked in plain.asked)
    assert len(plain.asked) == sum(1 for a in final.history if getattr(a, "seat", None) == 1
                                   and type(a).__name__ == "ActionTaken")


class Logged(CallBot):
    """Logs every call it gets."""

    def __init__(self, log: list[tuple[object, ...]]) -> None:
        self.log = log

    def hand_started(self, observation: Observation) -> None:
        self.log.append(("hand_started", observation.seat))

    def decide(self, observation: Observation) -> Action:
        self.log.append(("decide", observation.seat, len(observation.history)))
        return super().decide(observation)

    def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
        self.log.append(("hand_ended", observation.seat, tuple(results)))


class AsyncCall(CallBot):
    async def decide(self, observation: Observation) -> Action:  # type: ignore[override]
        return CallBot.decide(self, observation)


def test_the_plain_the_async_and_a_callers_loop_make_the_same_calls() -> None:
    """One logic (next_call / answer): play(), play_async() and a caller's
    own loop over next_call make the same calls in the same order, with the
    same faults, for hooks, a failing policy and an async one."""
    state = deal(GameConfig.no_limit(players=3, stack=1_000), seed=11)
    runs = []
    for style in ("plain", "async", "loop"):
        log: list[tuple[object, ...]] = []
        faults: list[PolicyFault] = []
        seated: list[Any] = [Logged(log), Raises(), AsyncCall()]
        hand = HandDriver(state, seated, hand_number=3, on_fault=faults.append)
        if style == "plain":
            hand.play()
        elif style == "async":
            asyncio.run(hand.play_async())
        else:
            while (call := hand.next_call()) is not None:
                seat, name = call
                view = hand.observation(seat)
                args = (view, hand.state.hand_results) if name == "hand_ended" else (view,)
                try:
                    value = getattr(seated[seat], name)(*args)
                    if asyncio.iscoroutine(value):
                        value = asyncio.run(value)
                except ValueError as exc:
                    hand.answer(seat, name, error=exc)
                else:
                    hand.answer(seat, name, value)
        runs.append((hand.actions, [(f.seat, f.kind, f.message) for f in faults], log))
    assert runs[0] == runs[1] == runs[2]
    actions, faults_seen, calls = runs[0]
    assert faults_seen and faults_seen[0][:2] == (1, FaultKind.RAISED)
    assert calls[0] == ("hand_started", 0) and calls[-1][0] == "hand_ended" and len(actions) > 2


def test_hold_run_out_holds_the_all_in_call_and_runs_the_boards_chosen() -> None:
    """A session with ``hold_run_out`` holds the call that starts the all-in
    run-out (a computer seat's too); released with 1 board or 2 from the same
    deal, the hole cards and the first board are the same, and a snapshot
    taken meanwhile holds it again."""
    from pokerkit_core.errors import HandOverError, NotYourTurnError

    finals = []
    for boards in (1, 2):
        session = TableSession(TableConfig(stacks=(300, 500), blinds=Blinds(5, 10), boards=2),
                               [None, CallBot()], seed=3, hold_run_out=True)
        session.start_hand()
        seat = session.to_act
        assert seat == 0
        with pytest.raises(HandOverError):
            session.release_run_out(1)  # nothing held yet
        session.apply(0, Action.parse("allin", session.observation(0).legal))
        assert session.held == (1, Call) and session.to_act is None  # the computer's call
        assert session.state is not None and session.state.board == () and not session.is_between_hands
        with pytest.raises(NotYourTurnError):
            session.apply(1, Call)
        again = TableSession.restore(session.snapshot(), [None, CallBot()], hold_run_out=True)
        assert again.held == session.held
        with pytest.raises(InvalidConfigError):
            session.release_run_out(3)
        session.release_run_out(boards)
        assert session.is_between_hands and session.hand_count == 1
        final = session.records[0].state or session.state
        assert final is not None and len(final.boards) == boards and final.config.boards == boards
        finals.append(final)
    assert finals[0].hole_cards == finals[1].hole_cards and finals[0].boards[0] == finals[1].boards[0]
