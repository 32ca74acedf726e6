"""The OpenSpiel game (pokerkit_core.envs.openspiel): OpenSpiel's own checks
and algorithms on it, and its facts against the engine's."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from open_spiel.python.algorithms import cfr, exploitability, external_sampling_mccfr  # noqa: E402

from pokerkit_core.engine.rules import GameConfig  # noqa: E402
from pokerkit_core.envs import openspiel as ours  # noqa: E402
from pokerkit_core.evaluation.cards import parse_cards  # noqa: E402
from pokerkit_core.errors import InvalidConfigError  # noqa: E402

SMALL = {"stack": 4, "small_blind": 1, "big_blind": 2, "deck": "AsAhKsQs", "board": "2c3d7h8sTc"}


def _codes(text: str) -> list[int]:
    return [card.code for card in parse_cards(text)]


@pytest.mark.parametrize(
    "params",
    [
        {},
        SMALL,
        {"players": 6, "stack": 1_000, "small_blind": 10, "big_blind": 20, "hands": 3, "carry": True},
        {"players": 10, "stack": 600, "small_blind": 10, "big_blind": 20, "hands": 2},
    ],
)
def test_openspiel_random_simulation_checks(params: dict[str, object]) -> None:
    """pyspiel's random simulation test (legal actions, chance outcomes,
    tensors and strings of every player at every state, returns)."""
    game = pyspiel.load_game(ours.GAME_NAME, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_registered_config_game() -> None:
    config = GameConfig(stacks=(300, 500, 800), small_blind=10, big_blind=20, ante=5)
    name = ours.register_game(config, "pokerkit_test_three_seats")
    game = pyspiel.load_game(name, {"hands": 2, "carry": True})
    assert game.num_players() == 3 and game.num_distinct_actions() == 1_602
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    for bad_name in (name, "no spaces", ""):
        with pytest.raises(InvalidConfigError):
            ours.register_game(config, bad_name)
    with pytest.raises(InvalidConfigError):
        ours.register_game(GameConfig.no_limit(players=2, boards=2), "pokerkit_test_two_boards")


def test_a_scripted_hand_exact_amounts_and_returns() -> None:
    """ACPC heads-up: the deal as chance outcomes, raise-to ids, exact chips
    in both tensors, returns in big blinds."""
    game = pyspiel.load_game(ours.GAME_NAME)
    state = game.new_initial_state()
    for code in _codes("AsKs2c7d"):  # seat 0 (the button): AsKs; seat 1: 2c7d
        assert state.is_chance_node() and code in dict(state.chance_outcomes())
        state.apply_action(code)
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert legal[:3] == [ours.FOLD, ours.CHECK_CALL, 1 + 200] and legal[-1] == 1 + 20_000
    state.apply_action(1 + 250)  # the small blind raises to 250
    assert state.current_player() == 1
    observation = state.observation_tensor(1)
    assert observation[109] == 350.0  # pot, chips
    assert observation[110] == 150.0  # to call, chips
    info = state.information_state_tensor(1)
    size = len(observation)
    slots = info[size + 1 :]  # after the hand number (one hand)
    assert list(slots[:8]) == [1, 3, 250, 1, 0, 0, 0, 0]  # seat 0 + 1, raise, to 250, pre-flop + 1
    assert len(slots) == 4 * 2 * (20_000 // 100 + 2 + 5)
    text = state.information_state_string(1)
    assert "hole 2c7d" in text and "0:raise250" in text and "AsKs" not in text
    state.apply_action(ours.FOLD)
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]  # the big blind's 100 chips, one big blind


def test_run_out_deals_chance_cards_and_pays_the_best_hand() -> None:
    game = pyspiel.load_game(ours.GAME_NAME, {"stack": 1_000, "small_blind": 50, "big_blind": 100})
    state = game.new_initial_state()
    for code in _codes("AsAd2c7d"):
        state.apply_action(code)
    state.apply_action(1 + 1_000)  # all-in
    state.apply_action(ours.CHECK_CALL)
    board = _codes("AhAc3s4d9h")
    for k, code in enumerate(board):
        assert state.is_chance_node(), k
        # before the cards are dealt, nobody sees a settled showdown
        assert "stacks 0 0" in state.observation_string(0)
        state.apply_action(code)
    assert state.is_terminal() and state.returns() == [10.0, -10.0]


def test_legal_actions_are_the_engines() -> None:
    """Random episodes: every decision lists exactly the engine's legal
    actions (fold when facing a bet, every raise-to from min to max)."""
    game = pyspiel.load_game(ours.GAME_NAME, {"players": 3, "stack": 500, "small_blind": 10, "big_blind": 20})
    pick = random.Random(4)
    decisions = 0
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _a, p in outcomes) == pytest.approx(1.0)
                state.apply_action(pick.choice(outcomes)[0])
                continue
            legal = state._s.state.legal_actions()
            expected = ([0] if legal.can_fold else []) + [1]
            if legal.can_bet or legal.can_raise:
                expected += list(range(1 + legal.min_raise_to, 2 + legal.max_raise_to))
            assert state.legal_actions() == expected
            state.apply_action(pick.choice(expected))
            decisions += 1
        assert sum(state.returns()) == pytest.approx(0.0)
    assert decisions > 60


def test_python_fast_paths_equal_openspiels_own() -> None:
    """``state.legal_actions()`` and the tensors answered from Python equal
    what OpenSpiel's C++ methods return through the same state (chance,
    decision and terminal nodes; the player to act, another seat, bad seats
    raise as OpenSpiel's do)."""
    game = pyspiel.load_game(ours.GAME_NAME, {"players": 3, "stack": 300, "small_blind": 5, "big_blind": 10})
    pick = random.Random(9)
    nodes = 0
    for _ in range(20):
        state = game.new_initial_state()
        while True:
            to_act = state.current_player()
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for seat in range(3):
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
                assert state.information_state_tensor(seat) == pyspiel.State.information_state_tensor(state, seat)
                assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
            if to_act >= 0:
                assert state.information_state_tensor() == pyspiel.State.information_state_tensor(state)
                assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
            else:
                with pytest.raises(pyspiel.SpielError):
                    state.information_state_tensor()
            for bad in (-1, 3):
                with pytest.raises(pyspiel.SpielError):
                    state.observation_tensor(bad)
            nodes += 1
            if state.is_terminal():
                break
            state.apply_action(pick.choice(state.legal_actions()))
    assert nodes > 200


def test_cfr_converges_on_a_small_game() -> None:
    """OpenSpiel's CFR on a small-stack heads-up game (four-card deck, fixed
    board): OpenSpiel's exploitability of the average policy falls."""
    game = pyspiel.load_game(ours.GAME_NAME, SMALL)
    solver = cfr.CFRSolver(game)
    values = []
    for iteration in range(1, 11):
        solver.evaluate_and_update_policy()
        if iteration in (1, 5, 10):
            values.append(exploitability.exploitability(game, solver.average_policy()))
    assert values[0] > values[1] > values[2]
    assert values[2] < 0.15 < values[0]


def test_external_sampling_mccfr_runs() -> None:
    game = pyspiel.load_game(ours.GAME_NAME, {"stack": 600, "small_blind": 50, "big_blind": 100})
    solver = external_sampling_mccfr.ExternalSamplingSolver(game, external_sampling_mccfr.AverageType.SIMPLE)
    for _ in range(3):
        solver.iteration()
    assert solver._infostates  # regrets recorded at some information states


def test_bad_parameters_are_refused() -> None:
    for params in ({"hands": 0}, {"deck": "AsAs"}, {"deck": "AsKs"}, {"board": "AsKs"}, {"deck": "AsKsQsJs", "board": "AsKd2c3c4c"}):
        with pytest.raises(InvalidConfigError):
            pyspiel.load_game(ours.GAME_NAME, params)
