"""Sit-and-go tournaments: schedules, mode presets, rankings (RULES.md 5)."""

from __future__ import annotations

import json
import random
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bots import CallBot, ShoveBot
from pokerkit_core.engine.actions import Action, AllIn, Bet, Call, Check, Fold, Raise
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.engine.events import BlindPosted
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.policy import Policy, available_policies, load_policy
from pokerkit_core.engine.rules import BettingStructure, GameConfig, Street
from pokerkit_core.engine.state import act, deal, legal_actions
from pokerkit_core.engine.positions import ButtonRule
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession
from pokerkit_core.tables.tournament import (
    DEFAULT_SCHEDULE,
    BlindLevel,
    BlindSchedule,
    Tournament,
    TournamentConfig,
    TournamentMode,
    player_names,
    rank_players,
    run_tournament,
)


class RandomBot:
    """Uniform among the legal kinds, uniform raise-to sizes."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        action = self.rng.choice(legal.actions())
        if action.to and legal.max_raise_to > legal.min_raise_to and self.rng.random() < 0.5:
            action = Action(action.kind, self.rng.randint(legal.min_raise_to, legal.max_raise_to))
        return action


class PassiveBot(RandomBot):
    """Mostly checks or calls; sometimes folds or makes a minimum raise."""

    name = "passive"

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        roll = self.rng.random()
        if roll < 0.1 and legal.can_fold:
            return Fold
        if roll > 0.9 and legal.can_bet:
            return Bet(legal.min_raise_to)
        if roll > 0.9 and legal.can_raise:
            return Raise(legal.min_raise_to)
        return Check if legal.can_check else Call


def posted(state: object, kind: str) -> list[tuple[int, int]]:
    return [
        (e.seat, e.amount)
        for e in state.history  # type: ignore[attr-defined]
        if isinstance(e, BlindPosted) and e.kind == kind
    ]


# -- blind schedules ---------------------------------------------------------------


def test_c46_levels_persist() -> None:
    schedule = BlindSchedule((BlindLevel(1, 5, 10), BlindLevel(2, 10, 20, ante=5)))
    assert schedule.blinds_at(1) == Blinds(5, 10, 0)
    for hand in (2, 3, 4, 50):
        assert schedule.blinds_at(hand) == Blinds(10, 20, 5)
    config = TournamentConfig(players=3, schedule=schedule, max_hands=4)
    result = run_tournament(config, [CallBot(), CallBot(), CallBot()], seed=1)
    assert result.hand_count == 4
    seen = [
        (s.config.small_blind, s.config.big_blind, s.config.ante) for s in result.hands
    ]
    assert seen == [(5, 10, 0), (10, 20, 5), (10, 20, 5), (10, 20, 5)]
    # posted as configured: three antes of 5 from hand 2 on, none in hand 1
    assert posted(result.hands[0], "ante") == []
    assert [a for _, a in posted(result.hands[2], "ante")] == [5, 5, 5]
    assert [a for _, a in posted(result.hands[3], "big blind")] == [20]


def test_schedule_validation() -> None:
    with pytest.raises(InvalidConfigError):
        BlindSchedule(())
    with pytest.raises(InvalidConfigError):
        BlindSchedule((BlindLevel(2, 5, 10),))
    with pytest.raises(InvalidConfigError):
        BlindSchedule((BlindLevel(1, 5, 10), BlindLevel(1, 10, 20)))
    with pytest.raises(InvalidConfigError):
        BlindLevel(0, 5, 10)
    with pytest.raises(InvalidConfigError):
        BlindLevel(3, 30, 20)
    with pytest.raises(InvalidConfigError):
        DEFAULT_SCHEDULE.blinds_at(0)


def test_every_builds_levels_by_hand_count() -> None:
    schedule = BlindSchedule.every(5, [(10, 20), (20, 40, 5)])
    assert [lv.from_hand for lv in schedule.levels] == [1, 6]
    assert schedule.blinds_at(5) == Blinds(10, 20) and schedule.blinds_at(6) == Blinds(20, 40, 5)


# -- RULES.md section 5, line by line ---------------------------------------------


@pytest.mark.parametrize("mode", list(TournamentMode))
def test_rule_fixed_number_of_players_each_start_with_1000(mode: TournamentMode) -> None:
    config = TournamentConfig.preset(mode)
    assert config.starting_stack == 1000
    assert config.table_config().stacks == (1000,) * config.players


def test_rule_players_who_lose_all_their_chips_are_eliminated() -> None:
    result = run_tournament(
        TournamentConfig(players=3), [ShoveBot(), ShoveBot(), ShoveBot()], seed=2
    )
    out = {p.seat: p.eliminated_in for p in result.ranking if p.eliminated_in}
    assert len(out) == 2
    for seat, hand in out.items():
        assert result.records[hand - 1].final_stacks[seat] == 0
        for later in result.records[hand:]:
            assert later.starting_stacks[seat] == 0  # never dealt in again


def test_rule_blinds_rise_after_a_fixed_number_of_hands_then_antes() -> None:
    levels = DEFAULT_SCHEDULE.levels
    gaps = {b.from_hand - a.from_hand for a, b in zip(levels, levels[1:])}
    assert gaps == {10}
    bigs = [lv.big_blind for lv in levels]
    assert bigs == sorted(bigs) and len(set(bigs)) == len(bigs)
    antes = [lv.ante for lv in levels]
    first_ante = next(i for i, a in enumerate(antes) if a)
    assert all(antes[first_ante:]) and not any(antes[:first_ante])
    assert levels[first_ante].big_blind >= 100  # "once the blinds are high"
    assert DEFAULT_SCHEDULE.blinds_at(1) == Blinds(10, 20)


def test_rule_ranking_reverse_elimination_same_hand_by_chips_ties_share() -> None:
    names = ["a", "b", "c", "d", "e", "f"]
    ranking = rank_players(
        names,
        [6000, 0, 0, 0, 0, 0],
        {1: (9, 400), 2: (9, 700), 3: (4, 300), 4: (4, 300), 5: (2, 1000)},
    )
    assert [(p.place, p.name) for p in ranking] == [
        (1, "a"),
        (2, "c"),  # busted last, more chips at the start of hand 9
        (3, "b"),
        (4, "d"),  # same hand, same chips: shared place
        (4, "e"),
        (6, "f"),
    ]


def test_rule_fixed_limit_end_ranks_survivors_by_chips_ties_share() -> None:
    ranking = rank_players(["a", "b", "c", "d"], [1500, 1000, 1500, 0], {3: (20, 200)})
    assert [(p.place, p.name, p.chips) for p in ranking] == [
        (1, "a", 1500),
        (1, "c", 1500),
        (3, "b", 1000),
        (4, "d", 0),
    ]


def test_rule_dead_button_default_heads_up_rule_moving_option() -> None:
    assert TournamentConfig.preset(TournamentMode.NO_LIMIT).button_rule is ButtonRule.DEAD_BUTTON
    config = TournamentConfig(players=3, button_rule=ButtonRule.MOVING_BUTTON)
    assert config.table_config().button_rule is ButtonRule.MOVING_BUTTON
    # heads-up rule once two remain: the button posts the small blind
    result = run_tournament(
        TournamentConfig(players=3), [ShoveBot(), ShoveBot(), ShoveBot()], seed=2
    )
    for record in result.records:
        if sum(1 for s in record.starting_stacks if s) == 2:
            state = record.state
            assert state is not None
            assert state.config.button == state.config.small_blind_seat


def test_rule_short_player_is_all_in_ante_first() -> None:
    session = TableSession(
        TableConfig(stacks=(7, 1000, 1000), blinds=Blinds(10, 20, ante=5), button=1),
        [CallBot(), CallBot(), CallBot()],
        seed=0,
    )
    record = session.play_hand()
    state = record.state
    assert state is not None
    # seat 0 is the big blind (button 1, SB 2): ante 5 first, then 2 of the blind
    assert (0, 5) in posted(state, "ante")
    assert posted(state, "big blind") == [(0, 2)]
    assert state.contributions[0] == 7 and record.starting_stacks[0] == 7
    # it can win at most what its 7 chips cover: 7 from each of the others
    assert record.results[0] <= 14


def test_mode_no_limit_six_players_all_in_any_time() -> None:
    config = TournamentConfig.preset(TournamentMode.NO_LIMIT)
    assert (config.players, config.betting, config.max_hands) == (
        6,
        BettingStructure.NO_LIMIT,
        None,
    )
    state = deal(_first_game(config), seed=1)
    assert AllIn in legal_actions(state)


def test_mode_heads_up_two_players() -> None:
    config = TournamentConfig.preset("headsup")
    assert (config.players, config.betting, config.max_hands) == (
        2,
        BettingStructure.NO_LIMIT,
        None,
    )
    assert AllIn in legal_actions(deal(_first_game(config), seed=1))


def test_mode_fixed_limit_four_players_bets_fixed_24_hands() -> None:
    config = TournamentConfig.preset(TournamentMode.FIXED_LIMIT)
    assert (config.players, config.betting, config.max_hands) == (
        4,
        BettingStructure.FIXED_LIMIT,
        24,
    )
    assert config.raise_cap == 4
    state = deal(_first_game(config), seed=1)
    big = state.config.big_blind
    # pre-flop: raise by one big blind
    legal = legal_actions(state)
    assert legal.min_raise_to == legal.max_raise_to == 2 * big
    while state.street is Street.PREFLOP:
        state = act(state, Check if legal_actions(state).can_check else Call)
    legal = legal_actions(state)
    assert legal.min_raise_to == legal.max_raise_to == big  # flop: one big blind
    while state.street is Street.FLOP:
        state = act(state, Check)
    legal = legal_actions(state)
    assert legal.min_raise_to == legal.max_raise_to == 2 * big  # turn: two big blinds
    # the game ends after 24 hands even with four players left, ranked by chips
    result = run_tournament(config, [CallBot() for _ in range(4)], seed=3)
    assert result.hand_count == 24
    chips = [p.chips for p in result.ranking]
    assert chips == sorted(chips, reverse=True) and sum(chips) == 4000


def test_rule_fixed_limit_raise_cap_four_bets() -> None:
    state = deal(_first_game(TournamentConfig.preset("fixedlimit")), seed=1)
    raises = 0
    while legal_actions(state).can_raise:
        state = act(state, Action.parse(f"r {legal_actions(state).min_raise_to}"))
        raises += 1
    assert raises == 3  # the big blind is the first of four bets
    assert legal_actions(state).is_capped


def test_rule_schedule_supplied_by_caller() -> None:
    mine = BlindSchedule.every(1, [(1, 2), (2, 4), (3, 6, 1)])
    config = TournamentConfig.preset("fixedlimit", schedule=mine)
    result = run_tournament(config, [CallBot() for _ in range(4)], seed=1)
    assert [s.config.big_blind for s in result.hands[:4]] == [2, 4, 6, 6]
    assert result.hands[3].config.ante == 1


def _first_game(config: TournamentConfig) -> GameConfig:
    session = TableSession(config.table_config(), [CallBot()] * config.players)
    return session.next_game_config()


def test_unknown_mode_and_bad_players() -> None:
    with pytest.raises(InvalidConfigError):
        TournamentConfig.preset("omaha")
    with pytest.raises(InvalidConfigError):
        Tournament(TournamentConfig.preset("headsup"), [CallBot()])
    with pytest.raises(InvalidConfigError):
        Tournament(TournamentConfig.preset("headsup"), [CallBot(), CallBot()], names=["x", "x"])
    assert player_names(["normal", "hard", "normal", "normal"]) == (
        "normal",
        "hard",
        "normal#2",
        "normal#3",
    )


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": "6"},
        {"players": 6.0},
        {"players": True},
        {"players": 2, "starting_stack": "1000"},
        {"players": 2, "starting_stack": True},
        {"players": 2, "max_hands": "24"},
        {"players": 2, "max_hands": True},
        {"players": 2, "raise_cap": 4.0},
        {"players": 2, "raise_cap": True},
        {"players": 2, "betting": "nolimit"},
        {"players": 2, "button_rule": "dead"},
        {"players": 2, "schedule": ((10, 20),)},
    ],
)
def test_config_refuses_wrong_types(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidConfigError):
        TournamentConfig(**kwargs)  # type: ignore[arg-type]


# -- whole tournaments ----------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(mode=st.sampled_from(list(TournamentMode)), seed=st.integers(0, 2**32 - 1))
def test_whole_tournaments_conserve_chips_follow_schedule_rank_everyone(
    mode: TournamentMode, seed: int
) -> None:
    config = TournamentConfig.preset(mode)
    rng = random.Random(seed)
    kinds: list[Callable[[int], Policy]] = [RandomBot, PassiveBot]
    if "random" in available_policies():  # the registered baseline too
        kinds.append(lambda seed: load_policy("random", seed=seed))
    players = [rng.choice(kinds)(rng.getrandbits(32)) for _ in range(config.players)]
    tournament = Tournament(
        config, players, seed=seed, button=rng.randrange(config.players)
    )
    result = tournament.run()
    total = config.players * config.starting_stack
    for record in result.records:
        assert sum(record.starting_stacks) == sum(record.final_stacks) == total
        state = record.state
        assert state is not None
        blinds = config.schedule.blinds_at(record.hand_number)
        assert (state.config.small_blind, state.config.big_blind, state.config.ante) == (
            blinds.small_blind,
            blinds.big_blind,
            blinds.ante,
        )
    ranking = result.ranking
    assert sorted(p.seat for p in ranking) == list(range(config.players))
    assert ranking[0].place == 1
    assert [p.place for p in ranking] == sorted(p.place for p in ranking)
    assert sum(p.chips for p in ranking) == total
    if config.max_hands is None:
        assert [p.chips for p in ranking] == [total] + [0] * (config.players - 1)
        assert all(p.eliminated_in for p in ranking[1:])
        # places: 1 + number of players ranked strictly better
        for p in ranking:
            assert p.place == 1 + sum(1 for q in ranking if q.place < p.place)
    else:
        assert result.hand_count <= config.max_hands
    assert not result.faults


# -- command line ---------------------------------------------------------------------


def test_cli_tournament_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerkit_core.cli import main, tournament_cmd

    monkeypatch.setattr(tournament_cmd, "load_policy", lambda name, seed=None: RandomBot(seed or 0))
    status = main(
        ["tournament", "--mode", "headsup", "--players", "normal,normal", "--seed", "7",
         "--runs", "3", "--json"]
    )
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["runs"] == 3 and len(data["results"]) == 3
    for run in data["results"]:
        assert sorted(run["ranking"]) == ["normal", "normal#2"]
        assert run["hands"] >= 1
    assert set(data["summary"]) == {"normal", "normal#2"}
    assert sum(row["wins"] for row in data["summary"].values()) == 3
    # same seed, same tournaments
    main(["tournament", "--mode", "headsup", "--players", "normal,normal", "--seed", "7",
          "--runs", "3", "--json"])
    assert json.loads(capsys.readouterr().out) == data


def test_cli_tournament_text_and_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerkit_core.cli import main, tournament_cmd

    monkeypatch.setattr(tournament_cmd, "load_policy", lambda name, seed=None: RandomBot(seed or 0))
    assert main(["tournament", "--mode", "fixedlimit", "--players", "a,b,a,c", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for name in ("a", "b", "a#2", "c"):
        assert f" {name} " in out
    assert main(["tournament", "--mode", "headsup", "--players", "a,b,c"]) == 2
    assert "seats 2 players" in capsys.readouterr().err
    # a no-limit sit-and-go seats as many players as are named, up to 10
    assert main(["tournament", "--mode", "nolimit", "--players", ",".join("abcdefghij"),
                 "--seed", "2", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["results"][0]["ranking"]) == 10
    assert main(["tournament", "--mode", "nolimit", "--players", ",".join("abcdefghijk")]) == 2
    assert "players must be an int from 2 to 10" in capsys.readouterr().err


def test_cli_tournament_with_the_registered_ais(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main
    from pokerkit_core.engine.policy import available_policies

    needed = {"hard", "normal", "easy", "random"}
    if not needed <= set(available_policies()):
        pytest.skip("the built-in AIs are not registered (reinstall the package)")
    players = "hard,normal,normal,easy,easy,random"
    assert main(["tournament", "--mode", "nolimit", "--players", players, "--seed", "7",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (run,) = data["results"]
    assert sorted(run["ranking"]) == sorted(
        ["hard", "normal", "normal#2", "easy", "easy#2", "random"]
    )
    assert run["chips"][0] == 6000 and run["places"][0] == 1 and run["faults"] == 0
    assert data["policies"]["normal"]["seats"] == 2


def test_cli_tournament_isolated_gives_the_in_process_result(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerkit_core.cli import main, tournament_cmd
    from pokerkit_core.ai.policies.baselines import RandomPolicy

    monkeypatch.setattr(tournament_cmd, "load_policy", lambda name, seed=None: RandomPolicy(seed=seed))
    args = ["tournament", "--mode", "headsup", "--players", "a,b", "--seed", "5", "--runs", "2", "--json"]
    assert main(args) == 0
    in_process = json.loads(capsys.readouterr().out)
    assert main(args + ["--isolate", "--decision-timeout", "30"]) == 0
    isolated = json.loads(capsys.readouterr().out)
    assert isolated == in_process  # deterministic bots: the same tournaments
    assert all(run["faults"] == 0 for run in isolated["results"])
    # a time limit needs --isolate (TournamentConfig refuses it, exit status 2)
    assert main(args + ["--decision-timeout", "1"]) == 2
    assert "decision_timeout" in capsys.readouterr().err
