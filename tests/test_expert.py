"""The ``expert`` AI (issue 26): its pre-flop table, its re-solves from the
public history only, legal actions, an iteration budget, and a river spot
whose equilibrium is known in closed form."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from pokerkit_core.ai.policies.expert import (
    RIVER_ITERATIONS,
    ExpertPolicy,
    _COMBOS,
    preflop_table,
    solve_spot,
)
from pokerkit_core.ai.policies.hard import HardPolicy
from pokerkit_core.ai.solver import Spot
from pokerkit_core.engine.actions import ActionKind, AllIn, Bet, Call, Check, Fold, Raise
from pokerkit_core.engine.observation import observe
from pokerkit_core.engine.policy import registered_factory
from pokerkit_core.engine.rules import GameConfig, Street
from pokerkit_core.engine.state import HandState, act, deal
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.evaluation.cards import parse_cards
from pokerkit_core.evaluation.ranges import Range
from pokerkit_core.match.runner import run_match

try:
    import tomllib
except ImportError:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def _play(state: HandState, policies: dict[int, object], check: bool = True) -> HandState:
    """Play ``state`` out; every action must be legal (``act`` would raise)."""
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        obs = observe(state, seat)
        action = policies[seat].decide(obs)  # type: ignore[attr-defined]
        if check:
            assert obs.legal is not None and action in obs.legal, (action, obs.legal)
        state = act(state, action)
    return state


def _to_flop(seed: int) -> HandState:
    """An ACPC heads-up hand where the button opens to 250 and the big blind
    calls: on the flop, big blind to act."""
    state = deal(GameConfig.acpc_heads_up(), seed=seed)
    state = act(state, Raise(250))
    return act(state, Call)


def test_the_preflop_table_is_a_strategy_for_every_class() -> None:
    table = preflop_table()
    assert len(table["classes"]) == 169 and table["made_by"] == "tools/make_preflop_table.py"
    for path, node in table["nodes"].items():
        assert len(node["strategy"]) == 169, path
        for row in node["strategy"]:
            assert len(row) == len(node["actions"])
            assert abs(sum(row) - 1) < 1e-3 and min(row) >= 0
    aa = table["classes"].index("AA")
    root = table["nodes"][""]
    assert root["strategy"][aa][root["actions"].index("fold")] == 0  # aces never fold
    shove = table["nodes"]["allin"]
    assert shove["strategy"][aa][shove["actions"].index("call")] == 1  # and call a shove
    assert table["exploitability_mbb"] < 5  # solved: below 5 mbb/hand in its own abstract game


def test_preflop_answers_follow_the_table() -> None:
    state = deal(GameConfig.acpc_heads_up(), hole_cards=["As Ad", "7c 2d"], seed=3)
    expert = ExpertPolicy(seed=1)
    seat = state.to_act
    assert seat is not None
    dist = dict(expert.action_probabilities(observe(state, seat)))
    table = preflop_table()
    cls = "AA" if set(map(str, state.hole_cards[seat])) == {"As", "Ad"} else "72o"
    row = table["nodes"][""]["strategy"][table["classes"].index(cls)]
    raise_p = row[table["nodes"][""]["actions"].index("raise")]
    assert dist.get(Raise(250), 0.0) == pytest.approx(raise_p)


def test_every_action_is_legal_and_hands_finish() -> None:
    rng = random.Random(5)
    for k in range(6):
        expert = ExpertPolicy(seed=k)
        other = HardPolicy(seed=k) if k % 2 else ExpertPolicy(seed=100 + k)
        stacks = rng.choice([20_000, 3_000, 1_000])
        config = dataclasses.replace(GameConfig.acpc_heads_up(button=k % 2), stacks=(stacks, stacks))
        state = _play(deal(config, seed=rng.getrandbits(32)), {0: expert, 1: other})
        assert sum(state.stacks) == 2 * stacks  # chips kept


def test_three_players_fall_back_to_hard() -> None:
    config = GameConfig.no_limit(players=3, stack=2_000)
    state = deal(config, seed=11)
    seat = state.to_act
    assert seat is not None
    obs = observe(state, seat)
    assert ExpertPolicy(seed=2).action_probabilities(obs) == HardPolicy(
        seed=random.Random(2).getrandbits(62)
    ).action_probabilities(obs)
    _play(state, {s: ExpertPolicy(seed=s) for s in range(3)})


def test_deterministic_for_a_seed() -> None:
    a = run_match([ExpertPolicy, "call"], hands=6, seed=99, duplicate=True)
    b = run_match([ExpertPolicy, "call"], hands=6, seed=99, duplicate=True)
    assert a.players[0].chips == b.players[0].chips
    state = _to_flop(8)
    obs = observe(state, state.to_act)  # type: ignore[arg-type]
    assert ExpertPolicy(seed=4).action_probabilities(obs) == ExpertPolicy(seed=4).action_probabilities(obs)
    assert ExpertPolicy(seed=4).decide(obs) == ExpertPolicy(seed=4).decide(obs)


def test_it_sees_only_its_observation() -> None:
    """The same public history with other cards for the opponent: the same
    strategy (the re-solve reads only the observation)."""
    base = deal(GameConfig.acpc_heads_up(), hole_cards=["Ah Kd", "9s 9c"], board="Qh 7c 2d 5s 3h", seed=1)
    other = deal(GameConfig.acpc_heads_up(), hole_cards=["Ah Kd", "Jc Tc"], board="Qh 7c 2d 5s 3h", seed=1)
    for action in (Raise(250), Call, Check):
        base, other = act(base, action), act(other, action)
    assert base.street == Street.FLOP
    seat = base.to_act
    assert seat is not None
    hero = 0 if str(base.hole_cards[0][0]) == "Ah" else 1
    if seat != hero:  # let the opponent bet so the hero (the one with Ah Kd) decides
        base, other = act(base, Bet(150)), act(other, Bet(150))
    assert base.to_act == hero
    a = ExpertPolicy(seed=3).action_probabilities(observe(base, hero))
    b = ExpertPolicy(seed=3).action_probabilities(observe(other, hero))
    assert a == b
    assert all(action in observe(base, hero).legal for action, _ in a)  # type: ignore[operator]


def test_it_plays_isolated() -> None:
    result = run_match([ExpertPolicy, "call"], hands=2, seed=2**70 + 1, duplicate=True, isolate=True)
    assert result.players[0].errors == 0 and result.hands == 2


def test_the_iteration_budget() -> None:
    expert = ExpertPolicy(seed=1, flop_iterations=3)
    state = _to_flop(21)
    obs = observe(state, state.to_act)  # type: ignore[arg-type]
    expert.action_probabilities(obs)
    assert expert.solves == 1
    (solver,) = expert._cache.values()
    assert solver.solver.iterations == 3
    with pytest.raises(InvalidConfigError):
        ExpertPolicy(river_iterations=0)


def test_range_answers_agree_with_single_answers() -> None:
    state = _to_flop(13)
    seat = state.to_act
    assert seat is not None
    obs = observe(state, seat)
    expert = ExpertPolicy(seed=1)
    expert.action_probabilities(obs)
    (solver,) = expert._cache.values()
    player = solver.seats.index(seat)
    pairs = solver.combos[player][::97]  # pairs of its range here
    assert len(pairs) >= 3
    batch = expert.range_action_probabilities(obs, pairs)
    for pair, dist in zip(pairs, batch):
        single = expert.action_probabilities(dataclasses.replace(obs, hole_cards=pair))
        assert list(dist) == list(single)
        assert abs(sum(p for _, p in dist) - 1) < 1e-9


def test_a_closed_form_river_spot() -> None:
    """The clairvoyance game on a river: the bettor holds the nuts or air
    (equal weights), the caller a bluff catcher, stacks equal to the pot.
    With a pot-sized bet the equilibrium bluffs with half the air and calls
    half the time (bluffs : value = 1 : 2, minimum defence 1/2); the
    expert's re-solve plays it."""
    spot = Spot(board="Kh 9c 5d 3s 2h", pot=200, stacks=(200, 200), ranges=("KcKs, 7c6c", "9d8d"), big_blind=100)
    state = spot.root_state()
    ranges = {spot.seats[0]: Range.parse("KcKs, 7c6c"), spot.seats[1]: Range.parse("9d8d")}
    solver = solve_spot(state, ranges, 2 * RIVER_ITERATIONS)
    air = solver.hand_strategy("7c6c")
    bet = sum(p for label, p in air.items() if label != "check")
    assert bet == pytest.approx(0.5, abs=0.05)
    nuts = solver.hand_strategy("KcKs")
    assert nuts.get("check", 0.0) < 0.05
    shove = next(i for i, a in enumerate(solver.engine_actions(0)) if a is not None and a.kind is ActionKind.ALL_IN)
    node = solver.game.node_id(solver.game.nodes[0].children[shove])
    catch = solver.hand_strategy("9d8d", node)
    assert catch["call"] == pytest.approx(0.5, abs=0.05)


def test_state_round_trip() -> None:
    a = ExpertPolicy(seed=7)
    saved = a.state_to_dict()
    state = _to_flop(30)
    obs = observe(state, state.to_act)  # type: ignore[arg-type]
    first = [a.decide(obs) for _ in range(5)]
    a.state_from_dict(saved)
    assert [a.decide(obs) for _ in range(5)] == first
    with pytest.raises(InvalidConfigError):
        a.state_from_dict({"rng": saved["rng"]})


def test_registered_as_an_entry_point() -> None:
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    entry = tomllib.loads(pyproject.read_text())["project"]["entry-points"]["pokerkit_core.policies"]["expert"]
    assert registered_factory("expert", entry) is ExpertPolicy


def test_a_preflop_shove_is_answered_by_the_hard_fallback_that_learns_the_shover() -> None:
    """Facing an open shove the expert answers exactly as its ``hard``
    fallback (a minimum defence from its read of the shover): aces call,
    seven-deuce folds; every finished hand reaches the fallback's opponent
    model through ``hand_ended``."""
    state = deal(GameConfig.acpc_heads_up(), seed=4)
    state = act(state, AllIn)
    seat = state.to_act
    assert seat is not None
    obs = observe(state, seat)
    expert = ExpertPolicy(seed=1)
    pairs = [tuple(parse_cards(t)) for t in ("As Ah", "7c 2d", "Ad 5c")]
    answers = expert.range_action_probabilities(obs, pairs)  # type: ignore[arg-type]
    fallback = expert._fallback
    assert [dict(a) for a in answers] == [
        dict(fallback.action_probabilities(dataclasses.replace(obs, hole_cards=p))) for p in pairs
    ]
    assert dict(answers[0]) == {Call: 1.0} and dict(answers[1]) == {Fold: 1.0}
    over = act(state, Call)
    assert over.is_over
    before = fallback.model.hands
    expert.hand_ended(observe(over, seat), over.hand_results)
    assert fallback.model.hands == before + 1


def _facing_a_flop_pot_bet(seed: int) -> tuple[HandState, ExpertPolicy, Any, int, list[float], list[int], list[Any]]:
    """A limped pot, checked to the flop's bettor, a pot-sized bet (200
    into 200), the expert to act: the state, the expert, its solve, node and
    range, the combos of its range clear of the board and its answer for
    each (every combo of its range asked)."""
    state = deal(GameConfig.acpc_heads_up(), seed=seed)
    for action in (Call, Check, Check, Bet(200)):
        state = act(state, action)
    seat = state.to_act
    assert seat is not None
    obs = observe(state, seat)
    expert = ExpertPolicy(seed=1)
    solver, node, mine = expert._postflop(obs)
    board = {c.code for c in obs.board}
    combos = [i for i, w in enumerate(mine) if w > 0 and not {c.code for c in _COMBOS[i]} & board]
    answers = expert.range_action_probabilities(obs, [_COMBOS[i] for i in combos])
    return state, expert, solver, node, mine, combos, answers


def _fold_shares(seed: int) -> tuple[float, float]:
    """:func:`_facing_a_flop_pot_bet`'s spot: the expert's range-weighted
    fold share as its solve has it, and as it plays."""
    state, expert, solver, node, mine, combos, answers = _facing_a_flop_pot_bet(seed)
    strategy = expert._node_strategy(solver, node, state.to_act)  # type: ignore[arg-type]
    fold = next(a for a in strategy if a is not None and a.kind is ActionKind.FOLD)
    total = sum(mine[i] for i in combos)
    solved = sum(mine[i] * strategy[fold][i] for i in combos) / total
    played = sum(mine[i] * dict(a).get(Fold, 0.0) for i, a in zip(combos, answers)) / total
    return solved, played


def test_after_the_flop_the_expert_folds_no_more_than_a_bluff_breaks_even() -> None:
    """Facing a pot-sized bet a bluff breaks even when half the range folds:
    where the solve folds more (seed 1: 71%), the expert folds exactly half
    of its range; where it folds less (seed 3: 30%), the solve stands."""
    solved, played = _fold_shares(1)
    assert solved > 0.6 and played == pytest.approx(0.5, abs=1e-9)
    solved, played = _fold_shares(3)
    assert solved < 0.5 and played == pytest.approx(solved, abs=1e-9)


def test_its_own_range_after_a_defended_call_holds_the_hands_the_defence_called_with() -> None:
    """Seed 1's flop (the solve folds 71% to a pot-sized bet, the expert
    half): after it calls, its range on the turn is its flop range times the
    call probability it played, the defence's calls included, not the
    solve's (which would drop the hands the defence added)."""
    state, expert, solver, node, mine, combos, played = _facing_a_flop_pot_bet(1)
    seat = state.to_act
    assert seat is not None
    strategy = expert._node_strategy(solver, node, seat)
    call = next(a for a in strategy if a is not None and a.kind is ActionKind.CALL)
    state = act(state, Call)  # the turn: the big blind (the expert) to act
    assert state.street == Street.TURN and state.to_act == seat
    _, _, later = expert._postflop(observe(state, seat))
    turn_card = {state.board[-1].code}
    kept = [(i, dict(a).get(Call, 0.0)) for i, a in zip(combos, played) if not {c.code for c in _COMBOS[i]} & turn_card]
    assert any(p > strategy[call][i] + 1e-9 for i, p in kept)  # the defence called more than the solve
    ratios = [later[i] / (mine[i] * p) for i, p in kept if p > 0]
    assert ratios and all(r == pytest.approx(ratios[0], rel=1e-9) for r in ratios)
    assert all(later[i] == 0 for i, p in kept if p == 0)
