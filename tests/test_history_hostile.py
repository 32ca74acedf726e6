"""Hostile input to the hand-history readers (PHH, ACPC): every refusal is a
HistoryParseError (or InvalidConfigError for a game that is read but invalid)
that says what was wrong, raised promptly, never a hang, a crash, a bare
ValueError/TypeError or a silently rounded value.
"""

from __future__ import annotations

import io
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable

import pytest

from pokerkit_core.errors import HistoryParseError, InvalidConfigError
from pokerkit_core.formats import acpc, phh
from pokerkit_core.formats.acpc import AcpcAction, MatchState, ScoreLine, StateLine
from pokerkit_core.formats.model import Move, MoveKind
from test_acpc import HUNL


PHH = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [{stacks}]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "{action}"]
"""


def bad(value: object) -> Any:
    """A hostile argument, typed ``Any`` so the type checker lets it through."""
    return value


def phh_text(stacks: str = "1000, 1000", action: str = "p2 f") -> str:
    return PHH.format(stacks=stacks, action=action)


def refused(
    call: Callable[[], Any], fragment: str, error: type[Exception] = HistoryParseError
) -> str:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert fragment in message
    assert len(message) < 400  # an excerpt, never the whole hostile text
    return message


# --------------------------------------------------------------------------- ACPC values


@pytest.mark.parametrize(
    "text",
    ["1e99999999", "1e999999", "1E5", "9" * 20, "0." + "1" * 19, "+5", "1_0", "1/2", " 5", "5.",
     ".5", "inf", "nan", "\u0663", "", "--1", "9" * 5000],
)
def test_parse_value_refuses_anything_but_a_plain_decimal(text: str) -> None:
    refused(lambda: acpc.parse_value(text), "bad value")


def test_parse_value_reads_dealer_values_exactly() -> None:
    assert acpc.parse_value("-242604.5") == Fraction(-485209, 2)
    assert acpc.parse_value("7333.333333") == Fraction(7333333333, 10**6)
    assert acpc.parse_value("9" * 19 + "." + "9" * 18) == Fraction(10**37 - 1, 10**18)


def test_log_lines_with_a_huge_value_are_refused() -> None:
    refused(lambda: StateLine.parse("STATE:0:f:3h3d|7s8d:1e99999999|-50:Bob|Alice"), "bad value")
    refused(lambda: ScoreLine.parse("SCORE:1e99999999|1:A|B"), "bad value")
    lines = ["# name/game/hands/seed m g 1 1\n", "SCORE:1e999999|1:A|B\n"]
    message = refused(lambda: acpc.load(lines), "bad value")
    assert message.startswith("line 2:")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: acpc.parse_value(bad(None)), "must be text (str), not NoneType"),
        (lambda: acpc.parse_value(bad(b"5")), "not bytes"),
        (lambda: StateLine.parse(bad(None)), "must be text"),
        (lambda: ScoreLine.parse(bad(b"SCORE:1|-1:A|B")), "must be text"),
        (lambda: MatchState.parse(bad(None)), "must be text"),
        (lambda: AcpcAction.parse(bad(None)), "must be text (str), not NoneType"),
        (lambda: acpc.parse_betting(bad(None)), "must be text"),
        (lambda: acpc.parse_game(bad(None)), "must be text (str), not NoneType"),
        (lambda: acpc.parse_game(bad(HUNL.encode())), "not bytes"),
        (lambda: acpc.load("# name/game/hands/seed m g 1 1\n"), "splitlines()"),
        (lambda: acpc.load(bad([b"# name/game/hands/seed m g 1 1\n"])), "text mode"),
    ],
)
def test_acpc_readers_refuse_non_text(call: Callable[[], Any], fragment: str) -> None:
    refused(call, fragment)


# --------------------------------------------------------------------------- ACPC numbers


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: AcpcAction.parse("r" + "9" * 5000), "raise amount"),
        (lambda: AcpcAction.parse("r1000000000000000001"), "from 0 to 10**18"),
        (lambda: AcpcAction.parse("r\u0663"), "bad ACPC action"),
        (lambda: AcpcAction.parse("r0"), "at least 1"),
        (lambda: acpc.parse_betting("cr" + "9" * 5000 + "c"), "raise amount"),
        (lambda: MatchState.parse("MATCHSTATE:0:0:r" + "9" * 5000 + ":AhKh|"), "raise amount"),
        (lambda: MatchState.parse("MATCHSTATE:+1:0::|AhKh"), "position"),
        (lambda: MatchState.parse("MATCHSTATE:0:" + "9" * 5000 + "::AhKh|"), "hand number"),
        (lambda: StateLine.parse("STATE:-1:f:3h3d|7s8d:50|-50:Bob|Alice"), "hand number"),
        (lambda: StateLine.parse("STATE:\u0663:f:3h3d|7s8d:50|-50:Bob|Alice"), "hand number"),
    ],
)
def test_acpc_numbers_must_be_plain_digits_up_to_10_to_the_18(
    call: Callable[[], Any], fragment: str
) -> None:
    refused(call, fragment)


def test_acpc_values_built_directly_are_checked() -> None:
    refused(lambda: AcpcAction("r", 10**5000), "an int of")
    refused(lambda: AcpcAction("r", bad(True)), "must be an int")
    refused(lambda: AcpcAction(bad(10**5000)), "unknown ACPC action")
    refused(lambda: AcpcAction("c", 5), "takes no amount")
    refused(lambda: MatchState(0, 10**5000, ((),), (None, None)), "hand number")
    refused(lambda: StateLine(-1, ((),), (None, None), (), bad((0, 0)), ("A", "B")), "hand number")


def test_load_log_header_numbers() -> None:
    lines = ["# name/game/hands/seed m g 1 " + "9" * 5000 + "\n"]
    assert refused(lambda: acpc.load(lines), "log header seed").startswith("line 1:")
    refused(lambda: acpc.load(["# name/game/hands/seed m g -1 1\n"]), "log header hands")


# --------------------------------------------------------------------------- ACPC cards


@pytest.mark.parametrize(
    "text",
    [
        "MATCHSTATE:0:0::AhKh|AhKh",
        "MATCHSTATE:0:0:cc/:AhKh|/AhQs2c",
        "MATCHSTATE:1:0:cc/:|2c3c/4c5c2c",
    ],
)
def test_matchstate_refuses_a_card_twice(text: str) -> None:
    refused(lambda: MatchState.parse(text), "appears twice")


def test_state_line_refuses_a_card_twice() -> None:
    line = "STATE:0:f:3h3d|3h8d:50|-50:Bob|Alice"
    refused(lambda: StateLine.parse(line), "card 3h appears twice")


# --------------------------------------------------------------------------- ACPC game files


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("numPlayers = 2", "numPlayers =", "numPlayers: no value"),
        ("blind = 100 50", "blind =   ", "blind: no value"),
        ("stack = 20000 20000", "stack = -5 20000", "stack: '-5' is not a whole number"),
        ("stack = 20000 20000", "stack = 10000000000000000000 20000", "from 0 to 10**18"),
        ("stack = 20000 20000", "stack = " + "9" * 5000 + " 1", "stack: '9999"),
        ("stack = 20000 20000", "stack = 2\u0660\u0660 20000", "not a whole number"),
        ("numSuits = 4", "x" * 10000, "cannot read game line"),
        ("numSuits = 4", "a" * 10000 + " = 4", "unknown game keys"),
    ],
)
def test_parse_game_refuses_bad_values(old: str, new: str, fragment: str) -> None:
    refused(lambda: acpc.parse_game(HUNL.replace(old, new)), fragment)


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("numPlayers = 2", "numPlayers = 999999999999", "numPlayers must be 2 to 10"),
        ("numRounds = 4", "numRounds = 99999999999", "numRounds must be 1 to 4"),
    ],
)
def test_parse_game_checks_counts_before_building_defaults(
    old: str, new: str, fragment: str
) -> None:
    text = HUNL.replace(old, new).replace("stack = 20000 20000\n", "")
    refused(lambda: acpc.parse_game(text), fragment, InvalidConfigError)


# --------------------------------------------------------------------------- PHH amounts


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ("p2 cbr 1e999999", "more than 10**18"),
        ("p2 cbr 1e99999999999999999999", "more than 10**18"),
        ("p2 cbr 1e-999999", "more than 18 digits after the point"),
        ("p2 cbr 1e-99999", "more than 18 digits after the point"),
        ("p2 cbr 1000000000000000001", "more than 10**18"),
        ("p2 cbr NaN", "is not an amount"),
        ("p2 cbr Infinity", "is not an amount"),
        ("p2 cbr \u0663\u0660\u0660", "is not an amount"),
        ("p2 cbr 1_000", "is not an amount"),
        ("p2 cbr +300", "is not an amount"),
        ("p2 cbr " + "9" * 99, "more than 10**18"),  # (longer: refused as a numeral, test_bounds.py)
    ],
)
def test_phh_cbr_amounts_outside_the_limits_are_refused(action: str, fragment: str) -> None:
    message = refused(lambda: phh.loads(phh_text("5000, 5000", action)), fragment)
    assert "actions[2]" in message


@pytest.mark.parametrize(
    ("stacks", "fragment"),
    [
        ("1" + "0" * 28 + "1, 1000", "1" + "0" * 28 + "1 is more than 10**18"),
        ("1e-30, 1000", "more than 18 digits after the point"),
        ("1.10000000000000000000000000000000000000001, 1", "more than 18 digits after the point"),
        ("1e-18, 1000", "more than 10**18 chips"),
        ("1e19, 1000", "more than 10**18"),
        ("9" * 4000 + ", 1000", "a number of more than 100 digits"),  # (refused before conversion)
        ("9" * 5000 + ", 1000", "a number of more than 100 digits"),
        ("inf, 1000", "not a finite amount"),
        ("nan, 1000", "not a finite amount"),
    ],
)
def test_phh_stacks_outside_the_limits_are_refused_not_rounded(stacks: str, fragment: str) -> None:
    refused(lambda: phh.loads(phh_text(stacks)), fragment)


@pytest.mark.parametrize(
    ("stacks", "chips", "scale"),
    [
        ("1e18, 1000", (10**18, 1000), 1),
        ("123456789.123456789, 1", (123456789123456789, 10**9), 10**9),
        ("1e-9, 1000", (1, 10**12), 10**9),
        ("1.100000000000000000000000000000000000000, 1", (11, 10), 10),
        ("1E+3, 1000", (1000, 1000), 1),
    ],
)
def test_phh_amounts_within_the_limits_load_exactly_and_round_trip(
    stacks: str, chips: tuple[int, int], scale: int
) -> None:
    hand = phh.loads(phh_text(stacks))
    assert hand.starting_stacks == chips and hand.chip_scale == scale
    assert phh.loads(phh.dumps(hand)) == hand


def test_phh_finishing_stacks_are_bounded_too() -> None:
    text = phh_text() + "finishing_stacks = [1e-19, 1000]\n"
    refused(lambda: phh.loads(text), "finishing_stacks")


def test_dumps_is_exact_for_any_scale() -> None:
    hand = phh.loads(phh_text())
    # 1000 chips at 10**30 chips per unit: 28-digit Decimal arithmetic used to fail here.
    doc = phh.to_dict(replace(hand, chip_scale=10**30))
    assert [Fraction(s) for s in doc["starting_stacks"]] == [Fraction(1000, 10**30)] * 2
    tiny = replace(hand, chip_scale=10**40, finishing_stacks=(Fraction(1, 2**70), 1000))
    doc = phh.to_dict(tiny)
    assert Fraction(doc["finishing_stacks"][0]) == Fraction(1, 2**70) / 10**40
    assert "1.000e-37" in phh.dumps(tiny)


# --------------------------------------------------------------------------- PHH input types


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: phh.loads(bad(None)), "loads() needs text (str), not NoneType"),
        (lambda: phh.loads(bad(phh_text().encode())), "decode it as UTF-8"),
        (lambda: phh.loads_all(bad(None)), "loads_all() needs text (str), not NoneType"),
        (lambda: phh.loads_all(bad(b"[1]")), "not bytes"),
        (lambda: list(phh.iter_hands(bad(phh_text()))), "use loads_all()"),
        (lambda: list(phh.iter_hands(bad(io.BytesIO(b'variant = "NT"\n')))), "text mode"),
        (lambda: phh.from_dict(bad(None)), "a hand must be a table (dict), not NoneType"),
        (lambda: phh.parse_action(bad(None)), "parse_action() needs text"),
        (lambda: phh.parse_action("p1 cbr 5", scale=0), "scale must be an int from 1 to 10**18"),
        (lambda: phh.parse_action("p1 cbr 5", scale=10**5000), "an int of"),
        (lambda: phh.format_entry(Move(0, MoveKind.BET_RAISE, 5), scale=0), "scale must be"),
    ],
)
def test_phh_readers_refuse_non_text(call: Callable[[], Any], fragment: str) -> None:
    refused(call, fragment)


def test_phh_load_accepts_bytes_as_utf8() -> None:
    assert phh.load(io.BytesIO(phh_text().encode())).starting_stacks == (1000, 1000)


# --------------------------------------------------------------------------- PHH structure


def test_phh_deeply_nested_extra_fields_are_refused() -> None:
    refused(lambda: phh.loads(phh_text() + "_x = " + "[" * 300 + "]" * 300), "nested more than 32")
    refused(lambda: phh.loads(phh_text() + "_x" + ".a" * 3000 + " = 1"), "nested more than 32")
    refused(lambda: phh.loads(phh_text() + "_x = " + "[" * 600 + "]" * 600), "nested too deeply")
    hand = phh.loads(phh_text() + "_x = " + "[" * 30 + "]" * 30)
    assert phh.loads(phh.dumps(hand)) == hand


def test_phh_float_exponent_beyond_decimal_range_is_a_parse_error() -> None:
    """tomllib hands ``1e1000000000000000001`` to Decimal, which raises
    ``decimal.InvalidOperation`` (not a ValueError): it is a parse error."""
    for text in ("x = 1e1000000000000000001", "x = -1.5E+1000000000000000001", phh_text() + "_x = 1e9999999999999999999"):
        refused(lambda: phh.loads(text), "exponent is out of range")
    refused(lambda: phh.loads_all("[1]\n" + phh_text() + "\n[2]\nx = 1e1000000000000000001\n"), "exponent is out of range")


def test_phh_hand_ids_and_players_are_checked() -> None:
    doc = phh.to_dict(phh.loads(phh_text()))
    refused(lambda: phh.from_dict({**doc, "hand": 10**5000}), "hand: <an int of")
    refused(lambda: phh.from_dict({**doc, "hand": [1]}), "hand must be a number or a string")
    refused(lambda: phh.from_dict({**doc, "players": [10**5000, "B"]}), "players must be")


def test_bulk_file_with_many_header_lines_inside_an_array_is_read_in_linear_time() -> None:
    # Each "[1]" line inside the open array used to rescan the whole chunk.
    text = "a = [\n" + "[1]\n" * 20000 + "]\n"
    refused(lambda: phh.loads_all(text), "not valid TOML")


def test_huge_card_text_is_quoted_as_an_excerpt() -> None:
    refused(lambda: phh.parse_action("d dh p1 " + "As" * 100000), "duplicate card As")
    refused(lambda: MatchState.parse("MATCHSTATE:0:0::" + "Zz" * 100000 + "|"), "bad cards")
