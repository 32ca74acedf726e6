"""Hostile arguments to table sessions and tournaments: each is refused with a
specific :class:`~pokerkit_core.errors.PokerError` naming what was wrong."""

from __future__ import annotations

import itertools
from enum import IntEnum
from typing import Any

import numpy as np
import pytest

from bots import CallBot
from pokerkit_core.errors import InvalidConfigError, PokerError, PolicyError
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.rules import BettingStructure, Street
from pokerkit_core.engine.positions import ButtonRule, Positions, first_positions, next_positions
from pokerkit_core.tables.session import (
    Blinds,
    StackMode,
    StopSession,
    TableConfig,
    TableSession,
)
from pokerkit_core.tables.tournament import (
    DEFAULT_SCHEDULE,
    MAX_LEVELS,
    BlindLevel,
    BlindSchedule,
    Tournament,
    TournamentConfig,
    TournamentMode,
    eliminations,
    player_names,
    rank_players,
    run_tournament,
)

HUGE = 10**5000  # str() of it raises in Python 3.11+: messages must not format it
BASE = TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), max_hands=3)


def bots(n: int = 2) -> list[CallBot]:
    return [CallBot() for _ in range(n)]


class HookBot(CallBot):
    """A call bot whose hooks raise."""

    def __init__(self, started: BaseException | None, ended: BaseException | None) -> None:
        self.started = started
        self.ended = ended

    def hand_started(self, observation: Observation) -> None:
        if self.started is not None:
            raise self.started

    def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
        if self.ended is not None:
            raise self.ended


# -- finding 1: enum and bool options ------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("stack_mode", "reset", "pass StackMode.RESET"),
        ("stack_mode", 1, "StackMode.CARRY, StackMode.RESET"),
        ("button_rule", "x", "ButtonRule.DEAD_BUTTON, ButtonRule.MOVING_BUTTON"),
        ("button_rule", StackMode.CARRY, "button_rule must be a ButtonRule"),
        ("betting", "nolimit", "betting must be a BettingStructure"),
        ("keep_hands", "no", "keep_hands must be True or False"),
        ("keep_hands", 1, "keep_hands must be True or False"),
        ("strict", None, "strict must be True or False"),
        ("strict", np.bool_(True), "strict must be True or False"),
    ],
)
def test_table_config_refuses_bad_enum_and_bool_options(
    field: str, value: object, fragment: str
) -> None:
    with pytest.raises(InvalidConfigError, match=fragment.replace(".", r"\.")):
        TableConfig(stacks=(100, 100), **{field: value})


def test_table_config_reset_mode_really_resets() -> None:
    config = TableConfig(
        stacks=(1000, 1000), blinds=Blinds(5, 10), stack_mode=StackMode.RESET, max_hands=2
    )
    session = TableSession(config, bots(), seed=1)
    session.run()
    assert all(r.starting_stacks == (1000, 1000) for r in session.records)


# -- finding 2: stacks and blinds ----------------------------------------------


@pytest.mark.parametrize(
    ("stacks", "fragment"),
    [
        (5, "stacks must be a sequence"),
        (None, "stacks must be a sequence"),
        ("100,100", "stacks must be a sequence"),
        ({100, 200}, "stacks must be a sequence"),
        ({0: 100, 1: 100}, "stacks must be a sequence"),
        ((100,), "2 to 10 seats, got 1"),
        ((100,) * 11, "more than 10"),
        (itertools.count(1), "more than 10"),  # endless: must not hang
        ((100, True), r"stacks\[1\] must be an int"),
        ((100, Street.FLOP), r"stacks\[1\] must be an int"),
        ((100, 1.5), r"stacks\[1\] must be an int"),
        ((100, -1), r"stacks\[1\] must be an int from 0"),
        ((HUGE, 100), "about 5001 digits"),
        ((100, 0), "at least two players"),
    ],
)
def test_table_config_refuses_bad_stacks(stacks: object, fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        TableConfig(stacks=stacks)


def test_table_config_takes_generators_and_numpy_ints() -> None:
    config = TableConfig(stacks=np.array([100, 0, 200]), button=np.int64(2), raise_cap=np.int8(3))
    assert config.stacks == (100, 0, 200) and type(config.stacks[0]) is int
    assert type(config.button) is int and config.raise_cap == 3
    assert TableConfig(stacks=(s for s in (5, 5))).stacks == (5, 5)


@pytest.mark.parametrize("blinds", ["x", (5, 10), None, 10])
def test_table_config_refuses_blinds_without_blinds_at(blinds: object) -> None:
    with pytest.raises(InvalidConfigError, match="blinds must be a Blinds or a BlindSource"):
        TableConfig(stacks=(100, 100), blinds=blinds)


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("button", True, "button must be an int"),
        ("button", 2, "button must be an int from 0 to 1"),
        ("button", "0", "button must be an int"),
        pytest.param("button", HUGE, "about 5001 digits", id="button-huge"),
        ("raise_cap", 0, "raise_cap must be an int from 1"),
        ("raise_cap", False, "raise_cap must be an int"),
        ("max_hands", 0, "max_hands must be an int from 1"),
        ("max_hands", 2.0, "max_hands must be an int"),
        ("max_seconds", True, "max_seconds must be a positive number"),
        ("max_seconds", "60", "max_seconds must be a positive number"),
        ("max_seconds", float("nan"), "max_seconds must be a positive number"),
        pytest.param("max_seconds", -HUGE, "about 5001 digits", id="seconds-huge"),
    ],
)
def test_table_config_refuses_bad_numbers(field: str, value: object, fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        TableConfig(stacks=(100, 100), **{field: value})


class BrokenSource:
    def blinds_at(self, hand_number: int) -> Blinds:
        raise KeyError(hand_number)


class WrongSource:
    def blinds_at(self, hand_number: int) -> object:
        return (5, 10)


class CountingSource:
    def __init__(self) -> None:
        self.asked: list[int] = []

    def blinds_at(self, hand_number: int) -> Blinds:
        self.asked.append(hand_number)
        return Blinds(5, 10)


@pytest.mark.parametrize(
    ("source", "fragment"),
    [(BrokenSource(), "failed for hand 1: KeyError"), (WrongSource(), "must return a Blinds")],
)
def test_bad_blind_source_raises_invalid_config_at_play(source: object, fragment: str) -> None:
    session = TableSession(TableConfig(stacks=(100, 100), blinds=source), bots())
    with pytest.raises(InvalidConfigError, match=fragment):
        session.play_hand()
    with pytest.raises(InvalidConfigError, match=fragment):
        session.next_game_config()
    assert session.hand_count == 0


def test_blind_source_is_asked_once_per_hand() -> None:
    source = CountingSource()
    TableSession(
        TableConfig(stacks=(1000, 1000), blinds=source, max_hands=3), bots(), seed=1
    ).run()
    assert source.asked == [1, 2, 3]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ((True, 10), "small_blind must be an int"),
        ((5, Street.RIVER), "big_blind must be an int"),
        ((5, 10, "1"), "ante must be an int"),
        ((-HUGE, 10), "about 5001 digits"),
        ((5, 0), "big_blind must be an int from 1"),
        ((20, 10), "small_blind 20 is above big_blind 10"),
    ],
)
def test_blinds_refuse_bad_amounts(args: tuple[Any, ...], fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        Blinds(*args)


def test_blinds_take_numpy_ints_and_check_hand_number() -> None:
    blinds = Blinds(np.int64(5), np.int32(10))
    assert blinds == Blinds(5, 10) and type(blinds.big_blind) is int
    with pytest.raises(InvalidConfigError, match="hand_number must be an int from 1"):
        blinds.blinds_at(0)
    with pytest.raises(InvalidConfigError, match="hand_number must be an int"):
        blinds.blinds_at(None)


# -- finding 3: seeds ----------------------------------------------------------


@pytest.mark.parametrize("seed", [[1], "abc", 1.5, True, b"1"])
def test_session_seed_is_checked_like_deal(seed: object) -> None:
    with pytest.raises(InvalidConfigError, match="seed must be an int or None"):
        TableSession(BASE, bots(), seed=seed)


def test_session_seed_takes_ints_including_huge_and_negative() -> None:
    for seed in (None, 0, -7, HUGE):
        TableSession(BASE, bots(), seed=seed).play_hand()
    a = TableSession(BASE, bots(), seed=-7)
    b = TableSession(BASE, bots(), seed=7)
    a.run()
    b.run()
    assert [r.state.history if r.state else None for r in a.records] != [
        r.state.history if r.state else None for r in b.records
    ]


# -- finding 4: players ---------------------------------------------------------


@pytest.mark.parametrize("players", [None, 5, "ab", {1: CallBot()}])
def test_session_refuses_players_that_are_not_a_sequence(players: object) -> None:
    with pytest.raises(InvalidConfigError, match="players must be a sequence"):
        TableSession(BASE, players)


def test_session_takes_a_generator_of_players() -> None:
    session = TableSession(BASE, (bot for bot in bots()), seed=1)
    assert len(session.players) == 2
    session.play_hand()


def test_session_refuses_endless_players_and_wrong_counts() -> None:
    with pytest.raises(InvalidConfigError, match="more than 10"):
        TableSession(BASE, itertools.repeat(CallBot()))
    with pytest.raises(InvalidConfigError, match="3 players for 2 seats"):
        TableSession(BASE, bots(3))


@pytest.mark.parametrize("player", [5, "call", object(), CallBot])
def test_session_refuses_a_player_that_is_not_a_policy(player: object) -> None:
    with pytest.raises(PolicyError, match="seat 1"):
        TableSession(BASE, [CallBot(), player])


def test_session_refuses_a_bad_config_and_clock() -> None:
    with pytest.raises(InvalidConfigError, match="config must be a TableConfig"):
        TableSession({"stacks": (100, 100)}, bots())
    with pytest.raises(InvalidConfigError, match="clock must be a callable"):
        TableSession(BASE, bots(), clock=5.0)
    with pytest.raises(InvalidConfigError, match="clock\\(\\) must return a number"):
        TableSession(BASE, bots(), clock=lambda: "now")
    answers = iter([0.0, "later"])
    session = TableSession(
        TableConfig(stacks=(100, 100), max_seconds=5), bots(), clock=lambda: next(answers)
    )
    with pytest.raises(InvalidConfigError, match="clock\\(\\) must return a number"):
        session.is_over


# -- finding 5: policy hooks ----------------------------------------------------


@pytest.mark.parametrize("hook", ["started", "ended"])
def test_failing_hook_is_a_fault_not_the_end_of_the_session(hook: str) -> None:
    error = ValueError("boom")
    bad = HookBot(error if hook == "started" else None, error if hook == "ended" else None)
    session = TableSession(BASE, [bad, CallBot()], seed=3)
    session.run()
    assert session.hand_count == 3
    assert len(session.faults) == 3
    assert all(f.seat == 0 for f in session.faults)
    assert session.faults[0].message == f"hand_{hook} raised ValueError: boom"


def test_failing_hook_in_strict_mode_raises_policy_error() -> None:
    strict = TableConfig(stacks=(1000, 1000), blinds=Blinds(5, 10), strict=True)
    session = TableSession(strict, [HookBot(ValueError("boom"), None), CallBot()], seed=3)
    with pytest.raises(PolicyError, match="hand_started raised ValueError: boom"):
        session.play_hand()
    assert session.hand_count == 0 and session.stacks == (1000, 1000)
    session = TableSession(strict, [CallBot(), HookBot(None, KeyError("k"))], seed=3)
    with pytest.raises(PolicyError, match="seat 1 failed in hand 1: hand_ended raised KeyError"):
        session.play_hand()
    assert session.hand_count == 1  # the hand was over: it stays recorded


def test_stop_session_from_a_hook_still_ends_the_session() -> None:
    session = TableSession(BASE, [HookBot(StopSession("bye"), None), CallBot()], seed=3)
    with pytest.raises(StopSession):
        session.play_hand()
    assert session.hand_count == 0 and not session.faults


def test_decide_faults_are_described() -> None:
    class Raises(CallBot):
        def decide(self, observation: Observation) -> Any:
            raise RuntimeError("x" * 1000)

    class Returns(CallBot):
        def decide(self, observation: Observation) -> Any:
            return HUGE

    for bot, fragment in ((Raises(), "decide raised RuntimeError: xxx"), (Returns(), "digits")):
        session = TableSession(BASE, [bot, CallBot()], seed=3)
        session.play_hand()
        assert session.faults and fragment in session.faults[0].message
        assert len(session.faults[0].message) < 300


# -- positions -------------------------------------------------------------------


def test_rotation_functions_refuse_bad_arguments() -> None:
    with pytest.raises(InvalidConfigError, match="live must be a sequence"):
        first_positions(None)
    with pytest.raises(InvalidConfigError, match=r"live\[1\] must be True or False"):
        first_positions((True, 1, True))
    with pytest.raises(InvalidConfigError, match="button must be an int from 0 to 2"):
        first_positions((True, True, True), button=3)
    with pytest.raises(InvalidConfigError, match="button must be an int"):
        first_positions((True, True), button="0")
    with pytest.raises(InvalidConfigError, match="previous must be a Positions"):
        next_positions((0, 1, 2), (True, True, True))
    with pytest.raises(InvalidConfigError, match="rule must be a ButtonRule member"):
        next_positions(Positions(0, 1, 2), (True, True, True), rule="dead-button")
    with pytest.raises(InvalidConfigError, match="big_blind_seat must be an int"):
        Positions(0, 1, "2")
    with pytest.raises(InvalidConfigError, match="small_blind_seat 2 is not one of seats 0-1"):
        Positions(0, 2, 1).small_blind_posted_by((True, True))
    assert first_positions(np.array([True, True])) == Positions(0, 0, 1)


# -- finding 6: blind schedules ---------------------------------------------------


@pytest.mark.parametrize(
    ("levels", "fragment"),
    [
        (5, "levels must be a sequence of BlindLevel"),
        (None, "levels must be a sequence of BlindLevel"),
        ((1, 2), r"levels\[0\] must be a BlindLevel"),
        (((1, 5, 10),), r"levels\[0\] must be a BlindLevel"),
        ((), "at least one level"),
        (itertools.repeat(BlindLevel(1, 5, 10)), f"more than {MAX_LEVELS}"),
    ],
)
def test_blind_schedule_refuses_bad_levels(levels: object, fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        BlindSchedule(levels)


@pytest.mark.parametrize(
    ("hands", "amounts", "fragment"),
    [
        ("x", [(1, 2)], "hands_per_level must be an int"),
        (True, [(1, 2)], "hands_per_level must be an int"),
        (0, [(1, 2)], "hands_per_level must be an int from 1"),
        (1, [(1,)], r"amounts\[0\] must be \(small_blind, big_blind\)"),
        (1, [(1, 2), 5], r"amounts\[1\] must be"),
        (1, [(1, 2, 3, 4)], r"amounts\[0\] must be"),
        (1, None, "amounts must be a sequence"),
        (1, [], "at least one level"),
        (1, [(1, True)], "big_blind must be an int"),
    ],
)
def test_blind_schedule_every_refuses_bad_arguments(
    hands: object, amounts: object, fragment: str
) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        BlindSchedule.every(hands, amounts)


@pytest.mark.parametrize(
    ("hand", "fragment"),
    [(None, "hand_number must be an int"), (0, "from 1"), (True, "hand_number must be an int"),
     (2.0, "hand_number must be an int"),
     pytest.param(-HUGE, "about 5001 digits", id="huge")],
)
def test_blinds_at_refuses_bad_hand_numbers(hand: object, fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        DEFAULT_SCHEDULE.blinds_at(hand)
    with pytest.raises(InvalidConfigError, match=fragment):
        DEFAULT_SCHEDULE.level_index(hand)


def test_blinds_at_takes_numpy_and_huge_hand_numbers() -> None:
    assert DEFAULT_SCHEDULE.blinds_at(np.int64(41)) == Blinds(75, 150, 15)
    assert DEFAULT_SCHEDULE.level_index(10**18) == len(DEFAULT_SCHEDULE.levels) - 1


class Level(IntEnum):
    ONE = 1


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ((True, 1, 2), "from_hand must be an int"),
        ((Level.ONE, 1, 2), "from_hand must be an int"),
        ((0, 1, 2), "from_hand must be an int from 1"),
        ((1, False, 2), "small_blind must be an int"),
        ((1, 1, 2, Level.ONE), "ante must be an int"),
    ],
)
def test_blind_level_refuses_bools_and_enums(args: tuple[Any, ...], fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        BlindLevel(*args)


# -- finding 7 and the other tournament arguments ---------------------------------


HEADS_UP = TournamentConfig(players=2, max_hands=3)


def test_run_tournament_refuses_bad_names_and_seed() -> None:
    with pytest.raises(InvalidConfigError, match=r"names\[0\] must be a str"):
        run_tournament(HEADS_UP, bots(), names=[[1], [2]])
    with pytest.raises(InvalidConfigError, match="names must be a sequence"):
        run_tournament(HEADS_UP, bots(), names="ab")
    with pytest.raises(InvalidConfigError, match="names must be distinct"):
        run_tournament(HEADS_UP, bots(), names=["a", "a"])
    with pytest.raises(InvalidConfigError, match="1 names for 2 players"):
        run_tournament(HEADS_UP, bots(), names=["a"])
    for seed in ([1], "1", 1.0, True):
        with pytest.raises(InvalidConfigError, match="seed must be an int or None"):
            run_tournament(HEADS_UP, bots(), seed=seed)


def test_tournament_refuses_bad_players_config_and_button() -> None:
    with pytest.raises(InvalidConfigError, match="players must be a sequence"):
        Tournament(HEADS_UP, None)
    with pytest.raises(InvalidConfigError, match="seats 2 players, got 3"):
        Tournament(HEADS_UP, bots(3))
    with pytest.raises(PolicyError, match="seat 0"):
        Tournament(HEADS_UP, ["call", CallBot()])

    class Nameless(CallBot):
        name: Any = 7

    with pytest.raises(PolicyError, match="name must be a str"):
        Tournament(HEADS_UP, [Nameless(), CallBot()])
    Tournament(HEADS_UP, [Nameless(), CallBot()], names=["a", "b"])  # names given: fine
    with pytest.raises(InvalidConfigError, match="config must be a TournamentConfig"):
        Tournament("headsup", bots())
    with pytest.raises(InvalidConfigError, match="button must be an int from 0 to 1"):
        Tournament(HEADS_UP, bots(), button=2)
    result = run_tournament(HEADS_UP, (bot for bot in bots()), seed=1)
    assert result.hand_count == 3


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"players": True}, "players must be an int"),
        ({"players": 11}, "players must be an int from 2 to 10"),
        ({"players": 2, "starting_stack": Street.FLOP}, "starting_stack must be an int"),
        ({"players": 2, "starting_stack": -HUGE}, "about 5001 digits"),
        ({"players": 2, "button_rule": "moving-button"}, "pass ButtonRule.MOVING_BUTTON"),
        ({"players": 2, "betting": "fixed"}, "betting must be a BettingStructure member"),
        ({"players": 2, "schedule": (1, 2)}, "schedule must be a BlindSchedule"),
        ({"players": 2, "max_hands": 0}, "max_hands must be an int from 1"),
    ],
)
def test_tournament_config_refuses_bad_settings(kwargs: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InvalidConfigError, match=fragment):
        TournamentConfig(**kwargs)


@pytest.mark.parametrize("mode", [None, [1], "turbo", 1, True])
def test_unknown_modes_are_refused(mode: object) -> None:
    with pytest.raises(InvalidConfigError, match="unknown mode"):
        TournamentConfig.preset(mode)
    with pytest.raises(InvalidConfigError, match="unknown mode"):
        run_tournament(mode, bots())
    assert TournamentConfig.preset("headsup") == TournamentConfig.preset(TournamentMode.HEADS_UP)


def test_ranking_helpers_refuse_bad_arguments() -> None:
    with pytest.raises(InvalidConfigError, match="names must be a sequence"):
        rank_players(None, [1, 2], {})
    with pytest.raises(InvalidConfigError, match=r"chips\[1\] must be an int"):
        rank_players(["a", "b"], [1, "2"], {})
    with pytest.raises(InvalidConfigError, match="eliminated must be a dict"):
        rank_players(["a", "b"], [1, 0], [(1, 5, 100)])
    with pytest.raises(InvalidConfigError, match="eliminated seat must be an int"):
        rank_players(["a", "b"], [1, 0], {"1": (5, 100)})
    with pytest.raises(InvalidConfigError, match=r"eliminated\[1\] must be \(hand_number"):
        rank_players(["a", "b"], [1, 0], {1: 5})
    with pytest.raises(InvalidConfigError, match="starting_chips must be an int"):
        rank_players(["a", "b"], [1, 0], {1: (5, None)})
    with pytest.raises(InvalidConfigError, match="records must be a sequence"):
        eliminations(None)
    with pytest.raises(InvalidConfigError, match=r"records\[0\] must be a HandRecord"):
        eliminations([1])
    with pytest.raises(InvalidConfigError, match=r"policy_names\[1\] must be a str"):
        player_names(["a", None])
    with pytest.raises(InvalidConfigError, match="policy_names must be a sequence"):
        player_names(None)


def test_player_names_are_always_distinct() -> None:
    assert player_names(["a", "a", "a#2"]) == ("a", "a#3", "a#2")
    names = player_names(["a#2", "a", "a", "a#2"])
    assert len(set(names)) == 4


def test_every_refusal_is_a_poker_error() -> None:
    # the shared base class lets callers catch all of the above at once
    with pytest.raises(PokerError):
        TableConfig(stacks=(100, 100), betting=BettingStructure.NO_LIMIT.value)
    with pytest.raises(PokerError):
        BlindSchedule.every(1, [(1,)])
    with pytest.raises(PokerError):
        TableConfig(stacks=(100, 100), button_rule=ButtonRule.DEAD_BUTTON.value)


class _NameRaises:
    """A policy whose ``name`` property raises, and whose decide fails."""

    @property
    def name(self) -> str:
        raise RuntimeError("no name for you")

    def decide(self, observation: object) -> object:
        raise ValueError("bad decision")


def test_strict_policy_whose_name_raises_gives_policy_error() -> None:
    from pokerkit_core.errors import PolicyError

    session = TableSession(
        TableConfig(stacks=(1000, 1000), strict=True), [_NameRaises(), CallBot()], seed=1
    )
    with pytest.raises(PolicyError, match=r"policy '<_NameRaises>' at seat 0 failed in hand 1: decide raised ValueError"):
        session.play_hand()


def test_tournament_policy_whose_name_raises_gives_policy_error() -> None:
    from pokerkit_core.errors import PolicyError
    from pokerkit_core.tables.tournament import Tournament, TournamentConfig

    with pytest.raises(PolicyError, match="reading the policy's name raised RuntimeError"):
        Tournament(TournamentConfig(players=2), [_NameRaises(), CallBot()])
