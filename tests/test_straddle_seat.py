"""A straddle from a later seat (``GameConfig.straddle_seat``): UTG+1, the
button (a Mississippi straddle); docs/rules.rst section 2b."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import configs, play, play_random

from pokerkit_core import (
    ActionTaken,
    BlindPosted,
    Call,
    Check,
    Fold,
    ForcedBet,
    GameConfig,
    InvalidConfigError,
    Raise,
    Street,
    act,
    deal,
    legal_actions,
    resolve_pots,
)
from pokerkit_core.formats import serialize


def actors(state: object) -> list[int]:
    return [e.seat for e in state.history if isinstance(e, ActionTaken)]  # type: ignore[attr-defined]


def test_straddle_from_utg_plus_one_acts_last_and_utg_acts_after_the_blinds() -> None:
    # six seats, button 0: SB 1, BB 2, UTG 3, the straddle from seat 4
    config = GameConfig(stacks=(10_000,) * 6, button=0, straddles=(200,), straddle_seat=4)
    assert config.forced_bets == (
        ForcedBet(1, 50, "small blind"), ForcedBet(2, 100, "big blind"), ForcedBet(4, 200, "straddle"),
    )
    state = deal(config, seed=4)
    assert [(e.seat, e.amount) for e in state.history if isinstance(e, BlindPosted)] == [
        (1, 50), (2, 100), (4, 200),
    ]
    legal = legal_actions(state)  # the seat left of the straddler opens, 200 to call
    assert (legal.seat, legal.call_amount, legal.min_raise_to) == (5, 200, 400)
    state = play(state, Call, Call, Call, Call, Call)  # 5, 0, 1, 2, then UTG (3)
    assert actors(state) == [5, 0, 1, 2, 3]
    legal = legal_actions(state)  # the straddler has the option
    assert (legal.seat, legal.can_check, legal.can_raise, legal.min_raise_to) == (4, True, True, 400)
    flop = act(state, Check)
    assert flop.street is Street.FLOP and flop.to_act == 1 and flop.pot == 1_200
    raised = act(state, Raise(1_000))  # the straddler raises: the others act again from seat 5
    assert legal_actions(raised).seat == 5 and legal_actions(raised).min_raise_to == 1_800


def test_mississippi_straddle_from_the_button() -> None:
    # button 0 straddles 200: the small blind acts first pre-flop, the button last
    config = GameConfig(stacks=(1_000,) * 4, button=0, straddles=(200,), straddle_seat=0)
    state = deal(config, seed=1)
    assert legal_actions(state).seat == 1
    state = play(state, Fold, Call, Raise(600))  # SB folds, BB calls 200, UTG (3) raises to 600
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.min_raise_to) == (0, 400, 1_000)
    state = play(state, Fold, Fold)  # the button and the big blind fold
    assert state.is_over
    # UTG wins 50 + 200 + 200 and the uncalled 400 comes back: 1000 + 450
    (pot,) = resolve_pots(state).pots
    assert (pot.amount, pot.winners) == (650, (3,))
    assert state.stacks == (800, 950, 800, 1_450)


def test_double_straddle_from_a_later_seat() -> None:
    # 7 seats, button 0: straddles 200 (seat 4) and 400 (seat 5); seat 6 opens
    config = GameConfig(stacks=(5_000,) * 7, button=0, straddles=(200, 400), straddle_seat=4)
    assert [b.seat for b in config.forced_bets] == [1, 2, 4, 5]
    state = deal(config, seed=2)
    legal = legal_actions(state)
    assert (legal.seat, legal.call_to, legal.min_raise_to) == (6, 400, 800)
    state = play(state, Fold, Fold, Fold, Fold, Fold, Fold)  # 6, 0, 1, 2, 3, 4
    assert state.is_over and state.stacks[5] == 5_000 + 50 + 100 + 200


def test_straddle_seat_refused() -> None:
    stacks = (1_000,) * 6
    for bad, match in (
        (dict(straddle_seat=3), "straddle_seat needs straddles"),
        (dict(straddles=(200,), straddle_seat=2), "among them a blind"),  # the big blind
        (dict(straddles=(200, 400), straddle_seat=0), "among them a blind"),  # wraps to the SB
        (dict(straddles=(200,), straddle_seat=6), "not a dealt-in seat"),
        (dict(straddles=(200,), straddle_seat=True), "not a dealt-in seat"),
    ):
        with pytest.raises(InvalidConfigError, match=match):
            GameConfig(stacks=stacks, button=0, **bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="not a dealt-in seat"):
        GameConfig(stacks=(1_000, 1_000, 1_000, 0, 1_000), button=0, straddles=(200,), straddle_seat=3)


def test_straddle_seat_round_trips_through_json() -> None:
    config = GameConfig(stacks=(1_000,) * 6, button=0, straddles=(200,), straddle_seat=5)
    assert serialize.loads(serialize.dumps(config)) == config
    plain = GameConfig(stacks=(1_000,) * 6, button=0, straddles=(200,))
    assert "straddle_seat" not in serialize.dumps(plain)  # written only when set


@st.composite
def straddle_seat_configs(draw: st.DrawFn) -> GameConfig:
    """A random config with straddles moved to a later seat (UTG+1 ... button)."""
    config = draw(configs().filter(lambda c: bool(c.straddles)))
    blinds = {config.small_blind_seat, config.big_blind_seat}
    live = config.dealt_in
    choices = [
        seat for seat in live
        if not blinds & {live[(live.index(seat) + k) % len(live)] for k in range(len(config.straddles))}
    ]
    return dataclasses.replace(config, straddle_seat=draw(st.sampled_from(choices)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(straddle_seat_configs(), st.integers(0, 2**32 - 1))
def test_chips_conserved_with_a_straddle_from_any_seat(config: GameConfig, seed: int) -> None:
    total = sum(config.stacks)
    states = play_random(config, seed)
    straddlers = [b.seat for b in config.forced_bets if b.kind == "straddle"]
    assert straddlers[0] == config.straddle_seat
    first = [e for e in states[-1].history if isinstance(e, ActionTaken)]
    if first and first[0].street is Street.PREFLOP:  # the seat after the last straddler opens
        n = config.seat_count
        opener = next(
            (straddlers[-1] + k) % n for k in range(1, n + 1)
            if states[0].stacks[(straddlers[-1] + k) % n] > 0
        )
        assert first[0].seat == opener
    for state in states:
        assert min(state.stacks) >= 0
        if state.is_over:
            assert sum(state.stacks) == total
        else:
            assert sum(state.stacks) + state.pot == total


def test_the_c_engine_plays_a_later_straddle_as_the_python_reference() -> None:
    """The C fast path reads only the hand state (who acts, bets, who has
    acted), which the Python sets up for a straddle from any seat: random
    hands give the same states both ways, and the C closes every betting
    round but each hand's last, as on hands without straddles."""
    from pokerkit_core.engine import state as engine

    rng = random.Random(7)
    config = GameConfig(stacks=(3_000,) * 6, button=2, straddles=(200,), straddle_seat=0)
    before = engine.accelerator_fallbacks()
    hands = 60
    for seed in range(hands):
        fast = slow = deal(config, seed=seed)
        while not fast.is_over:
            la = legal_actions(fast)
            assert la == engine._legal_reference(slow)
            options = [a for a, ok in ((Fold, la.can_fold), (Check, la.can_check), (Call, la.can_call)) if ok]
            if la.can_raise:
                options += [Raise(la.min_raise_to), Raise(la.max_raise_to)]
            action = rng.choice(options)
            fast, slow = act(fast, action), engine._act_reference(slow, action)
            assert fast.history == slow.history and fast.stacks == slow.stacks
        assert slow.is_over
    after = engine.accelerator_fallbacks()
    if after != (0, 0, 0):  # the accelerator is in use (not POKERKIT_CORE_PURE=1)
        assert after[1] - before[1] == hands  # as on hands without straddles
        assert after[2] - before[2] == 0
