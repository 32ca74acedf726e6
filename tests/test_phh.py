"""PHH hand histories: reading, writing, and export -> import -> replay."""

from __future__ import annotations

import io
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pokerkit_core.engine.actions import ActionKind
from pokerkit_core.evaluation.cards import parse_cards
from pokerkit_core.errors import HistoryParseError
from pokerkit_core.engine.events import ActionTaken
from pokerkit_core.formats import phh
from pokerkit_core.formats.model import (
    DealBoard,
    DealHole,
    HandHistory,
    Move,
    MoveKind,
    ShowCards,
)
from pokerkit_core.formats.replay import record, replay
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import act, deal, legal_actions

SHARED = Path(__file__).resolve().parents[2] / "shared"
SAMPLE = SHARED / "acpc-phh-data" / "phh-sample"

HU_TEXT = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1000, 1200]
actions = [
  "d dh p1 AsKs",  # big blind
  "d dh p2 7c2d",
  "p2 cbr 300",
  "p1 cbr 900",
  "p2 cc",
  "d db 2c3c4c",
  "p1 cbr 100 # all-in",
  "p2 f",
]
players = ["Ann", "Bob"]
finishing_stacks = [1900, 300]
"""


def test_loads_reads_cards_moves_and_heads_up_blinds() -> None:
    hand = phh.loads(HU_TEXT)
    # PHH heads-up [SB, BB]: p1 posts the big blind, p2 the small blind.
    assert hand.blinds == (100, 50)
    assert hand.players == ("Ann", "Bob")
    assert hand.hole_cards == (parse_cards("AsKs"), parse_cards("7c2d"))
    assert hand.board == parse_cards("2c3c4c")
    assert hand.moves == (
        Move(1, MoveKind.BET_RAISE, 300),
        Move(0, MoveKind.BET_RAISE, 900),
        Move(1, MoveKind.CHECK_CALL),
        Move(0, MoveKind.BET_RAISE, 100),
        Move(1, MoveKind.FOLD),
    )
    assert hand.finishing_stacks == (1900, 300)


def test_heads_up_hand_replays_to_its_finishing_stacks() -> None:
    result = replay(phh.loads(HU_TEXT))
    assert result.ok, result.error
    assert result.got == (1900, 300)


def test_dumps_round_trips_and_keeps_heads_up_blind_order() -> None:
    hand = phh.loads(HU_TEXT)
    text = phh.dumps(hand)
    assert "blinds_or_straddles = [\n    50,\n    100,\n]" in text
    assert phh.loads(text) == hand


def test_decimal_amounts_are_scaled_to_integer_chips() -> None:
    hand = phh.loads(
        """
variant = 'NT'
antes = [0.25, 0.25, 0.25]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [53, 181.85, 200.30]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 2.5', 'p1 f', 'p2 f']
finishing_stacks = [52.25, 180.60, 202.30]
"""
    )
    assert hand.chip_scale == 100
    assert hand.starting_stacks == (5300, 18185, 20030)
    assert hand.antes == (25, 25, 25)
    assert hand.moves[0] == Move(2, MoveKind.BET_RAISE, 250)
    assert hand.hole_cards == (None, None, None)
    result = replay(hand)
    assert result.ok, result.error
    assert result.got == (5225, 18060, 20230)
    again = phh.loads(phh.dumps(hand))
    assert again == hand


def test_half_chip_finishing_stacks_are_fractions() -> None:
    hand = phh.loads(HU_TEXT.replace("[1900, 300]", "[1900.5, 299.5]"))
    assert hand.finishing_stacks == (Fraction(3801, 2), Fraction(599, 2))
    assert phh.loads(phh.dumps(hand)).finishing_stacks == hand.finishing_stacks


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("d dh p3 AcKd", DealHole(2, parse_cards("AcKd"))),
        ("d dh p1 ????", DealHole(0, None)),
        ("d db AhKhQh # flop", DealBoard(parse_cards("AhKhQh"))),
        ("p2 cbr 300", Move(1, MoveKind.BET_RAISE, 300)),
        ("p10 cc", Move(9, MoveKind.CHECK_CALL)),
        ("p1 f", Move(0, MoveKind.FOLD)),
        ("p1 sm AcKd", ShowCards(0, parse_cards("AcKd"))),
        ("p1 sm", ShowCards(0, None, shown=False)),
        ("p1 sm ????", ShowCards(0, None)),
    ],
)
def test_parse_action(text: str, entry: object) -> None:
    assert phh.parse_action(text) == entry


def test_parse_action_blank_and_comment_are_no_ops() -> None:
    assert phh.parse_action("") is None
    assert phh.parse_action("   # just a note") is None


@pytest.mark.parametrize(
    "text",
    ["x dh p1 AcKd", "p0 cc", "p1 bet 300", "p1 cbr", "p1 cbr abc", "d db ZzKhQh", "p1 sd 7h",
     "p3 pb", "d dh p1 AcAc", "p1 cbr -5"],
)
def test_parse_action_rejects(text: str) -> None:
    if text == "p1 cbr":  # a fixed-limit cbr without amount is allowed
        assert phh.parse_action(text) == Move(0, MoveKind.BET_RAISE)
        return
    with pytest.raises(HistoryParseError):
        phh.parse_action(text)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('variant = "NT"', 'variant = "PO"', "not supported"),
        ("starting_stacks = [1000, 1200]\n", "", "starting_stacks"),
        ("antes = [0, 0]", "antes = [0, 0, 0]", "antes has 3 values"),
        ('"p2 f",', '"p3 f",', "p3 does not exist"),
        ("min_bet = 100", "min_bet = 'x'", "not a number"),
    ],
)
def test_invalid_hands_raise_history_parse_error(old: str, new: str, words: str) -> None:
    with pytest.raises(HistoryParseError, match=words):
        phh.loads(HU_TEXT.replace(old, new))


def test_bad_toml_reports_the_line() -> None:
    with pytest.raises(HistoryParseError) as info:
        phh.loads('variant = "NT"\nantes = [0, 0\nmin_bet = 1\n')
    assert info.value.line is not None


BULK = """
[1]
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
  "p3 f", "p1 f",
]

[2]
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 4", "p1 f", "p2 f"]
finishing_stacks = [99, 98, 103]
"""


def test_iter_hands_streams_a_bulk_file_with_table_labels() -> None:
    hands = list(phh.iter_hands(io.StringIO(BULK)))
    assert [h.hand_id for h in hands] == ["1", "2"]
    assert hands[0].variant == "NT" and hands[1].variant == "FT"
    assert hands[1].small_bet == 2 and hands[1].big_bet == 4
    assert [replay(h).ok for h in hands] == [True, True]
    assert replay(hands[1]).got == (99, 98, 103)
    assert phh.loads_all(phh.dumps_all(hands)) == hands


def test_bulk_error_names_the_hand() -> None:
    with pytest.raises(HistoryParseError, match=r"hand \[2\]"):
        list(phh.iter_hands(io.StringIO(BULK.replace('variant = "FT"', 'variant = "F7S"'))))


def test_model_validation() -> None:
    with pytest.raises(HistoryParseError):
        HandHistory("NT", (100,), (0,), (0,), ())  # one player
    with pytest.raises(HistoryParseError):
        HandHistory("FT", (100, 100), (2, 1), (0, 0), ())  # FT without bet sizes
    with pytest.raises(HistoryParseError):
        Move(0, MoveKind.FOLD, 100)


# ------------------------------------------------------------------ export, import, replay


def _random_hand(config: GameConfig, rng: random.Random) -> object:
    state = deal(config, seed=rng.randrange(10**9))
    while not state.is_over:
        choices = legal_actions(state).actions()
        state = act(state, rng.choice(choices))
    return state


@pytest.mark.parametrize(
    "config",
    [
        GameConfig.no_limit(players=6, stack=2000, button=3),
        GameConfig.no_limit(players=2, stack=1000, button=1),
        GameConfig.no_limit(players=2, stack=1000, button=0),
        GameConfig(stacks=(500, 3000, 800, 120), small_blind=10, big_blind=20, ante=5, button=2),
        GameConfig.fixed_limit(players=4, stack=200, button=1),
    ],
)
def test_export_import_replay_gives_the_same_hand(config: GameConfig) -> None:
    rng = random.Random(7)
    for _ in range(40):
        state = _random_hand(config, rng)
        text = phh.dumps(record(state, hand_id=1))
        hand = phh.loads(text)
        result = replay(hand)
        assert result.ok, (result.error, text)
        assert result.state is not None
        n = config.seat_count
        order = [(config.button + 1 + k) % n for k in range(n)]
        assert result.got == tuple(state.stacks[s] for s in order)
        played = [(e.action.kind, e.amount_added) for e in state.history if isinstance(e, ActionTaken)]
        again = [
            (e.action.kind, e.amount_added)
            for e in result.state.history
            if isinstance(e, ActionTaken)
        ]
        # All-in actions may be recorded as the equivalent raise or call.
        assert [a for _, a in played] == [a for _, a in again]
        assert [k is ActionKind.FOLD for k, _ in played] == [k is ActionKind.FOLD for k, _ in again]


def test_record_of_a_partial_hand_replays_where_it_stops() -> None:
    state = deal(GameConfig.no_limit(players=3, stack=1000), seed=3)
    state = act(state, legal_actions(state).actions()[-2])  # a raise
    hand = phh.loads(phh.dumps(record(state)))
    result = replay(hand)
    assert result.ok, result.error
    assert result.state is not None and not result.state.is_over


def test_replay_reports_an_illegal_move() -> None:
    hand = phh.loads(HU_TEXT.replace('"p1 cbr 900"', '"p1 cbr 350"'))
    result = replay(hand)
    assert not result.ok
    assert result.error is not None and "p1 cbr 350 refused" in result.error


def test_replay_reports_a_move_out_of_turn() -> None:
    hand = phh.loads(HU_TEXT.replace('"p2 cbr 300",', '"p1 cc",', 1))
    result = replay(hand, implicit_folds=False)
    assert not result.ok
    assert result.error is not None and "out of turn" in result.error


SIX_MAX_TEXT = """
variant = "NT"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ["p3 cbr 10000", "p3 cbr 300"]
"""


def test_replay_names_who_was_to_act_when_implicit_folds_cannot_help() -> None:
    # p3 is all-in, so folding p4, p5, p6, p1 and p2 (none has a later move)
    # never brings p3 to act again: the second move is out of turn, p4 to act
    hand = phh.loads(SIX_MAX_TEXT)
    result = replay(hand)
    assert not result.ok
    assert result.error == "entry 2 (p3 cbr 300) is out of turn: p4 is to act"
    assert result.entries_played == 1 and result.notes == ()
    assert result.state is not None and result.state.to_act == 3
    assert result.state.folded == (False,) * 6  # the folds tried were undone
    strict = replay(hand, implicit_folds=False)
    assert strict.error == result.error


def test_replay_of_a_move_after_the_hand_ended_says_so() -> None:
    hand = phh.loads(SIX_MAX_TEXT.replace('"p3 cbr 10000", "p3 cbr 300"', '"p3 cbr 300", "p4 f", '
                     '"p5 f", "p6 f", "p1 f", "p2 f", "p2 cc"'))
    result = replay(hand)
    assert result.error == "entry 7 (p2 cc) is out of turn: nobody (the hand is over) is to act"
    assert result.entries_played == 6


# ------------------------------------------------------------------ shared data


@pytest.mark.skipif(not SAMPLE.is_dir(), reason=f"shared PHH data not found at {SAMPLE}")
def test_every_sample_file_parses_and_round_trips() -> None:
    count = 0
    for path in sorted(SAMPLE.rglob("*.phh*")):
        for hand in phh.read_file(path):
            count += 1
            assert phh.loads(phh.dumps(hand)) == hand, path
    assert count == 422  # 418 .phh files + 4 hands in the .phhs excerpt


def test_short_big_blind_ante_round_trips_blind_first() -> None:
    # Big-blind ante 100, the big blind has 30: the engine posts the blind
    # first (docs/rules.rst section 5), so the 30 chips are a big blind and
    # the ante is 0; the exported hand must replay with the same order.
    from pokerkit_core.engine.actions import Call, Check
    from pokerkit_core.engine.rules import AnteRule

    config = GameConfig(
        stacks=(1000, 1000, 30, 1000), ante=100, ante_rule=AnteRule.BIG_BLIND, button=0
    )
    state = deal(config, seed=3)
    assert state.bets[2] == 30
    while not state.is_over:
        state = act(state, Call if legal_actions(state).can_call else Check)
    hand = phh.loads(phh.dumps(record(state)))
    result = replay(hand)
    assert result.ok, result.error
    assert result.state is not None
    assert result.state.stacks == state.stacks[1:] + state.stacks[:1]  # button last in PHH
    posted = [(e.kind, e.amount) for e in result.state.history if hasattr(e, "kind")][:4]
    assert ("big blind", 30) in posted and ("ante", 30) not in posted
