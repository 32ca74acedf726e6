"""Cards: parsing, formatting, codes, masks, errors."""

from __future__ import annotations

import pickle

import pytest

from pokerkit_core.evaluation.cards import (
    CARDS,
    Card,
    Rank,
    Suit,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_cards,
)
from pokerkit_core.errors import CardError, PokerError


def test_codes_and_masks() -> None:
    assert Card.parse("2c").code == 0
    assert Card.parse("As").code == 51
    assert Card.parse("Td").code == 4 * 8 + 1
    assert Card.parse("Kh").mask == 1 << (16 * 2 + 11)
    assert [str(c) for c in CARDS[:5]] == ["2c", "2d", "2h", "2s", "3c"]


@pytest.mark.parametrize("text", ["AsKd", "As Kd", "As,Kd", " as kd ", "AS KD", "As, Kd"])
def test_parse_forms(text: str) -> None:
    assert parse_cards(text) == (Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.DIAMONDS))


def test_ten_forms_and_round_trip() -> None:
    assert Card.parse("10h") is Card.parse("Th")
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card  # repr reads as code
    assert format_cards(parse_cards("As Kd 2c")) == "AsKd2c"
    assert format_cards(parse_cards("As Kd"), " ") == "As Kd"


def test_interned_hashable_immutable_picklable() -> None:
    card = Card.parse("Qs")
    assert Card(Rank.QUEEN, Suit.SPADES) is card
    assert {card: 1}[Card.from_code(card.code)] == 1
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Xs", "unknown rank 'X'"),
        ("Ax", "unknown suit 'x'"),
        ("A", "missing suit"),
        ("AsAs", "duplicate card As"),
        ("As Kd As", "duplicate card As"),
        ("1s", "unknown rank '1'"),
    ],
)
def test_parse_errors_name_the_bad_text(text: str, fragment: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert fragment in str(info.value)
    assert info.value.text == text
    assert isinstance(info.value, PokerError) and isinstance(info.value, ValueError)


def test_parse_single_card_errors() -> None:
    with pytest.raises(CardError, match="expected one card, found 2"):
        Card.parse("AsKd")
    with pytest.raises(CardError):
        Card.parse("")
    with pytest.raises(CardError):
        Card.from_code(52)
    with pytest.raises(CardError):
        Card(13, 0)


def test_duplicates_allowed_on_request_and_empty() -> None:
    assert len(parse_cards("AsAs", allow_duplicates=True)) == 2
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()


def test_masks_round_trip() -> None:
    cards = parse_cards("As Kd 2c 7h")
    mask = cards_to_mask(cards)
    assert bin(mask).count("1") == 4
    assert set(mask_to_cards(mask)) == set(cards)
    with pytest.raises(CardError):
        cards_to_mask(parse_cards("AsAs", allow_duplicates=True))
    with pytest.raises(CardError):
        mask_to_cards(1 << 13)  # bit 13 of a suit lane is not a card
