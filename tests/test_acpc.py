"""ACPC formats: game files, MATCHSTATE, STATE/SCORE lines, whole-hand raise-to."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pokerkit_core.engine.actions import AllIn, Bet, Call, Check, Raise
from pokerkit_core.evaluation.cards import parse_cards
from pokerkit_core.errors import HistoryParseError, InvalidConfigError
from pokerkit_core.formats import acpc
from pokerkit_core.formats.acpc import AcpcAction, MatchState, ScoreLine, StateLine
from pokerkit_core.formats.model import Move, MoveKind
from pokerkit_core.formats.replay import (
    acpc_action,
    acpc_betting,
    acpc_legal,
    engine_action,
    match_state,
    replay,
    state_from_match_state,
    state_line,
)
from pokerkit_core.engine.rules import BettingStructure, OddChipRule, RuleFlavour
from pokerkit_core.engine.state import act, deal, legal_actions

SHARED = Path(__file__).resolve().parents[2] / "shared"
LOGS = SHARED / "acpc-phh-data" / "acpc-logs"

HUNL = """\
# ACPC heads-up no-limit, reverse blinds
GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

LIMIT3 = """\
GAMEDEF
limit
NUMPLAYERS = 3
numRounds = 4
blind = 5 10 0
raiseSize = 10 10 20 20
firstPlayer = 3 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""


def test_parse_heads_up_no_limit_game() -> None:
    game = acpc.parse_game(HUNL)
    assert game.betting == "nolimit" and game.num_players == 2
    assert game.stacks == (20000, 20000)
    assert game.blinds == (100, 50)
    assert game.first_player == (1, 0, 0, 0)
    assert game.blind_seats() == (1, 0)
    assert acpc.parse_game(game.format()) == game


def test_heads_up_config_puts_the_button_on_player_one() -> None:
    config = acpc.parse_game(HUNL).to_config()
    assert config.button == 1
    assert config.small_blind_seat == 1 and config.big_blind_seat == 0
    assert (config.small_blind, config.big_blind) == (50, 100)
    assert config.flavour is RuleFlavour.ACPC
    assert config.odd_chip is OddChipRule.EXACT
    state = deal(config, seed=1)
    assert state.to_act == 1  # the button acts first pre-flop


def test_parse_limit_game_keys_are_case_insensitive_and_default_stack() -> None:
    game = acpc.parse_game(LIMIT3)
    assert game.is_limit and game.num_players == 3
    assert game.stacks == (acpc.INT32_MAX,) * 3
    assert game.raise_sizes == (10, 10, 20, 20)
    assert game.max_raises == (3, 4, 4, 4)
    config = game.to_config(flavour="default", exact_split=False)
    assert config.betting is BettingStructure.FIXED_LIMIT
    assert (config.small_bet, config.big_bet, config.raise_cap) == (10, 20, 4)
    assert (config.small_blind_seat, config.big_blind_seat, config.button) == (0, 1, 2)
    assert config.flavour is RuleFlavour.DEFAULT
    assert acpc.parse_game(game.format()) == game


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("numPlayers = 2", "", HistoryParseError),
        ("numRounds = 4", "numRounds = 4\nfoo = 1", HistoryParseError),
        ("blind = 100 50", "blind = 100 x", HistoryParseError),
        ("blind = 100 50", "blind = 100", InvalidConfigError),
        ("stack = 20000 20000", "stack = 20000 20", InvalidConfigError),
        ("numPlayers = 2", "numPlayers = 11", InvalidConfigError),
        ("GAMEDEF", "NOTAGAME", HistoryParseError),
    ],
)
def test_bad_game_files(old: str, new: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        acpc.parse_game(HUNL.replace(old, new))


def test_non_holdem_game_cannot_become_a_config() -> None:
    game = acpc.parse_game(HUNL.replace("numHoleCards = 2", "numHoleCards = 1"))
    with pytest.raises(InvalidConfigError, match="hold'em"):
        game.to_config()


def test_betting_strings_round_trip() -> None:
    text = "r300r900c/r1800r3600r9000c/r20000"
    rounds = acpc.parse_betting(text)
    assert rounds[0] == (AcpcAction("r", 300), AcpcAction("r", 900), AcpcAction("c"))
    assert acpc.format_betting(rounds) == text
    assert acpc.parse_betting("cc/") == ((AcpcAction("c"), AcpcAction("c")), ())
    assert acpc.parse_betting("") == ((),)
    with pytest.raises(HistoryParseError):
        acpc.parse_betting("r300x")


def test_matchstate_parse_and_format() -> None:
    text = "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c"
    message = MatchState.parse(text)
    assert message.position == 0 and message.hand_number == 30
    assert message.hole_cards == (parse_cards("9s8h"), None)
    assert message.board == (parse_cards("8c8d5c"),)
    assert str(message) == text
    for bad in ("MATCHSTATE:0:30:cc/", "STATE:0:1::|", "MATCHSTATE:x:0::|", "MATCHSTATE:5:0::|"):
        with pytest.raises(HistoryParseError):
            MatchState.parse(bad)


def test_whole_hand_raise_to_becomes_street_raise_to() -> None:
    game = acpc.parse_game(HUNL)
    moves = game.street_moves(acpc.parse_betting("r300c/r900r2700c/cr5000"))
    assert moves[0] == (Move(1, MoveKind.BET_RAISE, 300), Move(0, MoveKind.CHECK_CALL))
    # Flop: 300 already in from pre-flop: r900 = bet 600, r2700 = raise to 2400.
    assert moves[1] == (Move(0, MoveKind.BET_RAISE, 600), Move(1, MoveKind.BET_RAISE, 2400),
                        Move(0, MoveKind.CHECK_CALL))
    assert moves[2] == (Move(0, MoveKind.CHECK_CALL), Move(1, MoveKind.BET_RAISE, 2300))


def test_limit_raises_add_the_round_size() -> None:
    game = acpc.parse_game(LIMIT3)
    moves = game.street_moves(acpc.parse_betting("rrcc/r"))
    assert [m.to for m in moves[0]] == [20, 30, None, None]
    assert moves[1] == (Move(0, MoveKind.BET_RAISE, 10),)
    with pytest.raises(HistoryParseError):
        game.street_moves(acpc.parse_betting("r50"))


def test_c08_matchstate_gives_call_min_max_and_pot() -> None:
    """CASES.md C08: ACPC raise-to is for the whole hand."""
    game = acpc.parse_game(HUNL)
    message = MatchState.parse("MATCHSTATE:1:5:r300c/r900:|9s8s/2c7d9h")
    state = state_from_match_state(game, message)
    assert state.to_act == 1
    legal = legal_actions(state)
    assert legal.call_amount == 600
    assert state.pot == 1200  # chips in the pot before this action (600 bet included)
    assert state.bets == (600, 0)
    before = state.contributions[1] - state.bets[1]
    assert before == 300
    assert legal.min_raise_to + before == 1500  # r1500
    assert legal.max_raise_to + before == 20000  # r20000
    assert str(acpc_action(Raise(1200), state)) == "r1500"
    assert str(acpc_action(AllIn, state)) == "r20000"
    assert str(acpc_action(Call, state)) == "c"
    assert engine_action(AcpcAction("r", 1500), state) == Raise(1200)
    view = acpc_legal(state)
    assert (view.call_amount, view.min_raise_to, view.max_raise_to, view.pot) == (
        600, 1500, 20000, 1200
    )
    assert view.seat == 1 and view.can_fold and view.can_raise


def test_c08_first_action_r100_is_not_a_raise() -> None:
    game = acpc.parse_game(HUNL)
    state = state_from_match_state(game, MatchState.parse("MATCHSTATE:1:0::|9s8s"))
    legal = legal_actions(state)
    assert legal.min_raise_to == 200 and legal.max_raise_to == 20000
    assert engine_action(AcpcAction("r", 100), state) not in legal
    assert engine_action(AcpcAction("r", 200), state) in legal


def test_matchstate_with_illegal_betting_raises() -> None:
    game = acpc.parse_game(HUNL)
    with pytest.raises(HistoryParseError):
        state_from_match_state(game, MatchState.parse("MATCHSTATE:1:0:r150:|9s8s"))


def test_state_line_parse_format_and_values() -> None:
    text = "STATE:0:r5755r13249c/cr15899r19619r20000c//:7d3d|2hAc/5sKs7s/9s/6h:20000|-20000:Alice|Bob"
    line = StateLine.parse(text)
    assert line.values == (20000, -20000)
    assert line.names == ("Alice", "Bob")
    assert str(line) == text
    fractional = StateLine.parse("STATE:3:f:3h3d|7s8d|2c2d:7333.333333|-242604.5|0:A|B|C")
    assert fractional.values[1] == Fraction(-485209, 2)
    assert str(fractional) == "STATE:3:f:3h3d|7s8d|2c2d:7333.333333|-242604.5|0:A|B|C"
    with pytest.raises(HistoryParseError):
        StateLine.parse("STATE:0:f:3h3d|7s8d:50:A|B")


def test_format_value_matches_the_dealer() -> None:
    assert acpc.format_value(Fraction(22000, 3)) == "7333.333333"
    assert acpc.format_value(-20000) == "-20000"
    assert acpc.format_value(Fraction(-1, 2)) == "-0.5"
    assert acpc.format_value(0) == "0"


def test_score_line() -> None:
    score = ScoreLine.parse("SCORE:-401220.833333|351016:B1|B2")
    assert score.names == ("B1", "B2")
    assert str(score) == "SCORE:-401220.833333|351016:B1|B2"


def test_state_line_to_history_replays() -> None:
    game = acpc.parse_game(HUNL)
    line = StateLine.parse(
        "STATE:0:r5755r13249c/cr15899r19619r20000c//:7d3d|2hAc/5sKs7s/9s/6h:20000|-20000:Alice|Bob"
    )
    hand = line.to_history(game)
    assert hand.rules == "acpc" and hand.button == 1
    assert hand.finishing_stacks == (40000, 0)
    result = replay(hand)
    assert result.ok, result.error


def test_engine_hand_written_as_acpc_lines() -> None:
    game = acpc.parse_game(HUNL)
    config = game.to_config()
    state = deal(config, hole_cards=("7d3d", "2hAc"), board="5sKs7s9s6h")
    for action in (Raise(5755), Raise(13249), Call, Check, Bet(2650), Raise(6370), AllIn, Call):
        state = act(state, action)
    assert state.is_over
    line = state_line(state, 0, ["Alice", "Bob"])
    assert str(line) == (
        "STATE:0:r5755r13249c/cr15899r19619r20000c//:7d3d|2hAc/5sKs7s/9s/6h:20000|-20000:Alice|Bob"
    )
    # After a showdown both seats see both hands; before it only their own.
    assert str(match_state(state, 1, 0)).endswith(":7d3d|2hAc/5sKs7s/9s/6h")
    early = deal(config, hole_cards=("7d3d", "2hAc"), board="5sKs7s9s6h")
    assert str(match_state(early, 1, 0)) == "MATCHSTATE:1:0::|2hAc"
    assert acpc_betting(early) == ((),)


def test_fold_hides_cards_in_the_final_matchstate() -> None:
    config = acpc.parse_game(HUNL).to_config()
    state = deal(config, hole_cards=("7d3d", "2hAc"), board="5sKs7s9s6h")
    state = act(state, legal_actions(state).actions()[0])  # fold
    assert str(match_state(state, 0, 5)) == "MATCHSTATE:0:5:f:7d3d|"


def test_load_log_and_find_game(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "hunl.game").write_text(HUNL)
    log_text = (
        "# name/game/hands/seed m hunl.game 2 9\n#--t_response 600000\n"
        "STATE:0:f:7d3d|2hAc:-100|100:A|B\nSTATE:1:cc/cc/cc/cc:7d3d|2hAc/5sKs7s/9s/6h:0|0:B|A\n"
        "SCORE:-100|100:A|B\n"
    )
    path = tmp_path / "m.log"
    path.write_text(log_text)
    with open(path) as fp:
        log = acpc.load(fp)
    assert (log.name, log.game_file, log.hands, log.seed) == ("m", "hunl.game", 2, 9)
    assert log.options == ("--t_response 600000",)
    assert len(log.states) == 2 and log.score is not None
    assert acpc.find_game_file(log.game_file, path) == tmp_path / "games" / "hunl.game"
    with pytest.raises(HistoryParseError):
        acpc.find_game_file("missing.game", path)
    with pytest.raises(HistoryParseError) as info:
        acpc.load(["# name/game/hands/seed m g 1 1\n", "garbage\n"])
    assert info.value.line == 2


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"shared ACPC logs not found at {LOGS}")
def test_every_logged_line_round_trips() -> None:
    count = 0
    for path in sorted(LOGS.glob("*.log")):
        for raw in path.read_text().splitlines():
            if raw.startswith("STATE:"):
                assert str(StateLine.parse(raw)) == raw
                count += 1
            elif raw.startswith("SCORE:"):
                assert str(ScoreLine.parse(raw)) == raw
    assert count >= 7300
    for game_path in (LOGS / "games").glob("*.game"):
        game = acpc.load_game(game_path)
        assert acpc.parse_game(game.format()) == game
        game.to_config()


SHORT3 = LIMIT3.replace("numRounds = 4", "numRounds = 4\nstack = 45 200 110")


def test_dealer_emulation_lowers_the_bet_after_a_short_limit_raise() -> None:
    """fl3s.log hand 8: player 0 (45 chips) 'raises' all-in below the bet of 50."""
    from pokerkit_core.formats.acpc_dealer import emulate_dealer
    from pokerkit_core.formats.replay import replay_acpc

    game = acpc.parse_game(SHORT3)
    line = StateLine.parse(
        "STATE:8:rrcc/rrcrcrc/cc/crrc:5d4s|AdAh|3d2c/6cAc3s/5c/Jd:-45|140|-95:B3|B1|B2"
    )
    outcome = emulate_dealer(game, line)
    assert outcome.lowered_bet and outcome.has_quirk
    # Player 1 had 50 in; after the all-in "raise" to 45 his call matches 45.
    assert outcome.spent == (45, 95, 95)
    assert outcome.values == line.values
    engine = replay(line.to_history(game), rules="acpc")
    assert not engine.ok  # the engine's bets never go down
    result = replay_acpc(line, game)
    assert result.ok and "ACPC dealer emulation used" in result.notes[0]
    assert replay_acpc(line, game, rules="default").ok is False


def test_dealer_emulation_pays_folds_and_splits_exactly() -> None:
    from pokerkit_core.formats.acpc_dealer import emulate_dealer

    game = acpc.parse_game(HUNL)
    fold = StateLine.parse("STATE:0:r300f:7d3d|2hAc:-100|100:A|B")
    assert emulate_dealer(game, fold).values == (-100, 100)  # the big blind folds
    tie = StateLine.parse("STATE:1:cc/cc/cc/cc:2c3d|2d3c/AsKsQhJhTd:0|0:A|B".replace(
        "AsKsQhJhTd", "AsKsQh/Jh/Td"))
    assert emulate_dealer(game, tie).values == (0, 0)
    assert not emulate_dealer(game, tie).has_quirk


def test_limit_raise_caps() -> None:
    uncapped = acpc.parse_game(LIMIT3.replace("maxRaises = 3 4 4 4\n", ""))
    assert uncapped.max_raises == (255,) * 4
    assert uncapped.to_config().raise_cap == 256
    with pytest.raises(InvalidConfigError, match="maxRaises"):
        acpc.parse_game(LIMIT3.replace("maxRaises = 3 4 4 4", "maxRaises = 3 4 3 4")).to_config()
    with pytest.raises(InvalidConfigError, match="raiseSize"):
        acpc.parse_game(LIMIT3.replace("raiseSize = 10 10 20 20", "raiseSize = 10 20 20 20")).to_config()


UNEQUAL6 = """\
GAMEDEF
nolimit
numPlayers = 6
numRounds = 4
stack = 20000 5000 12000 3000 20000 8000
blind = 50 100 0 0 0 0
firstPlayer = 3 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""


@pytest.mark.parametrize("text", [HUNL, LIMIT3, SHORT3, UNEQUAL6])
def test_engine_hands_survive_matchstate_and_state_lines(text: str) -> None:
    """Every state, written as MATCHSTATE and read back, is the same state;
    every finished hand, written as a STATE line, replays to its values."""
    import random

    game = acpc.parse_game(text)
    config = game.to_config()
    rng = random.Random(11)
    for hand_number in range(25):
        state = deal(config, seed=rng.randrange(10**6))
        while True:
            for position in range(game.num_players):
                message = MatchState.parse(str(match_state(state, position, hand_number)))
                rebuilt = state_from_match_state(game, message)
                assert rebuilt.to_act == state.to_act
                assert rebuilt.bets == state.bets and rebuilt.stacks == state.stacks
                assert rebuilt.contributions == state.contributions
                assert rebuilt.board[: len(message.all_board_cards)] == message.all_board_cards
            if state.is_over:
                break
            state = act(state, rng.choice(legal_actions(state).actions()))
        names = [f"P{i}" for i in range(game.num_players)]
        line = StateLine.parse(str(state_line(state, hand_number, names)))
        assert sum(line.values) == 0
        result = replay(line.to_history(game))
        assert result.ok, (str(line), result.error)
        assert result.got == state.stacks


# ------------------------------------------------------------------ exact values (issue 13)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (2**53 + 1, "9007199254740993"),  # float(2**53 + 1) == 2**53
        (-(2**62) - 1, "-4611686018427387905"),
        (Fraction(2**60 + 1, 2), "576460752303423488.5"),
        (Fraction(-(2**55) - 3, 4), "-9007199254740992.75"),
        (Fraction(22000, 3), "7333.333333"),  # not a decimal: %.6f, as the dealer
        (Fraction(2**60, 3), "384307168202282325.333333"),  # float: ...282304
        (Fraction(-485209, 2), "-242604.5"),
        (0, "0"),
    ],
)
def test_acpc_values_are_written_exactly_above_2_53(value: int | Fraction, text: str) -> None:
    from pokerkit_core.formats.acpc import format_value

    assert format_value(value) == text
    line = acpc.StateLine(
        7, ((acpc.AcpcAction("f"),),), (parse_cards("Ah2c"), parse_cards("KdKs")), (),
        (Fraction(value), -Fraction(value)), ("A", "B"),
    )
    back = acpc.StateLine.parse(str(line))
    if Fraction(value) * 10**6 % 1 == 0:  # a decimal: the round trip is exact
        assert back == line
    else:
        assert back.values[0] == Fraction(text)
    score = acpc.ScoreLine((Fraction(value), -Fraction(value)), ("A", "B"))
    assert str(score) == f"SCORE:{text}|{format_value(-Fraction(value))}:A|B"
    assert acpc.ScoreLine.parse(str(score)).totals[0] == Fraction(text)


LOG_TEXT = (
    "# name/game/hands/seed m hunl.game 2 9\n#--t_response 600000\n"
    "STATE:0:f:7d3d|2hAc:-100|100:A|B\nSTATE:1:cc/cc/cc/cc:7d3d|2hAc/5sKs7s/9s/6h:0|0:B|A\n"
    "SCORE:-100|100:A|B\n"
)


def test_log_verbs_are_the_phh_verbs(tmp_path: Path) -> None:
    """ACPC logs read and write with PHH's verbs: load/loads/dump/dumps and a
    streaming iter_hands; dumps writes the dealer's text back byte for byte."""
    import io

    log = acpc.loads(LOG_TEXT)
    assert acpc.dumps(log) == LOG_TEXT
    assert acpc.load(io.StringIO(LOG_TEXT)) == log
    out = io.StringIO()
    acpc.dump(log, out)
    assert out.getvalue() == LOG_TEXT
    hands = list(acpc.iter_hands(io.StringIO(LOG_TEXT)))
    assert [hand.hand_number for hand in hands] == [0, 1] and tuple(hands) == log.states
    with pytest.raises(HistoryParseError, match="needs text"):
        acpc.loads(LOG_TEXT.encode())  # type: ignore[arg-type]
    with pytest.raises(HistoryParseError, match="splitlines"):
        list(acpc.iter_hands(LOG_TEXT))  # type: ignore[arg-type]
    with pytest.warns(DeprecationWarning, match="read_log is deprecated; use .*acpc.load"):
        assert acpc.read_log(io.StringIO(LOG_TEXT)) == log  # type: ignore[attr-defined]


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"shared ACPC logs not found at {LOGS}")
def test_every_log_file_round_trips_through_dumps() -> None:
    count = 0
    for path in sorted(LOGS.glob("*.log")):
        with open(path) as fp:
            log = acpc.load(fp)
        assert acpc.loads(acpc.dumps(log)) == log
        count += len(log.states)
    assert count >= 7300
