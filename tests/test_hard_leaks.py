"""The ``hard`` AI's cheap leaks (issue 26): it calls a shove that leaves no
betting by its raw equity against the pot odds, defends its limps against a
shove, and a cached decision context never answers for other stacks."""

from __future__ import annotations

import dataclasses
from typing import Sequence

import pytest

from pokerkit_core.ai.policies.features import Step, preflop_equity, walk
from pokerkit_core.ai.policies.hard import HardPolicy, minimum_defence, shove_defence
from pokerkit_core.ai.policies.hard_model import SHOWN_WEIGHT, OpponentModel
from pokerkit_core.engine.actions import Action, ActionKind, AllIn, Bet, Call, Check, Raise
from pokerkit_core.engine.observation import Observation, observe
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import act, deal
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.evaluation.cards import CARDS, Card
from pokerkit_core.evaluation.evaluator import combo_index
from pokerkit_core.match.runner import play_hand

ALL_PAIRS = tuple((CARDS[a], CARDS[b]) for a in range(52) for b in range(a + 1, 52))


def _call_share(policy: HardPolicy, view: Observation, pairs: tuple[tuple[Card, Card], ...] = ALL_PAIRS) -> list[float]:
    """Each pair's probability of calling in ``view``."""
    dists = policy.range_action_probabilities(view, pairs)
    return [sum(p for a, p in d if a.kind is ActionKind.CALL) for d in dists]


def _any_two_reader(seed: int) -> HardPolicy:
    """A hard that has seen its opponent raise every hand it opened, always
    all-in: it reads a pre-flop shove as any two cards."""
    policy = HardPolicy(seed=seed)
    for rate in (policy.model.open_raise, policy.model.shove):
        rate.hits = rate.count = 10_000.0
    return policy


def _facing_open_shove(stack: int) -> Observation:
    """Heads-up, blinds 50/100, both ``stack`` chips: the small blind (the
    button, seat 0) shoves, the big blind (seat 1) decides."""
    config = GameConfig(stacks=(stack, stack), small_blind=50, big_blind=100, button=0)
    state = act(deal(config, seed=3), AllIn)
    view = observe(state, 1)
    assert view.legal is not None and view.legal.call_amount == stack - 100 and not view.legal.can_raise
    return view


# ------------------------------------------------- (a) no discount when all-in
@pytest.mark.parametrize("stack", [20_000, 1_000])
def test_calls_an_any_two_shove_by_raw_equity_against_the_pot_odds(stack: int) -> None:
    """The call closes the action: it must call exactly the hands whose
    equity against any two cards beats the pot odds ``B / (P + 2B)``
    (0.4975 for 200 big blinds, 0.45 for 10).  Its equities are Monte Carlo
    estimates (200 deals, standard error about 0.035 each), so the share of
    the 1,326 hands that call is bounded by the shares with table equity
    (features.preflop_equity, 60,000 deals a class) at least the pot odds
    plus and minus 0.04; hands 0.15 clear of the line (over four standard
    errors) always go the one way.
    The old rule discounted pre-flop equity by 0.8 out of position (called a
    200 big-blind shove with 17.5% of hands, about 0.62 equity needed)."""
    view = _facing_open_shove(stack)
    need = (stack - 100) / (2 * stack)
    calls = _call_share(_any_two_reader(seed=11), view)
    table = [preflop_equity(pair) for pair in ALL_PAIRS]
    share = sum(calls) / len(calls)
    low = sum(e >= need + 0.04 for e in table) / len(table)
    high = sum(e >= need - 0.04 for e in table) / len(table)
    assert low <= share <= high, (low, share, high)
    assert all(c == 1.0 for c, e in zip(calls, table) if e >= need + 0.15)
    assert all(c == 0.0 for c, e in zip(calls, table) if e <= need - 0.15)


def test_a_call_that_leaves_betting_still_discounts_equity() -> None:
    """A raise to 30 big blinds of 200 is not a shove: the caller still faces
    betting later, so it continues (calls or raises) with fewer hands than
    against the same raise that is all-in (stacks of 30 big blinds), where no
    betting is left."""
    views = []
    for stack in (20_000, 3_000):
        config = GameConfig(stacks=(stack, stack), small_blind=50, big_blind=100, button=0)
        views.append(observe(act(deal(config, seed=3), Raise(3_000)), 1))
    deep, shallow = (
        sum(1.0 - sum(p for a, p in d if a.kind is ActionKind.FOLD)
            for d in _any_two_reader(seed=11).range_action_probabilities(v, ALL_PAIRS)) / len(ALL_PAIRS)
        for v in views
    )
    assert views[1].legal is not None and views[1].legal.call_amount == views[1].stacks[1]
    assert shallow > deep + 0.1, (deep, shallow)


# -------------------------------------------------- (b) limp, then a shove
def test_shove_defence_extends_the_minimum_defence_frequency() -> None:
    assert shove_defence(200, 200) == pytest.approx(0.5)  # P / (P + B)
    assert shove_defence(200, 19_900) == pytest.approx(200 / 20_100)  # the limp-shove: 1%
    # a weak shove that keeps a third of the pot when called needs more defence
    assert shove_defence(200, 19_900, 1 / 3) == pytest.approx(200 / (20_100 - 40_000 / 3))
    assert shove_defence(200, 19_900, 0.5) == 1.0  # the shove gains whatever is called
    assert minimum_defence(200, 19_900) == shove_defence(200, 19_900)  # one rule


def test_minimum_defence_is_pot_over_pot_plus_bet() -> None:
    assert minimum_defence(400, 400) == pytest.approx(0.5)  # a pot-sized bet
    assert minimum_defence(600, 300) == pytest.approx(2 / 3)  # half pot
    assert minimum_defence(0, 100) == 0.0
    with pytest.raises(InvalidConfigError):
        minimum_defence(400, 0)


@pytest.mark.parametrize(
    "args",
    [(-1, 100, 0.0), (200, 0, 0.0), (200.0, 100, 0.0), (200, 100, 1.0), (200, 100, -0.1), (200, True, 0.0)],
)
def test_shove_defence_refuses_bad_arguments(args: tuple[object, object, object]) -> None:
    with pytest.raises(InvalidConfigError):
        shove_defence(*args)  # type: ignore[arg-type]


def _limp_then_shove() -> tuple[Observation, Observation]:
    """The small blind (hard, seat 0) limps and the big blind shoves 200
    big blinds: its views before the limp and facing the shove."""
    state = deal(GameConfig.acpc_heads_up(button=0), seed=5)
    before = observe(state, 0)
    state = act(act(state, Call), AllIn)
    return before, observe(state, 0)


def test_defends_its_limps_against_a_shove() -> None:
    """Against a big-blind shove after its limp it calls at least the
    defence share of its limping range (it folded 99.7% of its limps): of
    the hands it really limps, weighted by how often (its own range as its
    strategy makes it, which the LBR holds), it continues with the strongest
    ``shove_defence(200, 19_900)`` share, 1%, give or take two combos."""
    before, shove = _limp_then_shove()
    policy = HardPolicy(seed=1)
    calls = _call_share(policy, shove)
    need = shove_defence(200, 19_900)
    limps = _call_share(policy, before)  # a limp is a call
    defended = sum(l * c for l, c in zip(limps, calls)) / sum(limps)
    assert need <= defended <= need + 2 / sum(limps), defended


def test_shove_spots_are_deterministic_for_a_seed() -> None:
    """Same seed: the same strategy for every hand and the same sampled
    actions, in both new spots."""
    views = [_limp_then_shove()[1], _facing_open_shove(20_000)]
    one, two = _any_two_reader(seed=8), _any_two_reader(seed=8)
    for view in views:
        pairs = ALL_PAIRS[::7]
        assert one.range_action_probabilities(view, pairs) == two.range_action_probabilities(view, pairs)
        played: list[list[Action]] = [[], []]
        for policy, out in zip((one, two), played):
            for pair in ALL_PAIRS[::97]:
                out.append(policy.decide(dataclasses.replace(view, hole_cards=pair)))
        assert played[0] == played[1]


# ------------------------------- minimum defence over its own range (LBR)
def _probability(dist: Sequence[tuple[Action, float]], action: Action) -> float:
    return sum(p for a, p in dist if a == action)


def _continue_share(policy: HardPolicy, view: Observation, weights: list[float], pairs: Sequence[tuple[Card, Card]]) -> float:
    """The share of the range ``weights`` (over ``pairs``) that does not fold in ``view``."""
    dists = policy.range_action_probabilities(view, pairs)
    kept = [w * (1.0 - sum(p for a, p in d if a.kind is ActionKind.FOLD)) for w, d in zip(weights, dists)]
    return sum(kept) / sum(weights)


def test_defends_its_open_raise_against_a_pot_sized_three_bet() -> None:
    """The small blind opens to 300 (its most common open) and the big blind
    re-raises the pot, to 900: facing 600 more into 600, its opening range
    (each hand weighted by how often it opens to 300 with it, the range the
    LBR holds) continues ``minimum_defence(600, 600)`` = 50% of the time,
    and hardly more (51% here; it continued 43% before the rule held
    pre-flop)."""
    policy = HardPolicy(seed=1)
    state = deal(GameConfig.acpc_heads_up(button=0), seed=5)
    opening = policy.range_action_probabilities(observe(state, 0), ALL_PAIRS)
    weights = [_probability(d, Raise(300)) for d in opening]
    state = act(act(state, Raise(300)), Raise(900))
    view = observe(state, 0)
    assert view.legal is not None and (view.pot, view.legal.call_amount) == (1_200, 600)
    share = _continue_share(policy, view, weights, ALL_PAIRS)
    # the defence binds: the pot odds alone would keep fewer (43% before)
    assert minimum_defence(600, 600) == 0.5 <= share < 0.53, share


def _flop_raise() -> tuple[list[Observation], Observation, list[Action]]:
    """The small blind (hard, seat 0) opens to 300, the big blind calls and
    checks the flop, hard bets 300 and the big blind raises to 1,200 (the
    pot): hard's views at its three decisions, the view facing the raise and
    its actions."""
    state = deal(GameConfig.acpc_heads_up(button=0), seed=5)
    views, actions = [], [Raise(300), Bet(300)]
    views.append(observe(state, 0))
    state = act(act(act(state, Raise(300)), Call), Check)
    views.append(observe(state, 0))
    state = act(act(state, Bet(300)), Raise(1_200))
    return views, observe(state, 0), actions


def test_defends_its_flop_bet_against_a_pot_sized_raise() -> None:
    """Facing 900 more into 1,500 after its flop bet: its range (its open to
    300 times its bet of 300, per hand) continues at least
    ``minimum_defence(1_200, 900)`` (4/7) and within one combo of it, no
    lower while its model trusts the raiser (a fresh model: trust 1).  It continued 35% before (the
    defence was taken over a read of its range, not its own strategy)."""
    policy = HardPolicy(seed=1)
    views, facing, actions = _flop_raise()
    board = {c.code for c in facing.board}
    pairs = tuple(p for p in ALL_PAIRS if not board & {p[0].code, p[1].code})
    weights = [1.0] * len(pairs)
    for view, action in zip(views, actions):
        for i, d in enumerate(policy.range_action_probabilities(view, pairs)):
            weights[i] *= _probability(d, action)
    assert facing.legal is not None and (facing.pot, facing.legal.call_amount) == (2_100, 900)
    assert policy.model.trust(900 / 1_200) == 1.0
    share = _continue_share(policy, facing, weights, pairs)
    # at least the defence share, and within one combo of it: the rule binds
    assert minimum_defence(1_200, 900) == pytest.approx(4 / 7)
    assert 4 / 7 <= share <= 4 / 7 + 1 / sum(weights), share
    # the range it defends is exactly that product, combo by combo
    own = policy._own_range(policy._context(facing, facing.legal))
    for (a, b), w in zip(pairs, weights):
        assert own[combo_index(a.code, b.code)] == pytest.approx(w, abs=1e-12)
    assert sum(own) == pytest.approx(sum(weights))


# ------------------------------------------------ (c) the context cache
def test_a_warm_cache_answers_like_a_fresh_policy_when_only_stacks_differ() -> None:
    """The context of a decision is cached by every public field: the same
    public actions with other stacks (here a raise to 1,000 that the big
    blind can call with chips behind, or only all-in) get their own context,
    so a policy that has seen one answers the other as a fresh one does."""
    views = []
    for bb_stack in (5_000, 1_000):
        config = GameConfig(stacks=(5_000, bb_stack), small_blind=50, big_blind=100, button=0)
        views.append(observe(act(deal(config, seed=9), Raise(1_000)), 1))
    assert views[0].history == views[1].history and views[0].stacks != views[1].stacks
    warm = _any_two_reader(seed=2)
    pairs = ALL_PAIRS[::5]
    for view in views:
        warm.range_action_probabilities(view, pairs)
    for view in reversed(views):
        fresh = _any_two_reader(seed=2)
        assert warm.range_action_probabilities(view, pairs) == fresh.range_action_probabilities(view, pairs)
    deep, all_in = (_call_share(_any_two_reader(seed=2), v, pairs) for v in views)
    assert deep != all_in  # the stacks change the answer, so a shared context would show


# ------------------------------------------- reading a pre-flop shove's range
def _open_steps(action: Action) -> list[Step]:
    state = act(deal(GameConfig.acpc_heads_up(button=0), seed=3), action)
    return walk(observe(state, 1).history, 2)


def test_a_huge_preflop_raise_is_read_by_how_often_the_opponent_shoves() -> None:
    """Opening often but shoving rarely: a shove keeps the strongest
    ``open_raise x shove`` share, a pot-sized raise the ``open_raise``
    share; shown shoves move the read to the width they revealed (ranks
    averaging a half: any two cards)."""
    model = OpponentModel()
    shove, pot = _open_steps(AllIn), _open_steps(Raise(300))
    assert model.continue_share(pot, 0) == pytest.approx(model.open_raise.value)
    assert model.continue_share(shove, 0) == pytest.approx(model.open_raise.value * model.shove.value)
    model.shove_rank.hits, model.shove_rank.count = 20.0, 40.0  # shown shoves: any two
    by_frequency = model.open_raise.value * model.shove.value
    assert model.continue_share(shove, 0) == pytest.approx((40.0 + SHOWN_WEIGHT * by_frequency) / (40 + SHOWN_WEIGHT))
    assert model.continue_share(pot, 0) == pytest.approx(model.open_raise.value)


def test_the_shove_read_is_learnt_from_the_public_history() -> None:
    """A bot that shoves every hand: its shoves count as huge raises and
    its shown hands' ranks average about a half."""
    policy, shover = HardPolicy(seed=3, trials=50), _Shover()
    for hand in range(80):
        seats = (shover, policy) if hand % 2 == 0 else (policy, shover)
        play_hand(GameConfig.acpc_heads_up(button=0), seats, seed=hand)
    model = policy.model
    assert model.shove.count >= 40 and model.shove.hits == model.shove.count
    assert model.shove_rank.count >= 10 and 0.2 < model.shove_rank.hits / model.shove_rank.count < 0.8


def test_model_data_of_the_previous_version_still_loads() -> None:
    model = OpponentModel()
    model.shove.add(True)
    data = model.to_dict()
    assert data["shove"] == [1.0, 1.0] and data["shove_rank"] == [0.0, 0.0]
    assert OpponentModel.from_dict(data).to_dict() == data
    old = {k: v for k, v in data.items() if k not in ("shove", "shove_rank")}
    loaded = OpponentModel.from_dict(old)
    assert loaded.shove.count == 0.0 and loaded.shove_rank.count == 0.0


class _Shover:
    """Goes all-in whenever it may, else calls."""

    name = "shover"

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        return AllIn if legal.can_raise or legal.can_bet else Call
