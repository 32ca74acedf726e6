"""Policies in their own process (pokerkit_core.players.isolation) and the runners'
``isolate`` option: same results as in-process, time limits, dead bots, and
cheating bots that gain nothing."""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

from pokerkit_core.engine.events import ActionTaken

from bots import CallBot
from cheaters import (
    ActionTamperer,
    BadFactory,
    CardForger,
    Dier,
    FramePeeker,
    GcPeeker,
    GlobalMirrorMemory,
    Hanger,
    HistoryEditor,
    Honest,
    Hooked,
    MirrorMemory,
    PipeWriter,
    Raiser,
    Sleeper,
)
from pokerkit_core.engine.actions import Action, ActionKind, Call, Check, Fold
from pokerkit_core.evaluation.cards import CARDS
from pokerkit_core.cli import main
from pokerkit_core.errors import IllegalActionError, InvalidConfigError, PolicyError
from pokerkit_core.players.isolation import PROCESS_NAME, IsolatedPolicy, close_all
from pokerkit_core.match.runner import MatchResult, run_match
from pokerkit_core.engine.observation import Observation, observe
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import act, deal
from pokerkit_core.tables.session import TableConfig, TableSession
from pokerkit_core.tables.tournament import TournamentConfig, run_tournament


def _numbers(result: MatchResult) -> list[tuple[int, float, tuple[float, float], int]]:
    return [(p.chips, p.mbb_per_hand, p.ci95, p.errors) for p in result.players]


def _policy_processes() -> list[Any]:
    return [p for p in multiprocessing.active_children() if p.name == PROCESS_NAME]


# -- the proxy ---------------------------------------------------------------


def test_proxy_answers_with_the_policys_action_and_closes() -> None:
    state = deal(GameConfig.acpc_heads_up(button=0), seed=3)
    with IsolatedPolicy("call") as policy:
        policy.wait_ready()
        assert policy.name == "call" and policy.is_alive
        pid = policy.pid
        assert policy.decide(observe(state, state.to_act or 0)) == Call
        state = act(state, Call)
        assert policy.decide(observe(state, state.to_act or 0)) == Check
    assert not policy.is_alive and policy.dead_reason == "closed"
    assert pid is not None and not _policy_processes()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    # A closed proxy plays the default action, without a fault.
    assert policy.decide(observe(state, state.to_act or 0)) == Check


def test_proxy_refuses_bad_options_and_specs() -> None:
    with pytest.raises(InvalidConfigError):
        IsolatedPolicy("call", decision_timeout=0)
    with pytest.raises(InvalidConfigError):
        IsolatedPolicy("call", decision_timeout=True)  # type: ignore[arg-type]
    with pytest.raises(PolicyError, match="importable module"):
        IsolatedPolicy(lambda seed=None: CallBot())
    policy = IsolatedPolicy(BadFactory)
    with pytest.raises(PolicyError, match="cannot build"):
        policy.wait_ready()
    policy = IsolatedPolicy("no-such-bot")
    with pytest.raises(PolicyError, match="no policy named"):
        policy.wait_ready()
    close_all([policy, None, CallBot()])


# -- matches -----------------------------------------------------------------


@pytest.mark.parametrize(
    "players, duplicate",
    [(["call", "raise"], False), (["random", "call"], True), (["raise", "random"], False)],
)
def test_isolated_match_gives_the_in_process_result(players: list[str], duplicate: bool) -> None:
    kwargs: dict[str, Any] = dict(hands=60, seed=11, duplicate=duplicate, chunk_deals=10)
    isolated = run_match(players, isolate=True, keep_hands=True, **kwargs)
    local = run_match(players, keep_hands=True, **kwargs)
    assert _numbers(isolated) == _numbers(local)
    assert [s.history for s in isolated.hand_states] == [s.history for s in local.hand_states]
    assert not _policy_processes()  # every child ended with the match


def test_isolated_match_with_worker_processes() -> None:
    kwargs: dict[str, Any] = dict(hands=40, seed=5, chunk_deals=10)
    assert _numbers(run_match(["random", "call"], isolate=True, workers=2, **kwargs)) == _numbers(
        run_match(["random", "call"], **kwargs)
    )


def test_hooks_run_in_the_child_and_their_faults_are_recorded() -> None:
    isolated = run_match([Hooked, "call"], hands=8, seed=2, isolate=True)
    local = run_match([Hooked, "call"], hands=8, seed=2)
    assert _numbers(isolated) == _numbers(local)
    assert [(f.hand, f.substitute) for f in isolated.errors] == [(2, "")]
    assert "ValueError: hook broke" in isolated.errors[0].message


def test_exception_in_the_child_is_a_fault_naming_it() -> None:
    result = run_match([Raiser, "call"], hands=4, seed=1, isolate=True)
    assert result.players[0].errors == len(result.errors) > 0
    assert all("RuntimeError: boom (in the policy's process)" in f.message for f in result.errors)
    assert {f.substitute for f in result.errors} <= {"check", "fold"}


def test_slow_decision_is_a_fault_and_the_match_goes_on() -> None:
    result = run_match([Sleeper, "call"], hands=6, seed=1, isolate=True, decision_timeout=1.0)
    assert [f.player for f in result.errors] == [0]
    fault = result.errors[0]
    assert "did not answer within 1 s" in fault.message and fault.substitute in ("check", "fold")
    assert result.hands == 6


def test_hung_bot_is_killed_and_replaced_by_the_default_action() -> None:
    result = run_match([Hanger, "call"], hands=6, seed=1, isolate=True, decision_timeout=0.3)
    messages = [f.message for f in result.errors]
    assert len(messages) == 2, messages  # the time-out, then the kill; nothing after
    assert "did not answer within 0.3 s" in messages[0]
    assert "after a time-out" in messages[1] and "default action" in messages[1]
    assert not _policy_processes()


def test_dead_bot_is_replaced_by_the_default_action() -> None:
    result = run_match([Dier, "call"], hands=10, seed=1, isolate=True, keep_hands=True)
    assert len(result.errors) == 1 and "exit code 3" in result.errors[0].message
    # From then on it checks or folds: it never calls a bet again.
    assert result.players[0].chips < 0


def test_match_refuses_bad_isolation_options() -> None:
    with pytest.raises(InvalidConfigError, match="needs isolate=True"):
        run_match(["call", "call"], hands=2, decision_timeout=1.0)
    with pytest.raises(InvalidConfigError):
        run_match(["call", "call"], hands=2, isolate=True, decision_timeout=-1)
    with pytest.raises(InvalidConfigError):
        run_match(["call", "call"], hands=2, isolate=1)  # type: ignore[arg-type]
    with pytest.raises(PolicyError, match="no policy named"):
        run_match(["call", "nobody"], hands=2, isolate=True)
    with pytest.raises(PolicyError, match="cannot build"):
        run_match([BadFactory, "call"], hands=2, isolate=True)
    assert not _policy_processes()


def test_match_command_isolated(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["match", "random", "call", "--hands", "20", "--seed", "3", "--json"]
    assert main(args + ["--isolate", "--decision-timeout", "5"]) == 0
    isolated = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)
    assert isolated["players"] == local["players"]
    assert main(["match", "call", "call", "--hands", "2", "--decision-timeout", "1"]) == 2
    assert "needs isolate" in capsys.readouterr().err


# -- duplicate mode: fresh policies for the mirrored pass ---------------------


def test_mirrored_pass_gets_fresh_policies() -> None:
    """A bot that remembers its cards from pass 1 (on the instance) knows
    nothing in pass 2: it plays as ``call`` there, and call against call
    breaks exactly even in duplicate."""
    result = run_match([MirrorMemory, "call"], hands=400, seed=9, duplicate=True)
    assert result.players[0].chips == 0


def test_process_memory_survives_fresh_instances_but_not_isolation() -> None:
    kwargs: dict[str, Any] = dict(hands=400, seed=9, duplicate=True)
    cheat = run_match([GlobalMirrorMemory, "call"], **kwargs)
    assert cheat.players[0].mbb_per_hand > 1000  # in one process it works ...
    isolated = run_match([GlobalMirrorMemory, "call"], isolate=True, **kwargs)
    assert isolated.players[0].chips == 0  # ... each pass in its own process: nothing


# -- cheating bots -------------------------------------------------------------


@pytest.mark.parametrize("cheater", [FramePeeker, GcPeeker])
def test_peeking_at_the_engine_gains_nothing_isolated(cheater: Any) -> None:
    kwargs: dict[str, Any] = dict(hands=100, seed=4)
    baseline = run_match([Honest, "call"], **kwargs)
    in_process = run_match([cheater, "call"], **kwargs)
    assert in_process.players[0].chips > baseline.players[0].chips  # the cheat is real
    isolated = run_match([cheater, "call"], isolate=True, **kwargs)
    assert _numbers(isolated) == _numbers(baseline)


def _with_cards_restored(run: Any) -> Any:
    masks = [card.mask for card in CARDS]
    try:
        return run()
    finally:
        for card, mask in zip(CARDS, masks):
            try:  # Cards are tuple-backed: a forge attempt fails and nothing needs restoring
                object.__setattr__(card, "mask", mask)
            except (AttributeError, TypeError):
                assert card.mask == mask


def test_forged_card_fields_gain_nothing_isolated() -> None:
    kwargs: dict[str, Any] = dict(hands=60, seed=6)
    baseline = run_match([Honest, "call"], **kwargs)
    isolated = _with_cards_restored(lambda: run_match([CardForger, "call"], isolate=True, **kwargs))
    assert _numbers(isolated) == _numbers(baseline)


def test_forged_card_fields_gain_nothing_in_process() -> None:
    kwargs: dict[str, Any] = dict(hands=60, seed=6)
    baseline = run_match([Honest, "call"], **kwargs)
    forged = _with_cards_restored(lambda: run_match([CardForger, "call"], **kwargs))
    assert _numbers(forged) == _numbers(baseline)


def _integral(result: MatchResult) -> bool:
    return all(
        type(chips) is int for state in result.hand_states for chips in state.stacks  # noqa: E721
    )


def test_tampered_actions_are_faults_isolated() -> None:
    result = run_match([ActionTamperer, "call"], hands=10, seed=2, isolate=True, keep_hands=True)
    assert _integral(result)
    # An Action cannot be rewritten any more (its fields live in a tuple): the
    # tamperer's raise stays the whole-chip minimum raise, so nothing is a fault.
    assert result.errors == ()
    raises = [
        e.action.to
        for state in result.hand_states
        for e in state.history
        if isinstance(e, ActionTaken) and e.seat in (0, 1) and e.action.to
    ]
    assert raises and all(type(to) is int for to in raises)  # noqa: E721


def test_tampered_actions_are_refused_in_process() -> None:
    result = run_match([ActionTamperer, "call"], hands=10, seed=2, keep_hands=True)
    assert _integral(result)  # the rewrite fails: the raise stays a whole-chip raise
    assert result.players[0].errors == 0
    forged = tuple.__new__(Action, (ActionKind.RAISE, 300.5))  # built around the constructor
    state = deal(GameConfig.acpc_heads_up(), seed=2)
    with pytest.raises(IllegalActionError):
        act(state, forged)


def test_edited_events_do_not_change_the_records_isolated() -> None:
    kwargs: dict[str, Any] = dict(hands=20, seed=8, keep_hands=True)
    baseline = run_match([Honest, "call"], **kwargs)
    edited = run_match([HistoryEditor, "call"], isolate=True, **kwargs)
    assert [s.history for s in edited.hand_states] == [s.history for s in baseline.hand_states]
    assert _numbers(edited) == _numbers(baseline)


def test_edited_events_do_not_change_the_records_in_process() -> None:
    kwargs: dict[str, Any] = dict(hands=20, seed=8, keep_hands=True)
    baseline = run_match([Honest, "call"], **kwargs)
    edited = run_match([HistoryEditor, "call"], **kwargs)
    assert [s.history for s in edited.hand_states] == [s.history for s in baseline.hand_states]


def test_parent_never_unpickles_what_a_child_writes(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    writer = functools.partial(PipeWriter, marker=str(marker))
    result = run_match([writer, "call"], hands=4, seed=1, isolate=True)
    assert not marker.exists()
    assert len(result.errors) == 1 and "broke the wire protocol" in result.errors[0].message


# -- tables and tournaments ----------------------------------------------------


def test_isolated_table_plays_as_in_process() -> None:
    def play(isolate: bool) -> tuple[Any, ...]:
        config = TableConfig(stacks=(1000, 1000, 1000), max_hands=12, isolate=isolate)
        session = TableSession(config, [CallBot(), Honest(), Hooked()], seed=5)
        session.run()
        return tuple((r.results, r.final_stacks) for r in session.records), len(session.faults)

    assert play(True) == play(False)
    assert not _policy_processes()


def test_isolated_table_time_limit_and_close() -> None:
    config = TableConfig(stacks=(1000, 1000), max_hands=3, isolate=True, decision_timeout=0.3)
    with TableSession(config, [Hanger(), CallBot()], seed=1) as session:
        assert all(isinstance(p, IsolatedPolicy) for p in session.players)
        session.play_hand()
        session.play_hand()
    assert not _policy_processes()
    assert len(session.faults) == 2 and "did not answer" in session.faults[0].message
    with pytest.raises(InvalidConfigError, match="needs isolate"):
        TableConfig(stacks=(1000, 1000), decision_timeout=1.0)


def test_isolated_table_isolates_a_player_seated_later() -> None:
    config = TableConfig(stacks=(1000, 1000, 0), isolate=True)
    with TableSession(config, [CallBot(), CallBot(), None], seed=1) as session:
        first = session.players[:2]
        session.play_hand()
        session.leave(1)  # its process ends now, not at close()
        assert len(_policy_processes()) == 1
        session.fill(1, Honest())  # takes the seat's chips
        session.fill(2, Hooked(), chips=1000)
        assert session.players[0] is first[0]  # the others keep their processes
        assert all(isinstance(p, IsolatedPolicy) for p in session.players)
        assert len({id(p) for p in session.players}) == 3
        record = session.play_hand()
        assert sum(record.final_stacks) == 3000
    assert not _policy_processes()


def test_isolated_tournament() -> None:
    players = [CallBot(), Honest(), Honest()]
    config = TournamentConfig(players=3, max_hands=10, isolate=True, decision_timeout=5.0)
    isolated = run_tournament(config, players, seed=3)
    local = run_tournament(TournamentConfig(players=3, max_hands=10), players, seed=3)
    assert isolated.ranking == local.ranking
    assert [r.results for r in isolated.records] == [r.results for r in local.records]
    assert not _policy_processes()


def test_wire_form_of_observations_round_trips() -> None:
    """What a child rebuilds equals what this side observed (every field,
    every kind of event), for finished and unfinished hands of 2-6 seats."""
    import pickle

    from pokerkit_core.players import compact
    from pokerkit_core.match.runner import play_hand
    from pokerkit_core.engine.policy import load_policy

    seen = 0
    for players in (2, 3, 6):
        policies = [load_policy("random", seed=s) for s in range(players)]
        for hand in range(15):
            final = play_hand(GameConfig.no_limit(players=players, stack=2_000), policies, seed=hand)
            for state in (final, deal(GameConfig.no_limit(players=players, stack=2_000), seed=hand)):
                for seat in range(players):
                    view = observe(state, seat, hand_number=hand)
                    encoded = (compact.encode_events(view.history), compact.encode_fields(view))
                    message = pickle.loads(compact.pack(encoded, plain=True))
                    rebuilt = compact.decode_observation(
                        compact.decode_fields(message[1]), compact.decode_events(message[0])
                    )
                    assert rebuilt == view
                    seen += 1
    assert seen == 2 * 15 * (2 + 3 + 6)


def test_changed_fields_patch_the_child_views_of_a_hand() -> None:
    """The child's fields, patched with only what changed from one request to
    the next, rebuild each observation of a hand (and the patches are small)."""
    from pokerkit_core.players import compact
    from pokerkit_core.players.driver import HandDriver
    from pokerkit_core.engine.policy import load_policy

    views: list[Observation] = []

    class Recorder:
        name = "recorder"

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def decide(self, observation: Observation) -> Any:
            views.append(observation)
            return self.inner.decide(observation)

    for hand in range(10):
        views.clear()
        state = deal(GameConfig.no_limit(players=3, stack=2_000), seed=hand)
        HandDriver(state, [Recorder(load_policy("random", seed=s)) for s in range(3)]).play()
        sent: list[Any] = []
        child: list[Any] = [None] * compact.FIELD_COUNT
        sizes = []
        for view in views:
            fields = compact.encode_fields(view)
            changes = compact.changed_fields(fields, sent)
            sizes.append(len(changes))
            compact.patch_fields(child, changes)
            sent = fields
            assert compact.decode_observation(child, view.history) == view
        assert sizes[0] == compact.FIELD_COUNT
        assert all(size < compact.FIELD_COUNT for size in sizes[1:])


def test_isolated_chunks_at_once_give_the_same_result() -> None:
    kwargs: dict[str, Any] = dict(hands=48, seed=9, chunk_deals=6, keep_hands=True)
    local = run_match(["random", "raise"], **kwargs)
    for at_once in (1, 3, 8):
        isolated = run_match(["random", "raise"], isolate=True, chunks_at_once=at_once, **kwargs)
        assert _numbers(isolated) == _numbers(local)
        assert [s.history for s in isolated.hand_states] == [s.history for s in local.hand_states]
    for bad in (0, True, 2.0):
        with pytest.raises(InvalidConfigError, match="chunks_at_once must be"):
            run_match(["call", "call"], hands=4, isolate=True, chunks_at_once=bad)
    with pytest.raises(InvalidConfigError, match="needs isolate=True"):
        run_match(["call", "call"], hands=4, chunks_at_once=2)
    assert not _policy_processes()


def test_match_command_chunks_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["match", "random", "call", "--hands", "30", "--seed", "4", "--json"]
    assert main(args + ["--isolate", "--chunks-at-once", "2"]) == 0
    isolated = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert isolated["players"] == json.loads(capsys.readouterr().out)["players"]
    assert main(args + ["--chunks-at-once", "2"]) == 2  # without --isolate: refused
    assert "needs isolate=True" in capsys.readouterr().err


def test_a_known_action_reply_is_read_only_when_it_is_exactly_one() -> None:
    """The lanes read a ``decide`` reply naming an action text met before
    straight from the bytes (``_known_action``); any other reply (another
    request's number, text after the action, a frame cut short or over the
    limit) is left whole for the general path, which judges it."""
    from pokerkit_core.players.isolation import MAX_REPLY_BYTES

    def framed(data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + data

    proxy = IsolatedPolicy.__new__(IsolatedPolicy)
    proxy._bad = 0
    proxy._buffer = framed(b"7 a raise 300")
    assert proxy._action(proxy._body(proxy._frame() or "", 7)) == Action(ActionKind.RAISE, 300)  # learnt
    for buffer in (
        framed(b"8 a raise 300"),  # another request's reply
        framed(b"71 a raise 300"),
        framed(b"7 a raise 3000"),  # a text not met
        framed(b"7 a raise 300 "),
        framed(b"7 a raise 300")[:-1],  # cut short
        framed(b"7 ! ValueError: no"),
        (MAX_REPLY_BYTES + 1).to_bytes(4, "big") + b"7 a raise 300",
        (-5).to_bytes(4, "big", signed=True) + b"7 a raise 300",
        b"\x00\x00",
    ):
        proxy._buffer = buffer
        assert proxy._known_action(7) is None and proxy._buffer == buffer
    proxy._buffer = framed(b"7 a raise 300") + framed(b"8 a call")
    proxy._bad = 2
    assert proxy._known_action(7) == Action(ActionKind.RAISE, 300)
    assert proxy._buffer == framed(b"8 a call") and proxy._bad == 2  # (cleared by the caller if in time)


def test_next_reply_gives_a_known_action_or_the_body_in_order() -> None:
    """The public wire a multiplexing runner reads (match/lanes.py):
    ``next_reply`` takes replies in order, a learnt action text of a
    ``decide`` as its Action (the unreadable count left to the caller), any
    other reply as its body, ``None`` until a reply is whole; a reply to
    another request stops the child."""
    from pokerkit_core.errors import IsolatedPolicyError, PolicyDied

    def framed(data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + data

    proxy = IsolatedPolicy.__new__(IsolatedPolicy)
    proxy._bad, proxy.dead, proxy.name = 0, None, "wired"
    proxy._buffer = framed(b"1 a raise 300")
    assert proxy.action_of(proxy.next_reply(1, decide=False) or "") == Action(ActionKind.RAISE, 300)  # learnt
    proxy._buffer, proxy._bad = framed(b"2 a raise 300") + framed(b"3 ok") + framed(b"4 ! Val"), 2
    assert proxy.next_reply(2, decide=True) == Action(ActionKind.RAISE, 300) and proxy._bad == 2
    proxy.reply_read()
    assert proxy._bad == 0 and proxy.has_unread
    assert proxy.next_reply(3, decide=False) == "ok"
    assert proxy.next_reply(4, decide=False) == "! Val" and not proxy.has_unread
    assert isinstance(proxy.error_of("! Val"), IsolatedPolicyError)
    proxy._buffer = framed(b"5 a call")[:-1]
    assert proxy.next_reply(5, decide=True) is None and proxy.has_unread
    stopped: list[str] = []
    proxy._stop = lambda reason: (stopped.append(reason), PolicyDied(reason))[1]  # type: ignore[method-assign]
    proxy._buffer = framed(b"9 a call")
    with pytest.raises(PolicyDied):
        proxy.next_reply(6, decide=True)
    assert stopped and "reply '9 a call' to request 6" in stopped[0]
