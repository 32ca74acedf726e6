"""Action values, their text form, and LegalActions queries."""

from __future__ import annotations

import pytest

from pokerkit_core.errors import ActionParseError
from pokerkit_core import (
    Action,
    ActionKind,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    IllegalActionError,
    LegalActions,
    Raise,
)


def test_text_forms_round_trip() -> None:
    for action, text in (
        (Fold, "f"),
        (Check, "k"),
        (Call, "c"),
        (AllIn, "allin"),
        (Bet(150), "b 150"),
        (Raise(300), "r 300"),
    ):
        assert str(action) == text
        assert Action.parse(text) == action
    assert Action.parse("  RAISE 300 ") == Raise(300)
    assert Action.parse("x") == Check and Action.parse("all-in") == AllIn


@pytest.mark.parametrize("text", ["", "q", "r", "r -5", "r 3.5", "b x", "c 5", "r 1 2"])
def test_bad_text_raises(text: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(text)


def test_amounts_are_validated() -> None:
    with pytest.raises(IllegalActionError):
        Raise(0)
    with pytest.raises(IllegalActionError):
        Bet(-1)
    with pytest.raises(IllegalActionError):
        Raise(2.5)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        Action(ActionKind.CALL, 5)
    assert Raise(300).to == 300 and Raise(300).kind is ActionKind.RAISE
    assert len({Raise(300), Raise(300), Bet(300)}) == 2


def facing_bet() -> LegalActions:
    # 600 to call, raises to 1500..20000, 19400 behind
    return LegalActions(
        seat=1,
        can_fold=True,
        can_check=False,
        can_call=True,
        call_amount=600,
        call_to=900,
        can_bet=False,
        can_raise=True,
        min_raise_to=1500,
        max_raise_to=19_700,
        max_is_all_in=True,
        is_capped=False,
        stack=19_400,
        bet=300,
    )


def test_contains_and_actions() -> None:
    legal = facing_bet()
    assert Fold in legal and Call in legal and AllIn in legal
    assert Check not in legal and Bet(1500) not in legal
    assert Raise(1500) in legal and Raise(19_700) in legal
    assert Raise(1499) not in legal and Raise(19_701) not in legal
    assert "f" not in legal
    assert legal.actions() == (Fold, Call, Raise(1500), Raise(19_700), AllIn)
    assert str(legal) == "fold, call 600, raise to 1500..19700 (all-in)"


def test_str_of_checks_and_all_in_calls() -> None:
    opening = LegalActions(0, False, True, False, 0, 0, True, False, 100, 900, True, False, 900, 0)
    assert str(opening) == "check, bet 100..900 (all-in)"
    assert opening.actions() == (Check, Bet(100), Bet(900), AllIn)
    short = LegalActions(0, True, False, True, 50, 60, False, False, 60, 60, True, False, 50, 10)
    assert str(short) == "fold, call 50 (all-in)"
    assert AllIn in short and short.can_all_in
    capped = LegalActions(0, True, False, True, 10, 40, False, False, 50, 50, False, True, 990, 30)
    assert str(capped) == "fold, call 10, (raises capped)"
    assert AllIn not in capped


def test_repr_reads_as_code() -> None:
    assert [repr(a) for a in (Fold, Check, Call, AllIn, Bet(100), Raise(300))] == [
        "Fold",
        "Check",
        "Call",
        "AllIn",
        "Bet(100)",
        "Raise(300)",
    ]


# ---- hostile review: errors from building and parsing actions ----------------


@pytest.mark.parametrize(
    "build, shown, reason",
    [
        (lambda: Action("call"), "Action('call', 0)", "kind must be an ActionKind, not 'call'"),  # type: ignore[arg-type]
        (lambda: Action(None), "Action(None, 0)", "kind must be an ActionKind"),  # type: ignore[arg-type]
        (lambda: Raise("20"), "Raise('20')", "got '20' (str)"),  # type: ignore[arg-type]
        (lambda: Raise(20.0), "Raise(20.0)", "got 20.0 (float)"),  # type: ignore[arg-type]
        (lambda: Bet(True), "Bet(True)", "got True (bool)"),
        (lambda: Action(ActionKind.CALL, 0.0), "Action(ActionKind.CALL, 0.0)", "takes no amount"),  # type: ignore[arg-type]
        (lambda: Action(ActionKind.CALL, False), "Action(ActionKind.CALL, False)", "got False (bool)"),
        (lambda: Action(ActionKind.FOLD, 3), "Action(ActionKind.FOLD, 3)", "fold takes no amount"),
    ],
)
def test_construction_errors_keep_raw_values_and_print(build: object, shown: str, reason: str) -> None:
    import pickle

    with pytest.raises(IllegalActionError) as info:
        build()  # type: ignore[operator]
    error = info.value
    text = str(error)  # must not fail (it raised KeyError for Action("call"))
    assert text.startswith(shown + " is not legal")
    assert reason in text
    assert "legal: None" not in text and "Bet(to) or Raise(to)" in text
    assert repr(error.action) == shown
    assert str(pickle.loads(pickle.dumps(error))) == text


@pytest.mark.parametrize(
    "text, reason",
    [
        (None, "must be a str, not None (NoneType)"),
        (5, "must be a str"),
        ("r ²", "raise needs a raise-to amount in digits 0-9"),
        ("r ٣٠٠", "digits 0-9"),
        ("r " + "9" * 150, "more than 100 digits"),
        ("r " + "9" * 5000, "too long"),
        ("zz", "not an action"),
        ("c 5", "call takes no amount"),
    ],
)
def test_parse_errors_say_what_is_valid(text: object, reason: str) -> None:
    with pytest.raises(ActionParseError) as info:
        Action.parse(text)  # type: ignore[arg-type]
    message = str(info.value)
    assert reason in message
    assert "legal: None" not in message
    assert "b N, r N or allin" in message
    assert len(message) < 400


def test_parse_accepts_big_and_zero_padded_amounts() -> None:
    assert Action.parse("r " + "0" * 80 + "9" * 18) == Raise(int("9" * 18))
    with pytest.raises(ActionParseError, match="raise-to from 1 to"):
        Action.parse("r " + "9" * 100)  # above MAX_CHIPS
    assert Action.parse("b 0150") == Bet(150)
    with pytest.raises(ActionParseError, match="raise-to from 1 to 1,000,000,000,000,000,000, got 0"):
        Action.parse("r 0")


def test_parse_reads_glued_amounts_and_phh_forms() -> None:
    assert Action.parse("r300") == Raise(300) and Action.parse("B150") == Bet(150)
    assert Action.parse("raise300") == Raise(300)
    assert Action.parse("cbr 300") == Raise(300) and Action.parse("cbr300") == Raise(300)
    assert Action.parse("cc") == Call and Action.parse("f") == Fold
    unopened = LegalActions(0, False, True, False, 0, 0, True, False, 100, 1000, True, False, 1000)
    facing = facing_bet()
    assert Action.parse("cbr 300", unopened) == Bet(300)
    assert Action.parse("r 300", unopened) == Bet(300)
    assert Action.parse("cbr 3000", facing) == Raise(3000)
    assert Action.parse("b 3000", facing) == Raise(3000)
    assert Action.parse("cc", unopened) == Check and Action.parse("cc", facing) == Call
    for bad in ("r300x", "cbr", "cc 5", "r 300 400", "rr300"):
        with pytest.raises(ActionParseError):
            Action.parse(bad)


def test_parse_error_is_not_an_illegal_action() -> None:
    with pytest.raises(ActionParseError) as info:
        Action.parse("raise lots")
    assert not isinstance(info.value, IllegalActionError)
    assert isinstance(info.value, ValueError)
    assert info.value.text == "raise lots" and "digits 0-9" in info.value.reason
    import pickle

    assert str(pickle.loads(pickle.dumps(info.value))) == str(info.value)
