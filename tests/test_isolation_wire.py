"""The isolated policy's request (pokerkit_core.isolation_wire): what a child
rebuilds is exactly observe() of its seat, read from the state or from an
observation, over every state of random hands (straddles, 10 seats, antes,
several boards, showdowns)."""

from __future__ import annotations

import pickle

import pytest
from strategies import play_random

from pokerkit_core import AnteRule, GameConfig, compact, isolation_wire as wire, observe
from pokerkit_core.state import HandState

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
        pickle.loads(compact.dumps(compact.encode_events(state.history)))
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
        assert dynamic[10] == (None,) * 6 and len(sent) < 400


def test_decide_state_answers_as_decide_and_checks_its_arguments() -> None:
    from pokerkit_core.actions import Fold
    from pokerkit_core.errors import InvalidConfigError
    from pokerkit_core.isolation import IsolatedPolicy
    from pokerkit_core.state import deal

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
