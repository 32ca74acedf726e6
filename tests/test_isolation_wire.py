"""The isolated policy's request (pokerkit_core.players.isolation_wire): what a child
rebuilds is exactly observe() of its seat, read from the state or from an
observation, over every state of random hands (straddles, 10 seats, antes,
several boards, showdowns)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from strategies import play_random

from pokerkit_core import AnteRule, GameConfig, observe
from pokerkit_core.players import compact, isolation_wire as wire
from pokerkit_core.evaluation.cards import Card
from pokerkit_core.engine.state import HandState


def _new_card(code: int) -> Card:
    """A Card holding ``code`` whatever it is (as unpickling could make)."""
    card: Card = tuple.__new__(Card, (0, 0, code, 0))
    return card


CONFIGS = [
    GameConfig.no_limit(players=2, stack=2_000),
    GameConfig.no_limit(players=6, stack=3_000),
    GameConfig(stacks=(1_500,) * 10, straddles=(200, 400), ante=10),
    GameConfig(stacks=(900, 0, 1_300, 700), boards=3, ante=100, ante_rule=AnteRule.BIG_BLIND),
    GameConfig.fixed_limit(players=3, stack=600),
]


def child_view(state: HandState, seat: int, number: int | None, from_state: bool) -> object:
    parts = wire.state_parts(state, seat, number) if from_state else wire.observation_parts(
        observe(state, seat, hand_number=number)
    )
    static, dynamic = pickle.loads(pickle.dumps(parts, pickle.HIGHEST_PROTOCOL))
    history = compact.decode_events(
        pickle.loads(compact.pack(compact.encode_events(state.history)))
    )
    return wire.rebuild(wire.decode_static(static), dynamic, history)


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("from_state", [True, False])
def test_rebuilt_view_is_observe_of_the_seat(config: GameConfig, from_state: bool) -> None:
    checked = boards = 0
    for seed in range(12):
        for state in play_random(config, seed):
            boards = max(boards, len(state.boards))
            for seat in range(config.seat_count):
                number = None if seed % 3 == 0 else seed
                assert child_view(state, seat, number, from_state) == observe(
                    state, seat, hand_number=number
                )
                checked += 1
    assert checked > 50
    if config.boards > 1:
        assert boards == config.boards  # an all-in run-out on several boards was seen


def test_parts_hold_no_other_seats_hidden_cards() -> None:
    config = GameConfig.no_limit(players=6, stack=3_000)
    state = play_random(config, 4)[0]
    for seat in range(6):
        static, dynamic = wire.state_parts(state, seat, None)
        others = {c.code for s, cards in enumerate(state.hole_cards) if s != seat and cards for c in cards}
        sent = pickle.dumps((static, dynamic))
        assert static[1] == bytes(c.code for c in state.hole_cards[seat])
        # before any showdown no other seat's cards appear anywhere in the parts
        assert all(bytes([code]) not in static[1] for code in others)
        assert dynamic[0] == b"" and dynamic[10] == (None,) * 6 and len(sent) < 400


def test_decide_state_answers_as_decide_and_checks_its_arguments() -> None:
    from pokerkit_core.engine.actions import Fold
    from pokerkit_core.errors import InvalidConfigError
    from pokerkit_core.players.isolation import IsolatedPolicy
    from pokerkit_core.engine.state import deal

    state = deal(GameConfig.no_limit(players=3, stack=1_000), seed=2)
    seat = state.to_act
    assert seat is not None
    with IsolatedPolicy("call") as policy:
        view = observe(state, seat, hand_number=4)
        assert policy.decide_state(state, seat, 4) == policy.decide(view)
        with pytest.raises(InvalidConfigError, match="expected a HandState"):
            policy.decide_state(view, seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidConfigError):
            policy.decide_state(state, 7)
    # closed: the default action, from the state (fold facing the big blind)
    assert policy.decide_state(state, seat) is Fold
    checked = deal(GameConfig.no_limit(players=2, stack=1_000), seed=2)
    assert checked.to_act is not None
    assert policy.decide_state(checked, 1 - checked.to_act) is Fold  # not to act: no legal


def test_frames_split_and_joined_and_end_of_file() -> None:
    import os

    read_end, write_end = os.pipe()
    frames = wire.Frames(read_end)
    first, second, big = b"abc", b"", bytes(range(256)) * 100  # big: sent in two writes
    joined = b"".join(len(p).to_bytes(4, "big") + p for p in (first, second))
    wire.write_all(write_end, joined + len(big).to_bytes(4, "big") + big[:10])
    assert frames.next() == first and frames.next() == second
    wire.write_all(write_end, big[10:])
    assert frames.next() == big
    os.close(write_end)
    assert frames.next() is None  # end-of-file
    os.close(read_end)


def test_events_decoded_once_equal_the_codec() -> None:
    config = GameConfig.no_limit(players=3, stack=1_000)
    seen: dict[object, object] = {}
    for seed in range(5):
        history = play_random(config, seed)[-1].history
        encoded = compact.encode_events(history)
        assert wire.decode_events_once(encoded, seen) == compact.decode_events(encoded) == history
    assert 0 < len(seen) < 5 * len(history)  # recurring forms are kept once


def test_the_child_is_sent_a_new_static_part_when_the_hand_or_seat_changes() -> None:
    from bots import CardEcho

    from pokerkit_core.players.isolation import IsolatedPolicy
    from pokerkit_core.engine.state import deal

    config = GameConfig.no_limit(players=3, stack=1_000)

    def echoed(state: HandState, seat: int, number: int | None) -> int:
        hole = state.hole_cards[seat]
        assert hole is not None
        return 1000 + 52 * hole[0].code + hole[1].code + 10_000 * (number or 0)

    with IsolatedPolicy(CardEcho) as policy:
        for seed in range(4):  # new deals (each starts with the seat and number of the last)
            state = deal(config, seed=seed)
            for seat, number in ((2, None), (0, None), (0, None), (1, None), (1, 3), (1, 3), (2, None)):
                assert policy.decide_state(state, seat, number).to == echoed(state, seat, number)
        # a hook sends its own view (another hand number): the next decision sends its own again
        policy.hand_started(observe(state, 2, hand_number=5))
        assert policy.decide_state(state, 2, None).to == echoed(state, 2, None)


def test_a_view_with_malformed_legal_actions_is_refused() -> None:
    """The child rebuilds ``legal`` without the length check of ``_make``:
    it checks the length itself (a bug on the wire, reported by the child)."""
    state = play_random(CONFIGS[0], 1)[0]
    static, dynamic = wire.state_parts(state, state.to_act, None)
    short = dynamic[:6] + (dynamic[6][:-1],) + dynamic[7:]
    with pytest.raises(ValueError, match="legal actions of 13 fields"):
        wire.rebuild(wire.decode_static(static), short, ())
    assert wire.rebuild(wire.decode_static(static), dynamic, state.history) == observe(state, state.to_act)


def test_a_forged_action_does_not_change_the_text_of_later_ones() -> None:
    """The child writes each action's text once; an Action made without its
    checks (a float amount) is written as it is but never cached, so the
    well-made action with the same value is still sent as itself."""
    from pokerkit_core.players import isolation_child as child
    from pokerkit_core.engine.actions import Action, ActionKind

    forged = tuple.__new__(Action, (ActionKind.RAISE, 301.0))
    made = Action(ActionKind.RAISE, 301)

    class Replays:
        def __init__(self, actions: list[Any]) -> None:
            self.actions = actions

        def decide(self, observation: object) -> Any:
            return self.actions.pop(0)

    lane = child._Lane(Replays([forged, made, made]))  # type: ignore[arg-type]
    answers = [child._answer(lane, child.DECIDE, None, None) for _ in range(3)]
    assert answers == ["a r 301.0", "a r 301", "a r 301"]


def test_the_childs_kept_events_are_the_engines_after_a_callers_equal_one() -> None:
    """The child keeps each event it decoded by its compact form
    (``decode_events_once``); a caller's event equal in value to the
    engine's but of other field types is decoded anew and not kept (its
    request carries its forms in a list), so the engine's event after it in
    the same lane is still decoded as itself, and the other way round
    (found by review: the child once saw ``amount_added=100.0, all_in=0``)."""
    from pokerkit_core.engine.actions import Call
    from pokerkit_core.engine.events import ActionTaken
    from pokerkit_core.engine.rules import Street

    odd = ActionTaken(2, Call, Street.FLOP, 40.0, 0)  # type: ignore[arg-type]
    made = ActionTaken(2, Call, Street.FLOP, 40, False)
    assert odd == made
    for order in ((odd, made), (made, odd)):
        seen: dict[Any, Any] = {}  # (one lane of the child)
        for event in order:
            request = wire.Held().request(0, 1, 0, (event,), None, (), None, engine=event is made)[0]
            assert type(request[4]) is (tuple if event is made else list)
            assert repr(wire.decode_events_once(request[4], seen)) == repr((event,))  # (repr: the types too)
