"""The ``hard`` AI (issue 16): the strategy it states is the one it plays, it
reads only public information, defends by minimum-defence frequency and
adapts to its opponent; and the C range routines it runs on."""

from __future__ import annotations

import dataclasses
import math
import random
from array import array

import pytest

from pokerkit_core.engine.actions import Action, ActionKind, Bet, Call, Check, Fold, Raise
from pokerkit_core.evaluation.cards import CARDS, Card, parse_cards
from pokerkit_core.evaluation.equity import calculate_equity
from pokerkit_core.errors import CardError, InvalidConfigError
from pokerkit_core.evaluation.evaluator import (
    RANGE_COMBOS,
    RANGE_MAX_RANGES,
    combo_index,
    narrow_range,
    range_equity,
)
from pokerkit_core.match.runner import play_hand
from pokerkit_core.engine.observation import Observation, observe
from pokerkit_core.ai.policies.baselines import AlwaysRaise
from pokerkit_core.ai.policies.hard import HardPolicy
from pokerkit_core.evaluation.ranges import Range
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import HandState, act, deal, legal_actions

ALL_PAIRS = tuple((CARDS[a], CARDS[b]) for a in range(52) for b in range(a + 1, 52))


def _codes(text: str) -> bytes:
    return bytes(c.code for c in parse_cards(text))


def _pairs_off(board: tuple[Card, ...], *also: Card) -> list[tuple[Card, Card]]:
    dead = {*board, *also}
    return [p for p in ALL_PAIRS if p[0] not in dead and p[1] not in dead]


def _spots(count: int, seed: int) -> list[HandState]:
    """Heads-up ACPC states reached by random legal play, someone to act."""
    rng = random.Random(seed)
    out: list[HandState] = []
    while len(out) < count:
        state = deal(GameConfig.acpc_heads_up(button=rng.randrange(2)), seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 8)):
            if state.is_over:
                break
            legal = legal_actions(state)
            choice = rng.choice(legal.actions())
            if choice.kind in (ActionKind.BET, ActionKind.RAISE):
                choice = Action(choice.kind, rng.randint(legal.min_raise_to, min(legal.max_raise_to, legal.min_raise_to * 3)))
            state = act(state, choice)
        if not state.is_over:
            out.append(state)
    return out


def _river_pot_bet() -> Observation:
    """Checked to the river, the big blind (seat 1, hard) checks and the
    button bets the pot: 200 into 200."""
    state = deal(GameConfig.acpc_heads_up(button=0), seed=21)
    state = act(state, Call)  # the button completes, the big blind checks
    state = act(state, Check)
    for _ in range(2):  # flop and turn checked through, the big blind first
        state = act(act(state, Check), Check)
    state = act(state, Check)  # river: the big blind checks, the button bets the pot
    state = act(state, Bet(200))
    assert state.to_act == 1 and legal_actions(state).call_amount == 200
    return observe(state, 1)


def _continue_share(policy: HardPolicy, view: Observation) -> float:
    pairs = _pairs_off(view.board)
    dists = policy.range_action_probabilities(view, pairs)
    return sum(1.0 - sum(p for a, p in d if a == Fold) for d in dists) / len(pairs)


# ------------------------------------------------------------------ the probe
def test_probe_is_the_strategy_decide_samples() -> None:
    spots = _spots(20, seed=3)
    policy = HardPolicy(seed=5)
    for state in spots:
        view = observe(state, state.to_act or 0)
        legal = legal_actions(state)
        dist = policy.action_probabilities(view)
        assert math.isclose(sum(p for _, p in dist), 1.0, abs_tol=1e-9)
        assert all(a in legal and p > 0 for a, p in dist)
        assert len({a for a, _ in dist}) == len(dist)
        # the batch form equals the single form with the hole cards replaced
        pairs = _pairs_off(view.board)[::151]
        batch = policy.range_action_probabilities(view, pairs)
        for pair, row in zip(pairs, batch):
            fresh = HardPolicy(seed=5)
            assert list(row) == list(fresh.action_probabilities(dataclasses.replace(view, hole_cards=pair)))
        # decide plays only what the distribution gives weight
        chosen = policy.decide(view)
        assert chosen in {a for a, _ in dist}


def test_decide_samples_with_the_stated_frequencies() -> None:
    policy = HardPolicy(seed=2)
    mixed = None
    for state in _spots(200, seed=8):
        view = observe(state, state.to_act or 0)
        dist = policy.action_probabilities(view)
        if len(dist) > 1:
            mixed = (view, dist)
            break
    assert mixed is not None, "no mixed spot found"
    view, dist = mixed
    counts: dict[Action, int] = {}
    n = 600
    for _ in range(n):  # no hand ends in between: the strategy stays, the draws differ
        action = policy.decide(view)
        counts[action] = counts.get(action, 0) + 1
    assert set(counts) <= {a for a, _ in dist}
    for action, p in dist:
        assert abs(counts.get(action, 0) / n - p) < 4 * math.sqrt(p * (1 - p) / n) + 0.01


def test_probing_changes_nothing() -> None:
    views = [observe(s, s.to_act or 0) for s in _spots(25, seed=4)]
    probed, plain = HardPolicy(seed=9), HardPolicy(seed=9)
    for view in views:
        probed.range_action_probabilities(view, _pairs_off(view.board)[::211])
        probed.action_probabilities(view)
        assert probed.decide(view) == plain.decide(view)


def test_same_seed_same_strategy_and_other_seeds_differ_only_by_sampling() -> None:
    view = observe(_spots(1, seed=12)[0], _spots(1, seed=12)[0].to_act or 0)
    one = HardPolicy(seed=1).range_action_probabilities(view, _pairs_off(view.board)[::50])
    two = HardPolicy(seed=1).range_action_probabilities(view, _pairs_off(view.board)[::50])
    assert one == two


# ---------------------------------------------------------- public info only
def test_the_opponents_cards_change_nothing() -> None:
    """Same public history, different opponent hole cards: same strategy."""
    mine = parse_cards("QhJh")
    views = []
    for theirs in ("AsAd", "7c2d", "KcQc"):
        state = deal(GameConfig.acpc_heads_up(button=0), hole_cards=[theirs, mine], board="Th9h2c5s3d")
        state = act(state, Raise(300))
        views.append(observe(state, 1))
    dists = [HardPolicy(seed=3).action_probabilities(v) for v in views]
    assert dists[0] == dists[1] == dists[2]
    assert all(v.hole_cards == views[0].hole_cards for v in views)


# ------------------------------------------------------------ defence, MDF
def test_defends_a_pot_sized_river_bet_at_least_about_mdf() -> None:
    view = _river_pot_bet()
    share = _continue_share(HardPolicy(seed=1), view)
    # minimum defence against a pot-sized bet: P / (P + B) = 1/2
    assert share >= 0.45, share


def test_a_value_heavy_bettor_is_defended_against_less() -> None:
    view = _river_pot_bet()
    trusting, wary = HardPolicy(seed=1), HardPolicy(seed=1)
    for rate in wary.model.bluffs:  # showdowns showed only strong bets
        for _ in range(60):
            rate.add(False)
    assert _continue_share(wary, view) < _continue_share(trusting, view) - 0.1


# --------------------------------------------------------------- adaptation
def test_calls_wider_after_many_hands_against_an_always_raise_bot() -> None:
    def facing_raise() -> Observation:
        state = deal(GameConfig.acpc_heads_up(button=0), seed=33)
        return observe(act(state, Raise(300)), 1)

    policy = HardPolicy(seed=4)
    before = _continue_share(policy, facing_raise())
    raiser = AlwaysRaise(seed=1)
    for hand in range(120):
        seats = (raiser, policy) if hand % 2 == 0 else (policy, raiser)
        play_hand(GameConfig.acpc_heads_up(button=0), seats, seed=hand)
    after = _continue_share(policy, facing_raise())
    assert policy.model.hands == 120
    assert after > before + 0.15, (before, after)


# ------------------------------------------------------------ C range work
def _weights(seed: int) -> array[float]:
    rng = random.Random(seed)
    return array("d", (rng.choice((0.0, 0.0, 0.25, 1.0)) for _ in range(RANGE_COMBOS)))


def _as_range(weights: array[float]) -> Range:
    codes = bytes(c for k, (a, b) in enumerate(ALL_PAIRS) if weights[k] > 0 for c in (a.code, b.code))
    return Range.from_codes(codes, [w for w in weights if w > 0])


@pytest.mark.parametrize("board", ["", "2c7d9h", "2c7d9hTs", "2c7d9hTsJd"])
def test_range_equity_matches_calculate_equity(board: str) -> None:
    weights = _weights(1)
    reference = _as_range(weights)
    hands = ("AhKh", "7h7s", "3c4c")
    got = range_equity(b"".join(_codes(h) for h in hands), [weights], _codes(board), trials=20_000, seed=3)
    for hand, value in zip(hands, got):
        exact = len(board) == 10
        want = calculate_equity([hand, reference], board=board, trials=None if exact else 200_000, seed=1)
        assert value == pytest.approx(want.players[0].equity, abs=1e-9 if exact else 0.012)


def test_a_hands_equity_does_not_depend_on_the_other_hands() -> None:
    weights = [_weights(2), _weights(3)]
    board = _codes("2c7d9h")
    pairs = _pairs_off(tuple(parse_cards("2c7d9h")))
    everything = range_equity(b"".join(bytes((a.code, b.code)) for a, b in pairs), weights, board, trials=200, seed=7)
    for i in (0, 17, 400):
        alone = range_equity(bytes((pairs[i][0].code, pairs[i][1].code)), weights, board, trials=200, seed=7)
        assert list(alone) == list(everything[2 * i : 2 * i + 2])


def test_range_equity_when_every_combo_is_blocked() -> None:
    weights = array("d", bytes(8 * RANGE_COMBOS))
    weights[combo_index(*_codes("AsAh"))] = 1.0
    assert list(range_equity(_codes("AsKd"), [weights], b"", trials=50, seed=1)) == [-1.0]
    assert list(range_equity(_codes("AsKd"), [weights], _codes("2c3c4c5c6c"), trials=1, seed=1)) == [-1.0]


@pytest.mark.parametrize(
    "call",
    [
        lambda w: range_equity(_codes("AsAs"[:2]) + b"\x40", [w], b"", trials=1, seed=1),
        lambda w: range_equity(b"\x01\x01", [w], b"", trials=1, seed=1),
        lambda w: range_equity(b"\x01", [w], b"", trials=1, seed=1),
        lambda w: range_equity(_codes("2c3d"), [w], _codes("2c7d9h"), trials=1, seed=1),
        lambda w: range_equity(_codes("AsKd"), [w], _codes("2c2c9h"), trials=1, seed=1),
    ],
)
def test_range_equity_refuses_bad_cards(call: object) -> None:
    with pytest.raises(CardError):
        call(_weights(1))  # type: ignore[operator]


def test_range_equity_and_narrowing_refuse_bad_arguments() -> None:
    good = _weights(1)
    nan = array("d", good)
    nan[5] = float("nan")
    hand = _codes("AsKd")
    for ranges in ([], [good] * (RANGE_MAX_RANGES + 1), [array("d", [1.0] * 10)], [nan], [[1.0] * RANGE_COMBOS]):
        with pytest.raises(InvalidConfigError):
            range_equity(hand, ranges, b"", trials=1, seed=1)  # type: ignore[arg-type]
    for trials in (0, 10**6, 1.5):
        with pytest.raises(InvalidConfigError):
            range_equity(hand, [good], b"", trials=trials, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        range_equity(hand, [good], _codes("2c7d"), trials=1, seed=1)
    before = array("d", good)
    for keep, floor in ((1.5, 0.0), (0.5, -1.0), (float("nan"), 0.0)):
        with pytest.raises(InvalidConfigError):
            narrow_range(good, _codes("2c7d9h"), keep, floor)
    with pytest.raises(InvalidConfigError):
        narrow_range(good, _codes("2c7d"), 0.5, 0.0)
    with pytest.raises(CardError):
        narrow_range(good, _codes("2c7d") + b"\x63", 0.5, 0.0)
    assert good == before  # nothing written on an error


def test_narrowing_keeps_the_strongest_share_on_the_board() -> None:
    weights = array("d", [1.0]) * RANGE_COMBOS
    board = _codes("Ks7d2c")
    narrow_range(weights, board, 0.1, 0.0)
    kept = {k for k in range(RANGE_COMBOS) if weights[k] > 0}
    live = 1326 - 3 * 51 + 3  # combos clear of the three board cards
    assert 0.09 * live <= len(kept) <= 0.13 * live
    assert combo_index(*_codes("KhKd")) in kept and combo_index(*_codes("Kh7h")) in kept
    assert combo_index(*_codes("8h6h")) not in kept
    assert all(weights[combo_index(board[0], x)] == 0 for x in range(52) if x != board[0])


def test_direct_decisions_of_two_hands_without_hand_numbers_are_legal() -> None:
    """Issue 24: the cached context of a decision was keyed by seat, hand
    number, history and board only, so a second hand with the same public
    history but other stacks (``hand_number=None``) reused the first hand's
    legal actions and raised past the stacks."""
    policy = HardPolicy(seed=4, trials=20)
    for seed in range(6):
        for stack in (10_000, 150):  # same seed: same cards and history, other stacks
            state = deal(GameConfig.no_limit(players=2, stack=stack), seed=seed)
            view = observe(state, state.to_act)
            assert view.hand_number is None
            for action, _ in policy.action_probabilities(view):
                act(state, action)  # raises IllegalActionError if it is not legal
            act(state, policy.decide(view))


@pytest.mark.parametrize("trials", [0, 65_537, 10**9, 2.0, True])
def test_trials_outside_range_equitys_bounds_are_refused_when_given(trials: object) -> None:
    # issue 24 review: HardPolicy(trials=10**9), or a state carrying it, was
    # taken, and every decision then raised from range_equity
    with pytest.raises(InvalidConfigError, match="trials must be an int from 1 to 65,536"):
        HardPolicy(seed=1, trials=trials)  # type: ignore[arg-type]
    policy = HardPolicy(seed=1)
    before = policy.state_to_dict()
    state = dict(before, trials=trials)
    with pytest.raises(InvalidConfigError, match="state.trials must be an int from 1 to 65,536"):
        policy.state_from_dict(state)
    assert policy.state_to_dict() == before
    assert HardPolicy(seed=1, trials=65_536).state_to_dict()["trials"] == 65_536
