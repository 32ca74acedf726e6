"""The built-in AIs (pokerkit_core.ai.policies): legal, observation-only, seeded."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from pokerkit_core.engine.actions import Action, ActionKind
from pokerkit_core.evaluation.cards import parse_cards
from pokerkit_core.evaluation.evaluator import HandCategory, combo_index
from pokerkit_core.engine.observation import Observation, observe
from pokerkit_core.ai.policies import features
from pokerkit_core.ai.policies.hard import HardPolicy, OpponentModel, size_class
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import HandState, act, deal, legal_actions

AIS = ("easy", "normal", "hard", "random", "call", "raise")


def _random_states(count: int, seed: int) -> list[HandState]:
    """States where someone is to act, reached by random legal play, in
    heads-up ACPC, 6-max no-limit and 4-handed fixed-limit games."""
    rng = random.Random(seed)
    configs = (
        GameConfig.acpc_heads_up(button=0),
        GameConfig.acpc_heads_up(button=1),
        GameConfig.no_limit(players=6, stack=10_000),
        GameConfig.fixed_limit(players=4, stack=2_000, small_blind=50, big_blind=100),
    )
    out: list[HandState] = []
    while len(out) < count:
        state = deal(rng.choice(configs), seed=rng.getrandbits(32))
        steps = rng.randrange(0, 12)
        for _ in range(steps):
            if state.is_over:
                break
            legal = legal_actions(state)
            choice = rng.choice(legal.actions())
            if choice.kind in (ActionKind.BET, ActionKind.RAISE):
                choice = Action(choice.kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
            state = act(state, choice)
        if not state.is_over:
            out.append(state)
    return out


def _no_state_inside(value: object, depth: int = 0) -> bool:
    if isinstance(value, HandState):
        return False
    if depth > 3:
        return True
    if isinstance(value, (tuple, list)):
        return all(_no_state_inside(v, depth + 1) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(
            _no_state_inside(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)
        )
    return True


@pytest.mark.parametrize("name", AIS)
def test_decides_a_legal_action_from_a_detached_observation(name: str) -> None:
    policy = load_policy(name, seed=11)
    for state in _random_states(120 if name != "hard" else 60, seed=5):
        seat = state.to_act
        assert seat is not None
        observation = copy.deepcopy(observe(state, seat))  # no link to the engine
        assert isinstance(observation, Observation)
        assert _no_state_inside(observation)
        action = policy.decide(observation)
        assert isinstance(action, Action)
        assert action in legal_actions(state), (name, str(action), str(legal_actions(state)))


@pytest.mark.parametrize("name", AIS)
def test_same_seed_same_decisions(name: str) -> None:
    observations = [observe(s, s.to_act or 0) for s in _random_states(40, seed=9)]
    first = load_policy(name, seed=123)
    second = load_policy(name, seed=123)
    assert [first.decide(o) for o in observations] == [second.decide(o) for o in observations]


def test_hard_policy_learns_from_the_public_history() -> None:
    model = OpponentModel()
    state = deal(GameConfig.acpc_heads_up(button=0), seed=4)
    # seat 0 (button) opens to 300, seat 1 folds
    state = act(state, Action(ActionKind.RAISE, 300))
    state = act(state, Action(ActionKind.FOLD))
    before = model.open_raise.value
    model.learn(observe(state, 1).history, me=1, seat_count=2)
    assert model.hands == 1
    assert model.open_raise.value > before
    # seat 1's own fold is not counted as the opponent's
    assert all(rate.count == 0 for rates in model.fold for rate in rates)


def test_hard_narrows_the_range_of_a_raiser() -> None:
    policy = HardPolicy(seed=1)
    state = deal(GameConfig.acpc_heads_up(button=0), seed=4)
    open_range = policy.opponent_range(observe(state, 1), 0)
    raised = act(state, Action(ActionKind.RAISE, 300))
    raise_range = policy.opponent_range(observe(raised, 1), 0)
    assert set(open_range) == {1.0} and len(open_range) == 1326
    kept = {i for i, w in enumerate(raise_range) if w > 0}
    assert 0 < len(kept) < 1326
    codes = lambda text: [c.code for c in parse_cards(text)]  # noqa: E731
    aces = [combo_index(a, b) for a, b in ((51, 50), (51, 49), (51, 48), (50, 49), (50, 48), (49, 48))]
    assert set(aces) <= kept
    seven_deuce = combo_index(*codes("7c2d"))
    assert seven_deuce not in kept


def test_size_classes() -> None:
    assert [size_class(x) for x in (None, 0.33, 0.75, 1.0, 1.5, 20.0)] == [0, 0, 1, 1, 2, 2]


def test_preflop_scores_order_the_classic_hands() -> None:
    score = features.preflop_equity
    aa, kk, aks, ako, t9s, seven_two = (
        parse_cards(text) for text in ("AsAh", "KsKh", "AsKs", "AsKd", "Ts9s", "7c2d")
    )
    assert score(aa) > score(kk) > score(aks) > score(ako) > score(t9s) > score(seven_two)
    assert score(aa) == pytest.approx(0.851, abs=0.005)
    assert score(seven_two) == pytest.approx(0.346, abs=0.01)
    assert features.hand_class(aks) == "AKs" and features.hand_class(parse_cards("2c2d")) == "22"
    order = features.preflop_order()
    assert len(order) == 169 and sum(c for _, c, _ in order) == 1326
    assert order[0][0] == "AA"
    assert features.top_classes(0.009) == ("AA", "KK")


def test_board_texture_and_draws() -> None:
    dry = features.board_texture(parse_cards("Kc7d2h"))
    assert not (dry.paired or dry.flush_possible or dry.straight_possible)
    wet = features.board_texture(parse_cards("9h8h7h"))
    assert wet.flush_possible and wet.straight_possible and wet.wetness == 3
    assert features.board_texture(parse_cards("KcKd2h")).paired
    flush = features.draws(parse_cards("AhKh"), parse_cards("2h7h9c"))
    assert flush.flush_draw and flush.outs == 9
    oesd = features.draws(parse_cards("9c8d"), parse_cards("7h6s2c"))
    assert oesd.open_ended and not oesd.gutshot and oesd.outs == 8
    gut = features.draws(parse_cards("9c8d"), parse_cards("6h5s2c"))
    assert gut.gutshot and not gut.open_ended and gut.outs == 4
    assert features.draws(parse_cards("AhKh"), parse_cards("2h7h9c3d4s")).outs == 0


def test_made_hands_and_strength() -> None:
    hole, board = parse_cards("AsAd"), parse_cards("Ac7d2h")
    assert features.made_category(hole, board) is HandCategory.THREE_OF_A_KIND
    assert features.uses_hole_cards(hole, board)
    assert not features.uses_hole_cards(parse_cards("3c4d"), parse_cards("KsKdKhQsQd"))
    assert features.hand_strength(hole, board) > 0.99
    weak = features.hand_strength(parse_cards("3c4d"), parse_cards("AsKdQh"))
    assert weak < 0.1


def test_walk_reports_what_each_seat_faced() -> None:
    state = deal(GameConfig.acpc_heads_up(button=0), seed=2)
    state = act(state, Action(ActionKind.RAISE, 300))  # raise by 200; pot after a call: 200
    state = act(state, Action(ActionKind.RAISE, 900))  # raise by 600; pot after a call: 600
    steps = features.walk(observe(state, 0).history, 2)
    assert [(s.seat, s.kind) for s in steps] == [(0, ActionKind.RAISE), (1, ActionKind.RAISE)]
    assert steps[0].facing is None and steps[0].size == pytest.approx(1.0)
    assert steps[0].raises_before == 0
    assert steps[1].facing == pytest.approx(1.0) and steps[1].raises_before == 1
    assert steps[1].size == pytest.approx(1.0)
