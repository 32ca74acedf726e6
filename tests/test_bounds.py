"""Bounds on what a caller or a document can ask for: each case raised a bare
``OverflowError``, took unbounded time or memory, or was silently accepted."""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import pytest

from pokerkit_core.engine.checks import MAX_TIMEOUT, timeout_arg
from pokerkit_core.evaluation.equity import REJECTION_BUDGET, calculate_equity
from pokerkit_core.errors import HistoryParseError, InvalidConfigError, RangeError, SerializationError
from pokerkit_core.formats import phh
from pokerkit_core.match.runner import run_match
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.formats.serialize import dumps, loads
from pokerkit_core.engine.state import deal
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

# ---- time limits and elapsed time ---------------------------------------------


def session_document() -> dict[str, Any]:
    session = TableSession(TableConfig(stacks=(300, 300), blinds=Blinds(5, 10), max_hands=10), [None, None])
    document: dict[str, Any] = json.loads(dumps(session))
    return document


def snapshot_of(document: dict[str, Any]) -> dict[str, Any]:
    """The snapshot object inside a session document (the one with the fields)."""
    stack = [document]
    while stack:
        item = stack.pop()
        if "elapsed_seconds" in item:
            return item
        stack.extend(v for v in item.values() if isinstance(v, dict))
    raise AssertionError("no snapshot in the document")


@pytest.mark.parametrize(
    "field, value, fragment",
    [
        ("elapsed_seconds", 10**400, "elapsed_seconds must be finite seconds >= 0"),
        ("decision_timeout", 10**400, "decision_timeout must be a positive number of seconds up to 1,000,000"),
        ("decision_timeout", 1e300, "up to 1,000,000"),
        ("decision_timeout", 2.2e6, "up to 1,000,000"),
    ],
    ids=["elapsed-huge-int", "timeout-huge-int", "timeout-1e300", "timeout-2.2e6"],
)
def test_session_document_with_huge_times_is_refused_as_documented(field: str, value: object, fragment: str) -> None:
    """``loads`` raised OverflowError (int too large to convert to float) for
    a huge ``elapsed_seconds`` or ``decision_timeout``, and took a limit
    that later overflows ``poll``."""
    document = session_document()
    snapshot_of(document)[field] = value
    with pytest.raises(SerializationError) as info:
        loads(json.dumps(document), players=[None, None])
    assert fragment in str(info.value)


def test_session_document_with_largest_times_loads() -> None:
    document = session_document()
    snapshot_of(document)["decision_timeout"] = MAX_TIMEOUT
    snapshot_of(document)["elapsed_seconds"] = 10**300
    session = loads(json.dumps(document), players=[None, None])
    assert session.decision_timeout == MAX_TIMEOUT
    assert session.elapsed_seconds >= 1e300


def test_timeout_arg_bounds() -> None:
    assert timeout_arg("t", MAX_TIMEOUT) == 1_000_000.0
    assert timeout_arg("t", 10**6) == 1_000_000.0
    for value in (MAX_TIMEOUT * 1.000001, 10**400, float("inf"), float("nan"), 0, -1):
        with pytest.raises(InvalidConfigError, match="up to 1,000,000"):
            timeout_arg("t", value)


def test_run_match_refuses_a_timeout_poll_cannot_wait() -> None:
    """``run_match(decision_timeout=2.2e6)`` ended in an OverflowError (the
    wait, in milliseconds, is past a 32-bit int); now it is refused first."""
    with pytest.raises(InvalidConfigError, match="decision_timeout must be a positive number of seconds up to 1,000,000"):
        run_match(["call", "call"], hands=2, isolate=True, decision_timeout=2.2e6)


# ---- equity: trials bound the time --------------------------------------------


def test_equity_trials_bound_the_work_of_ranges_that_rarely_fit() -> None:
    """Eight players on AA,KK,QQ,JJ fit together about once in 30,000 draws
    (and in too many tuples to list): ``trials=10**6`` used to run for hours.
    Now the first chunk that spends its rejection budget raises RangeError,
    giving the rate; ``trials=None`` keeps the deals of one budget, and their
    equities agree with the exact answer by symmetry, 1/8 each."""
    players = ["AA,KK,QQ,JJ"] * 8
    with pytest.raises(RangeError) as info:
        calculate_equity(players, trials=1_000_000, seed=1)
    message = str(info.value)
    assert "sampling 1,000,000 deals would take too long" in message
    assert f"in {REJECTION_BUDGET:,} rejected draws" in message
    result = calculate_equity(players, seed=1)
    assert not result.exact and 100 < result.trials < 10_000
    assert sum(result.equities) == pytest.approx(1.0)
    for player in result.players:
        assert abs(player.equity - 1 / 8) <= 5 * player.stderr
    # a trial count one budget covers is honoured, as before
    assert calculate_equity(players, trials=200, seed=1).trials == 200


def test_equity_sampling_of_rarely_fitting_ranges_matches_exact_on_a_small_case() -> None:
    """Four players on AA,KK (216 tuples fit; listed, so sampling has no
    rejections left) against the exact enumeration."""
    players = ["AA,KK"] * 4
    exact = calculate_equity(players, exact=True)
    sampled = calculate_equity(players, trials=20_000, seed=3)
    assert sampled.trials == 20_000
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) <= 5 * s.stderr


# ---- PHH: over-long numerals ----------------------------------------------------

PHH = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [{stack}, 1000]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "{action}"]
"""


@pytest.mark.parametrize(
    "stack, action, line",
    [
        ("1" * 1_000_000, "p2 f", 5),  # an int
        ("1000." + "1" * 1_000_000, "p2 f", 5),  # a float (a Decimal)
        ("0x" + "f" * 1_000_000, "p2 f", 5),  # hex
        ("1000", "p2 cbr " + "9" * 1_000_000, 6),  # a cbr amount inside a string
    ],
    ids=["int", "float", "hex", "cbr"],
)
def test_phh_over_long_numeral_is_refused_before_conversion(stack: str, action: str, line: int) -> None:
    """A 6.4 MB numeral raised peak memory by 740 MB; one of a million digits
    is now refused (naming the line) with little more memory than the text."""
    text = PHH.format(stack=stack, action=action)
    tracemalloc.start()
    try:
        with pytest.raises(HistoryParseError) as info:
            phh.loads(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert info.value.line == line
    assert "a number of more than 100 digits" in str(info.value)
    assert len(str(info.value)) < 200
    assert peak < 2_000_000  # the text is 1 MB; converting it cost hundreds of MB


def test_phh_digit_runs_up_to_100_are_read_by_the_amount_rules() -> None:
    text = PHH.format(stack="1000." + "0" * 101, action="p2 f")  # a run of 101 digits
    with pytest.raises(HistoryParseError, match="more than 100 digits"):
        phh.loads(text)
    ok = PHH.format(stack="1000." + "0" * 100, action="p2 f")  # trailing zeros: 1000 exactly
    assert phh.loads(ok).starting_stacks == (1000, 1000)


def test_phhs_over_long_numeral_names_the_line_in_the_file() -> None:
    text = "[1]\n" + PHH.format(stack="1000", action="p2 f") + "\n[2]\n" + PHH.format(stack="9" * 500, action="p2 f")
    with pytest.raises(HistoryParseError) as info:
        phh.loads_all(text)
    assert info.value.line == 14  # the starting_stacks line of hand [2]


# ---- a state document's deck ------------------------------------------------------


def test_state_document_with_a_longer_deck_is_refused() -> None:
    """The reader took the first cards of a longer deck and dropped the rest
    (a document that did not round-trip); now the deck must be the cards
    dealt, no more."""
    state = deal(GameConfig(stacks=(1000, 1000)), seed=1)
    document = json.loads(dumps(state))
    dealt = document["deck"]
    assert len(dealt) == 9 and loads(dumps(state)) == state
    rest = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs"]
    rest = [card for card in rest if card not in dealt]
    for extra, message in [
        (rest[:1], "deck: has 10 cards but the hand deals 9"),
        (rest, "deck: has 52 cards but the hand deals 9"),
        ([rest[0], rest[0]], "deck[10]: card"),  # a duplicate
        ([dealt[0]], "deck[9]: card"),
        (rest + rest[:1], "deck: expected an array of cards"),  # 53
    ]:
        document["deck"] = dealt + extra
        with pytest.raises(SerializationError) as info:
            loads(json.dumps(document))
        assert message in str(info.value)
    document["deck"] = dealt[:-1]
    with pytest.raises(SerializationError, match="deck"):
        loads(json.dumps(document))
