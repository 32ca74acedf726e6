"""The subgame solver (pokerkit_core.ai.solver): its DCFR core on games with
known values, a closed-form river game, an independent best response in
pure Python, legality of the bet abstraction, node locking, save/load, rake,
and bad input."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pokerkit_core.ai.solver import BetSizes, RunoutSample, Spot, SubgameSolver
from pokerkit_core.ai.solver.core import CHANCE, FOLDED, PLAYER0, PLAYER1, SHOWDOWN, CfrSolver, Game, GameNode
from pokerkit_core.ai.solver import toy_games
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import act, deal, legal_actions
from pokerkit_core.errors import CardError, InvalidConfigError, RangeError, SerializationError
from pokerkit_core.evaluation.ranges import Range

KUHN_VALUE = -1 / 18
LEDUC_VALUE = -0.085606  # OpenSpiel's leduc_poker, player 0 (also checked below when installed)


# ------------------------------------------------------------------ known values
def test_kuhn_value_is_minus_one_eighteenth() -> None:
    solver = CfrSolver(toy_games.kuhn())
    solver.run(2000)
    e = solver.evaluate()
    assert abs(e.value[0] - 1 - KUHN_VALUE) < 1e-4  # net of the ante of 1
    assert abs(e.value[0] + e.value[1] - 2) < 1e-12  # constant-sum: the pot of 2
    assert e.exploitability < 1e-3


def test_leduc_value() -> None:
    solver = CfrSolver(toy_games.leduc())
    solver.run(1000)
    e = solver.evaluate()
    assert abs(e.value[0] - 1 - LEDUC_VALUE) < 1e-3
    assert e.exploitability < 1e-3


def test_exploitability_falls_as_iterations_grow() -> None:
    solver = CfrSolver(toy_games.leduc())
    seen = []
    for total in (10, 50, 250, 1000):
        solver.run(total - solver.iterations)
        seen.append(solver.evaluate().exploitability)
    assert seen == sorted(seen, reverse=True)
    assert seen[-1] < seen[0] / 100


@pytest.mark.parametrize("bet, nuts", [(1.0, 0.5), (0.5, 0.5), (2.0, 0.4)])
def test_clairvoyance_game_matches_its_closed_form(bet: float, nuts: float) -> None:
    """The polarized river game, solved on paper.

    Pot 1.  Player 0 holds the nuts with probability pi and air otherwise;
    player 1 holds a bluff catcher (beats air, loses to the nuts).  Player 0
    checks (showdown) or bets b; player 1 calls or folds.

    * Player 1 calls with frequency c that makes air indifferent between
      checking (it loses the showdown: 0) and bluffing:
      (1 - c) * 1 - c * b = 0, so c = 1 / (1 + b).
    * Player 0 bets every nut (betting gives 1 + c * b > 1 = checking) and
      bluffs so that calling and folding are equal for player 1: calling wins
      1 + b against a bluff and loses b against the nuts, so
      B * (1 + b) = V * b with V = pi the nuts bet and B the air bet: the
      bluffs are b / (1 + 2b) of all bets, and air bluffs with frequency
      B / (1 - pi) = pi * b / ((1 + b) * (1 - pi)) (valid when <= 1).
    * Player 0's value (pot share minus chips put in): air gets 0, the nuts
      (1 - c) * 1 + c * (1 + b), so pi * (1 + b / (1 + b)).
    """
    solver = CfrSolver(toy_games.polar_river(bet, nuts))
    solver.run(4000)
    check, bet_row = solver.strategy(0)
    fold, call = solver.strategy(2)
    air = nuts * bet / ((1 + bet) * (1 - nuts))
    assert bet_row[0] == pytest.approx(1.0, abs=1e-3)  # the nuts always bet
    assert bet_row[1] == pytest.approx(air, abs=2e-3)
    assert call[0] == pytest.approx(1 / (1 + bet), abs=2e-3)
    e = solver.evaluate()
    assert e.value[0] == pytest.approx(nuts * (1 + bet / (1 + bet)), abs=1e-4)
    bluffs = (1 - nuts) * bet_row[1]
    assert bluffs / (bluffs + nuts * bet_row[0]) == pytest.approx(bet / (1 + 2 * bet), abs=2e-3)


def test_holdem_river_polar_spot_matches_the_closed_form() -> None:
    """The same game as a hold'em river: player 0 holds KcKs (a set, the
    nuts here) or 7c6c (seven high), player 1 9d8d (a pair of nines); pot
    100, one pot-size bet, no raises.  No card is shared, so card removal
    plays no part and the closed form (b = 1: air bluffs half the time,
    player 1 calls half the time) holds."""
    spot = Spot(
        board="Kh 9c 5d 3s 2h",
        pot=100,
        stacks=(1000, 1000),
        ranges=(Range.parse("KcKs, 7c6c"), Range.parse("9d8d")),
    )
    s = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
    assert s.actions(0) == ["check", "bet 100"]
    s.solve(target=0.001, max_iterations=5000)
    assert s.hand_strategy("KcKs")["bet 100"] == pytest.approx(1.0, abs=1e-3)
    assert s.hand_strategy("7c6c")["bet 100"] == pytest.approx(0.5, abs=5e-3)
    facing = s.node(["bet 100"])
    assert s.hand_strategy("9d8d", facing)["call"] == pytest.approx(0.5, abs=5e-3)
    # EV per hand: the nuts win 1.5 pots on average, air 0
    ev = s.ev(0)
    assert ev[s.hand_index(0, "KcKs")] == pytest.approx(150, abs=0.5)
    assert ev[s.hand_index(0, "7c6c")] == pytest.approx(0, abs=0.5)
    assert s.equity(0)[s.hand_index(0, "KcKs")] == 1.0
    assert s.equity(0)[s.hand_index(0, "7c6c")] == 0.0


# ------------------------------------------------------------------ an independent best response
def _reference(game: Game, strategies: dict[int, list[list[float]]], player: int, best: bool) -> float:
    """Player ``player``'s value per deal by plain recursion over hand pairs:
    a best response (``best``) or its average strategy, against the other's
    average strategy.  No vectors, no sorting, no sums per card: every pair
    of hands is compared directly."""
    q = 1 - player
    hands = game.hands
    nodes = game.nodes

    def value(n: int, h: int, opp: dict[int, float]) -> float:
        node = nodes[n]
        if node.kind in (FOLDED, SHOWDOWN):
            total = 0.0
            mine = set(hands[player][h])
            inv = node.invested[player]
            for j, r in opp.items():
                if r == 0 or mine & set(hands[q][j]):
                    continue
                if node.kind == FOLDED:
                    total += r * (-inv if node.folder == player else node.pot - inv)
                else:
                    a = game.ranks[node.board][player][h]
                    b = game.ranks[node.board][q][j]
                    share = node.pot if a > b else node.pot / 2 if a == b else 0.0
                    total += r * (share - inv)
            return total
        kids = [game.node_id(c) for c in node.children]
        if node.kind == CHANCE:
            total = 0.0
            for child in kids:
                card = nodes[child].card
                if card in hands[player][h]:
                    continue
                left = {j: r for j, r in opp.items() if card not in hands[q][j]}
                total += node.chance_probability * value(child, h, left)
            return total
        if node.kind == player:
            vals = [value(child, h, opp) for child in kids]
            if best:
                return max(vals)
            return sum(strategies[n][a][h] * v for a, v in enumerate(vals))
        return sum(
            value(child, h, {j: r * strategies[n][a][j] for j, r in opp.items()}) for a, child in enumerate(kids)
        )

    total = 0.0
    z = 0.0
    for h, w in enumerate(game.weights[player]):
        opp = {j: game.weights[q][j] for j in range(len(hands[q]))}
        total += w * value(0, h, opp)
        z += w * sum(r for j, r in opp.items() if not set(hands[player][h]) & set(hands[q][j]))
    return total / z


def _check_against_reference(solver: CfrSolver) -> None:
    game = solver.game
    strategies = {n: solver.strategy(n) for n in game.decision_nodes()}
    e = solver.evaluate()
    for p in (0, 1):
        assert _reference(game, strategies, p, True) == pytest.approx(e.best_response[p], rel=1e-9, abs=1e-9)
        assert _reference(game, strategies, p, False) == pytest.approx(e.value[p], rel=1e-9, abs=1e-9)


def test_exploitability_equals_an_independent_best_response_on_the_river() -> None:
    spot = Spot(
        board="Qh Jh 7c 4d 2s",
        pot=60,
        stacks=(200, 200),
        ranges=(Range.parse("QQ, JJ, 77, AQ, KQs, QJ, JTs, T9s, 98s, AhKh, Ah5h"), Range.parse("AA, KK, AQ, KQ, QT, JT, 87s, 65s")),
    )
    s = SubgameSolver(spot, BetSizes(bets=(0.5, 1.0), raises=(1.0,), max_raises=2))
    s.solver.run(30)  # far from equilibrium: the best response has work to do
    assert s.exploitability() > 1
    _check_against_reference(s.solver)
    # no rake: the values add up to the pot, and the short evaluation agrees
    e = s.evaluate()
    assert sum(e.value) == pytest.approx(s.root_pot)
    assert s.exploitability() == pytest.approx(100 * e.exploitability / s.root_pot, rel=1e-9)


def test_exploitability_equals_an_independent_best_response_on_the_turn() -> None:
    """Chance nodes (every river card) and card removal at them."""
    spot = Spot(board="Ks 8h 5d 2c", pot=40, stacks=(60, 60), ranges=("AK, 88, 55, 76s, AhQh", "KQ, K8s, 99, 9s8s, 43s"))
    s = SubgameSolver(spot, BetSizes(bets=(0.75,), raises=(), max_raises=0))
    s.solver.run(20)
    _check_against_reference(s.solver)
    river = s.node(["check", "check", "Ac"])  # the river card Ac after two checks
    assert s.player(river) == 0
    ev = s.ev(0, river)
    assert math.isnan(ev[s.hand_index(0, "AcKd")])  # holds the card dealt
    assert not math.isnan(ev[s.hand_index(0, "AdKd")])
    assert s.reach(0, river)[s.hand_index(0, "AcKd")] == 0.0


def test_leduc_against_the_reference() -> None:
    solver = CfrSolver(toy_games.leduc())
    solver.run(25)
    _check_against_reference(solver)


# ------------------------------------------------------------------ hold'em trees
def test_every_tree_action_is_legal_in_the_engine_with_min_raise_and_short_all_in() -> None:
    spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(400, 60), ranges=("AA", "KK"))
    s = SubgameSolver(spot, BetSizes(bets=(0.5,), raises=(0.01,), all_in=True, all_in_threshold=1.0))
    # a raise of 1% of the pot is lifted to the minimum raise (to 100 over a bet of 50)
    # (and all-in for 400 is that same raise: player 1 has only 60 in all)
    assert s.actions(s.node(["check", "bet 50"])) == ["fold", "call", "raise to 100"]
    # player 1 (60 behind) may go all-in for less than a full raise over a bet of 50
    assert s.actions(s.node(["bet 50"])) == ["fold", "call", "all-in 60"]
    # player 0 can bet no more than player 1 can match: 60, not 400
    assert s.actions(0) == ["check", "bet 50", "bet 60"]
    for n in s.game.decision_nodes():
        state = s.spot.root_state()
        for label in s.game.path(n):
            options = {str_label(a, state): a for a in s.sizes[state.street].actions(state)}
            assert label in options
            assert options[label] in legal_actions(state)
            state = act(state, options[label])
        assert [str_label(a, state) for a in s.sizes[state.street].actions(state)] == s.actions(n)


def str_label(action: Any, state: Any) -> str:
    from pokerkit_core.ai.solver.subgame import _label

    return _label(action, state)


def test_a_tree_from_a_hand_state_matches_the_spot() -> None:
    config = GameConfig(stacks=(500, 500), small_blind=5, big_blind=10)
    state = deal(config, hole_cards=["AsAd", "7c6c"], board="Kh 9c 5d 3s 2h", seed=3)
    state = act(state, legal_actions(state).actions()[1])  # the button calls
    from pokerkit_core.engine.actions import Check

    while state.street < 3:
        state = act(state, Check)
    s = SubgameSolver.from_state(state, {0: "AA, KK, 76s", 1: "QQ, 98s, A5s"})
    assert s.seats == (1, 0)  # the big blind acts first after the flop
    assert s.root_pot == 20
    assert s.actions(0)[0] == "check"


def test_rake_comes_off_every_terminal_pot() -> None:
    spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(100, 100), ranges=("AA", "KK"), rake=0.05, rake_cap=6)
    s = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
    pots = {"/".join(s.game.path(i)): n.pot for i, n in enumerate(s.game.nodes) if n.kind in (FOLDED, SHOWDOWN)}
    assert pots["check/check"] == 95  # 5% of 100
    assert pots["all-in 100/call"] == 294  # 5% of 300 is 15, capped at 6
    s.solve(target=0.01, max_iterations=500)
    e = s.evaluate()
    assert e.value[0] + e.value[1] < 100  # the rake leaves the players less than the pot


def test_node_locking_changes_the_best_reply() -> None:
    spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(1000, 1000), ranges=("KcKs, 7c6c", "9d8d"))
    s = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
    facing = s.node(["bet 100"])
    s.lock(facing, {"fold": [1.0], "call": [0.0]})  # player 1 always folds to a bet
    s.solve(target=0.0, max_iterations=2000)
    assert s.hand_strategy("7c6c")["bet 100"] > 0.99  # so air always bluffs
    assert s.hand_strategy("9d8d", facing) == {"fold": 1.0, "call": 0.0}
    with pytest.raises(InvalidConfigError):
        s.lock(facing, {"fold": [0.5], "call": [0.6]})
    with pytest.raises(InvalidConfigError):
        s.lock(facing, {"fold": [1.0]})
    with pytest.raises(InvalidConfigError):
        s.lock(s.node(["check", "check"]), None)


def test_save_and_load_give_the_same_solution(tmp_path: Any) -> None:
    spot = Spot(board="Qh Jh 7c 4d 2s", pot=60, stacks=(200, 200), ranges=("QQ, JJ, AQ, KQs, JTs, AhKh", "AA, KK, AQ, QT, JT"))
    s = SubgameSolver(spot, BetSizes(bets=(0.5,), raises=(1.0,), max_raises=1))
    s.lock(s.node(["bet 30"]), None)
    s.solver.run(50)
    path = tmp_path / "solution.json"
    s.save(path)
    t = SubgameSolver.load(path)
    assert t.solver.iterations == 50
    assert t.strategy(0) == s.strategy(0)
    assert t.exploitability() == s.exploitability()
    s.solver.run(10)
    t.solver.run(10)  # resumes where it stopped
    assert t.strategy(0) == s.strategy(0)
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(SerializationError):
        SubgameSolver.load(path)


def test_solve_stops_at_the_target() -> None:
    spot = Spot(board="Qh Jh 7c 4d 2s", pot=60, stacks=(200, 200), ranges=("QQ, JJ, AQ, KQs, JTs, AhKh", "AA, KK, AQ, QT, JT"))
    s = SubgameSolver(spot)
    report = s.solve(target=0.5, max_iterations=5000)
    assert report.stopped == "target"
    assert report.exploitability <= 0.5
    assert report.exploitability == s.exploitability()


def test_ev_weighted_by_the_deal_is_the_game_value() -> None:
    spot = Spot(board="Qh Jh 7c 4d 2s", pot=60, stacks=(200, 200), ranges=("QQ, JJ, AQ, KQs, JTs, AhKh", "AA, KK, AQ, QT, JT"))
    s = SubgameSolver(spot)
    s.solver.run(100)
    e = s.evaluate()
    for p in (0, 1):
        values, weights, _ = s.solver.values(p)
        ev = s.ev(p)
        z = sum(w * c for w, c in zip(s.game.weights[p], weights))
        assert sum(w * x * c for w, x, c in zip(s.game.weights[p], ev, weights)) / z == pytest.approx(e.value[p])


# ------------------------------------------------------------------ bad input
def test_bad_input_raises_documented_errors() -> None:
    good = dict(board="Kh 9c 5d 3s 2h", pot=100, stacks=(100, 100), ranges=("AA", "KK"))
    with pytest.raises(InvalidConfigError):
        Spot(**{**good, "pot": 101})  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        Spot(**{**good, "stacks": (100, -1)})  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        Spot(**{**good, "rake": 1.5})  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Spot(**{**good, "board": "Kh 9c"})  # type: ignore[arg-type]
    with pytest.raises(RangeError):
        Spot(**{**good, "ranges": ("AA",)})  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        BetSizes(bets=(-0.5,))
    with pytest.raises(InvalidConfigError):
        BetSizes(max_raises=-1)
    with pytest.raises(InvalidConfigError):
        SubgameSolver(Spot(**{**good, "ranges": ("KhKd", "AA")}))  # type: ignore[arg-type]
    s = SubgameSolver(Spot(**good))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        s.solve(target=-1)
    with pytest.raises(InvalidConfigError):
        s.node(["raise to 5"])
    with pytest.raises(RangeError):
        s.hand_strategy("7c6c")
    with pytest.raises(InvalidConfigError):
        s.solver.strategy(len(s.game.nodes))
    with pytest.raises(InvalidConfigError):
        s.solver.run(-1)


def test_the_c_core_refuses_malformed_trees() -> None:
    leaf = GameNode(SHOWDOWN, board=3)  # board 3 does not exist
    root = GameNode(PLAYER0, children=[leaf, GameNode(SHOWDOWN)])
    game = Game(root, 3, ([(0,)], [(1,)]), ([1.0], [1.0]), [([1], [0])])
    with pytest.raises(InvalidConfigError):
        CfrSolver(game)
    chance = GameNode(CHANCE, chance_probability=0.5, children=[GameNode(SHOWDOWN, card=7)])  # card 7 of a 3-card deck
    with pytest.raises(InvalidConfigError):
        CfrSolver(Game(GameNode(PLAYER1, children=[chance]), 3, ([(0,)], [(1,)]), ([1.0], [1.0]), [([1], [0])]))
    with pytest.raises(InvalidConfigError):
        Game(root, 3, ([(0, 0)], [(1,)]), ([1.0], [1.0]), [([1], [0])])  # a card twice
    with pytest.raises(InvalidConfigError):
        Game(root, 3, ([(0,)], [(1,)]), ([math.nan], [1.0]), [([1], [0])])


# ------------------------------------------------------------------ OpenSpiel
def test_leduc_and_kuhn_agree_with_open_spiel() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    for name, game, expected in (("kuhn_poker", toy_games.kuhn(), KUHN_VALUE), ("leduc_poker", toy_games.leduc(), LEDUC_VALUE)):
        spiel_game = pyspiel.load_game(name)
        cfr = pyspiel.CFRPlusSolver(spiel_game)
        for _ in range(300 if name == "leduc_poker" else 200):
            cfr.evaluate_and_update_policy()
        policy = cfr.average_policy()
        spiel_value = pyspiel.expected_returns(spiel_game.new_initial_state(), policy, -1, True)[0]
        solver = CfrSolver(game)
        solver.run(1000)
        ours = solver.evaluate().value[0] - 1
        assert abs(ours - spiel_value) < 1e-3, name
        assert abs(ours - expected) < 1e-3, name


def test_kuhn_exploitability_agrees_with_open_spiel() -> None:
    """Our Kuhn strategy, written as an OpenSpiel policy: OpenSpiel's
    exploitability of it equals ours."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("open_spiel.python.policy")
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    game = toy_games.kuhn()
    solver = CfrSolver(game)
    solver.run(15)  # not converged: a clear exploitability to compare
    spiel_game = pyspiel.load_game("kuhn_poker")
    tabular = policy_lib.TabularPolicy(spiel_game)
    # OpenSpiel's Kuhn information states: "<card><history>", card 0=J 1=Q 2=K,
    # history of p (pass: check or fold) and b (bet or call); actions 0=pass 1=bet
    for n in game.decision_nodes():
        history = "".join("p" if lab in ("check", "fold") else "b" for lab in game.path(n))
        rows = solver.strategy(n)  # children: (check, bet) or (fold, call)
        for card in range(3):
            key = f"{card}{history}"
            probs = tabular.policy_for_key(key)
            probs[0] = rows[0][card]
            probs[1] = rows[1][card]
    theirs = exploitability.exploitability(spiel_game, tabular)
    assert theirs == pytest.approx(solver.evaluate().exploitability, abs=1e-9)


# ------------------------------------------------------------------ the command
def test_solve_command_prints_json_and_text(capsys: Any, tmp_path: Any) -> None:
    import json

    from pokerkit_core.cli import main

    args = ["solve", "--board", "Kh 9c 5d 3s 2h", "--pot", "100", "--stack", "1000",
            "--oop", "KcKs, 7c6c", "--ip", "9d8d", "--bets", "1", "--raises", "none", "--no-all-in",
            "--max-raises", "0", "--target", "0.01", "--iterations", "5000"]
    assert main(args + ["--json", "--save", str(tmp_path / "s.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exploitability_pct_pot"] <= 0.01
    hands = {h["hand"]: h for h in out["node"]["hands"]}
    assert hands["7c6c"]["strategy"]["bet 100"] == pytest.approx(0.5, abs=5e-3)
    assert hands["KsKc"]["equity"] == 1.0  # combos are written higher card first
    assert main(["solve", "--load", str(tmp_path / "s.json"), "--node", "bet 100"]) == 0
    text = capsys.readouterr().out
    assert "node: bet 100 (IP to act)" in text
    assert "9d8d" in text
    assert main(["solve", "--board", "Kh 9c 5d 3s 2h"]) == 2  # missing arguments: a one-line error
    assert "--pot" in capsys.readouterr().err


def test_strategy_grid_averages_each_cell_over_its_combos(tmp_path: Any) -> None:
    from pokerkit_core.analysis.solver_plots import strategy_grid

    spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(1000, 1000), ranges=("KcKs, 7c6c", "9d8d"))
    s = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
    s.solve(target=0.001, max_iterations=5000)
    grid = strategy_grid(s)
    kk, seven_six = grid[1][1], grid[7][8]  # KK on the diagonal; 76s above it (row 7, column 8)
    assert kk is not None and kk["bet 100"] == pytest.approx(1.0, abs=1e-3)
    assert seven_six is not None and seven_six["bet 100"] == pytest.approx(0.5, abs=5e-3)
    assert sum(1 for row in grid for cell in row if cell is not None) == 2
    pytest.importorskip("matplotlib")
    from pokerkit_core.analysis.solver_plots import strategy_figure

    strategy_figure(s).savefig(tmp_path / "grid.png")
    assert (tmp_path / "grid.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_from_a_state_facing_a_bet_the_root_is_that_decision() -> None:
    from pokerkit_core.engine.actions import Bet, Call, Check

    config = GameConfig(stacks=(500, 500), small_blind=5, big_blind=10)
    state = deal(config, hole_cards=["AsAd", "7c6c"], board="Kh 9c 5d 3s 2h", seed=3)
    state = act(state, Call)
    state = act(state, Check)
    while state.street < 3:
        state = act(state, Check)
    state = act(state, Bet(15))  # the big blind (seat 1) bets 15 into 20 on the river
    s = SubgameSolver.from_state(state, {0: "AA, KK, 76s", 1: "QQ, 98s, A5s, 76s"})
    assert s.seats == (0, 1)  # the button, facing the bet, is solver player 0
    assert s.root_pot == 35
    assert s.actions(0)[:2] == ["fold", "call"]
    fold = s.game.nodes[s.node(["fold"])]
    assert fold.pot == 20 and fold.invested == (0.0, -15.0)  # the bet comes back: the bettor wins 20
    call = s.game.nodes[s.node(["call"])]
    assert call.pot == 50 and call.invested == (15.0, 0.0)
    assert all(a is None or a in legal_actions(state) for a in s.engine_actions(0))
    s.solve(target=1.0)
    assert sum(s.hand_strategy("AsAd").values()) == pytest.approx(1.0)
    with pytest.raises(SerializationError):
        s.to_json()  # a spot in the middle of a street cannot be rebuilt from its JSON


def test_a_time_budget_stops_the_solve_and_measures_once() -> None:
    spot = Spot(board="Qh Jh 7c 4d 2s", pot=60, stacks=(200, 200), ranges=("QQ, JJ, AQ, KQs, JTs, AhKh", "AA, KK, AQ, QT, JT"))
    s = SubgameSolver(spot)
    report = s.solve(target=0, max_iterations=10**9, time_limit=0.05)
    assert report.stopped == "time"
    assert 0 < report.iterations < 10**9
    assert report.exploitability == s.exploitability()


def test_summary_frequencies_weight_combos_by_their_reach() -> None:
    spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(1000, 1000), ranges=("KcKs, 7c6c", "9d8d"))
    s = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
    s.solve(target=0.001, max_iterations=5000)
    root = s.summary(0)
    assert root["frequencies"]["bet 100"] == pytest.approx(0.75, abs=5e-3)  # nuts always, air half
    facing = s.node(["bet 100"])
    assert s.reach(0, facing)[s.hand_index(0, "7c6c")] == pytest.approx(0.5, abs=5e-3)
    # after a check, player 0 holds only the air that did not bluff
    checked = s.reach(0, s.node(["check"]))
    assert checked[s.hand_index(0, "KcKs")] == pytest.approx(0.0, abs=1e-3)
    assert s.summary(facing)["frequencies"]["call"] == pytest.approx(0.5, abs=5e-3)


def test_ev_at_a_node_and_the_actions_an_ai_reads() -> None:
    from pokerkit_core.engine.actions import Bet, Check

    spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(1000, 1000), ranges=("KcKs, 7c6c", "9d8d"))
    s = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
    s.solve(target=0.001, max_iterations=5000)
    facing = s.node(["bet 100"])
    # facing the bet, 9d8d sees the nuts twice as often as air (1 : 0.5);
    # calling and folding are worth the same: folding gives 0
    assert s.ev(1, facing)[0] == pytest.approx(0.0, abs=0.5)
    # the nuts after a bet: player 1 calls half the time, so 100 + 0.5 * 100
    assert s.ev(0, facing)[s.hand_index(0, "KcKs")] == pytest.approx(150, abs=0.5)
    actions = s.action_probabilities("7c6c")
    assert [a for a, _ in actions] == [Check, Bet(100)]
    assert sum(p for _, p in actions) == pytest.approx(1.0)


def test_suit_isomorphism_merges_branches_and_changes_nothing() -> None:
    """On Ks 8s 5s 2h no diamond or club is on the board, and the ranges
    treat the two suits alike: each river diamond's branch is the image of
    the club's under the swap of the two suits.  The solver keeps one of
    each pair (35 river branches instead of 48) and must give the same
    values, strategies and equities as the full tree."""
    spot = Spot(board="Ks 8s 5s 2h", pot=40, stacks=(80, 80), ranges=("AA, KQ, 98s, 76s, A5s", "QQ, AK, JTs, 65s, 87"))
    sizes = BetSizes(bets=(0.75,), raises=(1.0,), max_raises=1)
    merged = SubgameSolver(spot, sizes)
    full = SubgameSolver(spot, sizes, suit_isomorphism=False)
    assert len(merged.symmetries) == 2 and len(full.symmetries) == 1
    chance = merged.game.nodes[merged.node(["check", "check"])]
    assert chance.kind == CHANCE and len(chance.children) == 35
    assert len(merged.game.nodes) < len(full.game.nodes)
    for s in (merged, full):
        s.solver.run(40)
    a, b = merged.evaluate(), full.evaluate()
    for x, y in zip(a.best_response + a.value, b.best_response + b.value):
        assert x == pytest.approx(y, abs=1e-4)
    assert merged.exploitability() == pytest.approx(full.exploitability(), abs=1e-3)
    for p in (0, 1):
        assert merged.equity(p) == pytest.approx(full.equity(p), abs=1e-12)
        assert merged.ev(p) == pytest.approx(full.ev(p), abs=1e-3)
    for label, row in merged.strategy(0).items():
        assert row == pytest.approx(full.strategy(0)[label], abs=1e-4)
    # a river card merged into its twin is named as such
    with pytest.raises(InvalidConfigError, match="merged"):
        merged.node(["check", "check", "Ad"] if "Ac" in merged.actions(merged.node(["check", "check"])) else ["check", "check", "Ac"])
    # a lock that treats a hand and its suit image differently is refused
    root = merged.strategy(0)
    i = merged.hand_index(0, "AdAs")
    j = merged.hand_index(0, "AcAs")
    uneven = {label: [float(k == i) if n == 0 else float(k != i) for k in range(len(row))] for n, (label, row) in enumerate(root.items())}
    with pytest.raises(InvalidConfigError, match="suit"):
        merged.lock(0, uneven)
    assert i != j


def test_sampled_runouts_deal_the_sample_and_the_whole_deck_is_exact(tmp_path: Any) -> None:
    """A RunoutSample deals its count of river cards, the same ones for the
    same spot and seed, other ones for another seed; a sample as large as
    the deck is the exact tree; it survives save/load; it refuses suit
    isomorphism and bad counts."""
    spot = Spot(board="Ks 8h 5d 2c", pot=40, stacks=(60, 60), ranges=("AK, 88, 55, 76s, AhQh", "KQ, K8s, 99, 9s8s, 43s"))
    sizes = BetSizes(bets=(0.75,), raises=(1.0,), max_raises=1)
    sampled = SubgameSolver(spot, sizes, suit_isomorphism=False, runouts=RunoutSample(turns=1, rivers=5))
    chance = sampled.game.nodes[sampled.node(["check", "check"])]
    assert chance.kind == CHANCE and len(chance.children) == 5
    assert chance.chance_probability == pytest.approx(48 / (5 * 44))  # a pair sees 44 of 48 cards
    again = SubgameSolver(spot, sizes, suit_isomorphism=False, runouts=RunoutSample(turns=1, rivers=5))
    other = SubgameSolver(spot, sizes, suit_isomorphism=False, runouts=RunoutSample(turns=1, rivers=5, seed=3))
    cards = lambda s: s.actions(s.node(["check", "check"]))  # noqa: E731
    assert cards(sampled) == cards(again) and cards(sampled) != cards(other)
    whole = SubgameSolver(spot, sizes, suit_isomorphism=False, runouts=RunoutSample(turns=1, rivers=48))
    full = SubgameSolver(spot, sizes, suit_isomorphism=False)
    for s in (whole, full):
        s.solver.run(30)
    assert whole.exploitability() == pytest.approx(full.exploitability(), abs=1e-9)
    assert whole.ev(0) == pytest.approx(full.ev(0), abs=1e-9)
    sampled.solve(target=0, max_iterations=30)
    sampled.save(tmp_path / "sampled.json")
    loaded = SubgameSolver.load(tmp_path / "sampled.json")
    assert loaded.runouts == RunoutSample(turns=1, rivers=5)
    assert loaded.exploitability() == pytest.approx(sampled.exploitability(), abs=1e-12)
    with pytest.raises(InvalidConfigError, match="suit_isomorphism"):
        SubgameSolver(spot, sizes, runouts=RunoutSample(turns=1, rivers=5))
    for bad in (0, 49, 2.0, True):
        with pytest.raises(InvalidConfigError):
            RunoutSample(turns=1, rivers=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        SubgameSolver(spot, sizes, suit_isomorphism=False, runouts=(1, 5))  # type: ignore[arg-type]


def test_leduc_agrees_with_open_spiel_universal_poker() -> None:
    """OpenSpiel's universal_poker (the ACPC game definitions) set up as
    Leduc: limit betting, 1 chip from each player before the deal (blinds
    of 1 and 1 act as antes), bets of 2 then 4, two per round, six cards of
    three ranks, one hole card, one board card in the second round; hands
    of two cards rank a pair first, then by the higher card (the same order
    as Leduc's).  Its CFR+ value and this core's agree within 1e-3."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("universal_poker", {
        "betting": "limit", "numPlayers": 2, "numRounds": 2, "blind": "1 1", "raiseSize": "2 4",
        "firstPlayer": "1 1", "maxRaises": "2 2", "numSuits": 2, "numRanks": 3, "numHoleCards": 1,
        "numBoardCards": "0 1", "stack": "100 100",
    })
    cfr = pyspiel.CFRPlusSolver(game)
    for _ in range(200):
        cfr.evaluate_and_update_policy()
    theirs = pyspiel.expected_returns(game.new_initial_state(), cfr.average_policy(), -1, True)[0]
    solver = CfrSolver(toy_games.leduc())
    solver.run(1000)
    assert abs(solver.evaluate().value[0] - 1 - theirs) < 1e-3
